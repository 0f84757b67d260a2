"""Every Dodge City card and character has a name, a one-line effect and a help text in
English, Hungarian and Romanian, under the rules keys agreed with the engine, and the help
of a Dodge City deck explains green cards and the +1 cost."""

from __future__ import annotations

import pytest

from p2pbang.engine.bang.catalog import CharacterDef, build_deck
from p2pbang.ui.helptext import help_sections
from p2pbang.ui.i18n import po_path, set_language
from p2pbang.ui.i18n.po import parse_po
from p2pbang.ui.sets.dodge_city_texts import CHARACTER_NAMES as DODGE_CITY_CHARACTERS
from p2pbang.ui.sets.dodge_city_texts import DODGE_CITY_CARD_KEYS
from p2pbang.ui.texts import (
    CARD_NAMES,
    CARD_TEXTS,
    CHARACTER_NAMES,
    CHARACTER_TEXTS,
    card_help,
    card_name,
    card_text,
    character_name,
    character_text,
    extra_card_cost,
    green_readiness,
    kind_name,
)

# cards.md section 2: the 40 Dodge City cards as (key, kind, copies).
DODGE_CITY_SPEC = (
    ("barrel", "blue", "AC"), ("binocular", "blue", "10D"), ("dynamite", "blue", "10C"),
    ("hideout", "blue", "KD"), ("mustang", "blue", "5H"), ("remington", "weapon", "6D"),
    ("rev_carabine", "weapon", "5S"), ("bang", "brown", "8S 5C 6C KC"),
    ("beer", "brown", "6H 6S"), ("cat_balou", "brown", "8C"), ("general_store", "brown", "AS"),
    ("indians", "brown", "5D"), ("missed", "brown", "8D"), ("panic", "brown", "JH"),
    ("punch", "brown", "10S"), ("dodge", "brown", "7D KH"), ("springfield", "brown", "KS"),
    ("tequila", "brown", "9C"), ("whisky", "brown", "QH"), ("rag_time", "brown", "9H"),
    ("brawl", "brown", "JS"), ("bible", "green", "10H"), ("canteen", "green", "7H"),
    ("can_can", "green", "JC"), ("ten_gallon_hat", "green", "JD"),
    ("conestoga", "green", "9D"), ("derringer", "green", "7S"),
    ("buffalo_rifle", "green", "QC"), ("howitzer", "green", "9S"),
    ("pepperbox", "green", "AH"), ("iron_plate", "green", "AD QS"),
    ("pony_express", "green", "QD"), ("knife", "green", "8H"), ("sombrero", "green", "7C"),
)
AGREED_CHARACTERS = (
    "apache_kid", "belle_star", "bill_noface", "chuck_wengam", "doc_holyday", "elena_fuente",
    "greg_digger", "herb_hunter", "jose_delgado", "molly_stark", "pat_brennan", "pixie_pete",
    "sean_mallory", "tequila_joe", "vera_custer",
)
LANGUAGES = ("en", "hu", "ro")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def test_the_keys_are_the_agreed_ones() -> None:
    deck = build_deck(DODGE_CITY_SPEC)
    assert len(deck) == 40
    assert tuple(name for name, _kind, _copies in DODGE_CITY_SPEC) == DODGE_CITY_CARD_KEYS
    assert len(set(DODGE_CITY_CARD_KEYS)) == 34
    assert tuple(DODGE_CITY_CHARACTERS) == AGREED_CHARACTERS


@pytest.mark.parametrize("language", ("hu", "ro"))
def test_every_dodge_city_text_is_in_the_catalog(language: str) -> None:
    """Present and not empty: a missing entry would silently show English."""
    path = po_path(language)
    translated = {entry.msgid: entry for entry in parse_po(path.read_text("utf-8"), str(path))}
    sources = [CARD_NAMES[k] for k in DODGE_CITY_CARD_KEYS]
    sources += [CARD_TEXTS[k] for k in DODGE_CITY_CARD_KEYS]
    sources += [CHARACTER_NAMES[k] for k in AGREED_CHARACTERS]
    sources += [CHARACTER_TEXTS[k] for k in AGREED_CHARACTERS]
    for source in sources:
        assert source in translated, f"{language}: no entry for {source!r}"
        forms = translated[source].msgstr
        assert forms and all(forms.values()), f"{language}: empty entry for {source!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_dodge_city_card_and_character_has_name_effect_and_help(language: str) -> None:
    set_language(language)
    for key in DODGE_CITY_CARD_KEYS:
        assert card_name(key) and card_text(key) and card_help(key), key
    for key in AGREED_CHARACTERS:
        assert character_name(key) and character_text(key), key
    deck = build_deck(DODGE_CITY_SPEC)
    characters = [CharacterDef(key, 4) for key in AGREED_CHARACTERS]
    sections = dict(help_sections(deck, characters))
    bodies = {key: body for entries in sections.values() for key, _head, body in entries}
    assert {f"card:{key}" for key in DODGE_CITY_CARD_KEYS} <= set(bodies)
    assert {f"character:{key}" for key in AGREED_CHARACTERS} <= set(bodies)
    assert "kind:green" in bodies and "kind:green" not in dict.fromkeys(
        key for entries in dict(help_sections()).values() for key, _h, _b in entries)
    assert bodies["card:iron_plate"].endswith("A\u2666 Q\u2660")
    assert bodies["card:tequila"].startswith(card_help("tequila"))


def test_hungarian_names_follow_the_base_games_style() -> None:
    set_language("hu")
    assert card_name("hideout") == "Rejtekhely"
    assert card_name("binocular") == "Látcső"
    assert kind_name("green") == "zöld"
    assert card_text("binocular") == card_text("scope")  # the same effect, the same words
    set_language("ro")
    assert card_name("can_can") == "Can-Can"  # the Romanian rulebook's spelling
    assert "Verde" in card_text("knife")


@pytest.mark.parametrize("language", LANGUAGES)
def test_green_cards_and_the_extra_cost_have_words(language: str) -> None:
    set_language(language)
    assert green_readiness(True) != green_readiness(False)
    assert extra_card_cost().startswith("+1")
    if language != "en":
        set_language("en")
        english = (green_readiness(True), green_readiness(False), extra_card_cost())
        set_language(language)
        assert (green_readiness(True), green_readiness(False), extra_card_cost()) != english
