"""Seats that change hands: the signed statements, the seat-change entry and the ballot box.

A seat ``v`` that owes the open position ``h`` and never answers stops a game whose every
hidden card needs every seat's key. ``protocol/seats.md`` decides how the table moves on
without a server and without two valid histories; this module is the log-level half of it,
free of I/O and of any game:

* :class:`Proposal` names what is decided: which position and seat, why (``leave``,
  ``replace``, ``forfeit``, ``open``) and, for a hand-over, the new holder's identity key.
* :class:`Statement` is one seat's signature on a proposal: the leaver's own *leave*, or a
  *ballot* (yes or no) by another seat.
* :class:`SeatChange` is the entry that closes position ``h`` instead of its parts: one
  leave statement, or a yes ballot from every seat but ``v`` (the certificate).
* :class:`BallotBox` applies the decision rule at one open position: it collects ballots,
  turns two different ballots of one seat (or a leave beside the leaver's own part) into a
  :class:`StatementEquivocation` proof, completes the certificate, and tells whether the
  normal entry may still be committed by a peer that voted yes (only once some seat said
  no).

The byte formats are canonical msgpack like the log's (``protocol/log.md`` section 1).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from p2pbang.net.log import (
    HASH_BYTES,
    MAX_INDEX,
    MAX_SEATS,
    PROOF_MAX_PAYLOAD_BYTES,
    PUBLIC_KEY_BYTES,
    SESSION_ID_BYTES,
    SIGNATURE_BYTES,
    Limits,
    LogFormatError,
    Part,
    _is_bytes,
    _is_uint,
    _pack,
    public_key_problem,
)
from p2pbang.net.log import _unpack as _unpack_log

LEAVE_DOMAIN = "p2pbang/seat/leave/v1"
BALLOT_DOMAIN = "p2pbang/seat/ballot/v1"
CHANGE_DOMAIN = "p2pbang/seat/change/v1"
EQUIVOCATION_DOMAIN = "p2pbang/seat/equivocation/v1"
MAX_HOLDER_NAME = 32
NO_RUNNER = -1
STATEMENT_FIELDS = 12


class Purpose(Enum):
    """Why position ``h`` closes without seat ``v``'s part (``protocol/seats.md`` section 1)."""

    LEAVE = "leave"  # v hands its seat over itself
    REPLACE = "replace"  # v vanished: every other seat agrees to give the seat a new holder
    FORFEIT = "forfeit"  # the Duel: the other seat claims the game
    OPEN = "open"  # the Dice Game: v's withheld opening is reconstructed from the escrow

    @property
    def has_holder(self) -> bool:
        """A hand-over names the seat's new holder; a forfeit or a reconstruction does not."""
        return self in (Purpose.LEAVE, Purpose.REPLACE)


class SeatFormatError(ValueError):
    """Bytes that are not a well-formed, canonical statement, seat change or proof."""


def _unpack(raw: object, max_array_len: int) -> Any:
    """The log's strict msgpack decoding, its refusal said as a seat format error."""
    if type(raw) is not bytes:
        raise SeatFormatError("expected a byte string")
    try:
        return _unpack_log(raw, max_array_len)
    except LogFormatError as exc:
        raise SeatFormatError(exc.detail) from None


def raw_public_key(key: Ed25519PrivateKey | Ed25519PublicKey) -> bytes:
    """The 32 raw bytes of an Ed25519 key (a private key's public half)."""
    public = key.public_key() if isinstance(key, Ed25519PrivateKey) else key
    return public.public_bytes(Encoding.Raw, PublicFormat.Raw)


