"""The Dice Game and The Duel at a network table, in the plain line interface, and told
again by ``replay``.

Why here: the solo screens already turn each game's engine into words and rows (a *board*:
``dice/dice_board.py``, ``duel/duel_board.py``); a network table only changes where the engine lives
(this peer's ``TableCore``, fed by the signed log) and where the person's answer goes (the
session's decider, instead of the solo session). So this module adapts a core to what a board
reads (``CoreSeat``), and gives the plain network table its part for a board's game
(``BoardPlainPart``; what every game shares there, who the table waits for, players dropping
out, a verdict, is ``plain_net.py``'s).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from p2pbang.engine.actions import Action, Decision, End, Event
from p2pbang.table.core import TableCore
from p2pbang.ui import boards
from p2pbang.ui.i18n import _
from p2pbang.ui.plain.board import BoardQuestion, table_lines
from p2pbang.ui.plain.commands import AGAIN, TABLE_HELP, word

if TYPE_CHECKING:
    from p2pbang.ui.network.plain_net import PlainNetworkTable


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


class BoardPlainPart:
    """A board's game at a plain network table (the part ``plain_net.PlainNetworkTable``
    hands what only the game knows to): the board's sentences, its table when the person
    decides or types ``t``, a decision read from a line each as in solo play."""

    def __init__(self, host: PlainNetworkTable, session: Any) -> None:
        self.host = host
        self.seat = CoreSeat(session.core, host.names)
        self.board = board_for(self.seat)
        extra = [*host.table_commands(session.core.players),
                 word(("t",), self._table_again, TABLE_HELP)]
        self.question = BoardQuestion(self.board, host.print, self.show_table, self._prompt,
                                      extra)

    def title(self, players: int, others: str) -> str:
        return _("A game of {game} for {n} players: you and {others}.").format(
            game=self.board.title(), n=players, others=others)

    def dealing(self) -> str:
        return self.board.dealing_words()

    def _prompt(self) -> None:
        self.host.out.write("> ")
        self.host.out.flush()

    def _table_again(self, _rest: str) -> object:
        self.show_table()
        return AGAIN

    def events(self, events: list[Event]) -> None:
        for _style, text in self.board.describe(events):
            self.host.print(text)

    def show_table(self) -> None:
        for line in table_lines(self.board):
            self.host.print(line)

    def finished(self, end: End | None) -> None:
        if end is not None:
            self.show_table()

    async def decide(self, decision: Decision) -> Action:
        self.show_table()
        return await self.host.ask(self.question, self.seat.mine.check)


__all__ = ["BoardPlainPart", "CoreSeat", "board_for", "board_narrator"]
