"""What every full screen of a game has, written once: ``ScreenBase`` and the dialog box.

Why: the card game's screen and the shell the boards sat on (the Dice Game and The Duel)
each kept the same state and the same answers, now the one shell's (``shell/screen.py``'s
``GameScreen``, around any game's board): the computer players' pace (``+``/``-``) and who
hears it, a notice cleared by the next key, the network's note, a dialog that must be read
(a verdict), the question before leaving (and whether leaving for good is offered) and its
answers, the seat question's ``y``/``n``, the chat line (its text, its keys, a paste, its
sender), leaving once, the application itself (its colours, Ctrl-C, a notice lasting until
the next key: ``_application``) and its one key table (``_key_table``: every key to ``_key``
by its name, in one order), built around the screen's body (``_body``, a ``shell/body.py``
``Body``). What differs by game (how the body draws: the card game's panels,
``bang/card_panels.py``, or the boards' lines drawn by one pure function,
``shell/drawn_board.py``; and a few keys) the screen says through small methods, which
``GameScreen`` routes to its board: ``_redraw``, ``_dialog_shown``, ``_dialog_closed``,
and the key hooks (``_open_help``, ``_close_help``, ``move``, ``_log_key``, ``_own_key``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Layout
from prompt_toolkit.output import Output

from p2pbang.engine.actions import End
from p2pbang.table.bot_pace import DEFAULT_SPEED, DELAYS
from p2pbang.ui.i18n import _
from p2pbang.ui.shell.body import Body
from p2pbang.ui.shell.stage import FINISHED, LEAVE_FOR_GOOD, QUIT
from p2pbang.ui.shell.style import table_style
from p2pbang.ui.shell.widgets import MAX_CHAT, clean_chat
from p2pbang.ui.textfit import Line, cut, fit_line, pad, width_of, wrap

DIALOG_MAX_WIDTH = 72
# The keys the key table passes on by name (every other key passes on as what it types).
NAMED_KEYS = ("up", "down", "enter", "pageup", "pagedown", "home", "end", "escape", "f1",
              "tab", "backspace")


class ScreenBase(ABC):
    """The state and keys every game's full screen shares (see the module's docstring)."""

    app: Application[str]
    help_page: int  # rows PgUp/PgDn scroll the help (the board's)
    help_closers: tuple[str, ...]  # the keys closing the help (the board's)

    def __init__(self, session: Any, speed: int = DEFAULT_SPEED, *, pace_keys: bool = True,
                 note: Callable[[], str] | None = None,
                 on_speed: Callable[[float], None] | None = None) -> None:
        """``pace_keys`` (+/-) set the computer players' pace, which only a game run here
        has; ``on_speed`` hears each new pace in seconds per move (a host tells the bot
        peers it started); ``note`` is the network's news (whom the table waits for, who
        is disconnected), shown under the actions when nothing more pressing is."""
        self.session = session
        self.speed = max(0, min(len(DELAYS) - 1, speed))
        self.pace_keys = pace_keys
        self.on_speed = on_speed
        self.note = note or (lambda: "")
        self.notice = ""
        self.help_visible = False
        self.help_offset = 0
        self.confirm_quit = False
        self.dialog: tuple[str, list[str]] | None = None
        self.on_action: Callable[[], None] = lambda: None
        self.send_chat: Callable[[str], None] | None = None  # set by each screen
        self.chatting = False  # the chat line has the keys
        self.chat_text = ""

    # ------------------------------------------------------------------ what each screen says

    @abstractmethod
    def _redraw(self) -> None:
        """Ask for the screen to be drawn again."""

    def _dialog_shown(self) -> None:
        """A dialog came up: give it the keys."""
        self._redraw()

    def _dialog_closed(self) -> None:
        """The dialog went: give the keys back to the table."""
        self._redraw()

    def _pace_words(self) -> str:
        """The notice of a new pace, with ``{seconds}`` to fill."""
        return _("Computer players: {seconds:.1f} s per move.")

    def _quit_words(self) -> str:
        """The question before leaving a game that cannot be left for good."""
        return _("Leave the game? y: yes, n: no")

    # ------------------------------------------------------------------ the pace

    @property
    def delay(self) -> float:
        """Seconds the computer players wait before each move."""
        return DELAYS[self.speed]

    def change_speed(self, step: int) -> None:
        """``+`` (step -1: faster) or ``-`` (step 1: slower), where the pace is this
        screen's to set; says the new pace in the notice."""
        if not self.pace_keys:
            return
        self.speed = max(0, min(len(DELAYS) - 1, self.speed + step))
        if self.on_speed is not None:
            self.on_speed(self.delay)
        self.notice = self._pace_words().format(seconds=self.delay)
        self._redraw()

    # ------------------------------------------------------------------ the log's news

    @abstractmethod
    def add_events(self, events: Sequence[Any]) -> int:
        """Tell ``events`` in the log (the drivers' and network tables' one way in);
        returns how many lines that added."""

    @abstractmethod
    def changed(self) -> None:
        """The game moved on: draw again."""

    @abstractmethod
    def add_line(self, text: str, style: str = "class:log") -> None:
        """A line of news for the log that is not a game event."""

    def add_chat(self, sender: str, text: str) -> None:
        """A chat line from ``sender`` (already cleaned by whoever received it)."""
        self.add_line(f"<{sender}> {text}", "class:log.chat")

    # ------------------------------------------------------------------ dialogs, leaving

    def show_dialog(self, title: str, lines: list[str]) -> None:
        """A message over the table that must be read (a verdict): Enter or Esc closes it."""
        self.dialog = (title, list(lines))
        self.confirm_quit = self.help_visible = self.chatting = False
        self._dialog_shown()

    def close_dialog(self) -> None:
        self.dialog = None
        self._dialog_closed()

    @property
    def may_leave_for_good(self) -> bool:
        """The session lets the person leave for good (a bot takes the seat)."""
        return bool(getattr(self.session, "may_leave_for_good", False))

    @property
    def asked(self) -> bool:
        """A seat is changing hands and the table asks the person (``y``/``n``)."""
        return getattr(self.session, "question", None) is not None

    def leave_question(self) -> str:
        """The question ``q`` asks."""
        if self.may_leave_for_good:
            return _("Leave? y: pause (resume later), g: for good (a bot takes your seat), "
                     "n: stay")
        return self._quit_words()

    def answer_leave(self, key: str) -> None:
        """A key while the question before leaving is asked: ``y`` leaves (QUIT), ``g``
        leaves for good where the session lets the person, any other key stays."""
        self.confirm_quit = False
        if key == "y":
            self.exit(QUIT)
        elif key == "g" and self.may_leave_for_good:
            self.exit(LEAVE_FOR_GOOD)

    def answer_seat(self, key: str) -> None:
        """``y`` or ``n`` to the seat question: agree, or wait for the seat's person."""
        self.session.answer_question(key == "y")

    def _clear_notice(self, _processor: object) -> None:
        self.notice = ""  # a notice lasts until the next key

    # ------------------------------------------------------------------ keys

    def _key(self, key: str) -> None:
        """Every key but Ctrl-C comes here, by its name (``NAMED_KEYS``) or as what it types
        (the tests call it directly). One order for every screen: a dialog takes Enter, Esc
        or Space; a chat line being typed, its keys; the question before leaving, any key;
        the help, its scrolling and closing keys; the seat question, ``y`` and ``n``; then
        the table's keys, the screen's own last."""
        if self.dialog is not None:
            if key in ("enter", "escape", " "):
                self.close_dialog()
            return
        if self._typing():
            self._chat_key(key)
        elif self.confirm_quit:
            self.answer_leave(key)
        elif self.help_visible:
            self._help_key(key)
        elif key in ("y", "n") and self.asked:
            self.answer_seat(key)  # a seat changing hands: agree / wait
            return
        else:
            self._table_key(key)
        self._redraw()

    def _help_key(self, key: str) -> None:
        """A key while the help is shown: scroll it, or close it."""
        steps = {"up": -1, "down": 1, "pageup": -self.help_page, "pagedown": self.help_page,
                 "home": -10**6, "end": 10**6}
        if key in steps:
            self.help_offset = max(0, self.help_offset + steps[key])
        elif key in self.help_closers:
            self._close_help()

    def _help_page(self, title: Line, lines: list[Line], width: int,
                   height: int) -> list[Line]:
        """The help over the whole screen, as both screens draw it: ``title`` on the status
        row, then ``lines`` from the reader's place (``help_offset``, kept within the text),
        ``height`` rows of ``width`` cells."""
        body = height - 1
        self.help_offset = max(0, min(self.help_offset, len(lines) - body))
        shown = lines[self.help_offset:self.help_offset + body]
        return [fit_line(title, width, "class:status"), *(fit_line(line, width) for line in shown),
                *(fit_line([], width) for _ in range(body - len(shown)))]

    def _table_key(self, key: str) -> None:
        """A key at the table: the help, leaving, chat, the pace, the selection and the log,
        then the screen's own (``_own_key``)."""
        ended = isinstance(self.session.pending, End)
        if key in ("?", "f1"):
            self._open_help()
        elif key == "q":
            if ended:
                self.exit(FINISHED)
            else:
                self.confirm_quit = True
        elif key == "enter" and ended:
            self.exit(FINISHED)
        elif key in ("tab", "c") and self._has_chat():
            self._start_chat()
        elif key in ("+", "="):
            self.change_speed(-1)
        elif key == "-":
            self.change_speed(1)
        elif key in ("up", "down"):
            self.move(-1 if key == "up" else 1)
        elif key in ("pageup", "pagedown", "home", "end"):
            self._log_key(key)
        else:
            self._own_key(key)

    def _typing(self) -> bool:
        """The chat line is being typed (its keys are ``_chat_key``'s)."""
        return self.chatting

    def _has_chat(self) -> bool:
        """Tab and ``c`` open a chat line here (a sender is set)."""
        return self.send_chat is not None

    def _start_chat(self) -> None:
        """Give the keys to the chat line."""
        self.chatting = True

    def _chat_key(self, key: str) -> None:
        """A key while the chat line has the keys: type, Backspace, Enter sends and goes
        back to the table (a ``q`` or a digit typed next is a command again), Esc or Tab go
        back without sending. The line is cleaned when sent (``clean_chat``)."""
        if key in ("escape", "tab"):
            self.chatting = False
        elif key == "enter":
            text = clean_chat(self.chat_text)
            self.chat_text = ""
            self.chatting = False
            if text and self.send_chat is not None:
                self.send_chat(text)
        elif key == "backspace":
            self.chat_text = self.chat_text[:-1]
        elif len(key) == 1 and key.isprintable():
            self._type(key)

    def _type(self, text: str) -> None:
        """Text typed or pasted into the chat line, up to ``MAX_CHAT`` characters."""
        self.chat_text = (self.chat_text + text)[:MAX_CHAT]

    def _paste(self, text: str) -> None:
        """A bracketed paste: typed into the chat line when it has the keys (cleaned of
        line breaks), else ignored, as a paste at the table chooses nothing."""
        if self.chatting and self.dialog is None:
            self._type(" ".join(text.splitlines()))
            self._redraw()

    @abstractmethod
    def _open_help(self) -> None:
        """Show the help (``?``, F1)."""

    @abstractmethod
    def _close_help(self) -> None:
        """Hide the help."""

    @abstractmethod
    def move(self, step: int) -> None:
        """Move the selection ``step`` rows."""

    @abstractmethod
    def _log_key(self, key: str) -> None:
        """PgUp, PgDn, Home or End: scroll the log."""

    @abstractmethod
    def _own_key(self, key: str) -> None:
        """Any other key: Enter, Esc, a row's shortcut, a screen's command."""

    def _key_table(self) -> KeyBindings:
        """The application's keys: every key to ``_key``, by its name or as what it types;
        a paste to ``_paste``."""
        kb = KeyBindings()

        @kb.add(Keys.Any)
        def _any(event: KeyPressEvent) -> None:
            self._key(event.data)

        @kb.add(Keys.BracketedPaste)
        def _pasted(event: KeyPressEvent) -> None:
            self._paste(event.data)

        for name in NAMED_KEYS:
            kb.add(name, eager=name == "escape")(self._named(name))
        return kb

    def _named(self, name: str) -> Callable[[KeyPressEvent], None]:
        def handle(event: KeyPressEvent) -> None:
            self._key(name)
        return handle

    # ------------------------------------------------------------------ the application

    @abstractmethod
    def _body(self) -> Body:
        """What the screen shows under the shell's keys (``shell/body.py``)."""

    def _build_application(self, input: Input | None,
                           output: Output | None) -> Application[str]:
        """The screen's application around its body, whichever way the body draws."""
        body = self._body()
        return self._application(body.layout(), self._key_table(), input, output,
                                 before_render=body.before_render)

    def _application(self, layout: Layout, key_bindings: KeyBindings, input: Input | None,
                     output: Output | None, **options: Any) -> Application[str]:
        """The full-screen application every game's screen runs: its layout and keys, the
        table's colours, no mouse, Ctrl-C leaving, a notice lasting until the next key.
        ``options`` are the application's others (``before_render``: the card game plans
        its panels there)."""
        keys = KeyBindings()

        @keys.add("c-c")
        @keys.add(Keys.SIGINT)
        def _interrupt(event: KeyPressEvent) -> None:
            self.exit(QUIT)

        app: Application[str] = Application(
            input=input, output=output, layout=layout,
            key_bindings=merge_key_bindings([keys, key_bindings]), style=table_style(),
            full_screen=True, mouse_support=False, **options)
        app.key_processor.before_key_press += self._clear_notice
        return app

    def exit(self, result: str) -> None:
        """Leave the screen with ``result`` (QUIT, FINISHED, LEAVE_FOR_GOOD), once."""
        if self.app.is_running and not self.app.future.done():
            self.app.exit(result=result)


