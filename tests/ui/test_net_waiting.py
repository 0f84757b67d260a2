"""Whom the table waits for, and who is gone, on the person's screen: a player who never
comes is named with how long and "(disconnected)"; a link that drops mid-game is said in the
log, then its return. Real sessions over loopback meshes, wired by hand."""

from __future__ import annotations

import io
import re
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
import trio
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.table.gamefiles import GameFiles
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig, TableSession
from p2pbang.ui.network.net_table import NetworkTable
from p2pbang.ui.shell.stage import Stage, run_program

from .netkit import sealed_genesis, until, wired_meshes


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


def run_table(tmp: Path, pipe, seats: int, script, config: SessionConfig) -> None:
    """Sessions for the first ``seats`` seats of a 4-player genesis (the person at seat 0,
    bots at the others; a seat not started has no peer at all), then ``script``."""
    genesis, identities = sealed_genesis(4)

    async def program(stage: Stage) -> None:
        async with AsyncExitStack() as stack:
            meshes, inboxes = await wired_meshes(stack, genesis, identities[:seats])
            person = NetworkTable(input=pipe, output=DummyOutput())
            sessions = []
            for seat in range(seats):
                files = GameFiles.for_session(tmp / f"seat{seat}", genesis.session_id)
                decider = person if seat == 0 else BotDecider(seed=seat)
                reporter = person if seat == 0 else LineReporter(io.StringIO())
                sessions.append(TableSession(identities[seat], genesis, meshes[seat],
                                             inboxes[seat], files, decider, reporter,
                                             config=config))
            async with trio.open_nursery() as nursery:
                for session in sessions:
                    nursery.start_soon(session.run)
                await person.ready.wait()
                assert person.screen is not None
                await stage.show(person.screen)
                await script(person, sessions, meshes)
                nursery.cancel_scope.cancel()

    run_program(program)


def test_a_player_who_never_comes_is_named_with_the_wait_and_disconnected(
        tmp_path: Path, pipe) -> None:
    seen: dict[str, str] = {}

    async def script(person: NetworkTable, sessions, meshes) -> None:
        await until(lambda: "(disconnected)" in person.note(), 20)
        seen["note"] = person.note()
        assert person.screen is not None
        seen["detail"] = person.screen.board.panels.detail()[0]

    run_table(tmp_path, pipe, 3, script, SessionConfig(wait_report=0.3, linger=1))
    note = seen["note"]
    assert re.fullmatch(r"Waiting \d+ s for Player\d \(disconnected\)\.", note), note
    assert seen["detail"] == note  # shown under the actions


def test_a_dropped_link_is_said_and_so_is_its_return(tmp_path: Path, pipe) -> None:
    seen: dict[str, list[str]] = {}

    async def play_first_actions(person: NetworkTable) -> None:
        while True:
            actions = person.legal_actions()
            if actions:
                person.act(actions[0])
            await trio.sleep(0.02)

    async def script(person: NetworkTable, sessions, meshes) -> None:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(play_first_actions, person)
            await until(lambda: hasattr(sessions[0], "log") and len(sessions[0].log) > 30, 30)
            meshes[0].disconnect(meshes[1].peer_id, "cable pulled")
            assert person.screen is not None
            screen = person.screen
            await until(lambda: any("is back" in e.text for e in screen.log), 30)
            seen["log"] = [e.text for e in screen.log]
            seen["names"] = list(sessions[0].names)
            nursery.cancel_scope.cancel()

    run_table(tmp_path, pipe, 4, script, SessionConfig(linger=1))
    name = seen["names"][1]
    assert f"{name} disconnected (cable pulled)" in seen["log"]
    assert f"{name} is back" in seen["log"]
