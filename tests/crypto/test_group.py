"""The ristretto255 wrapper: validation of every encoding, scalar rules, arithmetic."""

from __future__ import annotations

import hashlib

import pytest
import rbcl
from hypothesis import given
from hypothesis import strategies as st

from p2pbang.crypto.errors import InvalidEncoding
from p2pbang.crypto.group import (
    GENERATOR,
    IDENTITY,
    SYSTEM_RANDOM,
    L,
    Point,
    base_mul,
    decode_scalar,
    encode_scalar,
    hash_to_point,
    multi_scalar_mul,
    random_permutation,
    scalar_mul,
)

# The ristretto255 generator, from RFC 9496 appendix A.1 (multiples of the generator).
RFC_GENERATOR = bytes.fromhex("e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76")
RFC_2G = bytes.fromhex("6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919")
# RFC 9496 appendix A.2: invalid encodings (non-canonical field encodings, negative field
# elements, non-square x^2, negative xy, s = -1); every one must be rejected.
RFC_BAD = [
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
    "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
    "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
    "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
    "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
    "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
    "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
    "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
    "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
    "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
    "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
    "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
    "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
    "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
    "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
    "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
    "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
    "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
]
# RFC 9496 appendix A.3: the element derivation (one-way map) that libsodium's from_hash is.
RFC_MAP = [
    (
        "5d1be09e3d0c82fc538112490e35701979d99e06ca3e2b5b54bffe8b4dc772c1"
        "4d98b696a1bbfb5ca32c436cc61c16563790306c79eaca7705668b47dffe5bb6",
        "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46",
    ),
    (
        "f116b34b8f17ceb56e8732a60d913dd10cce47a6d53bee9204be8b44f6678b27"
        "0102a56902e2488c46120e9276cfe54638286b9e4b3cdb470b542d46c2068d38",
        "f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b",
    ),
    (
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "304282791023b73128d277bdcb5c7746ef2eac08dde9f2983379cb8e5ef0517f",
    ),
]


def test_generator_matches_the_rfc() -> None:
    assert GENERATOR.encode() == RFC_GENERATOR
    assert (GENERATOR + GENERATOR).encode() == RFC_2G
    assert base_mul(2).encode() == RFC_2G
    assert scalar_mul(2, GENERATOR).encode() == RFC_2G


@pytest.mark.parametrize("hex_encoding", RFC_BAD)
def test_rfc_bad_encodings_are_rejected(hex_encoding: str) -> None:
    with pytest.raises(InvalidEncoding):
        Point.decode(bytes.fromhex(hex_encoding))


@pytest.mark.parametrize(("wide", "expected"), RFC_MAP)
def test_element_derivation_matches_the_rfc(wide: str, expected: str) -> None:
    assert rbcl.crypto_core_ristretto255_from_hash(bytes.fromhex(wide)).hex() == expected


def test_identity_only_where_allowed() -> None:
    with pytest.raises(InvalidEncoding, match="identity"):
        Point.decode(bytes(32))
    assert Point.decode(bytes(32), allow_identity=True) == IDENTITY
    assert IDENTITY.is_identity()


@pytest.mark.parametrize("size", [0, 1, 31, 33, 64])
def test_wrong_lengths_rejected(size: int) -> None:
    with pytest.raises(InvalidEncoding, match="32 bytes"):
        Point.decode(b"\x01" * size)


@pytest.mark.parametrize("value", [None, 7, "a" * 32, [1] * 32])
def test_non_bytes_rejected(value: object) -> None:
    with pytest.raises(InvalidEncoding):
        Point.decode(value)
    with pytest.raises(InvalidEncoding):
        decode_scalar(value)


@given(st.binary(min_size=0, max_size=40))
def test_point_decoder_never_crashes(data: bytes) -> None:
    try:
        point = Point.decode(data)
    except InvalidEncoding:
        return
    assert point.encode() == data
    assert rbcl.crypto_core_ristretto255_is_valid_point(data)


@given(st.binary(min_size=32, max_size=32))
def test_scalar_decoder_is_canonical(data: bytes) -> None:
    value = int.from_bytes(data, "little")
    if value >= L:
        with pytest.raises(InvalidEncoding, match="non-canonical"):
            decode_scalar(data)
    else:
        assert decode_scalar(data) == value
        assert encode_scalar(value) == data


def test_scalar_edge_cases() -> None:
    assert decode_scalar(encode_scalar(L - 1)) == L - 1
    with pytest.raises(InvalidEncoding):
        decode_scalar(L.to_bytes(32, "little"))
    with pytest.raises(ValueError):
        encode_scalar(L)
    with pytest.raises(ValueError):
        encode_scalar(-1)


def test_points_are_immutable() -> None:
    with pytest.raises(AttributeError):
        GENERATOR._enc = bytes(32)  # type: ignore[misc]


def test_arithmetic_laws() -> None:
    a, b = SYSTEM_RANDOM.scalar(), SYSTEM_RANDOM.scalar()
    p = hash_to_point(b"test/p")
    assert scalar_mul(a, p) + scalar_mul(b, p) == scalar_mul(a + b, p)
    assert scalar_mul(a, scalar_mul(b, p)) == scalar_mul(a * b, p)
    assert scalar_mul(L - 1, p) == -p
    assert scalar_mul(0, p) == IDENTITY
    assert scalar_mul(L, p) == IDENTITY
    assert scalar_mul(a, IDENTITY) == IDENTITY
    assert p - p == IDENTITY
    assert p + IDENTITY == p
    assert base_mul(a) == scalar_mul(a, GENERATOR)
    assert multi_scalar_mul([(a, p), (b, GENERATOR), (0, p), (5, IDENTITY)]) == (
        scalar_mul(a, p) + base_mul(b)
    )
    assert multi_scalar_mul([]) == IDENTITY


def test_hash_to_point_is_the_libsodium_map_of_sha512() -> None:
    label = b"p2pbang/v1/card/deck/7"
    expected = rbcl.crypto_core_ristretto255_from_hash(hashlib.sha512(label).digest())
    assert hash_to_point(label).encode() == expected
    assert hash_to_point(label) != hash_to_point(b"p2pbang/v1/card/deck/8")


def test_random_permutation_is_a_permutation() -> None:
    for size in (0, 1, 2, 10, 80):
        perm = random_permutation(size, SYSTEM_RANDOM)
        assert sorted(perm) == list(range(size))
