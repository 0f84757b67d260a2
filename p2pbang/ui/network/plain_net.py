"""The plain line interface for a person at a network table: the same rendering and
sentences as solo play, from this seat's own engine (the game's part: ``PlainPart``), plus
what only a network game has, said here once for every game in the full screen's words:
who the table is waiting for and for how long, players dropping out and coming back, a
verdict when someone cheats, a silent seat changing hands, the bots' pace and ``leave``.

Standard input is read by one background thread, so the network keeps running while the
person thinks; each line is handed to the trio loop through a memory channel.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TextIO

import trio

from p2pbang.engine.actions import Action, Decision, End, Event
from p2pbang.table.bot_pace import DELAYS, nearest_speed, write_pace
from p2pbang.table.core import TableCore
from p2pbang.table.handovers import SeatQuestion
from p2pbang.table.participants import PlayerQuit
from p2pbang.table.seats import seat_number
from p2pbang.ui.boards import plain_part_for
from p2pbang.ui.i18n import N_, _, ngettext
from p2pbang.ui.network.verdict import verdict_lines
from p2pbang.ui.plain.commands import (
    AGAIN,
    QUIT,
    Command,
    Question,
    leave_command,
    read_answer_async,
    stopped,
    word,
)
from p2pbang.ui.seat_questions import question_text, took_seat_line
from p2pbang.ui.view import display_names

if TYPE_CHECKING:
    from pathlib import Path

    from p2pbang.table.driver import Verdict
    from p2pbang.table.session import SessionResult, TableSession

WAIT_REPEAT = 10.0
PACE_HELP = N_("  + / -      the bot peers you started move slower / faster")
LEAVE_HELP = N_("  leave      leave for good: a bot, run by the next player, takes your seat "
                "(q pauses: p2pbang resume comes back)")


class LineInput:
    """Lines of a text stream, read in a daemon thread, awaited from trio (None at EOF).

    The waiting room reads lines first (``read_fresh``) and ``hold``s those that are not its
    commands: the game then reads them (``readline``) in the order they were typed."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self._receive: trio.MemoryReceiveChannel[str | None] | None = None
        self._held: deque[str | None] = deque()

    def hold(self, line: str | None) -> None:
        """Keep ``line`` for the next ``readline`` (before any line not read yet)."""
        self._held.append(line)

    def _start(self) -> trio.MemoryReceiveChannel[str | None]:
        send, receive = trio.open_memory_channel[str | None](64)
        token = trio.lowlevel.current_trio_token()

        def pump() -> None:
            while True:
                line = self.stream.readline()
                try:
                    trio.from_thread.run(send.send, line or None, trio_token=token)
                except (trio.RunFinishedError, trio.BrokenResourceError, trio.Cancelled):
                    return
                if not line:
                    return

        threading.Thread(target=pump, name="p2pbang-stdin", daemon=True).start()
        return receive

    async def readline(self) -> str | None:
        if self._held:
            return self._held.popleft()
        return await self.read_fresh()

    async def read_fresh(self) -> str | None:
        """The next line from the stream itself, past any held ones."""
        if self._receive is None:
            self._receive = self._start()
        return await self._receive.receive()


