"""The plain line interface for a person at a network table (until the full-screen one is
wired to network play): the same rendering and sentences as solo play, from this seat's
own engine, plus what only a network game has: who the table is waiting for and for how
long, players dropping out and coming back, and a verdict when someone cheats.

Standard input is read by one background thread, so the network keeps running while the
person thinks; each line is handed to the trio loop through a memory channel.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, TextIO

import trio

from p2pbang.engine.actions import PLAY, Action, Decision, Event
from p2pbang.engine.bang.game import Game
from p2pbang.table.bot_pace import DELAYS, nearest_speed, write_pace
from p2pbang.table.core import TableCore
from p2pbang.table.handovers import SeatQuestion
from p2pbang.table.participants import PlayerQuit
from p2pbang.table.seats import seat_number
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import N_, _
from p2pbang.ui.network.family_net import FAMILY_GAMES, PlainFamilyTable
from p2pbang.ui.plain.card_table import card_commands, render_table
from p2pbang.ui.plain.commands import (
    AGAIN,
    QUIT,
    Command,
    Commands,
    leave_command,
    read_answer_async,
    stopped,
    word,
)
from p2pbang.ui.plain.stepped import StepQuestion
from p2pbang.ui.seat_questions import question_text, took_seat_line
from p2pbang.ui.texts import character_name, character_text, role_goal, role_name
from p2pbang.ui.view import build_view, display_names

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
    """Decider and reporter for the person at this peer's seat, on text streams."""

    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None,
                 pace: Path | None = None) -> None:
        """``pace``: the pace file of the bot peers this host started (``+``/``-`` set it,
        as the full screen's keys do)."""
        self.out = out or sys.stdout
        self._pace = pace
        self.input = LineInput(inp or sys.stdin)
        self.session: TableSession | None = None
        self.names: list[str] = []
        self.say: Describer | None = None
        self._introduced = False
        self._last_wait = 0.0
        self._shown_turn = -1
        # The Dice Game's or The Duel's part, once the genesis names one of them.
        self.family: PlainFamilyTable | None = None

    def print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def lobby(self, text: str) -> None:
        self.print(text)

    # -- reporter --

    def started(self, session: TableSession) -> None:
        self.session = session
        self.names = display_names(session.names, session.seat)
        if session.core.choice.game in FAMILY_GAMES:
            self.family = PlainFamilyTable(session.core, self.names, self.print,
                                           self.input.readline, self.out)
            others = ", ".join(n for s, n in enumerate(self.names) if s != session.seat)
            self.print(f"A game of {session.core.choice.label()}: you and {others}.")
            took = took_seat_line(session)
            if took:
                self.print(took)
            if session.resumed:
                self.print(f"Resumed: {session.restored_entries} log entries replayed from "
                           "disk.")
            return
        self.say = Describer(session.core.game, self.names)
        others = ", ".join(n for s, n in enumerate(self.names) if s != session.seat)
        self.print(_("A game of BANG! for {n} players: you and {bots}.").format(
            n=session.players, bots=others))
        took = took_seat_line(session)  # a watcher that took a vanished seat
        self.print(took or "The seats and the cards are being dealt (every peer shuffles "
                           "and proves it).")
        if session.resumed:
            self.print(f"Resumed: {session.restored_entries} log entries replayed from disk.")

    def _introduce(self) -> None:
        session = self.session
        if self._introduced or session is None:
            return
        you = session.core.game.players[session.seat]
        if not you.character or you.role is None:
            return
        self._introduced = True
        self.print(_("You play {character}: {text}").format(
            character=character_name(you.character), text=character_text(you.character)))
        self.print(_("Your role: {role}. {goal}").format(
            role=role_name(you.role), goal=role_goal(you.role)))

    def events(self, events: list[Event]) -> None:
        if self.family is not None:
            self.family.events(events)
            return
        assert self.say is not None and self.session is not None
        game = self.session.core.game
        for event in events:
            text = self.say.event(event)
            if text:
                self.print(text)
            if event.kind == "eliminated" and event.seat == self.session.seat:
                self.print("You stay at the table as a spectator: your keys are still needed "
                           "to deal the others' cards.")
            elif event.kind == "turn" and not game.players[self.session.seat].alive:
                self.print(render_table(build_view(game, self.names), self.names))
        self._introduce()

    def waiting(self, seats: list[int], seconds: float, disconnected: list[int]) -> None:
        if self.family is not None:
            self.family.waiting(self.names, seats, seconds, disconnected)
            return
        now = time.monotonic()
        if now - self._last_wait < WAIT_REPEAT:
            return
        self._last_wait = now
        waiting_for = ", ".join(self.names[s] for s in seats)
        self.print(f"(waiting {seconds:.0f} s for {waiting_for})")
        for seat in disconnected:
            self.print(f"({self.names[seat]} is disconnected: the game goes on when they "
                       "come back)")

    def connection(self, seat: int, kind: str, reason: str) -> None:
        name = self.names[seat] if self.names else f"seat {seat}"
        if kind == "disconnected":
            self.print(f"{name} disconnected" + (f" ({reason})" if reason else ""))
        elif kind == "reconnected":
            self.print(f"{name} is back")

    def warning(self, text: str) -> None:
        self.print(f"warning: {text}")

    def verdict(self, verdict: Verdict) -> None:
        self.print("")
        self.print("THE GAME IS STOPPED: " + verdict.describe(self.names))
        self.print("The evidence is saved next to the game's log.")

    def finished(self, result: SessionResult) -> None:
        session = self.session
        if self.family is not None:
            self.family.finished(result.end)
        elif result.end is not None and self.say is not None and session is not None:
            self.print(self.say.end(result.end))
            self.print(self.say.outcome(result.end))
            self.print(render_table(build_view(session.core.game, self.names), self.names))
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
        """The person's action, asked in steps as in solo play (``StepQuestion``)."""
        if self.family is not None:
            return await self.family.decide(decision)
        assert self.say is not None
        self._introduce()
        game = core.game
        if decision.kind == PLAY and self._shown_turn != game.turn:
            self._shown_turn = game.turn
            self.print(render_table(build_view(game, self.names), self.names))
        question = StepQuestion(self.say, decision, game.legal_actions(), self.commands(game),
                                self.out, decision.seat)
        while True:
            question.show()
            action = await read_answer_async(question, self.input.readline)
            if stopped(action):
                raise PlayerQuit("the player left" if action is QUIT else "end of input")
            reason = game.check(action)
            if reason is None:
                return action
            self.print(_("Not allowed: {reason}").format(reason=reason))  # listed: legal

    def commands(self, game: Game) -> Commands:
        """The card game's commands, and a network table's: the pace of the bot peers this
        host started (``+``/``-``), and ``leave`` for good at a table of three or more."""
        extra: list[Command] = []
        if self._pace is not None:
            extra += [word(("+",), lambda _rest: self._change_pace(slower=True), PACE_HELP),
                      word(("-",), lambda _rest: self._change_pace(slower=False))]
        if game.n >= 3:
            extra.append(leave_command(LEAVE_HELP))
        return card_commands(Commands(self.print), game, self.names, extra)

    def _change_pace(self, slower: bool) -> object:
        """One step of the solo speeds up or down, written where the bots read it."""
        assert self._pace is not None
        step = nearest_speed(self._pace) + (1 if slower else -1)
        step = max(0, min(len(DELAYS) - 1, step))
        write_pace(self._pace, DELAYS[step])
        self.print(_("The bots now wait {seconds} s before each move.").format(
            seconds=f"{DELAYS[step]:g}"))
        return AGAIN


__all__ = ["LineInput", "PlainNetworkTable"]
