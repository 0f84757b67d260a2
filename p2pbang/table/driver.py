"""The binding between the signed log and one TableCore: the log asks, the core answers.

``Log`` asks ``writers(i)`` once, when position ``i`` opens (positions ``0..i-1`` are then
committed). The answer must come from the game *as it stands after those entries*, so the
driver first feeds the core every committed entry it has not seen yet, in order, each
entry's parts in seat order, and only then reads ``core.expected()``. That keeps three
things in one place:

* **The verdict.** When an entry fails a rule or a proof the core raises ``Cheat`` naming
  the seat; the driver records it as the game's verdict and answers ``None``, which closes
  the log at that position on every honest peer alike (they all hold the same entries), so
  nothing more is written after a proven cheat. The exception never reaches the log's
  internals.
* **Equivocation.** A log halted by a proof of equivocation is a verdict too (the proof is
  the evidence); :meth:`LogDriver.check_halted` turns it into one.
* **The narration.** Events the core produces are handed to ``on_events`` as they happen,
  for the interface.

No I/O here: the network session, ``p2pbang verify`` and the tests all use it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from p2pbang.engine.actions import Event
from p2pbang.net.log import Log, Turn
from p2pbang.table.core import DEAL, MOVE, Cheat, TableCore
from p2pbang.table.seats import seat_number

CHEAT = "cheat"
EQUIVOCATION = "equivocation"
FAILURE = "failure"

EventSink = Callable[[list[Event]], None]
PartHook = Callable[[int, str, bytes], None]


@dataclass(frozen=True)
class Verdict:
    """Why the game stopped before its end, and whom to blame.

    ``kind`` is ``"cheat"`` (an entry broke a rule or a proof), ``"equivocation"`` (a seat
    signed two different entries for one position) or ``"failure"`` (this peer could not go
    on: a bug or a broken assumption, blamed on nobody, ``seat`` is -1). ``index`` is the
    log position; ``evidence`` the offending payload or the encoded proof. ``seat`` is the
    roster index (the log's and the wire's); ``chair`` the seat as people count it, 1 to n
    clockwise (``table/seats.py``), which every sentence uses.
    """

    kind: str
    seat: int
    reason: str
    index: int
    evidence: bytes = b""
    entry_kind: str = ""
    chair: int | None = None

    @property
    def seat_shown(self) -> int:
        """The chair, or (a verdict made without the game at hand) the roster place + 1."""
        return self.chair if self.chair is not None else self.seat + 1

    def describe(self, names: list[str]) -> str:
        if self.kind == FAILURE:
            return f"this peer could not go on at log position {self.index}: {self.reason}"
        who = names[self.seat] if 0 <= self.seat < len(names) else "?"
        if self.kind == EQUIVOCATION:
            return (f"{who} (seat {self.seat_shown}) equivocated: {self.reason} "
                    f"(log position {self.index})")
        where = {DEAL: "a dealing message", MOVE: "a move"}.get(self.entry_kind, "an entry")
        return (f"{who} (seat {self.seat_shown}) cheated in {where} at log position "
                f"{self.index}: {self.reason}")


class LogDriver:
    """Feeds a log's committed entries to a core and names the next writers."""

    def __init__(self, core: TableCore, on_events: EventSink | None = None,
                 on_part: PartHook | None = None) -> None:
        self.core = core
        self.on_events = on_events
        self.on_part = on_part
        self.fed = 0
        self.verdict: Verdict | None = None
        self._log: Log | None = None

    def bind(self, log: Log) -> None:
        """Attach the log whose ``writers`` callback is :meth:`writers`."""
        self._log = log

    @property
    def log(self) -> Log:
        if self._log is None:
            raise RuntimeError("the driver is not bound to a log yet")
        return self._log

    def writers(self, index: int) -> Turn | None:
        """The log's callback: who writes position ``index`` (``None`` closes the log)."""
        self.catch_up(index)
        if self.verdict is not None or self.fed < index:
            return None
        expected = self.core.expected()
        if expected is None:
            return None
        return Turn.of(*expected.seats)

    def catch_up(self, upto: int | None = None) -> None:
        """Feed the core every committed entry below ``upto`` (default: all of them)."""
        log = self.log
        target = len(log) if upto is None else min(upto, len(log))
        while self.fed < target and self.verdict is None:
            index = self.fed
            for part in log.entry(index).parts:
                if not self._feed(index, part.seat, part.kind, part.payload):
                    break
            self.fed = index + 1

    def check_halted(self) -> Verdict | None:
        """Adopt the log's proof of equivocation as the verdict, if it has one."""
        proof = self.log.halted
        if proof is not None and (self.verdict is None or self.verdict.kind != EQUIVOCATION):
            self.verdict = Verdict(
                EQUIVOCATION, proof.seat,
                "signed two different versions of one log entry and showed them to different "
                "players", proof.index, proof.encode(),
                chair=seat_number(self.core.game, proof.seat))
        return self.verdict

    @property
    def closed(self) -> bool:
        """Nothing more will be written: the game ended, or a verdict stopped it."""
        if self.check_halted() is not None:
            return True
        return self.log.open_turn() is None

    def _feed(self, index: int, seat: int, kind: str, payload: bytes) -> bool:
        try:
            events = self.core.receive(seat, kind, payload)
        except Cheat as cheat:
            self.verdict = Verdict(CHEAT, cheat.seat, cheat.reason, index,
                                   cheat.evidence or payload, kind,
                                   chair=seat_number(self.core.game, cheat.seat))
            return False
        except Exception as exc:  # our own bug or a broken assumption: stop, blame nobody
            self.verdict = Verdict(FAILURE, -1, f"{type(exc).__name__}: {exc}", index, payload,
                                   kind)
            return False
        if self.on_part is not None:
            self.on_part(seat, kind, payload)
        if events and self.on_events is not None:
            self.on_events(events)
        return True


__all__ = ["CHEAT", "EQUIVOCATION", "FAILURE", "LogDriver", "Verdict"]
