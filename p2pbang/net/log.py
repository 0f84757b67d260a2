"""The replicated game log: append-only, hash-chained, every entry signed by its author.

Every peer holds a copy; the rules engine replays it, so the log *is* the game. The shape
follows from three requirements:

* **Authorship comes from the game.** A ``writers`` callback says who writes position ``i``:
  one seat, or a set of seats whose *parts* are all required (decryption shares, say) and are
  then combined, in seat order, into the single entry at that position. Anything else is
  rejected with a reason and the seat to blame, and the log is left untouched.
* **A fork is evidence, not a mystery.** An honest seat signs exactly one part per position
  (signing is deterministic Ed25519), so two different validly signed parts by one seat for
  one position prove that seat equivocated. The log keeps both as an
  :class:`EquivocationProof` anyone can check offline, and halts: the game ends with it.
* **Network order does not matter.** Exact replays are ignored, parts for future positions
  wait in a bounded buffer until their position opens, then are validated like any other.

The byte formats (see ``protocol/log.md``) are canonical msgpack, checked on decode by
re-encoding, so one logical entry has exactly one encoding and one hash.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

import msgpack
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

PART_DOMAIN = "p2pbang/log/part/v1"
PROOF_DOMAIN = "p2pbang/log/equivocation/v1"
SESSION_ID_BYTES = 32
HASH_BYTES = 32
SIGNATURE_BYTES = 64
PUBLIC_KEY_BYTES = 32
MAX_SEATS = 16
MAX_INDEX = 2**32 - 1
PART_FIELDS = 7
KIND_PATTERN = re.compile(r"[a-z][a-z0-9_.-]{0,31}\Z")
# Bytes a part needs beyond its payload: two 32-byte ids, a signature, a kind, the headers.
PART_OVERHEAD_BYTES = 256
# Offline verification of a proof must not depend on one table's payload limit.
PROOF_MAX_PAYLOAD_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what one peer accepts and holds, so a hostile peer cannot exhaust memory.

    The per-seat buffer quota matters because only a seat can sign its own parts: a seat
    flooding far-future parts fills its own quota, never an honest seat's.
    """

    max_payload_bytes: int = 256 * 1024
    max_lookahead: int = 1024
    max_buffered_parts_per_seat: int = 64
    max_buffered_bytes_per_seat: int = 2 * 1024 * 1024

    @property
    def max_part_bytes(self) -> int:
        return self.max_payload_bytes + PART_OVERHEAD_BYTES

    @property
    def max_entry_bytes(self) -> int:
        return MAX_SEATS * self.max_part_bytes + 16


class Reason(Enum):
    """Why a part or entry was refused; the value is the stable wire/display code."""

    BAD_ENCODING = "bad-encoding"
    TOO_LARGE = "too-large"
    WRONG_SESSION = "wrong-session"
    UNKNOWN_SEAT = "unknown-seat"
    BAD_SIGNATURE = "bad-signature"
    WRONG_INDEX = "wrong-index"
    WRONG_PREV = "wrong-previous-hash"
    WRONG_AUTHOR = "wrong-author"
    DUPLICATE_PART = "duplicate-part"
    BAD_PAYLOAD = "bad-payload"
    CLOSED = "log-closed"
    EQUIVOCATION = "equivocation"
    HALTED = "log-halted"
    BAD_SEAT_CHANGE = "bad-seat-change"


@dataclass(frozen=True, slots=True)
class Rejection:
    """One refused part or entry and whom to blame.

    ``signed`` tells whether ``author`` provably signed the refused bytes. When it did, the
    author is the offender (it put its name to something invalid); when it did not (bad
    signature, foreign session, undecodable bytes), the peer that sent the bytes is, and
    ``offender`` is that ``sender`` (``None`` when the bytes came from local storage).
    ``offender`` is also ``None`` for the one refusal that is nobody's fault: a halted log.
    """

    offender: int | None
    reason: Reason
    detail: str
    index: int | None = None
    author: int | None = None
    signed: bool = False

    def __str__(self) -> str:
        who = "unknown peer" if self.offender is None else f"seat {self.offender}"
        return f"{who}: {self.reason.value}: {self.detail}"


class LogFormatError(ValueError):
    """Bytes that are not a well-formed, canonical part, entry or proof."""

    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(f"{reason.value}: {detail}")
        self.reason = reason
        self.detail = detail


class LogError(RuntimeError):
    """A local caller asked for something the log must refuse (e.g. signing out of turn)."""


def _unpack(raw: bytes, max_array_len: int) -> Any:
    try:
        return msgpack.unpackb(
            raw,
            raw=False,
            use_list=True,
            strict_map_key=True,
            max_array_len=max_array_len,
            max_map_len=0,
            max_ext_len=0,
        )
    except Exception as exc:  # msgpack raises several unrelated types on garbage
        raise LogFormatError(Reason.BAD_ENCODING, f"not msgpack: {exc}") from None


