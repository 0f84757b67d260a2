"""Squatters (issue 10, point 5): peers that never announce themselves are dropped, and the
opener can remove a waiting peer for everyone."""

from __future__ import annotations

import dataclasses
from contextlib import AsyncExitStack

import pytest
import trio

from p2pbang.net.codec import MessageRegistry
from p2pbang.net.discovery import DiscoveredTable
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import (
    Lobby,
    LobbyError,
    TableSettings,
    join_table,
    open_table,
    register_lobby_messages,
)
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


async def test_the_opener_removes_a_waiting_peer_for_everyone():
    async with AsyncExitStack() as stack:
        opener = await stack.enter_async_context(
            open_table(Identity.generate("Opener"), SETTINGS, config=FAST)
        )
        where = DiscoveredTable(opener.table_info(), *opener.mesh.address)
        stays, goes = [
            await stack.enter_async_context(join_table(Identity.generate(n), where, config=FAST))
            for n in ("Stays", "Goes")
        ]
        lobbies = [opener, stays, goes]
        with trio.fail_after(5):
            while any(len(lobby.members()) != 3 for lobby in lobbies):
                await trio.sleep(0.02)
        with pytest.raises(LobbyError, match="only the table's opener"):
            await stays.remove(goes.peer_id)
        await opener.remove(goes.peer_id)
        with trio.fail_after(5):
            while any(len(lobby.members()) != 2 for lobby in (opener, stays)):
                await trio.sleep(0.02)
        assert opener.mesh.is_banned(goes.peer_id) and stays.mesh.is_banned(goes.peer_id)
        assert opener.table_info().free == SETTINGS.seats - 2
        await opener.set_ready(b"o")
        await stays.set_ready(b"s")
        with trio.fail_after(10):
            genesis = await opener.sealed()
        assert set(genesis.roster) == {opener.peer_id, stays.peer_id}


async def test_a_removal_from_anyone_but_the_opener_is_a_fault():
    async with AsyncExitStack() as stack:
        opener = await stack.enter_async_context(
            open_table(Identity.generate("Opener"), SETTINGS, config=FAST)
        )
        where = DiscoveredTable(opener.table_info(), *opener.mesh.address)
        forger = await stack.enter_async_context(
            join_table(Identity.generate("Forger"), where, config=FAST)
        )
        with trio.fail_after(5):
            while len(opener.members()) != 2:
                await trio.sleep(0.02)
        await forger.mesh.send(opener.peer_id, {"t": "lobby.remove", "peer": forger.peer_id})
        with trio.fail_after(5):
            while not opener.mesh.is_banned(forger.peer_id):
                await trio.sleep(0.02)


async def test_a_table_joined_through_another_member_still_obeys_its_real_opener():
    """``join --peer`` may name any member: its answer must name the table's opener, not
    itself. Before, the joiner took that member for the opener and convicted the real one
    of a forged ``lobby.remove`` the moment it removed someone (a split table)."""
    async with AsyncExitStack() as stack:
        opener = await stack.enter_async_context(
            open_table(Identity.generate("Opener"), SETTINGS, config=FAST)
        )
        at_opener = DiscoveredTable(opener.table_info(), *opener.mesh.address)
        member, goes = [
            await stack.enter_async_context(join_table(Identity.generate(n), at_opener,
                                                       config=FAST))
            for n in ("Member", "Goes")
        ]
        with trio.fail_after(5):
            while len(member.members()) != 3:
                await trio.sleep(0.02)
        answer = member.table_info()  # what "info" at the member's address says
        assert answer.host_peer == opener.peer_id
        late = await stack.enter_async_context(join_table(
            Identity.generate("Late"), DiscoveredTable(answer, *member.mesh.address),
            config=FAST))
        lobbies = [opener, member, goes, late]
        with trio.fail_after(5):
            while any(len(lobby.members()) != 4 for lobby in lobbies):
                await trio.sleep(0.02)
        await opener.remove(goes.peer_id)
        with trio.fail_after(5):
            while any(len(lobby.members()) != 3 for lobby in (opener, member, late)):
                await trio.sleep(0.02)
        assert late.mesh.is_banned(goes.peer_id)
        assert not late.mesh.is_banned(opener.peer_id)
        assert opener.peer_id in late.mesh.connected_peers()
        with pytest.raises(LobbyError, match="only the table's opener"):
            await member.remove(late.peer_id)
