"""The computer players' pace (issue 22, point 22): slower by default, so a person can follow
who did what, and ``--pace`` on ``solo`` and ``host`` to start at another step."""

from __future__ import annotations

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.cli import build_parser
from p2pbang.engine.choice import GameChoice
from p2pbang.table.bot_pace import DEFAULT_PACE, DELAYS, speed_of
from p2pbang.table.solo import SoloSession
from p2pbang.ui.boards import board_for
from p2pbang.ui.shell.screen import GameScreen
from tests.ui.screens import card_screen


def test_the_default_pace_is_a_second_a_move_on_every_solo_screen() -> None:
    assert DEFAULT_PACE == 1.0
    with create_pipe_input() as pipe:
        table = card_screen(SoloSession(4, 1), input=pipe, output=DummyOutput())
        dice = SoloSession(GameChoice.make("dice", 4, []), 1)
        board = GameScreen(dice, board_for(dice), input=pipe, output=DummyOutput())
    assert table.delay == 1.0 and board.delay == 1.0


@pytest.mark.parametrize("command", [["solo"], ["host"]])
def test_pace_takes_one_of_the_steps(command: list[str], capsys) -> None:
    parser = build_parser()
    assert parser.parse_args(command).pace == DEFAULT_PACE
    assert parser.parse_args([*command, "--pace", "0"]).pace == 0.0
    assert parser.parse_args([*command, "--pace", "2.5"]).pace == 2.5
    with pytest.raises(SystemExit):
        parser.parse_args([*command, "--pace", "0.7"])
    assert "invalid choice: 0.7" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parser.parse_args([*command, "--pace", "slow"])


def test_a_pace_is_the_step_nearest_it() -> None:
    assert [speed_of(s) for s in DELAYS] == list(range(len(DELAYS)))
    assert DELAYS[speed_of(0.9)] == 1.0 and DELAYS[speed_of(99)] == DELAYS[-1]

