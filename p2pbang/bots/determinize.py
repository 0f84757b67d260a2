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
claim it cannot accept. Unbound variables get a card drawn at random from the cards of the
slot's shuffle that no sample has placed yet and no binding reserves. What a seat could
infer beyond that (he did not answer the BANG!, so he holds no Missed!) is not modelled:
this is plain determinized (perfect-information) Monte Carlo.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from p2pbang.engine.actions import NO_SEAT, Decision, End, Event
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


@dataclass
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
        events = view.apply(item)
        self.history.append(item)
        self.attacks.extend(e for e in events if e.kind == "play" and e.target != NO_SEAT)
        self._bind_from_view()

    def _observe_result(self, index: int, request: Any, result: ChanceResult) -> None:
        if isinstance(request, (Deal, Reveal, ReorderHand)):
            self.requests[index] = request
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
                variables.append(var)
            if variables:
                self.hidden[index] = variables

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
    """

    def __init__(self, rng: random.Random, pending: Counter[tuple[str, int]],
                 role_weight: RoleWeight | None = None) -> None:
        self._rng = rng
        self._role_weight = role_weight
        self._slot_shuffle: dict[int, int] = {}
        self._piles: list[str] = []  # shuffle -> its pile (cards of two piles may share ids)
        self._pools: dict[int, list[int]] = {}  # shuffle -> its cards not placed yet
        self._values: dict[int, int] = {}  # slot -> the card this world put there
        self._shuffles = 0
        # (pile, card) -> how many times the log still places it (seen or bound): never
        # sampled elsewhere before; (shuffle, card) -> the same, per shuffle holding the card
        self.pending = pending
        self._reserved: Counter[tuple[int, int]] = Counter()

    def _shuffled(self, request: Shuffle) -> None:
        number = self._shuffles
        self._shuffles += 1
        self._piles.append(request.pile)
        for card in set(request.cards):
            waiting = self.pending.get((request.pile, card), 0)
            if waiting > 0:
                self._reserved[(number, card)] = min(waiting, request.cards.count(card))
        self._pools[number] = list(request.cards)
        for slot in request.slots:
            self._slot_shuffle[slot] = number

    def _place(self, slot: int, value: int, logged: bool) -> None:
        """Put ``value`` in ``slot``: ``logged`` when the log says so (not a sample)."""
        shuffle = self._slot_shuffle.get(slot)
        if slot not in self._values and shuffle is not None:
            pool = self._pools[shuffle]
            if value in pool:
                pool.remove(value)
            if logged:
                key = (shuffle, value)
                if self._reserved.get(key):
                    self._reserved[key] -= 1
                waiting = (self._piles[shuffle], value)
                if self.pending.get(waiting):
                    self.pending[waiting] -= 1
        self._values[slot] = value

    def _sample(self, slot: int, seat: int = NO_SEAT) -> int:
        if slot in self._values:
            return self._values[slot]
        shuffle = self._slot_shuffle.get(slot)
        if shuffle is None:
            raise SampleFailed(f"slot {slot} belongs to no shuffle")
        reserved = self._reserved
        pool = self._pools[shuffle]
        if not pool:
            raise SampleFailed("no card left to sample")
        weight = self._role_weight
        if weight is not None and (seat == NO_SEAT or self._piles[shuffle] != "roles"):
            weight = None
        if not reserved and weight is None:  # playing the world on: a plain draw
            index = self._rng.randrange(len(pool))
            value = pool[index]
            pool[index] = pool[-1]
            pool.pop()
            self._values[slot] = value
            return value
        # A reservation may outlive its card at the end of a pile (a card the log places
        # twice is counted twice): the whole pool then, and the engine judges the sample.
        free = [c for c in pool if not reserved.get((shuffle, c))] or pool
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


# Draws of one world before giving up: a draw is refused when a card the seat saw later in
# a reordered hand was placed elsewhere by an earlier choice of the sample (the sampler does
# not yet carry such late sightings back to the deal), or when the engine refuses it.
# Redrawing is rejection sampling: every world returned agrees with the seat's view.
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


def _carry_back(knowledge: SeatKnowledge, bindings: dict[int, dict[int, int]]) -> None:
    """A card the seat saw after a hidden reorder was in that hand before it: bind it where
    the log last put a hidden card in that slot, latest reorder first, so the deal gives the
    hand that card instead of a sample that a later sighting contradicts."""
    hidden_slots = {index: {var.slot for var in variables}
                    for index, variables in knowledge.hidden.items()}
    order = sorted(knowledge.requests)
    reorders = [index for index in order if isinstance(knowledge.requests[index], ReorderHand)]
    for reorder in reversed(reorders):
        for slot, value in sorted(bindings.get(reorder, {}).items()):
            earlier = [i for i in order if i < reorder and slot in hidden_slots.get(i, ())]
            if not earlier:
                continue
            bound = bindings.setdefault(earlier[-1], {})
            if slot not in bound and value not in bound.values():
                bound[slot] = value


def _draw_world(knowledge: SeatKnowledge, rng: random.Random,
                role_weight: RoleWeight | None) -> tuple[Any, SamplingDealer]:
    """One draw of :func:`sample_world`."""
    bindings: dict[int, dict[int, int]] = {}
    for index, variables in knowledge.hidden.items():
        for var in variables:
            if var.value is not None:
                bindings.setdefault(index, {})[var.slot] = var.value
    _carry_back(knowledge, bindings)
    # Every card the log places where the seat saw it (shown, or bound): reserved until then.
    pending: Counter[tuple[str, int]] = Counter()
    placed: set[int] = set()
    pile_of: dict[int, str] = {}
    for index, request in knowledge.requests.items():
        if isinstance(request, Shuffle):
            pile_of.update((slot, request.pile) for slot in request.slots)
            continue
        if isinstance(request, ReorderHand):
            continue
        result = knowledge.history[index]
        bound = bindings.get(index, {})
        for slot, value in zip(request.slots, result.values, strict=True):
            value = value if value is not None else bound.get(slot)
            if value is not None and slot not in placed and slot in pile_of:
                pending[(pile_of[slot], value)] += 1
            placed.add(slot)
    world = new_game(knowledge.choice, None)
    dealer = SamplingDealer(rng, pending, role_weight)
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
    dealer.pending.clear()  # the log is placed: the rest of the world is free to sample
    dealer._reserved.clear()
    return world, dealer
