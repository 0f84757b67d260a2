"""The Dice Game's and The Duel's words: every text in English, Hungarian and Romanian, with
the same placeholders, and a name or a rule for everything the engines can deal."""

from __future__ import annotations

import string

import pytest

from p2pbang.engine.dice.faces import CHARACTER_LIFE
from p2pbang.engine.duel.catalog import (
    DUEL_CARDS,
    DUEL_CHARACTERS,
    HUNGARIAN_CARD_NAMES,
    HUNGARIAN_CHARACTER_NAMES,
)
from p2pbang.ui import dice_texts, duel_texts
from p2pbang.ui.i18n import set_language

TABLES = {
    "dice.TEXTS": dice_texts.TEXTS, "dice.ABILITIES": dice_texts.ABILITIES,
    "duel.TEXTS": duel_texts.TEXTS, "duel.ABILITIES": duel_texts.ABILITIES,
    "duel.CARD_TEXTS": duel_texts.CARD_TEXTS,
}


def fields(text: str) -> set[str]:
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_three_languages_with_the_same_placeholders(table: str) -> None:
    for key, texts in TABLES[table].items():
        assert len(texts) == 3 and all(t.strip() for t in texts), key
        assert fields(texts[0]) == fields(texts[1]) == fields(texts[2]), key
        assert texts[1] != texts[0] or key.startswith(("face.gatling", "title", "help.saloon",
                                                       "role.hidden", "face.double",
                                                       "nothing", "act.play_on", "side.")), key


def test_every_dice_character_has_an_ability() -> None:
    assert set(dice_texts.ABILITIES) == set(CHARACTER_LIFE)


def test_every_duel_card_and_character_has_names_and_rules() -> None:
    keys = {card.name for card in DUEL_CARDS}
    assert keys == set(duel_texts.CARD_TEXTS) == set(duel_texts.CARD_NAMES_EN)
    characters = {char.name for char in DUEL_CHARACTERS}
    assert characters == set(duel_texts.ABILITIES) == set(duel_texts.CHARACTER_NAMES_EN)


def test_hungarian_names_are_the_reference_datas() -> None:
    set_language("hu")
    try:
        assert duel_texts.card_name("missed") == HUNGARIAN_CARD_NAMES["missed"] == "Nem Talált!"
        assert duel_texts.character_name("the_stranger") == \
            HUNGARIAN_CHARACTER_NAMES["the_stranger"] == "Az Idegen"
        assert dice_texts.t("face.arrow") == "Nyílvessző"  # the Hungarian dice rulebook
        assert dice_texts.t("role.deputy") == "Seriffhelyettes"
    finally:
        set_language("en")


def test_romanian_keeps_english_card_names_and_its_rulebooks_roles() -> None:
    set_language("ro")
    try:
        assert duel_texts.card_name("general_store") == "General Store"
        assert dice_texts.t("role.outlaw") == "Nelegiuit"
    finally:
        set_language("en")