# --- the proposal ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Proposal:
    """What a leave or a ballot is about: position, seat, purpose and the seat's new holder.

    ``prev`` is the head hash before ``index`` (as a part's), so a statement is bound to
    one history: a ballot cast on another history is not a ballot for this one.
    ``runner`` is the seat whose peer runs the new holder when it is a bot (its runner could
    read its cards; the interfaces say so), :data:`NO_RUNNER` for a person on their own peer.
    """

    session: bytes
    index: int
    prev: bytes
    seat: int
    purpose: Purpose
    holder_key: bytes = b""
    holder_name: str = ""
    runner: int = NO_RUNNER

    def fields(self) -> list[Any]:
        return [
            self.session, self.index, self.prev, self.seat, self.purpose.value,
            self.holder_key, self.holder_name, self.runner,
        ]

    def problem(self) -> str | None:
        """Why these fields cannot be a proposal, or ``None``."""
        if not _is_bytes(self.session, SESSION_ID_BYTES):
            return "the session id is 32 bytes"
        if not _is_uint(self.index, MAX_INDEX):
            return f"the position is an integer in [0, {MAX_INDEX}]"
        if not _is_bytes(self.prev, HASH_BYTES):
            return "the previous hash is 32 bytes"
        if not _is_uint(self.seat, MAX_SEATS - 1):
            return f"the seat is an integer below {MAX_SEATS}"
        if type(self.holder_name) is not str or len(self.holder_name) > MAX_HOLDER_NAME:
            return f"the holder's name is text of at most {MAX_HOLDER_NAME} characters"
        if type(self.runner) is not int or not NO_RUNNER <= self.runner < MAX_SEATS:
            return "the runner is a seat or -1"
        if self.runner == self.seat:
            return "the seat that is handed over cannot run its new holder"
        if self.purpose.has_holder:
            if not _is_bytes(self.holder_key, PUBLIC_KEY_BYTES):
                return f"a {self.purpose.value} names the new holder's 32-byte key"
            key_problem = public_key_problem(self.holder_key)
            if key_problem is not None:
                return f"the new holder's key: {key_problem}"
        elif self.holder_key != b"" or self.holder_name != "" or self.runner != NO_RUNNER:
            return f"a {self.purpose.value} names no new holder"
        return None


def _proposal_from(obj: list[Any]) -> Proposal:
    session, index, prev, seat, purpose, holder_key, holder_name, runner = obj
    if type(purpose) is not str:
        raise SeatFormatError("the purpose is text")
    try:
        kind = Purpose(purpose)
    except ValueError:
        raise SeatFormatError(f"unknown purpose {purpose!r}") from None
    if type(holder_key) is not bytes:
        raise SeatFormatError("the holder key is a byte string")
    proposal = Proposal(session, index, prev, seat, kind, holder_key, holder_name, runner)
    problem = proposal.problem()
    if problem is not None:
        raise SeatFormatError(problem)
    return proposal


# --- statements ------------------------------------------------------------------------------


