"""The replicated log over real Noise meshes on loopback: peers agree a genesis, replicate a
log with identical hashes, and converge again after links are cut mid-log (real clock, real
sockets)."""

from __future__ import annotations

import secrets
from contextlib import AsyncExitStack

import pytest
import trio

from p2pbang.net.codec import MessageRegistry
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings, build_genesis, sign_ready, verify_genesis
from p2pbang.net.log import Log, Roster, Turn
from p2pbang.net.mesh import MeshConfig, open_mesh
from p2pbang.net.replication import MeshReplication, attach_log_sync
from p2pbang.net.sync import Replicator

CONFIG = MeshConfig(heartbeat_interval=0.2, heartbeat_timeout=1.0, backoff_initial=0.05,
                    backoff_max=0.3, outbox_size=4096)


async def replicate(peers: int, entries: int, cut_links_at: int | None = None,
                    drops: list[int] | None = None) -> set[bytes]:
    """Run ``peers`` meshes writing ``entries`` in turn; return the set of final head hashes.

    With ``cut_links_at``, every link of seat 1 is dropped when the log reaches that index
    (and seat 1 stays silent for a while), so its writes stall and the others must catch it
    up when the links come back."""
    identities = [Identity.generate(f"P{i}") for i in range(peers)]
    settings = TableSettings("Replication", "bench", peers)
    table_id = secrets.token_bytes(16)
    roster = tuple(sorted(i.peer_id for i in identities))
    statements = [sign_ready(i, table_id, settings, roster, 1, b"") for i in identities]
    genesis = verify_genesis(build_genesis(
        table_id, settings, statements, {i.peer_id: i.public_key for i in identities}))
    by_id = {i.peer_id: i for i in identities}
    keys = Roster([by_id[p].public_key for p in genesis.roster])

    def writers(index: int) -> Turn | None:
        return Turn.of(index % peers) if index < entries else None

    async with AsyncExitStack() as stack:
        meshes, replications = [], []
        for seat, peer_id in enumerate(genesis.roster):
            mesh = await stack.enter_async_context(
                open_mesh(by_id[peer_id], genesis.session_id[:16], MessageRegistry(),
                          config=CONFIG))
            inbox = attach_log_sync(mesh)
            log = Log(genesis.session_id, keys, writers)
            meshes.append(mesh)
            def seen(other: int, event, seat: int = seat) -> None:
                if drops is not None and event.kind == "disconnected":
                    drops.append(seat)

            replications.append(MeshReplication(mesh, Replicator(log, seat), genesis.roster,
                                                 inbox, on_connection=seen))
        nursery = await stack.enter_async_context(trio.open_nursery())
        for replication in replications:
            await nursery.start(replication.run, 0.2)
        for a in range(peers):
            for b in range(peers):
                if a != b:
                    meshes[a].add_peer(genesis.roster[b], *meshes[b].address)
        with trio.fail_after(20):
            while any(len(r.replicator.connected) != peers - 1 for r in replications):
                await trio.sleep(0.01)

        async def write(seat: int) -> None:
            replication = replications[seat]
            log = replication.replicator.log
            for index in range(seat, entries, peers):
                while len(log) < index:
                    await trio.sleep(0.0005)
                if seat == 1 and cut_links_at is not None and index >= cut_links_at > index - peers:
                    for other in genesis.roster:
                        if other != genesis.roster[1]:
                            meshes[1].disconnect(other, "test: cable pulled")
                    await trio.sleep(0.5)
                await replication.submit(by_id[genesis.roster[seat]].private_key, "t",
                                         secrets.token_bytes(64))

        with trio.fail_after(120):
            async with trio.open_nursery() as writing:
                for seat in range(peers):
                    writing.start_soon(write, seat)
            while any(len(r.replicator.log) < entries for r in replications):
                await trio.sleep(0.01)
        nursery.cancel_scope.cancel()
        for r in replications:
            assert r.replicator.log.halted is None
        return {r.replicator.log.head_hash for r in replications}


@pytest.mark.parametrize("peers", [2, 4, 8])
async def test_peers_replicate_a_log_with_identical_hashes(peers: int) -> None:
    assert len(await replicate(peers, 300)) == 1


@pytest.mark.slow
@pytest.mark.parametrize("peers", [2, 4, 8])
async def test_peers_replicate_ten_thousand_entries(peers: int) -> None:
    assert len(await replicate(peers, 10_000)) == 1


async def test_a_cut_link_heals_and_the_log_converges() -> None:
    drops: list[int] = []
    assert len(await replicate(4, 200, cut_links_at=60, drops=drops)) == 1
    assert drops.count(1) == 3  # seat 1 really lost its three links mid-log
