"""The mesh: every peer of a table holds one authenticated channel to every other.

Connections. A TCP connection opens with one plaintext *preamble* exchange (the dialer says
which protocol version, table and operation it wants; the listener answers "welcome", a
reason for refusing, or, for the "info" operation, the table's public description, which is
also what discovery broadcasts). Then Noise XX runs with the prologue bound to that version
and table, so the preamble is only a courtesy for clear error messages: tampering with it
makes the handshake fail.

Who dials. Between two peers the one with the lower peer id dials and redials (with jittered
exponential backoff). A peer may also dial an address before it knows who is there (joining
via discovery or ``--peer``). When two connections to one peer exist at once, both ends keep
the one dialed by the lower id (or the newer one, if both were dialed the same way), so they
agree without talking about it.

Failures stay local. Each connection runs in its own task with its own cancel scope; a
connection's reader, writer and heartbeat die together and take nothing else with them. A peer
that breaks the protocol (bad frame, failed authentication, malformed or unknown message) is
disconnected and named in a ``ConnectionEvent``; the other connections never notice.

Heartbeats. Every connection sends a ping each ``heartbeat_interval``; a peer from which
nothing arrives for ``heartbeat_timeout`` is declared gone, so a silent peer (frozen process,
pulled cable) is noticed within a few seconds even though TCP itself would wait minutes.

Delivery. ``send`` queues a message on that connection; messages queued on a connection that
then fails are lost. The layers above (lobby state, log replication) re-send or catch up on
``connected``/``reconnected`` events instead of relying on the mesh to buffer across failures.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Hashable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, Literal

import trio

from p2pbang.net import codec
from p2pbang.net.backlog import HeldBytes, Incoming, MeteredInbox
from p2pbang.net.codec import Bin, Int, MapOf, MessageRegistry, OneOf, Str
from p2pbang.net.framing import FrameError, FrameReader, encode_frame
from p2pbang.net.identity import Identity
from p2pbang.net.noise import (
    ChannelClosed,
    HandshakeError,
    NoiseError,
    PeerInfo,
    SecureChannel,
    make_prologue,
    perform_handshake,
)
from p2pbang.net.ratelog import RepeatLimiter

PROTOCOL_VERSION = 1
TRAFFIC_COUNTERS = ("messages_sent", "messages_received", "bytes_sent", "bytes_received")
APP_TAG = "p2pbang"
MAX_PEERS = 8
MAX_PENDING_HANDSHAKES = 16
# One address (one machine, or one attacker) may hold this many handshakes at once, so idle
# connections from it cannot take every slot; the last slots are kept for the addresses of
# peers we have already authenticated (the table's own members coming back).
MAX_HANDSHAKES_PER_ADDRESS = 4
RESERVED_HANDSHAKES_FOR_MEMBERS = 4
# Received messages still unread that one peer may make us hold: two of the largest log sync
# messages and room for lobby traffic. A peer at the limit waits for our reader; one still
# there after ``write_timeout`` is disconnected.
MAX_HELD_BYTES_PER_PEER = 24 * 1024 * 1024
# Room for the largest log sync message (protocol/log.md: 9 MiB) inside its envelope. A
# hostile peer can make us buffer this much per connection before we refuse it, no more.
MESH_LIMITS = codec.Limits(max_message=10 * 1024 * 1024, max_bin_len=10 * 1024 * 1024)
PREAMBLE_LIMITS = codec.Limits(
    max_message=4096, max_str_len=512, max_bin_len=256, max_array_len=64, max_map_len=32
)

log = logging.getLogger(__name__)

EventKind = Literal["connected", "reconnected", "disconnected", "rejected"]


@dataclass(frozen=True)
class MeshConfig:
    """Timing and size knobs. The defaults suit a LAN; tests shorten the timers."""

    heartbeat_interval: float = 1.0
    heartbeat_timeout: float = 4.0
    handshake_timeout: float = 5.0
    preamble_timeout: float = 1.0
    write_timeout: float = 10.0
    backoff_initial: float = 0.25
    backoff_max: float = 8.0
    max_peers: int = MAX_PEERS
    outbox_size: int = 256
    inbox_size: int = 1024
    held_bytes_per_peer: int = MAX_HELD_BYTES_PER_PEER
    limits: codec.Limits = MESH_LIMITS


@dataclass(frozen=True)
class ConnectionEvent:
    """Something the UI may show: a peer came, came back, went, or was turned away.

    ``fault`` is True when the peer broke the protocol (as opposed to a network failure or a
    clean goodbye). ``peer_id`` is None only for a connection refused before the handshake
    said who it was; ``address`` then names it.
    """

    kind: EventKind
    peer_id: str | None
    reason: str = ""
    fault: bool = False
    name: str = ""
    address: tuple[str, int] | None = None


@dataclass
class PeerStatus:
    """What the mesh knows about one peer, for the UI and the layers above."""

    peer_id: str
    name: str = ""
    public_key: bytes = b""
    address: tuple[str, int] | None = None
    connected: bool = False
    ever_connected: bool = False
    rtt: float | None = None
    last_reason: str = ""
    last_fault: bool = False
    left: bool = False
    changed: trio.Event = field(default_factory=trio.Event)

    def notify(self) -> None:
        self.changed.set()
        self.changed = trio.Event()


class PeerNotConnected(Exception):
    """``send`` to a peer with no live connection."""


class _ConnectionEnded(Exception):
    def __init__(self, reason: str, fault: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.fault = fault


class PreambleError(Exception):
    """The plaintext opening exchange failed; the text says why."""


class DialError(Exception):
    """Dialing a peer failed (unreachable, refused, failed handshake); the text says why."""


class WrongPeer(DialError):
    """The peer at an address proved another key than the one it had to prove."""

    def __init__(self, address: tuple[str, int], expected: str, proven: str) -> None:
        host, port = address
        where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        super().__init__(f"{where} proved the key {proven}, not {expected}")
        self.where, self.expected, self.proven = where, expected, proven


def register_mesh_messages(registry: MessageRegistry) -> None:
    """The mesh's own message types (heartbeat and goodbye), added once per registry."""
    if "mesh.ping" in registry:
        return
    registry.register("mesh.ping", {"n": Int(0, 2**63)})
    registry.register("mesh.pong", {"n": Int(0, 2**63)})
    registry.register("mesh.bye", {"reason": Str(200)})


