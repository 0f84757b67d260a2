"""BANG! The Duel engine: lawmen against outlaws, two characters in play per side.

Same interface as the card game (``pending``, ``apply``, ``check``, ``legal_actions``,
events) and the same chance seam, so the LocalDealer and the MentalDealer answer it
unchanged. The rules are one generator, as in ``engine/bang/game.py``: every decision or chance
request is a ``yield``. An engine made for a ``viewer`` side learns a card only when a
chance result or a played card shows it; control flow only reads public facts.

Seat 0 is the lawmen (who start), seat 1 the outlaws. Rules and their rulebook sections:
``docs/rules/duel.md``.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

from p2pbang.engine.actions import (
    FROM_HAND,
    NO_SEAT,
    NO_SLOT,
    Choose,
    Decision,
    Discard,
    End,
    Event,
    IllegalAction,
    Pass,
    Play,
)
from p2pbang.engine.chance import (
    ChanceRequest,
    ChanceResult,
    Deal,
    RandomInt,
    Reveal,
    Shuffle,
)
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import (
    SPECTATOR,
    GameOver,
    StepChecks,
    finished_flow,
    seat_taking_refusal,
)
from p2pbang.engine.duel.actions import (
    ACTIVE,
    AS_COLT,
    BUFFALO,
    BULL,
    DISCARD,
    EXTRA_DISCARD,
    FORCED_DISCARD,
    PICK_CHECK,
    PLAY,
    REARGUARD,
    RESPOND_DUEL,
    RESPOND_HIT,
    RESPOND_INDIANS,
    SLIM_POET,
    STAGECOACH_DISCARD,
    STORE_PICK,
    USE_BARREL,
    USE_HAT,
    USE_SID,
    MoveToken,
    Reload,
    UseAbility,
)
from p2pbang.engine.duel.catalog import (
    ACTION,
    ALWAYS_ACTIVE_CARDS,
    ALWAYS_ACTIVE_CHARACTERS,
    BANG,
    BARREL,
    DODGE_CARDS,
    DUEL_CARDS,
    DUEL_CHARACTERS,
    EQUIPMENT,
    HIT_CARDS,
    HORSESHOE,
    LAWMEN,
    OUTLAWS,
    PLAYABLE_CHARACTERS,
    RELOAD_CARDS,
    SIDE_NAMES,
    DuelCard,
    card_ids,
)
from p2pbang.engine.duel.effects import ACTIONS, START_OF_TURN, play_bang
from p2pbang.engine.duel.zones import Figure, Side
from p2pbang.engine.fastvalues import EVENTS as _EVENTS
from p2pbang.engine.fastvalues import choose as _fast_choose
from p2pbang.engine.fastvalues import deal as _fast_deal
from p2pbang.engine.fastvalues import decision as _fast_decision
from p2pbang.engine.fastvalues import discard as _fast_discard
from p2pbang.engine.fastvalues import play as _fast_play
from p2pbang.engine.fastvalues import reveal as _fast_reveal
from p2pbang.engine.fastvalues import shared_event as _shared_event
from p2pbang.engine.slots import SlotKnowledge

Step = Generator[Any, Any, Any]
DuelAction = Play | Discard | Choose | Pass | MoveToken | Reload | UseAbility

DECK_PILES = ("duel-lawmen", "duel-outlaws")
CHARACTER_PILES = ("duel-lawmen-chars", "duel-outlaws-chars")
COMMON_PILE = "duel-common"
START_OF_TURN_ORDER = ("dynamite", "rattlesnake", "panic")  # Dinamit >> Csörgőkígyó >> Pánik


class DuelGame(SlotKnowledge, StepChecks):
    """A game of The Duel as seen by ``viewer``: 0 or 1, ``SPECTATOR`` or ``None`` (all)."""

    players = 2

    def __init__(self, viewer: int | None = None, choice: GameChoice | None = None) -> None:
        if choice is not None and (choice.game != "duel" or choice.seats != 2):
            raise ValueError(f"this engine plays the duel for 2 seats, not {choice.label()}")
        if viewer is not None and viewer not in (0, 1, SPECTATOR):
            raise ValueError("viewer must be 0 (lawmen), 1 (outlaws), SPECTATOR or None")
        self.choice = choice
        self.viewer = viewer
        self.n = 2
        self.cards = DUEL_CARDS
        self.sides = [Side(), Side()]
        self.common: list[int] = []
        self.discard: list[int] = []  # face up, top last
        self.store: list[int] = []
        self._start_knowledge()  # known: card slot -> card id
        self.char_slots: dict[int, int] = {}  # character slot -> side
        self.known_chars: dict[int, int] = {}
        self.current = NO_SEAT
        self.turn = 0
        self.bangs_played = 0
        self.token_moved = False
        self.abilities_used: set[str] = set()
        self.result: End | None = None
        self.history: list[Any] = []
        self.events: list[Event] = []
        self._awake: list[Figure] = []
        self._deferred: list[tuple[int, int, int]] = []
        self.taking: list[int] = []  # (attacker, target side, place)
        self._legal_cache: tuple[Decision, list[Any]] | None = None  # for a fully known hand
        self._plays: dict[int, Play] = {}  # listed plain plays (see ``_legal_play``)
        self._flow = self._run()
        self.pending: Decision | ChanceRequest | End = next(self._flow)

    @classmethod
    def from_choice(cls, choice: GameChoice, viewer: int | None = None) -> DuelGame:
        """The Duel a table's ``GameChoice`` names: the family's one constructor shape
        (``engine/contract.py``)."""
        return cls(viewer, choice)

    # ------------------------------------------------------------------ public interface

    def apply(self, action: Any) -> list[Event]:
        pending = self.pending
        kind = type(pending)
        if kind is Decision:  # the common cases, without check's isinstance walk
            reason = None
            cached = self._legal_cache
            if cached is not None and cached[0] is pending:
                # Listed as legal for the fully known hand: a bot hands back the very object
                # it picked, found by identity in a plain loop.
                for listed in cached[1]:
                    if listed is action:
                        break
                else:
                    reason = self._check_decision(pending, action)
            else:
                reason = self._check_decision(pending, action)
        elif (kind is Deal or kind is Reveal) and self._plain_cards(pending, action):
            reason = None
        else:
            reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self.events = events = []
        self.history.append(action)
        self._legal_cache = None
        self.pending = self._flow.send(action)
        return events

    def replay_trusted(self, inputs: list[Any]) -> None:
        """``StepChecks``' trusted replay, after dropping the cached legal answers, as
        ``apply`` does at every input."""
        self._legal_cache = None
        super().replay_trusted(inputs)

    def legal_actions(self) -> list[DuelAction]:
        pending = self.pending
        if type(pending) is not Decision and not isinstance(pending, Decision):
            return []
        cached = self._legal_cache
        if cached is not None and cached[0] is pending:
            return list(cached[1])
        known = self.known
        seat = pending.seat
        try:
            slots = self.sides[seat].hand
            hand = list(zip(slots, map(known.__getitem__, slots), strict=True))
        except KeyError:
            raise IllegalAction(f"seat {seat}'s hand is hidden from this engine") from None
        if pending.kind == PLAY:  # most decisions: straight to the play phase's listing
            actions = self._legal_play(seat, hand)
        else:
            actions = self._legal(pending, hand)
        self._legal_cache = (pending, actions)
        return list(actions)

    def take_seat(self, seat: int, cards: Mapping[int, int]) -> None:
        """Make this observer's engine side ``seat``'s (``engine/contract.py``, taking a
        seat): ``cards`` maps every hidden card of its hand to the card. A side sees no other
        hidden card for long (a card stolen from it is forgotten), so its hand is all of it.
        ``ValueError`` and nothing changed when they do not fit."""
        reason = self._seat_refusal(seat, cards)
        if reason is not None:
            raise ValueError(reason)
        for slot, card in cards.items():
            self._learn(slot, card)
        self.viewer = seat
        self._legal_cache = None

    def _seat_refusal(self, seat: int, cards: Mapping[int, int]) -> str | None:
        """Why ``take_seat(seat, cards)`` would be refused, or ``None``."""
        reason = seat_taking_refusal(self, seat, cards)
        if reason is not None:
            return reason
        hand = self.sides[seat].hand
        for slot, card in cards.items():
            if slot not in self.known and slot not in hand:
                return f"slot {slot} is not in seat {seat}'s hand"
            reason = self._claim_fits(slot, card)
            if reason is not None:
                return reason
        if len(set(cards.values())) != len(cards):
            return "one card cannot be in two slots"
        return self._missing_hand(seat, hand, cards)

    def card_name(self, card: int) -> str:
        return DUEL_CARDS[card].name

    def figure(self, side: int, place: int) -> Figure:
        """The character at ``place`` (ACTIVE / REARGUARD) of ``side``; with one character
        left it is both (rulebook: "egyszerre lesz aktív szereplőd és hátvéded")."""
        s = self.sides[side]
        if len(s.figures) == 1:
            return s.figures[0]
        return s.figures[s.active if place == ACTIVE else 1 - s.active]

    def places(self, side: int) -> list[int]:
        """The target codes of ``side``'s characters: active first."""
        if len(self.sides[side].figures) == 1:
            return [side * 2 + ACTIVE]
        return [side * 2 + ACTIVE, side * 2 + REARGUARD]

    def figure_at(self, code: int) -> Figure:
        """The character at a target code (``side * 2 + place``), as ``figure`` finds it."""
        s = self.sides[code >> 1]
        figures = s.figures
        if len(figures) == 1:
            return figures[0]
        return figures[s.active if code & 1 == ACTIVE else 1 - s.active]

    def is_active(self, fig: Figure) -> bool:
        s = self.sides[fig.side]
        return len(s.figures) == 1 or s.figures[s.active] is fig

    def reload_allowed(self) -> bool:
        """Rulebook, ÚJRATÖLTÉS: only once you and/or your opponent have one character left."""
        return any(len(s.figures) == 1 for s in self.sides)

    # ------------------------------------------------------------------ rules queries

    def _awake_or_active(self, fig: Figure) -> bool:
        # ``in``: a Figure compares by identity (no __eq__), so this is the identity test.
        return self.is_active(fig) or fig in self._awake

    def works(self, fig: Figure, name: str) -> bool:
        """An equipment works on its character when active, targeted, or "always active"."""
        if not fig.table:
            return False  # most characters carry nothing: the common case, answered at once
        known = self.known
        for slot in fig.table:  # a loop, not any(): this is asked a thousand times a game
            if _CARD_NAMES[known[slot]] == name:
                return name in ALWAYS_ACTIVE_CARDS or self._awake_or_active(fig)
        return False

    def ability(self, fig: Figure | None, key: str) -> bool:
        if fig is None or fig.life <= 0 or fig.name != key:
            return False
        return key in ALWAYS_ACTIVE_CHARACTERS or self._awake_or_active(fig)

    def side_ability(self, side: int, key: str) -> Figure | None:
        for fig in self.sides[side].figures:
            if fig.name == key and self.ability(fig, key):  # the name first: it rarely fits
                return fig
        return None

    def bang_limit_reached(self, side: int) -> bool:
        active = self.figure(side, ACTIVE)
        if self.ability(active, "west_harding") or self.works(active, "gunbelt"):
            return False
        limit = 1 + (self.side_ability(side, "the_stranger") is not None)
        return self.bangs_played >= limit

    def hand_limit(self, side: int) -> int:
        life = self.figure(side, ACTIVE).life
        return 2 if life == 1 else life

    # ------------------------------------------------------------------ validation

    def _check_decision(self, decision: Decision, action: Any) -> str | None:
        if isinstance(action, ChanceResult):
            return f"seat {decision.seat} must decide ({decision.kind})"
        cached = self._legal_cache
        if cached is not None and cached[0] is decision:
            # Listed as legal for the fully known hand: claims already fit. (The identity
            # test first, a plain loop: a bot hands back the very object it picked.)
            for listed in cached[1]:
                if listed is action:
                    return None
            if action in cached[1]:
                return None
        hand = self.sides[decision.seat].hand
        claimed: list[tuple[int, int]] = []
        if isinstance(action, (Play, Discard, Reload)):
            reason = _ints(action.slot, action.card)
            if reason:
                return reason
            if isinstance(action, Reload) and action.slot not in hand:
                return self._legal_verdict(decision, action, [])
            if action.slot not in hand:
                return f"slot {action.slot} is not in seat {decision.seat}'s hand"
            reason = self._claim_fits(action.slot, action.card)
            if reason:
                return reason
            claimed = [(action.slot, action.card)]
        elif isinstance(action, UseAbility):
            shaped = isinstance(action.character, str) and isinstance(action.slots, tuple) \
                and isinstance(action.cards, tuple)
            if not shaped or len(action.slots) != len(action.cards):
                return "an ability names a character and one card per slot"
            if _ints(*action.slots, *action.cards, action.target, action.target_slot):
                return "slots and cards are integers"
            for slot, card in zip(action.slots, action.cards, strict=True):
                if slot in hand:
                    reason = self._claim_fits(slot, card)
                    if reason:
                        return reason
                    claimed.append((slot, card))
        elif isinstance(action, Choose):
            if _ints(action.value):
                return "a choice is an integer"
        elif not isinstance(action, (Pass, MoveToken)):
            return f"not an action: {type(action).__name__}"
        return self._legal_verdict(decision, action, claimed)

    def _legal_verdict(self, decision: Decision, action: Any,
                       claimed: list[tuple[int, int]]) -> str | None:
        if action in self._legal(decision, claimed):
            return None
        return f"{action!r} is not legal now ({decision.kind}, seat {decision.seat})"

    def _claim_fits(self, slot: int, card: int) -> str | None:
        if not 0 <= card < len(DUEL_CARDS):
            return f"no such card: {card}"
        return self._slot_claim(slot, card)

    def _plain_cards(self, request: Deal | Reveal, result: Any) -> bool:
        """Whether ``result`` answers a deal or reveal of cards in the plainest way: one
        integer card per slot, each a card id, none known to be elsewhere or in two slots.
        Such an answer passes ``check`` (``apply`` then skips it: a quarter of a Duel's steps
        are deals and reveals); anything else, character slots included, goes through
        ``check``, which says what is wrong."""
        if type(result) is not ChanceResult:
            return False
        values, slots = result.values, request.slots
        if type(values) is not tuple or len(values) != len(slots):
            return False
        known, where, characters = self.known, self._where, self.char_slots
        for slot, value in zip(slots, values, strict=True):
            if type(value) is not int or not 0 <= value < _CARD_COUNT or slot in characters:
                return False
            held = known.get(slot)
            if held is None:
                elsewhere = where.get(value)
                if elsewhere is not None and elsewhere != slot:
                    return False
            elif held != value:
                return False
        return len(values) < 2 or len(set(values)) == len(values)

    def _check_chance(self, request: ChanceRequest, result: ChanceResult) -> str | None:
        if not isinstance(request, (Deal, Reveal)):
            return None
        seen: set[tuple[bool, int]] = set()
        for slot, value in zip(request.slots, result.values, strict=True):
            if value is None:
                continue
            if slot in self.char_slots:
                side = self.char_slots[slot]
                if not 0 <= value < len(DUEL_CHARACTERS) or DUEL_CHARACTERS[value].side != side:
                    return f"no such {SIDE_NAMES[side]} character: {value}"
                seen.add((True, value))
                continue
            reason = self._claim_fits(slot, value)
            if reason:
                return reason
            if (False, value) in seen:
                return "one card cannot be in two slots"
            seen.add((False, value))
        return None

    # ------------------------------------------------------------------ legal actions

    def _legal(self, d: Decision, hand: list[tuple[int, int]]) -> list[Any]:
        kind, seat = d.kind, d.seat
        if kind == PLAY:
            return self._legal_play(seat, hand)
        if kind in (DISCARD, FORCED_DISCARD, EXTRA_DISCARD):
            return [_fast_discard(slot, card) for slot, card in hand]
        if kind == STAGECOACH_DISCARD:
            return [_fast_discard(slot, card) for slot, card in hand if slot in d.options]
        if kind in (RESPOND_DUEL, RESPOND_INDIANS):
            return [_fast_discard(slot, card) for slot, card in hand
                    if DUEL_CARDS[card].name in HIT_CARDS] + [_PASS]
        if kind == RESPOND_HIT:
            return self._legal_dodges(d, hand)
        if kind in (PICK_CHECK, STORE_PICK):
            return [_fast_choose(v) for v in d.options]
        return [_fast_choose(v) for v in d.options] + [_PASS]  # the optional prompts

    def _legal_dodges(self, d: Decision, hand: list[tuple[int, int]]) -> list[Any]:
        """``d.needed`` is 2 against Tex Killer (a dodge costs one more card), ``d.barrels``
        is 1 for a Derringer (any card discarded avoids it); ``d.options`` the equipment and
        ability dodges open to the target."""
        seat = d.seat
        size = len(self.sides[seat].hand)
        actions: list[Any] = []
        options = d.options
        annie = False
        if options:
            target = self.figure_at(options[0])
            annie = target.name == "annie_oakley" and self.ability(target, "annie_oakley")
        if size >= d.needed:
            for slot, card in hand:
                name = _CARD_NAMES[card]
                if name in DODGE_CARDS or (annie and name in HIT_CARDS):
                    actions.append(_fast_play(slot, card))
        if d.barrels:
            actions.extend(_fast_discard(slot, card) for slot, card in hand)
        if size >= d.needed - 1 and len(options) > 1:
            actions.extend(_fast_choose(v) for v in options[1:])
        actions.append(_PASS)
        return actions

    def _legal_play(self, seat: int, hand: list[tuple[int, int]],
                    cards_only: bool = False) -> list[Any]:
        """Every play-phase action, in a fixed order (each hand card's plays, then reloads
        from the table, the token, abilities, Pass): the random bots pick by position, so
        the order is part of the seeded games.

        Why the shape: this runs at every play decision (~400 a game) and used to be most of
        a Duel's time. The places a card can aim at depend only on the table, not on the
        card, so they are worked out once per call and each hand card looks up its row of
        ``_PLAY_RULES`` (precomputed per card id) instead of testing names."""
        actions: list[Any] = []
        add = actions.append
        sides = self.sides
        me = sides[seat]
        opp = 1 - seat
        figures = me.figures
        me_two = len(figures) == 2
        opp_two = len(sides[opp].figures) == 2
        active = figures[me.active] if me_two else figures[0]
        # The active character's own abilities: compare the name before asking ``ability``.
        name_of_active = active.name
        jack = name_of_active == "jack_ransome" and self.ability(active, "jack_ransome")
        own = seat * 2
        opp_active = opp * 2 + ACTIVE
        opp_rear = opp_active + REARGUARD
        if me_two:
            own_rear = own + REARGUARD
            everyone = [own, own_rear, opp_active, opp_rear] if opp_two else [
                own, own_rear, opp_active]
        else:
            own_rear = own
            everyone = [own, opp_active, opp_rear] if opp_two else [own, opp_active]
        if jack:
            hit_targets = everyone
        elif opp_two and active.table and self.works(active, "sniper"):
            hit_targets = [opp_active, opp_rear]
        else:
            hit_targets = [opp_active]
        # No BANG! played yet: under every limit (each limit is at least one). Past it, the
        # limit is 1 unless West Harding, a working Gunbelt or The Stranger raises it.
        if self.bangs_played == 0:
            can_bang = True
        elif active.name == "west_harding" or active.table or figures[-1].name == "the_stranger" \
                or figures[0].name == "the_stranger":
            can_bang = not self.bang_limit_reached(seat)  # an ability or a Gunbelt may count
        else:
            can_bang = False  # the plain limit of one BANG! a turn, reached
        reload_ok = not (me_two and opp_two)  # reload_allowed: a side has one character
        toco = can_bang and name_of_active == "toco_ramirez" and self.ability(active,
                                                                             "toco_ramirez")
        annie = can_bang and name_of_active == "annie_oakley" and self.ability(active,
                                                                               "annie_oakley")
        # Equipment aims at the own rearguard or the opponent's active character (the
        # commonest rule after hits, so its targets are at hand); the rarer rules' targets
        # are worked out on first use.
        equip_targets = everyone if jack else [own_rear, opp_active]
        targets_of: dict[int, list[int] | list[tuple[int, int]]] = {}
        # A card stays in hand for several listings and its plays are immutable values: each
        # plain play (at a place or at nothing, no card in play aimed at) is made once per
        # game and listed again. Its key is an integer, hashed at once: (slot * cards + card)
        # * 8 + 1 + place, with NO_SEAT (-1) for no place. A slot holds one physical card for
        # the whole game (new slots are numbered on), so a key names one play.
        plays = self._plays
        get_play = plays.get
        for slot, card in hand:
            rule, is_bang, reload, missed = _PLAY_RULES[card]
            key = (slot * _CARD_COUNT + card) * 8 + 1  # + place
            if rule == _HIT:  # the common rules first, without the table of targets
                if can_bang or not is_bang:
                    for target in hit_targets:
                        made = get_play(key + target)
                        if made is None:
                            made = plays[key + target] = _fast_play(slot, card, target)
                        add(made)
            elif rule == _UNTARGETED:
                made = get_play(key - 1)
                if made is None:
                    made = plays[key - 1] = _fast_play(slot, card)
                add(made)
            elif rule == _EQUIP:
                for target in equip_targets:
                    made = get_play(key + target)
                    if made is None:
                        made = plays[key + target] = _fast_play(slot, card, target)
                    add(made)
            elif rule != _NO_PLAY and (can_bang or not is_bang):
                targets = targets_of.get(rule)
                if targets is None:
                    targets = targets_of[rule] = self._rule_targets(
                        rule, seat, everyone, hit_targets, jack, me_two, opp_two)
                if rule == _STEAL_LIKE:
                    if card in _STEAL_IDS and sides[opp].hand:
                        add(_fast_play(slot, card, opp_active, FROM_HAND))
                    for code, eq in targets:
                        add(_fast_play(slot, card, code, eq))
                else:
                    for target in targets:
                        add(_fast_play(slot, card, target))
            if not is_bang and (toco or (annie and missed)):
                for target in hit_targets:
                    add(_fast_play(slot, card, target, AS_COLT))
            if reload_ok and reload:
                add(Reload(slot, card))
        if cards_only:
            return actions
        if reload_ok:
            for slot in active.table:
                if DUEL_CARDS[self.known[slot]].name in RELOAD_CARDS:
                    add(Reload(slot, self.known[slot]))
        if me_two:
            if not self.token_moved:
                add(_MOVE_TOKEN)
            # No walk of the four play-phase abilities without such a character in play.
            if figures[0].name in _PLAY_ABILITIES or figures[1].name in _PLAY_ABILITIES:
                actions.extend(self._legal_abilities(seat, hand))
        elif figures[0].name in _PLAY_ABILITIES:
            actions.extend(self._legal_abilities(seat, hand))
        add(_PASS)
        return actions

    def _rule_targets(self, rule: int, seat: int, everyone: list[int], hit_targets: list[int],
                      jack: bool, me_two: bool, opp_two: bool) -> list[Any]:
        """The places (or, for Steal and Teacher, place and equipment pairs) one play rule
        aims at on this table; Jack Ransome aims anything anywhere."""
        own = seat * 2
        opp = 1 - seat
        opp_active = opp * 2 + ACTIVE
        own_rear = own + (REARGUARD if me_two else ACTIVE)
        if rule == _HIT:
            return hit_targets
        if rule == _WINCHESTER:
            if opp_two and opp * 2 + REARGUARD not in hit_targets:
                return [*hit_targets, opp * 2 + REARGUARD]
            return hit_targets
        if rule == _EQUIP:
            return everyone if jack else [own_rear, opp_active]
        if rule == _DYNAMITE:
            return everyone if jack else [own_rear]
        if rule == _INN:
            return everyone if jack else [own + ACTIVE, opp_active] + (
                [own + REARGUARD] if me_two else [])
        if rule == _CANTEEN:
            return [s * 2 for s, two in ((seat, me_two), (opp, opp_two)) if two]
        if rule == _STEAL_LIKE:
            reachable = everyone if jack or not opp_two else everyone[:-1]
            return [(code, eq) for code in reachable for eq in self.figure_at(code).table]
        return []

    def _legal_abilities(self, seat: int, hand: list[tuple[int, int]]) -> list[Any]:
        """The play-phase abilities (asked only when such a character is in play), in a fixed
        order: Sundance Kid, Cattle Kate, Babe Leroy, Pearl Hart."""
        actions: list[Any] = []
        used = self.abilities_used
        if "sundance_kid" not in used and self.side_ability(seat, "sundance_kid"):
            actions.extend(_fast_ability("sundance_kid", (slot,), (card,))
                           for slot, card in hand)
        kate = self.side_ability(seat, "cattle_kate")
        if kate is not None and "cattle_kate" not in used:
            for slot in kate.table:
                card = self.known[slot]
                if DUEL_CARDS[card].name not in ALWAYS_ACTIVE_CARDS:
                    actions.append(_fast_ability("cattle_kate", (slot,), (card,)))
        if "babe_leroy" not in used and self.side_ability(seat, "babe_leroy") \
                and not self.sides[seat].hand:
            actions.append(_fast_ability("babe_leroy", (), ()))
        if "pearl_hart" not in used and self.side_ability(seat, "pearl_hart") and self.discard:
            actions.extend(self._pearl_hart_options(seat, hand))
        return actions

    def _pearl_hart_options(self, seat: int, hand: list[tuple[int, int]]) -> list[Any]:
        """Discard a hand card to play the action card on top of the discard pile: every
        aim that card would have from the hand (dodge-only cards have no effect to play)."""
        top = self.discard[-1]
        card = self.known[top]
        if DUEL_CARDS[card].kind != ACTION or DUEL_CARDS[card].name not in ACTIONS:
            return []
        aims = [a for a in self._legal_play(seat, [(top, card)], cards_only=True)
                if isinstance(a, Play) and a.target_slot != AS_COLT]
        return [_fast_ability("pearl_hart", (slot,), (paid,), aim.target, aim.target_slot)
                for slot, paid in hand for aim in aims]

    # ------------------------------------------------------------------ knowledge & piles

    def _event(self, kind: str, seat: int = NO_SEAT, target: int = NO_SEAT,
               card: int = -1, value: int = 0) -> None:
        key = (kind, seat, target, card, value, -1)
        self.events.append(_EVENTS.get(key) or _shared_event(key))

    def _pop(self, side: int, count: int) -> Step:
        """Take ``count`` slots off ``side``'s draw pile (rulebook, LAPHÚZÁS: an empty own deck
        switches the side to the common pile, rebuilt from the discard pile when empty)."""
        s = self.sides[side]
        taken: list[int] = []
        self.taking = taken  # off the pile, not yet placed: visible while a reshuffle waits
        while len(taken) < count:
            pile = self.common if s.on_common else s.deck
            if pile:
                taken.append(pile.pop())
                continue
            if not s.on_common:
                s.on_common = True
                self._event("common_pile", side)
                continue
            if not self.discard:
                break
            cards = tuple(self.known[slot] for slot in self.discard)
            for slot in self.discard:
                self._forget(slot)
            self.discard = []
            slots = self._new_slots(len(cards))
            yield Shuffle(COMMON_PILE, cards, slots)
            self.common = list(slots)
            self._event("reshuffle", side, value=len(slots))
        return taken

    def _deal(self, slots: list[int], seat: int) -> Step:
        result = yield _fast_deal(tuple(slots), seat)
        for slot, card in zip(slots, result.values, strict=True):
            if card is not None:
                self._learn(slot, card)

    def _reveal(self, slots: list[int]) -> Step:
        result = yield _fast_reveal(tuple(slots))
        for slot, card in zip(slots, result.values, strict=True):
            self._learn(slot, card)
        return list(result.values)

    def _draw(self, side: int, count: int, pile_side: int | None = None) -> Step:
        owner = self.sides[side if pile_side is None else pile_side]
        pile = self.common if owner.on_common else owner.deck
        if 0 < count <= len(pile):
            # The common case, without the ``_pop`` and ``_deal`` generators (a Duel draws
            # ~350 times): enough cards on the pile, so no switch to the common pile and no
            # reshuffle; the same slots, in the order ``_pop`` takes them.
            slots = pile[-count:][::-1]
            del pile[-count:]
            result = yield _fast_deal(tuple(slots), side)
            values = result.values
            if None in values:  # dealt to the other seat of a seat's engine
                for slot, card in zip(slots, values, strict=True):
                    if card is not None:
                        self._learn(slot, card)
            else:  # ``_learn`` for each: distinct slots and cards (checked by ``apply``)
                self.known.update(zip(slots, values, strict=True))
                self._where.update(zip(values, slots, strict=True))
        else:
            slots = yield from self._pop(side if pile_side is None else pile_side, count)
            if slots:
                yield from self._deal(slots, side)
        if slots:
            self.sides[side].hand.extend(slots)
            key = ("draw", side, NO_SEAT, -1, len(slots), -1)
            self.events.append(_EVENTS.get(key) or _shared_event(key))
        return slots

    def _to_discard(self, slot: int) -> None:
        self.discard.append(slot)

    def _discard_from_hand(self, side: int, slot: int, card: int) -> None:
        self.sides[side].hand.remove(slot)
        self._learn(slot, card)
        self.discard.append(slot)
        key = ("discard", side, NO_SEAT, card, 0, -1)
        self.events.append(_EVENTS.get(key) or _shared_event(key))

    def _draw_check(self, side: int, pile_side: int | None = None) -> Step:
        """Rulebook, FELFEDÉS: the top card of the pile goes face up onto the discard pile; its
        symbol counts. Bart Masterson (always active) flips two and his owner picks one."""
        bat = None
        for s in (LAWMEN, OUTLAWS):
            if self.side_ability(s, "bart_masterson"):
                bat = s
        slots = yield from self._pop(side if pile_side is None else pile_side,
                                     2 if bat is not None else 1)
        if not slots:
            return None
        yield from self._reveal(slots)
        chosen = slots[0]
        if len(slots) > 1:
            pick = yield _fast_decision(bat, PICK_CHECK, tuple(slots))
            chosen = pick.value
        for slot in slots:
            if slot != chosen:
                self.discard.append(slot)
        self.discard.append(chosen)
        card = self.known[chosen]
        self._event("check", side, card=card)
        return DUEL_CARDS[card].symbol

    # ------------------------------------------------------------------ game flow

    def _run(self) -> Step:
        try:
            yield from self._setup()
            side = LAWMEN
            while True:
                yield from self._turn(side)
                side = 1 - side
        except GameOver as over:
            self.result = over.end
            self._event("game_over", over.end.winners[0])
            # This frame holds the game and the game holds it: the flow is handed to one that
            # does not, and a finished Duel is freed as soon as nobody uses it (``apply``
            # refuses every input from here on anyway).
            self._flow = finished_flow(over.end)
            yield over.end
        raise AssertionError("the game is over")  # pragma: no cover

    def _setup(self) -> Step:
        """Each side shuffles its characters and deck; two characters come into play (the
        first one active) and each side draws as many cards as its active character's life."""
        for side in (LAWMEN, OUTLAWS):
            chars = tuple(c for c in PLAYABLE_CHARACTERS if DUEL_CHARACTERS[c].side == side)
            slots = self._new_slots(len(chars))
            for slot in slots:
                self.char_slots[slot] = side
            yield Shuffle(CHARACTER_PILES[side], chars, slots)
            self.sides[side].reserve = list(slots)
            cards = card_ids(side)
            deck = self._new_slots(len(cards))
            yield Shuffle(DECK_PILES[side], cards, deck)
            self.sides[side].deck = list(deck)
        for side in (LAWMEN, OUTLAWS):
            for _ in range(2):
                fig = yield from self._next_character(side)
                self.sides[side].figures.append(fig)
        for side in (LAWMEN, OUTLAWS):
            yield from self._draw(side, self.figure(side, ACTIVE).life)

    def _next_character(self, side: int) -> Step:
        slot = self.sides[side].reserve.pop()
        result = yield _fast_reveal((slot,))
        character = result.values[0]
        self.known_chars[slot] = character
        self._event("character", side, card=character)
        return Figure(side, character)

    def _turn(self, side: int) -> Step:
        self.current = side
        self.turn += 1
        self.bangs_played = 0
        self.token_moved = False
        self.abilities_used = set()
        self._event("turn", side, value=self.turn)
        figures = self.sides[side].figures
        # Nothing in play on the side's characters (most turns): no start-of-turn card to
        # find, and none can arrive before the walk would reach it.
        if figures[0].table or (len(figures) == 2 and figures[1].table):
            for name in START_OF_TURN_ORDER:
                for fig in list(self.sides[side].figures):
                    if fig.life > 0 and fig in self.sides[side].figures and self.works(fig,
                                                                                       name):
                        yield from START_OF_TURN[name](self, fig)
                        yield from self._settle(side)
        active = self.figure_at(side * 2)
        if active.name == "the_daltons" or active.name == "pat_garrett":
            yield from self._draw_phase(side)
        else:  # the draw phase of every other active character, one generator less
            yield from self._draw(side, 2 + self.works(active, "bank"))
        while True:
            action = yield _fast_decision(side, PLAY)
            if isinstance(action, Pass):
                break
            if type(action) is Play:  # most actions: one generator less than _play_action
                yield from self._play(side, action)
            else:
                yield from self._play_action(side, action)
            if self._unsettled():
                yield from self._settle(side)
        me = self.sides[side]
        while len(me.hand) > self.hand_limit(side):
            action = yield _fast_decision(side, DISCARD)
            self._discard_from_hand(side, action.slot, action.card)

    def _draw_phase(self, side: int) -> Step:
        active = self.figure(side, ACTIVE)
        count = 3 if self.ability(active, "the_daltons") else 2
        count += self.works(active, "bank")
        if self.ability(active, "pat_garrett"):
            yield from self._draw(side, 1)
            second = yield from self._pop(side, 1)
            if second:
                cards = yield from self._reveal(second)
                self.sides[side].hand.extend(second)
                self._event("draw_shown", side, card=cards[0])
                if DUEL_CARDS[cards[0]].symbol == HORSESHOE:
                    yield from self._draw(side, 1, pile_side=1 - side)
            count -= 2
        if count > 0:
            yield from self._draw(side, count)

    def _play_action(self, side: int, action: Any) -> Step:
        if isinstance(action, MoveToken):
            self.token_moved = True
            yield from self._move_token(side, side)
        elif isinstance(action, Reload):
            yield from self._reload(side, action)
        elif isinstance(action, UseAbility):
            yield from self._use_ability(side, action)
        else:
            yield from self._play(side, action)

    def _reload(self, side: int, action: Reload) -> Step:
        me = self.sides[side]
        if action.slot in me.hand:
            me.hand.remove(action.slot)
            self._learn(action.slot, action.card)
        else:
            self.figure(side, ACTIVE).table.remove(action.slot)
        self.discard.append(action.slot)
        self._event("reload", side, card=action.card)
        yield from self._draw(side, 1)

    def _use_ability(self, side: int, action: UseAbility) -> Step:
        self.abilities_used.add(action.character)
        self._event("ability", side, card=-1, value=len(action.slots))
        if action.character == "pearl_hart":
            top = self.discard[-1]
            card = self.known[top]
            self._discard_from_hand(side, action.slots[0], action.cards[0])
            self._event("pearl_hart", side, action.target, card)
            aim = Play(top, card, action.target, action.target_slot)
            yield from ACTIONS[DUEL_CARDS[card].name](self, side, aim)
            return
        if action.character == "sundance_kid":
            self._discard_from_hand(side, action.slots[0], action.cards[0])
        elif action.character == "cattle_kate":
            fig = self.side_ability(side, "cattle_kate")
            assert fig is not None
            fig.table.remove(action.slots[0])
            self.discard.append(action.slots[0])
        yield from self._draw(side, 2)

    def _move_token(self, side: int, mover: int) -> Step:
        """Swap ``side``'s active and rearguard; Django and the Pocket Watch of the other
        side draw when a player moves their own token; Tom Thorn shoots when he comes in."""
        s = self.sides[side]
        if len(s.figures) != 2:
            return
        s.active = 1 - s.active
        key = ("token", side, NO_SEAT, -1, s.active, -1)
        self.events.append(_EVENTS.get(key) or _shared_event(key))
        yield from self._became_active(self.figure(side, ACTIVE))
        if mover == side:
            other = 1 - side
            if self.side_ability(other, "django"):
                yield from self._draw(other, 1)
            if self.works(self.figure(other, ACTIVE), "pocket_watch"):
                yield from self._draw(other, 1)

    def _became_active(self, fig: Figure) -> Step:
        if self.ability(fig, "tom_thorn") and len(self.sides[1 - fig.side].figures) == 2:
            self._deferred.append((fig.side, 1 - fig.side, REARGUARD))
        return
        yield  # pragma: no cover

    # ------------------------------------------------------------------ playing a card

    def _play(self, side: int, action: Play) -> Step:
        me = self.sides[side]
        me.hand.remove(action.slot)
        self._learn(action.slot, action.card)
        card = DUEL_CARDS[action.card]
        as_colt = action.target_slot == AS_COLT
        name = "colt" if as_colt else card.name
        key = ("play", side, action.target, action.card, 0, -1)
        self.events.append(_EVENTS.get(key) or _shared_event(key))
        if card.kind == EQUIPMENT and not as_colt:
            fig = self.figure_at(action.target)
            for slot in list(fig.table):
                if DUEL_CARDS[self.known[slot]].name == card.name:
                    fig.table.remove(slot)
                    self.discard.append(slot)
            fig.table.append(action.slot)
            return
        self.discard.append(action.slot)
        if card.kind == BANG or as_colt:
            self.bangs_played += 1
            yield from play_bang(self, side, name, self.figure_at(action.target))
            return
        yield from ACTIONS[name](self, side, action)

    # ------------------------------------------------------------------ hits and damage

    def _hit(self, attacker: int, fig: Figure, card: str | None = None) -> Step:
        """``fig`` is the target of one hit: it may dodge; return True when it dodged.
        A targeted rearguard wakes up for the response (rulebook, section 2)."""
        if fig.life <= 0 or fig not in self.sides[fig.side].figures:
            return False  # already down: nothing to dodge, no more life to lose
        side = fig.side
        self._awake.append(fig)
        try:
            code = side * 2 + (ACTIVE if self.is_active(fig) else REARGUARD)
            shooter = self.figure_at(attacker * 2)  # the attacker's active character
            tex = shooter.name == "tex_killer" and card is not None and \
                DUEL_CARDS_KIND.get(card) == BANG and self.ability(shooter, "tex_killer")
            needed = 2 if tex else 1
            barrel_used = sid_used = False
            key = ("hit", attacker, side, fig.character, code, -1)
            self.events.append(_EVENTS.get(key) or _shared_event(key))
            while True:
                options = [code]
                if self.works(fig, "barrel") and not barrel_used:
                    options.append(USE_BARREL)
                if self.works(fig, "hat"):
                    options.append(USE_HAT)
                if self.ability(fig, "sid_curry") and not sid_used:
                    options.append(USE_SID)
                answer = yield _fast_decision(side, RESPOND_HIT, tuple(options), attacker, needed,
                                        int(card == "derringer"))
                if isinstance(answer, Pass):
                    break
                if isinstance(answer, Play):
                    self._discard_from_hand(side, answer.slot, answer.card)
                    if DUEL_CARDS[answer.card].name == "counter":
                        self._deferred.append((side, 1 - side, ACTIVE))
                    yield from self._finish_dodge(side, attacker, tex)
                    return True
                if isinstance(answer, Discard):
                    self._discard_from_hand(side, answer.slot, answer.card)
                    yield from self._finish_dodge(side, attacker, tex)
                    return True
                if answer.value == USE_HAT:
                    hat = self._find(fig, "hat")
                    fig.table.remove(hat)
                    self.discard.append(hat)
                    yield from self._finish_dodge(side, attacker, tex)
                    return True
                if answer.value == USE_BARREL:
                    barrel_used = True
                    if (yield from self._draw_check(side)) == BARREL:
                        yield from self._finish_dodge(side, attacker, tex)
                        return True
                    continue
                sid_used = True
                if (yield from self._draw_check(side, pile_side=1 - side)) == BARREL:
                    self._deferred.append((side, attacker, ACTIVE))
                    yield from self._finish_dodge(side, attacker, tex)
                    return True
            # still awake while it takes the hit: a targeted rearguard's ability answers it
            yield from self._lose(fig, 1, attacker)
            return False
        finally:
            self._awake.remove(fig)

    def _finish_dodge(self, side: int, attacker: int, tex: bool) -> Step:
        if tex and self.sides[side].hand:
            extra = yield _fast_decision(side, EXTRA_DISCARD)
            self._discard_from_hand(side, extra.slot, extra.card)
        key = ("dodge", side, NO_SEAT, -1, 0, -1)
        self.events.append(_EVENTS.get(key) or _shared_event(key))
        if attacker != side and self.ability(self.figure(attacker, ACTIVE), "wyatt_earp"):
            yield from self._draw(attacker, 1)

    def _find(self, fig: Figure, name: str) -> int:
        for slot in fig.table:
            if DUEL_CARDS[self.known[slot]].name == name:
                return slot
        return NO_SLOT

    def _lose(self, fig: Figure, amount: int, attacker: int | None) -> Step:
        """``fig`` loses ``amount`` life; eliminations wait for the card to resolve (U2)."""
        if fig.life <= 0:
            return
        others = [f for f in self.sides[fig.side].figures if f is not fig]
        bell = others[0] if others else None
        if bell is not None and self.ability(bell, "buffalo_bell") and bell.life > amount:
            answer = yield _fast_decision(fig.side, BUFFALO, (1,))
            if isinstance(answer, Choose):
                fig = bell
        fig.life = max(0, fig.life - amount)
        # The character rides along in ``card`` so an interface can say who was hurt.
        key = ("damage", fig.side, NO_SEAT, fig.character, amount, -1)
        self.events.append(_EVENTS.get(key) or _shared_event(key))
        if fig.life <= 0:
            return
        by_opponent = attacker is not None and attacker != fig.side
        opp = 1 - fig.side
        for _ in range(amount):
            if by_opponent and self.ability(fig, "dalon_ranger"):
                yield from self._draw(fig.side, 1)
            if self.ability(fig, "alan_pinkerton"):
                self._deferred.append((fig.side, opp, ACTIVE))
            if by_opponent and self.ability(fig, "slim_poet") and self.sides[opp].hand:
                answer = yield _fast_decision(fig.side, SLIM_POET, (1,))
                if isinstance(answer, Choose):
                    yield from self._discard_random(opp, fig.side)

    def _discard_random(self, victim: int, by: int) -> Step:
        hand = self.sides[victim].hand
        pick = yield RandomInt(len(hand))
        slot = hand[pick.values[0]]
        cards = yield from self._reveal([slot])
        hand.remove(slot)
        self.discard.append(slot)
        self._event("discard", victim, card=cards[0])
        self._wild_bill(victim, None)

    def _wild_bill(self, victim: int, fig: Figure | None) -> None:
        """Wild Bill: a card drawn or discarded from his owner's hand or from beside him by
        the opponent makes the opponent's active character the target of a hit."""
        bill = self.side_ability(victim, "wild_bill")
        if bill is not None and (fig is None or fig is bill):
            self._deferred.append((victim, 1 - victim, ACTIVE))

    def _heal(self, fig: Figure, amount: int) -> None:
        gained = min(fig.max_life, fig.life + amount) - fig.life
        fig.life += gained
        if gained:
            self._event("heal", fig.side, card=fig.character, value=gained)

    # ------------------------------------------------------------------ eliminations

    def _unsettled(self) -> bool:
        """Whether ``_settle`` has anything to do: most plays leave nobody down and no hit
        waiting, and then the generator is not worth starting."""
        if self._deferred:
            return True
        for side in self.sides:
            for fig in side.figures:
                if fig.life <= 0:
                    return True
        return False

    def _settle(self, acting: int) -> Step:
        """After a card or effect resolved: eliminations in the rulebook's order (your active,
        opponent's active, your rearguard, opponent's rearguard), then the hits it caused."""
        while True:
            if not self._deferred and all(f.life > 0 for s in self.sides for f in s.figures):
                return
            dead = [f for f in self._in_order(acting) if f.life <= 0]
            if dead:
                for fig in dead:
                    yield from self._eliminate(fig)
                continue
            if not self._deferred:
                return
            attacker, side, place = self._deferred.pop(0)
            if self.sides[side].figures:
                yield from self._hit(attacker, self.figure(side, place))

    def _in_order(self, acting: int) -> list[Figure]:
        order: list[Figure] = []
        for place in (ACTIVE, REARGUARD):
            for side in (acting, 1 - acting):
                if self.sides[side].figures:
                    fig = self.figure(side, place)
                    if not any(f is fig for f in order):
                        order.append(fig)
        return order

    def _eliminate(self, fig: Figure) -> Step:
        side = fig.side
        s = self.sides[side]
        self._event("eliminated", side, card=fig.character)
        for bull_side in (1 - side, side):
            bull = self.side_ability(bull_side, "bull_anderson")
            if bull is not None and bull is not fig:
                yield from self._bull_takes(bull_side, fig)
        for slot in fig.table:
            self.discard.append(slot)
        fig.table = []
        index = next(i for i, f in enumerate(s.figures) if f is fig)
        new: Figure | None = None
        if s.reserve:
            new = yield from self._next_character(side)
            s.figures[index] = new
        else:
            s.figures.pop(index)
            s.active = 0
        if not s.figures:
            raise GameOver(End(SIDE_NAMES[1 - side], (1 - side,)))
        yield from self._draw(side, 2)
        for other in (side, 1 - side):
            if self.side_ability(other, "bill_tilghman"):
                yield from self._draw(other, 2)
        if new is not None and self.is_active(new):
            yield from self._became_active(new)

    def _take_from_hand(self, owner: int, side: int) -> Step:
        """A random card of ``owner``'s hand, taken out of it for ``side`` (Steal, Bull's
        take): its slot. An engine that will not see it where it goes forgets it."""
        hand = self.sides[owner].hand
        pick = yield RandomInt(len(hand))
        slot = hand.pop(pick.values[0])
        if self.viewer not in (None, side):
            self._forget(slot)
        return slot

    def _bull_takes(self, side: int, dead: Figure) -> Step:
        owner = dead.side
        for _ in range(2):
            options = list(dead.table)
            if owner != side and self.sides[owner].hand:
                options.append(FROM_HAND)
            if not options:
                return
            answer = yield _fast_decision(side, BULL, tuple(options))
            if isinstance(answer, Pass):
                return
            if answer.value == FROM_HAND:
                slot = yield from self._take_from_hand(owner, side)
            else:
                slot = answer.value
                dead.table.remove(slot)
            yield from self._deal([slot], side)
            self.sides[side].hand.append(slot)
            self._event("take", side, owner)


