"""The Bayer-Groth shuffle pass: honest passes verify; every cheating pass is rejected.

The cheating provers below run the real prover's algebra on a false statement (a deck
with an inserted card, a duplicated card, ...), i.e. the strongest cheater that does not
break discrete logs; their proofs must not verify.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.crypto import shuffle
from p2pbang.crypto.dleq import DleqProof
from p2pbang.crypto.elgamal import (
    CardTable,
    Ciphertext,
    card_point,
    encrypt,
    rerandomised,
    trivial_encryption,
)
from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed
from p2pbang.crypto.group import IDENTITY, SYSTEM_RANDOM, L, nonzero_scalar, scalar_mul
from p2pbang.crypto.keys import generate_keypair
from p2pbang.crypto.pedersen import commit
from p2pbang.crypto.transcript import Transcript

from .seeded import SeededRandom

SESSION = b"shuffle-session1"
STEP, SEAT, CONTEXT = 7, 2, b"pile:deck"
N = 8


def _fresh_table(n: int = N):
    kp = generate_keypair()
    deck = [trivial_encryption(card_point("deck", i)) for i in range(n)]
    # One honest pass first, so inputs are real ciphertexts as in every pass after the first.
    deck, _ = shuffle.shuffle_and_prove(deck, kp.public, SESSION, 1, 0, CONTEXT)
    return kp, deck


def _decrypt_all(kp, deck) -> list[int | None]:
    table = CardTable()
    table.add("deck", range(100))
    return [table.identify("deck", ct.c2 - scalar_mul(kp.secret, ct.c1)) for ct in deck]


def _verify(deck_in, deck_out, proof, kp, *, step=STEP, seat=SEAT, context=CONTEXT,
            session=SESSION) -> None:
    shuffle.verify_pass(deck_in, deck_out, proof, kp.public, session, step, seat, context)


def _cheating_proof(deck_in, deck_out, kp, fake_perm, rhos, monkeypatch) -> shuffle.ShuffleProof:
    """Run the prover's algebra for ``deck_out`` claiming ``fake_perm``/``rhos``."""
    monkeypatch.setattr(shuffle, "commit_permutation", commit)  # accept a non-permutation
    t = shuffle._transcript(SESSION, STEP, SEAT, CONTEXT, kp.public, deck_in, deck_out)
    return shuffle._prove(t, deck_out, kp.public, fake_perm, rhos, SYSTEM_RANDOM)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 16])
def test_honest_pass_verifies_and_keeps_the_cards(n: int) -> None:
    kp, deck = _fresh_table(n)
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    _verify(deck, out, proof, kp)
    assert sorted(_decrypt_all(kp, out)) == list(range(n))
    encoded = shuffle.encode_proof(proof)
    assert len(encoded) == shuffle.proof_bytes(n)
    assert shuffle.decode_proof(encoded, n) == proof


def test_first_pass_over_trivial_encryptions_verifies() -> None:
    kp = generate_keypair()
    deck = [trivial_encryption(card_point("deck", i)) for i in range(N)]
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    _verify(deck, out, proof, kp)


def test_inserted_fresh_encryption_of_a_chosen_card_is_rejected(monkeypatch) -> None:
    kp, deck = _fresh_table()
    perm = list(range(N))
    rhos = [nonzero_scalar(SYSTEM_RANDOM) for _ in range(N)]
    out = [rerandomised(deck[p], kp.public, r) for p, r in zip(perm, rhos, strict=True)]
    out[3] = encrypt(card_point("deck", 42), kp.public, rhos[3])  # the card the cheater wants
    proof = _cheating_proof(deck, out, kp, perm, rhos, monkeypatch)
    with pytest.raises(VerificationFailed, match="does not verify"):
        _verify(deck, out, proof, kp)


def test_duplicated_card_dropping_another_is_rejected(monkeypatch) -> None:
    kp, deck = _fresh_table()
    fake_perm = [0, 0, 2, 3, 4, 5, 6, 7]  # card 0 twice, card 1 gone
    rhos = [nonzero_scalar(SYSTEM_RANDOM) for _ in range(N)]
    out = [rerandomised(deck[p], kp.public, r) for p, r in zip(fake_perm, rhos, strict=True)]
    proof = _cheating_proof(deck, out, kp, fake_perm, rhos, monkeypatch)
    with pytest.raises(VerificationFailed, match="does not verify"):
        _verify(deck, out, proof, kp)


