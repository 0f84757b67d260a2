"""Card encodings and ElGamal ciphertexts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.crypto.elgamal import (
    CardTable,
    Ciphertext,
    card_label,
    card_point,
    decode_deck,
    encode_deck,
    encrypt,
    rerandomised,
    trivial_encryption,
    unmask,
)
from p2pbang.crypto.errors import InvalidEncoding
from p2pbang.crypto.group import GENERATOR, SYSTEM_RANDOM, base_mul, hash_to_point, scalar_mul


def test_card_encodings_are_hash_to_group_and_distinct() -> None:
    assert card_label("deck", 12) == b"p2pbang/v1/card/deck/12"
    assert card_point("deck", 12) == hash_to_point(b"p2pbang/v1/card/deck/12")
    points = {card_point("deck", i) for i in range(80)} | {card_point("roles", i) for i in range(7)}
    assert len(points) == 87
    # Never small multiples of the generator.
    assert all(card_point("deck", i) != base_mul(i) for i in range(1, 80))


@pytest.mark.parametrize("pile", ["", "Deck", "de/ck", "d" * 33, "dé"])
def test_bad_pile_names_rejected(pile: str) -> None:
    with pytest.raises(ValueError):
        card_label(pile, 1)


@pytest.mark.parametrize("card", [-1, True, 1.5, "3"])
def test_bad_card_ids_rejected(card: object) -> None:
    with pytest.raises(ValueError):
        card_label("deck", card)  # type: ignore[arg-type]


def test_encrypt_rerandomise_decrypt() -> None:
    sk = SYSTEM_RANDOM.scalar()
    X = base_mul(sk)
    M = card_point("deck", 5)
    ct = encrypt(M, X, SYSTEM_RANDOM.scalar())
    ct2 = rerandomised(ct, X, SYSTEM_RANDOM.scalar())
    assert ct2 != ct
    for c in (ct, ct2):
        assert unmask(c, [scalar_mul(sk, c.c1)]) == M
    trivial = trivial_encryption(M)
    assert trivial.is_trivial() and unmask(trivial, []) == M


def test_card_table_lookup_is_per_pile() -> None:
    table = CardTable()
    table.add("deck", range(10))
    assert table.identify("deck", card_point("deck", 7)) == 7
    assert table.identify("roles", card_point("deck", 7)) is None
    assert table.identify("deck", GENERATOR) is None


def test_ciphertext_encoding_roundtrip_and_rejections() -> None:
    X = base_mul(SYSTEM_RANDOM.scalar())
    deck = [encrypt(card_point("deck", i), X, SYSTEM_RANDOM.scalar()) for i in range(3)]
    data = encode_deck(deck)
    assert decode_deck(data, 3) == deck
    with pytest.raises(InvalidEncoding):
        decode_deck(data, 2)
    with pytest.raises(InvalidEncoding):
        decode_deck(data[:-1], 3)
    with pytest.raises(InvalidEncoding):
        decode_deck(data + b"\x00", 3)
    trivial = trivial_encryption(card_point("deck", 1)).encode()
    with pytest.raises(InvalidEncoding, match="identity"):
        Ciphertext.decode(trivial)
    assert Ciphertext.decode(trivial, allow_trivial=True).is_trivial()


@settings(max_examples=100, deadline=None)
@given(st.binary(min_size=0, max_size=200), st.integers(min_value=0, max_value=4))
def test_deck_decoder_fuzz(data: bytes, length: int) -> None:
    try:
        deck = decode_deck(data, length)
    except InvalidEncoding:
        return
    assert encode_deck(deck) == data
