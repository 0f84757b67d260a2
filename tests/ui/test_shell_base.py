"""The parts every game's full screen shares (``ui/shell/base.py``): the dialog box, the pace,
the question before leaving; the card game's screen and the boards' shell answer alike."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from prompt_toolkit.application.current import set_app
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding.key_processor import KeyPress
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.choice import GameChoice
from p2pbang.table.bot_pace import DELAYS
from p2pbang.table.solo import SoloSession
from p2pbang.ui.bang.card_board import CardBoard
from p2pbang.ui.boards import board_for
from p2pbang.ui.shell.base import ScreenBase, dialog_box, dialog_width
from p2pbang.ui.shell.body import DrawnBody
from p2pbang.ui.shell.screen import GameScreen
from p2pbang.ui.shell.stage import QUIT
from p2pbang.ui.textfit import fit_line, line_width

from .screens import card_screen, snapshot


def test_the_dialog_box_keeps_its_corners_when_the_title_is_too_long() -> None:
    width = dialog_width(80)
    lines = dialog_box("A very long title " * 8, ["", "one line"], width)
    texts = ["".join(text for _style, text in line) for line in lines]
    assert all(line_width(line) == width for line in lines)
    assert texts[0].startswith("\u250c\u2500 A very long") and texts[0].endswith("\u2510")
    assert "\u2026" in texts[0]  # the title was cut, and says so
    assert texts[-1].startswith("\u2514") and texts[-1].endswith("\u2518")
    assert [t[2:-2].rstrip() for t in texts[1:-1]] == ["", "one line"]


def test_the_dialog_is_as_wide_as_the_screen_allows() -> None:
    assert [dialog_width(w) for w in (20, 60, 76, 80, 200)] == [20, 56, 72, 72, 72]


@pytest.fixture(params=["card game", "board"])
def screen(request: pytest.FixtureRequest) -> Iterator[ScreenBase]:
    with create_pipe_input() as pipe:
        if request.param == "card game":
            session: Any = SoloSession(4, seed=2)
            yield card_screen(session, speed=3, input=pipe, output=DummyOutput())
        else:
            session = SoloSession(GameChoice.make("duel", 2), 2)
            yield GameScreen(session, board_for(session), speed=3, input=pipe,
                               output=DummyOutput())


def test_a_drawn_body_shows_what_its_function_draws_at_the_windows_size() -> None:
    body = DrawnBody(lambda width, height: [[("class:x", f"{width}x{height}")]])
    control = body.layout().container.content  # type: ignore[attr-defined]
    content = control.create_content(12, 3)
    assert content.line_count == 1 and content.get_line(0) == fit_line([("class:x", "12x3")], 12)
    assert control.is_focusable()  # the one window has the keys


def test_each_screen_runs_its_body_in_the_shells_application(screen: ScreenBase) -> None:
    """The application is the shell's around the screen's body: the card game's panels are
    planned for the terminal's size before each draw (DummyOutput: 80x40), the boards'
    shell draws its lines whole in one window."""
    screen.app.before_render.fire()
    if isinstance(screen.board, CardBoard):
        assert (screen.board.plan.width, screen.board.plan.height) == (80, 40)
        assert screen.app.layout.current_window.content.is_focusable()  # the menu has the keys
    else:
        assert isinstance(screen, GameScreen)
        texts = ["".join(text for _style, text in line) for line in screen.board.draw(80, 24)]
        assert snapshot(screen, 80, 24) == texts  # type: ignore[arg-type]


def test_the_pace_changes_only_where_it_is_the_screens_to_set(screen: ScreenBase) -> None:
    heard: list[float] = []
    screen.on_speed = heard.append
    screen.change_speed(-1)
    assert screen.speed == 2 and heard == [DELAYS[2]]
    assert f"{DELAYS[2]:.1f} s" in screen.notice
    for _ in range(len(DELAYS) + 2):  # the pace stops at the slowest
        screen.change_speed(1)
    assert screen.speed == len(DELAYS) - 1
    screen.pace_keys = False  # a network table whose bots are not this peer's
    screen.notice = ""
    screen.change_speed(-1)
    assert screen.speed == len(DELAYS) - 1 and screen.notice == ""


def test_leaving_for_good_is_asked_only_where_the_session_allows_it(
        screen: ScreenBase) -> None:
    assert "g:" not in screen.leave_question()
    screen.session.may_leave_for_good = True
    assert "g: " in screen.leave_question()
    assert screen.may_leave_for_good


def test_a_dialog_closes_the_help_and_the_quit_question(screen: ScreenBase) -> None:
    screen.help_visible = screen.confirm_quit = True
    screen.show_dialog("Stopped", ["A reason."])
    assert screen.dialog == ("Stopped", ["A reason."])
    assert not screen.help_visible and not screen.confirm_quit
    screen.close_dialog()
    assert screen.dialog is None


def test_the_quit_question_and_ctrl_c_are_the_shells_keys(screen: ScreenBase) -> None:
    """The application both screens run (``ScreenBase._application``): Ctrl-C leaves, and
    the quit question's answers are the same on both (n or g without leave for good: stay;
    y: leave), pressed through the application's own keys."""
    left: list[str] = []
    screen.exit = left.append  # type: ignore[method-assign]
    processor = screen.app.key_processor

    def press(*keys: str) -> None:
        async def feed() -> None:  # the processor times keys out on a running loop
            with set_app(screen.app):
                processor.feed_multiple([KeyPress(key) for key in keys])
                processor.process_keys()

        asyncio.run(feed())

    press("q")
    assert screen.confirm_quit
    press("g")  # a solo game: no leaving for good
    assert not screen.confirm_quit and left == []
    press("q", "n")
    assert not screen.confirm_quit and left == []
    press("q", "y")
    assert left == [QUIT]
    press(Keys.ControlC)
    assert left == [QUIT, QUIT]


