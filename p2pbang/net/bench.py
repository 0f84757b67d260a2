"""Network benchmark: N peers on loopback, real Noise channels, the real replicated log.

What is measured is what a game does all the time: one seat appends an entry to the log and
every other peer must receive, validate and append it before play goes on. The peers are
full meshes on 127.0.0.1, each with its own identity; the genesis is built and verified as
the lobby does; the log is ``p2pbang.net.log.Log`` kept in step by ``p2pbang.net.sync``'s
``Replicator``, carried over the mesh as "log.sync" messages by
``p2pbang.net.replication.MeshReplication``. Seats write in turn (entry i is
seat i mod N's), so entries are inherently sequential: each author first has to receive the
previous entry, exactly like turns in a game.

All peers share one process and one trio loop, so every peer's crypto and Python overhead
lands on a single core: a LAN game, where each peer has its own machine, is faster.
"""

from __future__ import annotations

import secrets
import statistics
import time
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any

import trio

from p2pbang.net.codec import MessageRegistry
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings, build_genesis, sign_ready, verify_genesis
from p2pbang.net.log import Log, Roster, Turn
from p2pbang.net.mesh import Mesh, MeshConfig, open_mesh
from p2pbang.net.replication import MeshReplication, attach_log_sync
from p2pbang.net.sync import Replicator, Step, SyncLimits

ENTRY_KIND = "bench"
SYNC_LIMITS = SyncLimits()


@dataclass
class _Peer:
    """One peer: its mesh and replicated log, and when each entry reached it."""

    seat: int
    identity: Identity
    mesh: Mesh
    replication: MeshReplication | None = None
    committed_at: dict[int, float] = field(default_factory=dict)
    authored_at: dict[int, float] = field(default_factory=dict)
    progress: trio.Event = field(default_factory=trio.Event)
    faults: list[str] = field(default_factory=list)

    @property
    def replicator(self) -> Replicator:
        assert self.replication is not None
        return self.replication.replicator

    def observe(self, step: Step) -> None:
        now = time.perf_counter()
        for entry in step.committed:
            self.committed_at.setdefault(entry.index, now)
        self.faults.extend(str(f) for f in step.faults)
        self.faults.extend(str(r) for r in step.rejected)
        if step.committed:
            self.progress.set()
            self.progress = trio.Event()

    async def write_turns(self, entries: int, payload_bytes: int, peers: int) -> None:
        """Author every entry that is this seat's, as soon as the log reaches it."""
        assert self.replication is not None
        log = self.replicator.log
        for index in range(self.seat, entries, peers):
            while len(log) < index:
                await self.progress.wait()
            self.authored_at[index] = time.perf_counter()
            await self.replication.submit(
                self.identity.private_key, ENTRY_KIND, secrets.token_bytes(payload_bytes)
            )


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[rank]


def _bench_genesis(identities: list[Identity]) -> tuple[bytes, tuple[str, ...]]:
    settings = TableSettings("Bench", "bench", len(identities))
    table_id = secrets.token_bytes(16)
    roster = tuple(sorted(i.peer_id for i in identities))
    statements = [sign_ready(i, table_id, settings, roster, 1, b"") for i in identities]
    keys = {i.peer_id: i.public_key for i in identities}
    genesis = verify_genesis(build_genesis(table_id, settings, statements, keys))
    return genesis.session_id, genesis.roster


