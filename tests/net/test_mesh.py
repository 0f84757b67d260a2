"""Real meshes over TCP on 127.0.0.1: forming, exchanging, and surviving bad peers."""

from __future__ import annotations

import contextlib
import logging

import pytest
import trio

from p2pbang.net import codec
from p2pbang.net.codec import SchemaError
from p2pbang.net.framing import encode_frame
from p2pbang.net.identity import Identity
from p2pbang.net.mesh import (
    MESH_LIMITS,
    DialError,
    MeshConfig,
    PeerNotConnected,
    fetch_table_info,
    open_mesh,
)

from .meshkit import FAST, TABLE, exchange_ok, make_registry, meshes, raw_peer, wait_event


@pytest.mark.parametrize("count", [2, 4, 8])
async def test_full_mesh_forms_and_exchanges(count):
    async with meshes(count) as nodes:
        for node in nodes:
            peers = set(node.connected_peers())
            assert peers == {n.peer_id for n in nodes} - {node.peer_id}
        await exchange_ok(nodes, tag=1)
        first, last = nodes[0], nodes[-1]
        await first.send(last.peer_id, {"t": "test.msg", "body": "direct", "n": 2})
        with trio.fail_after(5):
            got = await last.incoming.receive()
        assert got.peer_id == first.peer_id and got.message["body"] == "direct"


async def test_lower_id_dials_and_only_one_link_per_pair():
    async with meshes(3) as nodes:
        for node in nodes:
            for peer_id in node.connected_peers():
                connection = node._connections[peer_id]
                assert connection.dialer == min(node.peer_id, peer_id)


async def test_large_messages_cross_the_mesh():
    async with meshes(2) as (a, b):
        blob = bytes(range(256)) * 8000  # 2 MB: many Noise messages
        await a.send(b.peer_id, {"t": "test.blob", "data": blob})
        with trio.fail_after(10):
            got = await b.incoming.receive()
        assert got.message["data"] == blob


async def test_subscribed_topic_gets_its_own_inbox():
    async with meshes(2, link=False) as (a, b):
        inbox = b.subscribe("test")
        b.add_peer(a.peer_id, *a.address)
        a.add_peer(b.peer_id, *b.address)
        with trio.fail_after(5):
            while not a.connected_peers():
                await trio.sleep(0.01)
        await a.send(b.peer_id, {"t": "test.msg", "body": "x", "n": 1})
        with trio.fail_after(5):
            assert (await inbox.receive()).message["body"] == "x"
        with pytest.raises(ValueError):
            b.subscribe("test")


async def test_send_errors_are_local_and_clear():
    async with meshes(2) as (a, b):
        with pytest.raises(PeerNotConnected):
            await a.send("nobody", {"t": "test.msg", "body": "", "n": 0})
        with pytest.raises(SchemaError, match="unknown message type"):
            await a.send(b.peer_id, {"t": "test.nope"})
        with pytest.raises(SchemaError, match=r"test\.msg\.n"):
            await a.broadcast({"t": "test.msg", "body": "", "n": -1})


async def test_bootstrap_dial_from_higher_id_then_lower_takes_over_redialing():
    async with meshes(2, link=False) as nodes:
        low, high = sorted(nodes, key=lambda n: n.peer_id)
        info = await high.connect(*low.address)  # the higher one joins via an address
        assert info.peer_id == low.peer_id
        await wait_event(low, lambda e: e.kind == "connected")
        assert low.peer(high.peer_id).address == high.address
        low._connections[high.peer_id].channel.stream.socket.close()  # cut the link
        await wait_event(high, lambda e: e.kind == "disconnected")
        event = await wait_event(high, lambda e: e.kind == "reconnected", timeout=5)
        assert event.peer_id == low.peer_id
        assert high._connections[low.peer_id].dialer == low.peer_id
        await exchange_ok([low, high], tag=7)


async def test_cut_link_reconnects_with_backoff_and_others_unaffected():
    async with meshes(3) as nodes:
        a, b, c = sorted(nodes, key=lambda n: n.peer_id)
        a._connections[b.peer_id].channel.stream.socket.close()
        gone = await wait_event(b, lambda e: e.kind == "disconnected")
        assert gone.peer_id == a.peer_id and not gone.fault
        back = await wait_event(b, lambda e: e.kind == "reconnected", timeout=5)
        assert back.peer_id == a.peer_id
        assert set(c.connected_peers()) == {a.peer_id, b.peer_id}
        await exchange_ok(nodes, tag=3)