class Statement:
    """One seat's signature on a proposal: a *leave* by the seat itself, or a *ballot*.

    Encoding: ``[domain, session, index, prev, seat, purpose, holder_key, holder_name,
    runner, signer, yes, signature]``; the signed message is the same array without the
    signature. A leave has ``signer == seat`` and ``yes`` true; a ballot's signer is any
    other seat.
    """

    __slots__ = ("digest", "domain", "proposal", "raw", "signature", "signer", "yes")

    def __init__(
        self, domain: str, proposal: Proposal, signer: int, yes: bool, signature: bytes
    ) -> None:
        self.domain = domain
        self.proposal = proposal
        self.signer = signer
        self.yes = yes
        self.signature = signature
        self.raw = _pack(self.fields())
        self.digest = hashlib.sha256(self.raw).digest()

    def __repr__(self) -> str:
        what = "leave" if self.is_leave else ("yes" if self.yes else "no")
        p = self.proposal
        return f"Statement({what} by {self.signer}, {p.purpose.value} seat {p.seat} at {p.index})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Statement) and other.raw == self.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    @property
    def is_leave(self) -> bool:
        return self.domain == LEAVE_DOMAIN

    def fields(self) -> list[Any]:
        return [self.domain, *self.proposal.fields(), self.signer, self.yes, self.signature]

    def signed_message(self) -> bytes:
        return _pack(self.fields()[:-1])

    def verify(self, key: Ed25519PublicKey | bytes) -> bool:
        """Whether the signature is the signer's (``key``: the signer's key at that position)."""
        public = Ed25519PublicKey.from_public_bytes(key) if isinstance(key, bytes) else key
        try:
            public.verify(self.signature, self.signed_message())
        except InvalidSignature:
            return False
        return True

    @classmethod
    def leave(cls, key: Ed25519PrivateKey, proposal: Proposal) -> Statement:
        """The leaver's own hand-over of its seat (``proposal.purpose`` is ``LEAVE``)."""
        if proposal.purpose is not Purpose.LEAVE:
            raise ValueError("a leave statement carries a LEAVE proposal")
        return cls._signed(key, LEAVE_DOMAIN, proposal, proposal.seat, True)

    @classmethod
    def ballot(cls, key: Ed25519PrivateKey, proposal: Proposal, voter: int, yes: bool) -> Statement:
        """A ballot by ``voter`` on a proposal to replace, forfeit or open another seat."""
        if proposal.purpose is Purpose.LEAVE:
            raise ValueError("nobody votes on a leave: the leaver signs it")
        if voter == proposal.seat:
            raise ValueError("a seat does not vote on itself")
        return cls._signed(key, BALLOT_DOMAIN, proposal, voter, yes)

    @classmethod
    def _signed(
        cls, key: Ed25519PrivateKey, domain: str, proposal: Proposal, signer: int, yes: bool
    ) -> Statement:
        problem = proposal.problem()
        if problem is not None:
            raise ValueError(problem)
        if not _is_uint(signer, MAX_SEATS - 1):
            raise ValueError(f"the signer is a seat below {MAX_SEATS}")
        unsigned = cls(domain, proposal, signer, yes, b"\0" * SIGNATURE_BYTES)
        return cls(domain, proposal, signer, yes, key.sign(unsigned.signed_message()))

    @classmethod
    def from_fields(cls, obj: Any) -> Statement:
        if type(obj) is not list or len(obj) != STATEMENT_FIELDS:
            raise SeatFormatError(f"a statement is an array of {STATEMENT_FIELDS} fields")
        domain, *proposal_fields, signer, yes, signature = obj
        if domain not in (LEAVE_DOMAIN, BALLOT_DOMAIN):
            raise SeatFormatError("not a seat statement")
        proposal = _proposal_from(proposal_fields)
        if not _is_uint(signer, MAX_SEATS - 1):
            raise SeatFormatError(f"the signer is a seat below {MAX_SEATS}")
        if type(yes) is not bool:
            raise SeatFormatError("the vote is a boolean")
        if not _is_bytes(signature, SIGNATURE_BYTES):
            raise SeatFormatError("the signature is 64 bytes")
        if domain == LEAVE_DOMAIN:
            if proposal.purpose is not Purpose.LEAVE or signer != proposal.seat or not yes:
                raise SeatFormatError("a leave is signed by the leaving seat itself")
        elif proposal.purpose is Purpose.LEAVE or signer == proposal.seat:
            raise SeatFormatError("a ballot is cast by another seat, on a replace/forfeit/open")
        return cls(domain, proposal, signer, yes, signature)

    @classmethod
    def decode(cls, raw: bytes) -> Statement:
        """Parse a statement's canonical bytes (structure only; :meth:`verify` the signature)."""
        statement = cls.from_fields(_unpack(raw, STATEMENT_FIELDS))
        if statement.raw != raw:
            raise SeatFormatError("not the canonical encoding")
        return statement


# --- the seat-change entry -------------------------------------------------------------------


class SeatChange:
    """The entry that closes position ``index`` without seat ``seat``'s part.

    Encoding: ``[CHANGE_DOMAIN, purpose, [statement fields, ...]]`` with the statements in
    ascending signer order; ``hash`` (SHA-256 of the encoding) chains like an entry's.
    """

    __slots__ = ("hash", "proposal", "raw", "statements")

    def __init__(self, statements: Iterable[Statement]) -> None:
        ordered = tuple(sorted(statements, key=lambda s: s.signer))
        if not ordered:
            raise SeatFormatError("a seat change holds at least one statement")
        proposal = ordered[0].proposal
        for statement in ordered:
            if statement.proposal != proposal:
                raise SeatFormatError("the statements of a seat change disagree on the proposal")
        signers = [s.signer for s in ordered]
        if len(set(signers)) != len(signers):
            raise SeatFormatError("two statements by one seat in a seat change")
        self.proposal = proposal
        self.statements = ordered
        self.raw = _pack([CHANGE_DOMAIN, proposal.purpose.value, [s.fields() for s in ordered]])
        self.hash = hashlib.sha256(self.raw).digest()

    def __repr__(self) -> str:
        p = self.proposal
        return f"SeatChange({p.purpose.value} seat {p.seat} at {p.index}, {self.hash.hex()[:12]})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatChange) and other.raw == self.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    @property
    def index(self) -> int:
        return self.proposal.index

    @property
    def prev(self) -> bytes:
        return self.proposal.prev

    @property
    def session(self) -> bytes:
        return self.proposal.session

    @property
    def seat(self) -> int:
        return self.proposal.seat

    @classmethod
    def decode(cls, raw: bytes) -> SeatChange:
        """Parse a seat change's canonical bytes (structure only; see :func:`check_change`)."""
        obj = _unpack(raw, max(MAX_SEATS, STATEMENT_FIELDS))
        if type(obj) is not list or len(obj) != 3 or obj[0] != CHANGE_DOMAIN:
            raise SeatFormatError("not a seat change")
        _, purpose, statements = obj
        if type(statements) is not list or not statements:
            raise SeatFormatError("a seat change holds a non-empty array of statements")
        change = cls(Statement.from_fields(fields) for fields in statements)
        if change.proposal.purpose.value != purpose:
            raise SeatFormatError("the seat change's purpose is not its statements'")
        if change.raw != raw:
            raise SeatFormatError("not the canonical encoding")
        return change


