"""What a dice game keeps per seat, and a laid-out table for scenarios."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from p2pbang.engine.dice.faces import (
    ARROW_TOKENS,
    CHARACTER_LIFE,
    ROLE_CARDS,
    THREE_PLAYER_ROLES,
)

# The tables the Dice Game seats (its rulebook: 3 to 8 players); its fact sheet reads these.
FEWEST_SEATS, MOST_SEATS = 3, 8


@dataclass(frozen=True)
class DiceLayout:
    """A laid-out table for scenarios: seats in clockwise order, roles, characters, life,
    arrows held, and whose turn starts. Only the all-seeing engine takes one."""

    roles: tuple[str, ...]
    characters: tuple[str, ...]
    life: tuple[int, ...] = ()
    arrows: tuple[int, ...] = ()
    first: int = 0

    def validate(self) -> None:
        n = len(self.roles)
        if not FEWEST_SEATS <= n <= MOST_SEATS or len(self.characters) != n:
            raise ValueError(f"a layout names {FEWEST_SEATS} to {MOST_SEATS} seats, one role "
                             "and character each")
        if any(c not in CHARACTER_LIFE for c in self.characters):
            raise ValueError("unknown character in layout")
        if n == 3 and sorted(self.roles) != sorted(THREE_PLAYER_ROLES):
            raise ValueError("three seats play deputy, outlaw and renegade")
        if n > 3 and Counter(self.roles) != Counter(ROLE_CARDS[:n]):
            raise ValueError(f"{n} seats play the roles {sorted(ROLE_CARDS[:n])}")
        if self.life and (len(self.life) != n or any(v < 1 for v in self.life)):
            raise ValueError("layout life: one positive value per seat")
        if self.arrows and (len(self.arrows) != n or any(a < 0 for a in self.arrows)
                            or sum(self.arrows) >= ARROW_TOKENS):
            raise ValueError(f"layout arrows: one per seat, fewer than {ARROW_TOKENS} in all")
        if not 0 <= self.first < n:
            raise ValueError("the first seat must be a seat")


class DicePlayer:
    __slots__ = ("alive", "arrows", "character", "life", "max_life", "role", "role_public",
                 "role_slot", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.character = ""
        self.max_life = 0
        self.life = 0
        self.arrows = 0
        self.alive = True
        self.role: str | None = None  # known to this engine?
        self.role_public = False
        self.role_slot = -1
