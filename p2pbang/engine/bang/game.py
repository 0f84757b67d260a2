"""The BANG! base game engine: deterministic, partial-information, driven by its inputs.

Why a generator: the rules of BANG! are a nest of windows (a Gatling asks each target in turn,
a shot asks for Missed!, a lethal hit asks for Beer, an elimination may end the game in the
middle of all that). Written as one generator, each rule reads top to bottom like the
rulebook, every decision or chance request is a ``yield``, and the state between two inputs
is just "where the generator stands". The same inputs always produce the same state, so a
game is rebuilt by replaying its log.

Partial information: an engine is created for a ``viewer`` seat (or ``None``: all-seeing, for
simulations and audits). It learns a card only when a chance result or a played card shows
it. Control flow never depends on a hidden card, only on public facts (hand sizes, cards in
play, revealed roles), so every peer's engine walks the same path.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Generator, Mapping
from typing import Any

from p2pbang.engine.actions import (
    ANY_TIME,
    BRAWL_PICK,
    COPY_PICK,
    DISCARD,
    DISCARD_PICK,
    DRAW_SOURCE,
    DYING,
    EQUIPMENT_USE,
    EVENT_PICK,
    EXCHANGE,
    FROM_HAND,
    GUESS,
    NO_SEAT,
    NO_SLOT,
    PICK_CHECK,
    PICK_IN_PLAY,
    PLAY,
    PUT_BACK,
    RESPOND_DUEL,
    RESPOND_INDIANS,
    RESPOND_MISSED,
    RESPOND_SHOT,
    SHARE_PICK,
    STORE_PICK,
    TABLE_ACTIONS,
    TARGET_PICK,
    Ability,
    Action,
    Choose,
    Decision,
    Discard,
    End,
    Event,
    IllegalAction,
    Pass,
    Play,
    PlayPaid,
    Sell,
    UseBarrel,
    UseGreen,
)
from p2pbang.engine.bang.cards.base import ROLE_CARDS, ROLE_NAMES, SHERIFF, SHERIFF_ROLE_ID
from p2pbang.engine.bang.catalog import HEARTS, CardDef
from p2pbang.engine.bang.event_flow import EventFlow
from p2pbang.engine.bang.position import PLAY_PHASE, Position
from p2pbang.engine.bang.roles import RoleRules
from p2pbang.engine.bang.rules import (
    NO_CHARACTER_RULES,
    CardRules,
    CharacterRules,
    RuleSet,
)
from p2pbang.engine.bang.sets import rules_for
from p2pbang.engine.chance import (
    ChanceRequest,
    ChanceResult,
    Deal,
    RandomInt,
    ReorderHand,
    Reveal,
    Shuffle,
    permutation_from_code,
)
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import (
    SPECTATOR,
    GameOver,
    StepChecks,
    finished_flow,
    seat_taking_refusal,
)
from p2pbang.engine.fastvalues import EVENTS, shared_event
from p2pbang.engine.fastvalues import choose as new_choose
from p2pbang.engine.fastvalues import deal as new_deal
from p2pbang.engine.fastvalues import decision as new_decision
from p2pbang.engine.fastvalues import discard as new_discard
from p2pbang.engine.fastvalues import play as new_play
from p2pbang.engine.fastvalues import reveal as new_reveal
from p2pbang.engine.hidden_roles import dealt_role_slot, missing_role_refusal, role_claim_refusal
from p2pbang.engine.slots import SlotKnowledge

Step = Generator[Any, Any, Any]

# The one ``Pass()`` and ``UseBarrel()`` the legal actions list (values without fields: any
# other Pass or UseBarrel equals them).
PASS = Pass()
USE_BARREL = UseBarrel()
_RESPONSE_KINDS = (RESPOND_SHOT, RESPOND_DUEL, RESPOND_INDIANS, RESPOND_MISSED)
_CHOICE_KINDS = (DRAW_SOURCE, PUT_BACK, PICK_CHECK, STORE_PICK, BRAWL_PICK, PICK_IN_PLAY,
                 COPY_PICK, TARGET_PICK, EVENT_PICK, GUESS, DISCARD_PICK, EQUIPMENT_USE,
                 SHARE_PICK)


class Player:
    """One seat: public facts, plus the role and hand cards as far as this engine knows them."""

    __slots__ = (
        "alive",
        "character",
        "equipment",
        "hand",
        "life",
        "max_life",
        "role",
        "role_public",
        "role_slot",
        "seat",
        "table",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.character = ""
        self.max_life = 0
        self.life = 0
        self.hand: list[int] = []  # slots
        self.table: list[int] = []  # slots of cards in play in front of this player (face up)
        self.alive = True
        self.equipment: list[int] = []  # slots of equipment cards in front of him (face up)
        self.role: str | None = None  # known to this engine?
        self.role_public = False
        self.role_slot = NO_SLOT


class Game(EventFlow, SlotKnowledge, StepChecks):
    """A game of BANG! (base game) as seen by ``viewer``: a seat, ``SPECTATOR`` (no seat: sees
    only public cards; audits and spectators), or ``None`` (sees everything: simulations).

    ``pending`` is a ``Decision`` for one seat, a chance request for the dealer, or ``End``.
    ``apply(x)`` validates ``x`` against it (raising ``IllegalAction`` and changing nothing when
    it does not fit) and returns the events it caused.
    """

    def __init__(self, players: int, viewer: int | None = None,
                 position: Position | None = None, choice: GameChoice | None = None,
                 rules: RuleSet | None = None) -> None:
        """``rules`` replaces the rule set of ``choice``: rule modules are tested through it
        before their expansion is playable (and so before a GameChoice may name it)."""
        if choice is None and rules is None:
            choice = GameChoice.make("bang", players)
        elif choice is not None and (choice.game != "bang" or choice.seats != players):
            raise ValueError(f"this engine plays bang for {players} seats, not {choice.label()}")
        self.choice = choice  # None only when the rule set was given directly
        if rules is None:
            assert choice is not None
            rules = rules_for(choice)
        # Who plays which role, who starts and who wins: a Sheriff's table, or another
        # kind of table for this seat count (Dodge City's 3 players).
        self.role_rules: RoleRules = rules.roles_for(players)
        self.role_ids = self.role_rules.role_ids(players)
        if viewer is not None and viewer != SPECTATOR and not 0 <= viewer < players:
            raise ValueError(f"viewer must be a seat in 0..{players - 1}, or SPECTATOR")
        self.n = players
        self.viewer = viewer
        self.rules: RuleSet = rules
        self.cards: tuple[CardDef, ...] = self.rules.cards
        self._card_rules = self.rules.card_rules
        self._card_reach = self.rules.card_reach
        # Suit immunities exist only with some characters: checked only then.
        self._immunities = rules.has_suit_immunity
        # A character who silences cards in play exists only in some games: skipped without.
        self._silencer = rules.has_silencer
        # Green cards exist only in some decks: without them their checks are skipped.
        self._has_green = rules.has_green
        self._names = rules.card_names
        self._kinds = rules.card_kinds
        self.suits = rules.card_suits  # as they count now
        self._printed_suits = self.suits
        self.ranks = rules.card_ranks
        self.players = [Player(seat) for seat in range(players)]
        # Each seat's character rules, resolved once when the characters are dealt.
        self.seat_rules: list[CharacterRules] = [NO_CHARACTER_RULES] * players
        # slot -> the turn a card was put in play: a green card works from a later turn.
        self.placed_turn: dict[int, int] = {}
        self.deck: list[int] = []  # slots, top of the pile last
        self.discard: list[int] = []  # slots, top of the pile last; all face up
        self.store: list[int] = []  # General Store cards on the table
        # The one seam for a set's own state: module name -> the object its ``new_state``
        # made for this game (Gold Rush's nuggets, shop and equipment piles; the shadow on
        # turn). Each set reaches its own through a function of its module
        # (``gold_rush.state(game)``); a set not in play has no entry.
        self.set_state: dict[str, Any] = {
            m.name: m.new_state(players) for m in rules.modules if m.new_state is not None}
        self.play_phase_turn = 0  # the last turn that reached its play phase
        tables = rules.table_rules
        self._table_setup = tuple(t.setup for t in tables if t.setup)
        self._table_actions = tuple(t.actions for t in tables if t.actions)
        self._table_act = tuple(t.act for t in tables if t.act)
        self._on_wound = tuple(t.on_wound for t in tables if t.on_wound)
        self._on_card_played = tuple(t.on_card_played for t in tables if t.on_card_played)
        self._on_eliminated = tuple(t.on_eliminated for t in tables if t.on_eliminated)
        self._extra_rewards = tuple(t.rewards for t in tables if t.rewards)
        self._after_draw = tuple(t.after_draw for t in tables if t.after_draw)
        self._turn_end = tuple(t.turn_end for t in tables if t.turn_end)
        self._hand_limits = tuple(t.hand_limit for t in tables if t.hand_limit)
        self._extra_flips = tuple(t.extra_flips for t in tables if t.extra_flips)
        self._immune_suits = tuple(t.immune_suit for t in tables if t.immune_suit)
        self._life_fixed = tuple(t.life_fixed for t in tables if t.life_fixed)
        self._dead_turns = tuple(t.dead_turn for t in tables if t.dead_turn)
        self._start_knowledge()  # known: slot -> card, for the cards this engine has seen
        # Hidden card slot -> every seat ever shown it (public facts: the same on every
        # peer). A slot leaves when its card is shown to all. It tells a random pick from a
        # hand when to ask for a ReorderHand first (see ``random_hand_slot``).
        self.seen_by: dict[int, set[int]] = {}
        # Slots shown to every seat since their shuffle (revealed, played, laid out face
        # up). Such a card stays public wherever it goes, into a hand or back on the deck:
        # a later Deal of it is no secret and must not enter ``seen_by``, or a reorder
        # would ask the dealers to shuffle a public card (they refuse: the game stops).
        self.face_up: set[int] = set()
        self._role_slots: set[int] = set()
        self.initial_cards: dict[int, int] = {}  # slot -> card of a laid-out position
        self.initial_roles: dict[int, int] = {}  # role slot -> role card id, likewise
        self.sheriff = NO_SEAT  # stays so at a table without a Sheriff
        self.first_seat = NO_SEAT  # whose turn came first
        self.current = NO_SEAT
        self.turn = 0
        self.bangs_played = 0
        self.abilities_used = 0  # by the seat whose turn it is, this turn (limited uses)
        self.owed_draws: dict[int, int] = {}  # seat -> cards drawn when the effect is over
        self.sharing = NO_SEAT  # an eliminated seat whose cards two heirs are taking in turn
        self._legal_memo: tuple[Decision, tuple[Action, ...]] | None = None
        self.result: End | None = None
        self.history: list[Action | ChanceResult] = []
        self.events: list[Event] = []
        self.order: list[int] = []  # seats clockwise around the table
        self._order_pos: dict[int, int] = {}
        self.ring: list[int] = []  # the living, clockwise
        self.ring_pos: dict[int, int] = {}
        self._set_order(list(range(players)))
        self._init_events()
        self._position = position
        self._flow = self._run()
        self.pending: Decision | ChanceRequest | End = next(self._flow)

    @classmethod
    def from_choice(cls, choice: GameChoice, viewer: int | None = None) -> Game:
        """The card game a table's ``GameChoice`` names: the family's one constructor shape
        (``engine/contract.py``)."""
        return cls(choice.seats, viewer, choice=choice)

    @classmethod
    def from_position(cls, position: Position, viewer: int | None = None,
                      choice: GameChoice | None = None, rules: RuleSet | None = None) -> Game:
        """A game starting from a laid-out table; ``initial_cards`` maps its slots to cards."""
        if rules is None:
            choice = choice or GameChoice.make("bang", len(position.characters))
            rules = rules_for(choice)
        seats = len(position.characters)
        role_deck = None  # a table dealt face up lays out exactly its role cards
        if rules.fewest_seats <= seats <= rules.most_seats:
            table = rules.roles_for(seats)
            if table.face_up:
                role_deck = tuple(ROLE_CARDS[i] for i in table.role_ids(seats))
        position.validate(rules.cards, rules.characters, rules.most_seats,
                          rules.fewest_seats, role_deck)
        return cls(len(position.characters), viewer, position, choice, rules)

    # ------------------------------------------------------------------ public interface

    def apply(self, action: Action | ChanceResult) -> list[Event]:
        """Feed the pending step its answer; return the events it caused.

        An answer that is one of the very objects ``legal_actions`` listed for the pending
        decision is legal without ``check`` (the engine made it from what it knows: its
        fields are integers, its slots in the hand); the bots answer so at nearly every
        step. Anything else, an equal action off the network included, goes through
        ``check``."""
        memo = self._legal_memo
        listed = False
        if memo is not None and memo[0] is self.pending:
            for candidate in memo[1]:
                if candidate is action:
                    listed = True
                    break
        if not listed:
            reason = self.check(action)
            if reason is not None:
                raise IllegalAction(reason)
        self.events = events = []
        self.history.append(action)
        self.pending = self._flow.send(action)
        return events

    def legal_actions(self) -> list[Action]:
        """Every legal answer to the pending decision (its seat's hand must be known here)."""
        pending = self.pending
        if not isinstance(pending, Decision):
            return []
        hand = self.players[pending.seat].hand
        known = self.known
        try:
            cards = [(slot, known[slot]) for slot in hand]
        except KeyError:
            raise IllegalAction(
                f"seat {pending.seat}'s hand is hidden from this engine"
            ) from None
        actions = self._legal(pending, cards)
        # The answer to this decision usually comes next: ``check`` reuses the list.
        self._legal_memo = (pending, tuple(actions))
        return actions

    def take_seat(self, seat: int, cards: Mapping[int, int]) -> None:
        """Make this observer's engine seat ``seat``'s (``engine/contract.py``, taking a
        seat): ``cards`` maps every hidden card of its hand, and its role slot once dealt, to
        the card (the role slot to a role card id), and may name other hidden slots it was
        shown. ``ValueError`` and nothing changed when they do not fit."""
        reason = self._seat_refusal(seat, cards)
        if reason is not None:
            raise ValueError(reason)
        player = self.players[seat]
        for slot, card in cards.items():
            if slot == player.role_slot:
                player.role = ROLE_CARDS[card]
            else:
                self._learn(slot, card)
        self.viewer = seat
        self._legal_memo = None

    def _seat_refusal(self, seat: int, cards: Mapping[int, int]) -> str | None:
        """Why ``take_seat(seat, cards)`` would be refused, or ``None``."""
        reason = seat_taking_refusal(self, seat, cards)
        if reason is not None:
            return reason
        player = self.players[seat]
        pending = self.pending
        role_slot = dealt_role_slot(pending, player.role_slot)
        shown = []
        for slot, card in cards.items():
            if slot == role_slot and role_slot != NO_SLOT:
                reason = role_claim_refusal(self.players, player, card, self.role_ids,
                                            ROLE_CARDS, SHERIFF_ROLE_ID)
            elif slot not in self.known and seat not in self.seen_by.get(slot, ()):
                reason = f"seat {seat} was never shown slot {slot}"
            else:
                reason = self._claim_fits(slot, card)
                shown.append(card)
            if reason is not None:
                return reason
        if len(set(shown)) != len(shown):
            return "one card cannot be in two slots"
        return (self._missing_hand(seat, player.hand, cards)
                or missing_role_refusal(seat, player, role_slot, cards))

    def card(self, card: int) -> CardDef:
        return self.cards[card]

    def card_name(self, card: int) -> str:
        return self._names[card]

    def alive_seats(self) -> list[int]:
        return list(self.ring)

    def distance(self, source: int, target: int) -> int:
        """How far ``source`` sees ``target``: seats between them (the dead do not count),
        plus the target's distance modifiers (cards in play, character), minus the source's."""
        rules, known = self._card_rules, self.known
        if self._flat_distance:
            base = 1  # an event: 1 between any two, changed only by cards in play
        else:
            ring = len(self.ring)
            steps = (self.ring_pos[target] - self.ring_pos[source]) % ring
            base = min(steps, ring - steps) + self.seat_rules[target].distance_plus \
                - self.seat_rules[source].distance_minus
        if not (self._silencer and self.silenced(target)):
            for slot in self.players[target].table:
                base += rules[known[slot]].distance_plus
        if not (self._silencer and self.silenced(source)):
            for slot in self.players[source].table:
                base -= rules[known[slot]].distance_minus
        return max(base, 1)

    def within(self, source: int, reach: int) -> list[int]:
        """The other living seats ``source`` sees at distance ``reach`` or less, in ring
        order: ``distance`` for each, with the source's own modifiers read once (targeting
        asks this for every card in every play phase)."""
        ring = self.ring
        count = len(ring)
        here = self.ring_pos[source]
        seat_rules, rules = self.seat_rules, self._card_rules
        known, players = self.known, self.players
        # Silenced cards in play: everyone's (an event), or all but the current seat's.
        silenced = self._silencer and self.cards_in_play_silenced()
        spared = self.current if silenced and not self._event_silence else NO_SEAT
        flat = self._flat_distance
        minus = 0 if flat else seat_rules[source].distance_minus
        if not silenced or source == spared:
            for slot in players[source].table:
                minus += rules[known[slot]].distance_minus
        seen = []
        for pos, target in enumerate(ring):
            if target == source:
                continue
            if flat:
                far = 1 - minus
            else:
                steps = (pos - here) % count
                far = min(steps, count - steps) + seat_rules[target].distance_plus - minus
            if not silenced or target == spared:
                for slot in players[target].table:
                    far += rules[known[slot]].distance_plus
            if far <= reach:
                seen.append(target)
        return seen

    def reach(self, seat: int) -> int:
        """The weapon's reach (the Colt .45 reaches 1); it only limits BANG! cards."""
        if self._silencer and self.silenced(seat):
            return 1
        reaches = self._card_reach
        known = self.known
        for slot in self.players[seat].table:
            reach = reaches[known[slot]]
            if reach:
                return reach
        return 1

    def can_play_bang(self, seat: int) -> bool:
        if self.bangs_played < self.bang_limit or self.seat_rules[seat].unlimited_bang:
            return True
        if self._silencer and self.silenced(seat):
            return False
        rules, known = self._card_rules, self.known
        return any(rules[known[slot]].unlimited_bang for slot in self.players[seat].table)

    def cards_in_play_silenced(self) -> bool:
        """Whether cards in play have no effect now (distances, weapons, Barrel, Volcanic,
        green cards): everyone's under an event (Lasso), the other players' in a
        character's turn (Belle Star); ``silenced`` says whose."""
        return self._event_silence or (
            self.current != NO_SEAT and self.seat_rules[self.current].silences_cards_in_play)

    def silenced(self, owner: int) -> bool:
        """Whether the cards in play in front of ``owner`` have no effect now. Belle Star
        silences the cards of the other players only (the designer's text and the English
        card; docs/rules/dodge-city.md): hers work in her turn."""
        return self._event_silence or (
            self.current not in (NO_SEAT, owner)
            and self.seat_rules[self.current].silences_cards_in_play)

    def in_play(self, seat: int) -> list[tuple[int, int]]:
        """(slot, card) of the cards in front of ``seat``; always public."""
        return [(slot, self.known[slot]) for slot in self.players[seat].table]

    def role_counts(self) -> Counter[str]:
        return Counter(ROLE_CARDS[i] for i in self.role_ids)

    # ------------------------------------------------------------------ validation

    def _check_decision(self, decision: Decision, action: Any) -> str | None:
        if isinstance(action, ChanceResult):
            return f"seat {decision.seat} must decide ({decision.kind}); no chance step is pending"
        reason = _malformed(action)
        if reason is not None:
            return reason
        memo = self._legal_memo
        if memo is not None and memo[0] is decision and action in memo[1]:
            # Listed by legal_actions over the known hand: its slots are in the hand and
            # hold the cards it names, so the claims below would all pass.
            return None
        hand = self.players[decision.seat].hand
        if isinstance(action, (Play, Discard)):
            if action.slot not in hand:
                return f"slot {action.slot} is not in seat {decision.seat}'s hand"
            reason = self._claim_fits(action.slot, action.card)
            if reason is not None:
                return reason
            claimed = [(action.slot, action.card)]
        elif isinstance(action, PlayPaid):
            pairs = ((action.slot, action.card), (action.cost_slot, action.cost_card))
            if action.slot == action.cost_slot or action.card == action.cost_card:
                return "the price of a card is another card of the hand"
            for slot, card in pairs:
                if slot not in hand:
                    return f"slot {slot} is not in seat {decision.seat}'s hand"
                reason = self._claim_fits(slot, card)
                if reason is not None:
                    return reason
            claimed = sorted(pairs)
        elif isinstance(action, Ability):
            slots, cards = action.slots, action.cards
            if len(slots) != len(cards) or len(set(slots)) != len(slots):
                return "an ability needs distinct slots, one card each"
            if len(set(cards)) != len(cards):
                return "two slots cannot hold the same card"
            for slot, card in zip(slots, cards, strict=True):
                if slot not in hand:
                    return f"slot {slot} is not in seat {decision.seat}'s hand"
                reason = self._claim_fits(slot, card)
                if reason is not None:
                    return reason
            claimed = sorted(zip(slots, cards, strict=True))
        elif isinstance(action, Sell):
            if action.slot not in hand:
                return f"slot {action.slot} is not in seat {decision.seat}'s hand"
            reason = self._claim_fits(action.slot, action.card)
            if reason is not None:
                return reason
            claimed = [(action.slot, action.card)]
        elif isinstance(action, _NO_CLAIM_ACTIONS):
            claimed = []
        else:
            return f"not an action: {type(action).__name__}"
        if action in self._legal(decision, claimed):
            return None
        return f"{_describe(action)} is not legal now ({decision.kind}, seat {decision.seat})"

    def _claim_fits(self, slot: int, card: Any) -> str | None:
        """A revealed card must be a real card, and the one this engine knows in that slot."""
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(self.cards):
            return f"no such card: {card!r}"
        return self._slot_claim(slot, card)

    def _check_chance(self, request: ChanceRequest, result: ChanceResult) -> str | None:
        if isinstance(request, ReorderHand):
            return self._check_reorder(request, result)
        if isinstance(request, (Deal, Reveal)):
            known, where, role_slots = self.known, self._where, self._role_slots
            event_slots, count = self._event_slots, len(self.cards)
            for slot, value in zip(request.slots, result.values, strict=True):
                if value is None:
                    continue
                if type(value) is int and 0 <= value < count and slot not in role_slots \
                        and slot not in event_slots:
                    # ``_claim_fits`` written out for a plain card (most values).
                    held = known.get(slot)
                    if held is None:
                        elsewhere = where.get(value)
                        if elsewhere is None or elsewhere == slot:
                            continue
                    elif held == value:
                        continue
                if slot in self._role_slots:
                    if value not in self.role_ids or value == SHERIFF_ROLE_ID:
                        return f"no such role card in play: {value}"
                    continue
                if slot in self._event_slots:
                    if value not in self._ordinary_events:
                        return f"no such event card in the event pile: {value}"
                    if value in self.event_known.values():
                        return f"event card {value} was already shown"
                    continue
                reason = self._claim_fits(slot, value)
                if reason is not None:
                    return reason
            cards = [v for v in result.values if v is not None]
            if len(set(cards)) != len(cards):
                return "one card cannot be in two slots"
        return None

    def _check_reorder(self, request: ReorderHand, result: ChanceResult) -> str | None:
        """A reordered hand shown to this engine holds exactly the cards it held."""
        values = result.values
        if not values or values[0] is None:
            return None  # hidden from this viewer: it only forgets where the cards are
        if len(set(values)) != len(values):
            return "one card cannot be in two slots"
        slots = set(request.slots)
        for card in values:
            if type(card) is not int or not 0 <= card < len(self.cards):
                return f"no such card: {card!r}"
            elsewhere = self._where.get(card)
            if elsewhere is not None and elsewhere not in slots:
                return f"card {card} is known to be elsewhere"
        if not {self.known[s] for s in request.slots if s in self.known} <= set(values):
            return "a reordered hand keeps the cards it held"
        return None

    # ------------------------------------------------------------------ legal actions

    def _legal(self, d: Decision, hand: list[tuple[int, int]]) -> list[Action]:
        kind = d.kind
        if kind == PLAY:
            actions = self._legal_play(d.seat, hand)
            if self._event_plays:
                actions = self._event_play_options(d.seat, hand, actions)
                forced = self._forced_plays(d.seat)
                if forced:
                    return forced
            options = self.seat_rules[d.seat].ability_options  # ``_ability_options``
            if options is not None:
                actions.extend(options(self, d.seat, hand, kind))
            if self._table_actions:
                actions.extend(self._table_options(d.seat, hand, kind))
            actions.append(PASS)
            return actions
        if kind in _RESPONSE_KINDS:
            return self._legal_response(d, hand)
        if kind == GUESS and not d.needed:  # a guess he may also decline (Peyote's next)
            return [*(new_choose(option) for option in d.options), PASS]
        if kind in _CHOICE_KINDS:
            return [new_choose(option) for option in d.options]
        if kind == DISCARD:
            actions = [new_discard(slot, card) for slot, card in hand]
            actions.extend(self._ability_options(d.seat, hand, kind))
            return actions
        if kind == EXCHANGE:
            return [*(new_discard(slot, card) for slot, card in hand), PASS]
        if kind == ANY_TIME:
            return [*self._ability_options(d.seat, hand, kind), PASS]
        if kind == DYING:
            actions = []
            if len(self.ring) > 2 and self.beer_allowed:
                rules = self._card_rules
                actions = [new_play(slot, card) for slot, card in hand
                           if rules[card].saves_from_dying]
            actions.extend(self._ability_options(d.seat, hand, kind))
            if self._table_actions:
                actions.extend(self._table_options(d.seat, hand, kind))
            actions.append(PASS)
            return actions
        raise AssertionError(f"unknown decision kind {kind}")

    def _answers(self, seat: int, card: int, kind: str) -> bool:
        """Whether ``card`` answers a ``kind`` response for ``seat`` (its own or as another).
        A green card's own symbol answers only once it is in play (``_green_answers``), never
        from the hand (the Romanian rulebook: green cards are used from in front of you)."""
        if kind in self._card_rules[card].answers and self._kinds[card] != "green":
            return True
        if kind in self.seat_rules[seat].answers_with_any:
            return True
        extra = self.seat_rules[seat].extra_answers
        return bool(extra) and kind in extra.get(self._names[card], ())

    def _legal_response(self, d: Decision, hand: list[tuple[int, int]]) -> list[Action]:
        kind = d.kind
        # A Missed! discarded to an event answers like one played against a shot.
        card_kind = RESPOND_SHOT if kind == RESPOND_MISSED else kind
        seat_rules = self.seat_rules[d.seat]
        actions: list[Action]
        if card_kind in seat_rules.answers_with_any or seat_rules.extra_answers:
            actions = [new_play(slot, card) for slot, card in hand
                       if self._answers(d.seat, card, card_kind)]
        else:  # only the cards' own symbols answer: ``_answers`` written out
            rules, kinds = self._card_rules, self._kinds
            actions = [new_play(slot, card) for slot, card in hand
                       if card_kind in rules[card].answers and kinds[card] != "green"]
        if (self._no_own_bang and d.seat == self.current
                and kind in (RESPOND_DUEL, RESPOND_INDIANS)):
            actions = []  # no BANG! card in one's own turn, not even discarded (D15)
        if kind == RESPOND_SHOT and d.needed and d.barrels > 0:
            actions.append(USE_BARREL)
        if self._has_green:
            actions.extend(UseGreen(slot) for slot in self._green_answers(d.seat, kind))
        options = seat_rules.ability_options
        if options is not None:
            actions.extend(options(self, d.seat, hand, kind))
        actions.append(PASS)
        return actions

    def _ability_options(self, seat: int, hand: list[tuple[int, int]],
                         kind: str) -> list[Action]:
        options = self.seat_rules[seat].ability_options
        return [] if options is None else options(self, seat, hand, kind)

    def _table_options(self, seat: int, hand: list[tuple[int, int]],
                       kind: str) -> list[Action]:
        """The answers a set's table rules add (Buy, Sell...), over the known hand."""
        actions: list[Action] = []
        for hook in self._table_actions:
            actions.extend(hook(self, seat, hand, kind))
        return actions

    def _table_offers(self, seat: int, kind: str) -> bool:
        """Whether a set's table rules offer the seat an answer that needs no hand card
        (public facts only: this steers control flow)."""
        return any(hook(self, seat, [], kind) for hook in self._table_actions)

    def table_act(self, seat: int, action: Action) -> Step:
        """Carry out an answer a set's table rules listed (``TABLE_ACTIONS``)."""
        for act in self._table_act:
            yield from act(self, seat, action)

    def hand_limit(self, seat: int) -> int:
        """Cards the seat keeps at the end of its turn: its life, or the largest limit a
        character or a card in front of it gives."""
        limit = self.seat_rules[seat].hand_limit
        if limit is None:
            limit = self.players[seat].life
        if self._hand_limits:
            for hook in self._hand_limits:
                limit = max(limit, hook(self, seat))
        return limit

    def _ability_usable(self, seat: int, kind: str) -> bool:
        usable = self.seat_rules[seat].ability_usable
        return usable is not None and usable(self, seat, kind)

    def play_rules(self, seat: int, card: int) -> CardRules:
        """The rules ``card`` follows when ``seat`` plays it (a card used as another)."""
        plays_as = self.seat_rules[seat].plays_as
        if plays_as:
            alias = plays_as.get(self._names[card])
            if alias is not None:
                return self.rules.by_name[alias]
        return self._card_rules[card]

    def _legal_play(self, seat: int, hand: list[tuple[int, int]]) -> list[Action]:
        known = self.known
        names = self._names
        kinds = self._kinds
        card_rules = self._card_rules
        plays_as = self.seat_rules[seat].plays_as
        table_names = {names[known[s]] for s in self.players[seat].table}
        actions: list[Action] = []
        shot: list[Action] | None = None
        for slot, card in hand:
            kind = kinds[card]
            if kind == "green":
                if names[card] not in table_names:
                    actions.append(new_play(slot, card))
                continue
            rules = self.play_rules(seat, card) if plays_as else card_rules[card]
            if rules.counts_as_bang and rules.play_options is not None:
                # Every BANG! of a hand has the same targets: computed once per hand.
                if shot is None:
                    shot = rules.play_options(self, seat, slot, card)
                immunities = self._immunities
                for a in shot:
                    if not immunities or not self.immune(seat, a.target, card):
                        actions.append(new_play(slot, card, a.target))
                continue
            if rules.play_options is not None:
                options = rules.play_options(self, seat, slot, card)
            elif kind == "brown":
                if rules.effect is None:
                    continue
                options = [new_play(slot, card)]
            elif names[card] not in table_names:
                options = [new_play(slot, card)]
            else:
                continue
            if self._immunities:
                options = [a for a in options if not isinstance(a, Play)
                           or a.target == NO_SEAT or not self.immune(seat, a.target, card)]
            if rules.costs_a_card:
                actions.extend(
                    PlayPaid(a.slot, a.card, a.target, a.target_slot, cost_slot, cost_card)
                    for a in options if isinstance(a, Play)
                    for cost_slot, cost_card in hand if cost_slot != slot)
            else:
                actions.extend(options)
        for slot in self.ready_green(seat) if self._has_green else ():
            rules = self._card_rules[known[slot]]
            if rules.play_options is not None:
                actions.extend(UseGreen(slot, a.target, a.target_slot)
                               for a in rules.play_options(self, seat, slot, known[slot])
                               if isinstance(a, Play) and not (
                                   self._immunities and self.immune(seat, a.target, a.card)))
            elif rules.effect is not None:
                actions.append(UseGreen(slot))
        return actions

    def ready_green(self, seat: int) -> list[int]:
        """The green cards in front of ``seat`` that may be used now: put in play before this
        turn (a public fact)."""
        if not self._has_green or (self._silencer and self.silenced(seat)):
            return []
        placed, turn, known, cards = self.placed_turn, self.turn, self.known, self.cards
        return [slot for slot in self.players[seat].table
                if cards[known[slot]].kind == "green" and placed.get(slot, -1) < turn]

    def _green_answers(self, seat: int, kind: str) -> list[int]:
        rules, known = self._card_rules, self.known
        return [slot for slot in self.ready_green(seat) if kind in rules[known[slot]].answers]

    # ------------------------------------------------------------------ knowledge & zones

    def new_role_slots(self, count: int) -> tuple[int, ...]:
        """Slots for role cards dealt face down (a chance result for them is a role id)."""
        slots = self._new_slots(count)
        self._role_slots.update(slots)
        return slots

    def new_slots(self, count: int) -> tuple[int, ...]:
        """Fresh slot numbers (a set's own pile: Gold Rush's equipment)."""
        return self._new_slots(count)

    def shuffle_pile(self, pile: str, cards: tuple[int, ...], old: list[int]) -> Step:
        """Shuffle the public ``cards`` (forgetting their ``old`` face-up slots) into fresh
        hidden slots of the pile named ``pile``; return the new slots, top last."""
        for slot in old:
            self._forget(slot)
        slots = self._new_slots(len(cards))
        yield Shuffle(pile, cards, slots)
        return list(slots)

    def event(self, kind: str, seat: int = NO_SEAT, target: int = NO_SEAT,
               card: int = -1, value: int = 0, life: int = -1) -> None:
        """Add ``Event(kind, seat, target, card, value, life)`` to the step's events: the one
        shared value of those fields (``engine/fastvalues.py``; a game repeats a few hundred
        distinct events, and looking one up costs less than making it)."""
        key = (kind, seat, target, card, value, life)
        self.events.append(EVENTS.get(key) or shared_event(key))

    def _next_alive(self, seat: int) -> int:
        order, start = self.order, self._order_pos[seat]
        for step in range(1, self.n + 1):
            candidate = order[(start + step) % self.n]
            if self.players[candidate].alive:
                return candidate
        return seat

    def seats_from(self, seat: int) -> list[int]:
        """Living seats in turn order, starting with ``seat`` (which may be dead)."""
        order, start = self.order, self._order_pos[seat]
        return [s for s in order[start:] + order[:start] if self.players[s].alive]

    def _set_order(self, order: list[int]) -> None:
        self.order = list(order)
        self._order_pos = {seat: i for i, seat in enumerate(self.order)}
        self.ring = [s for s in self.order if self.players[s].alive]
        self.ring_pos = {s: i for i, s in enumerate(self.ring)}

    # ------------------------------------------------------------------ chance helpers

    def decide(self, decision: Decision) -> Step:
        action = yield decision
        return action

    def pop_deck(self, count: int) -> Step:
        """Take ``count`` slots off the draw pile, reshuffling the discard pile when empty."""
        taken: list[int] = []
        while len(taken) < count:
            if not self.deck:
                yield from self._reshuffle()
                if not self.deck:
                    break
            taken.append(self.deck.pop())
        return taken

    def _reshuffle(self) -> Step:
        if not self.discard:
            return
        cards = tuple(self.known[slot] for slot in self.discard)
        for slot in self.discard:
            self._forget(slot)
        self.discard = []
        slots = self._new_slots(len(cards))
        yield Shuffle("deck", cards, slots)
        self.deck = list(slots)
        self.event("reshuffle", value=len(slots))

    def _deal(self, slots: list[int], seat: int) -> Step:
        result = yield new_deal(tuple(slots), seat)
        self._dealt(slots, seat, result)

    def _dealt(self, slots: list[int], seat: int, result: ChanceResult) -> None:
        """What this engine records of a ``Deal`` of ``slots`` to ``seat`` once answered."""
        seen_by = self.seen_by
        face_up = self.face_up
        for slot, card in zip(slots, result.values, strict=True):
            seen = seen_by.get(slot)
            if slot in face_up:
                pass  # shown to everyone before: moving it keeps it public
            elif seen is None:
                seen_by[slot] = {seat}  # most cards: drawn from the deck, seen first here
            else:
                seen.add(seat)
            if card is not None:
                self._learn(slot, card)

    def reveal(self, slots: list[int]) -> Step:
        result = yield new_reveal(tuple(slots))
        for slot, card in zip(slots, result.values, strict=True):
            self._learn(slot, card)
            self.seen_by.pop(slot, None)
            self.face_up.add(slot)
        return list(result.values)

    def random_hand_slot(self, owner: int, shown_to: int | None) -> Step:
        """A slot of ``owner``'s hand picked by a public random integer: every random pick
        from a hand goes through here. ``shown_to`` is the one seat the picked card then
        goes to privately (a steal), or None when it is then shown to everyone (a forced
        discard).

        The index is public and slots are stable, so a seat that knows where one of the
        hand's hidden cards sits would learn whether the pick took it: the hidden slots are
        reordered by their owner first (see ``ReorderHand``) whenever such a seat would
        learn something it is not shown anyway. It is not when the card picked is then
        shown to everyone, nor for the seat that receives it. Nobody else has seen a card
        of most hands: no cost then.
        """
        hand = self.players[owner].hand
        if shown_to is not None and len(hand) > 1 and self.hand_known_to_others(
                hand, (owner, shown_to)):
            hidden = tuple(slot for slot in hand if slot in self.seen_by)
            if len(hidden) > 1:
                yield from self._reorder_hand(owner, hidden)
        pick = yield RandomInt(len(hand))
        return hand[pick.values[0]]

    def hand_known_to_others(self, hand: list[int], insiders: tuple[int, int]) -> bool:
        """Whether a seat other than ``insiders`` has seen a hidden card of ``hand``."""
        seen_by = self.seen_by
        for slot in hand:
            seen = seen_by.get(slot)
            # The holder has seen each of its hidden cards (invariants check it): a lone
            # seat in the record is the holder.
            if seen is not None and len(seen) > 1 and any(s not in insiders for s in seen):
                return True
        return False

    def _reorder_hand(self, owner: int, slots: tuple[int, ...]) -> Step:
        """Applied like a Deal to ``owner``: its view of the slots is replaced; every other
        engine forgets which of them holds which card, and only ``owner`` has seen them."""
        result = yield ReorderHand(owner, slots)
        for slot in slots:
            self._forget(slot)
            self.seen_by[slot] = {owner}
        for slot, card in zip(slots, result.values, strict=True):
            if card is not None:
                self._learn(slot, card)

    def draw(self, seat: int, count: int) -> Step:
        deck = self.deck
        if 0 < count <= len(deck):
            # ``pop_deck`` and ``_deal`` written out for a pile that holds enough cards (most
            # draws): the same slots in the same order, two generators fewer.
            slots = deck[:-count - 1:-1]
            del deck[-count:]
            result = yield new_deal(tuple(slots), seat)
            self._dealt(slots, seat, result)
            self.players[seat].hand.extend(slots)
            self.event("draw", seat, value=count)
            return slots
        slots = yield from self.pop_deck(count)
        if slots:
            yield from self._deal(slots, seat)
            self.players[seat].hand.extend(slots)
            self.event("draw", seat, value=len(slots))
        return slots

    def draw_check(self, seat: int, reason: str) -> Step:
        """"draw!": flip the top card (more if the character says so, and he picks one);
        return the card."""
        flips = self.seat_rules[seat].check_flips
        for hook in self._extra_flips:
            flips += hook(self, seat)
        slots = yield from self.pop_deck(flips)
        if not slots:
            return None
        cards = yield from self.reveal(slots)
        chosen = slots[0]
        if len(slots) > 1:
            choice = yield new_decision(seat, PICK_CHECK, options=tuple(slots))
            chosen = choice.value
        for slot in slots:
            if slot != chosen:
                self.discard.append(slot)
        self.discard.append(chosen)
        card = self.known[chosen]
        self.event("check", seat, card=card, value=len(cards))
        self.event(reason, seat, card=card)
        return card

    def steal_random(self, victim: int, thief: int) -> Step:
        """Move a random card of ``victim``'s hand to ``thief``'s hand, shown only to the thief."""
        slot = yield from self.random_hand_slot(victim, thief)
        self.players[victim].hand.remove(slot)
        yield from self._deal([slot], thief)
        self.players[thief].hand.append(slot)
        self.event("steal", thief, victim, self.known.get(slot, -1))
        if not self.players[victim].hand:  # hand_lost does nothing while cards remain
            yield from self.hand_lost(victim)

    def hand_lost(self, seat: int) -> Step:
        """A hand just lost cards: an ability that fires on an empty hand fires now."""
        player = self.players[seat]
        if not player.hand and player.alive:
            hook = self.seat_rules[seat].on_hand_empty
            if hook is not None:
                yield from hook(self, seat)

    def take_from_hand(self, seat: int, slot: int, card: int) -> None:
        """A card leaves ``seat``'s hand face up (it was revealed by the action)."""
        self.players[seat].hand.remove(slot)
        self._learn(slot, card)
        self.seen_by.pop(slot, None)
        self.face_up.add(slot)

    # ------------------------------------------------------------------ game flow

    def _run(self) -> Step:
        try:
            if self._position is None:
                yield from self._setup()
                seat = self.first_seat
                from_play = False
            else:
                seat = self._lay_out(self._position)
                from_play = self._position.phase == PLAY_PHASE
            if self._event_pile_on and seat == self.first_seat and not from_play:
                yield from self._before_first_seat_turn()
            while True:
                yield from self._turn(seat, from_play)
                from_play = False
                while self._turn_end and (yield from self._another_turn(seat)):
                    yield from self._turn(seat)
                if self._has_events:
                    yield from self._after_turn(seat)
                    seat = yield from self._next_turn(seat)
                elif self._dead_turns:
                    seat = yield from self._advance(seat)
                else:
                    seat = self._next_alive(seat)
        except GameOver as over:
            self.result = over.end
            self.event("game_over", value=len(over.end.winners))
            # This frame holds the game and the game holds it: the flow is handed to one that
            # does not, and a finished game is freed as soon as nobody uses it (no cycle left
            # for the garbage collector; ``apply`` refuses every input from here on anyway).
            self._flow = finished_flow(over.end)
            yield over.end

    def _advance(self, seat: int) -> Step:
        """The next living seat after ``seat``; the eliminated seats on the way play their
        turn as a set's rules say (the shadow gunslinger variant)."""
        order, start = self.order, self._order_pos[seat]
        for step in range(1, self.n + 1):
            candidate = order[(start + step) % self.n]
            if self.players[candidate].alive:
                return candidate
            for hook in self._dead_turns:
                yield from hook(self, candidate)
        return seat

    def play_turn(self, seat: int) -> Step:
        """One whole turn of ``seat`` (a set's rules call it for a shadow gunslinger)."""
        yield from self._turn(seat)

    def refresh_ring(self) -> None:
        """Recompute the ring of the living after a set changed who is at the table."""
        self._set_order(self.order)

    def life_fixed(self, seat: int) -> bool:
        """Whether the seat can neither gain nor lose life now (a shadow gunslinger, or a
        ghost of an event: Ghost Town)."""
        return seat in self.ghosts or any(hook(self, seat) for hook in self._life_fixed)

    def _another_turn(self, seat: int) -> Step:
        """Whether a set's rules (a card, a character) give the seat another turn now."""
        for hook in self._turn_end:
            if (yield from hook(self, seat)):
                return True
        return False

    def _setup(self) -> Step:
        n = self.n
        # Seat order around the table: one public random permutation (a Lehmer code below
        # n!), so nobody picks where they sit, whatever their seat number in the roster.
        code = yield RandomInt(math.factorial(n))
        self._set_order(permutation_from_code(code.values[0], n))
        self.event("seating", value=code.values[0])
        yield from self.role_rules.deal(self)
        opener = self.role_rules.opener
        self.first_seat = next(p.seat for p in self.players
                               if p.role_public and p.role == opener)
        characters = self.rules.characters
        pool = list(range(len(characters)))
        for seat in self.seats_from(self.first_seat):
            pick = yield RandomInt(len(pool))
            character = characters[pool.pop(pick.values[0])]
            player = self.players[seat]
            player.character = character.name
            self.seat_rules[seat] = self.rules.character_rules(character.name)
            player.max_life = character.life + (seat == self.sheriff)
            player.life = player.max_life
            self.event("character", seat, value=player.max_life)
        deck_slots = self._new_slots(self.rules.deck_size)
        yield Shuffle("deck", tuple(range(self.rules.deck_size)), deck_slots)
        self.deck = list(deck_slots)
        if self._has_events:
            yield from self._setup_events()
        for seat in self.seats_from(self.first_seat):
            yield from self.draw(seat, self.players[seat].life)
        for hook in self._table_setup:
            yield from hook(self)

    def _lay_out(self, position: Position) -> int:
        """Place every card of ``position``; return the seat whose turn it is."""

        def place(cards: list[int], public: bool, owner: int = NO_SEAT) -> list[int]:
            slots = list(self._new_slots(len(cards)))
            for slot, card in zip(slots, cards, strict=True):
                self.initial_cards[slot] = card
                if public or self.viewer is None or self.viewer == owner:
                    self._learn(slot, card)
                if public:
                    self.face_up.add(slot)
                if not public and owner != NO_SEAT:
                    self.seen_by[slot] = {owner}
            return slots

        placed = set(position.deck) | set(position.discard)
        # Each seat gets its own role card (two Outlaws hold two distinct cards), so the
        # role deck in play is the position's, and a reveal never shows one card twice.
        free_roles = list(range(len(ROLE_CARDS)))
        for seat, player in enumerate(self.players):
            role = position.roles[seat]
            role_id = next((i for i in free_roles if ROLE_CARDS[i] == role), None)
            if role_id is None:
                raise ValueError(f"the role deck holds no further {role} card")
            free_roles.remove(role_id)
            player.alive = position.alive[seat] if position.alive else True
            # The dead showed their role when they were eliminated.
            player.role_public = (role == SHERIFF or not player.alive
                                  or self.role_rules.face_up)
            if player.role_public or self.viewer in (None, seat):
                player.role = role
            if role == SHERIFF:
                self.sheriff = seat
            elif not player.role_public or not player.alive:
                (player.role_slot,) = self._new_slots(1)
                self._role_slots.add(player.role_slot)
                self.initial_roles[player.role_slot] = role_id
            player.character = position.characters[seat]
            player.max_life = self.rules.character(player.character).life + (role == SHERIFF)
            self.seat_rules[seat] = self.rules.character_rules(player.character)
            life = position.life[seat] if position.life else None
            player.life = player.max_life if life is None else life
            if not player.alive:
                player.life = 0
            hand = position.hands[seat] if position.hands else []
            table = position.tables[seat] if position.tables else []
            placed.update(hand)
            placed.update(table)
            player.hand = place(hand, False, seat)
            player.table = place(table, True)
        self.role_ids = tuple(sorted(set(range(len(ROLE_CARDS))) - set(free_roles)))
        self._set_order(position.order or list(range(self.n)))
        self.discard = place(position.discard, True)
        rest = [c for c in range(self.rules.deck_size) if c not in placed]
        deck_top_first = position.deck + rest
        self.deck = place(list(reversed(deck_top_first)), False)
        for table in self.rules.table_rules:
            if table.lay_out is not None:
                table.lay_out(self, position, place)
        self.first_seat = next(s for s, role in enumerate(position.roles)
                               if role == self.role_rules.opener)
        turn = self.first_seat if position.turn is None else position.turn
        self.bangs_played = position.bangs_played
        if self._has_events:
            self._lay_out_events(position)
        return turn

    def _turn(self, seat: int, from_play: bool = False) -> Step:
        player = self.players[seat]
        self.current = seat
        self.turn += 1
        self.event("turn", seat, value=self.turn)
        if from_play:
            yield from self._play_phase(seat)
            return
        self.bangs_played = 0
        self.abilities_used = 0
        event = self.event_rules
        if self._has_events:
            self.must_play = NO_SLOT
            self.turn_marks = set()
            if not player.alive:  # the turn loop brought him back (Ghost Town, Dead Man)
                assert event.revive is not None
                yield from event.revive(self, seat)
            if event.turn_start is not None:
                goes_on = yield from event.turn_start(self, seat)
                if not goes_on or not player.alive:
                    return
        rules = self._card_rules
        starts = sorted((rules[self.known[slot]].turn_start_order, slot)
                        for slot in player.table
                        if rules[self.known[slot]].turn_start) if player.table else ()
        # The cards first (Dynamite, Jail), then the character's own start (Vera Custer's
        # copy): Dodge City FAQ, a Vera Custer in Jail checks it before she copies anyone.
        character_start = self.seat_rules[seat].turn_start
        for _order, slot in starts:
            hook = rules[self.known[slot]].turn_start
            assert hook is not None
            goes_on = yield from hook(self, seat, slot)
            if not goes_on or not player.alive:
                if character_start is not None and player.alive:
                    # A turn lost before its start: what the last one started is over too
                    # ("she has no ability whatsoever until her next turn").
                    self.seat_rules[seat] = self.rules.character_rules(player.character)
                return
        if character_start is not None:
            yield from character_start(self, seat)
        if self._has_events:
            yield from self._event_phase_one(seat, event)  # the table's after_draw inside
        else:
            draw_phase = self.seat_rules[seat].draw_phase
            if draw_phase is None:
                yield from self.draw(seat, 2)
            else:
                yield from draw_phase(self, seat)
            for hook in self._after_draw:
                yield from hook(self, seat)
        yield from self._play_phase(seat)

    def _play_phase(self, seat: int) -> Step:
        player = self.players[seat]
        self.play_phase_turn = self.turn
        while True:
            action = yield new_decision(seat, PLAY)
            if isinstance(action, Pass):
                break
            if self._after_action is not None:
                self.last_play = action
            if isinstance(action, Ability):
                yield from self.use_ability(seat, action)
            elif isinstance(action, PlayPaid):
                yield from self._play_paid(seat, action)
            elif isinstance(action, UseGreen):
                yield from self._use_green(seat, action)
            elif type(action) is Play:
                yield from self._play(seat, action)
            else:  # legal_actions lists no other kind: a set's table action (Buy...)
                yield from self.table_act(seat, action)
            if not player.alive:
                return
            if self._after_action is not None:
                yield from self._after_action(self, seat)
        if self.ghosts and seat in self.ghosts:
            self.event("end_turn", seat)  # a ghost leaves with his hand: no hand limit
            return
        if self._after_action is not None:
            self.last_play = None
        while len(player.hand) > self.hand_limit(seat):
            excess = len(player.hand) - self.hand_limit(seat)
            action = yield new_decision(seat, DISCARD, needed=excess)
            if isinstance(action, Ability):
                yield from self.use_ability(seat, action)
                continue
            self.take_from_hand(seat, action.slot, action.card)
            self.discard.append(action.slot)
            self.event("discard", seat, card=action.card)
            if not self.players[seat].hand:  # hand_lost does nothing while cards remain
                yield from self.hand_lost(seat)
        if self._after_action is not None:
            yield from self._after_action(self, seat)
        self.event("end_turn", seat)

    # ------------------------------------------------------------------ playing cards

    def _play(self, seat: int, action: Play) -> Step:
        if self._special_plays:
            special = self.event_rules.special_play(self, seat, action)  # type: ignore[misc]
            if special is not None:
                yield from special
                return
        player = self.players[seat]
        card = action.card
        rules = self.play_rules(seat, card)
        self.take_from_hand(seat, action.slot, card)
        self.event("play", seat, action.target, card)
        kind = self._kinds[card]
        if kind != "brown":
            self.placed_turn[action.slot] = self.turn
            if rules.placed_on_target:
                self.players[action.target].table.append(action.slot)
            else:
                if kind == "weapon":
                    for old in list(player.table):
                        if self.cards[self.known[old]].kind == "weapon":
                            player.table.remove(old)
                            self.discard.append(old)
                            self.event("replace_weapon", seat, card=self.known[old])
                player.table.append(action.slot)
            if not self.players[seat].hand:  # hand_lost does nothing while cards remain
                yield from self.hand_lost(seat)
            return
        self.discard.append(action.slot)
        if not self.players[seat].hand:  # hand_lost does nothing while cards remain
            yield from self.hand_lost(seat)
        assert rules.effect is not None  # legal_actions offers only brown cards with an effect
        yield from rules.effect(self, seat, action)
        if self.owed_draws:
            yield from self._pay_owed_draws()
        for hook in self._on_card_played:
            yield from hook(self, seat, card)

    def _pay_owed_draws(self) -> Step:
        """Cards owed until the played card's effect was over (a character who draws for
        his answers, in a Duel)."""
        owed, self.owed_draws = self.owed_draws, {}
        for seat in self.seats_from(self.current):
            if owed.get(seat):
                yield from self.draw(seat, owed[seat])

    def _play_paid(self, seat: int, action: PlayPaid) -> Step:
        """A "+1" card: its price goes to the discard pile first, then it is played."""
        if self._special_plays:
            special = self.event_rules.special_play(self, seat, action)  # type: ignore[misc]
            if special is not None:
                yield from special
                return
        self.take_from_hand(seat, action.cost_slot, action.cost_card)
        self.discard.append(action.cost_slot)
        self.event("pay", seat, card=action.cost_card)
        yield from self._play(seat, Play(action.slot, action.card, action.target,
                                         action.target_slot))

    def _use_green(self, seat: int, action: UseGreen) -> Step:
        """A green card used from play in the play phase: discarded, then its effect."""
        card = self._discard_from_play(seat, action.slot, action.target)
        effect = self._card_rules[card].effect
        assert effect is not None  # legal_actions offers only green cards with an effect
        yield from effect(self, seat, Play(action.slot, card, action.target, action.target_slot))

    def _discard_from_play(self, seat: int, slot: int, target: int = NO_SEAT) -> int:
        self.players[seat].table.remove(slot)
        self.discard.append(slot)
        card = self.known[slot]
        self.event("use", seat, target, card)
        return card

    def answer_with_green(self, seat: int, action: UseGreen) -> Step:
        """A green card with the Missed! symbol used out of turn: discarded, then what its
        answer brings (Bible: a card)."""
        card = self._discard_from_play(seat, action.slot)
        on_answer = self._card_rules[card].on_answer
        if on_answer is not None:
            yield from on_answer(self, seat)

    def immune(self, seat: int, target: int, card: int) -> bool:
        """Whether ``card`` played by ``seat`` leaves ``target`` untouched (a suit immunity)."""
        if target == seat or self._card_rules[card].ignores_immunity:
            return False
        suit = self.suits[card]
        if suit == self.seat_rules[target].immune_to_suit:
            return True
        return any(hook(self, target) == suit for hook in self._immune_suits)

    def card_heal(self, seat: int, card: int) -> int:
        """Life points ``card`` gives ``seat`` (Beer: 1; 2 for a character who says so)."""
        return self._card_rules[card].heals + self.seat_rules[seat].extra_heal.get(
            self._names[card], 0)

    def heal(self, seat: int, amount: int) -> None:
        if seat in self.ghosts:
            return  # a ghost has no life to regain
        player = self.players[seat]
        if self._life_fixed and self.life_fixed(seat):
            self.event("no_effect", seat)
            return
        gained = min(amount, player.max_life - player.life)
        player.life += gained
        self.event("heal", seat, value=gained, life=player.life)

    def use_ability(self, seat: int, action: Ability) -> Step:
        """The seat's character ability (legal_actions offered it, so it has one)."""
        ability = self.seat_rules[seat].ability
        assert ability is not None
        yield from ability(self, seat, action)

    def answer(self, seat: int, kind: str, source: int) -> Step:
        """Ask ``seat`` to answer a ``kind`` response (Indians!, a Duel) with one card; an
        "at any time" ability used meanwhile is carried out and the question asked again.
        Returns whether a card answered. A seat without cards is not asked (a public fact)."""
        while self.players[seat].hand:
            action = yield new_decision(seat, kind, source=source)
            if isinstance(action, Ability):
                yield from self.use_ability(seat, action)
                continue
            if isinstance(action, Play):
                yield from self.respond_card(seat, action, kind)
                return True
            return False
        return False

    def respond_card(self, seat: int, action: Play, kind: str) -> Step:
        """A card played out of turn in answer (Missed!, BANG! in a Duel...): to the discard."""
        self.take_from_hand(seat, action.slot, action.card)
        self.discard.append(action.slot)
        self.event("respond", seat, card=action.card)
        if not self.players[seat].hand:  # hand_lost does nothing while cards remain
            yield from self.hand_lost(seat)
        on_answer = self._card_rules[action.card].on_answer
        if on_answer is not None:
            yield from on_answer(self, seat)
        on_respond = self.seat_rules[seat].on_respond
        if on_respond is not None and seat != self.current:
            yield from on_respond(self, seat, action.card, kind)
        for hook in self._on_card_played:
            yield from hook(self, seat, action.card)

    def shoot(self, shooter: int, target: int, needed: int) -> Step:
        """One shot at ``target``: ``needed`` Missed! cancel it (two against some shooters)."""
        victim = self.players[target]
        rules, known = self._card_rules, self.known
        barrels = self.seat_rules[target].barrels
        if not (self._silencer and self.silenced(target)):
            barrels += sum(rules[known[slot]].barrels for slot in victim.table)
        while needed > 0 and (victim.hand or barrels
                              or self._green_answers(target, RESPOND_SHOT)):
            action = yield new_decision(
                target, RESPOND_SHOT, source=shooter, needed=needed, barrels=barrels)
            if isinstance(action, UseBarrel):
                barrels -= 1
                card = yield from self.draw_check(target, "barrel_check")
                if card is not None and self.suits[card] == HEARTS:
                    needed -= 1
            elif isinstance(action, Play):
                yield from self.respond_card(target, action, RESPOND_SHOT)
                needed -= 1
            elif isinstance(action, UseGreen):
                yield from self.answer_with_green(target, action)
                needed -= 1
            elif isinstance(action, Ability):
                yield from self.use_ability(target, action)
            else:
                break
        if needed > 0:
            yield from self.damage(target, 1, shooter)
        else:
            self.event("missed", target, shooter)

    def damage(self, seat: int, amount: int, source: int, card_player: int | None = None) -> Step:
        """``seat`` loses ``amount`` life; ``source`` is the player responsible (rewards,
        penalties), ``card_player`` the one who played the card that hurt (a character who draws
        from him), when they differ: in a Duel its challenger played the card even when
        the other duellist wins it."""
        player = self.players[seat]
        if self.ghosts and seat in self.ghosts:
            self.event("no_effect", seat, source)  # a ghost cannot be hurt
            return
        if self._life_fixed and self.life_fixed(seat):
            # No life lost, so no wound either (no nugget, no card drawn for a wound).
            self.event("no_effect", seat, source)
            return
        lost = min(amount, max(player.life, 0))
        player.life -= amount
        self.event("damage", seat, source, value=amount, life=player.life)
        if player.life <= 0:
            survived = yield from self._dying(seat, source)
            if not survived:
                for hook in self._on_wound:
                    yield from hook(self, seat, amount, source, lost, False)
                return
        for hook in self._on_wound:
            yield from hook(self, seat, amount, source, lost, True)
        rules = self.seat_rules[seat]
        if rules.on_damage is not None:
            yield from rules.on_damage(self, seat, amount, source,
                                       NO_SEAT if card_player is None else card_player)
        if rules.ability_usable is not None and player.alive and (
                seat != self.current or self.play_phase_turn != self.turn):
            yield from self._any_time(seat, source)

    def _any_time(self, seat: int, source: int) -> Step:
        """Right after a hit out of his play phase (another player's turn, his own turn's
        start), a seat whose ability works "at any time" may use it before the game goes on
        (base FAQ: Sid Ketchum heals out of his turn like a Beer). Asked only while the
        ability is usable, from public facts; each use may be followed by another."""
        while self._ability_usable(seat, ANY_TIME):
            action = yield new_decision(seat, ANY_TIME, source=source)
            if not isinstance(action, Ability):
                return
            yield from self.use_ability(seat, action)

    def _dying(self, seat: int, source: int) -> Step:
        """At 0 life or less: a card that saves (Beer, not with two players left) or an
        ability that heals, or elimination. Asked only when the public facts allow one."""
        player = self.players[seat]
        while player.life <= 0:
            can_save = len(self.ring) > 2 and self.beer_allowed
            if not (player.hand and (can_save or self._ability_usable(seat, DYING))) and not (
                    self._table_actions and self._table_offers(seat, DYING)):
                break
            action = yield new_decision(seat, DYING, source=source, needed=1 - player.life)
            if isinstance(action, Play):
                yield from self.respond_card(seat, action, DYING)
                gained = self.card_heal(seat, action.card)
                player.life = min(player.life + gained, player.max_life)
                self.event("heal", seat, value=gained, life=player.life)
            elif isinstance(action, Ability):
                yield from self.use_ability(seat, action)
            elif isinstance(action, TABLE_ACTIONS):
                yield from self.table_act(seat, action)
            else:
                break
        if player.life > 0:
            return True
        yield from self._eliminate(seat, source)
        return False

    def _eliminate(self, seat: int, killer: int) -> Step:
        player = self.players[seat]
        player.alive = False
        player.life = 0
        self.eliminated_order.append(seat)
        self.ring.remove(seat)
        self.ring_pos = {s: i for i, s in enumerate(self.ring)}
        if not player.role_public:
            yield from self._reveal_roles([player])
        self.event("eliminated", seat, killer, value=ROLE_NAMES.index(player.role))
        for hook in self._on_eliminated:
            yield from hook(self, seat, killer)
        heirs = [s for s in self.seats_from(seat)
                 if self.seat_rules[s].takes_eliminated_cards]
        if len(heirs) == 1:
            yield from self._give_all(seat, heirs[0])
        elif heirs:
            yield from self._share(seat, heirs)
        else:
            yield from self.discard_all(seat)
        yield from self._check_win(seat, killer)
        for witness in self.seats_from(seat):
            on_elimination = self.seat_rules[witness].on_elimination
            if on_elimination is not None and self.players[witness].alive:
                yield from on_elimination(self, witness, seat)
        if killer in (NO_SEAT, seat) or not self.players[killer].alive:
            return
        for hook in self._extra_rewards:
            yield from hook(self, seat, killer)
        yield from self.role_rules.rewards(self, seat, killer)

    def _reveal_roles(self, players: list[Player]) -> Step:
        slots = [p.role_slot for p in players]
        result = yield new_reveal(tuple(slots))
        for p, role_id in zip(players, result.values, strict=True):
            p.role = ROLE_CARDS[role_id]
            p.role_public = True
        return list(result.values)

    def _give_all(self, seat: int, receiver: int) -> Step:
        """A character who takes an eliminated player's cards takes the hand (still hidden)
        and the cards in play."""
        player = self.players[seat]
        hand, player.hand = player.hand, []
        if hand:
            yield from self._deal(hand, receiver)
        table, player.table = player.table, []
        self.players[receiver].hand.extend(hand + table)
        if hand or table:  # an empty take is not news: the elimination says it all
            self.event("take_all", receiver, seat, value=len(hand) + len(table))

    def _share(self, seat: int, heirs: list[int]) -> Step:
        """Two seats that take an eliminated player's cards (Vera Custer copying Vulture
        Sam) take them one at a time, in turn order from the eliminated seat (Dodge City
        FAQ). Each picks a card in play or a random card of the hand (still hidden); with
        one option left (only hand cards, or a single card in play) nothing is asked."""
        player = self.players[seat]
        self.sharing = seat  # his cards stay in front of him until they are taken
        turn = 0
        while player.hand or player.table:
            heir = heirs[turn % len(heirs)]
            turn += 1
            options = ((FROM_HAND,) if player.hand else ()) + tuple(player.table)
            chosen = options[0]
            if len(options) > 1:
                choice = yield new_decision(heir, SHARE_PICK, options=options, source=seat)
                chosen = choice.value
            if chosen == FROM_HAND:
                yield from self.steal_random(seat, heir)
                continue
            player.table.remove(chosen)
            self.players[heir].hand.append(chosen)
            self.event("steal", heir, seat, self.known[chosen])
        self.sharing = NO_SEAT

    def discard_all(self, seat: int) -> Step:
        player = self.players[seat]
        if player.hand:
            yield from self.reveal(list(player.hand))
            for slot in player.hand:
                self.event("discard", seat, card=self.known[slot])
        self.discard.extend(player.hand)
        self.discard.extend(player.table)
        player.hand = []
        player.table = []

    def _check_win(self, eliminated: int, killer: int) -> Step:
        """After an elimination: if a team has won (public facts only), every role still
        hidden is revealed and the game is over."""
        team = self.role_rules.winning_team(self, eliminated, killer)
        if team is None:
            return
        hidden = [p for p in self.players if not p.role_public]
        if hidden:
            yield from self._reveal_roles(hidden)
        raise GameOver(End(team, self.role_rules.winners(self, team)))


_NO_CLAIM_ACTIONS = (Choose, Pass, UseBarrel, UseGreen, *TABLE_ACTIONS)
_INT_FIELD_ACTIONS = (Play, PlayPaid, UseGreen, Discard, Choose, *TABLE_ACTIONS)


def _malformed(action: Any) -> str | None:
    """Why an action's fields are not plain integers (or tuples of them), if they are not.

    An action may come off the network: ``True`` would pass for seat or slot 1 (``True == 1``)
    and a float or a list would reach the rules; both are refused here, before any lookup.
    """
    if isinstance(action, _INT_FIELD_ACTIONS):
        for field in action.__slots__:
            if type(getattr(action, field)) is not int:
                return f"{type(action).__name__}.{field} must be an integer"
    elif isinstance(action, Ability):
        if type(action.slots) is not tuple or type(action.cards) is not tuple:
            return "an ability names its slots and cards as tuples"
        if any(type(value) is not int for value in (*action.slots, *action.cards)):
            return "an ability's slots and cards must be integers"
    return None


def _describe(action: Any) -> str:
    return f"{type(action).__name__}{tuple(getattr(action, f) for f in action.__slots__)}"

