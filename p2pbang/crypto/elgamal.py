"""ElGamal over ristretto255 for cards: encodings, ciphertexts, re-randomisation.

A card is the point ``hash_to_point(b"p2pbang/v1/card/" + pile + b"/" + decimal id)``:
one distinct point per physical card, with no known discrete log. Never ``i * G``: with
small-exponent encodings a sum of ciphertexts or a partial decryption could leak relations
between cards, and anyone could compute discrete logs of the whole deck.

A ciphertext under the joint key X is ``(c1, c2) = (r*G, M + r*X)``. The starting deck is
the public trivial encryptions ``(identity, M)``, which anyone can recompute.
Re-randomising adds an encryption of the identity: ``(c1 + r*G, c2 + r*X)``.
Decryption subtracts every seat's share ``sk_i * c1`` from ``c2``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from p2pbang.crypto.errors import InvalidEncoding
from p2pbang.crypto.group import (
    IDENTITY,
    POINT_BYTES,
    Point,
    base_mul,
    hash_to_point,
    scalar_mul,
    sum_points,
)

CIPHERTEXT_BYTES = 2 * POINT_BYTES
CARD_LABEL_PREFIX = b"p2pbang/v1/card/"
_PILE_NAME = re.compile(r"[a-z0-9_-]{1,32}")


@dataclass(frozen=True, slots=True)
class Ciphertext:
    c1: Point
    c2: Point

    def encode(self) -> bytes:
        return self.c1.encode() + self.c2.encode()

    @classmethod
    def decode(cls, data: object, *, allow_trivial: bool = False) -> Ciphertext:
        """Decode 64 bytes; neither component may be the identity unless ``allow_trivial``
        (then only ``c1``, as in a public trivial encryption)."""
        if not isinstance(data, bytes) or len(data) != CIPHERTEXT_BYTES:
            raise InvalidEncoding(f"a ciphertext is {CIPHERTEXT_BYTES} bytes")
        return cls(
            Point.decode(data[:POINT_BYTES], allow_identity=allow_trivial),
            Point.decode(data[POINT_BYTES:]),
        )

    def is_trivial(self) -> bool:
        return self.c1.is_identity()


def encode_deck(deck: Sequence[Ciphertext]) -> bytes:
    return b"".join(ct.encode() for ct in deck)


def decode_deck(data: object, length: int) -> list[Ciphertext]:
    """Decode exactly ``length`` non-trivial ciphertexts, else InvalidEncoding."""
    if not isinstance(data, bytes):
        raise InvalidEncoding("a deck must be bytes")
    if len(data) != length * CIPHERTEXT_BYTES:
        raise InvalidEncoding(
            f"a deck of {length} cards is {length * CIPHERTEXT_BYTES} bytes, got {len(data)}"
        )
    step = CIPHERTEXT_BYTES
    return [Ciphertext.decode(data[i : i + step]) for i in range(0, len(data), step)]


def check_pile_name(pile: str) -> bytes:
    """Pile names are short lowercase ASCII tokens, so card labels never collide."""
    if not isinstance(pile, str) or not _PILE_NAME.fullmatch(pile):
        raise ValueError(f"invalid pile name {pile!r}: use 1-32 of [a-z0-9_-]")
    return pile.encode("ascii")


def card_label(pile: str, card: int) -> bytes:
    if not isinstance(card, int) or isinstance(card, bool) or card < 0:
        raise ValueError(f"a card id is a non-negative integer, not {card!r}")
    return CARD_LABEL_PREFIX + check_pile_name(pile) + b"/" + str(card).encode("ascii")


@lru_cache(maxsize=8192)
def card_point(pile: str, card: int) -> Point:
    """The public encoding of ``card`` in ``pile``."""
    return hash_to_point(card_label(pile, card))


def trivial_encryption(message: Point) -> Ciphertext:
    return Ciphertext(IDENTITY, message)


def encrypt(message: Point, joint_key: Point, randomness: int) -> Ciphertext:
    return Ciphertext(base_mul(randomness), message + scalar_mul(randomness, joint_key))


def rerandomised(ct: Ciphertext, joint_key: Point, randomness: int) -> Ciphertext:
    """``ct`` plus an encryption of the identity with ``randomness``: same card, new look."""
    return Ciphertext(ct.c1 + base_mul(randomness), ct.c2 + scalar_mul(randomness, joint_key))


def unmask(ct: Ciphertext, shares: Iterable[Point]) -> Point:
    """``c2`` minus the given decryption shares: the card once every share is in."""
    return ct.c2 - sum_points(shares)


class CardTable:
    """Point -> card id for every card that ever entered a pile (decryption lookup)."""

    def __init__(self) -> None:
        self._by_point: dict[tuple[str, Point], int] = {}

    def add(self, pile: str, cards: Iterable[int]) -> None:
        for card in cards:
            self._by_point[(pile, card_point(pile, card))] = card

    def identify(self, pile: str, point: Point) -> int | None:
        return self._by_point.get((pile, point))
