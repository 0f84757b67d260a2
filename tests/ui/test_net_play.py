"""The full-screen network program end to end in one process: a person (keystrokes through a
pipe, screens drawn to a DummyOutput) joins a table of bot peers over loopback, waits in the
room, plays by keys, chats, leaves or plays to the end; and the ways a join can fail."""

from __future__ import annotations

from pathlib import Path

import pytest
import trio
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import End
from p2pbang.net.identity import Identity
from p2pbang.table.gamefiles import GameFiles, load_transcript
from p2pbang.ui.lobby import TableBrowser, WaitingRoom
from p2pbang.ui.net_app import EXIT_LEFT, EXIT_OK, NetworkPlay, NetworkRequest
from p2pbang.ui.stage import Stage, run_program

from .netkit import BOT_CONFIG, CONFIG, ENTER, TAB, Bots, until


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


def person_request(tmp: Path, **kwargs: object) -> NetworkRequest:
    return NetworkRequest(identity=Identity.generate("Dana"), home=tmp / "person",
                          listen="127.0.0.1", mesh_config=CONFIG, session_config=BOT_CONFIG,
                          **kwargs)  # type: ignore[arg-type]


def test_a_person_joins_by_address_waits_plays_chats_and_leaves(tmp_path: Path, pipe) -> None:
    seen: dict[str, object] = {}

    async def program(stage: Stage) -> int:
        async with trio.open_nursery() as nursery:
            bots = Bots(tmp_path, 4)
            table = await bots.open(nursery)
            play = NetworkPlay(person_request(tmp_path, peer=f"127.0.0.1:{bots.port}"),
                               input=pipe, output=DummyOutput())
            outcome: list[int] = []

            async def person() -> None:
                outcome.append(await play(stage))

            nursery.start_soon(person)
            await until(lambda: isinstance(play.screen.widget, WaitingRoom)
                        and "Ace" in str(play.screen.widget.lines(80, 24)))
            room = play.screen.widget
            assert isinstance(room, WaitingRoom)
            text = "\n".join("".join(t for _s, t in line) for line in room.lines(80, 24))
            seen["room"] = text
            bots.join(nursery, table, ["Bonnie", "Clyde"])
            await until(lambda: play.table is not None and play.table.screen is not None
                        and play.table.screen.app.is_running)
            screen = play.table.screen
            assert screen is not None
            turns = 0
            while turns < 6:
                await until(lambda: bool(screen.actions)
                            or isinstance(screen.session.pending, End), 30)
                if isinstance(screen.session.pending, End):
                    break
                before = len(screen.session.mine.history)
                pipe.send_text("1")
                await until(lambda: len(screen.session.mine.history) > before, 30)
                turns += 1
            seen["turns"] = turns
            pipe.send_text(TAB + "hello table" + ENTER)
            await until(lambda: any("hello table" in e.text for e in screen.log))
            pipe.send_text("\x1b")
            await trio.sleep(0.1)
            pipe.send_text("q")
            await trio.sleep(0.05)
            pipe.send_text("y")
            await until(lambda: bool(outcome), 20)
            nursery.cancel_scope.cancel()
        return outcome[0]

    code = run_program(program)
    room = str(seen["room"])
    assert "Table Saloon" in room and "Dana" in room and "(you)" in room
    assert "Ace" in room and "(opened the table)" in room
    assert "Waiting for 2 more players to sit down." in room
    assert "p2pbang join --peer 127.0.0.1:" in room
    assert code == EXIT_LEFT
    print(seen)
    assert seen["turns"] == 6