async def test_dialing_a_dead_address_backs_off(caplog):
    caplog.set_level(logging.INFO, logger="p2pbang.net.mesh")
    async with meshes(1, link=False) as (a,):
        listener = trio.socket.socket()
        await listener.bind(("127.0.0.1", 0))
        dead_port = listener.getsockname()[1]
        listener.close()  # nothing listens there any more
        a.add_peer("zzzzzzzzzzzzzzzz", "127.0.0.1", dead_port)  # "z..." sorts last: a dials
        await trio.sleep(1.0)
        status = a.peer("zzzzzzzzzzzzzzzz")
        assert not status.connected and "127.0.0.1" in status.last_reason
    attempts = sum("dial zzzzzzzzzzzzzzzz failed" in r.getMessage() for r in caplog.records)
    # Delays 0.05, 0.1, 0.2, 0.4, 0.4 ... each jittered to [50%, 100%): 5 to 9 tries in one
    # second (fewer on a loaded machine). A fixed 0.05 s retry would make 20 or more.
    assert 3 <= attempts <= 10, attempts


async def test_simultaneous_dials_settle_on_one_link_dialed_by_the_lower_id():
    async with meshes(2, link=False) as nodes:
        low, high = sorted(nodes, key=lambda n: n.peer_id)

        async def dial(src, dst):
            with contextlib.suppress(DialError):  # the losing side's own dial may be refused
                await src.connect(*dst.address)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(dial, low, high)
            nursery.start_soon(dial, high, low)
        await trio.sleep(0.3)
        assert low.connected_peers() == [high.peer_id]
        assert high.connected_peers() == [low.peer_id]
        assert low._connections[high.peer_id].dialer == low.peer_id
        assert high._connections[low.peer_id].dialer == low.peer_id
        await exchange_ok([low, high], tag=9)


def _identity_sorting(lower_than: str, lower: bool) -> Identity:
    while True:
        identity = Identity.generate("Twin")
        if (identity.peer_id < lower_than) == lower:
            return identity


@pytest.mark.parametrize("copy_is_lower", [True, False], ids=["copy-lower", "copy-higher"])
async def test_a_second_copy_dialing_just_after_the_real_peer_takes_no_link(copy_is_lower):
    """Issue 10, point 3: a second copy of an identity (same keys, another process) dialing
    within seconds of the real peer's own dial replaced its live link (the window in which
    simultaneous dials settle), so the copy was taken for the seat until it hung up. Only
    the one settlement of simultaneous dials (the lower id's link over the higher id's) may
    replace a live link without proof it is gone."""
    async with meshes(1, link=False) as (a,):
        twin = _identity_sorting(a.peer_id, copy_is_lower)
        async with open_mesh(twin, TABLE, make_registry(), config=FAST) as real:
            await real.connect(*a.address)
            await wait_event(a, lambda e: e.kind == "connected")
            link = a._connections[twin.peer_id]
            async with open_mesh(twin, TABLE, make_registry(), config=FAST) as copy:
                with contextlib.suppress(DialError):
                    await copy.connect(*a.address)
                refused = await wait_event(a, lambda e: e.kind == "rejected")
                assert "second copy" in refused.reason
                await trio.sleep(0.5)
                assert a._connections[twin.peer_id] is link and not link.end_reason
                assert real.connected_peers() == [a.peer_id]
            await exchange_ok([a, real], tag=11)


async def test_silent_peer_detected_by_heartbeat():
    async with meshes(1, link=False) as (a,):
        mute = Identity.generate("Mute")
        silent = await raw_peer(a, mute)  # completes the handshake, then never says a word
        start = trio.current_time()
        event = await wait_event(a, lambda e: e.kind == "disconnected", timeout=5)
        elapsed = trio.current_time() - start
        assert "heartbeat timeout" in event.reason and event.peer_id == mute.peer_id
        assert FAST.heartbeat_timeout * 0.9 <= elapsed < FAST.heartbeat_timeout + 1.5
        await silent.aclose()


async def _violation(send_bad, expect: str) -> None:
    """An authenticated raw peer misbehaves; it is named, and the real mesh carries on."""
    async with meshes(3) as nodes:
        target = nodes[0]
        villain = Identity.generate("Villain")
        channel = await raw_peer(target, villain)
        await wait_event(target, lambda e: e.kind == "connected" and e.peer_id == villain.peer_id)
        await send_bad(channel)
        event = await wait_event(
            target, lambda e: e.kind == "disconnected" and e.peer_id == villain.peer_id
        )
        assert event.fault, event
        assert expect in event.reason, event.reason
        assert event.name == "Villain"
        await exchange_ok(nodes, tag=11)  # neighbours unaffected
        await channel.aclose()


async def test_frame_claiming_4gb_named_and_dropped():
    async def bad(channel):
        await channel.stream.send_all(b"\xff\xff\xff\xff")

    await _violation(bad, "4294967295 bytes exceeds the limit")


async def test_message_over_the_total_limit_named_and_dropped():
    async def bad(channel):
        channel.max_message = 64 * 1024 * 1024  # a sender that ignores the limit
        with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
            await channel.send(b"\x00" * (MESH_LIMITS.max_message + 100_000))

    await _violation(bad, f"message exceeds the limit of {MESH_LIMITS.max_message} bytes")


