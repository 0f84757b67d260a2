"""The lobby, and the genesis every player signs before the first card is dealt.

Nobody runs the table. Whoever opens it picks its settings (name, game, seats, options) and
a random table id; the others learn them from discovery or ``--peer`` and must present the
same settings, or they are turned away. Every member tells every other its full lobby state
(settings, ready or not, the addresses of the peers it knows, so the mesh fills in) whenever
it changes and whenever a link comes (back) up: state, not deltas, so a lost message is
repaired by the next one.

Ready. Being ready means signing a *ready statement*: this table, these settings, exactly this
roster (the sorted peer ids of the members as this player sees them), my name, my dealer
contribution (opaque bytes from the caller: mental-poker keys with proofs, commitments), and
a round number that grows each time I get ready again. The roster is part of it on purpose:
when someone joins or leaves, everyone's readiness lapses and must be given again, so nobody
is ever committed to play with people they did not see.

Genesis. When every member holds a ready statement from every member for the same roster, each
builds the genesis from them (canonical msgpack: version, table, settings, and per seat in
peer-id order: peer id, identity key, name, contribution, ready signature), hashes it (the
hash is the session id) and signs the hash. Because each roster entry carries its owner's
ready signature, a genesis proves itself: any peer, or an auditor later, can check that every
player agreed to exactly this. When a peer's signed genesis differs from ours we can say
who is to blame:

* its signature or its structure is bad, or an entry's ready signature does not verify: the
  peer that sent it forged or altered it;
* an entry carries a validly signed statement for the same round as, but different from, the
  one that player sent us: that player signed two different statements (equivocation);
* anything else (another roster, another round) is a stale view: reported, not blamed, and
  the lobby converges as the news spreads.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import secrets
from collections import deque
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, Literal

import trio

from p2pbang.net import codec
from p2pbang.net.codec import Bin, Bool, FixedBin, Int, ListOf, MapOf, OneOf, Record, Str
from p2pbang.net.discovery import (
    MAX_SEATS,
    DiscoveredTable,
    TableAnnouncer,
    TableInfo,
    parse_peer_address,
    validate_game,
    validate_options,
    validate_seats,
)
from p2pbang.net.identity import (
    MAX_NAME_LEN,
    PUBLIC_KEY_LEN,
    SIGNATURE_LEN,
    Identity,
    parse_key_fingerprint,
    peer_id_for,
    validate_display_name,
    verify_signature,
)
from p2pbang.net.mesh import (
    PROTOCOL_VERSION,
    ConnectionEvent,
    Incoming,
    Mesh,
    MeshConfig,
    PeerNotConnected,
    WrongPeer,
    open_mesh,
)

READY_TYPE = "p2pbang/ready"
GENESIS_TYPE = "p2pbang/genesis"
READY_SIGNATURE_DOMAIN = b"p2pbang/ready-signature/v1\x00"
GENESIS_HASH_DOMAIN = b"p2pbang/genesis-hash/v1\x00"
GENESIS_SIGNATURE_DOMAIN = b"p2pbang/genesis-signature/v1\x00"
MAX_CONTRIBUTION = 256 * 1024
PEER_ID_LEN = 16
TABLE_ID_LEN = 16

log = logging.getLogger(__name__)


# --- settings ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableSettings:
    """What a table is: fixed when it is opened, identical for every member."""

    name: str
    game: str
    seats: int
    options: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", validate_display_name(self.name))
        validate_game(self.game)
        validate_seats(self.seats)
        object.__setattr__(self, "options", validate_options(self.options))

    def to_wire(self) -> dict[str, Any]:
        options = dict(self.options)
        return {"name": self.name, "game": self.game, "seats": self.seats, "options": options}

    @classmethod
    def from_wire(cls, value: Mapping[str, Any]) -> TableSettings:
        return cls(value["name"], value["game"], value["seats"], tuple(value["options"].items()))

    @classmethod
    def from_info(cls, info: TableInfo) -> TableSettings:
        return cls(info.name, info.game, info.seats, info.options)


_SETTINGS = Record(
    {
        "name": Str(MAX_NAME_LEN, 1),
        "game": Str(24, 1),
        "seats": Int(2, MAX_SEATS),
        "options": MapOf(Str(24, 1), Str(64), max_items=16),
    }
)


# --- ready statements ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadyStatement:
    """A player's signed "I am ready to play at this table with exactly these people"."""

    table_id: bytes
    settings: TableSettings
    roster: tuple[str, ...]
    peer_id: str
    name: str
    round: int
    contribution: bytes
    raw: bytes
    signature: bytes

    def same_claim(self, other: ReadyStatement) -> bool:
        return self.raw == other.raw


_READY = Record(
    {
        "type": OneOf((READY_TYPE,)),
        "table": Bin(64, 1),
        "settings": _SETTINGS,
        "roster": ListOf(Str(PEER_ID_LEN, PEER_ID_LEN), max_items=MAX_SEATS, min_items=2),
        "peer": Str(PEER_ID_LEN, PEER_ID_LEN),
        "name": Str(MAX_NAME_LEN, 1),
        "round": Int(0, 2**32),
        "contribution": Bin(MAX_CONTRIBUTION),
    }
)
_READY_LIMITS = codec.Limits(max_message=MAX_CONTRIBUTION + 4096, max_bin_len=MAX_CONTRIBUTION)