def check_change(
    change: SeatChange,
    *,
    session: bytes,
    index: int,
    prev: bytes,
    keys: Mapping[int, bytes],
    writers: Iterable[int],
) -> str | None:
    """Why ``change`` cannot close position ``index`` of this history, or ``None``.

    ``keys`` are the seats' identity keys at that position (a seat's key changes when it
    changes hands); ``writers`` the seats that owe the position. The rules are
    ``protocol/seats.md`` section 5: the right position and history, a seat that owed it, a
    leave signed by the seat itself, or a yes ballot from exactly every other seat.
    """
    p = change.proposal
    if (p.session, p.index, p.prev) != (session, index, prev):
        return f"the seat change is not for position {index} of this history"
    if p.seat not in keys:
        return f"seat {p.seat} is not at this table"
    if p.seat not in set(writers):
        return f"seat {p.seat} does not owe position {index}"
    if p.purpose.has_holder and p.holder_key in keys.values():
        return "the new holder's key is already a seat's key"
    if p.runner != NO_RUNNER and (p.runner not in keys or p.runner == p.seat):
        return f"the runner (seat {p.runner}) is not another seat of this table"
    if p.purpose is Purpose.FORFEIT and len(keys) != 2:
        return "only a two-seat game is won by forfeit"
    for statement in change.statements:
        if statement.signer not in keys or not statement.verify(keys[statement.signer]):
            return f"seat {statement.signer}'s statement does not verify under its key"
    signers = [s.signer for s in change.statements]
    if p.purpose is Purpose.LEAVE:
        if signers != [p.seat] or not change.statements[0].is_leave:
            return "a leave is one statement by the leaving seat"
        return None
    others = sorted(seat for seat in keys if seat != p.seat)
    if signers != others:
        return f"a {p.purpose.value} needs a ballot from every other seat ({others}), got {signers}"
    if not all(s.yes and not s.is_leave for s in change.statements):
        return "every ballot of a certificate says yes"
    return None


# --- equivocation ----------------------------------------------------------------------------


def _decode_signed(raw: bytes) -> Statement | Part:
    """A statement, or a log part (a leave contradicts the leaver's own part)."""
    try:
        return Statement.decode(raw)
    except SeatFormatError:
        pass
    try:
        return Part.decode(raw, Limits(max_payload_bytes=PROOF_MAX_PAYLOAD_BYTES))
    except LogFormatError as exc:
        raise SeatFormatError(f"neither a statement nor a part: {exc}") from None


def _contradict(a: Statement | Part, b: Statement | Part) -> str | None:
    """Why ``a`` and ``b`` are not two things one honest seat never signs together."""
    if isinstance(a, Part) and isinstance(b, Part):
        return "two parts are the log's own equivocation proof, not this one"
    if isinstance(a, Part):
        a, b = b, a
    assert isinstance(a, Statement)
    pa = a.proposal
    if isinstance(b, Part):
        if not a.is_leave:
            return "a ballot and a part do not contradict each other"
        if (pa.session, pa.index, pa.seat) != (b.session, b.index, b.seat):
            return "the leave and the part are not by one seat for one position"
        return None
    pb = b.proposal
    if (pa.session, pa.index, pa.seat, a.signer) != (pb.session, pb.index, pb.seat, b.signer):
        return "the two statements are not by one seat about one seat and position"
    return None