def dialog_width(width: int) -> int:
    """The dialog box's width on a screen ``width`` cells wide."""
    return max(20, min(width - 4, DIALOG_MAX_WIDTH))


def dialog_body(lines: list[str], width: int) -> list[str]:
    """A dialog's lines wrapped inside a box ``width`` cells wide."""
    body: list[str] = []
    for line in lines:
        body.extend(wrap(line, width - 4) or [""])
    return body


def dialog_box(title: str, body: list[str], width: int) -> list[Line]:
    """The box: its title in the top edge, ``body`` (already wrapped and cut to the rows it
    has), "Enter: close" in the bottom edge; every line ``width`` cells."""
    edge = "class:notice"  # bold and red: it stops the game
    inner = width - 4
    head = "\u250c\u2500 " + title + " "
    lines = [fit_line([(edge, cut(head, width - 1) + "\u2500" * max(
        0, width - 1 - width_of(head)) + "\u2510")], width)]
    lines += [fit_line([(edge, "\u2502 "), ("class:text", pad(text, inner)),
                        (edge, " \u2502")], width) for text in body]
    hint = " " + _("Enter: close") + " "
    lines.append(fit_line([(edge, "\u2514" + hint + "\u2500" * max(0, width - 2 - width_of(hint))
                                   + "\u2518")], width))
    return lines


__all__ = ["ScreenBase", "dialog_body", "dialog_box", "dialog_width"]