DUEL_CARDS_KIND = {card.name: card.kind for card in DUEL_CARDS}

# How each card id is played in the play phase (``_legal_play``): one rule per card name.
_NO_PLAY, _HIT, _WINCHESTER, _EQUIP, _DYNAMITE, _UNTARGETED, _INN, _CANTEEN, _STEAL_LIKE = \
    range(9)
_RULE_OF_NAME = {"winchester": _WINCHESTER, "dynamite": _DYNAMITE, "knife": _HIT,
                 "derringer": _HIT, "gatling": _UNTARGETED, "indians": _UNTARGETED,
                 "beer": _UNTARGETED, "stagecoach": _UNTARGETED, "general_store": _UNTARGETED,
                 "duel": _UNTARGETED, "inn": _INN, "canteen": _CANTEEN, "steal": _STEAL_LIKE,
                 "teacher": _STEAL_LIKE}


def _play_rule(card: DuelCard) -> tuple[int, bool, bool, bool]:
    """(rule, is a BANG-frame card, shows the reload symbol, is a Missed!) of one card."""
    rule = _RULE_OF_NAME.get(card.name)
    if rule is None:
        rule = {BANG: _HIT, EQUIPMENT: _EQUIP}.get(card.kind, _NO_PLAY)
    return rule, card.kind == BANG, card.name in RELOAD_CARDS, card.name == "missed"