async def test_garbage_frame_after_handshake():
    async def bad(channel):
        await channel.stream.send_all(encode_frame(b"\x00" * 40))

    await _violation(bad, "failed authentication")


async def test_replayed_transport_message():
    async def bad(channel):
        sealed = channel.seal(codec.encode({"t": "test.msg", "body": "hi", "n": 1}))
        await channel.stream.send_all(sealed)
        await channel.stream.send_all(sealed)

    await _violation(bad, "replayed")


async def test_unknown_message_type():
    async def bad(channel):
        await channel.send(codec.encode({"t": "test.evil", "x": 1}))

    await _violation(bad, "unknown message type")


async def test_malformed_message_fields():
    async def bad(channel):
        await channel.send(codec.encode({"t": "test.msg", "body": 5, "n": 1}))

    await _violation(bad, "test.msg.body: expected str")


async def test_not_msgpack():
    async def bad(channel):
        await channel.send(b"\xc1\xc1")

    await _violation(bad, "malformed msgpack")


async def test_truncated_frame():
    async def bad(channel):
        await channel.stream.send_all(b"\x00\x00\x01\x00" + b"x" * 10)
        await channel.stream.send_eof()

    await _violation(bad, "stream ended inside a frame")


async def test_garbage_before_handshake_is_rejected_with_address():
    async with meshes(2) as nodes:
        target = nodes[0]
        stream = await trio.open_tcp_stream(*target.address)
        await stream.send_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        event = await wait_event(target, lambda e: e.kind == "rejected")
        assert event.peer_id is None and event.address[0] == "127.0.0.1"
        assert "malformed hello" in event.reason
        await stream.aclose()
        await exchange_ok(nodes, tag=5)


async def test_wrong_table_and_wrong_version_are_refused_with_reasons():
    async with meshes(1, link=False) as (a,):
        with pytest.raises(ConnectionRefusedError, match="different table"):
            await raw_peer(a, table=b"another-table")
        event = await wait_event(a, lambda e: e.kind == "rejected")
        assert "different table" in event.reason
        with pytest.raises(ConnectionRefusedError, match="protocol version mismatch"):
            await raw_peer(a, version=PROTOCOL_VERSION_NEXT)
        async with open_mesh(Identity.generate("Other"), b"other-table", config=FAST) as other:
            with pytest.raises(DialError, match="different table"):
                await other.connect(*a.address)


PROTOCOL_VERSION_NEXT = 2


async def test_handshake_that_never_finishes_times_out():
    config = MeshConfig(handshake_timeout=0.5)
    async with open_mesh(Identity.generate("A"), TABLE, make_registry(), config=config) as a:
        stream = await trio.open_tcp_stream(*a.address)  # connects, then says nothing
        event = await wait_event(a, lambda e: e.kind == "rejected", timeout=3)
        assert "timed out" in event.reason
        await stream.aclose()


async def test_table_full_and_roster_restriction():
    config = MeshConfig(max_peers=2, heartbeat_interval=0.2, heartbeat_timeout=1.0)
    async with meshes(2, config=config) as (a, _b):
        extra = Identity.generate("Extra")
        channel = await raw_peer(a, extra)
        event = await wait_event(a, lambda e: e.kind == "rejected")
        assert "table full" in event.reason and event.peer_id == extra.peer_id
        await channel.aclose()
        a.restrict_to({"someone-else"})
        event = await wait_event(a, lambda e: e.kind == "disconnected")
        assert "roster" in event.reason


async def test_graceful_close_says_goodbye_and_is_not_redialed():
    async with meshes(2) as nodes:
        low, high = sorted(nodes, key=lambda n: n.peer_id)
        await high.close("going home")
        event = await wait_event(low, lambda e: e.kind == "disconnected")
        assert event.reason == "peer left: going home" and not event.fault
        await trio.sleep(0.5)
        assert low.peer(high.peer_id).left and not low.connected_peers()


async def test_fetch_table_info_without_handshake():
    info = {"name": "Saloon", "seats": 4, "free": 2}
    async with open_mesh(Identity.generate("Host"), TABLE, config=FAST, info=lambda: info) as a:
        assert await fetch_table_info(*a.address) == info


async def test_listening_on_every_interface_is_reachable_on_loopback():
    async with (
        open_mesh(Identity.generate("Lan"), TABLE, make_registry(), host=None, config=FAST) as lan,
        open_mesh(Identity.generate("Dialer"), TABLE, make_registry(), config=FAST) as dialer,
    ):
        assert lan.address[0] == "127.0.0.1" and lan.port > 0
        peer = await dialer.connect(*lan.address)
        assert peer.peer_id == lan.peer_id
