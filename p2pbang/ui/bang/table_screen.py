"""The card game's full screen: the shell around the card game's board.

``TableScreen`` is what every game's screen has (``shell/base.py``'s ``ScreenBase``: the
pace, notices, the dialog, leaving, the key table and the chat line) around the card game's
board (``card_board.py``'s ``CardBoard``), to which it routes the game's keys and events, as
the boards' shell (``shell/screen.py``) does to a board; its body is the board's panels
(``card_panels.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from p2pbang.engine.actions import Event
from p2pbang.table.bot_pace import DEFAULT_SPEED
from p2pbang.ui.bang.card_board import CardBoard, TableSession
from p2pbang.ui.bang.card_panels import CardPanels
from p2pbang.ui.shell.base import ScreenBase
from p2pbang.ui.shell.log import LogEntry


class TableScreen(ScreenBase):
    """The shell's state and keys, with the card game's routed to its board."""

    def __init__(self, session: TableSession, send_chat: Callable[[str], None] | None = None,
                 speed: int = DEFAULT_SPEED, input: Input | None = None,
                 output: Output | None = None, *, pace_keys: bool = True,
                 note: Callable[[], str] | None = None,
                 on_speed: Callable[[float], None] | None = None) -> None:
        """``input``/``output`` default to the process's terminal; tests pass pipes, and a
        server of several SSH sessions would pass each session's own. ``pace_keys`` (+/-)
        set the computer players' pace, which only a local game has; ``note`` is news from
        the network (whom the table waits for, who is disconnected), shown under the actions
        when nothing more pressing is. ``on_speed`` hears each new pace (seconds per move):
        a host passes it on to the bot peers it started."""
        super().__init__(session, speed, pace_keys=pace_keys, note=note, on_speed=on_speed)
        self.board = CardBoard(session)
        self.board.attach(self)
        self.help_page, self.help_closers = self.board.help_page, self.board.help_closers
        self.send_chat = send_chat or self.board.chat_alone()
        self.app = self._build_application(input, output)

    def add_events(self, events: Sequence[Event]) -> int:
        return self.board.add_events(list(events))

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

    def _body(self) -> CardPanels:
        return self.board.body()


__all__ = ["TableScreen"]
