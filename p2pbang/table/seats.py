"""Seat numbers as people see them: 1 to n clockwise around the table.

The engine and the log index players by their place in the signed roster (who signs which
part), which is not where they sit: the seating is drawn in the game. Everything a person
reads (replay, verify, the logs) numbers seats by the drawn seating instead, so "seat 3" is
the third chair clockwise, in the order the table shows.
"""

from __future__ import annotations

from p2pbang.engine.game import Game


def seat_number(game: Game, seat: int) -> int:
    """The 1-based chair of roster index ``seat`` in the seating order around the table."""
    order = game.order
    if seat in order:
        return order.index(seat) + 1
    return seat + 1


def seats_clockwise(game: Game) -> list[int]:
    """Roster indices in the order they sit, chair 1 first."""
    return list(game.order) or list(range(len(game.players)))


__all__ = ["seat_number", "seats_clockwise"]
