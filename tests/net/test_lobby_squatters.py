"""Squatters: authenticated peers that never announce themselves (issue 10, point 5)."""

from __future__ import annotations

import dataclasses
from contextlib import AsyncExitStack

import trio

from p2pbang.net.codec import MessageRegistry
from p2pbang.net.discovery import DiscoveredTable
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import Lobby, TableSettings, join_table, register_lobby_messages
from p2pbang.net.mesh import open_mesh

from .meshkit import FAST

SETTINGS = TableSettings("Saloon", "bang", 4)
ANNOUNCE = 1.0


async def test_silent_peers_are_dropped_and_the_record_stays_true():
    config = dataclasses.replace(FAST, max_peers=SETTINGS.seats)
    async with open_mesh(Identity.generate("Opener"), b"S" * 16, config=config) as mesh:
        lobby = Lobby(mesh, SETTINGS, announce_timeout=ANNOUNCE)
        async with trio.open_nursery() as nursery, AsyncExitStack() as stack:
            await nursery.start(lobby.run)
            squatters = [Identity.generate(f"Squat{i}") for i in range(3)]
            for squatter in squatters:  # meshes that answer pings, but no lobby
                registry = MessageRegistry()
                register_lobby_messages(registry)
                squat = await stack.enter_async_context(
                    open_mesh(squatter, b"S" * 16, registry, config=FAST)
                )
                await squat.connect(*mesh.address)
            with trio.fail_after(2):
                while len(mesh.connected_peers()) < 3:
                    await trio.sleep(0.01)
            assert lobby.table_info().free == 0  # what the record says is what a joiner gets
            with trio.fail_after(ANNOUNCE + 3):
                while mesh.connected_peers():
                    await trio.sleep(0.05)
            faults = []
            while True:
                try:
                    event = lobby.events.receive_nowait()
                except trio.WouldBlock:
                    break
                if event.kind == "fault":
                    faults.append(event)
            assert {e.peer_id for e in faults} == {s.peer_id for s in squatters}
            assert all("did not announce" in e.reason for e in faults)
            assert lobby.table_info().free == 3
            where = DiscoveredTable(lobby.table_info(), *mesh.address)
            async with join_table(Identity.generate("Real"), where, config=FAST) as real:
                with trio.fail_after(5):
                    while len(lobby.members()) != 2 or len(real.members()) != 2:
                        await trio.sleep(0.02)
            nursery.cancel_scope.cancel()
