"""Decryption shares with Chaum-Pedersen proofs: every wrong share is rejected."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.crypto.dleq import (
    DecryptionShare,
    DleqProof,
    make_share,
    verify_share,
)
from p2pbang.crypto.elgamal import card_point, encrypt, trivial_encryption, unmask
from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed
from p2pbang.crypto.group import SYSTEM_RANDOM, L, hash_to_point, scalar_mul
from p2pbang.crypto.keys import generate_keypair

SESSION = b"dleq-session-001"


@pytest.fixture
def setting():
    kp = generate_keypair()
    other = generate_keypair()
    X = kp.public + other.public
    ct = encrypt(card_point("deck", 9), X, SYSTEM_RANDOM.scalar())
    ct_b = encrypt(card_point("deck", 10), X, SYSTEM_RANDOM.scalar())
    return kp, other, ct, ct_b


def test_honest_share_verifies_and_decrypts(setting) -> None:
    kp, other, ct, _ = setting
    mine = make_share(kp, ct, SESSION, 4, 0, b"slot 1")
    theirs = make_share(other, ct, SESSION, 4, 1, b"slot 1")
    verify_share(kp.public, ct, mine, SESSION, 4, 0, b"slot 1")
    verify_share(other.public, ct, theirs, SESSION, 4, 1, b"slot 1")
    assert unmask(ct, [mine.share, theirs.share]) == card_point("deck", 9)


def test_random_point_as_share_is_rejected(setting) -> None:
    kp, _, ct, _ = setting
    honest = make_share(kp, ct, SESSION, 4, 0, b"c")
    fake = DecryptionShare(hash_to_point(b"random"), honest.proof)
    with pytest.raises(VerificationFailed):
        verify_share(kp.public, ct, fake, SESSION, 4, 0, b"c")


def test_share_of_another_card_is_rejected(setting) -> None:
    kp, _, ct, ct_b = setting
    of_b = make_share(kp, ct_b, SESSION, 4, 0, b"c")
    with pytest.raises(VerificationFailed):
        verify_share(kp.public, ct, of_b, SESSION, 4, 0, b"c")
    # Even with the right share value, a proof made for another ciphertext fails.
    right_value = scalar_mul(kp.secret, ct.c1)
    with pytest.raises(VerificationFailed):
        verify_share(kp.public, ct, DecryptionShare(right_value, of_b.proof), SESSION, 4, 0, b"c")


@pytest.mark.parametrize(
    ("step", "seat", "context", "session"),
    [(5, 0, b"c", SESSION), (4, 1, b"c", SESSION), (4, 0, b"d", SESSION),
     (4, 0, b"c", b"other-session-01")],
)
def test_proof_bound_to_step_seat_context_session(setting, step, seat, context, session) -> None:
    kp, _, ct, _ = setting
    share = make_share(kp, ct, SESSION, 4, 0, b"c")
    with pytest.raises(VerificationFailed):
        verify_share(kp.public, ct, share, session, step, seat, context)


def test_share_from_another_key_is_rejected(setting) -> None:
    kp, other, ct, _ = setting
    share = make_share(other, ct, SESSION, 4, 0, b"c")
    with pytest.raises(VerificationFailed):
        verify_share(kp.public, ct, share, SESSION, 4, 0, b"c")


def test_trivial_ciphertexts_have_no_shares(setting) -> None:
    kp, _, ct, _ = setting
    share = make_share(kp, ct, SESSION, 4, 0, b"c")
    trivial = trivial_encryption(card_point("deck", 1))
    with pytest.raises(VerificationFailed, match="trivial"):
        verify_share(kp.public, trivial, share, SESSION, 4, 0, b"c")
    with pytest.raises(ValueError):
        make_share(kp, trivial, SESSION, 4, 0, b"c")


def test_share_encoding_rejections(setting) -> None:
    kp, _, ct, _ = setting
    share = make_share(kp, ct, SESSION, 4, 0, b"c")
    data = share.encode()
    assert DecryptionShare.decode(data) == share
    for bad in (data[:-1], data + b"\x00", bytes(32) + data[32:],
                data[:32] + L.to_bytes(32, "little") + data[64:], b""):
        with pytest.raises(InvalidEncoding):
            DecryptionShare.decode(bad)


@settings(max_examples=60, deadline=None)
@given(st.binary(min_size=96, max_size=96))
def test_share_fuzz_never_verifies_nor_crashes(data: bytes) -> None:
    kp = generate_keypair()
    ct = encrypt(card_point("deck", 2), kp.public, 7)
    try:
        share = DecryptionShare.decode(data)
    except InvalidEncoding:
        return
    with pytest.raises(VerificationFailed):
        verify_share(kp.public, ct, share, SESSION, 0, 0, b"c")


def test_dleq_proof_decoding() -> None:
    with pytest.raises(InvalidEncoding):
        DleqProof.decode(b"\x00" * 63)
