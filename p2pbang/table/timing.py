"""When each log entry was decided and applied at one peer, for ``p2pbang bench table``.

A bot given ``--timings FILE`` wraps its decider and reporter: the decider notes the wall
clock time it chose each of its moves (keyed by the log part the move becomes, the core's
count of applied parts plus one), the reporter the time each part with events was applied,
when a mid-game reshuffle of the discard pile came out of the dealing, and which parts
told a roll of the dice (the Dice Game: a public commit-reveal draw). All peers of a
bench run share one machine, so their wall clocks agree and the figures combine: a move's
latency is the last peer's applied time minus its author's decision time.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from p2pbang.engine.actions import Action, Decision, Event
from p2pbang.table.core import TableCore
from p2pbang.table.outcome import SessionResult
from p2pbang.table.participants import Decider, Reporter, SeatInfo


class Timings:
    """One peer's notes, written as JSON when the game ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.decided: dict[int, float] = {}
        self.applied: dict[int, float] = {}
        self.reshuffles: list[float] = []  # seconds from the part before to the reshuffle
        self.rolls: list[int] = []  # the parts whose events told a roll of the dice
        self._last_applied: float | None = None

    def note_applied(self, part: int, events: list[Event]) -> None:
        now = time.time()
        self.applied[part] = now
        if self._last_applied is not None and any(e.kind == "reshuffle" for e in events):
            self.reshuffles.append(now - self._last_applied)
        if any(e.kind == "roll" for e in events):
            self.rolls.append(part)
        self._last_applied = now

    def save(self) -> None:
        self.path.write_text(json.dumps({
            "decided": self.decided, "applied": self.applied, "reshuffles": self.reshuffles,
            "rolls": self.rolls}))


def load_timings(path: Path) -> dict[str, Any]:
    """A peer's notes, with the part numbers as integers again."""
    data = json.loads(path.read_text())
    return {"decided": {int(k): v for k, v in data["decided"].items()},
            "applied": {int(k): v for k, v in data["applied"].items()},
            "reshuffles": list(data["reshuffles"]),
            "rolls": [int(p) for p in data.get("rolls", [])]}


class TimingDecider:
    """A decider that notes when each of its moves was chosen."""

    def __init__(self, inner: Decider, timings: Timings) -> None:
        self.inner = inner
        self.timings = timings

    async def decide(self, core: TableCore, decision: Decision) -> Action:
        action = await self.inner.decide(core, decision)
        self.timings.decided[core.entries + 1] = time.time()
        return action

    def observe(self, events: list[Event]) -> None:
        observe = getattr(self.inner, "observe", None)
        if observe is not None:
            observe(events)


class TimingReporter:
    """A reporter that notes when each part was applied, then reports as ``inner`` does."""

    def __init__(self, inner: Reporter, timings: Timings) -> None:
        self.inner = inner
        self.timings = timings
        self._session: SeatInfo | None = None

    def started(self, session: SeatInfo) -> None:
        self._session = session
        self.inner.started(session)

    def events(self, events: list[Event]) -> None:
        if self._session is not None:
            self.timings.note_applied(self._session.core.entries, events)
        self.inner.events(events)

    def finished(self, result: SessionResult) -> None:
        self.timings.save()
        self.inner.finished(result)

    def __getattr__(self, name: str) -> Any:  # waiting, connection, warning, verdict, say
        return getattr(self.inner, name)


__all__ = ["TimingDecider", "TimingReporter", "Timings", "load_timings"]