async def run_net_bench_async(
    peers: int = 8, entries: int = 400, payload_bytes: int = 256
) -> dict[str, Any]:
    """The benchmark itself, inside a running trio loop."""
    if not 2 <= peers <= 8:
        raise ValueError("a table has 2 to 8 peers")
    identities = [Identity.generate(f"Bench{i}") for i in range(peers)]
    session_id, roster = _bench_genesis(identities)
    by_id = {i.peer_id: i for i in identities}
    keys = Roster([by_id[peer_id].public_key for peer_id in roster])

    def writers(index: int) -> Turn | None:
        return Turn.of(index % peers) if index < entries else None

    config = MeshConfig(outbox_size=4096)
    started = time.perf_counter()
    async with AsyncExitStack() as stack:
        nodes: list[_Peer] = []
        for seat, peer_id in enumerate(roster):
            mesh = await stack.enter_async_context(
                open_mesh(by_id[peer_id], session_id[:16], MessageRegistry(), config=config)
            )
            inbox = attach_log_sync(mesh, SYNC_LIMITS)
            node = _Peer(seat, by_id[peer_id], mesh)
            log = Log(session_id, keys, writers)
            node.replication = MeshReplication(
                mesh, Replicator(log, seat), roster, inbox, on_step=node.observe
            )
            nodes.append(node)
        nursery = await stack.enter_async_context(trio.open_nursery())
        for node in nodes:
            assert node.replication is not None
            await nursery.start(node.replication.run, 1.0)
        for node in nodes:
            for other in nodes:
                if other is not node:
                    node.mesh.add_peer(other.identity.peer_id, *other.mesh.address)
        with trio.fail_after(30):
            while any(len(n.replicator.connected) != peers - 1 for n in nodes):
                await trio.sleep(0.005)
        mesh_ready = time.perf_counter()
        async with trio.open_nursery() as writers_nursery:
            for node in nodes:
                writers_nursery.start_soon(node.write_turns, entries, payload_bytes, peers)
        with trio.fail_after(60):
            while any(len(n.replicator.log) < entries for n in nodes):
                await trio.sleep(0.001)
        finished = time.perf_counter()
        nursery.cancel_scope.cancel()

    first_authored = min(min(n.authored_at.values()) for n in nodes if n.authored_at)
    authored = {i: t for n in nodes for i, t in n.authored_at.items()}
    each, everyone = [], []
    for index, start in authored.items():
        arrivals = [n.committed_at[index] - start for n in nodes if n.seat != index % peers]
        each.extend(arrivals)
        everyone.append(max(arrivals))
    traffic = [n.mesh.traffic() for n in nodes]
    heads = {n.replicator.log.head_hash for n in nodes}
    return {
        "mode": "log",
        "peers": peers,
        "entries": entries,
        "payload_bytes": payload_bytes,
        "mesh_setup_s": mesh_ready - started,
        "append_all_ms_p50": 1000 * statistics.median(everyone),
        "append_all_ms_p99": 1000 * _percentile(everyone, 0.99),
        "append_each_ms_p50": 1000 * statistics.median(each),
        "append_each_ms_p99": 1000 * _percentile(each, 0.99),
        "entries_per_s": entries / (finished - first_authored),
        "messages_sent_per_peer": statistics.mean(t["messages_sent"] for t in traffic),
        "bytes_sent_per_peer": statistics.mean(t["bytes_sent"] for t in traffic),
        "logs_identical": len(heads) == 1,
        "faults": sum(len(n.faults) for n in nodes),
    }


def run_net_bench(peers: int = 8, entries: int = 400, payload_bytes: int = 256) -> dict[str, Any]:
    """Run the benchmark in a fresh trio loop; see the module docstring for what it measures."""
    return trio.run(run_net_bench_async, peers, entries, payload_bytes)


def format_net_bench(result: dict[str, Any]) -> str:
    lines = [
        f"net bench: {result['peers']} peers on loopback, {result['entries']} log entries of "
        f"{result['payload_bytes']} B (real Noise channels, signed hash-chained log)",
        f"  mesh set-up          {result['mesh_setup_s'] * 1000:8.1f} ms",
        f"  append, all peers    p50 {result['append_all_ms_p50']:7.2f} ms   "
        f"p99 {result['append_all_ms_p99']:7.2f} ms",
        f"  append, each peer    p50 {result['append_each_ms_p50']:7.2f} ms   "
        f"p99 {result['append_each_ms_p99']:7.2f} ms",
        f"  throughput           {result['entries_per_s']:8.1f} entries/s",
        f"  per peer             {result['messages_sent_per_peer']:8.0f} messages, "
        f"{result['bytes_sent_per_peer'] / 1024:8.1f} KiB sent",
        f"  logs identical: {'yes' if result['logs_identical'] else 'NO'}; "
        f"faults: {result['faults']}",
    ]
    return "\n".join(lines)


def print_net_bench(peers: int = 8, entries: int = 400, payload_bytes: int = 256) -> None:
    """Run the benchmark and print its report (what ``p2pbang bench net`` shows)."""
    print(format_net_bench(run_net_bench(peers, entries, payload_bytes)))


if __name__ == "__main__":
    print_net_bench()
