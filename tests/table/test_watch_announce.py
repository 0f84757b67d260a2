"""A running table stays announced on DNS-SD (multicast over loopback): ``state=playing``,
its game, its turn and its watchers, at the port where its announcing player serves
watchers; a watcher that found it there proves that player's key and follows the game."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import trio

from p2pbang.net.discovery import DiscoveredTable, TableBrowser, multicast_problem
from p2pbang.net.identity import Identity
from p2pbang.table.watch import TableWatch
from p2pbang.ui.watch_plain import PlainWatcher

from .test_watch import bot_table


@pytest.fixture
def multicast_loopback() -> None:
    problem = multicast_problem("127.0.0.1")
    if problem:
        pytest.skip(f"{problem}; the info answer of a running table is tested instead "
                    "(test_watch.py)")


async def listed(browser: TableBrowser, table_id: bytes, test) -> DiscoveredTable:
    # The set-up (with the escrow of the default dropouts) may take a while on a busy
    # machine before the first turn is announced.
    with trio.fail_after(60):
        while True:
            for found in await browser.tables():
                if found.info.table_id == table_id and test(found):
                    return found
            await trio.sleep(0.1)


async def test_a_running_table_stays_announced_with_its_turn_and_watchers(
        tmp_path: Path, multicast_loopback: None) -> None:
    # The bots think 0.3 s a move, so the game (about 200 decisions) outlasts the
    # announcements this test waits for even on a loaded machine: at 0.1 s a game ended
    # once in CI before the watcher's announcement was seen, and an ended table is no
    # longer announced.
    async with bot_table(tmp_path, announce=True, to_the_end=False, pace=0.3) as table:
        session = table.sessions[0]
        await table.until(lambda: session.watchers.port is not None)
        async with TableBrowser(["127.0.0.1"]) as browser:
            found = await listed(browser, session.genesis.table_id,
                                 lambda t: t.info.playing and t.info.turn >= 1)
            info = found.info
            assert (found.port, info.watch_port) == (session.watchers.port,) * 2
            assert info.game == "bang" and info.seats == 4 and info.free == 0
            assert info.host_peer == session.identity.peer_id and info.watchers == 0
            out = io.StringIO()
            watch = TableWatch(Identity.generate("Latecomer"), found, PlainWatcher(out))
            assert watch.prover == session.identity.peer_id  # the record's key is proven
            async with trio.open_nursery() as nursery:
                nursery.start_soon(watch.run)
                await listed(browser, session.genesis.table_id, lambda t: t.info.watchers == 1)
                await table.until(lambda: "caught up" in out.getvalue())
                nursery.cancel_scope.cancel()
