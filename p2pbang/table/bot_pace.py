"""The pace of the bot peers a host starts, as in solo play, and changed the same way (+/-).

In solo play the interface waits between the computer players' moves, so the person can
follow them. The bots a host starts are other processes on the same machine; they share one
small file, ``<host home>/bots/pace``, holding the seconds to wait before each move. The
host writes it (the default pace when the bots start, the new one when the person presses
+ or -) and each bot reads it before every decision, so a change takes effect at once.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import trio

from p2pbang.engine.actions import Action, Decision, Event
from p2pbang.table.core import TableCore
from p2pbang.table.participants import Decider

PACE_FILE = "pace"
# The speeds a person steps through with + and - (solo screens and the host's bots alike):
# seconds between computer moves, fastest first. The default is a second a move: at 0.3 s
# a person new to the game could not follow who did what (issue 22); ``--pace`` on ``solo``
# and ``host`` starts elsewhere.
DELAYS = (0.0, 0.1, 0.3, 0.6, 1.0, 1.5, 2.5)
DEFAULT_SPEED = 4
DEFAULT_PACE = DELAYS[DEFAULT_SPEED]  # seconds, the solo interface's default speed
MAX_PACE = 5.0


def pace_file(bots_home: Path) -> Path:
    return Path(bots_home) / PACE_FILE


def write_pace(path: Path, seconds: float) -> None:
    """Set the pace (clamped to 0..MAX_PACE), atomically: a bot never reads half a number."""
    seconds = max(0.0, min(MAX_PACE, float(seconds)))
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_text(f"{seconds:.3f}\n", encoding="ascii")
    os.replace(temp, path)


def read_pace(path: Path) -> float:
    """The pace in the file; the default when it is missing or unreadable (never fails)."""
    try:
        seconds = float(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return DEFAULT_PACE
    if not 0.0 <= seconds <= MAX_PACE:  # also refuses nan
        return DEFAULT_PACE
    return seconds


class PacedDecider:
    """A decider that waits the file's pace before each move it makes."""

    def __init__(self, inner: Decider, path: Path) -> None:
        self.inner = inner
        self.path = path

    async def decide(self, core: TableCore, decision: Decision) -> Action:
        # The bot's own think time (the strong bot searches) is part of the pace: only the
        # rest of it is waited.
        pace = read_pace(self.path)
        start = trio.current_time()
        action = await self.inner.decide(core, decision)
        await trio.sleep(max(0.0, pace - (trio.current_time() - start)))
        return action

    def observe(self, events: list[Event]) -> None:
        observe = getattr(self.inner, "observe", None)
        if observe is not None:
            observe(events)


__all__ = ["DEFAULT_PACE", "DELAYS", "PacedDecider", "nearest_speed", "pace_file", "read_pace",
           "speed_of", "write_pace"]


def nearest_speed(path: Path | None) -> int:
    """The speed step nearest the pace in ``path`` (where a host's bots are), the default
    step without a pace file: a screen starts there and steps from it."""
    if path is None:
        return DEFAULT_SPEED
    return speed_of(read_pace(path))


def add_pace_argument(parser: argparse.ArgumentParser, whose: str) -> None:
    """``--pace SECONDS`` (one of the steps +/- go through) for ``solo`` and ``host``."""
    steps = ", ".join(f"{s:g}" for s in DELAYS)
    parser.add_argument("--pace", type=float, choices=DELAYS, default=DEFAULT_PACE,
                        metavar="SECONDS",
                        help=f"seconds {whose} wait before each move: {steps} "
                             f"(default {DEFAULT_PACE:g}; + and - change it in the game)")


def speed_of(seconds: float) -> int:
    """The speed step nearest ``seconds`` a move."""
    return min(range(len(DELAYS)), key=lambda i: abs(DELAYS[i] - seconds))