def _pack(obj: Any) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def _is_uint(value: object, upper: int) -> bool:
    return type(value) is int and 0 <= value <= upper


def _is_bytes(value: object, size: int) -> bool:
    return type(value) is bytes and len(value) == size


# --- Ed25519 public keys -------------------------------------------------------------------
# A roster key of small order lets anyone forge that seat's signatures (and so frame it for
# equivocation); a key with a torsion component admits several signatures per message. Honest
# keys are [a]B, in the prime-order subgroup, so both are refused. cryptography does not
# expose this check, hence the few lines of curve arithmetic below (run once per key).
_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)

_Point = tuple[int, int, int, int]


def _decode_point(raw: bytes) -> _Point | None:
    y = int.from_bytes(raw, "little") & ((1 << 255) - 1)
    sign = raw[31] >> 7
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P:
        return None
    if x == 0 and sign:
        return None
    if x & 1 != sign:
        x = _P - x
    return (x, y, 1, x * y % _P)


def _add(a: _Point, b: _Point) -> _Point:
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa = (y1 - x1) * (y2 - x2) % _P
    bb = (y1 + x1) * (y2 + x2) % _P
    cc = 2 * _D * t1 * t2 % _P
    dd = 2 * z1 * z2 % _P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


def _multiply(point: _Point, scalar: int) -> _Point:
    result: _Point = (0, 1, 1, 0)
    while scalar:
        if scalar & 1:
            result = _add(result, point)
        point = _add(point, point)
        scalar >>= 1
    return result


def _is_identity(point: _Point) -> bool:
    x, y, z, _ = point
    return x % _P == 0 and (y - z) % _P == 0


def public_key_problem(raw: bytes) -> str | None:
    """Why ``raw`` is unfit as a seat's Ed25519 key, or ``None`` when it is a proper key."""
    if type(raw) is not bytes or len(raw) != PUBLIC_KEY_BYTES:
        return "an Ed25519 public key is 32 bytes"
    point = _decode_point(raw)
    if point is None:
        return "not a canonical encoding of a curve point"
    if _is_identity(_multiply(point, 8)):
        return "a point of small order (anyone could forge its signatures)"
    if not _is_identity(_multiply(point, _L)):
        return "a point outside the prime-order subgroup"
    return None


def _raw_public_key(key: Ed25519PublicKey | bytes) -> bytes:
    if isinstance(key, Ed25519PublicKey):
        return key.public_bytes(Encoding.Raw, PublicFormat.Raw)
    return key


class RosterError(ValueError):
    """The seat -> key table handed over by the lobby is unusable."""


class Roster:
    """The table's seats 0..n-1 and each one's Ed25519 identity key, fixed by the genesis."""

    __slots__ = ("_keys", "_raw")

    def __init__(self, keys: Sequence[Ed25519PublicKey | bytes] | Mapping[int, Any]) -> None:
        if isinstance(keys, Mapping):
            if sorted(keys) != list(range(len(keys))):
                raise RosterError("seats must be numbered 0..n-1")
            keys = [keys[seat] for seat in range(len(keys))]
        if not 1 <= len(keys) <= MAX_SEATS:
            raise RosterError(f"a table has 1 to {MAX_SEATS} seats, not {len(keys)}")
        raw = [_raw_public_key(key) for key in keys]
        for seat, key in enumerate(raw):
            problem = public_key_problem(key)
            if problem is not None:
                raise RosterError(f"seat {seat}: {problem}")
        if len(set(raw)) != len(raw):
            raise RosterError("two seats share one key: signatures could not name the seat")
        self._raw = tuple(raw)
        self._keys = tuple(Ed25519PublicKey.from_public_bytes(key) for key in raw)

    def __len__(self) -> int:
        return len(self._raw)

    def with_holder(self, raw_key: bytes) -> Roster:
        """This roster and one more log seat, the new holder of a seat that changed hands.

        The log's roster only grows (``protocol/seats.md`` section 6): the holder signs
        under a seat number of its own, so every earlier part and proof keeps its key.
        """
        return Roster([*self._raw, raw_key])

    def key(self, seat: int) -> Ed25519PublicKey:
        return self._keys[seat]

    def raw_key(self, seat: int) -> bytes:
        return self._raw[seat]

    def seat_of(self, raw_key: bytes) -> int | None:
        """The seat holding ``raw_key`` (the transport maps an authenticated peer this way)."""
        try:
            return self._raw.index(raw_key)
        except ValueError:
            return None


# --- parts and entries ---------------------------------------------------------------------


