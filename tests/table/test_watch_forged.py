"""A watcher trusts no player: a peer that serves it another table's genesis, or an entry
whose signature does not check, ends the watch with the reason, and the watcher's engine
never applies the forged entry."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import trio

from p2pbang.net.codec import MessageRegistry
from p2pbang.net.discovery import PLAYING, DiscoveredTable, TableInfo
from p2pbang.net.identity import Identity
from p2pbang.net.mesh import open_mesh
from p2pbang.net.sync import SyncLimits, decode_message, encode_message
from p2pbang.net.watch_sync import (
    WATCH_GENESIS,
    WATCH_SYNC,
    WATCH_TOPIC,
    head_message,
    register_watch_messages,
)
from p2pbang.table.watch import TableWatch, WatchRefused
from p2pbang.ui.watch_plain import PlainWatcher

from .signed_table import make_genesis
from .test_watch import CONFIG, bot_table


async def serve_forged(identity: Identity, genesis: bytes, table_id: bytes, log, forge: int,
                       task_status=trio.TASK_STATUS_IGNORED) -> None:
    """A "player" that answers fetches with the real log, except entry ``forge`` (one byte
    of its last part's signature flipped)."""
    registry = MessageRegistry()
    register_watch_messages(registry)
    async with open_mesh(identity, table_id, registry, config=CONFIG) as mesh:
        inbox = mesh.subscribe(WATCH_TOPIC)
        events = mesh.watch_events()
        task_status.started(mesh.port)
        async for event in events:
            if event.kind == "connected":
                break
        watcher = event.peer_id
        await mesh.send(watcher, {"t": WATCH_GENESIS, "g": genesis})
        await mesh.send(watcher, {"t": WATCH_SYNC, "d": head_message(log)})
        async for incoming in inbox:
            ask = decode_message(incoming.message["d"], SyncLimits())
            raws = [entry.raw for entry in log.entries(ask["from"], ask["from"] + 64)]
            index = forge - ask["from"]
            if 0 <= index < len(raws):
                raw = bytearray(raws[index])
                raw[-1] ^= 1
                raws[index] = bytes(raw)
            reply = encode_message({"t": "entries", "from": ask["from"], "e": raws, "p": []})
            await mesh.send(watcher, {"t": WATCH_SYNC, "d": reply})


@pytest.mark.parametrize("forgery", ["entry", "genesis"])
async def test_a_forged_entry_or_genesis_ends_the_watch(tmp_path: Path, forgery: str) -> None:
    async with bot_table(tmp_path, to_the_end=False) as table:
        await table.until(lambda: table.entries() >= 30)
        session = table.sessions[0]
        genesis = session.genesis.data
        if forgery == "genesis":
            genesis = make_genesis(4)[0].data  # signed and sound, but another table's
        async with trio.open_nursery() as nursery:
            port = await nursery.start(serve_forged, session.identity, genesis,
                                       session.genesis.table_id, session.log, 20)
            info = TableInfo(session.genesis.table_id, "Forged", "bang", 4, 0,
                             session.identity.peer_id, state=PLAYING, turn=1)
            out = io.StringIO()
            watch = TableWatch(Identity.generate("Watcher"), DiscoveredTable(
                info, "127.0.0.1", port), PlainWatcher(out))
            with trio.fail_after(30):
                if forgery == "genesis":
                    with pytest.raises(WatchRefused, match="genesis of another table"):
                        await watch.run()
                else:
                    result = await watch.run()
            nursery.cancel_scope.cancel()
    if forgery == "entry":
        assert not result.complete
        assert "entry 20 does not check" in result.stopped
        assert result.entries == 20  # nothing from the forged entry on
        assert "The watch stopped" in out.getvalue()
