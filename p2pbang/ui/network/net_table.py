"""The person at a network table, in the full-screen interface: their decider and reporter.

A ``TableSession`` asks this seat's decider for a move and tells its reporter what happens;
:class:`NetworkTable` is both, for a person looking at the card game's full screen. The screen
reads the game from this peer's own engine (``core.game``, built for this seat: it holds no
other hand) through the same small protocol a solo game offers (``you``, ``names``, ``mine``,
``pending``, ``legal_actions``, ``act``), so everything the solo table shows and every key
it has work here too. What only a network game has is added around it: whom the table waits
for and for how long, players dropping out and coming back, a verdict in a dialog that says
who did what, chat with the other players, and the result once the log is closed.

The person's keys run as asyncio callbacks; the session runs in trio. A choice is checked
against the engine at once (a refused key is explained on the screen), kept with the log
position it was made at, and handed to the session through the trio token; a choice made a
moment before the session asks is kept for that decision (the same decision at the same
length of the game's history), never for a later one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import trio
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from p2pbang.engine.actions import Action, Decision, End, Event, IllegalAction
from p2pbang.engine.bang.game import Game
from p2pbang.table.bot_pace import nearest_speed, write_pace
from p2pbang.table.core import TableCore
from p2pbang.table.handovers import SeatQuestion
from p2pbang.table.network import PeerNotConnected
from p2pbang.table.seats import seat_number
from p2pbang.table.session import CHAT
from p2pbang.ui.boards import full_screen
from p2pbang.ui.i18n import _, ngettext
from p2pbang.ui.network.chat_guard import ChatGuard
from p2pbang.ui.network.verdict import verdict_lines
from p2pbang.ui.seat_questions import answer_hint, question_text, short_text, took_seat_line
from p2pbang.ui.shell.base import ScreenBase
from p2pbang.ui.shell.widgets import clean_chat
from p2pbang.ui.view import display_names

if TYPE_CHECKING:
    from p2pbang.table.driver import Verdict
    from p2pbang.table.session import SessionResult, TableSession

WAIT_FRESH = 2.5  # seconds a waiting report stays on screen (the session repeats it each s)
OUTBOX = 32  # chat lines queued for the network at most


class NetworkTable:
    """Decider and reporter for the person at this peer's seat, on a full-screen table."""

    def __init__(self, input: Input | None = None, output: Output | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 pace: Path | None = None) -> None:
        """``pace``: the pace file of the bot peers this host started (+/- set it)."""
        self._input = input
        self._pace = pace
        self._output = output
        self._clock = clock
        self.screen: ScreenBase | None = None
        self.ready = trio.Event()  # set once the session started and the screen exists
        self.session: TableSession | None = None
        self.result: SessionResult | None = None
        self.stopped_by: Verdict | None = None  # the verdict that stopped the game
        self.names: list[str] = []
        self.guard = ChatGuard(clock=clock)
        self._token: trio.lowlevel.TrioToken | None = None
        self._choice: tuple[int, Decision, Action] | None = None
        self._wake = trio.Event()
        self._waiting: tuple[list[int], float, list[int], float] | None = None
        self._disconnected: set[int] = set()
        self._outbox_send, self._outbox = trio.open_memory_channel[str](OUTBOX)
        # The open question about a seat changing hands (its words, and its answer's slot).
        self.question: tuple[str, trio.Event, list[bool]] | None = None  # one line

    # ------------------------------------------------------------------ what the screen reads

    @property
    def you(self) -> int:
        assert self.session is not None
        return self.session.seat

    @property
    def core(self) -> TableCore:
        assert self.session is not None
        return self.session.core

    @property
    def may_leave_for_good(self) -> bool:
        """A seat can be handed to a bot at three seats or more (two: its runner would be
        the opponent, who could read both hands)."""
        return self.session is not None and self.session.players >= 3

    @property
    def mine(self) -> Game:
        return self.core.game

    @property
    def pending(self) -> object:
        return self.mine.pending

    def _my_decision(self) -> Decision | None:
        pending = self.mine.pending
        if isinstance(pending, Decision) and pending.seat == self.you:
            return pending
        return None

    def _sent(self, decision: Decision) -> bool:
        """The person already chose for this very decision (at this log position)."""
        choice = self._choice
        return (choice is not None and choice[0] == len(self.mine.history)
                and choice[1] == decision)

    def legal_actions(self) -> list[Action]:
        decision = self._my_decision()
        if decision is None or self._sent(decision):
            return []
        return self.mine.legal_actions()

    def act(self, action: Action) -> list[Event]:
        """The person's choice (from a key handler): checked now, played when the session
        asks. The events come back from the log, as everyone's do."""
        decision = self._my_decision()
        if decision is None:
            raise IllegalAction(_("it is not your decision now"))
        if self._sent(decision):
            raise IllegalAction(_("your choice is already on its way"))
        reason = self.mine.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._choice = (len(self.mine.history), decision, action)
        self._poke()
        self._changed()  # the actions give way to "on its way"
        return []

    def _poke(self) -> None:
        """Wake the trio side (safe from asyncio callbacks and from trio itself)."""
        if self._token is not None:
            with suppress(trio.RunFinishedError):
                self._token.run_sync_soon(self._wake_up)

    def _wake_up(self) -> None:
        self._wake.set()
        self._wake = trio.Event()

    def note(self) -> str:
        """The network's news for the line under the actions."""
        if self.question is not None:
            return self.question[0]
        decision = self._my_decision()
        if decision is not None and self._sent(decision):
            return _("Your choice is on its way to the other players.")
        waiting = self._waiting
        if waiting is not None and self._clock() - waiting[3] <= WAIT_FRESH:
            seats, seconds, gone, _at = waiting
            who = ", ".join(self._who(seat, seat in gone) for seat in seats)
            return _("Waiting {seconds} s for {names}.").format(seconds=int(seconds), names=who)
        if self._disconnected:
            names = ", ".join(self.names[s] for s in sorted(self._disconnected))
            return _("Disconnected: {names}. The game goes on when they come back.").format(
                names=names)
        if self.session is not None and not isinstance(self.mine.pending, End) \
                and not self.mine.players[self.you].alive:
            return _("You are out, but stay to the end: your keys deal the others' cards.")
        return ""

    def _who(self, seat: int, gone: bool) -> str:
        name = self.names[seat] if 0 <= seat < len(self.names) else "?"
        return _("{name} (disconnected)").format(name=name) if gone else name

    # ------------------------------------------------------------------ seats changing hands

    async def consent(self, question: SeatQuestion) -> bool:
        """Ask the person whether the table may hand a silent seat over (y / n keys)."""
        text = question_text(question, self._chair(question.seat))
        self._log(f"{text} {answer_hint()}", "class:notice")
        answered, answer = trio.Event(), [False]
        self.question = (short_text(question), answered, answer)
        self._changed()
        try:
            await answered.wait()
        finally:
            self.question = None
            self._changed()
        return answer[0]

    def answer_question(self, agree: bool) -> None:
        """A key answered the open question (asyncio side: handed to trio)."""
        question = self.question
        if question is None or self._token is None:
            return

        def answer() -> None:
            question[2][0] = agree
            question[1].set()

        with suppress(trio.RunFinishedError):
            self._token.run_sync_soon(answer)

    def _chair(self, seat: int) -> int:
        session = self.session
        return seat_number(session.core.game, seat) if session is not None else seat + 1

    # ------------------------------------------------------------------ decider

    async def decide(self, core: TableCore, decision: Decision) -> Action:
        """Wait for the person's choice for ``decision``; the screen shows the actions."""
        if self.screen is not None:
            self.screen.changed()
        while True:
            choice = self._choice
            if (choice is not None and choice[0] == len(core.game.history)
                    and choice[1] == decision):
                if core.game.check(choice[2]) is None:
                    return choice[2]
                self._choice = None  # cannot happen with a checked choice; ask again
            await self._wake.wait()

    # ------------------------------------------------------------------ reporter

    def started(self, session: TableSession) -> None:
        self.session = session
        self._token = trio.lowlevel.current_trio_token()
        self.names = display_names(session.names, session.seat)
        self.choice = session.core.choice
        self.screen = self._screen()
        took = took_seat_line(session)  # a watcher that took a vanished seat
        others = ", ".join(n for s, n in enumerate(self.names) if s != session.seat)
        self._log(_("A game of BANG! for {n} players: you and {bots}.").format(
            n=session.players, bots=others), "class:log.you")
        if took:
            self._log(took, "class:log.you")
        else:
            self._log(_("Every peer shuffles and proves it; the cards are being dealt."),
                      "class:log")
        if session.resumed:
            self._log(ngettext("Resumed: {n} log entry replayed from disk.",
                               "Resumed: {n} log entries replayed from disk.",
                               session.restored_entries).format(n=session.restored_entries),
                      "class:log")
            core = session.core  # the game so far, told again on a fresh engine of this seat
            board = self.screen.board  # type: ignore[attr-defined]
            board.catch_up(core.kind.engine(core.choice, core.seat), list(core.game.history))
        self.ready.set()

    def _screen(self, board: Any = None) -> ScreenBase:
        """This table's full screen, the registry's for the game played (``boards.py``):
        the bots' pace where this host started them, the chat line, the network's note."""
        pace = self._pace
        return full_screen(  # the pace starts where the bots are
            self, board=board, speed=nearest_speed(pace), input=self._input,
            output=self._output, send_chat=self._send_chat, note=self.note,
            pace_keys=pace is not None,
            on_speed=None if pace is None else (lambda seconds: write_pace(pace, seconds)))

    def end_lines(self, end: End) -> list[str]:
        """The outcome for the terminal once the screen is gone: who won, and whether the
        person did (the screen's words; none before the screen was made)."""
        screen = self.screen
        if screen is None:
            return []
        say = screen.board.say  # type: ignore[attr-defined]
        return [say.end(end), say.outcome(end)]

    def events(self, events: list[Event]) -> None:
        screen = self.screen
        if screen is None:
            return
        self._waiting = None
        screen.add_events(events)
        if any(e.kind == "eliminated" and e.seat == self.you for e in events):
            self._log(_("You stay at the table as a spectator: your keys are still needed to "
                        "deal the others' cards."), "class:log.you")

    def waiting(self, seats: list[int], seconds: float, disconnected: list[int]) -> None:
        self._waiting = (list(seats), seconds, list(disconnected), self._clock())
        self._changed()

    def connection(self, seat: int, kind: str, reason: str) -> None:
        if not 0 <= seat < len(self.names):
            return
        name = self.names[seat]
        if kind == "disconnected":
            self._disconnected.add(seat)
            text = (_("{name} disconnected ({reason})").format(name=name, reason=reason)
                    if reason else _("{name} disconnected").format(name=name))
            self._log(text, "class:notice")
        elif kind in ("connected", "reconnected") and seat in self._disconnected:
            self._disconnected.discard(seat)
            self._log(_("{name} is back").format(name=name), "class:log")
        self._changed()

    def warning(self, text: str) -> None:
        self._log(_("Warning: {text}").format(text=text), "class:notice")

    def verdict(self, verdict: Verdict) -> None:
        """A proven cheat (or this peer's own failure) stopped the game: say it in a dialog
        nobody can miss, naming the seat, and keep it in the log."""
        self.stopped_by = verdict
        lines = verdict_lines(verdict, self.names)
        for line in lines:
            self._log(line, "class:notice")
        if self.screen is not None:
            self.screen.show_dialog(_("The game is stopped"), lines)

    def finished(self, result: SessionResult) -> None:
        self.result = result
        if result.left:
            return
        if result.gave_up:
            self._log(_("Gave up: {reason}").format(reason=result.gave_up), "class:notice")
        self._log(_("Game saved: {path}").format(path=result.directory), "class:log")
        self._changed()

    # ------------------------------------------------------------------ chat

    def _send_chat(self, text: str) -> None:
        """A line typed on the chat line (asyncio side): shown here, queued for the peers."""
        screen = self.screen
        if screen is None or self._token is None:
            return
        shown, _first = self.guard.admit(self.you)
        if not shown:
            screen.notice = _("Slow down: at most one chat line a second.")
            return
        screen.add_chat(self.names[self.you], text)
        with suppress(trio.RunFinishedError):
            self._token.run_sync_soon(self._queue_chat, text)

    def _queue_chat(self, text: str) -> None:
        try:
            self._outbox_send.send_nowait(text)
        except trio.WouldBlock:
            if self.screen is not None:
                self.screen.notice = _("The chat line could not be sent: the network is busy.")

    async def send_chats(self, session: TableSession) -> None:
        """Deliver queued chat lines to every connected player of the table (run it next
        to the session). A player not connected now does not get the line later: chat is
        talk at the table, not part of the game's log."""
        async for text in self._outbox:
            message = {"t": CHAT, "text": text}
            for peer_id in session.mesh.connected_peers():
                if peer_id in session.genesis.roster:
                    with suppress(PeerNotConnected):
                        await session.mesh.send(peer_id, message)

    def chat_received(self, seat: int, text: str) -> None:
        """A chat line from ``seat`` (the sender is the peer whose channel carried it)."""
        screen = self.screen
        if screen is None or not 0 <= seat < len(self.names) or seat == self.you:
            return
        line = clean_chat(text)
        if not line:
            return
        shown, first_drop = self.guard.admit(seat)
        if shown:
            screen.add_chat(self.names[seat], line)
        elif first_drop:
            self._log(_("{name} is chatting too fast: some lines are not shown.").format(
                name=self.names[seat]), "class:notice")

    # ------------------------------------------------------------------ helpers

    def _log(self, text: str, style: str) -> None:
        if self.screen is not None:
            self.screen.add_line(text, style)

    def _changed(self) -> None:
        if self.screen is not None:
            self.screen.changed()


LEAVE_FOR_GOOD_WAIT = 120.0  # seconds: the next position this seat owes, then round B


async def leave_for_good(session: TableSession, finished: trio.Event) -> None:
    """The person left for good (the screen is closed): the session hands the seat to a bot
    at the next position it owes and writes its last part; this waits for that, saying so.
    If the table cannot take it in time (nobody connected to run the bot), the seat is
    paused instead and ``resume`` comes back to it."""
    session.leave_for_good()
    print(_("Handing your seat over to a bot (the next player clockwise runs it)..."),
          flush=True)
    with trio.move_on_after(LEAVE_FOR_GOOD_WAIT):
        await finished.wait()
    if not finished.is_set():
        print(_("The seat could not be handed over: it is paused (p2pbang resume comes back)."),
              flush=True)
        session.leave()


__all__ = ["NetworkTable", "leave_for_good", "verdict_lines"]
