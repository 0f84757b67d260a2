"""Card catalogs as data: suits, ranks, and the parsing of compact suit/rank lists.

Catalog entries are plain immutable values. Card identities are indices into a game's card
tuple, so the same integer names the same physical card on every peer, and the crypto layer
can derive one group element per physical card from (pile, id).
"""

from __future__ import annotations

from dataclasses import dataclass

SPADES, HEARTS, DIAMONDS, CLUBS = "S", "H", "D", "C"
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_SYMBOLS = {SPADES: "\u2660", HEARTS: "\u2665", DIAMONDS: "\u2666", CLUBS: "\u2663"}

# Ranks as integers so "draw!" ranges compare directly: 2..10, J=11, Q=12, K=13, A=14.
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_VALUES = {"J": 11, "Q": 12, "K": 13, "A": 14}


@dataclass(frozen=True, slots=True)
class CardDef:
    """One physical card: its rules name (a stable key), kind, suit and rank."""

    name: str
    kind: str  # "brown", "blue", "weapon" (a blue card that sets the reach), later "green"...
    suit: str
    rank: int

    @property
    def label(self) -> str:
        """The printed corner, e.g. ``Q\u2665``."""
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{SUIT_SYMBOLS[self.suit]}"


def parse_suit_rank(token: str) -> tuple[str, int]:
    """Parse ``10D`` / ``AS`` / ``QH`` into (suit, rank); raise ValueError on anything else."""
    suit = token[-1]
    rank_text = token[:-1]
    if suit not in SUITS:
        raise ValueError(f"bad suit in {token!r}")
    if rank_text in _RANK_VALUES:
        return suit, _RANK_VALUES[rank_text]
    rank = int(rank_text)
    if not 2 <= rank <= 10:
        raise ValueError(f"bad rank in {token!r}")
    return suit, rank


def build_deck(spec: tuple[tuple[str, str, str], ...]) -> tuple[CardDef, ...]:
    """Expand ``(name, kind, "AS QH KH ...")`` rows into one CardDef per physical card."""
    cards: list[CardDef] = []
    for name, kind, copies in spec:
        for token in copies.split():
            suit, rank = parse_suit_rank(token)
            cards.append(CardDef(name, kind, suit, rank))
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class CharacterDef:
    """A character card: a stable key and the life points it gives in this game."""

    name: str
    life: int
