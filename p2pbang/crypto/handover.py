"""The key switch of a seat ``v`` to a new key, without opening any card.

Why (protocol/escrow.md sections 3-5): every ciphertext that still needs ``sk_v`` must be
moved from the joint key ``X`` to ``Y = X - pk_v + pk_new`` (the incoming holder's fresh
key). Publishing ``sk_v*c1`` would open every card of ``v``'s hand to everyone (the other
shares are public), and publishing ``sk_new*c1'`` would open it once dealt back to ``v``.
So the incoming holder blinds ``c1' = c1 + r*G`` and proves ``r`` (``shift``), the leaver
or ``t`` escrow holders give ``D' = sk_v*c1'`` with Chaum-Pedersen proofs (``partial``),
and the incoming holder publishes ``c2'' = M + (rho + r)*Y`` with a proof of ``(r, sk_new)``
for three linear relations (``switch``). Only ``D' - r*pk_v = sk_v*c1`` opens the card,
and only the holder of ``r`` can compute it.
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pbang.crypto.dleq import DecryptionShare, prove_dleq, verify_dleq
from p2pbang.crypto.elgamal import Ciphertext
from p2pbang.crypto.errors import VerificationFailed
from p2pbang.crypto.group import (
    GENERATOR,
    SYSTEM_RANDOM,
    Point,
    RandomSource,
    base_mul,
    nonzero_scalar,
    scalar_mul,
)
from p2pbang.crypto.linear import LinearProof, prove_linear, verify_linear
from p2pbang.crypto.transcript import Transcript

SHIFT_PROTOCOL = b"p2pbang/v1/handover/shift"
LEAVER_PROTOCOL = b"p2pbang/v1/handover/leaver"
PARTIAL_PROTOCOL = b"p2pbang/v1/handover/partial"
SWITCH_PROTOCOL = b"p2pbang/v1/handover/switch"


def handover_context(seat: int, slot: int) -> bytes:
    return b"handover/seat:%d/slot:%d" % (seat, slot)


def _transcript(protocol: bytes, session_id: bytes, step: int, writer: int,
                context: bytes) -> Transcript:
    t = Transcript(protocol, session_id, step, writer)
    t.append(b"context", context)
    return t


# --- round A: the blinded c1' and the proof of r ------------------------------------------

@dataclass(frozen=True, slots=True)
class Shift:
    """The incoming holder's secret blinding of one slot (kept until round C)."""

    r: int
    c1: Point


def make_shift(c1: Point, session_id: bytes, step: int, writer: int, context: bytes,
               rng: RandomSource = SYSTEM_RANDOM) -> tuple[Shift, LinearProof]:
    r = nonzero_scalar(rng)
    shifted = c1 + base_mul(r)
    t = _transcript(SHIFT_PROTOCOL, session_id, step, writer, context)
    t.append_point(b"c1", c1)
    proof = prove_linear(t, [r], [(shifted - c1, [GENERATOR])], rng)
    return Shift(r, shifted), proof


def verify_shift(c1: Point, shifted: Point, proof: LinearProof, session_id: bytes,
                 step: int, writer: int, context: bytes) -> None:
    delta = shifted - c1
    if delta.is_identity():
        raise VerificationFailed("the blinded c1 equals the old one")
    t = _transcript(SHIFT_PROTOCOL, session_id, step, writer, context)
    t.append_point(b"c1", c1)
    try:
        verify_linear(t, proof, [(delta, [GENERATOR])])
    except VerificationFailed:
        raise VerificationFailed("the proof of the blinding scalar does not verify") from None


# --- round B: sk_v * c1', from the leaver or from the escrow holders -----------------------

def make_partial(protocol: bytes, secret: int, public: Point, point: Point, session_id: bytes,
                 step: int, writer: int, context: bytes,
                 rng: RandomSource = SYSTEM_RANDOM) -> DecryptionShare:
    """``secret * point`` with a DLEQ against ``public = secret*G`` (the leaver's key or
    the holder's public escrow share)."""
    value = scalar_mul(secret, point)
    t = _transcript(protocol, session_id, step, writer, context)
    return DecryptionShare(value, prove_dleq(t, secret, GENERATOR, public, point, value, rng))


def verify_partial(protocol: bytes, public: Point, point: Point, partial: DecryptionShare,
                   session_id: bytes, step: int, writer: int, context: bytes) -> None:
    if partial.share.is_identity():
        raise VerificationFailed("a partial decryption cannot be the identity")
    t = _transcript(protocol, session_id, step, writer, context)
    try:
        verify_dleq(t, partial.proof, GENERATOR, public, point, partial.share)
    except VerificationFailed:
        raise VerificationFailed("the partial decryption's proof does not verify") from None


# --- round C: the new c2'' under Y ----------------------------------------------------------

def _switch_rows(old: Ciphertext, shifted: Point, d_prime: Point, c2_new: Point,
                 pk_new: Point, joint: Point) -> list[tuple[Point, list[Point | None]]]:
    return [
        (shifted - old.c1, [GENERATOR, None]),
        (pk_new, [None, GENERATOR]),
        (c2_new - old.c2 + d_prime, [joint + pk_new, old.c1]),
    ]


def _switch_transcript(session_id: bytes, step: int, writer: int, context: bytes,
                       old: Ciphertext, shifted: Point, d_prime: Point) -> Transcript:
    t = _transcript(SWITCH_PROTOCOL, session_id, step, writer, context)
    t.append(b"old", old.encode())
    t.append_point(b"c1'", shifted)
    t.append_point(b"D'", d_prime)
    return t


def switched_c2(old: Ciphertext, shift: Shift, d_prime: Point, new_secret: int,
                joint: Point) -> Point:
    """``c2 - D' + r*(X + pk_new) + sk_new*c1 = M + (rho + r)*Y``."""
    pk_new = base_mul(new_secret)
    return (old.c2 - d_prime + scalar_mul(shift.r, joint + pk_new)
            + scalar_mul(new_secret, old.c1))


def prove_switch(old: Ciphertext, shift: Shift, d_prime: Point, new_secret: int, joint: Point,
                 session_id: bytes, step: int, writer: int, context: bytes,
                 rng: RandomSource = SYSTEM_RANDOM) -> tuple[Ciphertext, LinearProof]:
    """The switched ciphertext ``(c1', c2'')`` and the proof that it is the same card."""
    pk_new = base_mul(new_secret)
    c2_new = switched_c2(old, shift, d_prime, new_secret, joint)
    t = _switch_transcript(session_id, step, writer, context, old, shift.c1, d_prime)
    rows = _switch_rows(old, shift.c1, d_prime, c2_new, pk_new, joint)
    return Ciphertext(shift.c1, c2_new), prove_linear(t, [shift.r, new_secret], rows, rng)


def verify_switch(old: Ciphertext, new: Ciphertext, d_prime: Point, proof: LinearProof,
                  pk_new: Point, joint: Point, session_id: bytes, step: int, writer: int,
                  context: bytes) -> None:
    """``joint`` is the key before the switch (``X``), ``pk_new`` the proven new key."""
    t = _switch_transcript(session_id, step, writer, context, old, new.c1, d_prime)
    rows = _switch_rows(old, new.c1, d_prime, new.c2, pk_new, joint)
    try:
        verify_linear(t, proof, rows)
    except VerificationFailed:
        raise VerificationFailed(
            "the key switch proof does not verify: the card may have been swapped") from None
