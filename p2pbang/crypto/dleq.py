"""Chaum-Pedersen proofs of equal discrete logs, and decryption shares that carry one.

A decryption share ``d = sk * c1`` is only useful if it is the right one: a wrong share
would make a card decrypt to something else (or to nothing) and nobody could tell who lied.
The Chaum-Pedersen proof shows ``log_G(pk) == log_c1(d)`` without revealing ``sk``, so a
share is either provably right or rejected and attributed to its sender.

The generic ``prove_dleq``/``verify_dleq`` are also used by the re-randomisation proof
(``rerandomise.py``): there the common log is the re-randomiser ``r`` between
``(G, c1' - c1)`` and ``(X, c2' - c2)``.

Proofs are (challenge, response), 64 bytes. The caller's transcript already holds the
protocol label, session, step and seat; the proof appends the four points, then the two
commitments, then draws the challenge.
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pbang.crypto.elgamal import Ciphertext
from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed
from p2pbang.crypto.group import (
    GENERATOR,
    POINT_BYTES,
    SYSTEM_RANDOM,
    L,
    Point,
    RandomSource,
    decode_scalar,
    encode_scalar,
    multi_scalar_mul,
    nonzero_scalar,
    scalar_mul,
)
from p2pbang.crypto.keys import KeyPair
from p2pbang.crypto.transcript import Transcript

DLEQ_PROOF_BYTES = 64
SHARE_PROTOCOL = b"p2pbang/v1/decryption-share"
SHARE_BYTES = POINT_BYTES + DLEQ_PROOF_BYTES


@dataclass(frozen=True, slots=True)
class DleqProof:
    challenge: int
    response: int

    def encode(self) -> bytes:
        return encode_scalar(self.challenge) + encode_scalar(self.response)

    @classmethod
    def decode(cls, data: object) -> DleqProof:
        if not isinstance(data, bytes) or len(data) != DLEQ_PROOF_BYTES:
            raise InvalidEncoding(f"a Chaum-Pedersen proof is {DLEQ_PROOF_BYTES} bytes")
        return cls(decode_scalar(data[:32]), decode_scalar(data[32:]))


def _absorb_statement(t: Transcript, g1: Point, h1: Point, g2: Point, h2: Point) -> None:
    t.append_point(b"g1", g1)
    t.append_point(b"h1", h1)
    t.append_point(b"g2", g2)
    t.append_point(b"h2", h2)


def _mul(scalar: int, point: Point) -> Point:
    return multi_scalar_mul([(scalar, point)]) if point == GENERATOR else scalar_mul(scalar, point)


def prove_dleq(
    t: Transcript,
    secret: int,
    g1: Point,
    h1: Point,
    g2: Point,
    h2: Point,
    rng: RandomSource = SYSTEM_RANDOM,
) -> DleqProof:
    """Prove ``h1 = secret*g1`` and ``h2 = secret*g2`` (the caller guarantees both)."""
    _absorb_statement(t, g1, h1, g2, h2)
    nonce = nonzero_scalar(rng)
    t.append_point(b"A", _mul(nonce, g1))
    t.append_point(b"B", _mul(nonce, g2))
    challenge = t.challenge(b"c")
    return DleqProof(challenge, (nonce + challenge * secret) % L)


def verify_dleq(
    t: Transcript, proof: DleqProof, g1: Point, h1: Point, g2: Point, h2: Point
) -> None:
    """Raise ``VerificationFailed`` unless ``log_g1(h1) == log_g2(h2)`` is proven."""
    _absorb_statement(t, g1, h1, g2, h2)
    minus_c = L - proof.challenge
    t.append_point(b"A", multi_scalar_mul([(proof.response, g1), (minus_c, h1)]))
    t.append_point(b"B", multi_scalar_mul([(proof.response, g2), (minus_c, h2)]))
    if t.challenge(b"c") != proof.challenge:
        raise VerificationFailed("the Chaum-Pedersen proof does not verify")


@dataclass(frozen=True, slots=True)
class DecryptionShare:
    """``share = sk * c1`` with its proof; 96 bytes on the wire."""

    share: Point
    proof: DleqProof

    def encode(self) -> bytes:
        return self.share.encode() + self.proof.encode()

    @classmethod
    def decode(cls, data: object) -> DecryptionShare:
        if not isinstance(data, bytes) or len(data) != SHARE_BYTES:
            raise InvalidEncoding(f"a decryption share is {SHARE_BYTES} bytes")
        return cls(Point.decode(data[:POINT_BYTES]), DleqProof.decode(data[POINT_BYTES:]))


def _share_transcript(
    session_id: bytes, step: int, seat: int, context: bytes, ct: Ciphertext
) -> Transcript:
    t = Transcript(SHARE_PROTOCOL, session_id, step, seat)
    t.append(b"context", context)
    t.append(b"ciphertext", ct.encode())
    return t


def make_share(
    keypair: KeyPair,
    ct: Ciphertext,
    session_id: bytes,
    step: int,
    seat: int,
    context: bytes,
    rng: RandomSource = SYSTEM_RANDOM,
) -> DecryptionShare:
    """This seat's share of ``ct`` with a proof bound to the ciphertext and the step."""
    if ct.is_trivial():
        raise ValueError("a trivial encryption needs no decryption share")
    share = scalar_mul(keypair.secret, ct.c1)
    t = _share_transcript(session_id, step, seat, context, ct)
    proof = prove_dleq(t, keypair.secret, GENERATOR, keypair.public, ct.c1, share, rng)
    return DecryptionShare(share, proof)


def verify_share(
    public_key: Point,
    ct: Ciphertext,
    share: DecryptionShare,
    session_id: bytes,
    step: int,
    seat: int,
    context: bytes,
) -> None:
    """Raise ``VerificationFailed`` unless ``share`` is ``seat``'s share of exactly ``ct``."""
    if ct.is_trivial():
        raise VerificationFailed("no decryption share exists for a trivial encryption")
    if share.share.is_identity():
        raise VerificationFailed("a decryption share cannot be the identity")
    t = _share_transcript(session_id, step, seat, context, ct)
    try:
        verify_dleq(t, share.proof, GENERATOR, public_key, ct.c1, share.share)
    except VerificationFailed:
        raise VerificationFailed(
            "the decryption share's proof does not verify for this key and ciphertext"
        ) from None
