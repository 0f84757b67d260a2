"""Feldman escrow with encrypted shares, complaints and Lagrange recombination."""

from __future__ import annotations

import pytest

from p2pbang.crypto.errors import VerificationFailed
from p2pbang.crypto.escrow import (
    EscrowDealing,
    combine,
    commitments,
    deal_escrow,
    holders_of,
    judge_complaint,
    lagrange_at_zero,
    make_complaint,
    public_share,
    receive_share,
)
from p2pbang.crypto.group import L, base_mul, hash_to_point, scalar_mul
from p2pbang.crypto.keys import generate_keypair

from .seeded import SeededRandom

SESSION = b"escrow-session-01"
EPOCH = 3


def _table(n: int, seed: bytes = b"escrow"):
    rng = SeededRandom(seed)
    keys = []
    for _ in range(n):
        secret = rng.scalar() or 1
        keys.append(type(generate_keypair())(secret, base_mul(secret)))
    return keys, rng


@pytest.mark.parametrize(("n", "t"), [(2, 1), (3, 2), (4, 3), (5, 2), (7, 6)])
def test_every_holder_gets_a_valid_share_and_t_of_them_rebuild_sk_times_p(n: int, t: int) -> None:
    keys, rng = _table(n)
    pks = [k.public for k in keys]
    dealer = n - 1
    dealing = deal_escrow(keys[dealer], dealer, pks, t, SESSION, EPOCH, rng)
    shares = {j: receive_share(keys[j], j, dealing, dealer, pks[dealer], SESSION, EPOCH)
              for j in holders_of(dealer, n)}
    assert all(s is not None for s in shares.values())
    point = hash_to_point(b"some c1")
    expected = scalar_mul(keys[dealer].secret, point)
    holders = sorted(shares)
    for start in range(len(holders) - t + 1):
        subset = holders[start:start + t]
        assert combine({j: scalar_mul(shares[j], point) for j in subset}) == expected
    # More than t consistent shares interpolate to the same value; fewer than t do not.
    assert combine({j: scalar_mul(s, point) for j, s in shares.items()}) == expected
    if t > 1:
        assert combine({j: scalar_mul(shares[j], point) for j in holders[:t - 1]}) != expected


def test_lagrange_coefficients_sum_to_one_and_interpolate_a_line() -> None:
    lambdas = lagrange_at_zero([0, 2, 5])
    assert sum(lambdas.values()) % L == 1
    # f(z) = 7 + 3z at x = 1, 3, 6
    assert sum(lambdas[s] * (7 + 3 * (s + 1)) for s in lambdas) % L == 7


def _tampered(dealing: EscrowDealing, index: int) -> EscrowDealing:
    masked = list(dealing.masked)
    masked[index] = (masked[index] + 1) % L
    return EscrowDealing(dealing.ephemeral, dealing.coefficients, tuple(masked))


def test_a_bad_share_is_caught_by_its_holder_and_the_complaint_convicts_the_dealer() -> None:
    keys, rng = _table(4)
    pks = [k.public for k in keys]
    dealing = _tampered(deal_escrow(keys[0], 0, pks, 3, SESSION, EPOCH, rng), 1)  # seat 2
    assert receive_share(keys[2], 2, dealing, 0, pks[0], SESSION, EPOCH) is None
    for other in (1, 3):
        assert receive_share(keys[other], other, dealing, 0, pks[0], SESSION, EPOCH) is not None
    dh, proof = make_complaint(keys[2], 2, 0, dealing, SESSION, 9, EPOCH, rng)
    assert judge_complaint(2, pks[2], 0, pks[0], dealing, dh, proof, SESSION, 9, EPOCH) == 0


def test_a_false_complaint_convicts_the_accuser() -> None:
    keys, rng = _table(4)
    pks = [k.public for k in keys]
    dealing = deal_escrow(keys[0], 0, pks, 3, SESSION, EPOCH, rng)
    dh, proof = make_complaint(keys[3], 3, 0, dealing, SESSION, 9, EPOCH, rng)
    assert judge_complaint(3, pks[3], 0, pks[0], dealing, dh, proof, SESSION, 9, EPOCH) == 3


def test_a_complaint_with_a_forged_key_or_replayed_proof_is_refused() -> None:
    keys, rng = _table(4)
    pks = [k.public for k in keys]
    dealing = _tampered(deal_escrow(keys[0], 0, pks, 3, SESSION, EPOCH, rng), 0)  # seat 1
    # Seat 3 tries to frame seat 0 with seat 1's key material: K and proof are seat 1's.
    dh, proof = make_complaint(keys[1], 1, 0, dealing, SESSION, 9, EPOCH, rng)
    with pytest.raises(VerificationFailed):
        judge_complaint(3, pks[3], 0, pks[0], dealing, dh, proof, SESSION, 9, EPOCH)
    # A K that is not sk*E cannot be proven.
    with pytest.raises(VerificationFailed):
        judge_complaint(1, pks[1], 0, pks[0], dealing, dh + base_mul(1), proof, SESSION, 9,
                        EPOCH)
    # The right proof at another step (replay) fails.
    with pytest.raises(VerificationFailed):
        judge_complaint(1, pks[1], 0, pks[0], dealing, dh, proof, SESSION, 10, EPOCH)


def test_an_escrow_of_another_secret_fails_every_holder() -> None:
    """C_0 is the proven key: a dealer cannot escrow a secret other than its own."""
    keys, rng = _table(3)
    pks = [k.public for k in keys]
    impostor = generate_keypair()
    dealing = deal_escrow(impostor, 0, pks, 2, SESSION, EPOCH, rng)
    for j in (1, 2):
        assert receive_share(keys[j], j, dealing, 0, pks[0], SESSION, EPOCH) is None


def test_public_shares_match_the_shares() -> None:
    keys, rng = _table(5)
    pks = [k.public for k in keys]
    dealing = deal_escrow(keys[2], 2, pks, 3, SESSION, EPOCH, rng)
    commits = commitments(pks[2], dealing)
    for j in holders_of(2, 5):
        share = receive_share(keys[j], j, dealing, 2, pks[2], SESSION, EPOCH)
        assert share is not None and base_mul(share) == public_share(commits, j)
