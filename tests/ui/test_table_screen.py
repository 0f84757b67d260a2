"""The running table screen, driven by keystrokes through a pipe: prompt-toolkit on asyncio,
trio as its guest, the computer seats played from a trio task."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable

import pytest
import trio
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import End
from p2pbang.table.solo import SoloSession
from p2pbang.ui.app import SoloDriver, run_screen
from p2pbang.ui.shell.screen import GameScreen
from p2pbang.ui.shell.stage import FINISHED, QUIT

from .screens import card_screen, play_until_person_decides, snapshot

UP, DOWN, ENTER, TAB, ESC, CTRL_C, F1 = "\x1b[A", "\x1b[B", "\r", "\t", "\x1b", "\x03", "\x1bOP"


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


def make_screen(pipe, session: SoloSession, speed: int = 0) -> GameScreen:
    screen = card_screen(session, input=pipe, output=DummyOutput(), speed=speed)
    screen.app.ttimeoutlen = 0.02  # a lone Esc is known as such quickly
    return screen


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    with trio.fail_after(timeout):
        while not condition():
            await trio.sleep(0.005)


async def settle() -> None:
    """Let the asyncio side read and handle the keys just sent."""
    await trio.sleep(0.06)


def test_keys_choose_scroll_help_chat_and_quit(pipe) -> None:
    session = SoloSession(4, seed=1)
    screen = make_screen(pipe, session)
    play_until_person_decides(session, screen, min_actions=3)
    seen: dict[str, object] = {}

    async def script(screen: GameScreen) -> None:
        # Each key's effect is awaited (a slow, loaded machine only makes it take longer);
        # keys are handled in order, so a later state also proves the earlier keys done.
        await until(lambda: screen.app.is_running)
        count = len(screen.board.choices)
        pipe.send_text(DOWN)
        await until(lambda: screen.board.selected == 1)
        seen["after down"] = screen.board.selected
        pipe.send_text(UP + UP + "?")
        await until(lambda: screen.help_visible)
        seen["after up"] = screen.board.selected
        seen["help"] = screen.help_visible
        pipe.send_text(DOWN + ESC)
        await until(lambda: not screen.help_visible)
        seen["help closed"] = True
        pipe.send_text(F1)
        await until(lambda: screen.help_visible)
        seen["f1"] = True
        pipe.send_text("q")  # closes the help, does not quit
        await until(lambda: not screen.help_visible)
        pipe.send_text(TAB + "\x1b[200~hello \x1b[31mthere\x1b[201~" + ENTER)  # a paste
        await until(lambda: bool(screen.log) and "hello" in screen.log[-1].text)
        seen["chat"] = screen.log[-1].text
        pipe.send_text(ESC)
        await until(lambda: not screen.chatting)
        pipe.send_text("z" if count < 20 else "")  # no such action: explained, nothing done
        await until(lambda: bool(screen.notice))
        seen["notice"] = screen.notice
        before = len(session.mine.history)
        for _step in range(4):  # the first row at each step (card, target, its card)
            steps = len(screen.board.steps)
            pipe.send_text(screen.board.keys[0])
            await until(lambda steps=steps: len(session.mine.history) > before
                        or len(screen.board.steps) > steps)
            if len(session.mine.history) > before:
                break
        seen["acted"] = len(session.mine.history) > before
        pipe.send_text("q")
        await until(lambda: screen.confirm_quit)
        seen["confirm"] = True
        pipe.send_text("n")
        await until(lambda: not screen.confirm_quit)
        seen["cancelled"] = screen.app.is_running
        pipe.send_text("qy")
        await trio.sleep_forever()

    result = run_screen(screen, script)
    assert result == QUIT
    assert seen["after down"] == 1
    assert seen["after up"] == 0
    assert seen["help"] and seen["help closed"] and seen["f1"]
    assert seen["chat"] == "<You> hello [31mthere"  # the escape character is gone
    assert "There is no action z" in str(seen["notice"])
    assert seen["acted"] and seen["confirm"] and seen["cancelled"]


def test_ctrl_c_leaves_at_once(pipe) -> None:
    session = SoloSession(4, seed=2)
    screen = make_screen(pipe, session)

    async def script(screen: GameScreen) -> None:
        await until(lambda: screen.app.is_running)
        pipe.send_text(CTRL_C)
        await trio.sleep_forever()

    assert run_screen(screen, script) == QUIT


def test_sigterm_leaves_cleanly(pipe) -> None:
    session = SoloSession(4, seed=2)
    screen = make_screen(pipe, session)

    async def script(screen: GameScreen) -> None:
        await until(lambda: screen.app.is_running)
        os.kill(os.getpid(), signal.SIGTERM)
        await trio.sleep_forever()

    assert run_screen(screen, script) == QUIT
    assert not screen.app.is_running


def test_a_driver_error_closes_the_screen_then_surfaces(pipe) -> None:
    session = SoloSession(4, seed=2)
    screen = make_screen(pipe, session)

    async def broken(screen: GameScreen) -> None:
        await until(lambda: screen.app.is_running)
        raise RuntimeError("the network fell over")

    with pytest.raises(RuntimeError, match="fell over"):
        run_screen(screen, broken)
    assert not screen.app.is_running


def test_a_whole_game_is_played_by_keystrokes_with_the_bots_on_trio(pipe) -> None:
    session = SoloSession(5, seed=9)
    screen = make_screen(pipe, session, speed=0)
    solo = SoloDriver(session)
    pressed = {"keys": 0}

    async def typist_and_bots(screen: GameScreen) -> None:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(solo, screen)
            await until(lambda: screen.app.is_running)
            while not isinstance(session.mine.pending, End):
                if session.your_turn_to_decide() and screen.board.actions:
                    pipe.send_text(ENTER if pressed["keys"] % 2 else screen.board.keys[0])
                    pressed["keys"] += 1
                    history, steps = len(session.mine.history), len(screen.board.steps)
                    await until(lambda h=history, k=steps: len(session.mine.history) > h
                                or len(screen.board.steps) > k  # a step towards the action
                                or isinstance(session.mine.pending, End))
                await trio.sleep(0.002)
            await settle()
            pipe.send_text("q")
            await trio.sleep_forever()

    result = run_screen(screen, typist_and_bots)
    assert result == FINISHED
    assert isinstance(session.mine.pending, End)
    assert pressed["keys"] > 0
    assert any(entry.style == "class:log.end" for entry in screen.log)


def test_after_sending_a_chat_line_the_keys_are_the_tables_again(pipe) -> None:
    """Issue 22, point 17: Enter sends the line and gives the keyboard back to the table, so
    a ``q`` or a digit typed next is a command, not the start of another chat line."""
    session = SoloSession(4, seed=1)
    screen = make_screen(pipe, session)
    play_until_person_decides(session, screen, min_actions=2)
    seen: dict[str, object] = {}

    async def script(screen: GameScreen) -> None:
        await until(lambda: screen.app.is_running)
        pipe.send_text(TAB + "howdy" + ENTER)
        await until(lambda: bool(screen.log) and screen.log[-1].text == "<You> howdy")
        seen["chat left"] = not screen.chatting
        pipe.send_text("q")
        await until(lambda: screen.confirm_quit or bool(screen.chat_text), 2.0)
        seen["q asks"] = screen.confirm_quit
        seen["typed"] = screen.chat_text
        pipe.send_text("y")
        await trio.sleep_forever()

    assert run_screen(screen, script) == QUIT
    assert seen["chat left"] and seen["q asks"] and seen["typed"] == ""


def test_each_cards_key_stays_the_same_for_the_turn(pipe) -> None:
    """Issue 22, point 18: the menu does not renumber after a card is played. Here the turn
    offers Beer (1), Winchester (2), Wells Fargo (3) and End the turn (4): "1" plays the
    Beer; a second "1" is explained and plays nothing (it used to play the Winchester, which
    had moved up); the Winchester is still "2" and the end of the turn still "4"."""
    session = SoloSession(4, seed=7)
    screen = make_screen(pipe, session)
    play_until_person_decides(session, screen, turns=4, min_actions=3)
    assert screen.board.labels == ["Play Beer (10\u2665)", "Play Winchester (8\u2660)",
                             "Play Wells Fargo (3\u2665)", "End the turn"]
    history = session.mine.history
    seen: dict[str, object] = {}

    async def script(screen: GameScreen) -> None:
        await until(lambda: screen.app.is_running)
        start = len(history)
        pipe.send_text("1")
        await until(lambda: len(history) > start)
        pipe.send_text("1")
        await until(lambda: bool(screen.notice))
        seen["notice"], seen["played"] = screen.notice, len(history) - start
        seen["labels"] = list(screen.board.labels)
        pipe.send_text("2")
        await until(lambda: len(history) > start + 1)
        seen["then"] = list(screen.board.labels)
        pipe.send_text("qy")
        await trio.sleep_forever()

    assert run_screen(screen, script) == QUIT
    assert seen["played"] == 1 and seen["notice"] == "There is no action 1."
    assert seen["labels"] == ["Play Winchester (8\u2660)", "Play Wells Fargo (3\u2665)",
                              "End the turn"]
    assert seen["then"] == ["Play Wells Fargo (3\u2665)", "End the turn"]
    text = "\n".join(snapshot(screen))
    assert " 3 Play Wells Fargo (3\u2665)" in text and " 4 End the turn" in text
    assert " 1 Play" not in text and " 2 Play" not in text


def test_a_key_after_the_end_still_says_how_to_leave(pipe) -> None:
    """Once the game is over, a key that chooses nothing leaves "Press q to leave." under the
    end, rather than asking the person to wait for a turn that will not come."""
    session = SoloSession(4, seed=3)
    while True:
        session.advance()
        if isinstance(session.pending, End):
            break
        session.act(session.legal_actions()[0])
    screen = make_screen(pipe, session)
    for key in ("1", "x"):
        screen.board.press(key)
        text = "\n".join(snapshot(screen))
        assert "Press q to leave." in text
        assert "wait for your turn" not in text
    assert not screen.board.take(0)
    assert "Press q to leave." in "\n".join(snapshot(screen))


def test_the_chat_line_shows_what_is_typed_with_its_keys(pipe) -> None:
    """The card game's chat row (the shell's chat state, drawn left of the keys): "Say:"
    when idle, the end of the text and a cursor while typing, with Enter and Esc's keys."""
    session = SoloSession(4, seed=1)
    screen = make_screen(pipe, session)
    play_until_person_decides(session, screen)
    assert snapshot(screen)[-1].startswith("Say: ") and "Tab: chat" in snapshot(screen)[-1]
    screen._key("tab")
    for key in "howdy " * 20:
        screen._key(key)
    bottom = snapshot(screen)[-1]
    assert bottom.startswith("Say: ") and "howdy howdy" in bottom
    assert "Enter: send" in bottom and len(bottom) == 80
    screen._key("escape")
    assert not screen.chatting and "Tab: chat" in snapshot(screen)[-1]
