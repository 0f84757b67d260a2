"""The Dodge City deck and characters match shared/reference/cards.md section 2."""

from __future__ import annotations

from collections import Counter

from p2pbang.engine.bang.cards.base import BASE_CARDS
from p2pbang.engine.bang.cards.dodge_city import DODGE_CITY_CARDS, DODGE_CITY_CHARACTERS


def test_forty_cards_of_which_fifteen_green() -> None:
    assert len(DODGE_CITY_CARDS) == 40
    kinds = Counter(card.kind for card in DODGE_CITY_CARDS)
    assert kinds["green"] == 14 and kinds["weapon"] == 2 and kinds["blue"] == 5
    assert kinds["brown"] == 19


def test_the_full_deck_is_120_cards() -> None:
    assert len(BASE_CARDS + DODGE_CITY_CARDS) == 120


def test_corners_of_some_cards() -> None:
    names = Counter(c.name for c in DODGE_CITY_CARDS)
    assert names["iron_plate"] == 2 and names["dodge"] == 2 and names["bang"] == 4
    corner = {c.name: (c.suit, c.rank) for c in DODGE_CITY_CARDS}
    assert corner["buffalo_rifle"] == ("C", 12) and corner["tequila"] == ("C", 9)
    assert corner["binocular"] == ("D", 10) and corner["sombrero"] == ("C", 7)


def test_fifteen_characters_with_their_life() -> None:
    life = {c.name: c.life for c in DODGE_CITY_CHARACTERS}
    assert len(life) == 15
    assert [n for n, v in life.items() if v == 3] == [
        "apache_kid", "elena_fuente", "pixie_pete", "sean_mallory", "vera_custer"]
