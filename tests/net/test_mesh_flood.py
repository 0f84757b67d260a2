"""Adversarial memory: what one peer can make a waiting peer hold (issue 10, point 1)."""

from __future__ import annotations

import logging

import trio

from p2pbang.net import codec
from p2pbang.net.identity import Identity
from p2pbang.net.mesh import MAX_HELD_BYTES_PER_PEER, MeshConfig, open_mesh
from p2pbang.net.replication import LOG_SYNC, attach_log_sync
from p2pbang.net.sync import SyncLimits

from .meshkit import TABLE, make_registry, raw_peer, wait_event

MIB = 1024 * 1024
CONFIG = MeshConfig(heartbeat_interval=0.2, heartbeat_timeout=2.0, write_timeout=1.0)
BIGGEST = codec.encode({"t": LOG_SYNC, "d": bytes(SyncLimits().max_message_bytes - 64)})


def _rss() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


async def _flood(channel, count: int) -> int:
    """Send up to ``count`` of the largest log messages; how many went before the cut."""
    sent = 0
    try:
        for _ in range(count):
            await channel.send(BIGGEST)
            sent += 1
    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
        pass
    return sent


async def test_log_messages_from_a_non_member_before_the_genesis_cut_it_off(caplog):
    caplog.set_level(logging.INFO, logger="p2pbang.net.mesh")
    async with open_mesh(Identity.generate("Wait"), TABLE, make_registry(), config=CONFIG) as a:
        attach_log_sync(a)  # as a table does at once; nobody reads it before the genesis
        a.limit_non_members_to({"lobby"})  # as the lobby does
        baseline, peak = _rss(), 0

        async def sample() -> None:
            nonlocal peak
            while True:
                peak = max(peak, _rss())
                await trio.sleep(0.02)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(sample)
            flooder = Identity.generate("Flood")
            channel = await raw_peer(a, flooder)
            with trio.fail_after(20):
                await _flood(channel, 60)
            event = await wait_event(a, lambda e: e.kind == "disconnected")
            nursery.cancel_scope.cancel()
        assert event.peer_id == flooder.peer_id and event.fault
        assert "before the genesis" in event.reason
        # Named where the person can find it (the home's p2pbang.log): id and given name.
        named = [r.getMessage() for r in caplog.records if "before the genesis" in r.getMessage()]
        assert named and f"{flooder.peer_id} (Flood" in named[0]
        assert a.held_bytes() == 0
        assert peak - baseline < 200 * MIB


async def test_a_member_is_held_to_its_byte_limit_then_cut_off():
    async with open_mesh(Identity.generate("Seat"), TABLE, make_registry(), config=CONFIG) as a:
        inbox = attach_log_sync(a)  # a member's messages are kept, but not read here
        flooder = Identity.generate("Member")
        a.restrict_to({flooder.peer_id})
        channel = await raw_peer(a, flooder)
        with trio.fail_after(20):
            sent = await _flood(channel, 12)
        event = await wait_event(a, lambda e: e.kind == "disconnected")
        assert event.peer_id == flooder.peer_id and event.fault
        assert "unread" in event.reason
        assert a.held_bytes(flooder.peer_id) <= MAX_HELD_BYTES_PER_PEER
        assert sent < 12
        first = inbox.receive_nowait()  # what was kept is intact and gives its bytes back
        assert first.peer_id == flooder.peer_id and first.message["t"] == LOG_SYNC
        assert a.held_bytes(flooder.peer_id) < MAX_HELD_BYTES_PER_PEER
