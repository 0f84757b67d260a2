"""The full-screen shell a game's board sits in (the Dice Game's and The Duel's, solo, at a
network table).

Why a frame and a board: the games need the same frame (status, the game's board, one
decision line, numbered actions beside the log, a detail line, keys, help, quitting) around
a different board: an object that draws the top of the screen and turns its own decisions
and events into words (``dice/dice_board.py``, ``duel/duel_board.py``, on ``shell/board.py``'s
``BoardBase``; which board a game has is the registry's, ``boards.py``). What the frame shares
with the card game's own screen (``bang/table_screen.py``: the pace, notices, the dialog,
leaving) is ``shell/base.py``'s ``ScreenBase``.

The whole screen is one pure function, ``draw(width, height) -> lines``, which the tests call
at exactly 80x24 without a terminal; the prompt-toolkit application only shows its lines and
routes keys. The screen talks to the session as ``SoloDriver`` expects (``add_events``,
``delay``, ``on_action``, ``changed``), so the card game's driver and stage run it unchanged.

At a network table (``network/family_net_table.py``) the same screen gets what only a network game
has, as the card game's ``TableScreen`` does: a chat line (Tab or c, Enter sends, Esc goes
back), the network's news under the actions (``note``), a dialog that must be read (a
verdict), lines of news in the log, and the bots' pace only where this host started them.
The chat line's state and keys are the shell's (``shell/base.py``: plain state rather than
a prompt-toolkit buffer, so that it is drawn by the same pure ``draw`` as the rest and
tested without a terminal); this screen draws it in the keys' row (``_chat_row``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from p2pbang.engine.actions import IllegalAction
from p2pbang.table.bot_pace import DEFAULT_SPEED
from p2pbang.ui.i18n import _
from p2pbang.ui.shell.base import ScreenBase, dialog_body, dialog_box, dialog_width
from p2pbang.ui.shell.body import DrawnBody
from p2pbang.ui.shell.log import GameLog, LogEntry
from p2pbang.ui.textfit import Line, cut, fit_line, pad, width_of, wrap

# Shortcuts of the action rows: digits, then letters that are not commands of the shell
# (q quit, y confirm) or of a board (r roll, k keep).
SHORTCUTS = "123456789abdefghijlmnopstuvwxz"
MIN_WIDTH, MIN_HEIGHT = 60, 16
LOG_LIMIT = 2000


@dataclass(frozen=True)
class Choice:
    """One row of the actions panel: what it says, the engine action it takes (``None``: a
    row the board handles itself, such as "roll the marked dice"), and its key."""

    label: str
    action: Any
    key: str = ""


class Session(Protocol):
    you: int
    names: list[str]

    @property
    def pending(self) -> Any: ...

    def your_turn_to_decide(self) -> bool: ...

    def legal_actions(self) -> list[Any]: ...

    def act(self, action: Any) -> list[Any]: ...


class Board(Protocol):
    """What one game shows and says; every method reads the person's own engine only."""

    def top(self, width: int, height: int) -> list[Line]: ...

    def decision(self) -> tuple[str, str]: ...

    def choices(self) -> list[Choice]: ...

    def detail(self, choice: Choice | None) -> str: ...

    def describe(self, events: Sequence[Any]) -> list[tuple[str, str]]: ...

    def help(self) -> list[tuple[str, str]]: ...

    def hints(self) -> str: ...

    def keys_hint(self) -> str: ...

    def texts(self) -> dict[str, str]: ...

    def key(self, key: str) -> str | Any | None: ...


HANDLED = object()  # a board's answer to a key it used without a message


