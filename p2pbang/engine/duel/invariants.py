"""Invariants of a Duel in progress, for selfplay and property tests (all-seeing engine).

Every one of the 80 cards is in exactly one place (a pile, a hand, in play, the General
Store, or in the dealer's hands while the pending request moves it), life stays between 0
and the character's maximum (0 only until the card that caused it resolved), each side has
one or two characters in play until the game ends.
"""

from __future__ import annotations

from collections.abc import Mapping

from p2pbang.engine.actions import Decision, End
from p2pbang.engine.chance import Deal, Reveal, Shuffle
from p2pbang.engine.contract import NO_CARDS
from p2pbang.engine.duel.actions import PICK_CHECK
from p2pbang.engine.duel.catalog import DUEL_CARDS
from p2pbang.engine.duel.game import DuelGame


def placed_slots(game: DuelGame) -> list[int]:
    """Card slots that lie somewhere on the table (not in the dealer's hands)."""
    slots = list(game.discard) + list(game.common) + list(game.store)
    for side in game.sides:
        slots += side.deck + side.hand
        for fig in side.figures:
            slots += fig.table
    return slots


def in_flight(game: DuelGame) -> set[int]:
    """Slots taken off a pile and not yet placed: the ones the pending step is about."""
    pending = game.pending
    if isinstance(pending, Shuffle):
        return set(pending.slots) | set(game.taking)
    if isinstance(pending, (Deal, Reveal)):
        return {s for s in pending.slots if s not in game.char_slots}
    if isinstance(pending, Decision) and pending.kind == PICK_CHECK:
        return set(pending.options)
    return set()


def violations(game: DuelGame, dealer_cards: Mapping[int, int] = NO_CARDS) -> list[str]:
    """Every broken invariant of ``game``, described; an empty list when all hold. The
    family's one shape (``engine/contract.py``): ``dealer_cards`` is not read here."""
    if game.turn == 0:
        return []  # still dealing the decks and characters
    problems: list[str] = []
    slots = placed_slots(game)
    if len(slots) != len(set(slots)):
        problems.append("a card is in two places")
    if len(set(slots) | in_flight(game)) != len(DUEL_CARDS):
        problems.append(f"{len(DUEL_CARDS) - len(set(slots) | in_flight(game))} cards missing")
    ended = isinstance(game.pending, End)
    for index, side in enumerate(game.sides):
        if not ended and not 1 <= len(side.figures) <= 2:
            problems.append(f"side {index} has {len(side.figures)} characters in play")
        for fig in side.figures:
            if not 0 <= fig.life <= fig.max_life:
                problems.append(f"{fig.name} has {fig.life} of {fig.max_life} life")
            if fig.life == 0 and isinstance(game.pending, Decision) \
                    and game.pending.kind == "play":
                problems.append(f"{fig.name} is at 0 life in the play phase")
    return problems
