"""What an engine knows of the hidden cards: the card game's and The Duel's slot knowledge.

Why shared: both games deal cards face down into numbered slots (the dealer's seam,
``engine/chance.py``) and learn a card only when a chance result or a played card shows it.
The bookkeeping is the same in both (slot -> card, its inverse, fresh slot numbers, "does this
claim fit what I know"), so it is written once here and both engines inherit it. The Dice Game
deals only role cards and keeps no slot knowledge.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class SlotKnowledge:
    """Slot -> card as far as this engine has seen (``known``), its inverse, and the next
    fresh slot number. An engine calls ``_start_knowledge`` in its constructor."""

    __slots__ = ()  # adds no instance dict: the compiled card game has none (bang/game.pxd)
    known: dict[int, int]
    _where: dict[int, int]
    _next_slot: int

    def _start_knowledge(self) -> None:
        self.known = {}  # slot -> card, for the cards this engine has seen
        self._where = {}  # card -> slot, inverse of ``known``
        self._next_slot = 0

    def _learn(self, slot: int, card: int) -> None:
        self.known[slot] = card
        self._where[card] = slot

    def _forget(self, slot: int) -> None:
        card = self.known.pop(slot, None)
        if card is not None and self._where.get(card) == slot:
            del self._where[card]

    def _new_slots(self, count: int) -> tuple[int, ...]:
        start = self._next_slot
        self._next_slot += count
        return tuple(range(start, start + count))

    def _slot_claim(self, slot: int, card: int) -> str | None:
        """Why "``slot`` holds ``card``" contradicts what this engine knows, or ``None``: the
        slot is known to hold another card, or the card is known to lie in another slot."""
        held = self.known.get(slot)
        if held is not None:
            return None if held == card else f"slot {slot} does not hold card {card}"
        elsewhere = self._where.get(card)
        if elsewhere is not None and elsewhere != slot:
            return f"card {card} is known to be elsewhere"
        return None

    def _missing_hand(self, seat: int, hand: Iterable[int], cards: Mapping[int, int]) -> str | None:
        """A seat taken must hold every hidden card of its hand (``engine/contract.py``)."""
        missing = [slot for slot in hand if slot not in self.known and slot not in cards]
        if missing:
            return f"the cards of seat {seat}'s hand in slots {missing} are missing"
        return None
