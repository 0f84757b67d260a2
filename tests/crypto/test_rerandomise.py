"""Proven re-randomisation: same card, new ciphertext; swaps and no-ops rejected."""

from __future__ import annotations

import pytest

from p2pbang.crypto.elgamal import Ciphertext, card_point, encrypt, rerandomised, unmask
from p2pbang.crypto.errors import VerificationFailed
from p2pbang.crypto.group import SYSTEM_RANDOM, base_mul, scalar_mul
from p2pbang.crypto.rerandomise import rerandomise_with_proof, verify_rerandomisation

SESSION = b"rerand-session-1"


@pytest.fixture
def table():
    sk = SYSTEM_RANDOM.scalar()
    X = base_mul(sk)
    ct = encrypt(card_point("deck", 3), X, SYSTEM_RANDOM.scalar())
    return sk, X, ct


def test_honest_rerandomisation_verifies(table) -> None:
    sk, X, ct = table
    new, proof = rerandomise_with_proof(ct, X, SESSION, 9, 2, b"slot 4")
    verify_rerandomisation(ct, new, proof, X, SESSION, 9, 2, b"slot 4")
    assert new != ct
    assert unmask(new, [scalar_mul(sk, new.c1)]) == card_point("deck", 3)


def test_swapped_card_is_rejected(table) -> None:
    _, X, ct = table
    new, proof = rerandomise_with_proof(ct, X, SESSION, 9, 2, b"s")
    swapped = Ciphertext(new.c1, new.c2 - card_point("deck", 3) + card_point("deck", 4))
    with pytest.raises(VerificationFailed):
        verify_rerandomisation(ct, swapped, proof, X, SESSION, 9, 2, b"s")
    fresh = encrypt(card_point("deck", 4), X, SYSTEM_RANDOM.scalar())
    with pytest.raises(VerificationFailed):
        verify_rerandomisation(ct, fresh, proof, X, SESSION, 9, 2, b"s")


def test_unchanged_ciphertext_is_rejected(table) -> None:
    _, X, ct = table
    _, proof = rerandomise_with_proof(ct, X, SESSION, 9, 2, b"s")
    with pytest.raises(VerificationFailed, match="not re-randomised"):
        verify_rerandomisation(ct, ct, proof, X, SESSION, 9, 2, b"s")


@pytest.mark.parametrize(("step", "seat", "context"), [(8, 2, b"s"), (9, 1, b"s"), (9, 2, b"t")])
def test_proof_replay_elsewhere_is_rejected(table, step, seat, context) -> None:
    _, X, ct = table
    new, proof = rerandomise_with_proof(ct, X, SESSION, 9, 2, b"s")
    with pytest.raises(VerificationFailed):
        verify_rerandomisation(ct, new, proof, X, SESSION, step, seat, context)


def test_proof_for_another_rerandomisation_is_rejected(table) -> None:
    _, X, ct = table
    _, proof = rerandomise_with_proof(ct, X, SESSION, 9, 2, b"s")
    other = rerandomised(ct, X, SYSTEM_RANDOM.scalar())
    with pytest.raises(VerificationFailed):
        verify_rerandomisation(ct, other, proof, X, SESSION, 9, 2, b"s")
