"""Replication of the log between peers: a pure state machine, no sockets, no clock.

Inputs are events about peers (connected, disconnected, a message arrived, the heartbeat
ticked) and this peer's own writes; outputs are the messages to send and what happened to
the log. The mesh plugs it onto real connections; tests drive it with an in-memory network
that reorders, duplicates and drops.

How entries travel (rationale in ``docs/log.md``):

* **Push by the author.** A peer that writes sends its part to every connected peer: one
  message per peer per part, nothing more while all goes well.
* **Implicit echo.** Every part names the hash of the entry before it, so each write
  cross-checks its author's previous entry with every peer. A part that names another
  history makes the receiver fetch the sender's version of that entry (walking back if
  need be): where two histories first differ, one seat signed two parts for one position,
  and that pair is the proof of equivocation.
* **Heads.** On connecting, on every heartbeat ``tick`` and when the game closes the log, a
  peer tells the others its *head*: length, head hash, digests of its pending parts. A peer
  that is behind asks for what it lacks; a different hash for a length both hold, or a
  different pending part for one seat, is a fork, chased as above. Heads catch what the
  implicit echo cannot: a fork no later writer exposes, a part lost with a connection.
* **Pull to catch up.** ``fetch`` asks for entries from index ``k``; the reply carries
  entries (validated exactly like pushed parts) and, at the head, pending parts. A peer that
  restarted or missed messages catches up this way, from whichever peer is furthest ahead.

Everything received is decoded under strict limits before use, and a malformed message is
a fault attributed to the peer that sent it, never an exception.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgpack
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pbang.net.log import (
    HASH_BYTES,
    MAX_INDEX,
    MAX_SEATS,
    SESSION_ID_BYTES,
    Entry,
    EquivocationProof,
    Log,
    LogError,
    LogFormatError,
    Outcome,
    Part,
    Reason,
    Rejection,
    SeatChangeEntry,
    decode_entry,
)
from p2pbang.net.seats import (
    NORMAL,
    BallotBox,
    Proposal,
    SeatChange,
    Statement,
    StatementEquivocation,
)

HEAD, FETCH, ENTRIES, PART, PROOF = "head", "fetch", "entries", "part", "proof"
SEAT = "seat"  # a leave or ballot (protocol/seats.md section 3)


@dataclass(frozen=True, slots=True)
class SyncLimits:
    """Bounds on messages. ``max_message_bytes`` must exceed the log's largest entry."""

    max_message_bytes: int = 9 * 1024 * 1024
    max_entries_per_reply: int = 256
    reply_budget_bytes: int = 1024 * 1024


class Journal(Protocol):
    """Durable storage the replicator writes through before anything is sent
    (``store.LogStore`` implements it)."""

    def append_own_part(self, part: Part) -> None: ...

    def append_entries(self, entries: Iterable[Entry]) -> None: ...

    def append_proof(self, proof: EquivocationProof) -> None: ...


@dataclass(frozen=True, slots=True)
class PeerFault:
    """A peer broke the sync protocol itself (as opposed to sending a refused part)."""

    peer: int
    detail: str

    def __str__(self) -> str:
        return f"seat {self.peer}: {self.detail}"


@dataclass(slots=True)
class Step:
    """The result of one input: messages to send, in order, and what the log did."""

    send: list[tuple[int, bytes]] = field(default_factory=list)
    committed: list[Entry] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    proofs: list[EquivocationProof] = field(default_factory=list)
    faults: list[PeerFault] = field(default_factory=list)
    seat_proofs: list[StatementEquivocation] = field(default_factory=list)

    def absorb(self, outcome: Outcome) -> None:
        self.committed.extend(outcome.committed)
        self.rejected.extend(outcome.rejected)
        self.proofs.extend(outcome.proofs)


@dataclass(frozen=True, slots=True)
class Head:
    """What a peer announced about its log."""

    length: int
    hash: bytes
    pending: tuple[tuple[int, bytes], ...]


