"""Watchers: the log of a running table, served read-only to peers that hold no seat.

A watcher (``protocol/seats.md`` section 7) is in no genesis: it has no seat, no key share
and no signature, and it never writes to the log. It reaches one player over that player's
*watch mesh*: a second, small mesh on its own port, with its own connection, handshake and
buffer limits (:func:`watch_mesh_config`), so nothing a watcher does takes a slot, a
handshake or a byte of the table's own mesh. On it:

* the player sends ``watch.genesis`` (the genesis bytes, which prove themselves) when a
  watcher connects, then ``watch.sync`` messages carrying ``entries`` (committed entries
  only, never pending parts): in answer to fetches, and pushed as the log grows to a
  watcher that holds all it was sent; the log's ``head`` when it grows, to a watcher still
  catching up; and any proof of equivocation that stopped the log;
* the watcher sends ``watch.ask`` carrying a sync ``fetch`` (a ``head`` is allowed and
  ignored). Anything else (a part, a ballot, a proof, entries, undecodable bytes, or requests
  sent faster than they are answered) is refused: the watcher is disconnected and banned
  from that player's watch mesh for the rest of the game;
* to take a vanished seat (``protocol/seats.md`` 7.2) the watcher sends ``watch.offer`` (a
  signed offer of a fresh key, ``net/seat_offer.py``), and once the table gave it the seat,
  ``watch.part``: its own signed log parts, which the player relays to the table. The
  player decides through two hooks (``on_offer``, ``on_part``); without them, or when a
  hook refuses, these are refused like anything else a watcher may not send.

The player's cost per watcher is one task that answers one fetch at a time, at most one
reply every ``pace`` seconds, with a small outbox. A watcher checks every entry exactly as a
player does (signatures, hash chain, the writers its own observer engine expects), so a
player cannot feed it a forged game; it can only stop feeding it.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any

import trio

from p2pbang.net.codec import Bin, Int, MessageRegistry
from p2pbang.net.lobby import GENESIS_LIMITS
from p2pbang.net.log import EquivocationProof, Log, LogFormatError, Rejection
from p2pbang.net.mesh import ConnectionEvent, Mesh, MeshConfig, PeerNotConnected
from p2pbang.net.seat_offer import MAX_OFFER_BYTES
from p2pbang.net.sync import (
    ENTRIES,
    FETCH,
    HEAD,
    PROOF,
    MessageError,
    SyncLimits,
    decode_message,
    encode_message,
)

WATCH_TOPIC = "watch"
WATCH_GENESIS = "watch.genesis"
WATCH_SYNC = "watch.sync"
WATCH_ASK = "watch.ask"
WATCH_OFFER = "watch.offer"  # a watcher offers a fresh key to take a vanished seat
WATCH_PART = "watch.part"  # a watcher that took a seat sends its signed part to relay
WATCH_RECLAIM = "watch.reclaim"  # a returning player takes its seat back from a bot
WATCH_SEAT = "watch.seat"  # a seat statement: a proposal to vote on, or the holder's ballot
MAX_STATEMENT_BYTES = 1024  # a statement is ~230 bytes (protocol/seats.md 3.2)
MAX_WATCHERS = 8
ASK_BYTES = 256  # a fetch or a head encodes in well under this
ASK_QUEUE = 4  # requests of one watcher waiting for their answer; one more is a flood
REPLY_PACE = 0.02  # seconds between two replies to one watcher, at least
HEAD_POLL = 0.2  # how often a watcher's task looks whether the log grew
REFUSALS_KEPT = 32

log = logging.getLogger(__name__)


def register_watch_messages(registry: MessageRegistry, limits: SyncLimits | None = None) -> None:
    """The three watch messages, added once per registry (both sides register all three:
    a player refuses what only players send when a watcher sends it)."""
    limits = limits or SyncLimits()
    if WATCH_GENESIS in registry:
        return
    registry.register(WATCH_GENESIS, {"g": Bin(GENESIS_LIMITS.max_message, 1)})
    registry.register(WATCH_SYNC, {"d": Bin(limits.max_message_bytes)})
    registry.register(WATCH_ASK, {"d": Bin(ASK_BYTES)})
    registry.register(WATCH_OFFER, {"o": Bin(MAX_OFFER_BYTES)})
    registry.register(WATCH_PART, {"p": Bin(limits.max_message_bytes)})
    registry.register(WATCH_SEAT, {"x": Bin(MAX_STATEMENT_BYTES)})
    registry.register(WATCH_RECLAIM, {"o": Bin(MAX_OFFER_BYTES), "s": Int(0, 255),
                                      "c": Bin(64, 64)})


def watch_mesh_config(max_watchers: int = MAX_WATCHERS,
                      base: MeshConfig | None = None) -> MeshConfig:
    """A player's watch mesh: ``max_watchers`` connections at most, a short outbox (a
    watcher that stops reading holds a few replies, then is cut off by the write timeout),
    and little room for what watchers send (their requests are a few dozen bytes)."""
    base = base or MeshConfig()
    return dataclasses.replace(base, max_peers=max_watchers + 1, outbox_size=8,
                               inbox_size=64, held_bytes_per_peer=64 * 1024)


def head_message(log: Log) -> bytes:
    """A sync ``head`` for a watcher: the committed length and hash, no pending parts."""
    return encode_message({"t": HEAD, "s": log.session_id, "n": len(log),
                           "h": log.head_hash, "p": []})


def entries_reply(log: Log, start: int, most: int, limits: SyncLimits) -> tuple[bytes, int]:
    """The ``entries`` answer to a watcher's fetch and how many entries it carries: committed
    entries from ``start``, at most ``most`` and about ``reply_budget_bytes`` of them."""
    raws: list[bytes] = []
    size = 0
    room = limits.max_message_bytes - 1024
    for entry in log.entries(start, start + min(most, limits.max_entries_per_reply)):
        grown = size + len(entry.raw) + 8
        if raws and (grown > limits.reply_budget_bytes or grown > room):
            break
        raws.append(entry.raw)
        size = grown
    return encode_message({"t": ENTRIES, "from": start, "e": raws, "p": []}), len(raws)


class WatchServer:
    """A player's side: serves ``log`` (read only) to the watchers of its watch ``mesh``.

    ``refused`` keeps the latest refusals as (peer id, reason), for tests and the log file.
    Call :meth:`run` in a nursery; :meth:`settle` waits until every connected watcher has
    been sent the whole log (the end of a game, before the mesh closes).
    """

    def __init__(self, mesh: Mesh, log: Log, genesis: bytes, *,
                 limits: SyncLimits | None = None, pace: float = REPLY_PACE,
                 poll: float = HEAD_POLL,
                 on_offer: Callable[[str, bytes], str | None] | None = None,
                 on_part: Callable[[str, bytes], Awaitable[str | None]] | None = None,
                 on_statement: Callable[[str, bytes], Awaitable[str | None]] | None = None,
                 on_reclaim: Callable[[str, bytes, int, bytes], str | None] | None = None,
                 ) -> None:
        self.mesh = mesh
        # The seat hooks (table/watchers.py): each returns None to accept, else why not.
        self.on_offer = on_offer
        self.on_part = on_part
        self.on_statement = on_statement
        self.on_reclaim = on_reclaim
        self.log = log
        self.genesis = genesis
        self.limits = limits or SyncLimits()
        self.pace = pace
        self.poll = poll
        register_watch_messages(mesh.registry, self.limits)
        self._inbox = mesh.subscribe(WATCH_TOPIC, 64)
        self._asks: dict[str, trio.MemorySendChannel[tuple[int, int]]] = {}
        self._sent_upto: dict[str, int] = {}
        self.refused: list[tuple[str, str]] = []
        self._nursery: trio.Nursery | None = None

    def connected_watchers(self) -> frozenset[str]:
        """The watchers served now (their peer ids on the watch mesh)."""
        return frozenset(self._asks)

    @property
    def watchers(self) -> int:
        """Watchers connected now."""
        return len(self._asks)

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED
                  ) -> None:
        events = self.mesh.watch_events(256)
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            nursery.start_soon(self._pump_events, events)
            nursery.start_soon(self._pump_asks)
            task_status.started()

    async def settle(self, check: float = 0.05) -> None:
        """Return once every connected watcher has been sent every committed entry."""
        while any(self._sent_upto.get(peer, 0) < len(self.log) for peer in self._asks):
            await trio.sleep(check)

    # -- internals --

    async def _pump_events(self, events: trio.MemoryReceiveChannel[ConnectionEvent]) -> None:
        async for event in events:
            peer = event.peer_id
            if peer is None:
                continue
            if event.kind in ("connected", "reconnected"):
                status = self.mesh.peer(peer)
                if status is not None:
                    status.address = None  # a watcher that goes is never dialed back
                self._admit(peer, fresh=True)
            elif event.kind == "disconnected":
                self._drop(peer)
                self.mesh.forget(peer)

    def _admit(self, peer: str, fresh: bool = False) -> trio.MemorySendChannel[tuple[int, int]]:
        """The request queue of ``peer``'s task, started if it has none (``fresh``: a new
        connection, whose task starts over with the genesis)."""
        queue = self._asks.get(peer)
        if queue is not None and not fresh:
            return queue
        if queue is not None:
            queue.close()
        send, receive = trio.open_memory_channel[tuple[int, int]](ASK_QUEUE)
        self._asks[peer] = send
        self._sent_upto[peer] = 0
        assert self._nursery is not None
        self._nursery.start_soon(self._serve, peer, send, receive)
        return send

    def _drop(self, peer: str) -> None:
        queue = self._asks.pop(peer, None)
        self._sent_upto.pop(peer, None)
        if queue is not None:
            queue.close()

    def _refuse(self, peer: str, reason: str) -> None:
        self.refused.append((peer, reason))
        del self.refused[:-REFUSALS_KEPT]
        log.warning("watch mesh %s: refused watcher %s: %s", self.mesh.peer_id, peer, reason)
        self._drop(peer)
        self.mesh.ban(peer, f"watcher: {reason}", farewell=True)

    async def _pump_asks(self) -> None:
        async for incoming in self._inbox:
            peer = incoming.peer_id
            if self.mesh.is_banned(peer):
                continue  # still in the inbox from before its refusal
            kind = incoming.message["t"]
            if kind in (WATCH_OFFER, WATCH_PART, WATCH_SEAT, WATCH_RECLAIM):
                problem = await self._seat_message(peer, kind, incoming.message)
                if problem is not None:
                    self._refuse(peer, problem)
                continue
            if kind != WATCH_ASK:
                self._refuse(peer, f"sent {kind}: a watcher only asks for the log")
                continue
            try:
                message = decode_message(incoming.message["d"], self.limits)
            except MessageError as exc:
                self._refuse(peer, f"malformed request: {exc}")
                continue
            if message["t"] == HEAD:
                continue
            if message["t"] != FETCH:
                self._refuse(peer, f"sent a {message['t']!r} message: a watcher writes "
                                   "nothing to the log")
                continue
            try:
                self._admit(peer).send_nowait((message["from"], message["max"]))
            except trio.WouldBlock:
                self._refuse(peer, "asked faster than it is answered")
            except trio.ClosedResourceError:
                continue  # gone meanwhile

    async def _seat_message(self, peer: str, kind: str, message: dict[str, Any]) -> str | None:
        """An offer to take a seat, or a part of a seat the watcher took: the hooks decide."""
        if kind == WATCH_OFFER:
            if self.on_offer is None:
                return "offered to take a seat: this player takes no offers"
            return self.on_offer(peer, message["o"])
        if kind == WATCH_RECLAIM:
            if self.on_reclaim is None:
                return "claimed a seat: this player takes no claims"
            return self.on_reclaim(peer, message["o"], message["s"], message["c"])
        if kind == WATCH_SEAT:
            if self.on_statement is None:
                return "sent a ballot: a watcher votes on nothing"
            return await self.on_statement(peer, message["x"])
        if self.on_part is None:
            return "sent a part: a watcher writes nothing to the log"
        return await self.on_part(peer, message["p"])

    async def tell(self, peer: str, statement: bytes) -> bool:
        """Show a watcher that holds a seat a statement to vote on (``watch.seat``)."""
        if peer not in self._asks:
            return False
        with suppress(PeerNotConnected):
            await self._send(peer, {"t": WATCH_SEAT, "x": statement})
            return True
        return False

    async def _serve(self, peer: str, mine: trio.MemorySendChannel[tuple[int, int]],
                     asks: trio.MemoryReceiveChannel[tuple[int, int]]) -> None:
        """One watcher: the genesis, then the head whenever it moves, and one answer at a
        time to its fetches."""
        told: tuple[int, bytes] | None = None
        proofs_told = 0
        try:
            async with asks:
                await self._send(peer, {"t": WATCH_GENESIS, "g": self.genesis})
                while self._asks.get(peer) is mine:  # else refused, gone, or reconnected
                    state = (len(self.log), self.log.head_hash)
                    if state != told:
                        sent = self._sent_upto.get(peer, 0)
                        caught_up = told is not None and sent >= told[0] > 0
                        told = state
                        await self._tell(peer, mine, caught_up)
                    for proof in self.log.proofs[proofs_told:]:
                        proofs_told += 1
                        message = encode_message({"t": PROOF, "x": proof.encode()})
                        await self._send(peer, {"t": WATCH_SYNC, "d": message})
                    request = None
                    with trio.move_on_after(self.poll):
                        request = await asks.receive()
                    if request is None:
                        continue
                    # Never under the poll's deadline: a fetch cut off half-way would leave
                    # the watcher waiting for its answer for good.
                    start, most = request
                    reply, count = entries_reply(self.log, start, most, self.limits)
                    await self._send(peer, {"t": WATCH_SYNC, "d": reply})
                    if self._asks.get(peer) is mine:
                        self._sent_upto[peer] = max(self._sent_upto.get(peer, 0), start + count)
                    await trio.sleep(self.pace)
        except (PeerNotConnected, trio.EndOfChannel):
            pass
        finally:
            if self._asks.get(peer) is mine:
                self._drop(peer)

    async def _tell(self, peer: str, mine: trio.MemorySendChannel[tuple[int, int]],
                    caught_up: bool) -> None:
        """The log grew: push the new entries to a watcher that holds all it was told of,
        in one message; tell one still catching up the new head (it fetches)."""
        upto = self._sent_upto.get(peer, 0)
        if not caught_up:
            await self._send(peer, {"t": WATCH_SYNC, "d": head_message(self.log)})
            return
        reply, count = entries_reply(self.log, upto, self.limits.max_entries_per_reply,
                                     self.limits)
        await self._send(peer, {"t": WATCH_SYNC, "d": reply})
        if self._asks.get(peer) is mine:
            self._sent_upto[peer] = max(self._sent_upto.get(peer, 0), upto + count)

    async def _send(self, peer: str, message: dict[str, Any]) -> None:
        await self.mesh.send(peer, message)


class WatchProblem(Exception):
    """What the watched player sent cannot be followed (another table, a forged entry...)."""


class WatchFollower:
    """A watcher's side: takes the genesis from one player, then keeps a log in step.

    ``on_genesis(bytes)`` checks the genesis and returns the log to fill (raising
    :class:`WatchProblem` refuses it); ``on_progress()`` is called after anything changed
    the log. Entries are admitted exactly as a player admits them: a refusal is a problem
    that ends the watch (the player sent an entry that does not check).
    """

    def __init__(self, mesh: Mesh, on_genesis: Callable[[bytes], Log],
                 on_progress: Callable[[], None] = lambda: None, *,
                 limits: SyncLimits | None = None,
                 on_statement: Callable[[bytes], None] | None = None) -> None:
        self.mesh = mesh
        self.limits = limits or SyncLimits()
        register_watch_messages(mesh.registry, self.limits)
        self._inbox = mesh.subscribe(WATCH_TOPIC, 256)
        self._on_genesis = on_genesis
        self._on_progress = on_progress
        self.on_statement = on_statement  # a statement to vote on (a watcher holding a seat)
        self.player: str | None = None
        self.log: Log | None = None
        self.genesis: bytes | None = None
        self.their_length = 0
        self._asked: int | None = None

    async def follow(self, player: str) -> None:
        """Follow the log served by ``player`` (its id as proven by the handshake) until
        cancelled; raises :class:`WatchProblem` when what it sends cannot be followed."""
        self.player = player
        async for incoming in self._inbox:
            if incoming.peer_id != player:
                continue
            kind = incoming.message["t"]
            if kind == WATCH_GENESIS:
                self._take_genesis(incoming.message["g"])
            elif kind == WATCH_SYNC:
                await self._take_sync(incoming.message["d"])
            elif kind == WATCH_SEAT and self.on_statement is not None:
                self.on_statement(incoming.message["x"])
            else:
                raise WatchProblem(f"the player sent {kind}, which only watchers send")

    def _take_genesis(self, data: bytes) -> None:
        if self.genesis is None:
            self.log = self._on_genesis(data)
            self.genesis = data
            self._on_progress()
        elif data != self.genesis:
            raise WatchProblem("the player sent a second, different genesis")

    async def _take_sync(self, data: bytes) -> None:
        if self.log is None:
            raise WatchProblem("the player sent the log before the genesis")
        try:
            message = decode_message(data, self.limits)
        except MessageError as exc:
            raise WatchProblem(f"malformed sync message: {exc}") from None
        kind = message["t"]
        if kind == HEAD:
            if message["s"] != self.log.session_id:
                raise WatchProblem("the player announced the head of another session")
            self.their_length = message["n"]
        elif kind == ENTRIES:
            self._take_entries(message)
        elif kind == PROOF:
            self._take_proof(message["x"])
        else:
            raise WatchProblem(f"the player sent a {kind!r} message to a watcher")
        await self._ask()

    def _take_entries(self, message: dict[str, Any]) -> None:
        assert self.log is not None
        self._asked = None
        start = message["from"]
        if start > len(self.log):
            raise WatchProblem(f"the player sent entries from {start}, beyond what was asked")
        for offset, raw in enumerate(message["e"]):
            index = start + offset
            if index < len(self.log):
                if self.log.entry(index).raw != raw:
                    raise WatchProblem(f"the player sent another entry {index} than before")
                continue
            if self.log.open_turn() is None:
                raise WatchProblem(f"entry {index} comes after the end of the log")
            outcome = self.log.add_entry(raw, expected_index=index)
            if outcome.rejected:
                raise WatchProblem(f"entry {index} does not check: "
                                   f"{_rejection(outcome.rejected[0])}")
            if len(self.log) != index + 1:
                raise WatchProblem(f"entry {index} is incomplete")
        self.their_length = max(self.their_length, start + len(message["e"]))
        if message["e"]:
            self._on_progress()

    def _take_proof(self, raw: bytes) -> None:
        assert self.log is not None
        try:
            proof = EquivocationProof.decode(raw)
        except LogFormatError as exc:
            raise WatchProblem(f"malformed proof of equivocation: {exc}") from None
        if proof in self.log.proofs:
            return
        problem = self.log.adopt_proof(proof)
        if problem is not None:
            raise WatchProblem(f"invalid proof of equivocation: {problem}")
        self._on_progress()

    async def _ask(self) -> None:
        """One fetch at a time, from where this log stands, while the player is ahead."""
        assert self.log is not None and self.player is not None
        mine = len(self.log)
        if self._asked is not None or self.their_length <= mine or self.log.open_turn() is None:
            return
        self._asked = mine
        fetch = encode_message({"t": FETCH, "from": mine,
                                "max": self.limits.max_entries_per_reply})
        with suppress(PeerNotConnected):
            await self.mesh.send(self.player, {"t": WATCH_ASK, "d": fetch})

    async def send_offer(self, offer: bytes) -> bool:
        """Offer to take a vanished seat (an encoded ``SeatOffer``); False when the player is
        not connected now."""
        return await self._to_player({"t": WATCH_OFFER, "o": offer})

    async def send_reclaim(self, offer: bytes, seat: int, claim: bytes) -> bool:
        """Take log seat ``seat`` back from the bot this player runs for it."""
        return await self._to_player({"t": WATCH_RECLAIM, "o": offer, "s": seat, "c": claim})

    async def send_statement(self, statement: bytes) -> bool:
        """Hand the player this watcher's ballot (as a seat's holder), to relay."""
        return await self._to_player({"t": WATCH_SEAT, "x": statement})

    async def send_part(self, part: bytes) -> bool:
        """Hand the player a part of the seat this watcher took, to relay to the table."""
        return await self._to_player({"t": WATCH_PART, "p": part})

    async def _to_player(self, message: dict[str, Any]) -> bool:
        if self.player is None:
            return False
        with suppress(PeerNotConnected):
            await self.mesh.send(self.player, message)
            return True
        return False


def _rejection(rejection: Rejection) -> str:
    return f"{rejection.reason.value}: {rejection.detail}"


__all__ = [
    "MAX_WATCHERS",
    "WATCH_ASK",
    "WATCH_GENESIS",
    "WATCH_SYNC",
    "WATCH_TOPIC",
    "WatchFollower",
    "WatchProblem",
    "WatchServer",
    "entries_reply",
    "head_message",
    "register_watch_messages",
    "watch_mesh_config",
]
