"""Building blocks for tests that run real meshes on 127.0.0.1."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager

import trio

from p2pbang.net import codec
from p2pbang.net.codec import Bin, Int, MessageRegistry, Str
from p2pbang.net.framing import FrameReader, encode_frame
from p2pbang.net.identity import Identity
from p2pbang.net.mesh import (
    APP_TAG,
    PROTOCOL_VERSION,
    ConnectionEvent,
    Mesh,
    MeshConfig,
    open_mesh,
)
from p2pbang.net.noise import SecureChannel, make_prologue, perform_handshake

TABLE = b"test-table-0001"
FAST = MeshConfig(
    heartbeat_interval=0.2,
    heartbeat_timeout=1.0,
    handshake_timeout=2.0,
    backoff_initial=0.05,
    backoff_max=0.4,
)


def make_registry() -> MessageRegistry:
    registry = MessageRegistry()
    registry.register("test.msg", {"body": Str(100_000), "n": Int(0, 1 << 32)})
    registry.register("test.blob", {"data": Bin(4_000_000)})
    return registry




@asynccontextmanager
async def meshes(
    count: int, *, config: MeshConfig = FAST, link: bool = True, table: bytes = TABLE
) -> AsyncIterator[list[Mesh]]:
    """``count`` running meshes on loopback; with ``link``, all know each other's address."""
    async with AsyncExitStack() as stack:
        nodes = [
            await stack.enter_async_context(
                open_mesh(Identity.generate(f"P{i}"), table, make_registry(), config=config)
            )
            for i in range(count)
        ]
        if link:
            for a in nodes:
                for b in nodes:
                    if a is not b:
                        a.add_peer(b.peer_id, *b.address)
            await wait_full_mesh(nodes)
        yield nodes


async def wait_full_mesh(nodes: list[Mesh], timeout: float = 10.0) -> None:
    with trio.fail_after(timeout):
        while any(len(n.connected_peers()) != len(nodes) - 1 for n in nodes):
            await trio.sleep(0.01)


async def wait_event(
    mesh: Mesh, predicate: Callable[[ConnectionEvent], bool], timeout: float = 5.0
) -> ConnectionEvent:
    """The next event of ``mesh`` matching ``predicate`` (others are skipped)."""
    with trio.fail_after(timeout):
        async for event in mesh.events:
            if predicate(event):
                return event
    raise AssertionError("event channel closed")


async def raw_peer(
    mesh: Mesh,
    identity: Identity | None = None,
    *,
    table: bytes | None = None,
    version: int = PROTOCOL_VERSION,
    max_message: int | None = None,
) -> SecureChannel:
    """A hand-driven peer: preamble and handshake by the wire spec, then whatever we send."""
    identity = identity or Identity.generate("Raw")
    table = mesh.table_id if table is None else table
    stream = await trio.open_tcp_stream(*mesh.address)
    reader = FrameReader(stream)
    hello = {"app": APP_TAG, "v": version, "op": "join", "table": table}
    await stream.send_all(encode_frame(codec.encode(hello)))
    reply = codec.decode(await reader.read_frame())
    if not reply["ok"]:
        await stream.aclose()
        raise ConnectionRefusedError(reply["reason"])
    return await perform_handshake(
        stream,
        reader,
        identity=identity,
        prologue=make_prologue(version, table),
        initiator=True,
        max_message=max_message or mesh.config.limits.max_message,
    )


async def exchange_ok(nodes: list[Mesh], tag: int) -> None:
    """Every node broadcasts one message and receives one from each other node."""
    for node in nodes:
        await node.broadcast({"t": "test.msg", "body": node.peer_id, "n": tag})
    with trio.fail_after(5):
        for node in nodes:
            senders = set()
            while len(senders) < len(nodes) - 1:
                incoming = await node.incoming.receive()
                if incoming.message["n"] != tag:
                    continue
                assert incoming.message["body"] == incoming.peer_id
                senders.add(incoming.peer_id)
            assert senders == {n.peer_id for n in nodes if n is not node}
