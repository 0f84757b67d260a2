"""The ristretto255 prime-order group, wrapped over libsodium (through ``rbcl``).

Why a wrapper: every point that crosses the wire must be validated (canonical encoding, on
the curve, not the identity where the identity would be a trick), every scalar received must
be reduced and canonical, and every library exception must become one "invalid" result
instead of a crash. Doing this once, here, means no other module ever touches raw bytes.

Points are immutable values holding their canonical 32-byte encoding (ristretto255 has
exactly one encoding per group element, so equality of encodings is equality of points).
Scalars are plain Python ints modulo ``L``: Python's big-int arithmetic is ~100x faster
than a round trip into libsodium for scalar operations; bytes are only made for a scalar
multiplication. Secrets come from ``secrets`` through a ``RandomSource``, which only the
test-vector generator replaces (see ``tests/crypto/vectorgen.py``).

``OPS`` counts scalar multiplications and additions, so benchmarks report costs in group
operations as well as milliseconds.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import rbcl

from p2pbang.crypto.errors import InvalidEncoding

L = 2**252 + 27742317777372353535851937790883648493
"""The order of the ristretto255 group."""

POINT_BYTES = 32
SCALAR_BYTES = 32
_IDENTITY_ENCODING = bytes(POINT_BYTES)

_scalarmult = rbcl.crypto_scalarmult_ristretto255
_scalarmult_base = rbcl.crypto_scalarmult_ristretto255_base
_add = rbcl.crypto_core_ristretto255_add
_sub = rbcl.crypto_core_ristretto255_sub
_is_valid = rbcl.crypto_core_ristretto255_is_valid_point
_from_hash = rbcl.crypto_core_ristretto255_from_hash


@dataclass
class OpCounter:
    """Group operations performed by this process (for cost reports, not for logic)."""

    scalar_mults: int = 0
    base_mults: int = 0
    adds: int = 0
    decodes: int = 0

    def snapshot(self) -> tuple[int, int, int, int]:
        return (self.scalar_mults, self.base_mults, self.adds, self.decodes)

    def since(self, before: tuple[int, int, int, int]) -> dict[str, int]:
        now = self.snapshot()
        keys = ("scalar_mults", "base_mults", "adds", "decodes")
        return {k: now[i] - before[i] for i, k in enumerate(keys)}


OPS = OpCounter()


class Point:
    """An element of ristretto255, held as its canonical encoding. Immutable.

    Build one with ``Point.decode`` (validating: use it for every byte string from outside)
    or get one from group operations. The constructor is the validating decoder too.
    """

    __slots__ = ("_enc",)
    _enc: bytes

    def __init__(self, encoding: bytes, *, allow_identity: bool = False) -> None:
        object.__setattr__(self, "_enc", _validated(encoding, allow_identity))

    @classmethod
    def decode(cls, encoding: object, *, allow_identity: bool = False) -> Point:
        """Decode and validate; raise ``InvalidEncoding`` with the reason on any defect."""
        return cls._trusted(_validated(encoding, allow_identity))

    @classmethod
    def _trusted(cls, encoding: bytes) -> Point:
        """Wrap an encoding libsodium itself produced (already canonical and valid)."""
        point = object.__new__(cls)
        object.__setattr__(point, "_enc", encoding)
        return point

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Point is immutable")

    def encode(self) -> bytes:
        return self._enc

    def __bytes__(self) -> bytes:
        return self._enc

    def is_identity(self) -> bool:
        return self._enc == _IDENTITY_ENCODING

    def __add__(self, other: Point) -> Point:
        if not isinstance(other, Point):
            return NotImplemented
        OPS.adds += 1
        return Point._trusted(_add(self._enc, other._enc))

    def __sub__(self, other: Point) -> Point:
        if not isinstance(other, Point):
            return NotImplemented
        OPS.adds += 1
        return Point._trusted(_sub(self._enc, other._enc))

    def __neg__(self) -> Point:
        OPS.adds += 1
        return Point._trusted(_sub(_IDENTITY_ENCODING, self._enc))

    def __mul__(self, scalar: int) -> Point:
        if not isinstance(scalar, int) or isinstance(scalar, bool):
            return NotImplemented
        return scalar_mul(scalar, self)

    __rmul__ = __mul__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Point) and other._enc == self._enc

    def __hash__(self) -> int:
        return hash(self._enc)

    def __repr__(self) -> str:
        return f"Point({self._enc.hex()[:16]}...)"


def _validated(encoding: object, allow_identity: bool) -> bytes:
    OPS.decodes += 1
    if isinstance(encoding, (bytearray, memoryview)):
        encoding = bytes(encoding)
    if not isinstance(encoding, bytes):
        raise InvalidEncoding(f"a point must be bytes, not {type(encoding).__name__}")
    if len(encoding) != POINT_BYTES:
        raise InvalidEncoding(f"a point is {POINT_BYTES} bytes, got {len(encoding)}")
    if encoding[-1] & 0x80:
        # libsodium masks bit 255 off before decoding, so it would accept a second encoding
        # of every point (the identity included); RFC 9496 makes it non-canonical.
        raise InvalidEncoding("non-canonical ristretto255 point encoding (bit 255 set)")
    try:
        valid = _is_valid(encoding)
    except Exception as exc:  # any library failure is just "invalid"
        raise InvalidEncoding("not a ristretto255 point") from exc
    if not valid:
        raise InvalidEncoding("not a canonical ristretto255 point encoding")
    if not allow_identity and encoding == _IDENTITY_ENCODING:
        raise InvalidEncoding("the identity point is not allowed here")
    return encoding


IDENTITY = Point._trusted(_IDENTITY_ENCODING)


def scalar_bytes(scalar: int) -> bytes:
    """The 32-byte little-endian encoding of ``scalar mod L`` (always canonical)."""
    return (scalar % L).to_bytes(SCALAR_BYTES, "little")


def encode_scalar(scalar: int) -> bytes:
    """Encode a scalar already reduced into ``[0, L)``; a wider int is a local bug."""
    if not 0 <= scalar < L:
        raise ValueError("scalar out of range")
    return scalar.to_bytes(SCALAR_BYTES, "little")


def decode_scalar(data: object) -> int:
    """Decode a canonical scalar (32 bytes little-endian, below ``L``), else InvalidEncoding."""
    if isinstance(data, (bytearray, memoryview)):
        data = bytes(data)
    if not isinstance(data, bytes):
        raise InvalidEncoding(f"a scalar must be bytes, not {type(data).__name__}")
    if len(data) != SCALAR_BYTES:
        raise InvalidEncoding(f"a scalar is {SCALAR_BYTES} bytes, got {len(data)}")
    value = int.from_bytes(data, "little")
    if value >= L:
        raise InvalidEncoding("non-canonical scalar (not reduced modulo the group order)")
    return value


def scalar_mul(scalar: int, point: Point) -> Point:
    """``scalar * point``; a zero scalar or the identity point gives the identity."""
    OPS.scalar_mults += 1
    s = scalar % L
    if s == 0:
        return IDENTITY
    try:
        return Point._trusted(_scalarmult(s.to_bytes(SCALAR_BYTES, "little"), point._enc))
    except RuntimeError:
        # libsodium refuses to *output* the identity; mathematically that is the answer.
        return IDENTITY


def base_mul(scalar: int) -> Point:
    """``scalar * G`` for the standard generator (faster: libsodium uses a fixed-base table)."""
    OPS.base_mults += 1
    s = scalar % L
    if s == 0:
        return IDENTITY
    return Point._trusted(_scalarmult_base(s.to_bytes(SCALAR_BYTES, "little")))


GENERATOR = base_mul(1)
_GENERATOR_ENCODING = GENERATOR.encode()


def multi_scalar_mul(terms: Iterable[tuple[int, Point]]) -> Point:
    """``sum(k * P)`` over the terms, skipping zero scalars and identity points.

    libsodium has no multi-scalar multiplication, so this is one scalar multiplication per
    term; skipping trivial terms is the only shortcut, and it is exact.
    """
    total: Point | None = None
    for scalar, point in terms:
        s = scalar % L
        if s == 0 or point._enc == _IDENTITY_ENCODING:
            continue
        term = base_mul(s) if point._enc == _GENERATOR_ENCODING else scalar_mul(s, point)
        total = term if total is None else total + term
    return IDENTITY if total is None else total


def sum_points(points: Iterable[Point]) -> Point:
    total: Point | None = None
    for point in points:
        total = point if total is None else total + point
    return IDENTITY if total is None else total


@lru_cache(maxsize=4096)
def hash_to_point(label: bytes) -> Point:
    """A point nobody knows the discrete log of: ``from_hash(SHA-512(label))``.

    Used for card encodings and for the Pedersen commitment bases, so that no participant
    could have chosen them with a hidden relation.
    """
    if not isinstance(label, bytes):
        raise TypeError("hash_to_point takes a bytes label")
    return Point._trusted(_from_hash(hashlib.sha512(label).digest()))


def scalar_from_wide(digest: bytes) -> int:
    """Reduce 64 uniformly random bytes modulo ``L`` (bias below 2^-250)."""
    if len(digest) != 64:
        raise ValueError("wide reduction takes exactly 64 bytes")
    return int.from_bytes(digest, "little") % L


class RandomSource(Protocol):
    """Where secrets come from. In play this is always ``SYSTEM_RANDOM`` (``secrets``)."""

    def scalar(self) -> int:
        """A uniform scalar in ``[0, L)``."""
        ...

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``."""
        ...

    def token(self, size: int) -> bytes:
        """``size`` uniform random bytes."""
        ...


class SystemRandomSource:
    """The operating system's CSPRNG, through the ``secrets`` module."""

    def scalar(self) -> int:
        return secrets.randbelow(L)

    def below(self, bound: int) -> int:
        return secrets.randbelow(bound)

    def token(self, size: int) -> bytes:
        return secrets.token_bytes(size)


SYSTEM_RANDOM: RandomSource = SystemRandomSource()


def nonzero_scalar(rng: RandomSource) -> int:
    """A uniform scalar in ``[1, L)``: for secret keys and re-randomisers, where 0 is fatal."""
    while True:
        value = rng.scalar()
        if value:
            return value


def random_permutation(size: int, rng: RandomSource) -> list[int]:
    """A uniform permutation of ``range(size)`` (Fisher-Yates with unbiased draws)."""
    perm = list(range(size))
    for i in range(size - 1, 0, -1):
        j = rng.below(i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    return perm