def ready_statement_bytes(
    table_id: bytes,
    settings: TableSettings,
    roster: tuple[str, ...],
    peer_id: str,
    name: str,
    round_: int,
    contribution: bytes,
) -> bytes:
    """The canonical bytes a player signs to be ready (see the module docstring)."""
    return codec.encode(
        {
            "type": READY_TYPE,
            "table": table_id,
            "settings": settings.to_wire(),
            "roster": list(roster),
            "peer": peer_id,
            "name": name,
            "round": round_,
            "contribution": contribution,
        }
    )


def sign_ready(
    identity: Any,
    table_id: bytes,
    settings: TableSettings,
    roster: tuple[str, ...],
    round_: int,
    contribution: bytes,
) -> ReadyStatement:
    raw = ready_statement_bytes(
        table_id, settings, roster, identity.peer_id, identity.name, round_, contribution
    )
    signature = identity.sign(READY_SIGNATURE_DOMAIN + raw)
    return parse_ready(raw, signature, identity.public_key)


class LobbyError(Exception):
    """A lobby message or genesis that is not acceptable; ``culprit`` is who is to blame."""

    def __init__(self, reason: str, culprit: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.culprit = culprit


def parse_ready(raw: bytes, signature: bytes, public_key: bytes) -> ReadyStatement:
    """Check an untrusted ready statement against its author's key; LobbyError if bad."""
    try:
        value = codec.decode_canonical(raw, _READY_LIMITS)
        _READY(value, "ready statement")
        settings = TableSettings.from_wire(value["settings"])
    except (codec.CodecError, ValueError) as exc:
        raise LobbyError(f"malformed ready statement: {exc}") from None
    roster = tuple(value["roster"])
    if list(roster) != sorted(set(roster)) or value["peer"] not in roster:
        raise LobbyError("ready statement's roster is not sorted, unique and including its author")
    if peer_id_for(public_key) != value["peer"]:
        raise LobbyError("ready statement signed for another peer id")
    if not verify_signature(public_key, signature, READY_SIGNATURE_DOMAIN + raw):
        raise LobbyError("ready statement signature does not verify")
    return ReadyStatement(
        value["table"],
        settings,
        roster,
        value["peer"],
        value["name"],
        value["round"],
        value["contribution"],
        raw,
        signature,
    )


# --- names ---------------------------------------------------------------------------------------


def distinct_names(names: Sequence[str]) -> list[str]:
    """The names players are shown under at one table, given in seat (peer-id) order.

    Two people may sit under one name: the default is the OS user, so every SSH user of a
    box is "root". Nobody is refused for it. The first seat of a name keeps it, the later
    ones get the next number free at this table ("root (2)"); names differing only in case
    count as one. Every peer computes the same from the same roster, and the signed names
    stay as each player gave them."""
    given = {name.casefold() for name in names}
    seen: set[str] = set()
    shown = []
    for name in names:
        if name.casefold() not in seen:
            seen.add(name.casefold())
            shown.append(name)
            continue
        number = 2
        while f"{name} ({number})".casefold() in given | seen:
            number += 1
        seen.add(f"{name} ({number})".casefold())
        shown.append(f"{name} ({number})")
    return shown


# --- the genesis ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """One seat of the genesis roster, in seat order (sorted by peer id)."""

    seat: int
    peer_id: str
    public_key: bytes
    name: str
    contribution: bytes
    ready: ReadyStatement


@dataclass(frozen=True)
class Genesis:
    """The agreed start of a session. ``session_id`` is the hash of ``data``."""

    data: bytes
    session_id: bytes
    table_id: bytes
    version: int
    settings: TableSettings
    seats: tuple[Seat, ...]
    signatures: Mapping[str, bytes] = field(default_factory=dict)

    @property
    def roster(self) -> tuple[str, ...]:
        return tuple(seat.peer_id for seat in self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names as shown, in seat order: unique (``distinct_names``)."""
        return tuple(distinct_names([seat.name for seat in self.seats]))

    def seat_of(self, peer_id: str) -> int:
        return self.roster.index(peer_id)

    def statement_to_sign(self) -> bytes:
        return GENESIS_SIGNATURE_DOMAIN + self.session_id


_GENESIS = Record(
    {
        "type": OneOf((GENESIS_TYPE,)),
        "v": Int(0, 0xFFFF),
        "table": Bin(64, 1),
        "settings": _SETTINGS,
        "roster": ListOf(
            Record(
                {
                    "peer": Str(PEER_ID_LEN, PEER_ID_LEN),
                    "key": FixedBin(PUBLIC_KEY_LEN),
                    "name": Str(MAX_NAME_LEN, 1),
                    "round": Int(0, 2**32),
                    "contribution": Bin(MAX_CONTRIBUTION),
                    "ready_sig": FixedBin(SIGNATURE_LEN),
                }
            ),
            max_items=MAX_SEATS,
            min_items=2,
        ),
    }
)
GENESIS_LIMITS = codec.Limits(
    max_message=MAX_SEATS * (MAX_CONTRIBUTION + 1024) + 4096, max_bin_len=MAX_CONTRIBUTION
)


def session_id_of(data: bytes) -> bytes:
    return hashlib.sha256(GENESIS_HASH_DOMAIN + data).digest()


def build_genesis(
    table_id: bytes,
    settings: TableSettings,
    statements: list[ReadyStatement],
    keys: Mapping[str, bytes],
) -> bytes:
    """Canonical genesis bytes from one ready statement per member (any order)."""
    ordered = sorted(statements, key=lambda s: s.peer_id)
    return codec.encode(
        {
            "type": GENESIS_TYPE,
            "v": PROTOCOL_VERSION,
            "table": table_id,
            "settings": settings.to_wire(),
            "roster": [
                {
                    "peer": s.peer_id,
                    "key": keys[s.peer_id],
                    "name": s.name,
                    "round": s.round,
                    "contribution": s.contribution,
                    "ready_sig": s.signature,
                }
                for s in ordered
            ],
        }
    )


def verify_genesis(data: bytes) -> Genesis:
    """Check that a genesis proves itself: structure, order, and every ready signature.

    Raises LobbyError (without a culprit: whoever presented these bytes is to blame).
    Usable offline, by an auditor holding only the bytes.
    """
    try:
        value = codec.decode_canonical(data, GENESIS_LIMITS)
        _GENESIS(value, "genesis")
        settings = TableSettings.from_wire(value["settings"])
    except (codec.CodecError, ValueError) as exc:
        raise LobbyError(f"malformed genesis: {exc}") from None
    entries = value["roster"]
    roster = tuple(entry["peer"] for entry in entries)
    if list(roster) != sorted(set(roster)):
        raise LobbyError("genesis roster is not in strict peer-id order")
    if len(roster) > settings.seats:
        raise LobbyError(f"genesis seats {len(roster)} players at a {settings.seats}-seat table")
    seats = []
    for index, entry in enumerate(entries):
        if peer_id_for(entry["key"]) != entry["peer"]:
            raise LobbyError(f"genesis seat {index}: key does not match peer id {entry['peer']}")
        raw = ready_statement_bytes(
            value["table"],
            settings,
            roster,
            entry["peer"],
            entry["name"],
            entry["round"],
            entry["contribution"],
        )
        try:
            statement = parse_ready(raw, entry["ready_sig"], entry["key"])
        except LobbyError as exc:
            raise LobbyError(f"genesis seat {index} ({entry['peer']}): {exc}") from None
        key, contribution = entry["key"], entry["contribution"]
        seats.append(Seat(index, entry["peer"], key, entry["name"], contribution, statement))
    return Genesis(data, session_id_of(data), value["table"], value["v"], settings, tuple(seats))


def verify_genesis_signature(genesis: Genesis, peer_id: str, signature: bytes) -> bool:
    """Did the player at ``peer_id`` (a member of the genesis) sign this genesis?"""
    if peer_id not in genesis.roster:
        return False
    key = genesis.seats[genesis.seat_of(peer_id)].public_key
    return verify_signature(key, signature, genesis.statement_to_sign())


def describe_difference(ours: Genesis, theirs: Genesis) -> str:
    """Which parts of two geneses differ, in words, for the mismatch report."""
    parts = []
    if ours.table_id != theirs.table_id:
        parts.append("table id")
    if ours.version != theirs.version:
        parts.append(f"protocol version {theirs.version}")
    if ours.settings != theirs.settings:
        parts.append("settings")
    if ours.roster != theirs.roster:
        parts.append(f"roster {list(theirs.roster)}")
    else:
        for mine, other in zip(ours.seats, theirs.seats, strict=True):
            if mine.ready.raw != other.ready.raw:
                parts.append(f"seat {mine.seat} ({mine.peer_id}) round {other.ready.round}")
    return ", ".join(parts) or "encoding"


# --- lobby wire messages ----------------------------------------------------------------------


def register_lobby_messages(registry: codec.MessageRegistry) -> None:
    if "lobby.state" in registry:
        return
    registry.register(
        "lobby.state",
        {
            "settings": _SETTINGS,
            "ready": Bool(),
            "statement": Bin(MAX_CONTRIBUTION + 4096),
            "sig": Bin(SIGNATURE_LEN),
            "peers": ListOf(
                Record(
                    {
                        "id": Str(PEER_ID_LEN, PEER_ID_LEN),
                        "host": Str(255, 1),
                        "port": Int(1, 65535),
                    }
                ),
                max_items=MAX_SEATS,
            ),
        },
    )
    registry.register(
        "lobby.sign", {"genesis": Bin(GENESIS_LIMITS.max_message), "sig": FixedBin(SIGNATURE_LEN)}
    )
    registry.register("lobby.remove", {"peer": Str(PEER_ID_LEN, PEER_ID_LEN)})


# --- the lobby ----------------------------------------------------------------------------------

LobbyEventKind = Literal[
    "joined", "left", "ready", "unready", "sealing", "aborted", "mismatch", "fault", "sealed"
]


@dataclass(frozen=True)
class LobbyEvent:
    """For the UI. ``fault`` events name a peer caught misbehaving, with the evidence in words."""

    kind: LobbyEventKind
    peer_id: str | None = None
    reason: str = ""


@dataclass
class Member:
    peer_id: str
    name: str
    public_key: bytes
    ready: ReadyStatement | None = None


@dataclass
class _Sealing:
    genesis: Genesis
    signatures: dict[str, bytes]


# An authenticated peer must say who it is (its lobby state) this soon, or it is dropped and
# banned from the table: a real peer announces itself the moment its link is up, and a silent
# one would hold a seat's connection slot while the record says the seat is free.
ANNOUNCE_TIMEOUT = 5.0

# Why a removed peer is dropped; the interfaces recognise it in a ban's or a goodbye's reason
# ("banned: removed ...") to say it in the person's language.
REMOVED_BY_OPENER = "removed from the table by its opener"
# How the mesh reports the opener's goodbye to the peer it removed (a ban with a farewell).
_REMOVAL_GOODBYE = f"peer left: banned: {REMOVED_BY_OPENER}"


class Lobby:
    """This player's view of a table before the game: who is there, who is ready, genesis.

    Create it right after the mesh (it subscribes to the mesh's "lobby" messages and
    connection events), run ``run`` in a nursery, then ``join``/``set_ready``. ``sealed()``
    returns the signed genesis; from then on the mesh only accepts the roster's peers.
    """

    def __init__(
        self,
        mesh: Mesh,
        settings: TableSettings,
        *,
        min_players: int = 2,
        announce_timeout: float = ANNOUNCE_TIMEOUT,
        opener: str | None = None,
    ) -> None:
        """``opener`` is the peer id of whoever opened the table (from the discovery record),
        the only one whose ``lobby.remove`` is obeyed; None: nobody's."""
        self.mesh = mesh
        self.opener = opener
        self.announce_timeout = announce_timeout
        self._nursery: trio.Nursery | None = None
        self.identity = mesh.identity
        self.peer_id = mesh.peer_id
        self.settings = settings
        self.min_players = min_players
        register_lobby_messages(mesh.registry)
        self._inbox = mesh.subscribe("lobby")
        mesh.limit_non_members_to({"lobby"})
        self._connection_events = mesh.watch_events()
        self._events_send, self.events = trio.open_memory_channel[LobbyEvent](256)
        self._members: dict[str, Member] = {}
        self._my_ready: ReadyStatement | None = None
        self._round = 0
        self._sealing: _Sealing | None = None
        self._offers: dict[str, tuple[Genesis, bytes]] = {}
        self._genesis: Genesis | None = None
        self._sealed = trio.Event()
        self.removed = False  # the opener sent us away from the waiting room
        self._departed: deque[str] = deque()  # peers that left, oldest first (forgotten later)
        # The peer this player reached by joining (None for the opener): the only one whose
        # goodbye can mean "the table refuses you".
        self.entry: str | None = None
        # One change at a time: the run loop and the caller's set_ready/unready both mutate.
        self._lock = trio.Lock()
        mesh.info_provider = lambda: self.table_info().to_record()

    # --- what the UI and the table layer call -------------------------------------------

    def table_info(self) -> TableInfo:
        """The public description for discovery and "info" requests."""
        return TableInfo(
            table_id=self.mesh.table_id,
            name=self.settings.name,
            game=self.settings.game,
            seats=self.settings.seats,
            # A connected peer holds a slot even before it announces: count it, or the record
            # would offer seats the mesh refuses.
            free=max(0, self.settings.seats - 1 - len(self._seat_holders())),
            # The table's opener, whoever answers: a joiner told "--peer" another member's
            # address must still learn whose lobby.remove to obey (and whose not to).
            host_peer=self.opener or self.peer_id,
            options=self.settings.options,
            opener_name=self._opener_name(),
        )

    def _opener_name(self) -> str:
        """The opener's display name as this member knows it ("" before it announced)."""
        if self.opener in (None, self.peer_id):
            return self.identity.name
        member = self._members.get(self.opener)
        return member.name if member is not None else ""

    def _seat_holders(self) -> set[str]:
        return set(self._members) | set(self.mesh.connected_peers())

    def members(self) -> list[Member]:
        """Everyone seated, in peer-id (seat) order, under the names they are shown by
        (``distinct_names``: the same on every peer, and in the genesis's ``names``)."""
        me = Member(self.peer_id, self.identity.name, self.identity.public_key, self._my_ready)
        members = sorted([me, *self._members.values()], key=lambda m: m.peer_id)
        shown = distinct_names([m.name for m in members])
        return [dataclasses.replace(m, name=name) for m, name in zip(members, shown, strict=True)]

    def roster(self) -> tuple[str, ...]:
        return tuple(sorted([self.peer_id, *self._members]))

    @property
    def is_ready(self) -> bool:
        return self._my_ready is not None

    @property
    def is_sealed(self) -> bool:
        return self._genesis is not None

    async def join(self, address: str | tuple[str, int], *, prove: str | None = None) -> str:
        """Connect to one member of the table; the rest of the mesh follows by gossip.

        ``prove``: the peer id the peer at ``address`` must prove (WrongPeer otherwise,
        before it is sent anything)."""
        host, port = parse_peer_address(address) if isinstance(address, str) else address
        peer = await self.mesh.connect(host, port, prove=prove)
        self.entry = peer.peer_id
        return peer.peer_id

    async def set_ready(self, contribution: bytes = b"") -> None:
        """Sign readiness for the current roster with this dealer contribution."""
        if self._genesis is not None:
            raise LobbyError("the genesis is already sealed")
        if len(contribution) > MAX_CONTRIBUTION:
            raise ValueError(f"a dealer contribution is at most {MAX_CONTRIBUTION} bytes")
        async with self._lock:
            self._round += 1
            self._my_ready = sign_ready(
                self.identity,
                self.mesh.table_id,
                self.settings,
                self.roster(),
                self._round,
                contribution,
            )
            self._emit("ready", self.peer_id)
            await self._broadcast_state()
            await self._maybe_seal()

    async def unready(self) -> None:
        async with self._lock:
            if self._my_ready is None or self._genesis is not None:
                return
            self._my_ready = None
            self._emit("unready", self.peer_id, "changed their mind")
            await self._abort_if_stale()
            await self._broadcast_state()

    async def remove(self, peer_id: str) -> None:
        """The opener sends ``peer_id`` away from the waiting room: everyone drops and bans it.

        Only before the genesis is sealed, and only by the opener (the others obey only it)."""
        async with self._lock:
            if self.opener != self.peer_id:
                raise LobbyError("only the table's opener can remove a player")
            if self._genesis is not None or self._sealing is not None:
                raise LobbyError("the game is already being started")
            if peer_id == self.peer_id or peer_id not in self._seat_holders():
                raise LobbyError(f"{peer_id} is not waiting at this table")
            await self.mesh.broadcast({"t": "lobby.remove", "peer": peer_id})
            # With a farewell: the removed peer reads why before its link ends (cut at once,
            # the message could be lost and it would sit alone thinking the others left).
            self._drop(peer_id, farewell=True)

    def _drop(self, peer_id: str, farewell: bool = False) -> None:
        # The ban disconnects it, which the lobby reports as "left" with this reason.
        self.mesh.ban(peer_id, REMOVED_BY_OPENER, farewell=farewell)

    async def _on_remove(self, sender: str, peer_id: str) -> None:
        if sender != self.opener:
            raise LobbyError("sent lobby.remove but did not open this table")
        if self._sealing is not None:
            return  # too late: the genesis decides, and a member that does not sign aborts it
        if peer_id == self.peer_id:
            if self.removed:
                return  # told twice: by the message and by the goodbye behind it
            self.removed = True
            self._emit("left", self.peer_id, REMOVED_BY_OPENER)
            await self.leave(REMOVED_BY_OPENER)
            return
        self._drop(peer_id)

    async def leave(self, reason: str = "left the table") -> None:
        await self.mesh.close(reason)

    async def sealed(self) -> Genesis:
        """Wait for the genesis every member signed."""
        await self._sealed.wait()
        assert self._genesis is not None
        return self._genesis

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Handle lobby messages and connection events, one at a time, until cancelled."""
        send, receive = trio.open_memory_channel[Incoming | ConnectionEvent](0)
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            nursery.start_soon(self._pump, self._inbox, send.clone())
            nursery.start_soon(self._pump, self._connection_events, send.clone())
            send.close()
            await self._broadcast_state()
            task_status.started()
            async for item in receive:
                async with self._lock:
                    if isinstance(item, Incoming):
                        await self._on_message(item)
                    else:
                        await self._on_connection(item)

    # --- internals ----------------------------------------------------------------------

    @staticmethod
    async def _pump(
        source: trio.MemoryReceiveChannel[Any], sink: trio.MemorySendChannel[Any]
    ) -> None:
        async with sink:
            async for item in source:
                await sink.send(item)

    def _emit(self, kind: LobbyEventKind, peer_id: str | None = None, reason: str = "") -> None:
        level = logging.WARNING if kind in ("fault", "mismatch") else logging.INFO
        log.log(level, "lobby %s: %s %s %s", self.peer_id, kind, peer_id or "", reason)
        with suppress(trio.WouldBlock, trio.BrokenResourceError):
            self._events_send.send_nowait(LobbyEvent(kind, peer_id, reason))

    def _fault(self, peer_id: str, reason: str) -> None:
        """A peer broke the lobby protocol: name it and ban it from this table."""
        self._emit("fault", peer_id, reason)
        self.mesh.ban(peer_id, f"lobby: {reason}")

    def _state_message(self) -> dict[str, Any]:
        gossip = [
            {"id": p.peer_id, "host": p.address[0], "port": p.address[1]}
            for p in self.mesh.peers()
            if p.connected and p.address is not None
        ][:MAX_SEATS]
        ready = self._my_ready
        return {
            "t": "lobby.state",
            "settings": self.settings.to_wire(),
            "ready": ready is not None,
            "statement": ready.raw if ready else b"",
            "sig": ready.signature if ready else b"",
            "peers": gossip,
        }

    async def _broadcast_state(self) -> None:
        await self.mesh.broadcast(self._state_message())

    async def _send(self, peer_id: str, message: dict[str, Any]) -> None:
        with suppress(PeerNotConnected):
            await self.mesh.send(peer_id, message)

    async def _on_connection(self, event: ConnectionEvent) -> None:
        if event.peer_id is None:
            return
        if event.kind in ("connected", "reconnected"):
            if self._genesis is None and self._nursery is not None:
                self._nursery.start_soon(self._expect_announcement, event.peer_id)
            # To everyone, not only the newcomer: the others learn its address from our gossip.
            await self._broadcast_state()
            genesis = self._genesis or (self._sealing.genesis if self._sealing else None)
            if genesis is not None:  # our signature may have been lost with the old link
                signature = self.identity.sign(genesis.statement_to_sign())
                message = {"t": "lobby.sign", "genesis": genesis.data, "sig": signature}
                await self._send(event.peer_id, message)
        elif event.kind == "disconnected" and event.peer_id not in self._members:
            if self._genesis is None:
                self._forget_if_gone(event.peer_id)
        elif event.kind == "disconnected" and event.peer_id in self._members:
            if self._genesis is not None:
                return  # the game has begun: reconnection is the table's business now
            if event.peer_id == self.opener and event.reason == _REMOVAL_GOODBYE:
                # The opener's farewell to us: we were removed (its lobby.remove may still
                # be on its way, or lost); not "the opener left".
                del self._members[event.peer_id]
                await self._on_remove(self.opener, self.peer_id)
                return
            del self._members[event.peer_id]
            self._emit("left", event.peer_id, event.reason)
            self._forget_if_gone(event.peer_id)
            await self._membership_changed()

    def _forget_if_gone(self, peer_id: str) -> None:
        """Forget a peer that said goodbye or was banned (and is still not back): a member
        that only lost its link is kept, its address redialed. Visitors that come and go
        must not pile up in the mesh's peer list (they used to, until the gossip stopped).

        The last ``seats`` of them are kept a while: the interfaces name a peer that left by
        the name its mesh status holds, and read the event after it was emitted."""
        status = self.mesh.peer(peer_id)
        if status is None or not status.left:
            return
        if peer_id not in self._departed:
            self._departed.append(peer_id)
        while len(self._departed) > self.settings.seats:
            self.mesh.forget(self._departed.popleft())

    async def _expect_announcement(self, peer_id: str) -> None:
        """Drop ``peer_id`` if it is connected but still unannounced after the timeout."""
        await trio.sleep(self.announce_timeout)
        async with self._lock:
            status = self.mesh.peer(peer_id)
            if (
                self._genesis is None
                and peer_id not in self._members
                and status is not None
                and status.connected
                and not self.mesh.is_banned(peer_id)
            ):
                self._fault(peer_id, f"did not announce itself within {self.announce_timeout:g} s")

    async def _on_message(self, incoming: Incoming) -> None:
        status = self.mesh.peer(incoming.peer_id)
        if self._removes_us(incoming) and self._genesis is None:
            # The opener's goodbye follows this message at once and may end the link before
            # it is read here; the removal stands all the same.
            await self._on_remove(incoming.peer_id, self.peer_id)
            return
        if status is None or not status.connected or self.mesh.is_banned(incoming.peer_id):
            return  # queued before its link ended: that peer's state is gone with it
        if self._genesis is not None:
            # Sealed: nothing in the lobby can change any more. A ready statement or genesis
            # signed now comes from a second copy of a seated identity (same keys, another
            # process); judging it would convict the real player of equivocation.
            return
        try:
            if incoming.message["t"] == "lobby.state":
                await self._on_state(incoming.peer_id, incoming.message)
            elif incoming.message["t"] == "lobby.remove":
                await self._on_remove(incoming.peer_id, incoming.message["peer"])
            else:
                await self._on_sign(incoming.peer_id, incoming.message)
        except LobbyError as exc:
            self._fault(exc.culprit or incoming.peer_id, exc.reason)

    def _removes_us(self, incoming: Incoming) -> bool:
        message = incoming.message
        return (message["t"] == "lobby.remove" and message["peer"] == self.peer_id
                and incoming.peer_id == self.opener and not self.mesh.is_banned(self.opener))

    async def _on_state(self, peer_id: str, message: dict[str, Any]) -> None:
        try:
            settings = TableSettings.from_wire(message["settings"])
        except ValueError as exc:
            raise LobbyError(f"bad table settings: {exc}") from None
        if settings != self.settings:
            raise LobbyError("presents different table settings")
        status = self.mesh.peer(peer_id)
        assert status is not None  # checked by _on_message
        ready = None
        if message["ready"]:
            ready = parse_ready(message["statement"], message["sig"], status.public_key)
            if ready.table_id != self.mesh.table_id or ready.settings != self.settings:
                raise LobbyError("ready statement for another table or other settings")
        self._learn_peers(message["peers"])
        member = self._members.get(peer_id)
        joined = member is None
        if member is None:
            member = self._members[peer_id] = Member(peer_id, status.name, status.public_key)
        if ready is not None and member.ready is not None:
            self._check_consistent(member.ready, ready)
        before, member.ready = member.ready, ready
        if joined:
            self._emit("joined", peer_id, status.name)
            await self._membership_changed()
        elif ready is not None and (before is None or before.raw != ready.raw):
            self._emit("ready", peer_id)
        elif ready is None and before is not None:
            self._emit("unready", peer_id)
        await self._abort_if_stale()
        await self._maybe_seal()

    def _check_consistent(self, known: ReadyStatement, new: ReadyStatement) -> None:
        """Two valid statements by one player for one round must be the same statement."""
        if known.round == new.round and not known.same_claim(new):
            raise LobbyError(
                f"signed two different ready statements for round {new.round}", new.peer_id
            )

    def _learn_peers(self, entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            peer_id = entry["id"]
            status = self.mesh.peer(peer_id)
            if peer_id == self.peer_id:
                continue
            if status is not None and (status.connected or status.left):
                continue
            if status is None and not self._room_for_an_address():
                return  # a gossiping peer cannot make us remember unbounded addresses
            self.mesh.add_peer(peer_id, entry["host"], entry["port"])

    def _room_for_an_address(self) -> bool:
        """Whether the mesh may remember one more peer: below 4 x seats, or once an
        entry of a peer that is neither connected nor seated is forgotten to make room (one
        that vanished without a goodbye must not hold its place for ever either)."""
        cap = 4 * self.settings.seats
        peers = self.mesh.peers()
        if len(peers) < cap:
            return True
        stale = [p.peer_id for p in peers if not p.connected and p.peer_id not in self._members]
        return bool(stale) and self.mesh.forget(stale[0])

    async def _membership_changed(self) -> None:
        if self._my_ready is not None:
            self._my_ready = None
            self._emit("unready", self.peer_id, "the roster changed: get ready again")
        await self._abort_if_stale()
        await self._broadcast_state()

    def _current_statements(self) -> list[ReadyStatement] | None:
        """Ready statements of every member for the current roster, or None."""
        roster = self.roster()
        statements = [self._my_ready, *(m.ready for m in self._members.values())]
        if len(roster) < self.min_players or any(
            s is None or s.roster != roster for s in statements
        ):
            return None
        return [s for s in statements if s is not None]

    async def _abort_if_stale(self) -> None:
        if self._sealing is None:
            return
        statements = self._current_statements()
        current = {s.raw for s in statements} if statements is not None else None
        sealed_on = {seat.ready.raw for seat in self._sealing.genesis.seats}
        if current != sealed_on:
            self._sealing = None
            self._emit("aborted", None, "the lobby changed while signing the genesis")

    async def _maybe_seal(self) -> None:
        if self._sealing is not None or self._genesis is not None:
            return
        statements = self._current_statements()
        if statements is None:
            return
        keys = {self.peer_id: self.identity.public_key}
        keys.update({m.peer_id: m.public_key for m in self._members.values()})
        data = build_genesis(self.mesh.table_id, self.settings, statements, keys)
        genesis = verify_genesis(data)  # our own, through the same checks as everyone's
        signature = self.identity.sign(genesis.statement_to_sign())
        self._sealing = _Sealing(genesis, {self.peer_id: signature})
        self.mesh.expect_members(set(genesis.roster))
        self._emit("sealing", None, genesis.session_id.hex())
        await self.mesh.broadcast({"t": "lobby.sign", "genesis": data, "sig": signature})
        for peer_id in list(self._offers):
            self._compare_offer(peer_id)
        await self._maybe_complete()

    async def _on_sign(self, peer_id: str, message: dict[str, Any]) -> None:
        genesis = verify_genesis(message["genesis"])
        if not verify_genesis_signature(genesis, peer_id, message["sig"]):
            raise LobbyError("genesis signature does not verify (or it signed one without itself)")
        for seat in genesis.seats:  # an entry can convict its author of equivocation
            known = self._known_statement(seat.peer_id)
            if known is not None:
                self._check_consistent(known, seat.ready)
        self._offers[peer_id] = (genesis, message["sig"])
        if self._sealing is not None:
            self._compare_offer(peer_id)
            await self._maybe_complete()

    def _known_statement(self, peer_id: str) -> ReadyStatement | None:
        if peer_id == self.peer_id:
            return self._my_ready
        member = self._members.get(peer_id)
        return member.ready if member else None

    def _compare_offer(self, peer_id: str) -> None:
        assert self._sealing is not None
        genesis, signature = self._offers[peer_id]
        ours = self._sealing.genesis
        if genesis.session_id == ours.session_id:
            self._sealing.signatures[peer_id] = signature
            return
        difference = describe_difference(ours, genesis)
        self._emit("mismatch", peer_id, f"signed a different genesis: its {difference} differ")

    async def _maybe_complete(self) -> None:
        if self._sealing is None:
            return
        if set(self._sealing.signatures) != set(self._sealing.genesis.roster):
            return
        genesis = self._sealing.genesis
        self._genesis = Genesis(
            genesis.data,
            genesis.session_id,
            genesis.table_id,
            genesis.version,
            genesis.settings,
            genesis.seats,
            dict(self._sealing.signatures),
        )
        self._sealing = None
        self.mesh.restrict_to(set(genesis.roster))
        self._emit("sealed", None, genesis.session_id.hex())
        self._sealed.set()


def _lobby_mesh_config(settings: TableSettings, config: MeshConfig | None) -> MeshConfig:
    base = config or MeshConfig()
    return dataclasses.replace(base, max_peers=settings.seats)


@asynccontextmanager
async def _run_lobby(
    identity: Identity,
    table_id: bytes,
    settings: TableSettings,
    *,
    host: str,
    port: int,
    config: MeshConfig | None,
    min_players: int,
    join: tuple[str, int] | None = None,
    opener: str | None = None,
    prover: str | None = None,
    pinned: bool = False,
) -> AsyncIterator[Lobby]:
    """A mesh for ``table_id`` with its lobby running for the block (joining ``join``, whose
    peer must prove the key ``prover`` when one is given: the record's, or the one the
    person ``pinned`` with ``--table-key``)."""
    mesh_config = _lobby_mesh_config(settings, config)
    refusal = ""  # raised once the mesh is closed, not wrapped in its nursery's group
    async with open_mesh(identity, table_id, host=host, port=port, config=mesh_config) as mesh:
        lobby = Lobby(mesh, settings, min_players=min_players, opener=opener)
        async with trio.open_nursery() as nursery:
            await nursery.start(lobby.run)
            if join is not None:
                try:
                    await lobby.join(join, prove=prover)
                except WrongPeer as wrong:
                    refusal = _wrong_key_refusal(wrong, pinned)
            if not refusal:
                yield lobby
            nursery.cancel_scope.cancel()
    if refusal:
        raise LobbyError(refusal)


def _wrong_key_refusal(wrong: WrongPeer, pinned: bool) -> str:
    if pinned:
        return (f"{wrong.where} proved the key {wrong.proven}, not the table key you gave "
                f"(--table-key {wrong.expected}): that is not the table you expect")
    return (f"{wrong.where} did not prove the table's key (the record names {wrong.expected}, "
            f"that peer proved {wrong.proven}): a copy of the table's record, not the table; "
            "choose another address")


@asynccontextmanager
async def open_table(
    identity: Identity,
    settings: TableSettings,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    config: MeshConfig | None = None,
    min_players: int = 2,
) -> AsyncIterator[Lobby]:
    """Open a new table (fresh random table id) and run its lobby for the block."""
    async with _run_lobby(identity, secrets.token_bytes(TABLE_ID_LEN), settings, host=host,
                          port=port, config=config, min_players=min_players,
                          opener=identity.peer_id) as lobby:
        yield lobby


@asynccontextmanager
async def join_table(
    identity: Identity,
    table: DiscoveredTable,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    config: MeshConfig | None = None,
    min_players: int = 2,
    table_key: str | None = None,
) -> AsyncIterator[Lobby]:
    """Join a table found by discovery or ``probe_peer`` and run its lobby for the block.

    ``table_key``: the opener's peer id as the person got it from the opener (``join
    --table-key``); the peer at the table's address must prove it, and it is the opener the
    lobby obeys, whatever the record or "info" answer claims."""
    if not table.info.compatible:
        raise LobbyError(f"the table speaks protocol version {table.info.version}")
    # A table seen on DNS-SD was announced by its opener (only openers announce), so the peer
    # at that address must prove the record's key: a cloned record (same id and name, another
    # address) cannot. An "info" answer (``--peer``) may come from any member: no such check,
    # unless the person pinned the key, which only the opener can then prove.
    prover = table.info.host_peer if table.service_name else None
    if table_key is not None:
        prover = parse_key_fingerprint(table_key)
    async with _run_lobby(identity, table.info.table_id, TableSettings.from_info(table.info),
                          host=host, port=port, config=config, min_players=min_players,
                          join=(table.host, table.port), opener=prover or table.info.host_peer,
                          prover=prover, pinned=table_key is not None) as lobby:
        yield lobby


async def announce_lobby(
    lobby: Lobby,
    *,
    interfaces: Sequence[str] | None = None,
    addresses: Sequence[str] | None = None,
    poll: float = 0.5,
    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Announce the table over mDNS, kept current (free seats), until the genesis is sealed.

    The lobby's mesh must listen where the announcement points: ``host=None`` (every
    interface) for a LAN game, or the matching ``interfaces``/``addresses``.
    """
    async with TableAnnouncer(
        lobby.table_info(), lobby.mesh.port, addresses=addresses, interfaces=interfaces
    ) as announcer:
        task_status.started()
        while not lobby.is_sealed:
            with trio.move_on_after(poll):
                await lobby._sealed.wait()
            current = lobby.table_info()
            if not lobby.is_sealed and current != announcer.info:
                await announcer.update(current)


__all__ = [
    "REMOVED_BY_OPENER",
    "Genesis",
    "Lobby",
    "LobbyError",
    "LobbyEvent",
    "Member",
    "ReadyStatement",
    "Seat",
    "TableSettings",
    "announce_lobby",
    "build_genesis",
    "describe_difference",
    "distinct_names",
    "join_table",
    "open_table",
    "parse_ready",
    "ready_statement_bytes",
    "register_lobby_messages",
    "session_id_of",
    "sign_ready",
    "verify_genesis",
    "verify_genesis_signature",
]
