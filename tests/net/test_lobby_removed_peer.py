"""The peer the opener removes from the waiting room is told so, every time: the removal is
written before its link is cut (a ban with a farewell), and read even when the goodbye right
behind it has already ended the link."""

from __future__ import annotations

from contextlib import AsyncExitStack

import pytest
import trio

from p2pbang.net.discovery import DiscoveredTable
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import REMOVED_BY_OPENER, TableSettings, join_table, open_table

from .meshkit import FAST

SETTINGS = TableSettings("Saloon", "bang", 4)


@pytest.mark.parametrize("attempt", range(3))  # the race it fixes went either way
async def test_the_removed_peer_hears_it_was_the_opener(attempt: int) -> None:
    async with AsyncExitStack() as stack:
        opener = await stack.enter_async_context(
            open_table(Identity.generate("Opener"), SETTINGS, config=FAST))
        where = DiscoveredTable(opener.table_info(), *opener.mesh.address)
        stays, goes = [
            await stack.enter_async_context(join_table(Identity.generate(n), where, config=FAST))
            for n in ("Stays", "Goes")
        ]
        with trio.fail_after(5):
            while any(len(lobby.members()) != 3 for lobby in (opener, stays, goes)):
                await trio.sleep(0.02)
        while True:  # what the lobby said so far is not what this test waits for
            try:
                goes.events.receive_nowait()
            except trio.WouldBlock:
                break
        await opener.remove(goes.peer_id)
        with trio.fail_after(5):
            async for event in goes.events:
                if event.kind == "left" and event.peer_id == goes.peer_id:
                    break
        assert event.reason == REMOVED_BY_OPENER
        with trio.fail_after(5):
            while goes.mesh.connected_peers() or len(opener.members()) != 2:
                await trio.sleep(0.02)
        await trio.sleep(0.3)
        later = []
        while True:
            try:
                later.append(goes.events.receive_nowait())
            except trio.WouldBlock:
                break
        # Told once, and the opener's goodbye is not "the opener left the table".
        assert not [e for e in later if e.kind == "left" and e.peer_id in (goes.peer_id,
                                                                           opener.peer_id)]
        assert goes.removed and [m.peer_id for m in goes.members()] == [goes.peer_id]
        assert opener.mesh.is_banned(goes.peer_id)
        assert opener.table_info().free == SETTINGS.seats - 2
