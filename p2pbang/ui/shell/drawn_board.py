"""The shell's frame drawn around a board's top area, by one pure function (``DrawnBoard``).

Why a frame on the board's side: the one full-screen shell (``shell/screen.py``) routes a
game's keys and events to its board and builds its application around the body the board
gives. The Dice Game's and The Duel's boards share one way of being shown, written here
once: their top area (``top``: status and board) drawn into the shell's lines, one decision
line, numbered actions beside the log, a detail line and the keys (or the chat line, a
notice, the question before leaving), the help as lines and the dialog drawn into them; the
selection among the rows and the log (``shell/log.py``'s ``GameLog``, scrolled back by
whole lines) are the frame's. A board derived from it says only what its game draws and
says: ``top``, ``decision``, ``choices``, ``detail``, ``describe``, ``help``, ``hints``,
``keys_hint``, ``texts`` and its own keys (``key``). The whole screen is one pure
function, ``draw(width, height) -> lines``, which the tests call at exactly 80x24 without a
terminal; the application only shows its lines (``shell/body.py``'s ``DrawnBody``).

The card game's board draws differently (``bang/card_panels.py``: a prompt-toolkit layout of
panels, the dialog floating over them), so it is a ``BoardBase`` of its own rather than one
of these.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from p2pbang.engine.actions import IllegalAction
from p2pbang.ui.i18n import _
from p2pbang.ui.shell.base import dialog_body, dialog_box, dialog_width
from p2pbang.ui.shell.board import BoardBase
from p2pbang.ui.shell.body import DrawnBody
from p2pbang.ui.shell.log import GameLog, LogEntry
from p2pbang.ui.shell.screen import HANDLED, Choice
from p2pbang.ui.textfit import Line, cut, fit_line, pad, width_of, wrap

MIN_WIDTH, MIN_HEIGHT = 60, 16
LOG_LIMIT = 2000


class DrawnBoard(BoardBase):
    """A board shown in the shell's drawn frame: the frame's selection, log and drawing
    around what the board says (its abstract methods)."""

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self.game_log = GameLog(LOG_LIMIT)  # scrolled back by whole lines (``_log_lines``)
        self.selected = 0

    # ------------------------------------------------------------------ what a board says

    @abstractmethod
    def top(self, width: int, height: int) -> list[Line]:
        """The status and the board, at most ``height`` lines."""

    @abstractmethod
    def decision(self) -> tuple[str, str]:
        """The decision line's style and text."""

    @abstractmethod
    def choices(self) -> list[Choice]:
        """The rows of the actions panel for the person's decision."""

    @abstractmethod
    def detail(self, choice: Choice | None) -> str:
        """The line under the actions: the selected row's whole text."""

    @abstractmethod
    def describe(self, events: Sequence[Any]) -> list[tuple[str, str]]:
        """The log lines (style, text) of ``events``."""

    @abstractmethod
    def help(self) -> list[tuple[str, str]]:
        """The help's lines (style, text)."""

    @abstractmethod
    def hints(self) -> str:
        """The keys line of the game played alone."""

    @abstractmethod
    def keys_hint(self) -> str:
        """The decision's own keys, without the shell's."""

    @abstractmethod
    def texts(self) -> dict[str, str]:
        """The shell's words in the game's language (``not_yours``, ``pace``,
        ``too_small``, ``quit?``, ``help_title``)."""

    @abstractmethod
    def key(self, key: str) -> str | Any | None:
        """A key the board may use: ``None`` (not its), a notice, ``HANDLED``, or an engine
        action to take."""

    # ------------------------------------------------------------------ the driver's side

    def add_events(self, events: Sequence[Any]) -> int:
        """Tell ``events`` in the log; returns how many lines that added."""
        lines = self.describe(events)
        for style, text in lines:
            self.game_log.add(text, style)
        if lines:
            self.game_log.newest()
        self.changed()
        return len(lines)

    def add_line(self, text: str, style: str = "class:log") -> None:
        """A line of news for the log that is not a game event (a network game's peers
        coming and going, warnings, the result)."""
        self.game_log.add(text, style)
        self.changed()

    def redraw(self) -> None:
        self.changed()

    def pace_words(self) -> str:
        return self.texts()["pace"]

    def quit_words(self) -> str:
        return self.texts()["quit?"]

    def changed(self) -> None:
        """The game moved on: the selection kept within the rows, the screen drawn again."""
        choices = self.choices()
        self.selected = min(self.selected, max(0, len(choices) - 1))
        if self.screen.app.is_running:
            self.screen.app.invalidate()

    # ------------------------------------------------------------------ actions

    def take(self, index: int) -> None:
        """Take the action of row ``index`` (a refused one is explained, nothing changes)."""
        choices = self.choices()
        if not 0 <= index < len(choices):
            return
        choice = choices[index]
        if choice.action is None:
            self._board_key(choice.key)
            return
        self.act(choice.action)

    def act(self, action: Any) -> None:
        if not self.session.your_turn_to_decide():
            self.screen.notice = self.screen.note() or self.texts()["not_yours"]
            return
        try:
            events = self.session.act(action)
        except IllegalAction as exc:
            self.screen.notice = str(exc)
            self.changed()
            return
        self.selected = 0
        self.add_events(events)
        self.screen.on_action()

    def _board_key(self, key: str) -> bool:
        answer = self.key(key)
        if answer is None:
            return False
        if isinstance(answer, str):
            self.screen.notice = answer
        elif answer is HANDLED:
            self.selected = 0  # the rows may have changed under the selection
        else:
            self.act(answer)  # the board turned the key into an engine action
        self.changed()
        return True

    def press(self, key: str) -> None:
        """A letter or digit: the board's own keys first, then the action shortcuts (none
        while the person has nothing to decide, or their choice is on its way)."""
        if not self.session.your_turn_to_decide():
            return
        if self._board_key(key):
            return
        choices = self.choices()
        for index, choice in enumerate(choices):
            if choice.key == key:
                self.take(index)
                return
        if choices:  # a card played this turn leaves its key unused: say so
            self.screen.notice = _("There is no action {key}.").format(key=key)

    def move(self, step: int) -> None:
        count = len(self.choices())
        if count:
            self.selected = (self.selected + step) % count
        self.changed()

    @property
    def log(self) -> list[LogEntry]:
        """The log's entries, oldest first."""
        return self.game_log.entries

    def scroll_log(self, rows: int) -> None:
        self.game_log.scroll(rows, len(self.log))
        self.changed()

    # ------------------------------------------------------------------ drawing

    def draw(self, width: int, height: int) -> list[Line]:
        """The whole screen as ``height`` lines of exactly ``width`` cells."""
        texts = self.texts()
        if width < MIN_WIDTH or height < MIN_HEIGHT:
            return [fit_line([("class:notice", texts["too_small"])], width)] + [
                fit_line([], width) for _ in range(height - 1)]
        if self.screen.help_visible:
            return self._draw_help(width, height)
        top = [fit_line(line, width) for line in self.top(width, height - 6)]
        deciding = self.session.your_turn_to_decide()
        note = self.screen.note()
        style, text = self.decision()
        if not deciding and style == "class:decision.mine" and note:
            style, text = "class:waiting", note  # the choice is on its way to the others
        rows = [*top, fit_line([(style, " \u25b8 " + text)], width)]
        choices = self.choices() if deciding else []
        selected = choices[self.selected] if choices and self.selected < len(choices) else None
        if note and not choices:
            below = [fit_line([("class:lobby.waiting", " " + note)], width)]
        else:  # the selected row's whole text, on a second row when it needs one
            below = [fit_line([("class:detail", " " + part)], width)
                     for part in wrap(self.detail(selected), width - 1)[:2]]
        middle = height - len(rows) - 1 - len(below)
        left = min(max(34, width * 11 // 20), width - 20) if choices else 0
        action_lines = self._action_lines(choices, left, middle) if choices else []
        log_width = width - left - (1 if choices else 0)
        log_lines = self._log_lines(log_width, middle)
        for row in range(middle):
            line: Line = []
            if choices:
                line += fit_line(action_lines[row] if row < len(action_lines) else [], left)
                line.append(("class:rule", "\u2502"))
            line += fit_line(log_lines[row] if row < len(log_lines) else [], log_width)
            rows.append(line)
        rows += below
        if self.screen.chatting:
            bottom = self._chat_row(width)
        elif self.screen.confirm_quit:
            bottom = [("class:notice", " " + self.screen.leave_question())]
        elif self.screen.notice:
            bottom = [("class:notice", " " + self.screen.notice)]
        else:
            bottom = [("class:hints", " " + self.keys_line(width - 1))]
        rows.append(fit_line(bottom, width, "class:hints"))
        rows = rows[:height]
        if self.screen.dialog is not None:
            self._overlay_dialog(rows, width)
        return rows

    def keys_line(self, width: int = 10**6) -> str:
        """The keys line: the board's own (``hints``), with chat and the pace at a network
        table. When the whole line does not fit in ``width`` cells, the pace keys (the least
        needed) are left out before anything is cut."""
        if self.screen.send_chat is None:
            return self.hints()
        keys = self.keys_hint()
        tails = [_("?: help \u00b7 Tab: chat \u00b7 q: quit")]
        if self.screen.pace_keys:
            tails.insert(0, _("?: help \u00b7 Tab: chat \u00b7 q: quit \u00b7 +/-: pace"))
        lines = [" \u00b7 ".join(part for part in (keys, tail) if part) for tail in tails]
        return next((line for line in lines if width_of(line) <= width), lines[-1])

    def _chat_row(self, width: int) -> Line:
        """The chat line being typed: its prompt, the end of the text, a cursor, the keys."""
        prompt = " " + _("Say: ")
        keys = " " + _("Enter: send \u00b7 Esc: back") + " "
        room = max(4, width - width_of(prompt) - width_of(keys) - 1)
        text = self.screen.chat_text
        while width_of(text) > room:  # the end of a long line stays in view
            text = text[1:]
        return [("class:chat.prompt", prompt), ("class:chat", pad(text, room)),
                ("reverse", " "), ("class:hints", keys)]

    def _overlay_dialog(self, rows: list[Line], width: int) -> None:
        """Draw the dialog box over the middle of ``rows`` (title, wrapped lines, Enter)."""
        assert self.screen.dialog is not None
        title, lines = self.screen.dialog
        box = dialog_width(width)
        body = ["", *dialog_body(lines, box)][:max(1, len(rows) - 4)]
        drawn = dialog_box(title, body, box)
        top = max(0, (len(rows) - len(drawn)) // 2)
        left = (width - box) // 2
        for offset, line in enumerate(drawn):
            index = top + offset
            if index < len(rows):
                rows[index] = fit_line([("", " " * left), *line], width)

    def _action_lines(self, choices: list[Choice], width: int, height: int) -> list[Line]:
        """The rows around the selection; when they do not all fit, the last row ("End the
        turn", "Take the hit") stays pinned at the bottom so it is always one key away."""
        shown = list(range(len(choices)))
        if len(choices) > height:
            last = len(choices) - 1
            room = height - 1
            start = max(0, min(self.selected - room + 1, last - room)) if self.selected < last \
                else last - room
            shown = [*range(start, start + room), last]
        lines: list[Line] = []
        for index in shown:
            choice = choices[index]
            style = "class:action.selected" if index == self.selected else "class:action"
            key = f"{choice.key:>2} " if choice.key else "   "
            lines.append([("class:action.key", key), (style, cut(choice.label, width - 3))])
        return lines

    def _log_lines(self, width: int, height: int) -> list[Line]:
        """The log's end, a cell's margin on the right, ``offset`` lines back from the
        newest (the boards' own way, kept as their screens have it)."""
        wrapped: list[Line] = []
        for entry in self.log[-200:]:
            for part in wrap(entry.text, max(10, width - 1), "  "):
                wrapped.append([(entry.style, part)])
        end = len(wrapped) - min(self.game_log.offset, max(0, len(wrapped) - height))
        return wrapped[max(0, end - height):end]

    def _draw_help(self, width: int, height: int) -> list[Line]:
        lines: list[Line] = []
        for style, text in self.help():
            if not text:
                lines.append([])
                continue
            indent = "" if style == "class:help.title" else "  "
            lines.extend([(style, part)] for part in wrap(text, width - 1, indent))
        title = [("class:status.title", " " + self.texts()["help_title"])]
        return self.screen._help_page(title, lines, width, height)

    # ------------------------------------------------------------------ what the shell routes here

    def body(self) -> DrawnBody:
        return DrawnBody(self.draw)

    def open_help(self) -> None:
        self.screen.help_visible, self.screen.help_offset = True, 0

    def close_help(self) -> None:
        self.screen.help_visible = False

    def log_key(self, key: str) -> None:
        """PgUp/PgDn scroll the log by five lines, Home to its start, End back."""
        if key in ("pageup", "pagedown"):
            self.scroll_log(5 if key == "pageup" else -5)
        elif key == "home":
            self.scroll_log(len(self.log))
        else:
            self.game_log.newest()

    def own_key(self, key: str) -> None:
        """Enter takes the selected row unless the board uses it; Esc is a board's step back
        (The Duel's card ways); a letter or digit, the board's key or a row's shortcut."""
        if key == "enter":
            if not self._board_key("enter"):
                self.take(self.selected)
        elif key == "escape":
            self._board_key("escape")
        elif len(key) == 1 and key.isprintable():
            self.press(key)


__all__ = ["LOG_LIMIT", "MIN_HEIGHT", "MIN_WIDTH", "DrawnBoard"]