@dataclass(frozen=True, slots=True)
class StatementEquivocation:
    """Two things one honest seat never signs both of, for one position.

    Two different statements by one seat about one seat and position (an honest seat casts
    at most one ballot for ``(index, seat)``, ``protocol/seats.md`` section 3.2), or a leave
    and the leaver's own part for that position (a seat leaves *instead of* writing). Each
    item is a statement or part encoding; checkable offline with the key inside, kept in byte
    order so every peer finding the same pair builds the same proof.
    """

    public_key: bytes
    first: bytes
    second: bytes

    @classmethod
    def of(
        cls, public_key: bytes, a: Statement | Part, b: Statement | Part
    ) -> StatementEquivocation:
        low, high = sorted((a.raw, b.raw))
        return cls(public_key, low, high)

    def items(self) -> tuple[Statement | Part, Statement | Part]:
        return _decode_signed(self.first), _decode_signed(self.second)

    @property
    def session(self) -> bytes:
        item = self.items()[0]
        return item.proposal.session if isinstance(item, Statement) else item.session

    def encode(self) -> bytes:
        return _pack([EQUIVOCATION_DOMAIN, self.public_key, self.first, self.second])

    @classmethod
    def decode(cls, raw: bytes) -> StatementEquivocation:
        obj = _unpack(raw, 4)
        if type(obj) is not list or len(obj) != 4 or obj[0] != EQUIVOCATION_DOMAIN:
            raise SeatFormatError("not a statement equivocation proof")
        _, key, first, second = obj
        if not _is_bytes(key, PUBLIC_KEY_BYTES) or type(first) is not bytes:
            raise SeatFormatError("malformed statement equivocation proof")
        if type(second) is not bytes:
            raise SeatFormatError("malformed statement equivocation proof")
        proof = cls(key, first, second)
        if proof.encode() != raw:
            raise SeatFormatError("not the canonical encoding")
        return proof

    def verify(self, expected_key: bytes | None = None, session: bytes | None = None) -> str | None:
        """Why this is not a valid proof, or ``None`` when it is."""
        problem = public_key_problem(self.public_key)
        if problem is not None:
            return f"public key: {problem}"
        if expected_key is not None and expected_key != self.public_key:
            return "the proof is for a different key"
        if not self.first < self.second:
            return "the two items must differ and be in byte order"
        try:
            a, b = self.items()
        except SeatFormatError as exc:
            return f"an item is malformed: {exc}"
        problem = _contradict(a, b)
        if problem is not None:
            return problem
        if session is not None and self.session != session:
            return "the proof is for a different session"
        key = Ed25519PublicKey.from_public_bytes(self.public_key)
        if not (a.verify(key) and b.verify(key)):
            return "a signature does not verify"
        return None


# --- the ballot box --------------------------------------------------------------------------


@dataclass(slots=True)
class BoxOutcome:
    """What one :meth:`BallotBox.add` did."""

    accepted: bool = False
    duplicate: bool = False
    problem: str | None = None
    offender: int | None = None
    proof: StatementEquivocation | None = None


WAIT = "wait"
NORMAL = "normal"


