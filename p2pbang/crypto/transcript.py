"""Fiat-Shamir transcripts: what a non-interactive proof's challenges are computed from.

Why so much goes in: a challenge that does not hash some input lets a proof be replayed
where that input differs. So every transcript starts with the protocol label, the session
id, the step counter and the prover's seat, and every construction then appends all its
public inputs and every prover message before each challenge. Each field is framed with the
length of its label and of its data, so no two different sequences of fields hash alike.

Encoding (normative, see protocol/crypto.md): SHA-512 over
``frame(b"p2pbang/v1/transcript", protocol) || frame(b"session", id) || frame(b"step",
u64be(step)) || frame(b"seat", u64be(seat)) || ...`` where ``frame(label, data) =
u32be(len(label)) || label || u64be(len(data)) || data``. A challenge first appends
``frame(b"challenge", label)`` and then reduces the 64-byte digest of the state so far,
read little-endian, modulo L.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from p2pbang.crypto.group import Point, encode_scalar, scalar_from_wide


def frame(label: bytes, data: bytes) -> bytes:
    """``u32be(len(label)) || label || u64be(len(data)) || data``."""
    return len(label).to_bytes(4, "big") + label + len(data).to_bytes(8, "big") + data


def u64(value: int) -> bytes:
    if not 0 <= value < 1 << 64:
        raise ValueError("integer field out of the u64 range")
    return value.to_bytes(8, "big")


class Transcript:
    """An append-only SHA-512 transcript bound to (protocol, session, step, seat)."""

    __slots__ = ("_hash",)

    def __init__(self, protocol: bytes, session_id: bytes, step: int, seat: int) -> None:
        self._hash = hashlib.sha512()
        self._hash.update(frame(b"p2pbang/v1/transcript", protocol))
        self.append(b"session", session_id)
        self.append(b"step", u64(step))
        self.append(b"seat", u64(seat))

    def append(self, label: bytes, data: bytes) -> None:
        self._hash.update(frame(label, data))

    def append_int(self, label: bytes, value: int) -> None:
        self.append(label, u64(value))

    def append_point(self, label: bytes, point: Point) -> None:
        self.append(label, point.encode())

    def append_points(self, label: bytes, points: Iterable[Point]) -> None:
        """All points as one field: their encodings concatenated (the count is implied)."""
        self.append(label, b"".join(p.encode() for p in points))

    def append_scalar(self, label: bytes, value: int) -> None:
        self.append(label, encode_scalar(value))

    def challenge(self, label: bytes) -> int:
        """A scalar challenge from everything appended so far (then bound in, too)."""
        self._hash.update(frame(b"challenge", label))
        return scalar_from_wide(self._hash.copy().digest())
