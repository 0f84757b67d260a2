"""Short visits by fresh keys do not wedge a lobby (issue 22, point 2).

Twenty keys that sit down and leave again used to stay in every member's peer list; once
that list held four times the seats, the gossip of addresses stopped, so a seated member
whose job it is to dial a later joiner never learned its address, never linked, and the
game never started. Peers that left are forgotten."""

from __future__ import annotations

from contextlib import AsyncExitStack

import trio

from p2pbang.net.discovery import DiscoveredTable
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings, join_table, open_table

from .meshkit import FAST

SETTINGS = TableSettings("Saloon", "bang", 4)
VISITORS = 20


def _pair_in_order() -> tuple[Identity, Identity]:
    """Two keys, the seated one lower: it is the one that must dial the late joiner."""
    while True:
        seated, late = Identity.generate("Seated"), Identity.generate("Late")
        if seated.peer_id < late.peer_id:
            return seated, late


async def test_a_late_joiner_links_with_a_seated_member_after_many_short_visits():
    seated_key, late_key = _pair_in_order()
    async with AsyncExitStack() as stack:
        opener = await stack.enter_async_context(
            open_table(Identity.generate("Opener"), SETTINGS, config=FAST))
        at_opener = DiscoveredTable(opener.table_info(), *opener.mesh.address)
        seated = await stack.enter_async_context(join_table(seated_key, at_opener, config=FAST))
        with trio.fail_after(5):
            while len(seated.members()) != 2:
                await trio.sleep(0.02)
        for n in range(VISITORS):
            async with join_table(Identity.generate(f"Visitor{n}"), at_opener,
                                  config=FAST) as visitor:
                with trio.move_on_after(5):
                    while len(visitor.members()) != 3 or len(seated.members()) != 3:
                        await trio.sleep(0.02)
                assert len(seated.members()) == 3, f"visitor {n} never linked with the seated"
            with trio.fail_after(5):
                while len(seated.members()) != 2 or len(opener.members()) != 2:
                    await trio.sleep(0.02)
        # The visitors are gone from the peer lists, not only from the roster (the last few
        # are kept a while, so the interfaces can still name them).
        for lobby in (seated, opener):
            assert len(lobby.mesh.peers()) <= 2 + SETTINGS.seats, len(lobby.mesh.peers())
        late = await stack.enter_async_context(join_table(late_key, at_opener, config=FAST))
        with trio.fail_after(5):
            while any(len(lobby.members()) != 3 for lobby in (opener, seated, late)):
                await trio.sleep(0.02)
        assert late.peer_id in seated.mesh.connected_peers()


async def test_addresses_of_peers_that_vanished_without_a_goodbye_make_room_for_new_ones():
    """Visitors killed without a goodbye (or a member gossiping made-up addresses) fill the
    peer list with entries nobody answers at; a later joiner's address still gets in."""
    seated_key, late_key = _pair_in_order()
    async with AsyncExitStack() as stack:
        opener = await stack.enter_async_context(
            open_table(Identity.generate("Opener"), SETTINGS, config=FAST))
        at_opener = DiscoveredTable(opener.table_info(), *opener.mesh.address)
        seated = await stack.enter_async_context(join_table(seated_key, at_opener, config=FAST))
        with trio.fail_after(5):
            while len(seated.members()) != 2:
                await trio.sleep(0.02)
        ghosts = [{"id": Identity.generate(f"Ghost{n}").peer_id, "host": "127.0.0.1",
                   "port": 1} for n in range(4 * SETTINGS.seats)]
        seated._learn_peers(ghosts)
        assert len(seated.mesh.peers()) == 4 * SETTINGS.seats
        late = await stack.enter_async_context(join_table(late_key, at_opener, config=FAST))
        with trio.fail_after(5):
            while any(len(lobby.members()) != 3 for lobby in (opener, seated, late)):
                await trio.sleep(0.02)
        assert len(seated.mesh.peers()) <= 4 * SETTINGS.seats
