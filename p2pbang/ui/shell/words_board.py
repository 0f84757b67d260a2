"""What the boards worded from a game's text table share, written once (``WordsBoard``).

Why: the Dice Game's and The Duel's boards each repeated the same lines: the keys line, the
shell's texts (whose turn it is, the pace, quitting, the help's title), the winner's words
and a network table's note. A board now says only what its game draws and says; each
game's texts come from its own table (``text_table.text_function``), whose shared words
(context ``FAMILY``) are the shell's. Such a board is shown in the shell's drawn frame
(``shell/drawn_board.py``).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence

from p2pbang.engine.actions import Decision, End, Event
from p2pbang.ui.shell.drawn_board import DrawnBoard


class WordsBoard(DrawnBoard):
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


__all__ = ["WordsBoard"]
