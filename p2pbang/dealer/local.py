"""The LocalDealer: a seeded dealer that knows every card, for solo play, tests and simulation.

It answers the engine's chance requests (``p2pbang.engine.chance``) from one deterministic
stream, so the same seed always deals the same game. It trusts whoever runs it and is never
used between peers: that is the MentalDealer's job.
"""

from __future__ import annotations

from p2pbang.dealer.stream import SeededStream
from p2pbang.engine.chance import (
    ChanceRequest,
    ChanceResult,
    Deal,
    RandomInt,
    ReorderHand,
    Reveal,
    Shuffle,
)

_set_values = ChanceResult.values.__set__  # type: ignore[attr-defined]


def _result(values: tuple[int | None, ...]) -> ChanceResult:
    """``ChanceResult(values)`` without the frozen dataclass ``__init__`` (the same value; a
    game asks for one at nearly every other step)."""
    made = object.__new__(ChanceResult)
    _set_values(made, values)
    return made


# The answer to every shuffle (it carries no values).
_NO_VALUES = _result(())

# One shared ``ChanceResult`` per random integer drawn: a value is immutable, and a dice game
# draws from a few thousand (a roll of up to five dice is below 6**5), so looking one up costs
# less than making it. Bounded, as a seating code (up to 8! = 40,320) or a card game's large
# bounds could otherwise grow it.
_INT_RESULTS: dict[int, ChanceResult] = {}
_INT_RESULTS_LIMIT = 1 << 15


def _int_result(value: int) -> ChanceResult:
    """The one ``ChanceResult((value,))``, made on first use."""
    made = _INT_RESULTS.get(value)
    if made is None:
        if len(_INT_RESULTS) >= _INT_RESULTS_LIMIT:
            _INT_RESULTS.clear()
        made = _INT_RESULTS[value] = _result((value,))
    return made


class LocalDealer:
    """Answers chance requests with full knowledge; ``cards`` maps every dealt slot to its card."""

    def __init__(self, seed: int | bytes | str, cards: dict[int, int] | None = None) -> None:
        """``cards`` pre-loads slots already laid out (a game started from a position)."""
        self._stream = SeededStream(seed)
        self._below = self._stream.below  # bound once: asked at nearly every other step
        self.cards: dict[int, int] = dict(cards or {})

    def resolve(self, request: ChanceRequest) -> ChanceResult:
        kind = type(request)
        if kind is RandomInt:  # most requests of a dice game: answered first
            value = self._below(request.bound)
            return _INT_RESULTS.get(value) or _int_result(value)
        if kind is Deal or kind is Reveal:  # most requests of a card game
            cards = self.cards
            return _result(tuple([cards[slot] for slot in request.slots]))
        if isinstance(request, Shuffle):
            order = list(request.cards)
            self._stream.shuffle(order)
            for slot, card in zip(request.slots, order, strict=True):
                self.cards[slot] = card
            return _NO_VALUES
        if isinstance(request, (Deal, Reveal)):
            cards = self.cards
            return _result(tuple([cards[slot] for slot in request.slots]))
        if isinstance(request, ReorderHand):
            # The same answer as the MentalDealer's: the hand's cards, in a new order.
            order = [self.cards[slot] for slot in request.slots]
            self._stream.shuffle(order)
            self.cards.update(zip(request.slots, order, strict=True))
            return _result(tuple(order))
        if isinstance(request, RandomInt):
            return ChanceResult((self._stream.below(request.bound),))
        raise TypeError(f"not a chance request: {request!r}")
