"""Test helpers for the Dice Game's and The Duel's screens: a solo session, its screen with
no terminal, and the person's decisions answered until a wanted point."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import Decision, End
from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.ui.boards import board_for
from p2pbang.ui.shell.screen import GameScreen
from p2pbang.ui.textfit import line_width


def new_screen(session: SoloSession, **options: Any) -> GameScreen:
    """The full screen of a solo session's game, its bots at pace 0."""
    return GameScreen(session, board_for(session), speed=0, **options)


@contextmanager
def family_screen(game: str, seats: int, seed: int,
                  expansions: tuple[str, ...] = ()) -> Iterator[GameScreen]:
    session = SoloSession(GameChoice.make(game, seats, expansions), seed)
    with create_pipe_input() as pipe:
        yield new_screen(session, input=pipe, output=DummyOutput())


def text_of(screen: GameScreen, width: int = 80, height: int = 24) -> list[str]:
    """The drawn screen, one string per row; every row must be exactly ``width`` cells."""
    lines = screen.board.draw(width, height)
    assert len(lines) == height
    assert all(line_width(line) == width for line in lines), [
        line_width(line) for line in lines]
    return ["".join(text for _style, text in line) for line in lines]


def advance_until(screen: GameScreen, wanted: Callable[[Decision], bool],
                  answer: Callable[[GameScreen], Any] | None = None,
                  limit: int = 2000) -> bool:
    """Play on (bots and chance), answering the person's other decisions with their first
    legal action, until the person faces a decision ``wanted`` accepts; False at the end."""
    session = screen.session
    for _ in range(limit):
        screen.add_events(session.advance())
        pending = session.pending
        if isinstance(pending, End):
            return False
        if wanted(pending):
            return True
        action = answer(screen) if answer is not None else session.legal_actions()[0]
        screen.board.act(action)
    raise AssertionError("the wanted decision never came")