_HELLO = codec.Record(
    {
        "app": OneOf((APP_TAG,)),
        "v": Int(0, 0xFFFF),
        "op": OneOf(("join", "info")),
        "table": Bin(64),
    }
)
_REPLY = codec.Record(
    {
        "ok": codec.Bool(),
        "reason": Str(300),
        "info": MapOf(Str(64), codec.AnyValue(), max_items=32),
    }
)


def _lost(exc: BaseException) -> str:
    return f"connection lost: {exc or type(exc).__name__}"


def _jitter(delay: float) -> float:
    """``delay`` scaled by a factor in [0.5, 1.0): spreads out peers that fail together."""
    return delay * (0.5 + secrets.randbelow(1 << 16) / (1 << 17))


async def _read_preamble(reader: FrameReader, check: codec.Check, what: str) -> dict[str, Any]:
    try:
        data = await reader.read_frame()
        if data is None:
            raise PreambleError(f"connection closed before the {what}")
        value = codec.decode(data, PREAMBLE_LIMITS)
        check(value, what)
    except (FrameError, codec.CodecError) as exc:
        raise PreambleError(f"malformed {what}: {exc}") from None
    return value


async def fetch_table_info(host: str, port: int, timeout: float = 5.0) -> dict[str, Any]:
    """Ask whoever listens at host:port for its table's public description (no handshake).

    This is how ``--peer host:port`` learns the table id it needs for the handshake when
    multicast discovery cannot reach. The answer is a hint, exactly like a discovery record:
    the handshake that follows is what authenticates.
    """
    with trio.fail_after(timeout):
        stream = await trio.open_tcp_stream(host, port)
        async with stream:
            hello = {"app": APP_TAG, "v": PROTOCOL_VERSION, "op": "info", "table": b""}
            await stream.send_all(encode_frame(codec.encode(hello)))
            reply = await _read_preamble(FrameReader(stream), _REPLY, "reply")
    if not reply["ok"]:
        raise PreambleError(f"{host}:{port} refused: {reply['reason']}")
    return reply["info"]


@dataclass(eq=False)
class _Handshake:
    """An accepted connection still in its preamble or handshake, holding a slot."""

    host: str
    started: float = field(default_factory=time.monotonic)
    scope: trio.CancelScope = field(default_factory=trio.CancelScope)


@dataclass(eq=False)
class _Connection:
    channel: SecureChannel
    dialer: str
    outbox_send: trio.MemorySendChannel[bytes]
    outbox_recv: trio.MemoryReceiveChannel[bytes]
    cancel_scope: trio.CancelScope = field(default_factory=trio.CancelScope)
    end_reason: str = ""
    end_fault: bool = False
    last_ping: dict[int, float] = field(default_factory=dict)
    last_heard: float = field(default_factory=time.monotonic)
    adopted_at: float = field(default_factory=time.monotonic)

    def end(self, reason: str, fault: bool = False) -> None:
        if not self.end_reason:
            self.end_reason, self.end_fault = reason, fault
        self.cancel_scope.cancel()


