"""A proof of knowledge of scalars satisfying linear relations between points (Maurer).

Why: the seat hand-over (``handover.py``) must show that one pair ``(r, sk_new)`` links a
blinded ``c1'``, a new key and a new ``c2''`` at once. A Chaum-Pedersen proof covers one
secret over two bases; this is its generalisation to ``m`` secrets and ``q`` rows
``P_k = sum_l w_l * B_kl``, with the same Fiat-Shamir binding: the caller's transcript
holds the protocol label, session, step, seat and context; the proof appends the shape,
every row's point and bases, then the prover's commitments, then draws the challenge.

Encoding (normative, protocol/escrow.md section 5): ``c || z_1 || ... || z_m``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed
from p2pbang.crypto.group import (
    POINT_BYTES,
    SCALAR_BYTES,
    SYSTEM_RANDOM,
    L,
    Point,
    RandomSource,
    decode_scalar,
    encode_scalar,
    multi_scalar_mul,
    nonzero_scalar,
)
from p2pbang.crypto.transcript import Transcript, u64

Row = tuple[Point, Sequence[Point | None]]
"""``(P, [B_1, ..., B_m])``: the claim ``P = sum w_l * B_l`` (``None`` is a zero base)."""


@dataclass(frozen=True, slots=True)
class LinearProof:
    challenge: int
    responses: tuple[int, ...]

    def encode(self) -> bytes:
        return encode_scalar(self.challenge) + b"".join(encode_scalar(z) for z in self.responses)

    @classmethod
    def decode(cls, data: object, witnesses: int) -> LinearProof:
        size = SCALAR_BYTES * (witnesses + 1)
        if not isinstance(data, bytes) or len(data) != size:
            raise InvalidEncoding(f"a linear proof of {witnesses} secrets is {size} bytes")
        scalars = [decode_scalar(data[i:i + SCALAR_BYTES]) for i in range(0, size, SCALAR_BYTES)]
        return cls(scalars[0], tuple(scalars[1:]))


def proof_bytes(witnesses: int) -> int:
    return SCALAR_BYTES * (witnesses + 1)


def _absorb(t: Transcript, rows: Sequence[Row], width: int) -> None:
    for _, bases in rows:
        if len(bases) != width:
            raise ValueError("every row needs one base per secret")
    t.append(b"rows", u64(len(rows)) + u64(width))
    for point, bases in rows:
        t.append_point(b"P", point)
        t.append(b"B", b"".join(bytes(POINT_BYTES) if b is None else b.encode()
                                 for b in bases))


def prove_linear(t: Transcript, witnesses: Sequence[int], rows: Sequence[Row],
                 rng: RandomSource = SYSTEM_RANDOM) -> LinearProof:
    """Prove knowledge of ``witnesses`` for ``rows`` (the caller guarantees the relations)."""
    _absorb(t, rows, len(witnesses))
    nonces = [nonzero_scalar(rng) for _ in witnesses]
    for _, bases in rows:
        t.append_point(b"A", multi_scalar_mul(
            (u, b) for u, b in zip(nonces, bases, strict=True) if b is not None))
    c = t.challenge(b"c")
    return LinearProof(c, tuple((u + c * w) % L for u, w in zip(nonces, witnesses, strict=True)))


def verify_linear(t: Transcript, proof: LinearProof, rows: Sequence[Row]) -> None:
    """Raise ``VerificationFailed`` unless the prover knows secrets satisfying ``rows``."""
    width = len(proof.responses)
    _absorb(t, rows, width)
    minus_c = L - proof.challenge
    for point, bases in rows:
        terms = [(z, b) for z, b in zip(proof.responses, bases, strict=True) if b is not None]
        t.append_point(b"A", multi_scalar_mul([*terms, (minus_c, point)]))
    if t.challenge(b"c") != proof.challenge:
        raise VerificationFailed("the linear proof of knowledge does not verify")