class Part:
    """One seat's signed contribution to one position of the log.

    A single-writer position holds one part; a multi-writer position holds one per writer.
    ``raw`` is the canonical encoding (what is sent and hashed) and ``digest`` its SHA-256,
    which peers compare to notice that they hold different parts for a position.
    """

    __slots__ = (
        "digest", "index", "kind", "payload", "prev", "raw", "seat", "session", "signature"
    )

    def __init__(
        self,
        session: bytes,
        index: int,
        prev: bytes,
        seat: int,
        kind: str,
        payload: bytes,
        signature: bytes,
        raw: bytes,
    ) -> None:
        self.session = session
        self.index = index
        self.prev = prev
        self.seat = seat
        self.kind = kind
        self.payload = payload
        self.signature = signature
        self.raw = raw
        self.digest = hashlib.sha256(raw).digest()

    def __repr__(self) -> str:
        size = len(self.payload)
        return f"Part(index={self.index}, seat={self.seat}, kind={self.kind!r}, {size}B)"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Part) and other.raw == self.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    def fields(self) -> list[Any]:
        return [
            self.session, self.index, self.prev, self.seat, self.kind, self.payload, self.signature
        ]

    def signed_message(self) -> bytes:
        return signed_message(
            self.session, self.index, self.prev, self.seat, self.kind, self.payload
        )

    def verify(self, key: Ed25519PublicKey) -> bool:
        try:
            key.verify(self.signature, self.signed_message())
        except InvalidSignature:
            return False
        return True

    @classmethod
    def create(
        cls,
        key: Ed25519PrivateKey,
        session: bytes,
        index: int,
        prev: bytes,
        seat: int,
        kind: str,
        payload: bytes,
        limits: Limits | None = None,
    ) -> Part:
        """Sign a new part (callers outside tests go through :meth:`Log.author`)."""
        fields = [session, index, prev, seat, kind, payload, b"\0" * SIGNATURE_BYTES]
        _check_part_fields(fields, limits or Limits())
        signature = key.sign(signed_message(session, index, prev, seat, kind, payload))
        fields[-1] = signature
        return cls(session, index, prev, seat, kind, payload, signature, _pack(fields))

    @classmethod
    def decode(cls, raw: bytes, limits: Limits | None = None) -> Part:
        """Parse a part's canonical bytes; checks structure only, not the signature."""
        limits = limits or Limits()
        if type(raw) is not bytes:
            raise LogFormatError(Reason.BAD_ENCODING, "a part is a byte string")
        if len(raw) > limits.max_part_bytes:
            raise LogFormatError(Reason.TOO_LARGE, f"a part of {len(raw)} bytes is too large")
        obj = _unpack(raw, PART_FIELDS)
        part = cls.from_fields(obj, limits)
        if part.raw != raw:
            raise LogFormatError(Reason.BAD_ENCODING, "not the canonical encoding")
        return part

    @classmethod
    def from_fields(cls, obj: Any, limits: Limits) -> Part:
        _check_part_fields(obj, limits)
        return cls(*obj, raw=_pack(obj))


def signed_message(
    session: bytes, index: int, prev: bytes, seat: int, kind: str, payload: bytes
) -> bytes:
    """The exact bytes an author signs: the part's fields under a domain label."""
    return _pack([PART_DOMAIN, session, index, prev, seat, kind, payload])


def _check_part_fields(obj: Any, limits: Limits) -> None:
    if type(obj) is not list or len(obj) != PART_FIELDS:
        raise LogFormatError(Reason.BAD_ENCODING, f"a part is an array of {PART_FIELDS} fields")
    session, index, prev, seat, kind, payload, signature = obj
    if not _is_bytes(session, SESSION_ID_BYTES):
        raise LogFormatError(Reason.BAD_ENCODING, "session id must be 32 bytes")
    if not _is_uint(index, MAX_INDEX):
        raise LogFormatError(Reason.BAD_ENCODING, f"index must be an integer in [0, {MAX_INDEX}]")
    if not _is_bytes(prev, HASH_BYTES):
        raise LogFormatError(Reason.BAD_ENCODING, "previous hash must be 32 bytes")
    if not _is_uint(seat, MAX_SEATS - 1):
        raise LogFormatError(Reason.BAD_ENCODING, f"seat must be an integer below {MAX_SEATS}")
    if type(kind) is not str or KIND_PATTERN.match(kind) is None:
        raise LogFormatError(Reason.BAD_ENCODING, "kind must match [a-z][a-z0-9_.-]{0,31}")
    if type(payload) is not bytes:
        raise LogFormatError(Reason.BAD_ENCODING, "payload must be a byte string")
    if len(payload) > limits.max_payload_bytes:
        raise LogFormatError(
            Reason.TOO_LARGE,
            f"payload of {len(payload)} bytes exceeds {limits.max_payload_bytes}",
        )
    if not _is_bytes(signature, SIGNATURE_BYTES):
        raise LogFormatError(Reason.BAD_ENCODING, "signature must be 64 bytes")


