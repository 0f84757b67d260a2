"""What every board on the shell has in common (``BoardBase``), and what the boards worded
from a game's text table share (``WordsBoard``).

Why a base class: a board is one game's part of the full screen; every board reads the
person's own engine, their names and seat, and knows which decision is theirs, and the
shell it is on (``attach``) routes the game's keys and events to it. The card game's board
(``bang/card_board.py``) is one, with its own state and panels. The Dice Game's and The
Duel's boards each also repeated the same lines: the keys line, the shell's texts (whose
turn it is, the pace, quitting, the help's title), the winner's words and a network table's
note, read from the game's own text table (``text_table.text_function``, whose shared words,
context ``FAMILY``, are the shell's); that is ``WordsBoard``, so such a board says only what
its game draws and says.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from p2pbang.engine.actions import Decision, End, Event


class BoardBase(ABC):  # noqa: B024 (the routed hooks join it with the one screen)
    """One person's game as a board reads it: their own engine (``game``), the names and
    their seat (``you``; an observer's spectator value for a watcher or the replay), and
    the screen it is on (``screen``, once attached; none for the plain interface)."""

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


class WordsBoard(BoardBase):
    """A board whose words come from its game's text table (``words``): the keys line,
    the shell's texts, the winner's words (the Dice Game's, The Duel's)."""

    words: Callable[..., str]  # the game's ``t(key, **values)``, set by each board

    # ------------------------------------------------------------------ the shell's words

    def hints(self) -> str:
        """The keys line: the decision's own keys, then the shell's."""
        keys = self.keys_hint()
        return keys + " · " + self.words("hints") if keys else self.words("hints")

    def keys_hint(self) -> str:
        """The keys of the decision itself, without the shell's (none unless a board has)."""
        return ""

    def plain_hints(self) -> str:
        """What to type in the plain interface."""
        return self.words("plain.choose")

    def texts(self) -> dict[str, str]:
        """The shell's words in this game's language: whom the table waits for, the pace,
        a terminal too small, the quit question, the help's title."""
        pending = self.game.pending
        waiting = self.names[pending.seat] if isinstance(pending, Decision) else ""
        return {"not_yours": self.words("waiting", name=waiting), "pace": self.words("pace"),
                "too_small": self.words("too_small"), "quit?": self.words("quit?"),
                "help_title": self.words("help.title")}

    # ------------------------------------------------------------------ the end

    def end_words(self, end: End) -> str:
        """Who won, and whether the person did (the outcome printed after a network game)."""
        return self._end_words(end)

    @abstractmethod
    def _end_words(self, end: End) -> str:
        """Who won (each board's own words)."""

    def _end_lines(self, events: Sequence[Event]) -> list[tuple[str, str]]:
        """The log's last line, under the events that ended the game."""
        pending = self.game.pending
        if isinstance(pending, End) and any(e.kind == "game_over" for e in events):
            return [("class:log.end", self._end_words(pending))]
        return []

    def mine_words(self, end: End) -> str:
        """"You win!" or "You lose."; nothing for a spectator (``replay``, you < 0)."""
        if self.you < 0:
            return ""
        return self.words("win.you") if self.you in end.winners else self.words("win.not_you")

    def out_note(self) -> str:
        """A network table's news under the actions once the person is out and the game
        goes on (none unless a game goes on without them)."""
        return ""


__all__ = ["BoardBase", "WordsBoard"]
