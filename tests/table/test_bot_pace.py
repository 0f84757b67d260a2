"""The bots a host starts are paced like solo bots, and +/- on the host's screen sets it."""

from __future__ import annotations

from pathlib import Path

import trio
import trio.testing
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import Action, Decision
from p2pbang.table.bot_pace import (
    DEFAULT_PACE,
    DEFAULT_SPEED,
    DELAYS,
    MAX_PACE,
    PacedDecider,
    read_pace,
    write_pace,
)
from p2pbang.table.core import TableCore
from p2pbang.table.solo import SoloSession
from p2pbang.ui.bang.card_board import CardBoard
from p2pbang.ui.shell.screen import GameScreen


def test_the_pace_file_round_trips_and_never_breaks_a_bot(tmp_path: Path) -> None:
    path = tmp_path / "bots" / "pace"
    assert read_pace(path) == DEFAULT_PACE  # no file yet
    write_pace(path, 0.6)
    assert read_pace(path) == 0.6
    write_pace(path, 99)
    assert read_pace(path) == MAX_PACE
    path.write_text("nan")
    assert read_pace(path) == DEFAULT_PACE
    path.write_text("garbage")
    assert read_pace(path) == DEFAULT_PACE


class _Instant:
    def __init__(self) -> None:
        self.asked = 0

    async def decide(self, core: TableCore, decision: Decision) -> Action:
        self.asked += 1
        return decision  # type: ignore[return-value]  # the wrapper passes it through


def test_a_paced_bot_waits_the_current_pace_before_each_move(tmp_path: Path) -> None:
    path = tmp_path / "pace"
    write_pace(path, 1.2)
    inner = _Instant()
    paced = PacedDecider(inner, path)
    waited: list[float] = []

    async def main() -> None:
        for seconds in (1.2, 0.0):
            write_pace(path, seconds)
            start = trio.current_time()
            await paced.decide(None, "decision")  # type: ignore[arg-type]
            waited.append(trio.current_time() - start)

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert waited == [1.2, 0.0] and inner.asked == 2


class _Thinker:
    """A bot that thinks ``seconds`` before answering (the strong bot searching)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    async def decide(self, core: TableCore, decision: Decision) -> Action:
        await trio.sleep(self.seconds)
        return decision  # type: ignore[return-value]


def test_a_bot_s_think_time_is_part_of_its_pace(tmp_path: Path) -> None:
    path = tmp_path / "pace"
    taken: list[float] = []

    async def main() -> None:
        for pace, think in ((1.0, 0.3), (0.5, 0.8)):
            write_pace(path, pace)
            start = trio.current_time()
            await PacedDecider(_Thinker(think), path).decide(None, "d")  # type: ignore[arg-type]
            taken.append(round(trio.current_time() - start, 6))

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert taken == [1.0, 0.8]  # not the pace plus the thinking


def test_plus_and_minus_on_the_table_screen_tell_the_host(tmp_path: Path) -> None:
    heard: list[float] = []
    with create_pipe_input() as pipe:
        session = SoloSession(4, 1)
        screen = GameScreen(session, CardBoard(session), input=pipe, output=DummyOutput(),
                              on_speed=heard.append)
        screen.change_speed(-1)
        screen.change_speed(+1)
        screen.change_speed(+1)
    assert heard == [DELAYS[DEFAULT_SPEED - 1], DELAYS[DEFAULT_SPEED], DELAYS[DEFAULT_SPEED + 1]]
