"""How a game went for one peer: the value a session returns and its interfaces print.

Its own module so that reporters (bots, the line and full-screen interfaces) can name it
without importing the session that produces it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from p2pbang.engine.actions import End
from p2pbang.table.driver import Verdict


@dataclass
class SessionResult:
    """How the game went for this peer."""

    directory: Path
    names: list[str]
    end: End | None
    verdict: Verdict | None
    entries: int
    head: bytes
    transcript: Path | None = None
    left: bool = False
    gave_up: str | None = None
    unconfirmed: list[int] = field(default_factory=list)
    setup_s: float | None = None
    game_s: float = 0.0
    stats: dict[str, float] = field(default_factory=dict)
    chairs: list[int] = field(default_factory=list)
    left_for_good: str | None = None  # the new holder of this seat, when it left for good
    """Each roster index's seat as people count it, 1 to n clockwise (``table/seats.py``);
    empty when the seating was never drawn (then the roster place + 1 stands in)."""

    def who(self, seat: int) -> str:
        chair = self.chairs[seat] if seat < len(self.chairs) else seat + 1
        return f"{self.names[seat]} (seat {chair})"

    @property
    def ok(self) -> bool:
        return self.end is not None and self.verdict is None

    def outcome_text(self) -> str:
        if self.end is not None:
            winners = ", ".join(self.who(s) for s in self.end.winners)
            return f"{self.end.team} win: {winners}"
        if self.verdict is not None:
            return f"stopped: {self.verdict.describe(self.names)}"
        if self.left_for_good is not None:
            return f"left the game for good: {self.left_for_good} plays the seat now"
        if self.left:
            return "left the game before the end (p2pbang resume rejoins it)"
        return f"gave up: {self.gave_up}" if self.gave_up else "unfinished"

    def summary_lines(self) -> list[str]:
        lines = [f"result: {self.outcome_text()}",
                 f"log: {self.entries} entries, head {self.head.hex()}"]
        if self.unconfirmed:
            lines.append(f"not confirmed by {', '.join(self.who(s) for s in self.unconfirmed)} "
                         "(gone before the end?)")
        lines.append(f"game saved: {self.directory}")
        if self.transcript is not None:
            lines.append(f"transcript: {self.transcript}")
        return lines


__all__ = ["SessionResult"]