class Entry:
    """A complete position: the parts of all its writers in ascending seat order.

    ``hash`` (SHA-256 of ``raw``) is what the next position's parts name as previous hash.
    """

    __slots__ = ("by_seat", "hash", "parts", "raw")

    def __init__(self, parts: Sequence[Part]) -> None:
        ordered = tuple(sorted(parts, key=lambda part: part.seat))
        if not ordered:
            raise LogFormatError(Reason.BAD_ENCODING, "an entry holds at least one part")
        first = ordered[0]
        for before, after in itertools.pairwise(ordered):
            if before.seat == after.seat:
                raise LogFormatError(
                    Reason.DUPLICATE_PART, f"two parts by seat {after.seat} in one entry"
                )
        for part in ordered:
            if (part.session, part.index, part.prev) != (first.session, first.index, first.prev):
                raise LogFormatError(
                    Reason.BAD_ENCODING, "the parts of an entry disagree on their position"
                )
        self.parts = ordered
        self.by_seat = {part.seat: part for part in ordered}
        self.raw = _pack([part.fields() for part in ordered])
        self.hash = hashlib.sha256(self.raw).digest()

    def __repr__(self) -> str:
        return f"Entry(index={self.index}, seats={self.seats}, hash={self.hash.hex()[:12]})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and other.raw == self.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    @property
    def index(self) -> int:
        return self.parts[0].index

    @property
    def prev(self) -> bytes:
        return self.parts[0].prev

    @property
    def session(self) -> bytes:
        return self.parts[0].session

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(part.seat for part in self.parts)

    @classmethod
    def decode(cls, raw: bytes, limits: Limits | None = None) -> Entry:
        """Parse an entry's canonical bytes; checks structure only, not signatures."""
        limits = limits or Limits()
        if type(raw) is not bytes:
            raise LogFormatError(Reason.BAD_ENCODING, "an entry is a byte string")
        if len(raw) > limits.max_entry_bytes:
            raise LogFormatError(Reason.TOO_LARGE, f"an entry of {len(raw)} bytes is too large")
        obj = _unpack(raw, MAX_SEATS)
        if type(obj) is not list or not obj:
            raise LogFormatError(Reason.BAD_ENCODING, "an entry is a non-empty array of parts")
        parts = [Part.from_fields(fields, limits) for fields in obj]
        seats = [part.seat for part in parts]
        if len(set(seats)) != len(seats):
            raise LogFormatError(Reason.DUPLICATE_PART, "two parts by one seat in one entry")
        if seats != sorted(seats):
            raise LogFormatError(Reason.BAD_ENCODING, "parts are not in seat order")
        entry = cls(parts)
        if entry.raw != raw:
            raise LogFormatError(Reason.BAD_ENCODING, "not the canonical encoding")
        return entry


class SeatChangeEntry:
    """A settled position closed by a seat change instead of its writers' parts.

    It wraps :class:`p2pbang.net.seats.SeatChange` with the read-only face of an
    :class:`Entry` (no parts), so that code walking the log sees a position like any other.
    """

    __slots__ = ("change", "hash", "raw")
    parts: tuple[Part, ...] = ()
    by_seat: Mapping[int, Part] = MappingProxyType({})
    seats: tuple[int, ...] = ()

    def __init__(self, change: Any) -> None:
        self.change = change
        self.raw: bytes = change.raw
        self.hash: bytes = change.hash

    def __repr__(self) -> str:
        return f"SeatChangeEntry({self.change!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatChangeEntry) and other.raw == self.raw

    def __hash__(self) -> int:
        return hash(self.raw)

    @property
    def index(self) -> int:
        return int(self.change.index)

    @property
    def prev(self) -> bytes:
        return bytes(self.change.prev)

    @property
    def session(self) -> bytes:
        return bytes(self.change.session)


def decode_entry(raw: bytes, limits: Limits | None = None) -> Entry | SeatChangeEntry:
    """An entry's bytes, of either form: the writers' parts, or a seat change."""
    from p2pbang.net.seats import CHANGE_DOMAIN, SeatChange, SeatFormatError

    if type(raw) is bytes and raw.startswith(b"\x93" + _pack(CHANGE_DOMAIN)):
        try:
            return SeatChangeEntry(SeatChange.decode(raw))
        except SeatFormatError as exc:
            raise LogFormatError(Reason.BAD_ENCODING, f"seat change: {exc}") from None
    return Entry.decode(raw, limits)