class MessageError(ValueError):
    """A sync message that is not well formed."""


# --- the wire format -----------------------------------------------------------------------


def encode_message(message: dict[str, Any]) -> bytes:
    return msgpack.packb(message, use_bin_type=True)


def _bytes(size: int | None = None) -> Callable[[object], bool]:
    return lambda v: type(v) is bytes and (size is None or len(v) == size)


def _uint(upper: int) -> Callable[[object], bool]:
    return lambda v: type(v) is int and 0 <= v <= upper


def _list_of(check: Callable[[object], bool], most: int) -> Callable[[object], bool]:
    return lambda v: type(v) is list and len(v) <= most and all(check(x) for x in v)


def _pending_digest(v: object) -> bool:
    return (
        type(v) is list
        and len(v) == 2
        and _uint(MAX_SEATS - 1)(v[0])
        and _bytes(HASH_BYTES)(v[1])
    )


@functools.lru_cache(maxsize=8)
def _schemas(limits: SyncLimits) -> dict[str, dict[str, Callable[[object], bool]]]:
    index = _uint(MAX_INDEX + 1)
    return {
        HEAD: {
            "s": _bytes(SESSION_ID_BYTES),
            "n": index,
            "h": _bytes(HASH_BYTES),
            "p": _list_of(_pending_digest, MAX_SEATS),
        },
        FETCH: {"from": index, "max": _uint(limits.max_entries_per_reply)},
        ENTRIES: {
            "from": index,
            "e": _list_of(_bytes(), limits.max_entries_per_reply),
            "p": _list_of(_bytes(), MAX_SEATS),
        },
        PART: {"p": _bytes()},
        PROOF: {"x": _bytes()},
        SEAT: {"x": _bytes()},
    }


def decode_message(data: bytes, limits: SyncLimits) -> dict[str, Any]:
    """Decode and check one message; raises :class:`MessageError` with the reason."""
    if len(data) > limits.max_message_bytes:
        raise MessageError(f"message of {len(data)} bytes exceeds {limits.max_message_bytes}")
    try:
        message = msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=True,
            max_map_len=8,
            max_array_len=max(limits.max_entries_per_reply, MAX_SEATS, 2),
            max_ext_len=0,
        )
    except Exception as exc:  # msgpack raises several unrelated types on garbage
        raise MessageError(f"not msgpack: {exc}") from None
    if type(message) is not dict or type(message.get("t")) is not str:
        raise MessageError("a message is a map with a type 't'")
    schema = _schemas(limits).get(message["t"])
    if schema is None:
        raise MessageError(f"unknown message type {message['t'][:32]!r}")
    if set(message) != {"t", *schema}:
        raise MessageError(f"{message['t']}: expected fields {sorted(schema)}")
    for key, check in schema.items():
        if not check(message[key]):
            raise MessageError(f"{message['t']}: malformed field {key!r}")
    if message["t"] == HEAD:
        seats = [seat for seat, _ in message["p"]]
        if seats != sorted(set(seats)):
            raise MessageError("head: pending digests must be in strictly increasing seat order")
    return message


# --- the replicator ------------------------------------------------------------------------


