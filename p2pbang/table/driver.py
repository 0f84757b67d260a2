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
from p2pbang.net.log import Log, SeatChangeEntry, Turn
from p2pbang.net.seats import Proposal, Purpose
from p2pbang.table.core import DEAL, MOVE, Cheat, TableCore
from p2pbang.table.seats import seat_number, who

CHEAT = "cheat"
EQUIVOCATION = "equivocation"
FAILURE = "failure"

EventSink = Callable[[list[Event]], None]
PartHook = Callable[[int, str, bytes], None]
# Told of each seat change as it is applied: (log position, proposal, game seat, new log seat).
SeatChangeHook = Callable[[int, Proposal, int, int | None], None]


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
                 on_part: PartHook | None = None, *, holder_key: bytes | None = None,
                 on_seat_change: SeatChangeHook | None = None) -> None:
        """``holder_key``: this core is (or will be) the new holder with that identity key,
        and takes the seat when a seat change names it. ``on_seat_change`` is told of each
        seat change applied."""
        self.core = core
        self.on_events = on_events
        self.on_part = on_part
        self.on_seat_change = on_seat_change
        self.holder_key = holder_key
        self.fed = 0
        self.verdict: Verdict | None = None
        self._log: Log | None = None
        # Game seat -> the log seat of its current holder (protocol/seats.md section 6.5);
        # and a leaver's old log seat, which still writes its own hand-over round.
        self.log_seats: list[int] = list(range(core.players))
        self._leavers: dict[int, int] = {}
        self.forfeit: tuple[int, int] | None = None  # (game seat, log position) of a forfeit

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
        if self.forfeit is not None:
            return None
        expected = self.core.expected()
        if expected is None:
            return None
        return Turn.of(*(self.log_seat(seat) for seat in expected.seats))

    def log_seat(self, seat: int) -> int:
        """The log seat that writes game seat ``seat``'s part of the open position."""
        if seat in self._leavers and self.core.dealer.leaver_writes:
            return self._leavers[seat]
        return self.log_seats[seat]

    def who(self, names: list[str], log_seat: int | None) -> str:
        """A log seat's holder as every line names one: "Name (seat 3)", the chair of the
        game seat it holds or held (``table/seats.py``); ``names`` by log seat."""
        if log_seat is None or not 0 <= log_seat < len(names):
            return who(names, self.core.game, log_seat)
        game_seat = self.game_seat(log_seat)
        chair = seat_number(self.core.game, log_seat if game_seat is None else game_seat)
        return f"{names[log_seat]} (seat {chair})"

    def game_seat(self, log_seat: int) -> int | None:
        """The game seat a log seat holds (or, for a leaver, held), None for none."""
        if log_seat in self.log_seats:
            return self.log_seats.index(log_seat)
        for seat, old in self._leavers.items():
            if old == log_seat:
                return seat
        return None

    def catch_up(self, upto: int | None = None) -> None:
        """Feed the core every committed entry below ``upto`` (default: all of them)."""
        log = self.log
        target = len(log) if upto is None else min(upto, len(log))
        while self.fed < target and self.verdict is None:
            index = self.fed
            entry = log.entry(index)
            if isinstance(entry, SeatChangeEntry):
                self._change(index, entry.change.proposal)
            for part in entry.parts:
                seat = self.game_seat(part.seat)
                if seat is None:  # the log admits only the writers this driver named
                    raise AssertionError(f"log seat {part.seat} holds no seat")
                if not self._feed(index, seat, part.kind, part.payload):
                    break
            self.fed = index + 1

    def _change(self, index: int, proposal: Proposal) -> None:
        """Apply the seat change that closed position ``index`` (``protocol/seats.md``)."""
        seat = self.game_seat(proposal.seat)
        if seat is None:
            raise AssertionError(f"log seat {proposal.seat} holds no seat")
        purpose = proposal.purpose
        holder: int | None = None
        try:
            if purpose is Purpose.OPEN:
                self.core.declare_withheld(seat)
            elif purpose is Purpose.FORFEIT:
                self.core.forfeit(seat)
                self.forfeit = (seat, index)
            else:
                holder = self.log.roster.seat_of(proposal.holder_key)
                if holder is None:
                    raise AssertionError("the log did not add the new holder to its roster")
                if purpose is Purpose.LEAVE:
                    self._leavers[seat] = proposal.seat
                self.log_seats[seat] = holder
                incoming = self.holder_key is not None and proposal.holder_key == self.holder_key
                self.core.change_seat(seat, cooperative=purpose is Purpose.LEAVE,
                                      incoming=incoming)
        except Cheat as cheat:
            # Every other seat signed this change: whoever proposed it, it cannot be applied.
            self.verdict = Verdict(FAILURE, -1, f"a seat change cannot be applied: "
                                   f"{cheat.reason}", index, b"", "seat change")
            return
        if self.on_seat_change is not None:
            self.on_seat_change(index, proposal, seat, holder)

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
            writer = self.log_seat(cheat.seat) if 0 <= cheat.seat < len(self.log_seats) \
                else cheat.seat
            self.verdict = Verdict(CHEAT, writer, cheat.reason, index,
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
