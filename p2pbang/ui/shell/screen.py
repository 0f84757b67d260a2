"""The one full-screen shell every game's board sits in (``GameScreen``), solo and at a
network table.

Why one screen and a board per game: every game needs the same shell (the computer
players' pace, notices, a dialog that must be read, the question before leaving, the seat
question, the chat line, the key table and the application: ``shell/base.py``'s
``ScreenBase``) around a different game. The game's part is its board (``shell/board.py``'s
``BoardBase``; which board a game has is the registry's, ``boards.py``), to which the screen
routes the rest: events and lines of news for the log, "the game moved on", the selection's
moves, the help, the log's keys and the table's own keys; and the board gives the body the
application is built around (``body``). The Dice Game's and The Duel's boards are shown in
the shell's drawn frame (``shell/drawn_board.py``: their top area drawn into the shell's
lines by one pure function, the dialog drawn into them); the card game's board
(``bang/card_board.py``) gives its panels (``bang/card_panels.py``: a prompt-toolkit layout,
the dialog floating over it). The screen talks to the session as ``SoloDriver`` expects
(``add_events``, ``delay``, ``on_action``, ``changed``), so the driver and the stage run it
for every game.

At a network table (``network/net_table.py``, ``network/family_net_table.py``) the same
screen gets what only a network game has: the chat line's sender (Tab or c, Enter sends, Esc
goes back), the network's news (``note``), a dialog that must be read (a verdict), lines of
news in the log, and the bots' pace only where this host started them. Without a network
table a board may still take the chat line (``chat_alone``: the card game's goes to the
log).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from p2pbang.table.bot_pace import DEFAULT_SPEED
from p2pbang.ui.shell.base import ScreenBase
from p2pbang.ui.shell.body import Body
from p2pbang.ui.shell.log import LogEntry

if TYPE_CHECKING:
    from p2pbang.ui.shell.board import BoardBase

# Shortcuts of the action rows: digits, then letters that are not commands of the shell
# (q quit, y confirm) or of a board (r roll, k keep).
SHORTCUTS = "123456789abdefghijlmnopstuvwxz"


@dataclass(frozen=True)
class Choice:
    """One row of the actions panel: what it says, the engine action it takes (``None``: a
    row the board handles itself, such as "roll the marked dice"), and its key."""

    label: str
    action: Any
    key: str = ""


class Session(Protocol):
    """What the shell itself reads of a game (its board reads the rest): what is pending
    (an ended game's ``q`` and Enter leave)."""

    @property
    def pending(self) -> Any: ...


HANDLED = object()  # a board's answer to a key it used without a message


class GameScreen(ScreenBase):
    """The shell's state and keys around a board, to which the game's are routed."""

    def __init__(self, session: Session, board: BoardBase, speed: int = DEFAULT_SPEED,
                 input: Input | None = None, output: Output | None = None, *,
                 send_chat: Callable[[str], None] | None = None,
                 note: Callable[[], str] | None = None, pace_keys: bool = True,
                 on_speed: Callable[[float], None] | None = None) -> None:
        """``input``/``output`` default to the process's terminal (tests pass pipes);
        ``send_chat`` (a network table) adds the chat line, else the board's own
        (``chat_alone``); ``note`` is the network's news for the line under the actions;
        ``pace_keys`` (+/-) set the computer players' pace, which only a game run here has,
        and ``on_speed`` hears each new pace (a host tells the bot peers it started)."""
        super().__init__(session, speed, pace_keys=pace_keys, note=note, on_speed=on_speed)
        self.board = board
        board.attach(self)
        self.help_page, self.help_closers = board.help_page, board.help_closers
        self.send_chat = send_chat or board.chat_alone()
        self.app: Application[str] = self._build_application(input, output)

    # ------------------------------------------------------------------ routed to the board

    def add_events(self, events: Sequence[Any]) -> int:
        return self.board.add_events(events)

    def add_line(self, text: str, style: str = "class:log") -> None:
        self.board.add_line(text, style)

    def changed(self) -> None:
        self.board.changed()

    @property
    def log(self) -> list[LogEntry]:
        """The log's entries, oldest first (the board's)."""
        return self.board.log

    def _redraw(self) -> None:
        self.board.redraw()

    def _pace_words(self) -> str:
        return self.board.pace_words() or super()._pace_words()

    def _quit_words(self) -> str:
        return self.board.quit_words() or super()._quit_words()

    def move(self, step: int) -> None:
        self.board.move(step)

    def _open_help(self) -> None:
        self.board.open_help()

    def _close_help(self) -> None:
        self.board.close_help()

    def _log_key(self, key: str) -> None:
        self.board.log_key(key)

    def _own_key(self, key: str) -> None:
        self.board.own_key(key)

    def _body(self) -> Body:
        return self.board.body()


__all__ = ["HANDLED", "SHORTCUTS", "Choice", "GameScreen", "Session"]
