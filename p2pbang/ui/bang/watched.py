"""What the watcher (``ui/watch_screen.py``) shows of a card game: each event in a sentence,
who won, and the table of seats as the whole table sees it (no hand, no hidden card).

Why in the card game's package: the watcher asks the registry (``boards.watched_for``) and
draws what a game's ``watched`` gives, so it names no game; the Dice Game and The Duel need
none of their own (``boards.BoardWatched``: their boards' sentences, no table).
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import End, Event
from p2pbang.ui.bang.render import seat_lines, status_line
from p2pbang.ui.describe import Describer
from p2pbang.ui.textfit import Line
from p2pbang.ui.view import phase_name, spectator_view


class CardWatched:
    """A ``TableWatch``'s card game (``watch.core``, ``watch.names``, ``watch.seated``)."""

    def __init__(self, watch: Any) -> None:
        self.watch = watch
        self._describer = Describer(watch.core.game, watch.names)

    def describe(self, events: list[Event]) -> list[str]:
        """The events that say something, a sentence each."""
        return [text for event in events if (text := self._describer.event(event))]

    def end_lines(self, end: End) -> list[str]:
        """Who won, and which side that was."""
        return [self._describer.end(end), self._describer.outcome(end)]

    def status(self, width: int) -> Line | None:
        """The table's status line once the seats are drawn (before: the watcher's note)."""
        if not self.watch.seated:
            return None
        view = spectator_view(self.watch.core.game, self.watch.names)
        phase = phase_name(view.phase) if view.phase else None
        return status_line(view, self.watch.names, phase, width)

    def top_rows(self) -> int:
        return len(self.watch.core.game.players) + 1

    def top(self, width: int) -> list[Line]:
        """The seats, one line each under a header."""
        if not self.watch.seated:
            return [[("class:dim", " The seats and the cards are being dealt.")]]
        view = spectator_view(self.watch.core.game, self.watch.names)
        return seat_lines(view, width, header=True, two_lines=False)


__all__ = ["CardWatched"]