# --- equivocation --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EquivocationProof:
    """Two different parts, both validly signed by one key, for one position of one session.

    Self-contained: with the public key inside, anyone can check it offline; whoever checks
    it against a table compares that key with the roster's key for the seat. The two parts
    are kept in byte order so every peer that finds the same pair builds the same proof.
    """

    public_key: bytes
    first: bytes
    second: bytes

    @classmethod
    def from_parts(cls, public_key: bytes, a: Part, b: Part) -> EquivocationProof:
        low, high = sorted((a.raw, b.raw))
        return cls(public_key, low, high)

    def parts(self) -> tuple[Part, Part]:
        limits = Limits(max_payload_bytes=PROOF_MAX_PAYLOAD_BYTES)
        return Part.decode(self.first, limits), Part.decode(self.second, limits)

    @property
    def seat(self) -> int:
        return self.parts()[0].seat

    @property
    def index(self) -> int:
        return self.parts()[0].index

    @property
    def session(self) -> bytes:
        return self.parts()[0].session

    def encode(self) -> bytes:
        return _pack([PROOF_DOMAIN, self.public_key, self.first, self.second])

    @classmethod
    def decode(cls, raw: bytes) -> EquivocationProof:
        """Parse a proof's bytes (structure only; call :meth:`verify`)."""
        if type(raw) is not bytes:
            raise LogFormatError(Reason.BAD_ENCODING, "a proof is a byte string")
        obj = _unpack(raw, 4)
        if type(obj) is not list or len(obj) != 4 or obj[0] != PROOF_DOMAIN:
            raise LogFormatError(Reason.BAD_ENCODING, "not an equivocation proof")
        _, key, first, second = obj
        if not _is_bytes(key, PUBLIC_KEY_BYTES) or type(first) is not bytes:
            raise LogFormatError(Reason.BAD_ENCODING, "malformed equivocation proof")
        if type(second) is not bytes:
            raise LogFormatError(Reason.BAD_ENCODING, "malformed equivocation proof")
        proof = cls(key, first, second)
        if proof.encode() != raw:
            raise LogFormatError(Reason.BAD_ENCODING, "not the canonical encoding")
        return proof

    def verify(
        self,
        expected_key: Ed25519PublicKey | bytes | None = None,
        session: bytes | None = None,
    ) -> str | None:
        """Return why this is not a valid proof, or ``None`` when it is.

        ``expected_key`` / ``session``, when given, also pin whose key and which game.
        """
        problem = public_key_problem(self.public_key)
        if problem is not None:
            return f"public key: {problem}"
        if expected_key is not None and _raw_public_key(expected_key) != self.public_key:
            return "the proof is for a different key"
        if not self.first < self.second:
            return "the two parts must differ and be in byte order"
        try:
            a, b = self.parts()
        except LogFormatError as exc:
            return f"a part is malformed: {exc}"
        if (a.session, a.index, a.seat) != (b.session, b.index, b.seat):
            return "the two parts are not for the same seat and position"
        if session is not None and a.session != session:
            return "the proof is for a different session"
        key = Ed25519PublicKey.from_public_bytes(self.public_key)
        if not (a.verify(key) and b.verify(key)):
            return "a signature does not verify"
        return None


# --- the log -------------------------------------------------------------------------------

PayloadCheck = Callable[[int, str, bytes], "str | None"]


@dataclass(frozen=True, slots=True)
class Turn:
    """Who writes one position: the seats (all required), and the game's payload check.

    ``check(seat, kind, payload)`` returns why the part is unacceptable or ``None``; it lets
    the game refuse an illegal move or a malformed proof *before* it enters the log.
    """

    seats: frozenset[int]
    check: PayloadCheck | None = None

    @classmethod
    def of(cls, *seats: int, check: PayloadCheck | None = None) -> Turn:
        return cls(frozenset(seats), check)


WritersFn = Callable[[int], "Turn | None"]
# Whether the complete normal entry at a position may be committed now (protocol/seats.md
# section 4.4, rule 2): False holds it back until the answer changes and ``settle`` is called.
CloseRule = Callable[[int], bool]


@dataclass(slots=True)
class Outcome:
    """What one call did: entries committed (in order), refusals, proofs, quiet counters."""

    committed: list[Entry] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    proofs: list[EquivocationProof] = field(default_factory=list)
    duplicates: int = 0
    buffered: int = 0
    dropped: int = 0

    def extend(self, other: Outcome) -> None:
        self.committed.extend(other.committed)
        self.rejected.extend(other.rejected)
        self.proofs.extend(other.proofs)
        self.duplicates += other.duplicates
        self.buffered += other.buffered
        self.dropped += other.dropped


_UNASKED = object()


