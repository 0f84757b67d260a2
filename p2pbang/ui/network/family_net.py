"""The Dice Game and The Duel at a network table, in the plain line interface, and told
again by ``replay``.

Why here: the solo screens already turn each game's engine into words and rows (a *board*:
``dice/dice_board.py``, ``duel/duel_board.py``); a network table only changes where the engine lives
(this peer's ``TableCore``, fed by the signed log) and where the person's answer goes (the
session's decider, instead of the solo session). So this module adapts a core to what a board
reads, and adds what only a network game has: who the table is waiting for, players dropping
out, and a verdict naming a cheater.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TextIO

from p2pbang.engine.actions import Action, Decision, End, Event
from p2pbang.table.core import TableCore
from p2pbang.table.participants import LeaveForGood, PlayerQuit
from p2pbang.ui import boards
from p2pbang.ui.board_lines import line_answer, table_lines
from p2pbang.ui.shell.screen import HANDLED

FAMILY_GAMES = boards.board_games()  # the games a board on the shell shows
WAIT_REPEAT = 10.0
QUIT_WORDS = ("q", "quit", "exit")


class CoreSeat:
    """A peer's core seen as the session a board reads: its own engine (``mine``), the
    names, its seat (``you``; the engine's spectator value for an observer)."""

    def __init__(self, core: TableCore, names: list[str]) -> None:
        self.core = core
        self.names = names
        self.you: int = core.seat if core.seat is not None else core.kind.family.spectator
        self.choice = core.choice

    @property
    def mine(self) -> Any:
        return self.core.game

    @property
    def pending(self) -> Any:
        return self.core.game.pending

    def your_turn_to_decide(self) -> bool:
        pending = self.core.game.pending
        return isinstance(pending, Decision) and pending.seat == self.you

    def legal_actions(self) -> list[Any]:
        return self.core.game.legal_actions()

    def act(self, action: Any) -> list[Event]:
        raise RuntimeError("at a network table a move goes to the log, not to the engine")


def board_for(seat: CoreSeat) -> Any:
    """The solo screen's board of the seat's game (the registry's, ``boards.py``)."""
    return boards.board_for(seat)


def board_narrator(core: TableCore, names: list[str]) -> Callable[[list[Event]], list[str]]:
    """Sentences for events of a Dice Game or Duel core (``replay``'s observer)."""
    board = board_for(CoreSeat(core, names))
    return lambda events: [text for _style, text in board.describe(events)]


class PlainFamilyTable:
    """The plain interface's part for the Dice Game and The Duel at a network table: the
    person's decisions read from a line each, the board's sentences, the table when asked.
    ``PlainNetworkTable`` hands over to it once the genesis names one of these games."""

    def __init__(self, core: TableCore, names: list[str], print_line: Callable[[str], None],
                 readline: Callable[[], Any], out: TextIO) -> None:
        self.seat = CoreSeat(core, names)
        self.board = board_for(self.seat)
        self.print = print_line
        self.readline = readline
        self.out = out
        self._last_wait = 0.0
        self.seats = core.players  # "leave" (for good) needs three seats or more

    def events(self, events: list[Event]) -> None:
        for _style, text in self.board.describe(events):
            self.print(text)

    def show_table(self) -> None:
        for line in table_lines(self.board):
            self.print(line)

    def waiting(self, names: list[str], seats: list[int], seconds: float,
                disconnected: list[int]) -> None:
        now = time.monotonic()
        if now - self._last_wait < WAIT_REPEAT:
            return
        self._last_wait = now
        self.print(f"(waiting {seconds:.0f} s for {', '.join(names[s] for s in seats)})")
        for seat in disconnected:
            self.print(f"({names[seat]} is disconnected: the game goes on when they come back)")

    def finished(self, end: End | None) -> None:
        if end is not None:
            self.show_table()

    async def decide(self, decision: Decision) -> Action:
        self.show_table()
        while True:
            self.out.write("> ")
            self.out.flush()
            line = await self.readline()
            if line is None:
                raise PlayerQuit("end of input")
            text = line.strip()
            if text.lower() in QUIT_WORDS:
                raise PlayerQuit("the player left")
            if text.lower() == "leave" and self.seats >= 3:
                raise LeaveForGood("the player leaves for good")
            if text in ("?", "help"):
                for _style, words in self.board.help():
                    self.print(words)
                continue
            if text == "t":
                self.show_table()
                continue
            answer = self._answer(text)
            if answer is HANDLED:
                self.show_table()
                continue
            if isinstance(answer, str):
                self.print(answer)
                continue
            reason = self.seat.mine.check(answer)
            if reason is not None:
                self.print(f"Not allowed: {reason}")
                continue
            return answer

    def _answer(self, line: str) -> Any:
        """The action a typed line means, or a sentence saying why it means none (the solo
        plain interface's reading)."""
        return line_answer(self.board, line)


__all__ = ["FAMILY_GAMES", "CoreSeat", "PlainFamilyTable", "board_for", "board_narrator"]
