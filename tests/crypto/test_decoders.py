"""Every decoder of untrusted bytes: random, truncated, oversized and identity-laden inputs
are rejected with InvalidEncoding (never another exception), valid ones round-trip."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.crypto import messages as msg
from p2pbang.crypto import wire
from p2pbang.crypto.dleq import DecryptionShare, DleqProof, make_share
from p2pbang.crypto.elgamal import Ciphertext, card_point, decode_deck, encrypt, trivial_encryption
from p2pbang.crypto.errors import InvalidEncoding
from p2pbang.crypto.group import Point, decode_scalar
from p2pbang.crypto.keys import KeyProof, generate_keypair, prove_key
from p2pbang.crypto.shuffle import decode_proof, encode_proof, proof_bytes, shuffle_and_prove

SESSION = b"decoder-session-01"

DECODERS: dict[str, Callable[[bytes], object]] = {
    "point": Point.decode,
    "scalar": decode_scalar,
    "ciphertext": Ciphertext.decode,
    "deck of 3": lambda data: decode_deck(data, 3),
    "key proof": KeyProof.decode,
    "dleq proof": DleqProof.decode,
    "decryption share": DecryptionShare.decode,
    "shuffle proof n=1": lambda data: decode_proof(data, 1),
    "shuffle proof n=3": lambda data: decode_proof(data, 3),
    "message": wire.decode,
}


def _valid_samples() -> dict[str, bytes]:
    kp = generate_keypair()
    ct = encrypt(card_point("deck", 1), kp.public, 99)
    deck = [trivial_encryption(card_point("deck", i)) for i in range(3)]
    out, proof = shuffle_and_prove(deck, kp.public, SESSION, 1, 0, b"pile:deck")
    _one_out, one_proof = shuffle_and_prove(deck[:1], kp.public, SESSION, 1, 0, b"pile:deck")
    share = make_share(kp, ct, SESSION, 1, 0, b"c")
    return {
        "point": kp.public.encode(),
        "scalar": (5).to_bytes(32, "little"),
        "ciphertext": ct.encode(),
        "deck of 3": b"".join(c.encode() for c in out),
        "key proof": prove_key(kp, SESSION, 0).encode(),
        "dleq proof": share.proof.encode(),
        "decryption share": share.encode(),
        "shuffle proof n=1": encode_proof(one_proof),
        "shuffle proof n=3": encode_proof(proof),
        "message": msg.commit_message(bytes(32)),
    }


SAMPLES = _valid_samples()


@pytest.mark.parametrize("name", sorted(DECODERS))
def test_valid_sample_decodes(name: str) -> None:
    DECODERS[name](SAMPLES[name])


@pytest.mark.parametrize("name", sorted(DECODERS))
def test_truncated_and_oversized_are_rejected(name: str) -> None:
    good = SAMPLES[name]
    for bad in (good[:-1], good + b"\x00", b"", good * 2):
        with pytest.raises(InvalidEncoding):
            DECODERS[name](bad)


@pytest.mark.parametrize("name", ["point", "ciphertext", "deck of 3", "decryption share",
                                  "shuffle proof n=3"])
def test_identity_planted_in_any_point_field_is_rejected(name: str) -> None:
    good = SAMPLES[name]
    points = {"point": 1, "ciphertext": 2, "deck of 3": 6, "decryption share": 1,
              "shuffle proof n=3": 8}[name]
    for i in range(points):
        bad = good[: 32 * i] + bytes(32) + good[32 * (i + 1):]
        with pytest.raises(InvalidEncoding, match="identity"):
            DECODERS[name](bad)


@pytest.mark.parametrize("name", ["scalar", "key proof", "dleq proof", "shuffle proof n=3"])
def test_non_canonical_scalars_are_rejected(name: str) -> None:
    good = SAMPLES[name]
    offset = 8 * 32 if name == "shuffle proof n=3" else 0
    bad = good[:offset] + b"\xff" * 32 + good[offset + 32:]
    with pytest.raises(InvalidEncoding, match="non-canonical"):
        DECODERS[name](bad)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(DECODERS)), st.binary(max_size=proof_bytes(3) + 70))
def test_random_bytes_never_crash_a_decoder(name: str, data: bytes) -> None:
    with contextlib.suppress(InvalidEncoding):
        DECODERS[name](data)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(DECODERS)), st.data())
def test_one_flipped_byte_never_crashes_a_decoder(name: str, data) -> None:
    good = bytearray(SAMPLES[name])
    position = data.draw(st.integers(0, len(good) - 1))
    good[position] ^= data.draw(st.integers(1, 255))
    with contextlib.suppress(InvalidEncoding):
        DECODERS[name](bytes(good))


def test_non_bytes_inputs_are_rejected() -> None:
    for name, decoder in DECODERS.items():
        for bad in (None, 3, "text", [1, 2]):
            with pytest.raises(InvalidEncoding):
                decoder(bad)  # type: ignore[arg-type]
            assert name


@pytest.mark.parametrize("name", ["point", "ciphertext", "deck of 3", "decryption share",
                                  "shuffle proof n=3"])
def test_bit_255_set_in_any_point_field_is_rejected(name: str) -> None:
    """libsodium ignores bit 255 when decoding; RFC 9496 (and protocol/crypto.md) reject it.

    Accepting it would give every point a second encoding (the identity in disguise among
    them) and let two implementations reach different verdicts on the same bytes.
    """
    good = SAMPLES[name]
    points = {"point": 1, "ciphertext": 2, "deck of 3": 6, "decryption share": 1,
              "shuffle proof n=3": 8}[name]
    for i in range(points):
        bad = bytearray(good)
        bad[32 * i + 31] |= 0x80
        with pytest.raises(InvalidEncoding, match="bit 255"):
            DECODERS[name](bytes(bad))


def test_identity_with_bit_255_is_rejected_even_where_the_identity_is_allowed() -> None:
    with pytest.raises(InvalidEncoding, match="bit 255"):
        Point.decode(bytes(31) + b"\x80", allow_identity=True)
