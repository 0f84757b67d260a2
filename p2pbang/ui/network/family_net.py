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
from p2pbang.table.participants import PlayerQuit
from p2pbang.ui import boards
from p2pbang.ui.plain.board import BoardQuestion, table_lines
from p2pbang.ui.plain.commands import (
    AGAIN,
    QUIT,
    leave_command,
    read_answer_async,
    stopped,
    word,
)

FAMILY_GAMES = boards.board_games()  # the games a board on the shell shows
WAIT_REPEAT = 10.0


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
        extra = [leave_command()] if self.seats >= 3 else []
        extra.append(word(("t",), self._table_again))
        self.question = BoardQuestion(self.board, print_line, self.show_table, self._prompt,
                                      extra)

    def _prompt(self) -> None:
        self.out.write("> ")
        self.out.flush()

    def _table_again(self, _rest: str) -> object:
        self.show_table()
        return AGAIN

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
            action = await read_answer_async(self.question, self.readline)
            if stopped(action):
                raise PlayerQuit("the player left" if action is QUIT else "end of input")
            reason = self.seat.mine.check(action)
            if reason is None:
                return action
            self.print(f"Not allowed: {reason}")


__all__ = ["FAMILY_GAMES", "CoreSeat", "PlainFamilyTable", "board_for", "board_narrator"]