_PLAY_RULES = tuple(_play_rule(card) for card in DUEL_CARDS)
_STEAL_IDS = frozenset(i for i, card in enumerate(DUEL_CARDS) if card.name == "steal")
_PASS = Pass()
_CARD_NAMES = tuple(card.name for card in DUEL_CARDS)
_CARD_COUNT = len(DUEL_CARDS)
_PLAY_ABILITIES = frozenset(("sundance_kid", "cattle_kate", "babe_leroy", "pearl_hart"))
_MOVE_TOKEN = MoveToken()


_ABILITY_SETTERS = tuple(getattr(UseAbility, name).__set__
                        for name in ("character", "slots", "cards", "target", "target_slot"))


def _fast_ability(character: str, slots: tuple[int, ...], cards: tuple[int, ...],
                  target: int = -1, target_slot: int = -1) -> UseAbility:
    """``UseAbility(...)`` set through its slots (as ``engine/fastvalues.py`` does): Pearl
    Hart lists one per hand card and aim at every decision of her play phase."""
    made = object.__new__(UseAbility)
    set_character, set_slots, set_cards, set_target, set_target_slot = _ABILITY_SETTERS
    set_character(made, character)
    set_slots(made, slots)
    set_cards(made, cards)
    set_target(made, target)
    set_target_slot(made, target_slot)
    return made


def _ints(*values: Any) -> str | None:
    for value in values:
        if not isinstance(value, int) or isinstance(value, bool):
            return f"expected an integer, got {value!r}"
    return None