@dataclass(slots=True)
class BallotBox:
    """The decision rule of ``protocol/seats.md`` section 4.4 at one open position.

    ``keys`` are the seats' identity keys at ``index``; ``writers`` the seats that owe it;
    ``me`` this peer's seat (``None`` for an observer, which never votes). Statements about
    another position or history are refused with an offender; statements about this one
    are kept until the position closes. :meth:`decide` says what closes the position.
    """

    session: bytes
    index: int
    prev: bytes
    keys: Mapping[int, bytes]
    writers: frozenset[int]
    me: int | None = None
    _by_slot: dict[tuple[int, int], Statement] = field(default_factory=dict)
    _parts: dict[int, Part] = field(default_factory=dict)
    _proofs: list[StatementEquivocation] = field(default_factory=list)

    @property
    def proofs(self) -> tuple[StatementEquivocation, ...]:
        return tuple(self._proofs)

    def statements(self) -> tuple[Statement, ...]:
        return tuple(self._by_slot[slot] for slot in sorted(self._by_slot))

    def add(self, statement: Statement | bytes, sender: int | None = None) -> BoxOutcome:
        """Admit a leave or ballot received from ``sender`` (``None``: this peer's own)."""
        if not isinstance(statement, Statement):
            try:
                statement = Statement.decode(statement)
            except SeatFormatError as exc:
                return BoxOutcome(problem=str(exc), offender=sender)
        p = statement.proposal
        if p.session != self.session:
            return BoxOutcome(problem="a statement of another session", offender=sender)
        signer = statement.signer
        if signer not in self.keys:
            return BoxOutcome(problem=f"seat {signer} is not at this table", offender=sender)
        if not statement.verify(self.keys[signer]):
            return BoxOutcome(problem=f"not signed by seat {signer}", offender=sender)
        slot = (p.seat, signer)
        known = self._by_slot.get(slot)
        if known is not None and known.raw == statement.raw:
            return BoxOutcome(duplicate=True)
        if known is None and statement.is_leave and p.index == self.index:
            known = self._parts.get(signer)  # the leaver's own part contradicts its leave
        if known is not None:
            return self._equivocation(signer, known, statement)
        if (p.index, p.prev) != (self.index, self.prev):
            # A late ballot about a settled position, one from a peer further on, or a
            # symptom of someone else's fork: ignored, nobody blamed (as the log's
            # "wrong-previous-hash").
            detail = f"not about position {self.index} of this history"
            return BoxOutcome(problem=detail)
        if p.seat not in self.writers:
            detail = f"seat {p.seat} does not owe position {self.index}"
            return BoxOutcome(problem=detail, offender=signer)
        if p.purpose.has_holder and p.holder_key in self.keys.values():
            detail = "the new holder's key is already a seat's key"
            return BoxOutcome(problem=detail, offender=signer)
        self._by_slot[slot] = statement
        return BoxOutcome(accepted=True)

    def add_part(self, part: Part) -> BoxOutcome:
        """Tell the box of a validly signed part for this position (the log checked it).

        A writer's part shows it alive; the leaver's part beside its leave is equivocation.
        """
        if part.index != self.index or part.seat not in self.keys:
            return BoxOutcome(problem="not a part of this position", offender=part.seat)
        self._parts[part.seat] = part
        leave = self._by_slot.get((part.seat, part.seat))
        if leave is not None:
            return self._equivocation(part.seat, leave, part)
        return BoxOutcome(accepted=True)

    def _equivocation(
        self, signer: int, known: Statement | Part, new: Statement | Part
    ) -> BoxOutcome:
        proof = StatementEquivocation.of(self.keys[signer], known, new)
        if proof not in self._proofs:
            self._proofs.append(proof)
        detail = f"seat {signer} signed two contradicting statements at position {self.index}"
        return BoxOutcome(problem=detail, offender=signer, proof=proof)

    def alive(self, seat: int) -> bool:
        """Whether this box holds something ``seat`` signed for this position."""
        return seat in self._parts or (seat, seat) in self._by_slot

    def ballot_for(self, voter: int, about: int) -> Statement | None:
        statement = self._by_slot.get((about, voter))
        return None if statement is None or statement.is_leave else statement

    def certificate(self) -> SeatChange | None:
        """A complete yes certificate for this position (rule 1), if one is held."""
        groups: dict[bytes, list[Statement]] = {}
        for statement in self._by_slot.values():
            if statement.yes and not statement.is_leave:
                groups.setdefault(_pack(statement.proposal.fields()), []).append(statement)
        for key in sorted(groups):
            change = SeatChange(groups[key])
            problem = check_change(change, session=self.session, index=self.index,
                                   prev=self.prev, keys=self.keys, writers=self.writers)
            if problem is None:
                return change
        return None

    def _may_close_by_writers(self) -> bool:
        """Rule 2: a peer that voted yes about a seat waits for a no about it."""
        if self.me is None:
            return True
        for (about, voter), statement in self._by_slot.items():
            if voter != self.me or not statement.yes or statement.is_leave:
                continue
            if not any(not s.yes for (v, _), s in self._by_slot.items() if v == about):
                return False
        return True

    def decide(self, parts_complete: bool) -> SeatChange | str:
        """What closes the position now: a :class:`SeatChange`, ``NORMAL`` or ``WAIT``.

        ``parts_complete``: every writer's part is held. A certificate wins (rule 1); a leave
        is the leaver's own contribution and closes the position like its part would, under
        rule 2. Nothing is decided once a proof of equivocation is held: the log halts.
        """
        if self._proofs:
            return WAIT
        certificate = self.certificate()
        if certificate is not None:
            return certificate
        if not self._may_close_by_writers():
            return WAIT
        for (about, signer), statement in sorted(self._by_slot.items()):
            if statement.is_leave and about == signer:
                return SeatChange([statement])
        return NORMAL if parts_complete else WAIT