class Log:
    """One peer's copy of the log, validating everything that enters it.

    ``writers(i)`` is asked, once, who writes position ``i`` when that position opens, i.e.
    after positions ``0..i-1`` are committed and readable through :meth:`entry`; returning
    ``None`` closes the log (the game is over). Nothing here does I/O; persistence and
    networking sit around it (``store.py``, ``sync.py``).
    """

    def __init__(
        self,
        session_id: bytes,
        roster: Roster,
        writers: WritersFn,
        limits: Limits | None = None,
        may_close: CloseRule | None = None,
    ) -> None:
        if not _is_bytes(session_id, SESSION_ID_BYTES):
            raise ValueError("a session id is 32 bytes")
        self._session = session_id
        self._roster = roster
        self._writers = writers
        self._limits = limits or Limits()
        self._may_close = may_close
        # Log seats that hold a seat of the game now: the genesis seats, then each seat
        # change's new holder in place of the seat it replaced (protocol/seats.md).
        self._active: tuple[int, ...] = tuple(range(len(roster)))
        self._entries: list[Entry | SeatChangeEntry] = []
        self._hashes: list[bytes] = [session_id]
        self._turn: Any = _UNASKED
        self._pending: dict[int, Part] = {}
        # Validly signed parts refused at the open position, kept so that a second, different
        # part by the same seat for it is recognised as equivocation by every peer alike.
        self._spoiled: dict[int, Part] = {}
        self._future: dict[int, dict[int, Part]] = {seat: {} for seat in range(len(roster))}
        self._future_bytes: dict[int, int] = dict.fromkeys(range(len(roster)), 0)
        self._proofs: list[EquivocationProof] = []

    # -- reading --

    @property
    def session_id(self) -> bytes:
        return self._session

    @property
    def roster(self) -> Roster:
        return self._roster

    @property
    def limits(self) -> Limits:
        return self._limits

    def __len__(self) -> int:
        return len(self._entries)

    def entry(self, index: int) -> Entry | SeatChangeEntry:
        return self._entries[index]

    def entries(
        self, start: int = 0, stop: int | None = None
    ) -> Iterator[Entry | SeatChangeEntry]:
        return iter(self._entries[start:stop])

    @property
    def close_rule(self) -> CloseRule | None:
        return self._may_close

    @close_rule.setter
    def close_rule(self, rule: CloseRule | None) -> None:
        """Who may hold back a complete entry (the replicator's ballot rule)."""
        self._may_close = rule

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The log seats that hold the game's seats now (a replaced seat's holder included)."""
        return self._active

    @property
    def head_hash(self) -> bytes:
        """Hash of the last entry; the session id while the log is empty (the genesis)."""
        return self._hashes[-1]

    def hash_at(self, length: int) -> bytes:
        """The head hash this log had when it held ``length`` entries."""
        return self._hashes[length]

    def pending_parts(self) -> tuple[Part, ...]:
        """Accepted parts of the open position, waiting for its other writers."""
        return tuple(self._pending[seat] for seat in sorted(self._pending))

    def open_turn(self) -> Turn | None:
        """Who writes the open position (``None`` once the game has closed the log)."""
        return self._current_turn()

    @property
    def halted(self) -> EquivocationProof | None:
        """The first proof of equivocation, which ends the game; ``None`` while sound."""
        return self._proofs[0] if self._proofs else None

    @property
    def proofs(self) -> tuple[EquivocationProof, ...]:
        return tuple(self._proofs)

    # -- writing --

    def author(
        self, seat: int, key: Ed25519PrivateKey, kind: str, payload: bytes
    ) -> tuple[Part, Outcome]:
        """Sign this peer's part for the open position and admit it.

        Refuses (``LogError``) to sign out of turn, with a key that is not the seat's, or a
        second, different part for a position already signed: that would be equivocation.
        Signing the very same content again returns the existing part (Ed25519 is
        deterministic), so a retry after a crash is harmless. Persist the part before
        sending it, so a restart never signs a different one.
        """
        if self._proofs:
            raise LogError("the log is halted by a proof of equivocation")
        if not 0 <= seat < len(self._roster):
            raise LogError(f"seat {seat} is not at this table")
        if _raw_public_key(key.public_key()) != self._roster.raw_key(seat):
            raise LogError(f"this key is not seat {seat}'s key")
        index = len(self._entries)
        turn = self._current_turn()
        if turn is None:
            raise LogError("the log is closed: the game has ended")
        if seat not in turn.seats:
            raise LogError(f"seat {seat} may not write position {index}")
        try:
            part = Part.create(
                key, self._session, index, self.head_hash, seat, kind, payload, self._limits
            )
        except LogFormatError as exc:
            raise LogError(f"cannot sign: {exc}") from None
        existing = self._pending.get(seat) or self._spoiled.get(seat)
        if existing is not None:
            if existing.raw == part.raw:
                return existing, Outcome(duplicates=1)
            raise LogError(f"seat {seat} already signed a different part for position {index}")
        problem = self._payload_problem(turn, part)
        if problem is not None:
            raise LogError(f"the game refuses this part: {problem}")
        return part, self.add_part(part)

    def add_part(self, part: Part | bytes, sender: int | None = None) -> Outcome:
        """Admit one part received from ``sender`` (a seat; ``None`` for local storage)."""
        out = Outcome()
        if not isinstance(part, Part):
            try:
                part = Part.decode(part, self._limits)
            except LogFormatError as exc:
                out.rejected.append(Rejection(sender, exc.reason, exc.detail))
                return out
        self._admit(part, sender, out)
        return out

    def add_entry(
        self, entry: Entry | bytes, sender: int | None = None, expected_index: int | None = None
    ) -> Outcome:
        """Admit a complete entry (catch-up, reload): each of its parts is admitted in turn."""
        out = Outcome()
        if not isinstance(entry, Entry | SeatChangeEntry):
            try:
                entry = decode_entry(entry, self._limits)
            except LogFormatError as exc:
                out.rejected.append(Rejection(sender, exc.reason, exc.detail, expected_index))
                return out
        if expected_index is not None and entry.index != expected_index:
            detail = f"entry claims position {entry.index}, sent as position {expected_index}"
            out.rejected.append(Rejection(sender, Reason.WRONG_INDEX, detail, expected_index))
            return out
        if isinstance(entry, SeatChangeEntry):
            return self.add_seat_change(entry.change, sender)
        for part in entry.parts:
            self._admit(part, sender, out)
        return out

    def add_seat_change(self, change: Any, sender: int | None = None) -> Outcome:
        """Close the open position with a seat change (``protocol/seats.md`` section 5).

        ``change`` is a :class:`p2pbang.net.seats.SeatChange`: a leave signed by the seat
        itself, or every other active seat's yes ballot. It is checked against the open
        position, this history and the active seats' keys; the pending parts of the position
        are dropped (nothing applied them). A hand-over appends the new holder to the roster
        and makes it active in place of the seat it replaced.
        """
        from p2pbang.net.seats import Purpose, check_change

        out = Outcome()
        index = len(self._entries)
        if self._proofs:
            out.rejected.append(Rejection(None, Reason.HALTED, "halted by equivocation", index))
            return out
        if len(self._entries) > change.index and self._entries[change.index].hash == change.hash:
            out.duplicates += 1
            return out
        turn = self._current_turn()
        problem: str | None
        if turn is None:
            problem = f"the log closed before position {index}"
        else:
            keys = {seat: self._roster.raw_key(seat) for seat in self._active}
            problem = check_change(change, session=self._session, index=index,
                                   prev=self.head_hash, keys=keys, writers=turn.seats)
        if problem is not None:
            out.rejected.append(Rejection(sender, Reason.BAD_SEAT_CHANGE, problem, change.index))
            return out
        proposal = change.proposal
        if proposal.purpose in (Purpose.LEAVE, Purpose.REPLACE):
            self._roster = self._roster.with_holder(proposal.holder_key)
            holder = len(self._roster) - 1
            self._future[holder] = {}
            self._future_bytes[holder] = 0
            self._active = tuple(
                holder if seat == proposal.seat else seat for seat in self._active
            )
        entry = SeatChangeEntry(change)
        self._entries.append(entry)
        self._hashes.append(entry.hash)
        self._pending = {}
        self._spoiled = {}
        self._turn = _UNASKED
        out.committed.append(entry)  # type: ignore[arg-type]
        self._drain(out)
        return out

    def settle(self) -> Outcome:
        """Commit the open position if its parts are complete and the close rule now allows.

        Call when the close rule's answer may have changed (a ballot arrived): rule 2 of
        ``protocol/seats.md`` section 4.4 holds a complete entry back from a peer that voted
        to replace its silent writer until some seat says that writer is alive.
        """
        out = Outcome()
        turn = self._current_turn()
        if turn is not None and self._pending and len(self._pending) == len(turn.seats):
            self._commit_pending(out)
            self._drain(out)
        return out

    def adopt_proof(self, proof: EquivocationProof) -> str | None:
        """Take a proof found by another peer: returns why it is refused, or ``None``."""
        try:
            parts = proof.parts()
        except LogFormatError as exc:
            return f"malformed proof: {exc}"
        seat = parts[0].seat
        if seat >= len(self._roster):
            return f"the proof names seat {seat}, which is not at this table"
        problem = proof.verify(self._roster.raw_key(seat), self._session)
        if problem is not None:
            return problem
        if proof not in self._proofs:
            self._proofs.append(proof)
        return None

    # -- validation --

    def _admit(self, part: Part, sender: int | None, out: Outcome) -> None:
        index, seat = part.index, part.seat
        if self._proofs:
            out.rejected.append(Rejection(None, Reason.HALTED, "halted by equivocation", index))
            return
        if part.session != self._session:
            detail = "part belongs to another session"
            out.rejected.append(Rejection(sender, Reason.WRONG_SESSION, detail, index, seat))
            return
        if seat >= len(self._roster):
            detail = f"seat {seat} is not at this table"
            out.rejected.append(Rejection(sender, Reason.UNKNOWN_SEAT, detail, index, seat))
            return
        if len(part.payload) > self._limits.max_payload_bytes:
            detail = f"payload of {len(part.payload)} bytes is too large"
            out.rejected.append(Rejection(sender, Reason.TOO_LARGE, detail, index, seat))
            return
        known = self._known(index, seat)
        if known is not None and known.raw == part.raw:
            out.duplicates += 1
            return
        if not part.verify(self._roster.key(seat)):
            detail = f"signature does not verify under seat {seat}'s key"
            out.rejected.append(Rejection(sender, Reason.BAD_SIGNATURE, detail, index, seat))
            return
        self._judge(part, known, out)
        self._drain(out)

    def _judge(self, part: Part, known: Part | None, out: Outcome) -> None:
        """Place a part whose signature is verified, given what we hold for its position."""
        index, seat = part.index, part.seat
        if known is not None:
            proof = EquivocationProof.from_parts(self._roster.raw_key(seat), known, part)
            self._proofs.append(proof)
            out.proofs.append(proof)
            detail = f"seat {seat} signed two different parts for position {index}"
            out.rejected.append(
                Rejection(seat, Reason.EQUIVOCATION, detail, index, seat, signed=True)
            )
            return
        head = len(self._entries)
        if index < head:
            detail = f"position {index} is settled and seat {seat} is not among its writers"
            out.rejected.append(
                Rejection(seat, Reason.WRONG_INDEX, detail, index, seat, signed=True)
            )
        elif index > head:
            self._buffer(part, out)
        else:
            self._place(part, out)

    def _known(self, index: int, seat: int) -> Part | None:
        head = len(self._entries)
        if index < head:
            settled = self._entries[index]
            return settled.by_seat.get(seat) if isinstance(settled, Entry) else None
        if index == head:
            return self._pending.get(seat) or self._spoiled.get(seat)
        return self._future[seat].get(index)

    def _current_turn(self) -> Turn | None:
        if self._turn is _UNASKED:
            turn = self._writers(len(self._entries))
            seats = len(self._roster)
            if turn is not None and not (turn.seats and all(0 <= s < seats for s in turn.seats)):
                raise ValueError(f"the game named impossible writers: {set(turn.seats)}")
            self._turn = turn
        return self._turn

    def _payload_problem(self, turn: Turn, part: Part) -> str | None:
        if turn.check is None:
            return None
        try:
            return turn.check(part.seat, part.kind, part.payload)
        except Exception as exc:  # a game check choking on garbage is still just garbage
            return f"payload check failed: {type(exc).__name__}: {exc}"

    def _place(self, part: Part, out: Outcome) -> None:
        """Validate a signed part for the open position; commit the entry once it is complete."""
        index, seat = part.index, part.seat
        turn = self._current_turn()
        problem: tuple[Reason, str] | None = None
        if turn is None:
            problem = (Reason.CLOSED, f"the log closed before position {index}")
        elif seat not in turn.seats:
            writers = ", ".join(str(s) for s in sorted(turn.seats))
            problem = (
                Reason.WRONG_AUTHOR,
                f"seat {seat} may not write position {index} (writers: {writers})",
            )
        elif part.prev != self.head_hash:
            problem = (Reason.WRONG_PREV, f"part for position {index} names another history")
        else:
            payload_problem = self._payload_problem(turn, part)
            if payload_problem is not None:
                problem = (Reason.BAD_PAYLOAD, payload_problem)
        if problem is not None:
            self._spoiled[seat] = part
            out.rejected.append(Rejection(seat, problem[0], problem[1], index, seat, signed=True))
            return
        assert turn is not None
        self._pending[seat] = part
        if len(self._pending) < len(turn.seats):
            return
        self._commit_pending(out)

    def _commit_pending(self, out: Outcome) -> None:
        """Commit the complete open position, unless the close rule holds it back."""
        index = len(self._entries)
        if self._may_close is not None and not self._may_close(index):
            return
        entry = Entry(list(self._pending.values()))
        self._entries.append(entry)
        self._hashes.append(entry.hash)
        self._pending = {}
        self._spoiled = {}
        self._turn = _UNASKED
        out.committed.append(entry)

    def _drain(self, out: Outcome) -> None:
        """Validate buffered parts whose position has just opened, as far as they reach.

        A buffered part from a non-writer may come after the writers' parts completed the
        position; it is then judged as a part for a settled position, like any late part.
        """
        while not self._proofs:
            index = len(self._entries)
            ready: list[Part] = []
            for seat, waiting in self._future.items():
                part = waiting.pop(index, None)
                if part is not None:
                    self._future_bytes[seat] -= len(part.raw)
                    ready.append(part)
            if not ready:
                return
            for part in ready:
                self._judge(part, self._known(part.index, part.seat), out)
            if len(self._entries) == index:
                return

    def _buffer(self, part: Part, out: Outcome) -> None:
        limits = self._limits
        if part.index - len(self._entries) > limits.max_lookahead:
            out.dropped += 1
            return
        waiting = self._future[part.seat]
        size = len(part.raw)
        while (
            len(waiting) + 1 > limits.max_buffered_parts_per_seat
            or self._future_bytes[part.seat] + size > limits.max_buffered_bytes_per_seat
        ):
            farthest = max(waiting, default=-1)
            if farthest <= part.index:
                out.dropped += 1
                return
            self._future_bytes[part.seat] -= len(waiting.pop(farthest).raw)
            out.dropped += 1
        waiting[part.index] = part
        self._future_bytes[part.seat] += size
        out.buffered += 1
