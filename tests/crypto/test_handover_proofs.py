"""The hand-over's proofs: the blinding of c1, the partial decryptions, the key switch."""

from __future__ import annotations

import pytest

from p2pbang.crypto.elgamal import Ciphertext, card_point, encrypt
from p2pbang.crypto.errors import VerificationFailed
from p2pbang.crypto.group import GENERATOR, base_mul, hash_to_point, scalar_mul, sum_points
from p2pbang.crypto.handover import (
    LEAVER_PROTOCOL,
    PARTIAL_PROTOCOL,
    Shift,
    make_partial,
    make_shift,
    prove_switch,
    verify_partial,
    verify_shift,
    verify_switch,
)
from p2pbang.crypto.keys import KeyPair
from p2pbang.crypto.linear import prove_linear, verify_linear
from p2pbang.crypto.transcript import Transcript

from .seeded import SeededRandom

SESSION = b"handover-proofs-1"
CTX = b"handover/seat:1/slot:4"


def _keys(rng: SeededRandom, n: int) -> list[KeyPair]:
    return [KeyPair(s, base_mul(s)) for s in (rng.scalar() or 1 for _ in range(n))]


def _setup():
    rng = SeededRandom(b"handover")
    keys = _keys(rng, 3)
    joint = sum_points(k.public for k in keys)
    ct = encrypt(card_point("deck", 5), joint, rng.scalar())
    new = _keys(rng, 1)[0]
    return rng, keys, joint, ct, new


def test_the_switched_ciphertext_opens_under_the_new_key_and_verifies() -> None:
    rng, keys, joint, ct, new = _setup()
    shift, proof = make_shift(ct.c1, SESSION, 5, 1, CTX, rng)
    verify_shift(ct.c1, shift.c1, proof, SESSION, 5, 1, CTX)
    partial = make_partial(LEAVER_PROTOCOL, keys[1].secret, keys[1].public, shift.c1, SESSION,
                           6, 1, CTX, rng)
    verify_partial(LEAVER_PROTOCOL, keys[1].public, shift.c1, partial, SESSION, 6, 1, CTX)
    switched, sproof = prove_switch(ct, shift, partial.share, new.secret, joint, SESSION, 7, 1,
                                    CTX, rng)
    verify_switch(ct, switched, partial.share, sproof, new.public, joint, SESSION, 7, 1, CTX)
    secret = keys[0].secret + keys[2].secret + new.secret
    assert switched.c2 - scalar_mul(secret, switched.c1) == card_point("deck", 5)


def test_a_swapped_card_or_wrong_d_prime_fails_the_switch_proof() -> None:
    rng, keys, joint, ct, new = _setup()
    shift, _ = make_shift(ct.c1, SESSION, 5, 1, CTX, rng)
    d_prime = scalar_mul(keys[1].secret, shift.c1)
    switched, proof = prove_switch(ct, shift, d_prime, new.secret, joint, SESSION, 7, 1, CTX,
                                   rng)
    delta = card_point("deck", 6) - card_point("deck", 5)
    swapped = Ciphertext(switched.c1, switched.c2 + delta)
    with pytest.raises(VerificationFailed):
        verify_switch(ct, swapped, d_prime, proof, new.public, joint, SESSION, 7, 1, CTX)
    # A D' that is not sk_v*c1' makes an honest-looking c2'' that does not open: the
    # proof binds D', so a different D' with the same proof is refused.
    with pytest.raises(VerificationFailed):
        verify_switch(ct, switched, d_prime + GENERATOR, proof, new.public, joint, SESSION, 7,
                      1, CTX)
    # Another key for the same proof, another step, another writer: refused.
    for args in ((base_mul(7), joint, 7, 1), (new.public, joint, 8, 1),
                 (new.public, joint, 7, 2)):
        with pytest.raises(VerificationFailed):
            verify_switch(ct, switched, d_prime, proof, args[0], args[1], SESSION, args[2],
                          args[3], CTX)


def test_a_switch_by_someone_not_knowing_sk_new_fails() -> None:
    """A cheater aiming c2'' at a key it made up (no secret) cannot prove it."""
    rng, keys, joint, ct, new = _setup()
    shift, _ = make_shift(ct.c1, SESSION, 5, 1, CTX, rng)
    d_prime = scalar_mul(keys[1].secret, shift.c1)
    other = _keys(rng, 1)[0]
    switched, proof = prove_switch(ct, shift, d_prime, other.secret, joint, SESSION, 7, 1, CTX,
                                   rng)
    with pytest.raises(VerificationFailed):
        verify_switch(ct, switched, d_prime, proof, new.public, joint, SESSION, 7, 1, CTX)


def test_the_shift_proof_needs_r_and_a_real_shift() -> None:
    rng, _, _, ct, _ = _setup()
    shift, proof = make_shift(ct.c1, SESSION, 5, 1, CTX, rng)
    with pytest.raises(VerificationFailed):
        verify_shift(ct.c1, shift.c1 + GENERATOR, proof, SESSION, 5, 1, CTX)
    with pytest.raises(VerificationFailed):
        verify_shift(ct.c1, shift.c1, proof, SESSION, 5, 1, b"handover/seat:1/slot:5")
    # c1' chosen as an arbitrary point (say another card's c1) has no known r.
    target = hash_to_point(b"someone else's c1")
    forged = Shift(0, target)
    with pytest.raises(VerificationFailed):
        verify_shift(ct.c1, forged.c1, proof, SESSION, 5, 1, CTX)
    with pytest.raises(VerificationFailed, match="equals"):
        verify_shift(ct.c1, ct.c1, proof, SESSION, 5, 1, CTX)


def test_a_wrong_partial_is_refused() -> None:
    rng = _setup()[0]
    point = hash_to_point(b"c1'")
    good = make_partial(PARTIAL_PROTOCOL, 1234, base_mul(1234), point, SESSION, 3, 2, CTX, rng)
    verify_partial(PARTIAL_PROTOCOL, base_mul(1234), point, good, SESSION, 3, 2, CTX)
    bad = make_partial(PARTIAL_PROTOCOL, 1235, base_mul(1235), point, SESSION, 3, 2, CTX, rng)
    with pytest.raises(VerificationFailed):
        verify_partial(PARTIAL_PROTOCOL, base_mul(1234), point, bad, SESSION, 3, 2, CTX)
    # The leaver's protocol label is not the escrow holders': no cross-use.
    with pytest.raises(VerificationFailed):
        verify_partial(LEAVER_PROTOCOL, base_mul(1234), point, good, SESSION, 3, 2, CTX)


def test_linear_proof_rejects_a_false_relation() -> None:
    rng = SeededRandom(b"linear")
    a, b = rng.scalar(), rng.scalar()
    p, q = hash_to_point(b"P"), hash_to_point(b"Q")
    rows = [(scalar_mul(a, p) + scalar_mul(b, q), [p, q]), (base_mul(b), [None, GENERATOR])]
    proof = prove_linear(Transcript(b"t", SESSION, 1, 0), [a, b], rows, rng)
    verify_linear(Transcript(b"t", SESSION, 1, 0), proof, rows)
    wrong = [(rows[0][0] + GENERATOR, [p, q]), rows[1]]
    with pytest.raises(VerificationFailed):
        verify_linear(Transcript(b"t", SESSION, 1, 0), proof, wrong)
    lying = prove_linear(Transcript(b"t", SESSION, 1, 0), [a, b + 1], rows, rng)
    with pytest.raises(VerificationFailed):
        verify_linear(Transcript(b"t", SESSION, 1, 0), lying, rows)