class Replicator:
    """Keeps one peer's log in step with its peers' (peers are named by seat).

    Only one catch-up fetch is outstanding at a time, to the peer furthest ahead, so a peer
    that fell behind downloads each entry once rather than once per peer.
    """

    def __init__(
        self,
        log: Log,
        me: int,
        journal: Journal | None = None,
        limits: SyncLimits | None = None,
    ) -> None:
        if not 0 <= me < len(log.roster):
            raise ValueError(f"seat {me} is not at this table")
        self._log = log
        self._me = me
        self._journal = journal
        self._limits = limits or SyncLimits()
        self._connected: set[int] = set()
        self._views: dict[int, Head] = {}
        self._asked: dict[int, int] = {}  # peer -> start index of our outstanding fetch
        self._catching_up: int | None = None
        self._unhelpful: set[int] = set()
        self._probing: dict[int, int] = {}  # peer -> index fetched to locate a fork
        self._journaled_proofs = len(log.proofs)
        # Seat changes (protocol/seats.md): the ballot box of the open position, this peer's
        # own statements (never a second, different one for the same position and seat),
        # and proofs of contradicting statements, which stop this peer's log.
        self._box: BallotBox | None = None
        # (position, seat it is about, signer): this peer signs for its own seat and for
        # the new holders it runs (protocol/seats.md section 4.2).
        self._own_statements: dict[tuple[int, int, int], Statement] = {}
        self._seat_proofs: list[StatementEquivocation] = []
        log.close_rule = self._may_close

    @property
    def log(self) -> Log:
        return self._log

    @property
    def connected(self) -> frozenset[int]:
        return frozenset(self._connected)

    def in_step_with(self, peers: Iterable[int]) -> bool:
        """Whether each of ``peers`` is connected and has announced, since it connected, a
        head this log already holds in full (its entries, and its pending parts where it
        stands where we stand).

        A peer that restarted from files it may have lost a tail of asks this before it
        signs anything: a part it signed and forgot is in some peer's head (an entry, or a
        pending digest), so signing before fetching it would be equivocation.
        """
        mine = len(self._log)
        ours = {part.seat: part.digest for part in self._log.pending_parts()}
        for peer in peers:
            view = self._views.get(peer)
            if peer not in self._connected or view is None or view.length > mine:
                return False
            if view.hash != self._log.hash_at(view.length):
                return False
            if view.length == mine and any(ours.get(s) != d for s, d in view.pending):
                return False
        return True

    def peers_hold(self, peers: Iterable[int], length: int) -> bool:
        """Whether each of ``peers`` has announced a log of at least ``length`` entries that
        agrees with ours (a leaving peer waits for this before it exits)."""
        for peer in peers:
            view = self._views.get(peer)
            if view is None or view.length < length:
                return False
            if view.length <= len(self._log) and view.hash != self._log.hash_at(view.length):
                return False
        return True

    # -- seat changes --

    @property
    def seat_proofs(self) -> tuple[StatementEquivocation, ...]:
        return tuple(self._seat_proofs)

    def ballot_box(self) -> BallotBox | None:
        """The open position's ballot box (``None`` once the log is closed or halted)."""
        turn = self._log.open_turn()
        if turn is None or self._log.halted is not None:
            return None
        index = len(self._log)
        if self._box is None or self._box.index != index or self._box.prev != self._log.head_hash:
            keys = {seat: self._log.roster.raw_key(seat) for seat in self._log.active_seats}
            me = self._me if self._me in keys else None
            self._box = BallotBox(self._log.session_id, index, self._log.head_hash, keys,
                                  turn.seats, me)
            for (at, _, _), statement in sorted(self._own_statements.items()):
                if at == index:
                    self._box.add(statement)
        for part in self._log.pending_parts():
            self._box.add_part(part)
        return self._box

    def restore_statements(self, raws: Iterable[bytes]) -> None:
        """Take back this peer's own signed statements after a restart (from the journal)."""
        for raw in raws:
            statement = Statement.decode(raw)
            key = (statement.proposal.index, statement.proposal.seat, statement.signer)
            self._own_statements[key] = statement

    def vote(self, key: Ed25519PrivateKey, proposal: Proposal, yes: bool,
             voter: int | None = None) -> Step:
        """Sign, persist and send this peer's ballot on ``proposal``, then decide
        (``voter``: a new holder this peer runs, which votes with its own key).

        Raises ``LogError`` for a second, different ballot about the same seat and position
        (that would be equivocation) or a proposal that is not about the open position.
        """
        return self._sign(Statement.ballot(key, proposal, self._me if voter is None else voter,
                                           yes))

    def leave(self, key: Ed25519PrivateKey, proposal: Proposal, seat: int | None = None) -> Step:
        """Sign, persist and send this peer's leave of its seat at the open position
        (``seat``: a new holder this peer runs, which leaves with its own key)."""
        me = self._me if seat is None else seat
        if proposal.seat != me:
            raise LogError("a peer leaves its own seat only")
        if any(part.seat == me for part in self._log.pending_parts()):
            raise LogError("this seat already wrote its part here: it leaves at the next one")
        return self._sign(Statement.leave(key, proposal))

    def _sign(self, statement: Statement) -> Step:
        p = statement.proposal
        if (p.index, p.prev) != (len(self._log), self._log.head_hash):
            raise LogError("a statement is about the open position of this history")
        slot = (p.index, p.seat, statement.signer)
        known = self._own_statements.get(slot)
        if known is not None and known.raw != statement.raw:
            raise LogError(f"this peer already signed another statement about seat {p.seat}")
        step = Step()
        if known is None:
            append = getattr(self._journal, "append_own_statement", None)
            if append is not None:
                append(statement.raw)
            self._own_statements[slot] = statement
        box = self.ballot_box()
        if box is not None:
            box.add(statement)
        message = encode_message({"t": SEAT, "x": statement.raw})
        step.send.extend((peer, message) for peer in sorted(self._connected))
        self._decide(step)
        return self._finish(step)

    def _may_close(self, index: int) -> bool:
        """The log's close rule: rule 2 of ``protocol/seats.md`` section 4.4."""
        if self._seat_proofs:
            return False
        box = self._box
        if box is None or box.index != index or not box.statements():
            return True
        return box.decide(parts_complete=True) == NORMAL

    def _decide(self, step: Step) -> None:
        """Close the open position if the ballot box now allows it (certificate or rule 2)."""
        box = self.ballot_box()
        if box is None or not box.statements():
            return
        turn = self._log.open_turn()
        complete = turn is not None and len(self._log.pending_parts()) == len(turn.seats)
        decided = box.decide(parts_complete=complete)
        if isinstance(decided, SeatChange):
            step.absorb(self._log.add_seat_change(decided))
        elif decided == NORMAL and complete:
            step.absorb(self._log.settle())

    # -- inputs --

    def connect(self, peer: int) -> Step:
        """A channel to ``peer`` is up: tell it our head (and any proof that ended the game)."""
        self._check_peer(peer)
        step = Step()
        self._connected.add(peer)
        self._forget(peer)
        step.send.append((peer, self._head_message()))
        for proof in self._log.proofs:
            step.send.append((peer, encode_message({"t": PROOF, "x": proof.encode()})))
        return self._finish(step)

    def disconnect(self, peer: int) -> Step:
        self._check_peer(peer)
        step = Step()
        self._connected.discard(peer)
        self._forget(peer)
        self._catch_up(step)
        return self._finish(step)

    def tick(self) -> Step:
        """Heartbeat: re-announce our head and retry whatever stalled since the last tick."""
        step = Step()
        self._asked.clear()
        self._probing.clear()
        self._unhelpful.clear()
        self._catching_up = None
        head = self._head_message()
        step.send.extend((peer, head) for peer in sorted(self._connected))
        self._catch_up(step)
        return self._finish(step)

    def submit(self, key: Ed25519PrivateKey, kind: str, payload: bytes,
               seat: int | None = None) -> Step:
        """Write this peer's part for the open position: sign, persist, then send.

        ``seat``: the log seat the part is for when it is not this peer's own: a seat's new
        holder that this peer runs (``protocol/seats.md`` section 4.2) signs with its own
        key, and its parts travel over this peer's links.
        Raises ``LogError`` when it is not this seat's turn (a local mistake, not a fault).
        """
        step = Step()
        part, outcome = self._log.author(self._me if seat is None else seat, key, kind, payload)
        if not outcome.duplicates and self._journal is not None:
            self._journal.append_own_part(part)
        step.absorb(outcome)
        message = encode_message({"t": PART, "p": part.raw})
        step.send.extend((peer, message) for peer in sorted(self._connected))
        return self._finish(step)

    def relay(self, raw: bytes, refused: list[str]) -> Step:
        """Carry a part that a seat's new holder signed and handed to this peer over a watch
        link (``protocol/seats.md`` 7.2): admitted like any part, then sent to every peer as
        this peer sends its own. The part proves itself (its signature under the key its
        seat has at that position), so this peer only carries it. A part the log refuses is
        not sent on; why is appended to ``refused`` (the watcher's fault, blamed on no seat).
        """
        step = Step()
        outcome = self._log.add_part(raw)
        if outcome.rejected:
            refused.extend(f"{r.reason.value}: {r.detail}" for r in outcome.rejected)
            return step
        step.absorb(outcome)
        message = encode_message({"t": PART, "p": raw})
        step.send.extend((peer, message) for peer in sorted(self._connected))
        return self._finish(step)

    def receive(self, peer: int, data: bytes) -> Step:
        """Handle one message from ``peer``; never raises on anything the peer sent."""
        self._check_peer(peer)
        step = Step()
        try:
            message = decode_message(data, self._limits)
        except MessageError as exc:
            step.faults.append(PeerFault(peer, str(exc)))
            return step
        handler = {
            HEAD: self._on_head,
            FETCH: self._on_fetch,
            ENTRIES: self._on_entries,
            PART: self._on_part,
            PROOF: self._on_proof,
            SEAT: self._on_seat,
        }[message["t"]]
        handler(peer, message, step)
        return self._finish(step)

    # -- handlers --

    def _on_seat(self, peer: int, message: dict[str, Any], step: Step) -> None:
        problem = self._admit_statement(message["x"], peer, step)
        if problem is not None:
            step.faults.append(PeerFault(peer, f"seat statement: {problem}"))

    def relay_statement(self, raw: bytes, refused: list[str]) -> Step:
        """Carry a ballot that a seat's new holder signed and handed to this peer over a
        watch link (``protocol/seats.md`` 7.2), as :meth:`relay` carries its parts; why the
        ballot box refused it is appended to ``refused``."""
        step = Step()
        problem = self._admit_statement(raw, self._me, step)
        if problem is not None:
            refused.append(problem)
        return self._finish(step)

    def _admit_statement(self, raw: bytes, peer: int, step: Step) -> str | None:
        """Admit a seat statement from ``peer`` (this peer: carried for a watcher) and relay
        it once; returns what is wrong with it when that is a fault of whoever sent it (a
        late or foreign-history statement is ignored, nobody blamed), else None."""
        if self._seat_proofs:
            return None
        box = self.ballot_box()
        if box is None:
            return None
        outcome = box.add(raw, sender=peer)
        if outcome.proof is not None:
            self._seat_proofs.append(outcome.proof)
            step.seat_proofs.append(outcome.proof)
            # Both statements to everyone: each peer finds the same proof by itself.
            for signed in (outcome.proof.first, outcome.proof.second):
                relay = encode_message({"t": SEAT, "x": signed})
                step.send.extend((other, relay) for other in sorted(self._connected))
            return None
        if outcome.problem is not None:
            return outcome.problem if outcome.offender is not None else None
        if outcome.accepted:
            # Relay once: a voter need not reach every peer itself, and two contradicting
            # ballots shown to different peers meet wherever both arrive.
            relay = encode_message({"t": SEAT, "x": raw})
            step.send.extend((other, relay) for other in sorted(self._connected) if other != peer)
            self._decide(step)
        return None

    def _on_head(self, peer: int, message: dict[str, Any], step: Step) -> None:
        if message["s"] != self._log.session_id:
            step.faults.append(PeerFault(peer, "head for another session"))
            return
        view = Head(message["n"], message["h"], tuple((s, d) for s, d in message["p"]))
        old = self._views.get(peer)
        if old is None or view.length > old.length:
            self._unhelpful.discard(peer)
        self._views[peer] = view
        self._reconcile(peer, step)

    def _on_fetch(self, peer: int, message: dict[str, Any], step: Step) -> None:
        start = message["from"]
        budget = self._limits.reply_budget_bytes
        room = self._limits.max_message_bytes - 1024
        raws: list[bytes] = []
        size = 0
        for entry in self._log.entries(start, start + message["max"]):
            if raws and size + len(entry.raw) > budget:
                break
            raws.append(entry.raw)
            size += len(entry.raw) + 8
        parts: list[bytes] = []
        if start + len(raws) >= len(self._log):
            for part in self._log.pending_parts():
                if size + len(part.raw) + 8 > room:
                    break
                parts.append(part.raw)
                size += len(part.raw) + 8
        reply = {"t": ENTRIES, "from": start, "e": raws, "p": parts}
        step.send.append((peer, encode_message(reply)))

    def _on_entries(self, peer: int, message: dict[str, Any], step: Step) -> None:
        if self._catching_up == peer:
            self._catching_up = None
        self._asked.pop(peer, None)
        probe = self._probing.pop(peer, None)
        before = len(self._log)
        for offset, raw in enumerate(message["e"]):
            index = message["from"] + offset
            try:
                entry = decode_entry(raw, self._log.limits)
            except LogFormatError as exc:
                step.rejected.append(Rejection(peer, exc.reason, exc.detail, index))
                break
            outcome = self._log.add_entry(entry, sender=peer, expected_index=index)
            step.absorb(outcome)
            if outcome.proofs or self._log.halted is not None:
                return
            junk = any(r.offender == peer and not r.signed for r in outcome.rejected)
            if index == probe and not junk:
                self._follow_probe(peer, entry, step)
            if outcome.rejected:
                break
        for raw in message["p"]:
            step.absorb(self._log.add_part(raw, sender=peer))
        view = self._views.get(peer)
        if len(self._log) == before and view is not None and view.length > before:
            self._unhelpful.add(peer)
        self._catch_up(step)

    def _on_part(self, peer: int, message: dict[str, Any], step: Step) -> None:
        try:
            part = Part.decode(message["p"], self._log.limits)
        except LogFormatError as exc:
            step.rejected.append(Rejection(peer, exc.reason, exc.detail))
            return
        outcome = self._log.add_part(part, sender=peer)
        step.absorb(outcome)
        if outcome.buffered and part.index > len(self._log) + 1 and self._catching_up is None:
            # A part two or more positions ahead: we missed entries, the sender has them.
            # (One ahead is the normal race with the last part of our open position.)
            self._catching_up = peer
            self._fetch(peer, len(self._log), self._limits.max_entries_per_reply, step)
        head = len(self._log)
        for rejection in outcome.rejected:
            if rejection.reason is Reason.WRONG_PREV and rejection.index == head and head > 0:
                # Someone built on another history: find where it forked (and who forked it).
                self._probe(peer, head - 1, step)

    def _on_proof(self, peer: int, message: dict[str, Any], step: Step) -> None:
        try:
            proof = EquivocationProof.decode(message["x"])
        except LogFormatError as exc:
            step.faults.append(PeerFault(peer, f"malformed equivocation proof: {exc}"))
            return
        if proof in self._log.proofs:
            return
        problem = self._log.adopt_proof(proof)
        if problem is not None:
            step.faults.append(PeerFault(peer, f"invalid equivocation proof: {problem}"))
        else:
            step.proofs.append(proof)

    # -- decisions --

    def _reconcile(self, peer: int, step: Step) -> None:
        """Compare ``peer``'s announced head with our log and ask for what differs."""
        view = self._views[peer]
        mine = len(self._log)
        if view.length > mine:
            self._catch_up(step)
        elif view.hash != self._log.hash_at(view.length):
            if view.length == 0:
                step.faults.append(PeerFault(peer, "announced a different genesis"))
            else:
                self._probe(peer, view.length - 1, step)
        elif view.length == mine:
            ours = {part.seat: part.digest for part in self._log.pending_parts()}
            if any(ours.get(seat) != digest for seat, digest in view.pending):
                # Every fetch asks for all it can get: should the peer move on meanwhile,
                # the same reply brings the new entries, so replies are never stale.
                self._fetch(peer, mine, self._limits.max_entries_per_reply, step)

    def _catch_up(self, step: Step) -> None:
        """If a connected peer is ahead and no catch-up is under way, fetch from the furthest."""
        if self._catching_up is not None or self._log.halted is not None:
            return
        mine = len(self._log)
        ahead = [
            peer
            for peer in self._connected
            if peer in self._views
            and self._views[peer].length > mine
            and peer not in self._unhelpful
        ]
        if not ahead:
            return
        target = max(ahead, key=lambda peer: (self._views[peer].length, -peer))
        self._catching_up = target
        self._fetch(target, mine, self._limits.max_entries_per_reply, step)

    def _probe(self, peer: int, index: int, step: Step) -> None:
        """Fetch ``peer``'s entry at ``index``: where two histories differ, one seat
        signed two parts for the same position, and that pair is the proof."""
        if self._probing.get(peer) == index:
            return
        self._probing[peer] = index
        self._fetch(peer, index, 1, step, force=True)

    def _follow_probe(self, peer: int, entry: Entry | SeatChangeEntry, step: Step) -> None:
        index = entry.index
        if index < len(self._log) and self._log.entry(index).hash == entry.hash:
            step.faults.append(PeerFault(peer, f"announced a head its entry {index} contradicts"))
        elif index > 0:
            self._probe(peer, index - 1, step)

    def _fetch(self, peer: int, start: int, most: int, step: Step, force: bool = False) -> None:
        if not force and self._asked.get(peer) == start:
            return
        self._asked[peer] = start
        step.send.append((peer, encode_message({"t": FETCH, "from": start, "max": most})))

    # -- bookkeeping --

    def _state(self) -> Head:
        pending = tuple((part.seat, part.digest) for part in self._log.pending_parts())
        return Head(len(self._log), self._log.head_hash, pending)

    def _head_message(self) -> bytes:
        state = self._state()
        return encode_message(
            {
                "t": HEAD,
                "s": self._log.session_id,
                "n": state.length,
                "h": state.hash,
                "p": [[seat, digest] for seat, digest in state.pending],
            }
        )

    def _finish(self, step: Step) -> Step:
        """Persist what changed, then queue proofs and final heads: the journal is written
        before the caller sends anything, so nothing leaves this peer that a crash could make
        it forget."""
        if self._journal is not None and step.committed:
            self._journal.append_entries(step.committed)
        proofs = self._log.proofs
        if len(proofs) > self._journaled_proofs:
            fresh = proofs[self._journaled_proofs :]
            self._journaled_proofs = len(proofs)
            for proof in fresh:
                if self._journal is not None:
                    self._journal.append_proof(proof)
                message = encode_message({"t": PROOF, "x": proof.encode()})
                step.send.extend((peer, message) for peer in sorted(self._connected))
        if step.committed and self._log.halted is None and self._log.open_turn() is None:
            # The game is over: compare final heads now rather than at the next heartbeat,
            # since no later part will echo the last entry.
            head = self._head_message()
            step.send.extend((peer, head) for peer in sorted(self._connected))
        return step

    def _forget(self, peer: int) -> None:
        self._views.pop(peer, None)
        self._asked.pop(peer, None)
        self._probing.pop(peer, None)
        self._unhelpful.discard(peer)
        if self._catching_up == peer:
            self._catching_up = None

    def _check_peer(self, peer: int) -> None:
        if peer == self._me or not 0 <= peer < len(self._log.roster):
            raise ValueError(f"seat {peer} is not a peer of seat {self._me}")
