"""The chance seam: everything random or secret the engine asks of a dealer.

The engine never draws a random number and never looks at a hidden card on its own. When a
rule needs chance or a secret it sets ``game.pending`` to one of the requests below; a dealer
(the seeded ``LocalDealer`` or the cryptographic ``MentalDealer``) answers with a
``ChanceResult`` that is fed back through ``game.apply``.

Cards live in *slots*: small integers the engine assigns deterministically, so every peer
names the same slot the same way. A slot's card is known to a seat only once a request
showed it to that seat. Card identities are integers from the game's catalog.

The requests are plain values (msgpack-friendly, see ``to_wire``), so a dealer can be written
against them without importing anything else of the engine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Shuffle the face-up ``cards`` into fresh hidden ``slots`` (same length).

    Used for the starting deck, the role deck and the reshuffle of the discard pile. The
    cards entering are public (every peer can recompute them), the order coming out is not:
    after the request, ``slots[i]`` holds ``cards[perm[i]]`` for a permutation nobody knows.
    ``pile`` names the deck for domain separation of card encodings ("deck", "roles").
    The answer carries no values.
    """

    pile: str
    cards: tuple[int, ...]
    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """Show the hidden ``slots`` privately to ``seat``, and only to it.

    The slots may lie in the draw pile (a draw) or in another seat's hand (a card stolen,
    taken, or put back on the deck and drawn again): the dealer tracks who has already seen
    each slot and takes the steps a transfer needs. The answer carries the cards for the
    receiving seat; every other viewer gets ``None`` in their place.
    """

    slots: tuple[int, ...]
    seat: int


@dataclass(frozen=True, slots=True)
class Reveal:
    """Show the hidden ``slots`` to everyone (a draw! check, General Store, a hand discarded
    by an effect or at elimination). The answer carries the cards, for every viewer."""

    slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RandomInt:
    """A public uniform integer in ``[0, bound)`` (which card from a hand, a character...)."""

    bound: int


@dataclass(frozen=True, slots=True)
class ReorderHand:
    """Re-randomise the order of ``seat``'s hand (its hidden ``slots``, all of one pile).

    Why: slots are stable, so a seat that knows one card of another's hand (it gave that
    card, had it stolen, or put it back on the deck before it was drawn) knows which slot
    holds it, and a public random pick from that hand would tell it whether its old card
    was taken. Asked just before such a pick; afterwards ``slots`` hold the same cards in
    an order only ``seat`` knows. The answer carries those cards for ``seat`` and ``None``
    for everyone else, like a ``Deal``: the other seats forget which slot holds which card.
    """

    seat: int
    slots: tuple[int, ...]


ChanceRequest = Shuffle | Deal | Reveal | RandomInt | ReorderHand


@dataclass(frozen=True, slots=True)
class ChanceResult:
    """A dealer's answer to the pending request.

    ``values`` is empty for ``Shuffle``, one card (or ``None`` when hidden from this viewer)
    per slot for ``Deal``, ``ReorderHand`` and ``Reveal``, and the single drawn integer for
    ``RandomInt``.
    """

    values: tuple[int | None, ...] = ()


def result_for_viewer(
    request: ChanceRequest, result: ChanceResult, viewer: int | None
) -> ChanceResult:
    """Mask what ``viewer`` may not learn from ``result`` (``None`` is the all-seeing viewer)."""
    if (isinstance(request, (Deal, ReorderHand)) and viewer is not None
            and viewer != request.seat):
        return ChanceResult(tuple(None for _ in result.values))
    return result


def public_result(request: ChanceRequest, result: ChanceResult) -> ChanceResult:
    """The part of ``result`` every peer may see: what goes into the shared log."""
    if isinstance(request, (Deal, ReorderHand)):
        return ChanceResult(tuple(None for _ in result.values))
    return result


def check_result_shape(request: ChanceRequest, result: ChanceResult) -> str | None:
    """Return why ``result`` cannot answer ``request``, or ``None`` when its shape fits."""
    if not isinstance(result, ChanceResult):
        return "the pending step is a chance request: only a ChanceResult answers it"
    values = result.values
    n = len(values)
    kind = type(request)
    if kind is Deal or kind is Reveal:  # most requests of a card game: one plain loop
        if n != len(request.slots):
            return f"expected {len(request.slots)} card values, got {n}"
        hidden = False
        for value in values:
            if type(value) is not int:
                if value is None:
                    hidden = True
                elif not isinstance(value, int) or isinstance(value, bool):
                    return "card values must be integers"
        if hidden and kind is Reveal:
            return "a public reveal must show every card"
        return None
    if isinstance(request, Shuffle):
        return None if n == 0 else "a shuffle result carries no values"
    if isinstance(request, (Deal, Reveal, ReorderHand)):
        if n != len(request.slots):
            return f"expected {len(request.slots)} card values, got {n}"
        for value in values:
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                return "card values must be integers"
        if isinstance(request, Reveal) and any(v is None for v in values):
            return "a public reveal must show every card"
        if isinstance(request, ReorderHand) and len({v is None for v in result.values}) > 1:
            return "a reordered hand is shown whole or not at all"
        return None
    if isinstance(request, RandomInt):
        if n != 1:
            return "a random integer result carries exactly one value"
        value = result.values[0]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < request.bound:
            return f"random value must be an integer in [0, {request.bound})"
        return None
    return "unknown chance request"


def permutation_from_code(code: int, n: int) -> list[int]:
    """The permutation of ``range(n)`` whose Lehmer code is ``code`` (0 <= code < n!): a
    uniform code gives a uniform permutation, from a single public random draw."""
    if not 0 <= code < math.factorial(n):
        raise ValueError(f"a permutation code of {n} items is below {n}!")
    remaining = list(range(n))
    order = []
    for place in range(n, 0, -1):
        index, code = divmod(code, math.factorial(place - 1))
        order.append(remaining.pop(index))
    return order