class FamilyScreen(ScreenBase):
    """Interface state and keys around a board: log, selection, help, notices, quitting."""

    def __init__(self, session: Session, board: Board, speed: int = DEFAULT_SPEED,
                 input: Input | None = None, output: Output | None = None, *,
                 send_chat: Callable[[str], None] | None = None,
                 note: Callable[[], str] | None = None, pace_keys: bool = True,
                 on_speed: Callable[[float], None] | None = None) -> None:
        """``send_chat`` (a network table) adds the chat line; ``note`` is the network's
        news for the line under the actions; ``pace_keys`` (+/-) set the computer players'
        pace, and ``on_speed`` hears each new pace (a host tells the bot peers it started)."""
        super().__init__(session, speed, pace_keys=pace_keys, note=note, on_speed=on_speed)
        self.board = board
        self.game_log = GameLog(LOG_LIMIT)  # scrolled back by whole lines (``_log_lines``)
        self.selected = 0
        self.send_chat = send_chat
        self.app: Application[str] = self._build_application(input, output)

    # ------------------------------------------------------------------ the driver's side

    def add_events(self, events: Sequence[Any]) -> int:
        """Tell ``events`` in the log; returns how many lines that added."""
        lines = self.board.describe(events)
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

    def _redraw(self) -> None:
        self.changed()

    def _pace_words(self) -> str:
        return self.board.texts()["pace"]

    def _quit_words(self) -> str:
        return self.board.texts()["quit?"]

    def changed(self) -> None:
        choices = self.board.choices()
        self.selected = min(self.selected, max(0, len(choices) - 1))
        if self.app.is_running:
            self.app.invalidate()

    # ------------------------------------------------------------------ actions

    def take(self, index: int) -> None:
        """Take the action of row ``index`` (a refused one is explained, nothing changes)."""
        choices = self.board.choices()
        if not 0 <= index < len(choices):
            return
        choice = choices[index]
        if choice.action is None:
            self._board_key(choice.key)
            return
        self.act(choice.action)

    def act(self, action: Any) -> None:
        if not self.session.your_turn_to_decide():
            self.notice = self.note() or self.board.texts()["not_yours"]
            return
        try:
            events = self.session.act(action)
        except IllegalAction as exc:
            self.notice = str(exc)
            self.changed()
            return
        self.selected = 0
        self.add_events(events)
        self.on_action()

    def _board_key(self, key: str) -> bool:
        answer = self.board.key(key)
        if answer is None:
            return False
        if isinstance(answer, str):
            self.notice = answer
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
        choices = self.board.choices()
        for index, choice in enumerate(choices):
            if choice.key == key:
                self.take(index)
                return
        if choices:  # a card played this turn leaves its key unused: say so
            self.notice = _("There is no action {key}.").format(key=key)

    def move(self, step: int) -> None:
        count = len(self.board.choices())
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
        texts = self.board.texts()
        if width < MIN_WIDTH or height < MIN_HEIGHT:
            return [fit_line([("class:notice", texts["too_small"])], width)] + [
                fit_line([], width) for _ in range(height - 1)]
        if self.help_visible:
            return self._draw_help(width, height)
        top = [fit_line(line, width) for line in self.board.top(width, height - 6)]
        deciding = self.session.your_turn_to_decide()
        note = self.note()
        style, text = self.board.decision()
        if not deciding and style == "class:decision.mine" and note:
            style, text = "class:waiting", note  # the choice is on its way to the others
        rows = [*top, fit_line([(style, " \u25b8 " + text)], width)]
        choices = self.board.choices() if deciding else []
        selected = choices[self.selected] if choices and self.selected < len(choices) else None
        if note and not choices:
            below = [fit_line([("class:lobby.waiting", " " + note)], width)]
        else:  # the selected row's whole text, on a second row when it needs one
            below = [fit_line([("class:detail", " " + part)], width)
                     for part in wrap(self.board.detail(selected), width - 1)[:2]]
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
        if self.chatting:
            bottom = self._chat_row(width)
        elif self.confirm_quit:
            bottom = [("class:notice", " " + self.leave_question())]
        elif self.notice:
            bottom = [("class:notice", " " + self.notice)]
        else:
            bottom = [("class:hints", " " + self.hints(width - 1))]
        rows.append(fit_line(bottom, width, "class:hints"))
        rows = rows[:height]
        if self.dialog is not None:
            self._overlay_dialog(rows, width)
        return rows

    def hints(self, width: int = 10**6) -> str:
        """The keys line: the board's own, with chat and the pace at a network table. When
        the whole line does not fit in ``width`` cells, the pace keys (the least needed)
        are left out before anything is cut."""
        if self.send_chat is None:
            return self.board.hints()
        keys = self.board.keys_hint()
        tails = [_("?: help \u00b7 Tab: chat \u00b7 q: quit")]
        if self.pace_keys:
            tails.insert(0, _("?: help \u00b7 Tab: chat \u00b7 q: quit \u00b7 +/-: pace"))
        lines = [" \u00b7 ".join(part for part in (keys, tail) if part) for tail in tails]
        return next((line for line in lines if width_of(line) <= width), lines[-1])

    def _chat_row(self, width: int) -> Line:
        """The chat line being typed: its prompt, the end of the text, a cursor, the keys."""
        prompt = " " + _("Say: ")
        keys = " " + _("Enter: send \u00b7 Esc: back") + " "
        room = max(4, width - width_of(prompt) - width_of(keys) - 1)
        text = self.chat_text
        while width_of(text) > room:  # the end of a long line stays in view
            text = text[1:]
        return [("class:chat.prompt", prompt), ("class:chat", pad(text, room)),
                ("reverse", " "), ("class:hints", keys)]

    def _overlay_dialog(self, rows: list[Line], width: int) -> None:
        """Draw the dialog box over the middle of ``rows`` (title, wrapped lines, Enter)."""
        assert self.dialog is not None
        title, lines = self.dialog
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
        for style, text in self.board.help():
            if not text:
                lines.append([])
                continue
            indent = "" if style == "class:help.title" else "  "
            lines.extend([(style, part)] for part in wrap(text, width - 1, indent))
        title = [("class:status.title", " " + self.board.texts()["help_title"])]
        return self._help_page(title, lines, width, height)

    # ------------------------------------------------------------------ application

    def _render(self, width: int, height: int) -> list[Line]:
        return self.draw(width, height)

    def _body(self) -> DrawnBody:
        return DrawnBody(self._render)

    # ------------------------------------------------------------------ the shell's key hooks

    def _open_help(self) -> None:
        self.help_visible, self.help_offset = True, 0

    def _close_help(self) -> None:
        self.help_visible = False

    def _log_key(self, key: str) -> None:
        if key in ("pageup", "pagedown"):
            self.scroll_log(5 if key == "pageup" else -5)
        elif key == "home":
            self.scroll_log(len(self.log))
        else:
            self.game_log.newest()

    def _own_key(self, key: str) -> None:
        """Enter takes the selected row unless the board uses it; Esc is a board's step back
        (The Duel's card ways); a letter or digit, the board's key or a row's shortcut."""
        if key == "enter":
            if not self._board_key("enter"):
                self.take(self.selected)
        elif key == "escape":
            self._board_key("escape")
        elif len(key) == 1 and key.isprintable():
            self.press(key)
