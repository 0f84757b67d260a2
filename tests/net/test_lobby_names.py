"""Names at a table are unique (issue 22, point 16).

The default name is the OS user, so every SSH user of one box sits down as "root". Nobody
is refused for it: in seat order (peer-id order, the genesis's), the first keeps the name and
the others are shown as "root (2)", "root (3)", the same on every peer, in the waiting room
and in the game, and in a replay of the saved game."""

from __future__ import annotations

from contextlib import AsyncExitStack

import trio

from p2pbang.net.discovery import DiscoveredTable
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings, distinct_names, join_table, open_table

from .meshkit import FAST


def test_later_seats_of_a_name_get_the_next_free_number():
    assert distinct_names(["root", "ann", "root"]) == ["root", "ann", "root (2)"]
    # A player really called "root (2)" keeps it; case does not make a name another one.
    assert distinct_names(["root", "root", "Root", "root (2)"]) == [
        "root", "root (3)", "Root (4)", "root (2)"]
    assert distinct_names(["a", "b"]) == ["a", "b"]


async def test_three_roots_are_told_apart_the_same_way_by_every_peer():
    settings = TableSettings("Box", "bang", 3)
    async with AsyncExitStack() as stack:
        opener = await stack.enter_async_context(
            open_table(Identity.generate("root"), settings, config=FAST, min_players=3))
        at_opener = DiscoveredTable(opener.table_info(), *opener.mesh.address)
        lobbies = [opener] + [
            await stack.enter_async_context(
                join_table(Identity.generate("root"), at_opener, config=FAST, min_players=3))
            for _ in range(2)]
        with trio.fail_after(5):
            while any(len(lobby.members()) != 3 for lobby in lobbies):
                await trio.sleep(0.02)
        views = [[(m.peer_id, m.name) for m in lobby.members()] for lobby in lobbies]
        assert views[0] == views[1] == views[2]
        assert [name for _, name in views[0]] == ["root", "root (2)", "root (3)"]
        for lobby in lobbies:
            await lobby.set_ready(b"")
        with trio.fail_after(5):
            geneses = [await lobby.sealed() for lobby in lobbies]
        assert all(g.names == ("root", "root (2)", "root (3)") for g in geneses)
        assert [seat.name for seat in geneses[0].seats] == ["root"] * 3  # as each signed
