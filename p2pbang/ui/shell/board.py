"""What every board on the shell has in common (``BoardBase``): what it reads, and what the
one screen routes to it.

Why a base class: a board is one game's part of the one full-screen shell
(``shell/screen.py``'s ``GameScreen``). The screen holds what every game's screen has
(``shell/base.py``'s ``ScreenBase``: the pace, notices, the dialog, leaving, the key table
and the chat line) and routes the rest to its board: the game's events and lines of news
for the log, "the game moved on", the selection's moves, the help, the log's keys, the
table's own keys, and the body its application is built around (``body``, a
``shell/body.py`` ``Body``). Every board reads the person's own engine, their names and
seat, and knows which decision is theirs. The card game's board (``bang/card_board.py``)
derives from it directly, with its own state and panels; the Dice Game's and The Duel's
derive from it through the shell's drawn frame (``shell/drawn_board.py``) and the words
of their text tables (``shell/words_board.py``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from p2pbang.engine.actions import Decision
from p2pbang.ui.shell.body import Body
from p2pbang.ui.shell.log import LogEntry


class BoardBase(ABC):
    """One person's game as a board reads it: their own engine (``game``), the names and
    their seat (``you``; an observer's spectator value for a watcher or the replay), and
    the screen it is on (``screen``, once attached; none for the plain interface)."""

    help_page = 10  # rows PgUp/PgDn scroll the help
    help_closers: tuple[str, ...] = ("escape", "?", "q", "f1")  # the keys closing the help

    def __init__(self, session: Any) -> None:
        self.session = session
        self.game: Any = session.mine
        self.names: list[str] = session.names
        self.you: int = session.you
        self.screen: Any = None

    def attach(self, screen: Any) -> None:
        """Put the board on ``screen``, whose shell state (notice, dialog, chat line,
        help, questions) it reads and whose application it asks to draw again."""
        self.screen = screen

    def _decision(self) -> Decision | None:
        """The decision pending, when it is the person's."""
        pending = self.game.pending
        if isinstance(pending, Decision) and pending.seat == self.you:
            return pending
        return None

    # ------------------------------------------------------------------ what the screen routes

    @abstractmethod
    def add_events(self, events: Sequence[Any]) -> int:
        """Tell ``events`` in the log; returns how many lines that added."""

    @abstractmethod
    def add_line(self, text: str, style: str = "class:log") -> None:
        """A line of news for the log that is not a game event."""

    @property
    @abstractmethod
    def log(self) -> list[LogEntry]:
        """The log's entries, oldest first."""

    @abstractmethod
    def changed(self) -> None:
        """The game moved on: draw again."""

    @abstractmethod
    def redraw(self) -> None:
        """Ask for the screen to be drawn again (a key changed the shell's state)."""

    @abstractmethod
    def move(self, step: int) -> None:
        """Up or Down: move the selection ``step`` rows."""

    @abstractmethod
    def open_help(self) -> None:
        """Show the help (``?``, F1)."""

    @abstractmethod
    def close_help(self) -> None:
        """Hide the help."""

    @abstractmethod
    def log_key(self, key: str) -> None:
        """PgUp, PgDn, Home or End: scroll the log."""

    @abstractmethod
    def own_key(self, key: str) -> None:
        """Any other key: Enter, Esc, a row's shortcut, the game's own commands."""

    @abstractmethod
    def body(self) -> Body:
        """What the screen shows (``shell/body.py``)."""

    def chat_alone(self) -> Callable[[str], None] | None:
        """Where a chat line goes without a network table (none: no chat line there)."""
        return None

    def pace_words(self) -> str:
        """The notice of a new pace, with ``{seconds}`` to fill ("": the shell's words)."""
        return ""

    def quit_words(self) -> str:
        """The question before leaving a game that cannot be left for good ("": the
        shell's words)."""
        return ""


__all__ = ["BoardBase"]