def test_honest_proof_with_one_card_replaced_is_rejected() -> None:
    kp, deck = _fresh_table()
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    forged = list(out)
    forged[0] = rerandomised(out[1], kp.public, 5)  # duplicate of another output
    with pytest.raises(VerificationFailed):
        _verify(deck, forged, proof, kp)
    forged[0] = encrypt(card_point("deck", 50), kp.public, 9)
    with pytest.raises(VerificationFailed):
        _verify(deck, forged, proof, kp)


@pytest.mark.parametrize("change", [-1, +1])
def test_changed_deck_length_is_rejected(change: int) -> None:
    kp, deck = _fresh_table()
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    extra = encrypt(card_point("deck", 60), kp.public, 11)
    out = out[:-1] if change < 0 else [*out, extra]
    with pytest.raises(VerificationFailed, match="deck length"):
        _verify(deck, out, proof, kp)


def test_dropped_card_with_a_proof_for_the_shorter_deck_is_rejected() -> None:
    kp, deck = _fresh_table()
    short_out, short_proof = shuffle.shuffle_and_prove(
        deck[:-1], kp.public, SESSION, STEP, SEAT, CONTEXT)
    with pytest.raises(VerificationFailed):
        _verify(deck, short_out, short_proof, kp)


def test_reordering_without_rerandomising_is_rejected() -> None:
    kp, deck = _fresh_table()
    out = list(reversed(deck))
    # Even with a proof from a genuine pass, an output equal to an input links positions.
    _, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    with pytest.raises(VerificationFailed, match="did not re-randomise"):
        _verify(deck, out, proof, kp)
    genuine, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    partly = [*genuine[:-1], deck[0]]
    with pytest.raises(VerificationFailed, match="did not re-randomise"):
        _verify(deck, partly, proof, kp)


@pytest.mark.parametrize(
    "where",
    [{"step": STEP + 1}, {"seat": SEAT + 1}, {"session": b"another-session1"},
     {"context": b"pile:roles"}],
)
def test_proof_reused_for_another_step_seat_session_or_pile_is_rejected(where: dict) -> None:
    kp, deck = _fresh_table()
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    with pytest.raises(VerificationFailed):
        _verify(deck, out, proof, kp, **where)


def test_proof_reused_for_another_deck_is_rejected() -> None:
    kp, deck = _fresh_table()
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    out2, _ = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    with pytest.raises(VerificationFailed):
        _verify(deck, out2, proof, kp)
    _, other_deck = _fresh_table()
    with pytest.raises(VerificationFailed):
        _verify(other_deck, out, proof, kp)


def test_proof_under_another_key_is_rejected() -> None:
    kp, deck = _fresh_table()
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    other = generate_keypair()
    with pytest.raises(VerificationFailed):
        shuffle.verify_pass(deck, out, proof, other.public, SESSION, STEP, SEAT, CONTEXT)


def test_identity_components_in_output_are_rejected() -> None:
    kp, deck = _fresh_table(3)
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    out[1] = Ciphertext(IDENTITY, out[1].c2)
    with pytest.raises(VerificationFailed, match="identity"):
        _verify(deck, out, proof, kp)


def test_wrong_proof_kind_is_rejected() -> None:
    kp, deck = _fresh_table(2)
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    with pytest.raises(VerificationFailed):
        _verify(deck, out, DleqProof(1, 2), kp)
    one_kp, one = _fresh_table(1)
    one_out, _ = shuffle.shuffle_and_prove(one, one_kp.public, SESSION, STEP, SEAT, CONTEXT)
    with pytest.raises(VerificationFailed):
        _verify(one, one_out, proof, one_kp)
    with pytest.raises(VerificationFailed):
        _verify([], [], proof, one_kp)


def test_one_card_pass_swapping_the_card_is_rejected() -> None:
    kp, deck = _fresh_table(1)
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    swapped = [Ciphertext(out[0].c1, out[0].c2 + card_point("deck", 3) - card_point("deck", 0))]
    with pytest.raises(VerificationFailed):
        _verify(deck, swapped, proof, kp)


def test_tampered_responses_are_rejected() -> None:
    kp, deck = _fresh_table(4)
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    assert isinstance(proof, shuffle.BayerGrothProof)
    fields = {
        "a_tilde": (proof.a_tilde[0] + 1, *proof.a_tilde[1:]),
        "b_tilde_inner": (proof.b_tilde_inner[0] + 1, *proof.b_tilde_inner[1:]),
        "a_resp": (*proof.a_resp[:-1], (proof.a_resp[-1] + 1) % L),
        "r_tilde": (proof.r_tilde + 1) % L,
        "s_tilde": (proof.s_tilde + 1) % L,
        "r_resp": (proof.r_resp + 1) % L,
        "tau": (proof.tau + 1) % L,
        "c_d": proof.c_d + proof.c_a,
        "e0": Ciphertext(proof.e0.c2, proof.e0.c1),
    }
    for name, value in fields.items():
        bad = shuffle.BayerGrothProof(**{**{f: getattr(proof, f) for f in
                                            shuffle.BayerGrothProof.__slots__}, name: value})
        with pytest.raises(VerificationFailed):
            _verify(deck, out, bad, kp)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=shuffle.proof_bytes(3) - 1),
       st.integers(min_value=1, max_value=255))
