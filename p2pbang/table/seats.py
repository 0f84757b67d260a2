"""Seat numbers as people see them: 1 to n clockwise around the table.

The engine and the log index players by their place in the signed roster (who signs which
part), which is not where they sit: the seating is drawn in the game. Everything a person
reads (replay, verify, the logs) numbers seats by the drawn seating instead, so "seat 3" is
the third chair clockwise, in the order the table shows.
"""

from __future__ import annotations

from typing import Any

SEATING = "seating"  # the event of the game's seating draw


def _order(game: Any) -> list[int]:
    """The seating, when the game has one (The Duel's two sides need none); before its
    draw it is the roster's order, and every chair is the roster place + 1."""
    return list(getattr(game, "order", ()) or ())


def seat_number(game: Any, seat: int) -> int:
    """The 1-based chair of roster index ``seat`` in the seating order around the table."""
    order = _order(game)
    if seat in order:
        return order.index(seat) + 1
    return seat + 1


def seats_clockwise(game: Any) -> list[int]:
    """Roster indices in the order they sit, chair 1 first."""
    return _order(game) or list(range(game.n))


def who(names: list[str], game: Any, seat: int | None) -> str:
    """A player as every line names one: "Name (seat 3)", the chair clockwise. ``game`` may
    be None (the core is not up yet): the roster index plus one stands in."""
    if seat is None or not 0 <= seat < len(names):
        return "an unknown sender"
    return f"{names[seat]} (seat {seat_number(game, seat)})"


def seating(names: list[str], game: Any) -> str:
    """The players in their chairs, "1 Ace, 2 Bonnie, ...", once the seating is drawn."""
    return ", ".join(f"{chair} {names[seat]}"
                     for chair, seat in enumerate(seats_clockwise(game), 1))


def seating_drawn(events: list[Any]) -> bool:
    """Whether ``events`` include the draw of the seating (the games start with the roster's
    order as a placeholder, so only this event tells that the chairs are known)."""
    return any(event.kind == SEATING for event in events)


__all__ = ["SEATING", "seat_number", "seating", "seating_drawn", "seats_clockwise", "who"]