def test_one_key_table_on_both_screens(screen: ScreenBase) -> None:
    """The shell's key table (``ScreenBase._key_table``, every key to ``_key``) in one order
    on both screens: the help takes its keys before the seat question, a dialog takes Enter
    before the table, Tab gives the keys to the chat line and Esc takes them back."""
    processor = screen.app.key_processor

    def press(*keys: str) -> None:
        async def feed() -> None:
            with set_app(screen.app):
                processor.feed_multiple([KeyPress(key) for key in keys])
                processor.process_keys()

        asyncio.run(feed())

    press("+")
    assert screen.speed == 2
    answers: list[bool] = []
    screen.session.question = object()
    screen.session.answer_question = answers.append
    press("?")
    assert screen.help_visible
    press(Keys.Down, "y")
    assert screen.help_offset == 1 and answers == []  # the help has the keys
    press(Keys.Escape, "y")
    assert not screen.help_visible and answers == [True]
    screen.session.question = None
    screen.show_dialog("Stopped", ["A reason."])
    press("q")
    assert screen.dialog is not None and not screen.confirm_quit
    press(Keys.ControlM)
    assert screen.dialog is None
    screen.send_chat = lambda text: None  # a network table's chat line
    press(Keys.Tab)
    assert screen._typing()
    press("q")
    assert not screen.confirm_quit  # typed, not the quit key
    press(Keys.Escape)
    assert not screen._typing()
    press("q")
    assert screen.confirm_quit


def test_the_seat_question_is_answered_alike(screen: ScreenBase) -> None:
    answers: list[bool] = []
    screen.session.answer_question = answers.append
    screen.answer_seat("y")
    screen.answer_seat("n")
    assert answers == [True, False]


def test_one_chat_line_on_both_screens(screen: ScreenBase) -> None:
    """The chat line is the shell's (``ScreenBase._chat_key``, ``_paste``): typed and
    pasted text (a line break becomes a space), Backspace, Enter sends it cleaned and gives
    the keys back to the table, so the next ``q`` is the quit key again."""
    sent: list[str] = []
    screen.send_chat = sent.append
    screen._key("tab")
    for key in "hi":
        screen._key(key)
    screen._paste("there\nyou\x1b[31m")
    screen._key("backspace")
    assert screen.chatting and screen.chat_text == "hithere you\x1b[31"
    screen._key("enter")
    assert sent == ["hithere you[31"] and not screen.chatting and screen.chat_text == ""
    screen._paste("ignored")  # a paste at the table chooses nothing
    assert screen.chat_text == ""
    screen._key("q")
    assert screen.confirm_quit


def test_the_help_page_stops_at_its_end_on_both_screens(screen: ScreenBase) -> None:
    """The help over the screen (``ScreenBase._help_page``): End scrolls to the last page,
    whose last row is the text's last line, not blank rows below it."""
    screen._key("?")
    screen._key("end")
    assert screen.help_offset == 10**6
    if isinstance(screen.board, CardBoard):
        rows = snapshot(screen, 80, 24)
    else:
        rows = ["".join(text for _style, text in line) for line in screen.board.draw(80, 24)]
    assert 0 < screen.help_offset < 10**6 and len(rows) == 24
    assert rows[-1].strip() or rows[-2].strip()  # the help ends with a blank line at most
    screen._key("home")
    assert screen.help_offset == 0
