"""The game's log as every full screen keeps it (``GameLog``), and its lines.

Why one class: the card game's screen, the shell the boards sit on and the watcher each kept
a list of lines, cut it to a limit, remembered how far the reader had scrolled back, and
(two of them) drew its end wrapped to the panel's width, counting the scroll in wrapped
rows. That is here once. Where the screens differ it is an option: whether a line coming in
while the reader is scrolled back keeps their place (``keeps_place``: the card game's
board), and how far back one may scroll (``scroll``'s ``most``). The shell's drawn frame
draws its log in its own way (``shell/drawn_board.py``'s ``_log_lines``: a cell's margin, no
"newer" mark, scrolled back by whole lines and back to the newest when the game moves), a
hook rather than this drawing, so that its screens stay as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from p2pbang.ui.i18n import _
from p2pbang.ui.textfit import Line, cut, fit_line, wrap


@dataclass(frozen=True)
class LogEntry:
    """One line of the log, with the style class that tells what kind of line it is."""

    text: str
    style: str = "class:log"


class GameLog:
    """A screen's log: its entries, oldest first, at most ``limit`` of them (older ones
    scroll away for good), and ``offset``, how far the reader scrolled back from the newest
    (in wrapped rows where ``lines`` draws it)."""

    def __init__(self, limit: int, *, keeps_place: bool = False) -> None:
        """``keeps_place``: a line coming in while the reader is scrolled back moves the
        offset with it, so the lines being read stay where they are."""
        self.entries: list[LogEntry] = []
        self.offset = 0
        self.limit = limit
        self.keeps_place = keeps_place

    def add(self, text: str, style: str = "class:log") -> None:
        """One line at the end."""
        self.entries.append(LogEntry(text, style))
        if len(self.entries) > self.limit:
            del self.entries[: len(self.entries) - self.limit]
        if self.keeps_place and self.offset:
            self.offset += 1  # stay on the lines being read

    def newest(self) -> None:
        """Back to the newest lines (End)."""
        self.offset = 0

    def scroll(self, rows: int, most: int) -> None:
        """``rows`` further back (negative: forward), between the newest and ``most``."""
        self.offset = max(0, min(most, self.offset + rows))

    def most(self, width: int, rows: int) -> int:
        """How far back the log scrolls when drawn ``width`` cells wide on ``rows`` rows."""
        return max_log_offset(self.entries, width, rows)

    def lines(self, width: int, rows: int) -> list[Line]:
        """The log's end drawn ``width`` cells wide, scrolled back by ``offset`` rows."""
        return log_lines(self.entries, width, rows, self.offset)


def log_lines(entries: Sequence[LogEntry], width: int, rows: int, offset: int) -> list[Line]:
    """The end of the log wrapped to ``width``, ``offset`` rows scrolled back from the end;
    scrolled back, the last row says how many newer rows are below."""
    if rows <= 0 or width <= 0:
        return []
    wrapped: list[Line] = []
    for entry in entries:
        for text in wrap(entry.text, width, "  "):
            wrapped.append([(entry.style, text)])
    end = max(0, len(wrapped) - offset)
    start = max(0, end - rows)
    shown = wrapped[start:end]
    if offset > 0 and shown:
        hidden = len(wrapped) - end
        note = " " + _("\u25bc {n} newer (PgDn)").format(n=hidden)
        shown[-1] = [("class:more", cut(note, width))]
    return [fit_line(line, width) for line in shown]


def max_log_offset(entries: Sequence[LogEntry], width: int, rows: int) -> int:
    """How many wrapped rows the log has beyond the ``rows`` shown."""
    total = sum(len(wrap(e.text, width, "  ")) for e in entries)
    return max(0, total - rows)


__all__ = ["GameLog", "LogEntry", "log_lines", "max_log_offset"]
