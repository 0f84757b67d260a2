"""The watcher's full screen: the seats of a running card game drawn from the watcher's
observer engine (no hand, no distances, nobody is "you"), the Dice Game's board likewise,
the log of the game; the application starts on a terminal of its own and q leaves it."""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

import pytest
import trio
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.net.identity import Identity
from p2pbang.table.solo import SoloSession
from p2pbang.table.table_choice import settings_for
from p2pbang.table.watch import TableWatch, WatchResult
from p2pbang.ui.describe import Describer
from p2pbang.ui.shell.stage import Stage, run_program
from p2pbang.ui.textfit import line_width
from p2pbang.ui.view import spectator_view
from p2pbang.ui.watch_screen import WatchProgram, WatchScreen, outcome_lines

from .test_watch import bot_table


def text(lines) -> list[str]:
    assert all(line_width(line) <= 80 for line in lines)
    return ["".join(t for _s, t in line) for line in lines]


@pytest.mark.parametrize("game", ["bang", "dice"])
async def test_the_screen_draws_the_table_as_anyone_sees_it(tmp_path: Path, game: str) -> None:
    settings = settings_for("Watched", GameChoice.make(game, 4))
    with create_pipe_input() as pipe:
        screen = WatchScreen(pipe, DummyOutput())
        async with bot_table(tmp_path, settings=settings, to_the_end=False) as table:
            await table.until(lambda: table.entries() >= 40)
            found = await table.address()
            watch = TableWatch(Identity.generate("Watcher"), found, screen)
            async with trio.open_nursery() as nursery:
                nursery.start_soon(watch.run)
                await table.until(lambda: "now live" in " ".join(e.text for e in screen.log))
                nursery.cancel_scope.cancel()
    top = text(screen._render_top(80, 12))
    names = watch.names
    log = " ".join(e.text for e in screen.log)
    assert "no hidden card" in log and "caught up" in log
    assert "live" in text(screen._render_rule(80, 1))[0]
    if game == "bang":
        assert all(name in " ".join(top) for name in names)
        view = spectator_view(watch.core.game, names)
        assert view.hand == () and not any(s.is_you or s.distance for s in view.seats)
        assert len(top) == 5 and "Turn" in text(screen._render_status(80, 1))[0]
    else:  # the Dice Game's board draws a seat's view: the log tells it
        assert top == [] and len(screen.log) > 10


def test_the_application_runs_and_q_leaves(tmp_path: Path) -> None:
    """The whole table and the watcher's screen in one ``run_program`` (trio as asyncio's
    guest, as the command runs it), on a terminal of its own."""
    outcome: dict[str, object] = {}

    async def everything(stage: Stage) -> None:
        async with bot_table(tmp_path, to_the_end=False) as table:
            await table.until(lambda: table.entries() >= 20)
            found = await table.address()
            with create_pipe_input() as pipe:
                identity = Identity.generate("Watcher")
                program = WatchProgram(lambda screen: TableWatch(identity, found, screen),
                                       input=pipe, output=DummyOutput())

                async def leave_when_live() -> None:
                    await table.until(lambda: "now live" in " ".join(
                        e.text for e in program.screen.log))
                    outcome["shown"] = program.screen.app.is_running
                    pipe.send_text("q")

                async with trio.open_nursery() as nursery:
                    nursery.start_soon(leave_when_live)
                    outcome["result"] = await program(stage)
                outcome["failure"] = program.failure

    run_program(everything)
    assert outcome == {"shown": True, "result": None, "failure": None}  # left before the end


def test_the_outcome_says_who_won_in_the_card_games_words_only() -> None:
    """The watcher asks the registry (``boards.watched_for``): the card game's ``watched``
    says who won; a board's game has no words of its own, so the watcher says it is over."""
    for game, seats in (("bang", 4), ("dice", 4)):
        session = SoloSession(GameChoice.make(game, seats), seed=5)
        while not isinstance(session.truth.pending, End):
            session.advance()
            if session.your_turn_to_decide():
                session.act(session.legal_actions()[0])
        core = types.SimpleNamespace(game=session.truth, choice=session.choice, seat=0)
        watch: Any = types.SimpleNamespace(core=core, names=list(session.names), seated=True)
        end = session.truth.pending
        result = WatchResult(watch.names, 12, bytes(32), end, None)
        lines = outcome_lines(result, watch)
        if game == "bang":
            describer = Describer(session.truth, watch.names)
            assert lines[:2] == [describer.end(end), describer.outcome(end)]
        else:
            assert lines[0] == "The game is over."
        assert lines[-1].startswith("watched 12 log entries")
