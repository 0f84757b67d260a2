"""Network sessions in one trio loop: real meshes on 127.0.0.1, the real lobby genesis, the
replicated log, files on disk. A person (the plain interface, fed a script) plays with
three bots through a dropped link; a missing player is waited for, named, given up on; a
joiner is turned away from a full table with the table's reason."""

from __future__ import annotations

import io
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
import trio

from p2pbang.net.codec import MessageRegistry
from p2pbang.net.discovery import probe_peer
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings, join_table, open_table
from p2pbang.net.mesh import MeshConfig, open_mesh
from p2pbang.table.audit import audit
from p2pbang.table.gamefiles import GameFiles, load_transcript
from p2pbang.table.lobby_flow import Seating, TableRefused, play_at_table
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig, TableSession, prepare_mesh
from p2pbang.ui.network.plain_net import PlainNetworkTable

from .signed_table import make_genesis

CONFIG = MeshConfig(heartbeat_interval=0.2, heartbeat_timeout=2.0, backoff_initial=0.05,
                    backoff_max=0.4, outbox_size=4096)


class Script(io.TextIOBase):
    """What a person types: some commands and mistakes first, then always action 1."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)

    def readline(self, size: int = -1) -> str:
        return self.lines.pop(0) + "\n" if self.lines else "1\n"


async def test_a_person_and_three_bots_play_a_network_game(tmp_path: Path) -> None:
    genesis, identities = make_genesis(4)
    out = io.StringIO()
    person = PlainNetworkTable(Script(["?", "t", "h", "c barrel", "what", "99"]), out)
    logs = [io.StringIO() for _ in range(4)]
    results = []
    async with AsyncExitStack() as stack:
        meshes = [await stack.enter_async_context(
            open_mesh(identity, genesis.table_id, MessageRegistry(), config=CONFIG))
            for identity in identities]
        inboxes = [prepare_mesh(mesh) for mesh in meshes]
        for mesh in meshes:
            mesh.restrict_to(set(genesis.roster))
            for other in meshes:
                if other is not mesh:
                    mesh.add_peer(other.peer_id, *other.address)
        sessions = []
        for seat, (identity, mesh) in enumerate(zip(identities, meshes, strict=True)):
            files = GameFiles.for_session(tmp_path / f"seat{seat}", genesis.session_id)
            decider = person if seat == 0 else BotDecider(seed=seat)
            reporter = person if seat == 0 else LineReporter(logs[seat])
            sessions.append(TableSession(identity, genesis, mesh, inboxes[seat], files, decider,
                                         reporter, config=SessionConfig(linger=10)))

        async def play(session: TableSession) -> None:
            results.append(await session.run())

        async def pull_the_cable() -> None:
            """Mid-game, the link between the person and seat 1 drops; it comes back."""
            while not hasattr(sessions[0], "log") or len(sessions[0].log) < 40:
                await trio.sleep(0.01)
            meshes[0].disconnect(meshes[1].peer_id, "cable pulled")

        with trio.fail_after(120):
            async with trio.open_nursery() as nursery:
                for session in sessions:
                    nursery.start_soon(play, session)
                nursery.start_soon(pull_the_cable)
    assert len({r.head for r in results}) == 1
    assert all(r.ok and r.unconfirmed == [] for r in results)
    text = out.getvalue()
    assert f"{genesis.seats[1].name} disconnected (cable pulled)" in text
    assert f"{genesis.seats[1].name} is back" in text
    for words in ("A game of BANG! for 4 players", "Your role:", "Commands:",
                  "Type the number of an action", "There is no action 99", "Barrel",
                  "Game over:", "game saved:"):
        assert words in text, words
    transcript = load_transcript(results[0].directory)
    assert len(transcript.entries) == results[0].entries
    for result in results:  # the game is over and saved: a later leak opens nothing
        assert not (result.directory / "secrets.bin").exists()
        assert (result.directory / "log.bin").exists()


async def test_joining_a_full_table_says_the_table_is_full(tmp_path: Path) -> None:
    settings = TableSettings("Full house", "bang", 4)
    identities = [Identity.generate(f"P{i}") for i in range(5)]
    async with AsyncExitStack() as stack:
        host = await stack.enter_async_context(open_table(identities[0], settings,
                                                          config=CONFIG))
        table = await probe_peer(f"127.0.0.1:{host.mesh.port}")
        for identity in identities[1:4]:
            await stack.enter_async_context(join_table(identity, table, config=CONFIG))
        with trio.fail_after(10):
            while len(host.roster()) < 4:
                await trio.sleep(0.02)
        seating = Seating(BotDecider(), LineReporter(io.StringIO()), tmp_path, {})
        with trio.fail_after(10), pytest.raises(TableRefused, match="table full"):
            await play_at_table(identities[4], seating, lambda text: None, table=table)


async def test_a_table_waits_for_a_missing_player_names_it_and_gives_up(tmp_path: Path) -> None:
    """Seat 3 never comes: the others say whom they wait for (disconnected), then give up
    after max_wait with the reason, and keep their files for a later resume."""
    genesis, identities = make_genesis(4)
    outputs = [io.StringIO() for _ in range(3)]
    results = []
    config = SessionConfig(wait_report=0.3, max_wait=1.5)
    async with AsyncExitStack() as stack:
        meshes = [await stack.enter_async_context(
            open_mesh(identity, genesis.table_id, MessageRegistry(), config=CONFIG))
            for identity in identities[:3]]
        inboxes = [prepare_mesh(mesh) for mesh in meshes]
        for mesh in meshes:
            for other in meshes:
                if other is not mesh:
                    mesh.add_peer(other.peer_id, *other.address)
        sessions = [
            TableSession(identities[seat], genesis, meshes[seat], inboxes[seat],
                         GameFiles.for_session(tmp_path / f"seat{seat}", genesis.session_id),
                         BotDecider(), LineReporter(outputs[seat], wait_every=0.2),
                         config=config)
            for seat in range(3)]

        async def play(session: TableSession) -> None:
            results.append(await session.run())

        with trio.fail_after(30):
            async with trio.open_nursery() as nursery:
                for session in sessions:
                    nursery.start_soon(play, session)
    missing = genesis.seats[3].name
    assert len(results) == 3
    # No seating without seat 3 (its draw needs every seat): its place in the roster, plus 1.
    for result in results:
        assert result.gave_up is not None and f"{missing} (seat 4)" in result.gave_up
        assert not result.ok and result.transcript is not None
        # The saved game names the missing seat too, not every seat of the open position.
        report = audit(load_transcript(result.transcript))
        assert report.problem is not None and f"waiting for {missing} (seat 4)" in report.problem
    for out in outputs:
        assert f"for {missing} (seat 4) [disconnected]" in out.getvalue()
    meta = GameFiles.for_session(tmp_path / "seat0", genesis.session_id).load_meta()
    assert meta["over"] is False