class Mesh:
    """This peer's side of the table's mesh. Start it with ``open_mesh`` or ``run``."""

    def __init__(
        self,
        identity: Identity,
        table_id: bytes,
        registry: MessageRegistry | None = None,
        *,
        host: str | None = "127.0.0.1",
        port: int = 0,
        config: MeshConfig | None = None,
        info: Callable[[], dict[str, Any]] | None = None,
    ) -> None:
        """``host`` is the address to listen on: loopback by default, None for every
        interface (a LAN game). ``info`` supplies the public table description served to
        "info" requests (the lobby sets it)."""
        self.identity = identity
        self.peer_id = identity.peer_id
        self.table_id = table_id
        self.config = config or MeshConfig()
        self.registry = registry or MessageRegistry()
        register_mesh_messages(self.registry)
        self.info_provider = info or (lambda: {})
        self.host = host
        self.port = port
        self._prologue = make_prologue(PROTOCOL_VERSION, table_id)
        self._peers: dict[str, PeerStatus] = {}
        self._connections: dict[str, _Connection] = {}
        # Peers we dial and redial, each with the status its task keeps a link for.
        self._maintained: dict[str, PeerStatus] = {}
        self._allowed: frozenset[str] | None = None
        self._banned: dict[str, str] = {}
        self._handshakes_by_host: dict[str, list[_Handshake]] = {}
        self._known_hosts: set[str] = set()
        self._nursery: trio.Nursery | None = None
        self._events_send, self.events = trio.open_memory_channel[ConnectionEvent](1024)
        self._watchers: list[trio.MemorySendChannel[ConnectionEvent]] = []
        self._held = HeldBytes(self.config.held_bytes_per_peer)
        self._incoming_send, incoming = trio.open_memory_channel[Incoming](self.config.inbox_size)
        self.incoming = MeteredInbox(incoming, self._held)
        self._non_member_topics: frozenset[str] | None = None
        self._expected: set[str] = set()
        self._topics: dict[str, trio.MemorySendChannel[Incoming]] = {}
        self._ended_traffic = dict.fromkeys(TRAFFIC_COUNTERS, 0)
        self._ping_counter = 0
        self._closing = False
        self._log_limiter = RepeatLimiter()

    # --- lifecycle ----------------------------------------------------------------------

    async def run(self, *, task_status: trio.TaskStatus[Mesh] = trio.TASK_STATUS_IGNORED) -> None:
        """Listen and serve until cancelled. ``nursery.start(mesh.run)`` returns once bound."""
        # One IPv4 socket on every interface for None: several listeners bound to port 0
        # could each get a different port, and discovery advertises only one.
        bind_host = "0.0.0.0" if self.host in (None, "") else self.host
        listeners = await trio.open_tcp_listeners(self.port, host=bind_host)
        self.port = listeners[0].socket.getsockname()[1]
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            await nursery.start(trio.serve_listeners, self._handle_inbound, listeners)
            log.info("mesh %s listening on %s:%d", self.peer_id, self.host, self.port)
            task_status.started(self)
            await trio.sleep_forever()

    @property
    def address(self) -> tuple[str, int]:
        """Where this peer can be dialed from this machine."""
        local = self.host in (None, "", "0.0.0.0", "::")
        return ("127.0.0.1" if local else str(self.host)), self.port

    async def close(self, reason: str = "leaving", timeout: float = 1.0) -> None:
        """Say goodbye to every peer and give the goodbyes ``timeout`` to go out."""
        self._closing = True
        self._maintained.clear()
        bye = codec.encode({"t": "mesh.bye", "reason": reason})
        for connection in list(self._connections.values()):
            with suppress(trio.WouldBlock, trio.ClosedResourceError, trio.BrokenResourceError):
                connection.outbox_send.send_nowait(bye)
            connection.outbox_send.close()
        with trio.move_on_after(timeout):
            while self._connections:
                await trio.sleep(0.01)
        for kind, count in self._log_limiter.drain():
            self._log_left_out(kind, count)
        if self._nursery is not None:
            self._nursery.cancel_scope.cancel()

    # --- what the layers above call -----------------------------------------------------

    def subscribe(self, topic: str, buffer: int = 256) -> MeteredInbox:
        """A dedicated inbox for messages of type ``topic.*`` (instead of ``incoming``)."""
        if topic in self._topics:
            raise ValueError(f"topic {topic!r} already has a subscriber")
        send, receive = trio.open_memory_channel[Incoming](buffer)
        self._topics[topic] = send
        return MeteredInbox(receive, self._held)

    def limit_non_members_to(self, topics: set[str] | frozenset[str]) -> None:
        """From now on a peer that is not a member (see ``expect_members`` and
        ``restrict_to``) may send only these topics; anything else disconnects it as a fault.
        The lobby sets this: before the genesis nobody has a reason to send game messages."""
        self._non_member_topics = frozenset(topics)

    def expect_members(self, peer_ids: set[str] | frozenset[str]) -> None:
        """These peers are about to become members (the genesis being signed): a faster one
        may already send game messages, which must wait for us instead of being refused."""
        self._expected |= set(peer_ids)

    def held_bytes(self, peer_id: str | None = None) -> int:
        """Bytes of received messages still unread, from one peer or from all."""
        return self._held.total() if peer_id is None else self._held.of(peer_id)

    def watch_events(self, buffer: int = 256) -> trio.MemoryReceiveChannel[ConnectionEvent]:
        """Another, independent feed of the connection events (``events`` is the first)."""
        send, receive = trio.open_memory_channel[ConnectionEvent](buffer)
        self._watchers.append(send)
        return receive

    def peers(self) -> list[PeerStatus]:
        return sorted(self._peers.values(), key=lambda p: p.peer_id)

    def traffic(self) -> dict[str, int]:
        """Messages and wire bytes sent and received so far, over all connections ever."""
        totals = dict(self._ended_traffic)
        for connection in self._connections.values():
            for name in TRAFFIC_COUNTERS:
                totals[name] += getattr(connection.channel, name)
        return totals

    def connected_peers(self) -> list[str]:
        return sorted(self._connections)

    def peer(self, peer_id: str) -> PeerStatus | None:
        return self._peers.get(peer_id)

    def restrict_to(self, peer_ids: set[str] | frozenset[str]) -> None:
        """From now on accept only these peers (the roster, once the game has begun)."""
        self._allowed = frozenset(peer_ids)
        for peer_id in list(self._connections):
            if peer_id not in self._allowed:
                self._connections[peer_id].end("not in the table's roster", fault=False)

    def ban(self, peer_id: str, reason: str, *, farewell: bool = False) -> None:
        """Refuse this peer from now on (caught cheating): drop it, never dial it again.

        ``farewell``: what is already queued for it (e.g. the message telling it why) goes
        out first, then a goodbye with the reason; a plain ban cuts the link at once, which
        may lose them. The link still ends within the write timeout if the peer stops
        reading."""
        self._banned[peer_id] = reason
        self._maintained.pop(peer_id, None)
        self._status(peer_id).left = True
        connection = self._connections.get(peer_id)
        if not farewell or connection is None:
            self.disconnect(peer_id, f"banned: {reason}", fault=True)
            return
        if not connection.end_reason:
            connection.end_reason, connection.end_fault = f"banned: {reason}", True
        bye = codec.encode({"t": "mesh.bye", "reason": f"banned: {reason}"[:200]})
        try:
            connection.outbox_send.send_nowait(bye)
        except (trio.WouldBlock, trio.ClosedResourceError, trio.BrokenResourceError):
            connection.end(connection.end_reason, fault=True)
            return
        connection.outbox_send.close()  # the writer drains the queue, then ends the link

    def is_banned(self, peer_id: str) -> bool:
        return peer_id in self._banned

    def add_peer(self, peer_id: str, host: str, port: int) -> None:
        """Remember where a peer listens. If our id is the lower, we keep a link to it."""
        if peer_id == self.peer_id or peer_id in self._banned:
            return
        status = self._status(peer_id)
        status.address = (host, port)
        status.left = False
        self._ensure_maintainer(peer_id)

    def forget(self, peer_id: str) -> bool:
        """Drop what we know of a peer that is not connected (it left for good): its address,
        its status, our redialing. Whether it was forgotten (a connected peer is kept).

        Without this, every key that ever visited stayed in ``peers()``: the lobby caps the
        addresses it learns by that count, so enough visits stopped the gossip for good."""
        status = self._peers.get(peer_id)
        if status is None or status.connected or peer_id in self._connections:
            return False
        del self._peers[peer_id]
        self._maintained.pop(peer_id, None)
        status.left = True
        status.notify()  # a maintainer waiting on it sees it gone and stops
        return True

    async def connect(self, host: str, port: int, *, prove: str | None = None) -> PeerInfo:
        """Dial an address whose owner we may not know yet (discovery, ``--peer``).

        ``prove``: the peer id the peer there must prove; another key is refused with
        WrongPeer before this mesh keeps the link or sends it anything."""
        return await self._dial(host, port, expected_peer=None, prove=prove)

    async def send(self, peer_id: str, message: dict[str, Any]) -> None:
        """Queue ``message`` for one peer; raise PeerNotConnected if there is no link."""
        data = self._encode(message)
        await self._enqueue(peer_id, data)

    async def broadcast(self, message: dict[str, Any]) -> list[str]:
        """Queue ``message`` for every connected peer; return the ids it was queued for."""
        data = self._encode(message)
        reached = []
        for peer_id in list(self._connections):
            try:
                await self._enqueue(peer_id, data)
            except PeerNotConnected:
                continue
            reached.append(peer_id)
        return reached

    def disconnect(self, peer_id: str, reason: str, fault: bool = False) -> None:
        """Drop a peer's connection (e.g. the layer above caught it cheating)."""
        connection = self._connections.get(peer_id)
        if connection is not None:
            connection.end(reason, fault)

    # --- internals: sending -------------------------------------------------------------

    def _encode(self, message: dict[str, Any]) -> bytes:
        self.registry.validate(message)  # never send what a peer would refuse
        data = codec.encode(message)
        if len(data) > self.config.limits.max_message:
            raise ValueError(f"message of {len(data)} bytes exceeds the limit")
        return data

    async def _enqueue(self, peer_id: str, data: bytes) -> None:
        connection = self._connections.get(peer_id)
        if connection is None:
            raise PeerNotConnected(peer_id)
        try:
            await connection.outbox_send.send(data)
        except (trio.ClosedResourceError, trio.BrokenResourceError):
            raise PeerNotConnected(peer_id) from None

    # --- internals: peers and events ----------------------------------------------------

    def _status(self, peer_id: str) -> PeerStatus:
        status = self._peers.get(peer_id)
        if status is None:
            status = self._peers[peer_id] = PeerStatus(peer_id)
        return status

    def _emit(self, event: ConnectionEvent) -> None:
        level = logging.WARNING if event.fault or event.kind == "rejected" else logging.INFO
        where = f"{event.address[0]}:{event.address[1]}" if event.address else ""
        who = event.peer_id or where or "?"
        if event.fault and event.peer_id:
            # An offender is named in full: its id, the name it gave, where it came from.
            who = f"{event.peer_id} ({event.name or 'no name'}{', ' + where if where else ''})"
        # A flood repeats one line per connection: a few are written, the rest counted.
        source = event.peer_id or (event.address[0] if event.address else "?")
        kind = (event.kind, source, event.reason[:80])
        write, left_out = self._log_limiter.allow(kind)
        if left_out:
            self._log_left_out(kind, left_out)
        if write:
            log.log(level, "mesh %s: %s %s %s", self.peer_id, event.kind, who, event.reason)
        for channel in [self._events_send, *self._watchers]:
            try:
                channel.send_nowait(event)
            except trio.WouldBlock:
                # Nobody is reading that feed; an unread feed must not stall the mesh.
                log.debug("mesh %s: event feed full, dropped %s", self.peer_id, event)
            except trio.BrokenResourceError:
                if channel is not self._events_send:
                    self._watchers.remove(channel)  # that watcher closed its end

    def _log_left_out(self, kind: Hashable, count: int) -> None:
        """Say how many lines of ``kind`` (event kind, source, reason) were left out."""
        what = " ".join(str(part) for part in kind) if isinstance(kind, tuple) else str(kind)
        log.warning("mesh %s: %d similar lines (%s) left out of the log in the last %g s",
                    self.peer_id, count, what, self._log_limiter.window)

    def _ensure_maintainer(self, peer_id: str) -> None:
        status = self._peers.get(peer_id)
        if (
            self._nursery is None
            or status is None
            or status.address is None
            or status.left
            or self.peer_id > peer_id
            or self._maintained.get(peer_id) is status
        ):
            return
        self._maintained[peer_id] = status
        self._nursery.start_soon(self._maintain, peer_id)

    async def _maintain(self, peer_id: str) -> None:
        """Keep a link to a peer we are responsible for dialing, with jittered backoff."""
        status = self._maintained.get(peer_id)
        if status is None or self._peers.get(peer_id) is not status:
            return  # forgotten before this task first ran
        delay = self.config.backoff_initial
        try:
            # A forgotten peer that is learned again gets a new status and its own task.
            while self._maintained.get(peer_id) is status and not status.left:
                if status.connected:
                    await status.changed.wait()
                    if not status.connected and not status.left:
                        # A peer that keeps breaking the protocol gets ever longer pauses.
                        if status.last_fault:
                            delay = min(delay * 2, self.config.backoff_max)
                        await trio.sleep(_jitter(delay))
                    continue
                if status.address is None:
                    return
                try:
                    await self._dial(*status.address, expected_peer=peer_id)
                    if not status.last_fault:
                        delay = self.config.backoff_initial
                except DialError as exc:
                    status.last_reason = str(exc)
                    log.info("mesh %s: dial %s failed: %s", self.peer_id, peer_id, exc)
                    await trio.sleep(_jitter(delay))
                    delay = min(delay * 2, self.config.backoff_max)
        finally:
            if self._maintained.get(peer_id) is status:  # not a newer task's
                del self._maintained[peer_id]

    # --- internals: connection setup ----------------------------------------------------

    async def _dial(self, host: str, port: int, expected_peer: str | None,
                    prove: str | None = None) -> PeerInfo:
        """Connect, handshake and start serving; raise DialError with a reason otherwise."""
        if self._nursery is None:
            raise RuntimeError("the mesh is not running")
        channel = await self._dial_channel(host, port, expected_peer)
        if prove is not None and channel.peer.peer_id != prove:
            with trio.CancelScope(shield=True):
                await channel.aclose()
            raise WrongPeer((host, port), prove, channel.peer.peer_id)
        connection = await self._adopt(channel, dialer=self.peer_id, address=(host, port))
        if connection is None:
            raise DialError(f"{host}:{port}: connection to {channel.peer.peer_id} not kept")
        self._nursery.start_soon(self._serve, connection)
        return channel.peer

    async def _dial_channel(self, host: str, port: int,
                            expected_peer: str | None) -> SecureChannel:
        """``_dial_handshake`` with every failure turned into a DialError saying why."""
        try:
            return await self._dial_handshake(host, port, expected_peer)
        except trio.TooSlowError:
            raise DialError(f"{host}:{port}: no handshake within the time limit") from None
        except (HandshakeError, PreambleError) as exc:
            raise DialError(f"{host}:{port}: {exc}") from None
        except (OSError, trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            raise DialError(f"{host}:{port}: {exc or type(exc).__name__}") from None

    async def _dial_handshake(
        self, host: str, port: int, expected_peer: str | None
    ) -> SecureChannel:
        with trio.fail_after(self.config.handshake_timeout):
            stream = await trio.open_tcp_stream(host, port)
            try:
                reader = FrameReader(stream)
                hello = {"app": APP_TAG, "v": PROTOCOL_VERSION, "op": "join"}
                hello["table"] = self.table_id
                await stream.send_all(encode_frame(codec.encode(hello)))
                reply = await _read_preamble(reader, _REPLY, "reply")
                if not reply["ok"]:
                    raise PreambleError(f"{host}:{port} refused: {reply['reason']}")
                channel = await perform_handshake(
                    stream,
                    reader,
                    identity=self.identity,
                    prologue=self._prologue,
                    initiator=True,
                    listen_port=self.port,
                    expected_peer=expected_peer,
                    max_message=self.config.limits.max_message,
                )
            except BaseException:
                with trio.CancelScope(shield=True):
                    await stream.aclose()
                raise
        return channel

    async def _handle_inbound(self, stream: trio.SocketStream) -> None:
        """One accepted TCP connection, from preamble to the end of its life. Never raises."""
        try:
            remote = stream.socket.getpeername()[:2]
        except OSError:
            await stream.aclose()
            return
        address = (str(remote[0]), int(remote[1]))
        refusal = self._admission_refusal(address[0])
        if refusal:
            self._emit(ConnectionEvent("rejected", None, refusal, False, "", address))
            await stream.aclose()
            return
        connection = None
        pending = _Handshake(address[0])
        self._handshakes_by_host.setdefault(address[0], []).append(pending)
        try:
            try:
                with pending.scope, trio.fail_after(self.config.handshake_timeout):
                    channel = await self._accept_handshake(stream)
            finally:
                self._release_handshake(pending)
            if pending.scope.cancelled_caught:
                reason = "handshake dropped to make room for one from a less busy address"
                self._emit(ConnectionEvent("rejected", None, reason, False, "", address))
                return
            if channel is None:
                return
            dial_back = (address[0], channel.peer.listen_port) if channel.peer.listen_port else None
            connection = await self._adopt(channel, dialer=channel.peer.peer_id, address=dial_back)
        except trio.TooSlowError:
            self._emit(ConnectionEvent("rejected", None, "handshake timed out", True, "", address))
        except (HandshakeError, PreambleError, FrameError, NoiseError) as exc:
            self._emit(ConnectionEvent("rejected", None, str(exc), True, "", address))
        except (OSError, trio.BrokenResourceError, trio.ClosedResourceError) as exc:
            reason = f"connection failed during the handshake: {exc}"
            self._emit(ConnectionEvent("rejected", None, reason, False, "", address))
        except Exception:
            log.exception("mesh %s: unexpected error accepting %s", self.peer_id, address)
        finally:
            if connection is None:
                with trio.CancelScope(shield=True):
                    await stream.aclose()
        if connection is not None:
            await self._serve(connection)

    def _admission_refusal(self, host: str) -> str:
        """Why not to start a handshake with a connection from ``host`` ("" to go ahead).

        When the slots open to ``host`` are all taken, a fair share decides: the newcomer
        takes the place of the oldest handshake of the address holding the most, if that
        address holds at least two more than ``host`` does. So idle connections from a few
        addresses (each at its own limit) cannot keep every stranger out, and attackers
        cannot evict each other, or a newcomer, in a loop."""
        mine = len(self._handshakes_by_host.get(host, ()))
        if mine >= MAX_HANDSHAKES_PER_ADDRESS:
            return f"too many handshakes at once from {host}"
        pending = sum(len(held) for held in self._handshakes_by_host.values())
        known = host in self._known_hosts
        limit = MAX_PENDING_HANDSHAKES - (0 if known else RESERVED_HANDSHAKES_FOR_MEMBERS)
        if pending < limit:
            return ""
        victim = self._fair_victim(host, mine)
        if victim is None:
            if pending >= MAX_PENDING_HANDSHAKES:
                return "too many handshakes at once"
            return "too many handshakes at once (the rest are kept for known peers)"
        self._release_handshake(victim)
        victim.scope.cancel()
        return ""

    def _fair_victim(self, host: str, mine: int) -> _Handshake | None:
        """The oldest handshake of the busiest other address, if it holds more than
        ``mine + 1`` (a newcomer from ``host`` would then still hold fewer)."""
        busiest = max((len(held) for other, held in self._handshakes_by_host.items()
                       if other != host), default=0)
        if busiest <= mine + 1:
            return None
        candidates = [pending for other, held in self._handshakes_by_host.items()
                      if other != host and len(held) == busiest for pending in held]
        return min(candidates, key=lambda pending: pending.started)

    def _release_handshake(self, pending: _Handshake) -> None:
        held = self._handshakes_by_host.get(pending.host, [])
        if pending in held:
            held.remove(pending)
        if not held:
            self._handshakes_by_host.pop(pending.host, None)

    async def _accept_handshake(self, stream: trio.SocketStream) -> SecureChannel | None:
        reader = FrameReader(stream)
        # A real peer says hello at once; a connection that trickles bytes is not one.
        with trio.move_on_after(self.config.preamble_timeout) as preamble_deadline:
            hello = await _read_preamble(reader, _HELLO, "hello")
        if preamble_deadline.cancelled_caught:
            raise PreambleError(f"no hello within {self.config.preamble_timeout:g} s")
        refusal = ""
        if hello["v"] != PROTOCOL_VERSION:
            refusal = f"protocol version mismatch: this table speaks {PROTOCOL_VERSION}"
        elif hello["op"] == "info":
            reply = {"ok": True, "reason": "", "info": self.info_provider()}
            await stream.send_all(encode_frame(codec.encode(reply)))
            return None
        elif hello["table"] != self.table_id:
            refusal = "this is a different table"
        if refusal:
            reply = {"ok": False, "reason": refusal, "info": {}}
            await stream.send_all(encode_frame(codec.encode(reply)))
            raise PreambleError(f"refused: {refusal} (peer asked for v{hello['v']})")
        await stream.send_all(encode_frame(codec.encode({"ok": True, "reason": "", "info": {}})))
        return await perform_handshake(
            stream,
            reader,
            identity=self.identity,
            prologue=self._prologue,
            initiator=False,
            listen_port=self.port,
            max_message=self.config.limits.max_message,
        )

    def _refusal(self, peer: PeerInfo, dialer: str) -> tuple[str, bool]:
        """Why not to keep a new channel to ``peer`` ("" to keep it), and whether to tell it
        with a goodbye (which also stops it redialing us)."""
        refusal = ""
        if self._closing:
            refusal = "this peer is leaving"
        elif peer.peer_id == self.peer_id:
            refusal = "that is this player's own identity (a second copy of it?)"
        elif peer.peer_id in self._banned:
            refusal = f"banned: {self._banned[peer.peer_id]}"
        elif self._allowed is not None and peer.peer_id not in self._allowed:
            refusal = "not in the table's roster"
        elif (
            peer.peer_id not in self._connections
            and len(self._connections) >= self.config.max_peers - 1
        ):
            refusal = f"table full ({self.config.max_peers} peers)"
        if refusal:
            return refusal, True
        existing = self._connections.get(peer.peer_id)
        if existing is not None:
            lower = min(self.peer_id, peer.peer_id)
            if existing.dialer == lower and dialer != lower:
                # Silently: the peer keeps the other link, and must keep redialing us.
                return "duplicate connection (keeping the one the lower id dialed)", False
        return "", False

    async def _adopt(
        self, channel: SecureChannel, dialer: str, address: tuple[str, int] | None
    ) -> _Connection | None:
        """Keep a freshly authenticated channel and register it, or refuse and close it."""
        peer = channel.peer
        refusal, tell = self._refusal(peer, dialer)
        if refusal:
            self._emit(ConnectionEvent("rejected", peer.peer_id, refusal, False, peer.name))
            with trio.CancelScope(shield=True):
                if tell:
                    bye = codec.encode({"t": "mesh.bye", "reason": refusal[:200]})
                    with (
                        trio.move_on_after(1),
                        suppress(trio.BrokenResourceError, trio.ClosedResourceError, OSError),
                    ):
                        await channel.send(bye)
                await channel.aclose()
            return None
        existing = self._connections.get(peer.peer_id)
        if (
            existing is not None
            and not self._settles_simultaneous_dials(existing, peer.peer_id, dialer)
            and await self._answers(existing)
        ):
            # A live link may be replaced only once it is dead: one that still answers means
            # the newcomer is a second copy of that identity (same keys, another process),
            # not the peer coming back.
            refusal = "already connected: that identity's live link answered (a second copy?)"
            self._emit(ConnectionEvent("rejected", peer.peer_id, refusal, True, peer.name))
            with trio.CancelScope(shield=True):
                bye = codec.encode({"t": "mesh.bye", "reason": refusal[:200]})
                with (
                    trio.move_on_after(1),
                    suppress(trio.BrokenResourceError, trio.ClosedResourceError, OSError),
                ):
                    await channel.send(bye)
                await channel.aclose()
            return None
        existing = self._connections.get(peer.peer_id)
        if existing is not None:
            existing.end("replaced by a newer connection")
        outbox_send, outbox_recv = trio.open_memory_channel[bytes](self.config.outbox_size)
        connection = _Connection(channel, dialer, outbox_send, outbox_recv)
        self._connections[peer.peer_id] = connection
        status = self._status(peer.peer_id)
        kind: EventKind = "reconnected" if status.ever_connected else "connected"
        status.name, status.public_key = peer.name, peer.public_key
        status.connected = status.ever_connected = True
        status.left = False
        if address is not None:
            status.address = address
            self._known_hosts.add(address[0])
        status.notify()
        self._emit(ConnectionEvent(kind, peer.peer_id, "", False, peer.name, status.address))
        self._ensure_maintainer(peer.peer_id)
        return connection

    def _settles_simultaneous_dials(self, existing: _Connection, peer_id: str,
                                    dialer: str) -> bool:
        """Is a new link, dialed by ``dialer``, the lower id's link replacing a young one the
        higher id dialed (both sides dialed at once: each keeps the lower id's link)?

        That is the only replacement of a live link without proof the old one is gone. Any
        other (the same dialer again, or a link that outlived the settling window) waits
        for ``_answers``: a second copy of an identity must not take a live link, even
        seconds after the real peer connected.
        """
        lower = min(self.peer_id, peer_id)
        young = time.monotonic() - existing.adopted_at <= self.config.handshake_timeout
        return young and dialer == lower and existing.dialer != lower

    async def _answers(self, connection: _Connection) -> bool:
        """Ping ``connection``: does anything come back within half the heartbeat timeout
        (a link that stays silent that long is as good as gone)?"""
        asked = time.monotonic()
        with suppress(trio.WouldBlock, trio.ClosedResourceError, trio.BrokenResourceError):
            self._ping_counter += 1
            connection.last_ping[self._ping_counter] = asked
            ping = codec.encode({"t": "mesh.ping", "n": self._ping_counter})
            connection.outbox_send.send_nowait(ping)
        patience = max(self.config.heartbeat_interval * 1.5, self.config.heartbeat_timeout / 2)
        with trio.move_on_after(patience):
            while not connection.end_reason and self._connections.get(
                connection.channel.peer.peer_id
            ) is connection:
                if connection.last_heard > asked:
                    return True
                await trio.sleep(0.02)
        return False

    # --- internals: a live connection ---------------------------------------------------

    async def _serve(self, connection: _Connection) -> None:
        """Run one connection until it ends; report why. Never raises (except Cancelled)."""
        peer = connection.channel.peer
        try:
            with connection.cancel_scope:
                async with trio.open_nursery() as nursery:
                    for task in (self._reader, self._writer, self._heartbeat):
                        nursery.start_soon(self._guarded, connection, task)
        except BaseExceptionGroup as group:
            # Only a bug in our own code gets here; contain it to this one connection.
            bugs = group.subgroup(lambda e: not isinstance(e, trio.Cancelled | BaseExceptionGroup))
            if bugs is None:
                raise
            log.error("mesh %s: connection to %s crashed", self.peer_id, peer.peer_id,
                      exc_info=bugs)
            connection.end(f"internal error: {bugs.exceptions[0]!r}")
            cancelled = group.subgroup(trio.Cancelled)
            if cancelled is not None:
                raise cancelled from None
        finally:
            connection.outbox_send.close()
            with trio.CancelScope(shield=True):
                await connection.channel.aclose()
            self._forget(connection)

    def _forget(self, connection: _Connection) -> None:
        peer = connection.channel.peer
        for name in TRAFFIC_COUNTERS:
            self._ended_traffic[name] += getattr(connection.channel, name)
        if self._connections.get(peer.peer_id) is not connection:
            return  # replaced: the newer connection owns the peer's state now
        del self._connections[peer.peer_id]
        status = self._status(peer.peer_id)
        status.connected = False
        status.rtt = None
        status.last_reason = connection.end_reason or "connection closed"
        status.notify()
        self._emit(
            ConnectionEvent(
                "disconnected",
                peer.peer_id,
                status.last_reason,
                connection.end_fault,
                peer.name,
                status.address,
            )
        )

    @staticmethod
    async def _guarded(connection: _Connection, task: Callable[[_Connection], Any]) -> None:
        """Run one of a connection's tasks; its normal way to finish is ending the link."""
        try:
            await task(connection)
        except _ConnectionEnded as ended:
            connection.end(ended.reason, ended.fault)

    async def _reader(self, connection: _Connection) -> None:
        channel = connection.channel
        peer_id = channel.peer.peer_id
        timeout = self.config.heartbeat_timeout
        while True:
            try:
                with trio.move_on_after(timeout) as deadline:
                    data = await channel.receive()
                if deadline.cancelled_caught:
                    raise _ConnectionEnded(f"silent for {timeout:g} s (heartbeat timeout)", False)
                connection.last_heard = time.monotonic()
                message = self.registry.decode(data, self.config.limits)
            except ChannelClosed:
                raise _ConnectionEnded("peer closed the connection", False) from None
            except (FrameError, NoiseError, codec.CodecError) as exc:
                raise _ConnectionEnded(f"protocol violation: {exc}", True) from None
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
                raise _ConnectionEnded(_lost(exc), False) from None
            await self._dispatch(connection, peer_id, message, len(data))

    def _is_member(self, peer_id: str) -> bool:
        if self._allowed is not None:
            return peer_id in self._allowed
        return peer_id in self._expected

    async def _dispatch(
        self, connection: _Connection, peer_id: str, message: dict, size: int
    ) -> None:
        kind = message["t"]
        if kind == "mesh.ping":
            pong = codec.encode({"t": "mesh.pong", "n": message["n"]})
            # A full outbox is real traffic, which proves we are alive too; a closed one
            # means we are saying goodbye.
            with suppress(trio.WouldBlock, trio.ClosedResourceError, trio.BrokenResourceError):
                connection.outbox_send.send_nowait(pong)
            return
        if kind == "mesh.pong":
            sent = connection.last_ping.pop(message["n"], None)
            if sent is not None:
                self._status(peer_id).rtt = time.monotonic() - sent
            return
        if kind == "mesh.bye":
            self._status(peer_id).left = True
            self._maintained.pop(peer_id, None)
            raise _ConnectionEnded(f"peer left: {message['reason']}", False)
        topic = kind.split(".", 1)[0]
        open_topics = self._non_member_topics
        if open_topics is not None and topic not in open_topics and not self._is_member(peer_id):
            raise _ConnectionEnded(
                f"protocol violation: sent {kind} before the genesis (not a member)", True
            )
        if not await self._held.reserve(peer_id, size, self.config.write_timeout):
            limit = self.config.held_bytes_per_peer
            raise _ConnectionEnded(
                f"flooding: over {limit // (1024 * 1024)} MiB sent and still unread", True
            )
        inbox = self._topics.get(topic, self._incoming_send)
        try:
            await inbox.send(Incoming(peer_id, message, size))
        except trio.BrokenResourceError:
            self._held.release(peer_id, size)
            log.debug("mesh %s: nobody reads %s messages any more", self.peer_id, topic)

    async def _writer(self, connection: _Connection) -> None:
        try:
            async for data in connection.outbox_recv:
                with trio.fail_after(self.config.write_timeout):
                    await connection.channel.send(data)
        except trio.TooSlowError:
            raise _ConnectionEnded("peer is not reading (write timed out)", False) from None
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
            raise _ConnectionEnded(_lost(exc), False) from None
        raise _ConnectionEnded(connection.end_reason or "closed by us", False)

    async def _heartbeat(self, connection: _Connection) -> None:
        while True:
            self._ping_counter += 1
            n = self._ping_counter
            connection.last_ping[n] = time.monotonic()
            if len(connection.last_ping) > 16:
                connection.last_ping.pop(min(connection.last_ping))
            try:
                connection.outbox_send.send_nowait(codec.encode({"t": "mesh.ping", "n": n}))
            except trio.WouldBlock:
                pass
            except (trio.ClosedResourceError, trio.BrokenResourceError):
                return
            await trio.sleep(self.config.heartbeat_interval)


async def prove_key(identity: Identity, table_id: bytes, host: str, port: int,
                    timeout: float = 3.0) -> PeerInfo:
    """Who holds the key at host:port, for table ``table_id``: the preamble and the Noise
    handshake (which proves the key), then a goodbye, and nothing else.

    This tells a cloned DNS-SD record from the table it copies: the copy has the same name,
    id and claimed key, but the peer at its address proves its own key. The listener sees a
    peer come and say goodbye at once (and forgets it). DialError says why it failed."""
    mesh = Mesh(identity, table_id, config=MeshConfig(handshake_timeout=timeout))
    channel = await mesh._dial_channel(host, port, None)  # listen port 0: no dialing back
    with trio.CancelScope(shield=True):
        bye = codec.encode({"t": "mesh.bye", "reason": "only asked who holds this key"})
        with (trio.move_on_after(1),
              suppress(trio.BrokenResourceError, trio.ClosedResourceError, OSError)):
            await channel.send(bye)
        await channel.aclose()
    return channel.peer


@asynccontextmanager
async def open_mesh(
    identity: Identity,
    table_id: bytes,
    registry: MessageRegistry | None = None,
    **kwargs: Any,
):
    """Run a mesh for the duration of an ``async with`` block; say goodbye on the way out."""
    mesh = Mesh(identity, table_id, registry, **kwargs)
    async with trio.open_nursery() as nursery:
        await nursery.start(mesh.run)
        try:
            yield mesh
        finally:
            with trio.CancelScope(shield=True):
                await mesh.close()
            nursery.cancel_scope.cancel()


__all__ = [
    "PROTOCOL_VERSION",
    "ConnectionEvent",
    "DialError",
    "Incoming",
    "Mesh",
    "MeshConfig",
    "PeerNotConnected",
    "PeerStatus",
    "PreambleError",
    "WrongPeer",
    "fetch_table_info",
    "open_mesh",
    "prove_key",
    "register_mesh_messages",
]
