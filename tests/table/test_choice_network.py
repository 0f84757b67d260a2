"""The table's game over real loopback meshes: the opener's choice reaches every peer's
genesis, engine and saved files; a peer that presents other options is turned away."""

from __future__ import annotations

import dataclasses
import io
import json
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
import trio

from p2pbang.engine.choice import GameChoice
from p2pbang.net.discovery import DiscoveredTable, probe_peer
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import join_table, open_table
from p2pbang.net.mesh import MeshConfig
from p2pbang.table.gamefiles import META_FILE, load_transcript
from p2pbang.table.lobby_flow import Seating, play_at_table
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig
from p2pbang.table.table_choice import settings_for

CONFIG = MeshConfig(heartbeat_interval=0.2, heartbeat_timeout=2.0, backoff_initial=0.05,
                    backoff_max=0.4, outbox_size=4096)


@pytest.fixture
def dodge_city_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dodge City's rules land in another branch; accepting the name lets this test follow
    the choice through lobby, genesis, sessions and files (the engine keeps it as given)."""
    monkeypatch.setattr("p2pbang.engine.choice.playable_expansions",
                        lambda: frozenset({"dodge-city"}))


async def test_every_peer_plays_the_openers_choice(tmp_path: Path,
                                                   dodge_city_playable: None) -> None:
    choice = GameChoice.make("bang", 4, ["dodge-city"])
    settings = settings_for("Saloon", choice)
    identities = [Identity.generate(f"P{i}") for i in range(4)]
    results = []
    opened = trio.Event()
    port: list[int] = []

    def seating(seat: int) -> Seating:
        return Seating(BotDecider(seat), LineReporter(io.StringIO()), tmp_path / f"p{seat}",
                       {"player": "bot"}, SessionConfig(linger=0.5))

    async def on_open(lobby) -> None:
        port.append(lobby.mesh.port)
        opened.set()

    async def opener() -> None:
        results.append(await play_at_table(identities[0], seating(0), lambda _: None,
                                           settings=settings, on_open=on_open))

    async def joiner(seat: int) -> None:
        await opened.wait()
        table = await probe_peer(f"127.0.0.1:{port[0]}")
        assert dict(table.info.options) == {"expansions": "dodge-city", "dropouts": "escrow",
                                            "dropout-wait": "60"}
        results.append(await play_at_table(identities[seat], seating(seat), lambda _: None,
                                           table=table))

    with trio.fail_after(120):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(opener)
            for seat in range(1, 4):
                nursery.start_soon(joiner, seat)
    assert len(results) == 4 and len({r.head for r in results}) == 1
    for result in results:
        transcript = load_transcript(result.directory)
        assert transcript.genesis.settings == settings
        assert transcript.choice == choice
        meta = json.loads((result.directory / META_FILE).read_text())
        assert GameChoice.from_wire(meta["game"]) == choice


async def test_a_peer_presenting_other_options_cannot_join(dodge_city_playable: None) -> None:
    settings = settings_for("Saloon", GameChoice.make("bang", 4, ["dodge-city"]))
    async with AsyncExitStack() as stack:
        host = await stack.enter_async_context(
            open_table(Identity.generate("Host"), settings, config=CONFIG))
        table = await probe_peer(f"127.0.0.1:{host.mesh.port}")
        base = dataclasses.replace(table.info, options=())  # the base game, 4 seats
        intruder = Identity.generate("Base")
        await stack.enter_async_context(join_table(
            intruder, DiscoveredTable(base, table.host, table.port), config=CONFIG))
        with trio.fail_after(10):
            async for event in host.events:
                if event.kind == "fault":
                    break
        assert event.peer_id == intruder.peer_id
        assert "different table settings" in event.reason
        assert [m.peer_id for m in host.members()] == [host.peer_id]