class PlainNetworkTable:
    """Decider and reporter for the person at this peer's seat, on text streams: what every
    game says at a network table is here, what only a game knows (its sentences, its table,
    how a decision is asked) is its part's (``boards.plain_part_for``: the card game's
    ``plain_card.CardPlainPart``, a board's ``family_net.BoardPlainPart``)."""

    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None,
                 pace: Path | None = None) -> None:
        """``pace``: the pace file of the bot peers this host started (``+``/``-`` set it,
        as the full screen's keys do)."""
        self.out = out or sys.stdout
        self._pace = pace
        self.input = LineInput(inp or sys.stdin)
        self.session: TableSession | None = None
        self.names: list[str] = []
        self.part: PlainPart | None = None  # the game's, once the genesis names it
        self._last_wait = 0.0

    def print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def lobby(self, text: str) -> None:
        self.print(text)

    # -- reporter --

    def started(self, session: TableSession) -> None:
        self.session = session
        self.names = display_names(session.names, session.seat)
        self.part = part = plain_part_for(self, session)
        others = ", ".join(n for s, n in enumerate(self.names) if s != session.seat)
        self.print(part.title(session.players, others))
        self.print(took_seat_line(session) or part.dealing())  # a watcher took a seat
        if session.resumed:
            self.print(ngettext("Resumed: {n} log entry replayed from disk.",
                                "Resumed: {n} log entries replayed from disk.",
                                session.restored_entries).format(n=session.restored_entries))

    def events(self, events: list[Event]) -> None:
        if self.part is not None:
            self.part.events(events)

    def waiting(self, seats: list[int], seconds: float, disconnected: list[int]) -> None:
        """Who the table waits for, every ``WAIT_REPEAT`` seconds at most (the session says
        it each second), in the full screen's words."""
        now = time.monotonic()
        if now - self._last_wait < WAIT_REPEAT:
            return
        self._last_wait = now
        who = ", ".join(self._name(s) if s not in disconnected
                        else _("{name} (disconnected)").format(name=self._name(s))
                        for s in seats)
        self.print(_("Waiting {seconds} s for {names}.").format(seconds=int(seconds),
                                                                names=who))
        if disconnected:
            self.print(_("Disconnected: {names}. The game goes on when they come back.").format(
                names=", ".join(self._name(s) for s in disconnected)))

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def connection(self, seat: int, kind: str, reason: str) -> None:
        name = self._name(seat)
        if kind == "disconnected":
            self.print(_("{name} disconnected ({reason})").format(name=name, reason=reason)
                       if reason else _("{name} disconnected").format(name=name))
        elif kind == "reconnected":
            self.print(_("{name} is back").format(name=name))

    def warning(self, text: str) -> None:
        self.print(_("Warning: {text}").format(text=text))

    def verdict(self, verdict: Verdict) -> None:
        self.print("")
        self.print(_("The game is stopped").upper())
        for line in verdict_lines(verdict, self.names):
            self.print(line)

    def finished(self, result: SessionResult) -> None:
        if self.part is not None:
            self.part.finished(result.end)
        for line in result.summary_lines():
            self.print(line)

    # -- seats changing hands --

    async def consent(self, question: SeatQuestion) -> bool:
        """Ask whether the table may hand a silent seat over; y agrees, n waits. Nobody
        decides meanwhile (the silent seat owes the position), so the line is this one's."""
        chair = question.seat + 1
        if self.session is not None:
            chair = seat_number(self.session.core.game, question.seat)
        self.print(question_text(question, chair))
        while True:
            self.out.write(_("y to agree, n to wait> "))
            self.out.flush()
            line = await self.input.readline()
            if line is None:
                return False
            answer = line.strip().lower()
            if answer in ("y", "yes", _("yes")):
                return True
            if answer in ("n", "no", _("no")):
                self.print(_("The table waits; you are asked again if they stay away."))
                return False

    # -- decider --

    async def decide(self, core: TableCore, decision: Decision) -> Action:
        """The person's action, asked by the game's part."""
        assert self.part is not None, "a decision before the game started"
        return await self.part.decide(decision)

    async def ask(self, question: Question, check: Callable[[Action], str | None],
                  before: Callable[[], None] | None = None) -> Action:
        """Lines until ``question`` gives an action ``check`` allows (``before`` runs before
        each reading: the card game shows its menu of steps again); ``PlayerQuit`` when the
        person quits or the input ends. One loop for every game's part."""
        while True:
            if before is not None:
                before()
            action = await read_answer_async(question, self.input.readline)
            if stopped(action):
                raise PlayerQuit("the player left" if action is QUIT else "end of input")
            reason = check(action)
            if reason is None:
                return action
            self.print(_("Not allowed: {reason}").format(reason=reason))

    def table_commands(self, seats: int) -> list[Command]:
        """The network table's own commands, after the game's: the pace of the bot peers
        this host started (``+``/``-``), and ``leave`` for good at a table of three or more
        seats."""
        extra: list[Command] = []
        if self._pace is not None:
            extra += [word(("+",), lambda _rest: self._change_pace(slower=True), PACE_HELP),
                      word(("-",), lambda _rest: self._change_pace(slower=False))]
        if seats >= 3:
            extra.append(leave_command(LEAVE_HELP))
        return extra

    def _change_pace(self, slower: bool) -> object:
        """One step of the solo speeds up or down, written where the bots read it."""
        assert self._pace is not None
        step = nearest_speed(self._pace) + (1 if slower else -1)
        step = max(0, min(len(DELAYS) - 1, step))
        write_pace(self._pace, DELAYS[step])
        self.print(_("The bots now wait {seconds} s before each move.").format(
            seconds=f"{DELAYS[step]:g}"))
        return AGAIN


class PlainPart(Protocol):
    """What only a game knows at the plain network table (made by ``boards.plain_part_for``
    from the table and the session, once the genesis names the game)."""

    def title(self, players: int, others: str) -> str:
        """The first line: which game, for how many, with whom."""
        ...

    def dealing(self) -> str:
        """The line while the game is dealt."""
        ...

    def events(self, events: list[Event]) -> None: ...

    def finished(self, end: End | None) -> None:
        """What the game shows at its end (before the session's summary)."""
        ...

    async def decide(self, decision: Decision) -> Action: ...


__all__ = ["LineInput", "PlainNetworkTable", "PlainPart"]