def test_any_flipped_proof_byte_is_rejected(position: int, flip: int) -> None:
    kp, deck = _fresh_table(3)
    out, proof = shuffle.shuffle_and_prove(deck, kp.public, SESSION, STEP, SEAT, CONTEXT)
    data = bytearray(shuffle.encode_proof(proof))
    data[position] ^= flip
    try:
        bad = shuffle.decode_proof(bytes(data), 3)
    except InvalidEncoding:
        return
    with pytest.raises(VerificationFailed):
        _verify(deck, out, bad, kp)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=700), st.integers(min_value=0, max_value=4))
def test_proof_decoder_fuzz(data: bytes, n: int) -> None:
    try:
        proof = shuffle.decode_proof(data, n)
    except InvalidEncoding:
        return
    assert shuffle.encode_proof(proof) == data


def test_seeded_prover_is_reproducible() -> None:
    kp = generate_keypair()
    deck = [trivial_encryption(card_point("deck", i)) for i in range(5)]
    one = shuffle.shuffle_and_prove(deck, kp.public, SESSION, 1, 0, CONTEXT, SeededRandom(b"a"))
    two = shuffle.shuffle_and_prove(deck, kp.public, SESSION, 1, 0, CONTEXT, SeededRandom(b"a"))
    assert one == two


def test_transcript_helper_binds_the_decks() -> None:
    kp, deck = _fresh_table(2)
    t1 = shuffle._transcript(SESSION, 1, 0, CONTEXT, kp.public, deck, deck)
    t2 = shuffle._transcript(SESSION, 1, 0, CONTEXT, kp.public, deck, list(reversed(deck)))
    assert isinstance(t1, Transcript)
    assert t1.challenge(b"x") != t2.challenge(b"x")


# Chi-square critical values at p = 0.001 (so an honest run fails one time in a thousand).
CHI2_999 = {5: 20.515, 23: 49.728}


def _chi_square(counts: dict, total: int, cells: int) -> float:
    expected = total / cells
    return sum((counts.get(k, 0) - expected) ** 2 / expected for k in range(cells))


def test_honest_pass_is_uniform_over_permutations_of_three() -> None:
    """One pass over 3 cards: every one of the 6 orders equally likely."""
    kp = generate_keypair()
    deck = [trivial_encryption(card_point("deck", i)) for i in range(3)]
    orders = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    counts: dict[int, int] = {}
    runs = 360
    for _ in range(runs):
        out, _ = shuffle.shuffle_and_prove(deck, kp.public, SESSION, 1, 0, CONTEXT)
        order = tuple(_decrypt_all(kp, out))
        counts[orders.index(order)] = counts.get(orders.index(order), 0) + 1
    assert _chi_square(counts, runs, 6) < CHI2_999[5], counts


@pytest.mark.slow
def test_composed_passes_are_uniform_over_permutations_of_four() -> None:
    """Three seats' passes in a row over 4 cards: all 24 orders equally likely."""
    from itertools import permutations

    orders = list(permutations(range(4)))
    keys = [generate_keypair() for _ in range(3)]
    joint = keys[0].public + keys[1].public + keys[2].public
    secret = sum(k.secret for k in keys)

    counts: dict[int, int] = {}
    runs = 24 * 60
    for _ in range(runs):
        deck = [trivial_encryption(card_point("deck", i)) for i in range(4)]
        for seat in range(3):
            out, proof = shuffle.shuffle_and_prove(deck, joint, SESSION, 1, seat, CONTEXT)
            shuffle.verify_pass(deck, out, proof, joint, SESSION, 1, seat, CONTEXT)
            deck = out
        table = CardTable()
        table.add("deck", range(4))
        order = tuple(table.identify("deck", ct.c2 - scalar_mul(secret, ct.c1)) for ct in deck)
        idx = orders.index(order)
        counts[idx] = counts.get(idx, 0) + 1
    assert _chi_square(counts, runs, 24) < CHI2_999[23], counts
