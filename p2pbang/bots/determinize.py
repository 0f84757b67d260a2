"""A seat's knowledge of a game, and whole games sampled to agree with it (determinization).

Why here, and why by replay: the engines are generators, which cannot be copied. The
cheapest sound way to start a search from a position is to replay the game's inputs into a
fresh all-seeing engine, with every card the seat was not shown filled in by a sample. The
seat's knowledge is kept by ``SeatKnowledge``: its own engine (``viewer`` = the seat), fed
the log masked for that seat (``result_for_viewer``), exactly what a network peer receives.
Nothing else of the game is read, so what the bot decides cannot depend on hidden cards.

A hidden card is a *variable*: a slot dealt to another seat, or a hand reordered out of the
seat's sight. When the seat later learns the slot's card (it is played, revealed, shown to
it), the variable is *bound*: a sample must put that card there, or the replay would meet a
claim it cannot accept. A card bound after a hidden reorder was somewhere in that hand
before it: each draw carries it back to one of the hand's earlier variables that can hold
it (``_carry_back``), latest reorder first, so the cards a reorder needs are in the hand
when it comes. Unbound variables get a card drawn at random from the cards of the slot's
shuffle that no binding of that shuffle reserves. What a seat could infer beyond that (he
did not answer the BANG!, so he holds no Missed!) is not modelled: this is plain
determinized (perfect-information) Monte Carlo.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from p2pbang.engine.actions import (
    NO_SEAT,
    Ability,
    Decision,
    Discard,
    End,
    Event,
    Play,
    PlayPaid,
    Sell,
)
from p2pbang.engine.chance import (
    ChanceResult,
    Deal,
    RandomInt,
    ReorderHand,
    Reveal,
    Shuffle,
    result_for_viewer,
)
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import new_game


class SampleFailed(Exception):
    """A sampled world the engine does not accept (rare: a reordered hand); try another."""


def choice_of(game: Any) -> GameChoice:
    """The ``GameChoice`` a game engine plays (the contract's ``choice``); ``ValueError``
    for an engine built from a laid-out rule set, which no choice rebuilds."""
    choice = game.choice
    if choice is None:
        raise ValueError("a game laid out from a rule set has no choice to rebuild it from")
    return choice


@dataclass(eq=False)  # compared and hashed by identity: one object per hidden card
class _Var:
    """A card hidden from the seat at history index ``index``, slot ``slot``."""

    index: int
    slot: int
    value: int | None = None  # bound: the card the seat later learned was there


@dataclass
class SeatKnowledge:
    """Seat ``seat``'s own engine of a game, kept in step with a game's log.

    ``sync(game)`` reads only the part of ``game.history`` it has not seen yet, masked for
    the seat before anything looks at it; ``history`` is the masked log.
    """

    choice: GameChoice
    seat: int
    view: Any = None
    history: list[Any] = field(default_factory=list)
    # history index -> the variables (one per hidden slot) of that chance result
    hidden: dict[int, list[_Var]] = field(default_factory=dict)
    # history index -> the request a chance result answered (Shuffle, Deal, Reveal,
    # ReorderHand)
    requests: dict[int, Any] = field(default_factory=dict)
    _open: dict[int, _Var] = field(default_factory=dict)  # slot -> its latest unbound variable
    _current: dict[int, _Var] = field(default_factory=dict)  # slot -> its latest variable
    # history index of a hidden reorder -> per slot, what it held just before: the card when
    # the seat knew it, else the slot's variable (None: neither, which a hand never has)
    before: dict[int, list[int | _Var | None]] = field(default_factory=dict)
    # The public "play" events aimed at a player (every seat's engine reports them alike):
    # the evidence of who attacked whom, for the role weights and the rollout bots' memory.
    attacks: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.view = new_game(self.choice, self.seat)

    def sync(self, game: Any) -> None:
        """Feed the seat's engine the inputs of ``game`` it has not seen, masked for it."""
        log = game.history
        if len(log) < len(self.history):
            raise ValueError("the game's log is shorter than what this seat has seen")
        for item in log[len(self.history):]:
            self._take(item)

    def _take(self, item: Any) -> None:
        view, seat = self.view, self.seat
        request = view.pending
        index = len(self.history)
        if isinstance(item, ChanceResult) and not isinstance(request, (Decision, End)):
            item = result_for_viewer(request, item, seat)
            if isinstance(request, Shuffle):
                self.requests[index] = request
            self._observe_result(index, request, item)
        else:
            self._bind_claims(item)
        events = view.apply(item)
        self.history.append(item)
        self.attacks.extend(e for e in events if e.kind == "play" and e.target != NO_SEAT)
        self._bind_from_view()

    def _observe_result(self, index: int, request: Any, result: ChanceResult) -> None:
        if isinstance(request, (Deal, Reveal, ReorderHand)):
            self.requests[index] = request
            if isinstance(request, ReorderHand) and None in result.values:
                known = getattr(self.view, "known", None) or {}
                self.before[index] = [known[slot] if slot in known else self._current.get(slot)
                                      for slot in request.slots]
            variables = []
            for slot, value in zip(request.slots, result.values, strict=True):
                if value is not None:
                    opened = self._open.pop(slot, None)
                    if opened is not None:
                        opened.value = value
                    continue
                var = _Var(index, slot)
                if isinstance(request, ReorderHand) or slot not in self._open:
                    self._open[slot] = var
                else:  # dealt again unseen (a steal between others): the same card
                    var = self._open[slot]
                self._current[slot] = var
                variables.append(var)
            if variables:
                self.hidden[index] = variables

    def _bind_claims(self, item: Any) -> None:
        """An answer that shows hand cards (played, discarded, paid, sold: a claim every
        engine checked) binds their slots, before the step it starts can make the seat's
        engine forget them (a card played as the deck runs out is reshuffled at once)."""
        if not self._open:
            return
        if isinstance(item, Ability):
            shown = list(zip(item.slots, item.cards, strict=False))
        elif isinstance(item, (Play, PlayPaid, Discard, Sell)):
            shown = [(item.slot, item.card)]
            if isinstance(item, PlayPaid):
                shown.append((item.cost_slot, item.cost_card))
        else:
            return
        for slot, card in shown:
            opened = self._open.pop(slot, None)
            if opened is not None:
                opened.value = card

    def _bind_from_view(self) -> None:
        known = getattr(self.view, "known", None)
        if not known or not self._open:
            return
        for slot in [s for s in self._open if s in known]:
            self._open.pop(slot).value = known[slot]


class SamplingDealer:
    """Answers an all-seeing engine's chance requests from a sample of the hidden cards.

    Used twice: to replay the seat's masked log (``fill``, with the seat's own results and
    the bindings), then to play the sampled world on (``resolve``, everything sampled).
    ``reserved``: per shuffle of the log (in its order), the cards the log places in that
    shuffle's slots (seen or bound), never sampled into another slot of it.
    """

    def __init__(self, rng: random.Random, reserved: list[Counter[int]] | None = None,
                 role_weight: RoleWeight | None = None) -> None:
        self._rng = rng
        self._role_weight = role_weight
        self._slot_shuffle: dict[int, int] = {}
        self._piles: list[str] = []  # shuffle -> its pile (cards of two piles may share ids)
        self._pools: dict[int, list[int]] = {}  # shuffle -> its cards not placed yet
        self._values: dict[int, int] = {}  # slot -> the card this world put there
        self._planned = list(reserved or [])
        self._reserved: dict[int, Counter[int]] = {}  # shuffle -> its reserved cards left

    def _shuffled(self, request: Shuffle) -> None:
        number = len(self._piles)
        self._piles.append(request.pile)
        if number < len(self._planned) and self._planned[number]:
            self._reserved[number] = Counter(self._planned[number])
        self._pools[number] = list(request.cards)
        for slot in request.slots:
            self._slot_shuffle[slot] = number

    def done_replaying(self) -> None:
        """The log is placed: the rest of the world is free to sample."""
        self._planned = []
        self._reserved.clear()

    def copy(self) -> SamplingDealer:
        """A dealer in this one's state, its random generator's included, that plays on
        without touching this one: it draws exactly what this one would draw next."""
        twin = SamplingDealer.__new__(SamplingDealer)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._role_weight = self._role_weight
        twin._slot_shuffle = dict(self._slot_shuffle)
        twin._piles = list(self._piles)
        twin._pools = {shuffle: list(pool) for shuffle, pool in self._pools.items()}
        twin._values = dict(self._values)
        twin._planned = list(self._planned)
        twin._reserved = {shuffle: Counter(left) for shuffle, left in self._reserved.items()}
        return twin

    def _place(self, slot: int, value: int, logged: bool) -> None:
        """Put ``value`` in ``slot``: ``logged`` when the log says so (not a sample)."""
        shuffle = self._slot_shuffle.get(slot)
        if slot not in self._values and shuffle is not None:
            pool = self._pools[shuffle]
            if value in pool:
                pool.remove(value)
            reserved = self._reserved.get(shuffle)
            if logged and reserved and reserved.get(value):
                reserved[value] -= 1
        self._values[slot] = value

    def _sample(self, slot: int, seat: int = NO_SEAT) -> int:
        if slot in self._values:
            return self._values[slot]
        shuffle = self._slot_shuffle.get(slot)
        if shuffle is None:
            raise SampleFailed(f"slot {slot} belongs to no shuffle")
        reserved = self._reserved.get(shuffle)
        pool = self._pools[shuffle]
        weight = self._role_weight
        if weight is not None and (seat == NO_SEAT or self._piles[shuffle] != "roles"):
            weight = None
        if not reserved and weight is None:  # no card of this pile is spoken for
            if not pool:
                raise SampleFailed("no card left to sample")
            index = self._rng.randrange(len(pool))
            value = pool[index]
            pool[index] = pool[-1]
            pool.pop()
            self._values[slot] = value
            return value
        free = [c for c in pool if not reserved.get(c)] if reserved else pool
        if not free:  # every card left is placed elsewhere by the log: the bindings clash
            raise SampleFailed("no card of the shuffle is left for a hidden slot")
        if weight is not None:  # a hidden role, weighed by what its seat was seen to do
            value = self._rng.choices(free, [weight(seat, card) for card in free])[0]
        else:
            value = free[self._rng.randrange(len(free))]
        self._place(slot, value, False)
        return value

    def fill(self, request: Any, result: ChanceResult, bound: dict[int, int]) -> ChanceResult:
        """The all-seeing answer to ``request`` given the seat's masked ``result``."""
        if isinstance(request, Shuffle):
            self._shuffled(request)
            return result
        if isinstance(request, RandomInt):
            return result
        values = []
        for slot, value in zip(request.slots, result.values, strict=True):
            if value is None:
                value = bound.get(slot)
            if value is None:
                value = (self._sample(slot, getattr(request, "seat", NO_SEAT))
                         if not isinstance(request, ReorderHand) else None)
            elif not isinstance(request, ReorderHand):
                self._place(slot, value, True)
            values.append(value)
        if isinstance(request, ReorderHand):
            values = self._reorder(request, values)
        return ChanceResult(tuple(values))

    def _reorder(self, request: ReorderHand, values: list[int | None]) -> list[int]:
        """A hidden reorder: the hand's cards, bound ones where the seat later saw them."""
        held = [self._values.get(slot) for slot in request.slots]
        if None in held:
            raise SampleFailed("a reordered hand holds a card this world never placed")
        rest = Counter(held)
        rest.subtract(v for v in values if v is not None)
        if any(n < 0 for n in rest.values()):
            raise SampleFailed("a binding of a reordered hand contradicts the sample")
        left = list(rest.elements())
        self._rng.shuffle(left)
        out = [v if v is not None else left.pop() for v in values]
        self._values.update(zip(request.slots, out, strict=True))
        return out

    def resolve(self, request: Any) -> ChanceResult:
        """Play the sampled world on: every card not placed yet is drawn from its pool."""
        if isinstance(request, RandomInt):
            return ChanceResult((self._rng.randrange(request.bound),))
        if isinstance(request, Shuffle):
            self._shuffled(request)
            return ChanceResult(())
        if isinstance(request, ReorderHand):
            return ChanceResult(tuple(self._reorder(request, [None] * len(request.slots))))
        return ChanceResult(tuple(self._sample(slot) for slot in request.slots))


# Draws of one world before giving up. A draw is refused when a choice of ``_carry_back``
# (which earlier slot of a reordered hand held a card seen after the reorder) turns out to
# clash with something the engine knows (the card lay on the table in between), or when
# the engine refuses the world. Redrawing is rejection sampling: every world returned
# agrees with the seat's view.
SAMPLE_ATTEMPTS = 8
# How likely a seat is to hold a role card (by id), given what the seat saw it do: role
# cards of the "roles" pile are drawn for a hidden seat in proportion to it.
RoleWeight = Callable[[int, int], float]


def sample_world(knowledge: SeatKnowledge, rng: random.Random,
                 role_weight: RoleWeight | None = None) -> tuple[Any, SamplingDealer]:
    """A fresh all-seeing engine at the seat's current position, with every card hidden
    from the seat sampled consistently with what it saw; and the dealer to play it on.
    ``role_weight`` (optional) weighs the hidden roles by the evidence (``bots/roles.py``);
    without it they are uniform. Up to ``SAMPLE_ATTEMPTS`` draws; ``SampleFailed`` when
    none agrees with the view."""
    failure: SampleFailed | None = None
    for _ in range(SAMPLE_ATTEMPTS):
        try:
            return _draw_world(knowledge, rng, role_weight)
        except SampleFailed as exc:
            failure = exc
    assert failure is not None
    raise failure


class World:
    """A sampled world drawn once, to play on from the same position any number of times.

    Why: a search plays every root action in the same world (common random numbers). Drawing
    it again for each one (the same rng, so the same world) redid the whole draw each time:
    the carrying back, the reservations, the filling and a checked replay of the log. Here
    the draw is done once; ``start`` gives an engine at the position (the draw's own the
    first time, then the draw's all-seeing log replayed into a fresh engine without checking
    it again: ``replay_trusted``, docs/engine.md) and a copy of the dealer as the draw left it, so
    each start draws the same cards after the position as a fresh draw would have."""

    def __init__(self, knowledge: SeatKnowledge, rng: random.Random,
                 role_weight: RoleWeight | None = None) -> None:
        """Draw the world (``sample_world``: ``SampleFailed`` when none agrees with the
        view); ``rng`` is then left as a playout of ``sample_world``'s world would find it."""
        self._choice = knowledge.choice
        self._game: Any | None
        self._game, self._dealer = sample_world(knowledge, rng, role_weight)
        self.inputs: list[Any] = list(self._game.history)  # the all-seeing log, trusted

    def start(self) -> tuple[Any, SamplingDealer]:
        """An all-seeing engine at the seat's position in this world, and a dealer to play it
        on; each pair is fresh, and each plays on exactly as the first."""
        game = self._game
        if game is None:
            game = new_game(self._choice, None)
            game.replay_trusted(self.inputs)  # the draw's engine accepted each of them
        self._game = None
        return game, self._dealer.copy()


@dataclass
class _Layout:
    """Where the log's cards come from: per slot the shuffle that made it (its index in the
    log) and the index of its first deal or reveal; per shuffle its cards; the shuffles of
    each pile in the log's order."""

    shuffle_of: dict[int, int]
    first: dict[int, int]
    pools: dict[int, Counter[int]]
    piles: dict[str, list[int]]
    pile_of: dict[int, str]

    @classmethod
    def of(cls, knowledge: SeatKnowledge) -> _Layout:
        layout = cls({}, {}, {}, {}, {})
        for index in sorted(knowledge.requests):
            request = knowledge.requests[index]
            if isinstance(request, Shuffle):
                layout.shuffle_of.update((slot, index) for slot in request.slots)
                layout.pools[index] = Counter(request.cards)
                layout.piles.setdefault(request.pile, []).append(index)
                layout.pile_of[index] = request.pile
                continue
            for slot in request.slots:
                layout.first.setdefault(slot, index)
        return layout

    def origin(self, var: _Var) -> int | None:
        """The shuffle whose pool ``var``'s card was dealt from, when ``var`` is its slot's
        first placement (else the card came through a reorder, or from a known place)."""
        if self.first.get(var.slot) != var.index:
            return None
        return self.shuffle_of.get(var.slot)

    def reshuffled(self, shuffle: int, card: int, start: int, end: int) -> bool:
        """Whether ``card`` went through a shuffle of ``shuffle``'s pile between history
        indexes ``start`` and ``end``: it lay in the discard pile then, in no hand."""
        pile = self.pile_of.get(shuffle)
        return any(start < other < end and self.pools[other][card]
                   for other in self.piles.get(pile, ()))


def _carry_back(knowledge: SeatKnowledge, layout: _Layout, rng: random.Random
                ) -> dict[_Var, int]:
    """Every variable's card where the log fixes it: the bound ones, and for a card the seat
    saw after a hidden reorder, one of the hand's variables before that reorder, chosen at
    random among those that can hold it (latest reorder first, so a choice made for a later
    reorder becomes a card an earlier one must supply). A card the hand already held where
    the seat knows it (its own card, given or taken) needs no carrying. ``SampleFailed`` when
    the choices so far leave a card nowhere to come from (another draw chooses afresh)."""
    pins = {var: var.value for variables in knowledge.hidden.values() for var in variables
            if var.value is not None}
    taken: dict[int, Counter[int]] = {}  # shuffle -> its cards pinned at a first placement
    for var, card in pins.items():
        shuffle = layout.origin(var)
        if shuffle is not None:
            taken.setdefault(shuffle, Counter())[card] += 1
    for reorder in sorted(knowledge.before, reverse=True):
        need = Counter(pins[var] for var in knowledge.hidden.get(reorder, ()) if var in pins)
        if not need:
            continue
        have: Counter[int] = Counter()
        free: list[_Var] = []
        for held in knowledge.before[reorder]:
            if isinstance(held, _Var):
                if held in pins:
                    have[pins[held]] += 1
                else:
                    free.append(held)
            elif held is not None:
                have[held] += 1
        missing = list((need - have).elements())
        rng.shuffle(missing)
        for card in missing:
            fits = [var for var in free if _can_hold(layout, taken, var, card, reorder)]
            if not fits:
                raise SampleFailed(f"card {card} of a reordered hand has no earlier place")
            var = fits[rng.randrange(len(fits))]
            free.remove(var)
            pins[var] = card
            shuffle = layout.origin(var)
            if shuffle is not None:
                taken.setdefault(shuffle, Counter())[card] += 1
    return pins


def _can_hold(layout: _Layout, taken: dict[int, Counter[int]], var: _Var, card: int,
              reorder: int) -> bool:
    """Whether ``var`` (a hand's slot before ``reorder``) may have held ``card`` then: dealt
    from a shuffle holding the card not placed elsewhere, and not reshuffled in between."""
    shuffle = layout.origin(var)
    if shuffle is None:  # its card came through an earlier reorder: judged when that one is
        made = layout.shuffle_of.get(var.slot)
        return made is None or not layout.reshuffled(made, card, var.index, reorder)
    pool = layout.pools[shuffle]
    if pool[card] <= taken.get(shuffle, Counter())[card]:
        return False
    return not layout.reshuffled(shuffle, card, var.index, reorder)


def _draw_world(knowledge: SeatKnowledge, rng: random.Random,
                role_weight: RoleWeight | None) -> tuple[Any, SamplingDealer]:
    """One draw of :func:`sample_world`."""
    layout = _Layout.of(knowledge)
    pins = _carry_back(knowledge, layout, rng)
    bindings: dict[int, dict[int, int]] = {}
    for index, variables in knowledge.hidden.items():
        for var in variables:
            if var in pins:
                bindings.setdefault(index, {})[var.slot] = pins[var]
    # Per shuffle, the cards the log places in its slots (seen, or bound): reserved there.
    order = sorted(layout.pools)
    reserved: list[Counter[int]] = [Counter() for _ in order]
    number = {index: n for n, index in enumerate(order)}
    for index, request in knowledge.requests.items():
        if isinstance(request, (Shuffle, ReorderHand)):
            continue
        result = knowledge.history[index]
        bound = bindings.get(index, {})
        for slot, value in zip(request.slots, result.values, strict=True):
            value = value if value is not None else bound.get(slot)
            shuffle = layout.shuffle_of.get(slot)
            if value is not None and shuffle is not None and layout.first[slot] == index:
                reserved[number[shuffle]][value] += 1
    world = new_game(knowledge.choice, None)
    dealer = SamplingDealer(rng, reserved, role_weight)
    try:
        for index, item in enumerate(knowledge.history):
            request = world.pending
            if isinstance(item, ChanceResult) and not isinstance(request, (Decision, End)):
                item = dealer.fill(request, item, bindings.get(index, {}))
            world.apply(item)
    except SampleFailed:
        raise
    except Exception as exc:  # the engine refused this sample (IllegalAction and kin)
        raise SampleFailed(str(exc)) from exc
    dealer.done_replaying()
    return world, dealer
