"""Keys with Schnorr proofs: rogue keys and replayed proofs are rejected."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed
from p2pbang.crypto.group import IDENTITY, L, base_mul, sum_points
from p2pbang.crypto.keys import (
    KeyProof,
    VerifiedKey,
    generate_keypair,
    joint_public_key,
    prove_key,
    verify_key,
)

SESSION = b"session-one-0001"
OTHER_SESSION = b"session-two-0002"


def test_honest_key_verifies_and_joint_key_is_the_sum() -> None:
    pairs = [generate_keypair() for _ in range(4)]
    verified = [verify_key(kp.public, prove_key(kp, SESSION, seat), SESSION, seat)
                for seat, kp in enumerate(pairs)]
    joint = joint_public_key(verified)
    assert joint == sum_points(kp.public for kp in pairs)
    assert joint == base_mul(sum(kp.secret for kp in pairs))


def test_rogue_key_without_valid_proof_is_rejected() -> None:
    """The classic attack: pk_rogue = g^x - sum(honest keys); no one knows its log."""
    honest = [generate_keypair() for _ in range(3)]
    attacker = generate_keypair()
    rogue = attacker.public - sum_points(kp.public for kp in honest)
    # The attacker can only prove knowledge of its own x, not of the rogue key's log.
    proof = prove_key(attacker, SESSION, 3)
    with pytest.raises(VerificationFailed, match="proof of knowledge"):
        verify_key(rogue, proof, SESSION, 3)
    forged = KeyProof(proof.challenge, (proof.response + 1) % L)
    with pytest.raises(VerificationFailed):
        verify_key(rogue, forged, SESSION, 3)


def test_proof_replayed_from_another_seat_is_rejected() -> None:
    victim = generate_keypair()
    proof = prove_key(victim, SESSION, 0)
    with pytest.raises(VerificationFailed):
        verify_key(victim.public, proof, SESSION, 1)


def test_proof_replayed_from_another_session_is_rejected() -> None:
    kp = generate_keypair()
    proof = prove_key(kp, OTHER_SESSION, 0)
    with pytest.raises(VerificationFailed):
        verify_key(kp.public, proof, SESSION, 0)


def test_proof_for_another_key_is_rejected() -> None:
    kp, other = generate_keypair(), generate_keypair()
    with pytest.raises(VerificationFailed):
        verify_key(other.public, prove_key(kp, SESSION, 0), SESSION, 0)


def test_identity_key_is_rejected() -> None:
    kp = generate_keypair()
    with pytest.raises(VerificationFailed, match="identity"):
        verify_key(IDENTITY, prove_key(kp, SESSION, 0), SESSION, 0)


def test_only_verified_keys_enter_the_joint_key() -> None:
    kp = generate_keypair()
    with pytest.raises(TypeError):
        joint_public_key([kp.public])  # type: ignore[list-item]
    verified = verify_key(kp.public, prove_key(kp, SESSION, 0), SESSION, 0)
    with pytest.raises(ValueError, match="two keys"):
        joint_public_key([verified, verified])


def test_joint_key_that_cancels_is_rejected() -> None:
    kp = generate_keypair()
    with pytest.raises(VerificationFailed, match="identity"):
        joint_public_key([VerifiedKey(0, kp.public), VerifiedKey(1, -kp.public)])


def test_proof_roundtrip_and_bad_encodings() -> None:
    proof = prove_key(generate_keypair(), SESSION, 0)
    assert KeyProof.decode(proof.encode()) == proof
    for bad in (b"", proof.encode()[:63], proof.encode() + b"\x00", b"\xff" * 64):
        with pytest.raises(InvalidEncoding):
            KeyProof.decode(bad)


@settings(max_examples=50, deadline=None)
@given(st.binary(min_size=64, max_size=64))
def test_random_proofs_never_verify_nor_crash(data: bytes) -> None:
    kp = generate_keypair()
    try:
        proof = KeyProof.decode(data)
    except InvalidEncoding:
        return
    with pytest.raises(VerificationFailed):
        verify_key(kp.public, proof, SESSION, 0)
