"""Commit-reveal randomness: copies cannot open, early reveals and bad openings are rejected."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pbang.crypto.commit_reveal import (
    CommitRevealRound,
    UniformStream,
    commitment_digest,
    new_contribution,
    public_permutation,
    uniform_below,
)
from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed

SESSION = b"commit-session-1"


def _round(seats=(0, 1, 2)):
    draw = CommitRevealRound(SESSION, 5, seats)
    openings = {}
    for seat in seats:
        opening, digest = new_contribution(SESSION, 5, seat)
        openings[seat] = (opening, digest)
    return draw, openings


def _commit_all(draw, openings):
    for seat, (_, digest) in openings.items():
        draw.add_commitment(seat, digest)


def test_honest_round_gives_the_same_seed_to_everyone() -> None:
    draw, openings = _round()
    replica = CommitRevealRound(SESSION, 5, (2, 1, 0))
    _commit_all(draw, openings)
    _commit_all(replica, openings)
    assert draw.closed and draw.echo() == replica.echo()
    for seat, (opening, _) in openings.items():
        draw.add_reveal(seat, opening.nonce, opening.value, draw.echo())
        replica.add_reveal(seat, opening.nonce, opening.value, replica.echo())
    assert draw.complete and draw.seed() == replica.seed()


@pytest.mark.parametrize(("copier", "original"), [(1, 0), (0, 2)])
def test_a_copied_commitment_is_convicted_at_the_reveal_whoever_committed_first(
        copier: int, original: int) -> None:
    """Whichever seat's commitment is recorded first, the copy is the one that cannot be
    opened: the seat copied reveals, the copier is refused (and named by the caller)."""
    draw, openings = _round()
    for seat in (original, copier, *(s for s in (0, 1, 2) if s not in (original, copier))):
        digest = openings[original if seat == copier else seat][1]
        draw.add_commitment(seat, digest)  # the copy is accepted
    assert draw.closed
    mine, _ = openings[original]
    draw.add_reveal(original, mine.nonce, mine.value, draw.echo())
    with pytest.raises(VerificationFailed, match=f"copy of seat {original}'s"):
        draw.add_reveal(copier, mine.nonce, mine.value, draw.echo())  # replaying theirs
    own, _ = openings[copier]
    with pytest.raises(VerificationFailed, match="does not open"):
        draw.add_reveal(copier, own.nonce, own.value, draw.echo())  # its own value
    assert draw.missing_reveals() == {copier, 3 - copier - original}


def test_copied_commitment_could_not_open_anyway() -> None:
    opening, digest = new_contribution(SESSION, 5, 0)
    assert commitment_digest(SESSION, 5, 1, opening.nonce, opening.value) != digest


def test_reveal_before_the_set_is_closed_is_rejected() -> None:
    draw, openings = _round()
    draw.add_commitment(0, openings[0][1])
    draw.add_commitment(1, openings[1][1])
    opening = openings[0][0]
    with pytest.raises(VerificationFailed, match="before the commitment set was closed"):
        draw.add_reveal(0, opening.nonce, opening.value, b"\x00" * 32)


def test_reveal_not_matching_its_commitment_is_rejected() -> None:
    draw, openings = _round()
    _commit_all(draw, openings)
    opening = openings[1][0]
    with pytest.raises(VerificationFailed, match="does not open"):
        draw.add_reveal(1, opening.nonce, b"\x01" * 32, draw.echo())
    with pytest.raises(VerificationFailed, match="does not open"):
        draw.add_reveal(1, openings[0][0].nonce, openings[0][0].value, draw.echo())  # copied
    assert draw.missing_reveals() == {0, 1, 2}


def test_wrong_echo_double_actions_and_outsiders_rejected() -> None:
    draw, openings = _round()
    _commit_all(draw, openings)
    opening = openings[2][0]
    with pytest.raises(VerificationFailed, match="different commitment set"):
        draw.add_reveal(2, opening.nonce, opening.value, b"\x07" * 32)
    draw.add_reveal(2, opening.nonce, opening.value, draw.echo())
    with pytest.raises(VerificationFailed, match="twice"):
        draw.add_reveal(2, opening.nonce, opening.value, draw.echo())
    with pytest.raises(VerificationFailed, match="twice"):
        draw.add_commitment(2, b"\x09" * 32)
    with pytest.raises(VerificationFailed, match="outside"):
        draw.add_commitment(7, b"\x09" * 32)
    with pytest.raises(VerificationFailed):
        draw.seed()


@pytest.mark.parametrize("bad", [b"", b"\x00" * 31, b"\x00" * 33, "x" * 32, None])
def test_bad_encodings_rejected(bad: object) -> None:
    draw, openings = _round()
    with pytest.raises(InvalidEncoding):
        draw.add_commitment(0, bad)
    _commit_all(draw, openings)
    opening = openings[0][0]
    with pytest.raises(InvalidEncoding):
        draw.add_reveal(0, bad, opening.value, draw.echo())  # type: ignore[arg-type]


def test_commitment_is_bound_to_session_round_and_seat() -> None:
    nonce, value = b"n" * 32, b"v" * 32
    base = commitment_digest(SESSION, 1, 0, nonce, value)
    assert base != commitment_digest(b"other-session-01", 1, 0, nonce, value)
    assert base != commitment_digest(SESSION, 2, 0, nonce, value)
    assert base != commitment_digest(SESSION, 1, 1, nonce, value)


@given(st.binary(min_size=1, max_size=64), st.integers(min_value=1, max_value=10**30))
def test_uniform_below_is_in_range_and_deterministic(seed: bytes, bound: int) -> None:
    value = uniform_below(seed, bound)
    assert 0 <= value < bound
    assert value == uniform_below(seed, bound)


def test_uniform_stream_is_unbiased() -> None:
    """Bound 3 from 2-bit candidates: modulo reduction would give 0 twice as often."""
    stream = UniformStream(b"chi-square", b"test")
    runs = 6000
    counts = [0, 0, 0]
    for _ in range(runs):
        counts[stream.below(3)] += 1
    chi2 = sum((c - runs / 3) ** 2 / (runs / 3) for c in counts)
    assert chi2 < 13.82, counts  # p = 0.001, two degrees of freedom


def test_public_permutation() -> None:
    perm = public_permutation(b"seed", 7)
    assert sorted(perm) == list(range(7))
    assert perm == public_permutation(b"seed", 7)
    assert public_permutation(b"seed", 0) == []
    orders = {tuple(public_permutation(bytes([i]), 3)) for i in range(200)}
    assert len(orders) == 6


def test_bad_bounds() -> None:
    for bound in (0, -1, True):
        with pytest.raises(ValueError):
            uniform_below(b"s", bound)
