"""Given/when/then scenarios on a stacked table: the vocabulary of the rules tests.

    table = Scenario(["willy_the_kid", "slab_the_killer", "bart_cassidy", "paul_regret"],
                     hands={0: ["bang", "bang"]}, deck=["missed", "beer"])
    table.play(0, "bang", target=1)
    table.respond(1, "missed")          # or table.pass_(1), table.barrel(1)
    assert table.life(1) == 4

Cards are named by rules name ("bang"), optionally with the printed corner ("bang:AS",
"missed:10C"), and each name picks a physical copy not used elsewhere in the position.
Random integers (which card from a hand...) come from a script: ``randoms=[...]``; the
scenario fails loudly when a random number is needed that the test did not script.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from p2pbang.engine.actions import (
    FROM_HAND,
    NO_SEAT,
    NO_SLOT,
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
    UseBarrel,
)
from p2pbang.engine.bang.cards.base import BASE_CARDS, OUTLAW, RENEGADE, SHERIFF
from p2pbang.engine.bang.catalog import CardDef
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.position import PLAY_PHASE, Position
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import gold_rush
from p2pbang.engine.chance import (
    ChanceRequest,
    ChanceResult,
    Deal,
    RandomInt,
    ReorderHand,
    Reveal,
    Shuffle,
    result_for_viewer,
)

_DEFAULT_ROLES = {
    3: ["deputy", OUTLAW, RENEGADE],  # Dodge City's 3-player table: roles face up
    4: [SHERIFF, OUTLAW, OUTLAW, RENEGADE],
    5: [SHERIFF, OUTLAW, OUTLAW, RENEGADE, "deputy"],
    6: [SHERIFF, OUTLAW, OUTLAW, RENEGADE, "deputy", OUTLAW],
    7: [SHERIFF, OUTLAW, OUTLAW, RENEGADE, "deputy", OUTLAW, "deputy"],
    8: [SHERIFF, OUTLAW, OUTLAW, RENEGADE, "deputy", OUTLAW, "deputy", RENEGADE],
}


class ScriptedDealer:
    """Answers from the laid-out cards; shuffles keep order, random integers follow a script."""

    def __init__(self, cards: dict[int, int], randoms: Iterable[int] = ()) -> None:
        self.cards = dict(cards)
        self.randoms = list(randoms)
        self.requests: list[ChanceRequest] = []

    def resolve(self, request: ChanceRequest) -> ChanceResult:
        self.requests.append(request)
        if isinstance(request, Shuffle):
            # A reshuffle keeps the discard order (the old top of the discard pile becomes
            # the top of the new deck): scenarios stay predictable; randomness is the real
            # dealers' job.
            for slot, card in zip(request.slots, request.cards, strict=True):
                self.cards[slot] = card
            return ChanceResult(())
        if isinstance(request, (Deal, Reveal)):
            return ChanceResult(tuple(self.cards[slot] for slot in request.slots))
        if isinstance(request, ReorderHand):
            # Kept in order, like a reshuffle, so the scripted random picks still take the
            # cards a test means; the other seats' engines forget the order all the same.
            return ChanceResult(tuple(self.cards[slot] for slot in request.slots))
        if isinstance(request, RandomInt):
            if not self.randoms:
                raise AssertionError(f"unscripted random integer below {request.bound}")
            value = self.randoms.pop(0)
            if not 0 <= value < request.bound:
                raise AssertionError(f"scripted random {value} not below {request.bound}")
            return ChanceResult((value,))
        raise TypeError(request)


class CardPicker:
    """Turns "bang" / "bang:AS" into distinct physical card ids.

    Cards asked for by their corner anywhere in the position are set aside first, so a plain
    "beer" in a hand never takes the very "beer:6H" a test stacked on the deck.
    """

    def __init__(self, specs: Iterable[str] = (),
                 cards: tuple[CardDef, ...] = BASE_CARDS) -> None:
        self.cards = cards
        self.used: set[int] = set()
        self.reserved: set[int] = set()
        for spec in specs:
            if ":" in spec:
                self.reserved.add(self._find(spec, self.reserved | self.used))

    def __call__(self, spec: str) -> int:
        if ":" in spec:
            # A cornered spec takes a copy set aside for it, if the constructor saw it.
            taken = self.used | (set(range(len(self.cards))) - self.reserved)
            try:
                card_id = self._find(spec, taken)
            except ValueError:
                card_id = self._find(spec, self.used | self.reserved)
        else:
            card_id = self._find(spec, self.used | self.reserved)
        self.used.add(card_id)
        self.reserved.discard(card_id)
        return card_id

    def many(self, specs: Iterable[str]) -> list[int]:
        return [self(spec) for spec in specs]

    def _find(self, spec: str, excluded: set[int]) -> int:
        name, _, corner = spec.partition(":")
        label = _corner_label(corner) if corner else None
        for card_id, card in enumerate(self.cards):
            if card.name != name or card_id in excluded:
                continue
            if label is not None and card.label != label:
                continue
            return card_id
        raise ValueError(f"no unused card matches {spec!r}")


def _corner_label(corner: str) -> str:
    from p2pbang.engine.bang.catalog import RANK_NAMES, SUIT_SYMBOLS, parse_suit_rank

    suit, rank = parse_suit_rank(corner)
    return f"{RANK_NAMES.get(rank, str(rank))}{SUIT_SYMBOLS[suit]}"


class Scenario:
    """A game started from a stacked table, with helpers to act and to look."""

    def __init__(
        self,
        characters: Sequence[str],
        roles: Sequence[str] | None = None,
        hands: dict[int, list[str]] | None = None,
        tables: dict[int, list[str]] | None = None,
        life: dict[int, int] | None = None,
        dead: Iterable[int] = (),
        deck: Sequence[str] = (),
        discard: Sequence[str] = (),
        turn: int | None = None,
        phase: str = PLAY_PHASE,
        randoms: Iterable[int] = (),
        bangs_played: int = 0,
        viewer: int | None = None,
        order: Sequence[int] | None = None,
        rules: RuleSet | None = None,
        event: str | None = None,
        events: Sequence[str] | None = None,
        event_final: str | None = None,
        nuggets: dict[int, int] | None = None,
        equipment: dict[int, list[str]] | None = None,
        shop: Sequence[str] = (),
        equipment_deck: Sequence[str] = (),
    ) -> None:
        """``nuggets``, ``equipment`` (in front of a seat), ``shop`` and ``equipment_deck``
        (top first) lay out a Gold Rush table; equipment named nowhere lies below the pile."""
        n = len(characters)
        hands = hands or {}
        tables = tables or {}
        dead = set(dead)
        if any(hands.get(seat) or tables.get(seat) for seat in dead):
            raise ValueError("an eliminated seat holds no cards")
        equipment = equipment or {}
        pick = CardPicker([*(c for h in hands.values() for c in h),
                           *(c for t in tables.values() for c in t), *deck, *discard],
                          rules.cards if rules is not None else BASE_CARDS)
        self.position = Position(
            characters=list(characters),
            roles=list(roles or _DEFAULT_ROLES[n]),
            hands=[pick.many(hands.get(seat, [])) for seat in range(n)],
            tables=[pick.many(tables.get(seat, [])) for seat in range(n)],
            life=[(life or {}).get(seat) for seat in range(n)],
            alive=[seat not in dead for seat in range(n)],
            deck=pick.many(deck),
            discard=pick.many(discard),
            turn=turn,
            phase=phase,
            bangs_played=bangs_played,
            order=list(order) if order is not None else None,
            event=event,
            events=list(events) if events is not None else None,
            event_final=event_final,
            nuggets=[(nuggets or {}).get(seat, 0) for seat in range(n)],
            equipment=[pick.many(equipment.get(seat, [])) for seat in range(n)],
            shop=pick.many(shop),
            equipment_deck=pick.many(equipment_deck),
        )
        self.game = Game.from_position(self.position, viewer, rules=rules)
        self.dealer = ScriptedDealer(
            {**self.game.initial_cards, **self.game.initial_roles,
             **self.game.initial_events}, randoms)
        self.events: list[Event] = []
        self.settle()

    # ---------------------------------------------------------------- driving

    def settle(self) -> None:
        """Answer chance requests until a decision (or the end) is pending."""
        game = self.game
        while not isinstance(game.pending, (Decision, End)):
            request = game.pending
            # A seat's engine sees only what the request shows it: a private deal to another
            # seat reaches it as hidden values, as it would from a real dealer.
            result = result_for_viewer(request, self.dealer.resolve(request), game.viewer)
            self.events.extend(game.apply(result))

    def act(self, action: Action) -> list[Event]:
        """Apply ``action`` for the pending seat, then settle chance; return the events."""
        start = len(self.events)
        self.events.extend(self.game.apply(action))
        self.settle()
        return self.events[start:]

    def expect(self, seat: int, kind: str | None = None) -> Decision:
        pending = self.game.pending
        assert isinstance(pending, Decision), f"expected a decision, game is at {pending!r}"
        assert pending.seat == seat, f"expected seat {seat} to decide, not {pending}"
        if kind is not None:
            assert pending.kind == kind, f"expected a {kind} decision, not {pending}"
        return pending

    def slot_of(self, seat: int, spec: str) -> tuple[int, int]:
        """The (slot, card) of the first card in ``seat``'s hand matching ``spec``."""
        name, _, corner = spec.partition(":")
        for slot in self.game.players[seat].hand:
            card = self.game.known[slot]
            definition = self.game.cards[card]
            if definition.name != name:
                continue
            if not corner or definition.label == _corner_label(corner):
                return slot, card
        raise AssertionError(f"seat {seat} holds no {spec!r}: {self.hand(seat)}")

    def in_play_slot(self, seat: int, name: str) -> int:
        for slot in self.game.players[seat].table:
            if self.game.cards[self.game.known[slot]].name == name:
                return slot
        raise AssertionError(f"seat {seat} has no {name!r} in play")

    def play(self, seat: int, spec: str, target: int = NO_SEAT, *, steal: str | None = None,
             from_hand: bool = False) -> list[Event]:
        """Play a card; ``steal`` names a card in play of the target, ``from_hand`` a random
        card of the target's hand (Panic!, Cat Balou)."""
        self.expect(seat)
        slot, card = self.slot_of(seat, spec)
        target_slot = NO_SLOT
        if steal is not None:
            target_slot = self.in_play_slot(target, steal)
        elif from_hand:
            target_slot = FROM_HAND
        return self.act(Play(slot, card, target, target_slot))

    def play_paid(self, seat: int, spec: str, cost: str, target: int = NO_SEAT, *,
                  steal: str | None = None, from_hand: bool = False) -> list[Event]:
        """Play a "+1" card, paying with the hand card ``cost``."""
        self.expect(seat)
        slot, card = self.slot_of(seat, spec)
        cost_slot, cost_card = next(
            (s, c) for s in self.game.players[seat].hand
            if s != slot and self.game.cards[c := self.game.known[s]].name == cost)
        target_slot = NO_SLOT
        if steal is not None:
            target_slot = self.in_play_slot(target, steal)
        elif from_hand:
            target_slot = FROM_HAND
        return self.act(PlayPaid(slot, card, target, target_slot, cost_slot, cost_card))

    def respond(self, seat: int, spec: str) -> list[Event]:
        """Answer with a card (Missed!, BANG! in a Duel, Beer when dying...)."""
        self.expect(seat)
        slot, card = self.slot_of(seat, spec)
        return self.act(Play(slot, card))

    def discard(self, seat: int, spec: str) -> list[Event]:
        self.expect(seat)
        slot, card = self.slot_of(seat, spec)
        return self.act(Discard(slot, card))

    def ability(self, seat: int, *specs: str) -> list[Event]:
        self.expect(seat)
        chosen: list[tuple[int, int]] = []
        for spec in specs:
            name, _, corner = spec.partition(":")
            for slot in self.game.players[seat].hand:
                card = self.game.known[slot]
                if (slot, card) in chosen or self.game.cards[card].name != name:
                    continue
                if corner and self.game.cards[card].label != _corner_label(corner):
                    continue
                chosen.append((slot, card))
                break
            else:
                raise AssertionError(f"seat {seat} holds no other {spec!r}")
        chosen.sort()
        return self.act(Ability(tuple(s for s, _ in chosen), tuple(c for _, c in chosen)))

    def choose(self, seat: int, value: int) -> list[Event]:
        self.expect(seat)
        return self.act(Choose(value))

    def barrel(self, seat: int) -> list[Event]:
        self.expect(seat)
        return self.act(UseBarrel())

    def pass_(self, seat: int) -> list[Event]:
        self.expect(seat)
        return self.act(Pass())

    def end_turn(self, seat: int) -> list[Event]:
        return self.pass_(seat)

    def reject(self, action: Action) -> str:
        """Assert that ``action`` is refused with ``IllegalAction`` and changes nothing;
        return the reason, so a test can check that it explains the refusal."""
        before = self.snapshot()
        try:
            self.game.apply(action)
        except IllegalAction as error:
            after = self.snapshot()
            assert after == before, f"{action} was refused but changed the state"
            return str(error)
        raise AssertionError(f"{action} was accepted")

    # ---------------------------------------------------------------- looking

    def life(self, seat: int) -> int:
        return self.game.players[seat].life

    def alive(self, seat: int) -> bool:
        return self.game.players[seat].alive

    def hand(self, seat: int) -> list[str]:
        return [self.game.cards[self.game.known[s]].name for s in self.game.players[seat].hand]

    def in_play(self, seat: int) -> list[str]:
        return [self.game.cards[self.game.known[s]].name for s in self.game.players[seat].table]

    def discard_pile(self) -> list[str]:
        return [self.game.cards[self.game.known[s]].name for s in self.game.discard]

    def nuggets(self, seat: int) -> int:
        return gold_rush.state(self.game).nuggets[seat]

    def equipment(self, seat: int) -> list[str]:
        return [self.game.card_name(self.game.known[s]) for s in self.game.players[seat].equipment]

    def shop(self) -> list[str]:
        return [self.game.card_name(self.game.known[s]) for s in gold_rush.state(self.game).shop]

    def shop_slot(self, name: str) -> int:
        for slot in gold_rush.state(self.game).shop:
            if self.game.card_name(self.game.known[slot]) == name:
                return slot
        raise AssertionError(f"no {name!r} for sale: {self.shop()}")

    def equipment_slot(self, seat: int, name: str) -> int:
        for slot in self.game.players[seat].equipment:
            if self.game.card_name(self.game.known[slot]) == name:
                return slot
        raise AssertionError(f"seat {seat} has no {name!r} equipment")

    def deck_size(self) -> int:
        return len(self.game.deck)

    def legal(self) -> list[Action]:
        return self.game.legal_actions()

    def is_legal(self, seat: int, spec: str, target: int = NO_SEAT, **kw: Any) -> bool:
        """Would playing ``spec`` (at ``target``) be legal now?"""
        slot, card = self.slot_of(seat, spec)
        target_slot = NO_SLOT
        if kw.get("steal"):
            target_slot = self.in_play_slot(target, kw["steal"])
        elif kw.get("from_hand"):
            target_slot = FROM_HAND
        return Play(slot, card, target, target_slot) in self.legal()

    @property
    def end(self) -> End | None:
        pending = self.game.pending
        return pending if isinstance(pending, End) else None

    def event_kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def snapshot(self) -> tuple[Any, ...]:
        """The game's state (see ``game_state``) plus how far the dealer got."""
        return (*game_state(self.game), len(self.dealer.requests))


def game_state(game: Game) -> tuple[Any, ...]:
    """Every piece of state an accepted input could change, as comparable values: a refused
    input must leave this exactly as it was."""
    players = tuple(
        (p.life, p.alive, tuple(p.hand), tuple(p.table), p.role, p.role_public,
         tuple(p.equipment))
        for p in game.players
    )
    return (
        game.pending, game.current, game.turn, game.bangs_played, game.result,
        tuple(game.deck), tuple(game.discard), tuple(game.store), players,
        repr(sorted(game.set_state.items())),  # each set's own (a dataclass: all shown)
        tuple(sorted(game.known.items())), tuple(sorted(game._where.items())),
        tuple(game.alive_seats()), len(game.history), tuple(game.events),
        game.event_in_force, tuple(game.event_pile), game.must_play,
    )
