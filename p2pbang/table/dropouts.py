"""What a table does when a player leaves or vanishes: the ``dropouts`` table option.

Why an option bound into the genesis (``protocol/seats.md`` section 2): escrow trades some
confidentiality for liveness. With ``escrow`` every seat's dealer key is escrowed among all
the other seats (threshold ``n - 1`` of the ``n - 1`` holders), so a seat that vanishes can be
replaced, and only a coalition of *every* other player could read a hand. With ``off`` (today's
all-or-nothing model) even all the others together cannot, and a vanished seat stops the game.
Every player signs the choice with the genesis, so nobody plays under a model they did not see.

The Duel has two seats: nobody to escrow a key with. There a vanished player forfeits after
the countdown (``forfeit``), whatever was asked. A genesis that does not name the option (a
game recorded before it existed) is ``off``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

ESCROW = "escrow"
OFF = "off"
FORFEIT = "forfeit"
MODES = (ESCROW, OFF)
OPTION = "dropouts"
WAIT_OPTION = "dropout-wait"
DEFAULT_WAIT_S = 60
MIN_WAIT_S = 1
MAX_WAIT_S = 24 * 3600
ESCROW_MIN_SEATS = 3
KEYS = (OPTION, WAIT_OPTION)


class DropoutsError(ValueError):
    """A ``dropouts`` option that cannot be played; the text says why."""


@dataclass(frozen=True)
class Dropouts:
    """The table's choice: ``mode`` (``escrow``, ``off`` or, for two seats, ``forfeit``) and
    ``wait_s``, how long a silent seat is waited for before the table may replace it."""

    mode: str = ESCROW
    wait_s: int = DEFAULT_WAIT_S

    def __post_init__(self) -> None:
        if self.mode not in (*MODES, FORFEIT):
            raise DropoutsError(f"dropouts is escrow or off, not {self.mode!r}")
        if type(self.wait_s) is not int or not MIN_WAIT_S <= self.wait_s <= MAX_WAIT_S:
            raise DropoutsError(f"the dropout wait is {MIN_WAIT_S} to {MAX_WAIT_S} seconds")

    @classmethod
    def for_table(cls, asked: str, seats: int, wait_s: int = DEFAULT_WAIT_S) -> Dropouts:
        """What a table of ``seats`` plays when its opener asked for ``asked``: two seats
        cannot escrow, so they forfeit (unless ``off``: then the game only waits)."""
        if asked not in MODES:
            raise DropoutsError(f"--dropouts is escrow or off, not {asked!r}")
        if asked == ESCROW and seats < ESCROW_MIN_SEATS:
            return cls(FORFEIT, wait_s)
        return cls(asked, wait_s)

    @property
    def replaces(self) -> bool:
        """Whether a vanished seat can be handed to a new holder."""
        return self.mode == ESCROW

    def escrow_threshold(self, seats: int) -> int | None:
        """The dealer's escrow threshold: every other seat (``n - 1``), or None without escrow."""
        if self.mode != ESCROW or seats < ESCROW_MIN_SEATS:
            return None
        return seats - 1

    def to_options(self) -> dict[str, str]:
        return {OPTION: self.mode, WAIT_OPTION: str(self.wait_s)}

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Dropouts:
        """The choice a genesis binds; a genesis without it is ``off`` (recorded before it)."""
        mode = options.get(OPTION, OFF)
        wait = options.get(WAIT_OPTION, str(DEFAULT_WAIT_S))
        if not wait.isdigit() or len(wait) > 6:
            raise DropoutsError(f"the dropout wait is a whole number of seconds, not {wait!r}")
        return cls(mode, int(wait))

    def describe(self) -> str:
        """One line for the lobby, ``list``, ``verify`` and ``replay``."""
        if self.mode == ESCROW:
            return (f"dropouts: escrow (a seat silent {self.wait_s} s can be replaced; only "
                    "all the other players together could read a hand)")
        if self.mode == FORFEIT:
            return f"dropouts: forfeit (a player silent {self.wait_s} s may lose by forfeit)"
        return ("dropouts: off (nobody can ever read another's hand; a player who vanishes "
                "stops the game)")


def game_options(options: Mapping[str, str]) -> dict[str, str]:
    """The options that name the game itself (the engine's), without the table's own."""
    return {key: value for key, value in options.items() if key not in KEYS}


__all__ = ["DEFAULT_WAIT_S", "ESCROW", "FORFEIT", "KEYS", "MODES", "OFF", "OPTION",
           "WAIT_OPTION", "Dropouts", "DropoutsError", "game_options"]
