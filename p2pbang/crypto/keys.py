"""Per-seat ElGamal keys with a Schnorr proof of knowledge, and the joint table key.

Why the proof: the joint key is the sum of the seats' keys. Without a proof of knowledge a
seat speaking last could publish ``pk = g^x - sum(others)`` (a rogue key) and own the whole
joint key alone. The Schnorr proof shows the seat knows the discrete log of its own key;
binding it to (session, seat, pk) stops a seat from replaying someone else's proof, or its
own from another table.

Only a ``VerifiedKey`` (which ``verify_key`` alone returns) can enter the joint key, so an
unchecked key cannot slip in by mistake.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed
from p2pbang.crypto.group import (
    IDENTITY,
    SYSTEM_RANDOM,
    L,
    Point,
    RandomSource,
    base_mul,
    decode_scalar,
    encode_scalar,
    nonzero_scalar,
    scalar_mul,
)
from p2pbang.crypto.transcript import Transcript

PROTOCOL = b"p2pbang/v1/keygen"
KEY_PROOF_BYTES = 64


@dataclass(frozen=True, slots=True)
class KeyPair:
    """A seat's secret scalar and public point ``public = secret * G``."""

    secret: int = field(repr=False)
    public: Point


@dataclass(frozen=True, slots=True)
class KeyProof:
    """A Schnorr proof in (challenge, response) form: 64 bytes on the wire."""

    challenge: int
    response: int

    def encode(self) -> bytes:
        return encode_scalar(self.challenge) + encode_scalar(self.response)

    @classmethod
    def decode(cls, data: object) -> KeyProof:
        if not isinstance(data, bytes) or len(data) != KEY_PROOF_BYTES:
            raise InvalidEncoding(f"a key proof is {KEY_PROOF_BYTES} bytes")
        return cls(decode_scalar(data[:32]), decode_scalar(data[32:]))


@dataclass(frozen=True, slots=True)
class VerifiedKey:
    """A public key whose proof of knowledge checked out for this seat and session."""

    seat: int
    public: Point


def generate_keypair(rng: RandomSource = SYSTEM_RANDOM) -> KeyPair:
    secret = nonzero_scalar(rng)
    return KeyPair(secret, base_mul(secret))


def _challenge(public: Point, commitment: Point, session_id: bytes, seat: int, step: int) -> int:
    transcript = Transcript(PROTOCOL, session_id, step, seat)
    transcript.append_point(b"pk", public)
    transcript.append_point(b"R", commitment)
    return transcript.challenge(b"c")


def prove_key(
    keypair: KeyPair,
    session_id: bytes,
    seat: int,
    step: int = 0,
    rng: RandomSource = SYSTEM_RANDOM,
) -> KeyProof:
    """Prove knowledge of ``keypair.secret``, bound to (session, step, seat, public key)."""
    nonce = nonzero_scalar(rng)
    challenge = _challenge(keypair.public, base_mul(nonce), session_id, seat, step)
    return KeyProof(challenge, (nonce + challenge * keypair.secret) % L)


def verify_key(
    public: Point, proof: KeyProof, session_id: bytes, seat: int, step: int = 0
) -> VerifiedKey:
    """Check the proof; return the key as verified, or raise ``VerificationFailed``."""
    if public.is_identity():
        raise VerificationFailed("a public key cannot be the identity")
    commitment = base_mul(proof.response) - scalar_mul(proof.challenge, public)
    if _challenge(public, commitment, session_id, seat, step) != proof.challenge:
        raise VerificationFailed(
            "the key's proof of knowledge does not verify for this seat and session"
        )
    return VerifiedKey(seat, public)


def joint_public_key(keys: Iterable[VerifiedKey]) -> Point:
    """The table key: the sum of every seat's verified key (one per seat)."""
    seen: set[int] = set()
    total = IDENTITY
    for key in keys:
        if not isinstance(key, VerifiedKey):
            raise TypeError("only verified keys enter the joint key")
        if key.seat in seen:
            raise ValueError(f"two keys for seat {key.seat}")
        seen.add(key.seat)
        total = total + key.public
    if total.is_identity():
        raise VerificationFailed("the joint key is the identity")
    return total
