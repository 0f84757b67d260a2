"""The Dice Game and The Duel at a network table, in the full-screen interface.

Why a subclass of the card game's ``NetworkTable``: everything a network game adds around
the board is the same for the three games (the person's choice checked at once and kept
for the decision it answers, the events told as the log commits them, whom the table waits
for, drop-outs, chat in and out, the verdict, the result); only the screen differs (its
``add_events``, ``add_line``, ``add_chat``, ``show_dialog`` and ``notice`` are the same
words on the shell). So this class keeps all of that and puts the
solo screens' board (``dice/dice_board.py``, ``duel/duel_board.py``) on the shell
(``shell.screen.GameScreen``) instead of the card game's board, reading this peer's own
engine (``core.game``: it holds only what this seat was shown).

A resumed game's log is told again from the engine's own history (a fresh engine for this
seat fed the same inputs), so the person reads how the game got here and the board knows
where the turn is (the dice of this turn are shown only once rolled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import trio
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.table.core import TableCore
from p2pbang.ui.boards import board_for, has_board
from p2pbang.ui.i18n import _, ngettext
from p2pbang.ui.network.net_table import WAIT_FRESH, NetworkTable
from p2pbang.ui.seat_questions import took_seat_line
from p2pbang.ui.view import display_names

if TYPE_CHECKING:
    from pathlib import Path

    from p2pbang.table.session import TableSession

CATCH_UP_LINES = 400  # a resumed game's log told again: its last lines at most


class FamilyNetworkTable(NetworkTable):
    """Decider and reporter for the person at a Dice Game or Duel network table."""

    def __init__(self, input: Input | None = None, output: Output | None = None,
                 pace: Path | None = None) -> None:
        super().__init__(input, output, pace=pace)
        self.board: Any = None
        self.choice: GameChoice | None = None

    # ------------------------------------------------------------------ what the board reads

    def your_turn_to_decide(self) -> bool:
        """The decision is this seat's and no choice for it is on its way yet."""
        decision = self._my_decision()
        return decision is not None and not self._sent(decision)

    def note(self) -> str:
        """The network's news (the card game's, except that these engines have no
        ``players`` list to say the person is out: the board's rows say it)."""
        if self.question is not None:
            return super().note()
        decision = self._my_decision()
        if decision is not None and self._sent(decision):
            return _("Your choice is on its way to the other players.")
        waiting = self._waiting
        fresh = waiting is not None and self._clock() - waiting[3] <= WAIT_FRESH
        if fresh or self._disconnected:  # the card game's words, which stop there
            return super().note()
        return self.board.out_note() if self.board is not None else ""

    # ------------------------------------------------------------------ reporter

    def started(self, session: TableSession) -> None:
        self.session = session
        self._token = trio.lowlevel.current_trio_token()
        self.names = display_names(session.names, session.seat)
        self.choice = session.core.choice
        self.board = board_for(self)
        self.screen = self._screen(self.board)
        others = ", ".join(n for s, n in enumerate(self.names) if s != session.seat)
        self._log(_("A game of {game} for {n} players: you and {others}.").format(
            game=self.board.title(), n=session.players, others=others), "class:log.you")
        took = took_seat_line(session)  # a watcher that took a vanished seat
        if took:
            self._log(took, "class:log.you")
        else:
            self._log(self.board.dealing_words(), "class:log")
        if session.resumed:
            self._log(ngettext("Resumed: {n} log entry replayed from disk.",
                               "Resumed: {n} log entries replayed from disk.",
                               session.restored_entries).format(n=session.restored_entries),
                      "class:log")
            for style, text in catch_up(session.core, self.board)[-CATCH_UP_LINES:]:
                self._log(text, style)
        self.ready.set()

    def end_lines(self, end: End) -> list[str]:
        """The outcome for the terminal once the screen is gone."""
        return [self.board.end_words(end)] if self.board is not None else []


class _Replayed:
    """A fresh engine for one seat, seen as the session a board reads (``catch_up``)."""

    def __init__(self, game: Any, names: list[str], you: int) -> None:
        self.mine = game
        self.names = names
        self.you = you

    @property
    def pending(self) -> Any:
        return self.mine.pending

    def your_turn_to_decide(self) -> bool:
        return False

    def legal_actions(self) -> list[Any]:
        return []


def catch_up(core: TableCore, board: Any) -> list[tuple[str, str]]:
    """The sentences of a resumed game so far: the inputs of this seat's engine played again
    on a fresh one, each told as it happened (the board of the fresh engine reads the life
    and dice of that moment). The live ``board`` learns where the turn is from it."""
    game = core.kind.engine(core.choice, core.seat)
    past = type(board)(_Replayed(game, board.names, board.you))
    lines: list[tuple[str, str]] = []
    for action in list(core.game.history):
        lines += past.describe(game.apply(action))
    for attribute in ("_introduced", "_turn_seen", "_rolled_turn"):
        if hasattr(past, attribute):
            setattr(board, attribute, getattr(past, attribute))
    return lines


def network_table(choice: GameChoice, input: Input | None = None, output: Output | None = None,
                  pace: Path | None = None) -> NetworkTable:
    """The person's decider and reporter for a table that plays ``choice``."""
    if has_board(choice.game):
        return FamilyNetworkTable(input, output, pace=pace)
    return NetworkTable(input, output, pace=pace)


__all__ = ["FamilyNetworkTable", "catch_up", "network_table"]
