"""The replicated log on a live mesh: ``sync.Replicator`` carried as "log.sync" messages.

The replicator is a transport-free state machine named in seats; the mesh is a set of
authenticated channels named by peer ids. This module is the glue between them, and the
only place that knows both:

* every sync message travels as ``{"t": "log.sync", "d": <bytes>}`` (protocol/wire.md);
* a peer's seat is found from the Ed25519 key its Noise channel authenticated
  (``Roster.seat_of``), never from anything the peer says about itself;
* mesh "connected"/"reconnected"/"disconnected" events, and a heartbeat ``tick`` on a timer,
  become the replicator's ``connect``/``disconnect``/``tick`` inputs;
* one lock serialises every replicator input together with sending its output, so the
  messages of one step leave in the order the replicator produced them.

Register the message and subscribe to its topic *before* any peer can send one (i.e. before
the lobby's genesis is sealed): ``attach_log_sync`` does both, and the buffered inbox it
returns is handed to :class:`MeshReplication` once the log exists.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress

import trio
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pbang.net.codec import Bin
from p2pbang.net.log import Part
from p2pbang.net.mesh import ConnectionEvent, Incoming, Mesh, PeerNotConnected
from p2pbang.net.seats import Proposal
from p2pbang.net.sync import Replicator, Step, SyncLimits

LOG_TOPIC = "log"
LOG_SYNC = "log.sync"
INBOX_BUFFER = 4096
TICK_INTERVAL = 1.0

StepHook = Callable[[Step], None]
ConnectionHook = Callable[[int, ConnectionEvent], None]
MessageHook = Callable[[int, bytes], None]


def attach_log_sync(
    mesh: Mesh, limits: SyncLimits | None = None, buffer: int = INBOX_BUFFER
) -> trio.abc.ReceiveChannel[Incoming]:
    """Teach the mesh the "log.sync" message and open the inbox its messages wait in.

    A peer that finishes the lobby first may send log messages at once; without the
    registration our mesh would call them unknown and drop the link as a protocol fault.
    """
    limits = limits or SyncLimits()
    if LOG_SYNC not in mesh.registry:
        mesh.registry.register(LOG_SYNC, {"d": Bin(limits.max_message_bytes)})
    return mesh.subscribe(LOG_TOPIC, buffer)


class MeshReplication:
    """Keeps one peer's log in step with the table over its mesh.

    ``roster`` lists the table's peer ids in seat order (the genesis order). ``on_step`` sees
    every replicator step (what was committed, refused, proven) as soon as the log has
    changed, before its messages are queued; ``on_connection`` sees every connection event
    of a roster peer, with its seat; ``on_message`` every sync message received, as its
    bytes (a traffic recorder for audits and the privacy tests).
    """

    def __init__(
        self,
        mesh: Mesh,
        replicator: Replicator,
        roster: Sequence[str],
        inbox: trio.abc.ReceiveChannel[Incoming],
        *,
        on_step: StepHook | None = None,
        on_connection: ConnectionHook | None = None,
        on_message: MessageHook | None = None,
    ) -> None:
        if len(roster) != len(replicator.log.roster):
            raise ValueError("the roster's peer ids and the log's keys differ in number")
        self.mesh = mesh
        self.replicator = replicator
        self.peers_by_seat = tuple(roster)
        self._inbox = inbox
        self._on_step = on_step
        self._on_connection = on_connection
        self._on_message = on_message
        self._lock = trio.Lock()
        self.steps = 0

    # -- naming --

    @property
    def me(self) -> int:
        return self.peers_by_seat.index(self.mesh.peer_id)

    def seat_of(self, peer_id: str) -> int | None:
        """The seat of an authenticated peer: by the key its channel proved, not by its id."""
        status = self.mesh.peer(peer_id)
        if status is None or not status.public_key:
            return None
        seat = self.replicator.log.roster.seat_of(status.public_key)
        if seat is None or self.peers_by_seat[seat] != peer_id or seat == self.me:
            return None
        return seat

    def connected_seats(self) -> frozenset[int]:
        return self.replicator.connected

    # -- running --

    async def run(
        self,
        tick_interval: float = TICK_INTERVAL,
        *,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Pump messages, connection events and heartbeats into the replicator until
        cancelled. Peers already connected when it starts are connected at once."""
        events = self.mesh.watch_events(INBOX_BUFFER)
        # Same synchronous block as the watch: no event can fall between the two.
        already = [seat for peer in self.mesh.connected_peers()
                   if (seat := self.seat_of(peer)) is not None]
        async with trio.open_nursery() as nursery:
            for seat in already:
                await self._input(lambda seat=seat: self.replicator.connect(seat))
            nursery.start_soon(self._pump_messages)
            nursery.start_soon(self._pump_events, events)
            nursery.start_soon(self._tick, tick_interval)
            task_status.started()

    async def submit(self, key: Ed25519PrivateKey, kind: str, payload: bytes,
                     seat: int | None = None) -> Step:
        """Sign, persist and send this peer's part for the open position (``LogError`` when
        it is not this seat's turn); ``seat``: a hosted holder's log seat."""
        return await self._input(lambda: self.replicator.submit(key, kind, payload, seat))

    async def vote(self, key: Ed25519PrivateKey, proposal: Proposal, yes: bool,
                   voter: int | None = None) -> Step:
        """Sign, persist and send this peer's ballot on a seat change (``LogError`` for a
        second, different ballot about the same seat and position); ``voter``: a hosted
        holder's log seat."""
        return await self._input(lambda: self.replicator.vote(key, proposal, yes, voter))

    async def leave(self, key: Ed25519PrivateKey, proposal: Proposal,
                    seat: int | None = None) -> Step:
        """Sign, persist and send this peer's leave of its seat (``protocol/seats.md`` 3.2);
        ``seat``: a hosted holder's log seat."""
        return await self._input(lambda: self.replicator.leave(key, proposal, seat))

    async def relay(self, raw: bytes) -> str | None:
        """Carry a new holder's part from a watch link to the table (``Replicator.relay``);
        returns why the log refused it, or None."""
        refused: list[str] = []
        await self._input(lambda: self.replicator.relay(raw, refused))
        return refused[0] if refused else None

    async def relay_statement(self, raw: bytes) -> str | None:
        """Carry a new holder's ballot from a watch link to the table; why not, or None."""
        refused: list[str] = []
        await self._input(lambda: self.replicator.relay_statement(raw, refused))
        return refused[0] if refused else None

    async def tick(self) -> Step:
        return await self._input(self.replicator.tick)

    async def admit_local(self, part: Part) -> Step:
        """Put a part this peer holds into its own log without sending it anywhere.

        For tools and test aids that write parts by other means (``send_raw``); a normal
        peer writes through :meth:`submit`, which also persists and sends.
        """

        def admit() -> Step:
            step = Step()
            step.absorb(self.replicator.log.add_part(part))
            return step

        return await self._input(admit)

    async def send_raw(self, seat: int, data: bytes) -> bool:
        """Send one already encoded sync message to one seat (tests and tools); False when
        that seat is not connected."""
        return await self._send(seat, data)

    # -- internals --

    async def _input(self, call: Callable[[], Step]) -> Step:
        async with self._lock:
            step = call()
            self.steps += 1
            if self._on_step is not None:
                self._on_step(step)
            for seat, data in step.send:
                await self._send(seat, data)
            return step

    async def _send(self, seat: int, data: bytes) -> bool:
        peer_id = self.peers_by_seat[seat]
        with suppress(PeerNotConnected):
            await self.mesh.send(peer_id, {"t": LOG_SYNC, "d": data})
            return True
        return False

    async def _pump_messages(self) -> None:
        async for incoming in self._inbox:
            seat = self.seat_of(incoming.peer_id)
            if seat is None or incoming.message.get("t") != LOG_SYNC:
                continue  # the mesh admits only the roster; anything else is not ours
            data = incoming.message["d"]
            if self._on_message is not None:
                self._on_message(seat, data)
            await self._input(lambda seat=seat, data=data: self.replicator.receive(seat, data))

    async def _pump_events(self, events: trio.MemoryReceiveChannel[ConnectionEvent]) -> None:
        async for event in events:
            seat = self.seat_of(event.peer_id) if event.peer_id else None
            if seat is None:
                continue
            if event.kind in ("connected", "reconnected"):
                await self._input(lambda seat=seat: self.replicator.connect(seat))
            elif event.kind == "disconnected":
                await self._input(lambda seat=seat: self.replicator.disconnect(seat))
            if self._on_connection is not None:
                self._on_connection(seat, event)

    async def _tick(self, interval: float) -> None:
        while True:
            await trio.sleep(interval)
            await self._input(self.replicator.tick)


__all__ = ["LOG_SYNC", "LOG_TOPIC", "MeshReplication", "attach_log_sync"]
