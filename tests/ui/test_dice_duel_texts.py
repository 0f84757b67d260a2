# ruff: noqa: E501  (the captured three-language values read better unbroken)
"""The Dice Game's and The Duel's words come from the gettext catalogs, each game under its
own context: every text has a catalog entry the completeness checks see, Hungarian says
something of its own, the engines keep no words of a language, and the words are the ones
the screens said before the catalogs held them."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator

import pytest

import p2pbang.engine
from p2pbang.engine.dice.faces import CHARACTER_LIFE
from p2pbang.engine.duel.catalog import DUEL_CARDS, DUEL_CHARACTERS
from p2pbang.ui.dice import dice_texts
from p2pbang.ui.dice.dice_texts import DICE
from p2pbang.ui.duel import duel_texts
from p2pbang.ui.duel.duel_texts import DUEL, DUEL_CARD, DUEL_CHARACTER
from p2pbang.ui.i18n import LANGUAGES, set_language
from p2pbang.ui.i18n.extract import extract
from p2pbang.ui.text_table import FAMILY, SHARED_TEXTS

# table name -> (its English texts by key, the context they are read in, the lookup)
TABLES: dict[str, tuple[dict[str, str], str, Callable[[str], str]]] = {
    "shared": (SHARED_TEXTS, FAMILY, dice_texts.t),
    "dice": (dice_texts.TEXTS, DICE, dice_texts.t),
    "dice.abilities": (dice_texts.ABILITIES, DICE, dice_texts.ability),
    "duel": (duel_texts.TEXTS, DUEL, duel_texts.t),
    "duel.cards": (duel_texts.CARD_TEXTS, DUEL, duel_texts.card_text),
    "duel.abilities": (duel_texts.ABILITIES, DUEL, duel_texts.ability),
    "duel.card_names": (duel_texts.CARD_NAMES, DUEL_CARD, duel_texts.card_name),
    "duel.character_names": (duel_texts.CHARACTER_NAMES, DUEL_CHARACTER,
                             duel_texts.character_name),
}

# Texts Hungarian says as English does (a name, a symbol, a placeholder alone).
SAME_IN_HUNGARIAN = {
    ("dice", "face.gatling"), ("dice", "face.double"), ("dice", "role.hidden"),
    ("dice", "help.saloon"), ("duel", "nothing"), ("duel", "act.play_on"),
    ("duel", "side.you"), ("duel", "side.them"),
}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def test_the_extractor_sees_every_text_under_its_games_context() -> None:
    """So ``test_catalogs.py``'s completeness and placeholder checks cover both games."""
    marked = {(m.context, m.msgid) for m in extract()}
    for name, (table, context, _lookup) in TABLES.items():
        missing = {key for key, english in table.items() if (context, english) not in marked}
        assert not missing, (name, missing)


@pytest.mark.parametrize("name", [n for n in TABLES if not n.endswith("_names")])
def test_hungarian_says_every_text_its_own_way(name: str) -> None:
    """A Hungarian text equal to the English one is a forgotten translation, except where
    the words are a name, a symbol or a placeholder alone."""
    table, _context, lookup = TABLES[name]
    set_language("hu")
    same = {key for key, english in table.items() if lookup(key) == english}
    assert same == {key for table_name, key in SAME_IN_HUNGARIAN if table_name == name}


def test_one_english_word_is_read_in_its_games_context() -> None:
    """"Characters" is "Karakterek" in the Dice Game and "Szereplők" in The Duel; the Duel's
    card "Barrel" keeps its English name in Romanian while the draw! symbol is "Butoi"."""
    assert dice_texts.TEXTS["help.characters"] == duel_texts.TEXTS["help.characters"]
    set_language("hu")
    assert (dice_texts.t("help.characters"), duel_texts.t("help.characters")) == (
        "Karakterek", "Szereplők")
    set_language("ro")
    assert duel_texts.CARD_NAMES["barrel"] == duel_texts.TEXTS["symbol.barrel"] == "Barrel"
    assert (duel_texts.card_name("barrel"), duel_texts.symbol_name("barrel")) == (
        "Barrel", "Butoi")


def test_every_dice_character_has_an_ability() -> None:
    assert set(dice_texts.ABILITIES) == set(CHARACTER_LIFE)


def test_every_duel_card_and_character_has_names_and_rules() -> None:
    keys = {card.name for card in DUEL_CARDS}
    assert keys == set(duel_texts.CARD_TEXTS) == set(duel_texts.CARD_NAMES)
    characters = {char.name for char in DUEL_CHARACTERS}
    assert characters == set(duel_texts.ABILITIES) == set(duel_texts.CHARACTER_NAMES)


def test_hungarian_names_are_the_printed_cards() -> None:
    set_language("hu")
    assert duel_texts.card_name("missed") == "Nem Talált!"
    assert duel_texts.character_name("the_stranger") == "Az Idegen"
    assert dice_texts.t("face.arrow") == "Nyílvessző"  # the Hungarian dice rulebook
    assert dice_texts.t("role.deputy") == "Seriffhelyettes"


def test_romanian_keeps_english_card_names_and_its_rulebooks_roles() -> None:
    set_language("ro")
    assert duel_texts.card_name("general_store") == "General Store"
    assert dice_texts.t("role.outlaw") == "Nelegiuit"


def _strings(value: object, depth: int = 0) -> Iterator[str]:
    if depth > 6:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key, depth + 1)
            yield from _strings(item, depth + 1)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _strings(item, depth + 1)
    elif hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        for field in value.__dataclass_fields__:
            yield from _strings(getattr(value, field), depth + 1)


def test_the_engines_data_holds_no_letters_of_another_language() -> None:
    """No language data in the engine: its constants are keys (ASCII); what a person reads
    comes from the interface. A coarse check: a word with an accented letter ("Hordó",
    "Pánik") in any module-level value of the engine fails it; suit symbols are allowed."""
    found = []
    for info in pkgutil.walk_packages(p2pbang.engine.__path__, "p2pbang.engine."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if name.startswith("__") or callable(value) or isinstance(value, type):
                continue
            found += [f"{info.name}.{name}: {text!r}" for text in _strings(value)
                      if any(char.isalpha() and not char.isascii() for char in text)]
    assert not found, found


# Captured from the three-language tables the screens read before the catalogs held these
# words (``ui/dice/dice_texts.py``, ``ui/duel/duel_texts.py``, ``ui/text_table.py`` and the Hungarian
# names in ``engine/duel/catalog.py`` at commit 3e508e8): (table, key, (en, hu, ro)).
BEFORE: list[tuple[str, str, tuple[str, str, str]]] = [
    ("shared", "win.you",
     ("You win!",
      "Nyertél!",
      "Ai câștigat!")),
    ("shared", "pace",
     ("Computer players: {seconds:.1f} s per move.",
      "Gépi játékosok: {seconds:.1f} mp lépésenként.",
      "Roboții: {seconds:.1f} s pe mutare.")),
    ("shared", "quit?",
     ("Leave this game? y: yes, any other key: no",
      "Kilépsz a játékból? y: igen, más billentyű: nem",
      "Părăsești jocul? y: da, altă tastă: nu")),
    ("dice", "face.arrow",
     ("Arrow",
      "Nyílvessző",
      "Săgeată")),
    ("dice", "face.double",
     ("2x {face}",
      "2x {face}",
      "2x {face}")),
    ("dice", "role.deputy",
     ("Deputy",
      "Seriffhelyettes",
      "Ajutor")),
    ("dice", "role.target",
     ("{role}, target {name}",
      "{role}, célpont: {name}",
      "{role}, țintă: {name}")),
    ("dice", "dead",
     ("out",
      "kiesett",
      "eliminat")),
    ("dice", "chief_middle",
     (" + Chief's",
      " + főnöké",
      " + a Căpeteniei")),
    ("dice", "help.characters",
     ("Characters",
      "Karakterek",
      "Personaje")),
    ("dice", "ask.dice_slab",
     ("Slab the Killer: spend a Beer so this shot at {name} hits twice?",
      "Slab the Killer: elhasználsz egy Sört, hogy a lövés kettőt sebezzen ({name})?",
      "Slab the Killer: folosești o Bere ca lovitura în {name} să ia 2?")),
    ("dice", "ev.damage_by_you",
     ("{name} loses {n} life to you ({life} left).",
      "{name} veszít {n} életet miattad (maradt {life}).",
      "{name} pierde {n} viață din cauza ta (mai are {life}).")),
    ("dice", "plain.reroll",
     ("Type the numbers of the dice to roll again (like 1 3), or k to keep them; ? help, q quit.",
      "Írd be az újradobandó kockák számát (például 1 3), vagy k: megtartás; ? súgó, q kilépés.",
      "Scrie numerele zarurilor de aruncat din nou (de ex. 1 3) sau k ca să le păstrezi; ? ajutor, q ieșire.")),
    ("dice.abilities", "bart_cassidy",
     ("May take an arrow instead of losing a life to a Bull's Eye or the Gatling (never the last arrow).",
      "Célkereszt vagy Gatling miatti életvesztés helyett elvehet egy nyilat (az utolsót nem).",
      "Poate lua o săgeată în loc să piardă o viață din Țintă sau Gatling (nu ultima).")),
    ("dice.abilities", "vera_custer",
     ("Each Bull's Eye hit on her costs one life less.",
      "Minden őt ért Célkereszt eggyel kevesebb életbe kerül.",
      "Fiecare Țintă asupra ei o costă cu o viață mai puțin.")),
    ("duel", "title",
     ("BANG! The Duel",
      "BANG! Párbaj",
      "BANG! Duelul")),
    ("duel", "side.0",
     ("Lawmen",
      "A törvény emberei",
      "Oamenii legii")),
    ("duel", "symbol.barrel",
     ("Barrel",
      "Hordó",
      "Butoi")),
    ("duel", "symbol.dynamite",
     ("Dynamite",
      "Dinamit",
      "Dinamită")),
    ("duel", "means.snake",
     ("{card}: it bites, 1 life",
      "{card}: megmar, 1 élet",
      "{card}: mușcă, 1 viață")),
    ("duel", "help.characters",
     ("Characters",
      "Szereplők",
      "Personaje")),
    ("duel", "act.pearl",
     ("Pearl Hart: discard {card}, play {top} → {target}",
      "Pearl Hat: {card} el, {top} → {target}",
      "Pearl Hart: aruncă {card}, joacă {top} → {target}")),
    ("duel", "ask.slim_poet",
     ("Slim Poet: discard a random card of the opponent's hand?",
      "Silm Poet: eldobatsz egy véletlen lapot az ellenfél kezéből?",
      "Slim Poet: arunci o carte la întâmplare din mâna adversarului?")),
    ("duel", "ev.damage",
     ("{character} ({name}) loses {n} life ({life} left).",
      "{character} ({name}) veszít {n} életet (maradt {life}).",
      "{character} ({name}) pierde {n} viață (mai are {life}).")),
    ("duel", "win",
     ("The {side} win.",
      "Győztes: {side}.",
      "Câștigă: {side}.")),
    ("duel.cards", "quickdraw",
     ("Hit, plus one more hit per equipment on the target.",
      "Találat, és még egy a célpont minden felszereléséért.",
      "Lovitură, plus câte una pentru fiecare echipament al țintei.")),
    ("duel.cards", "missed",
     ("Dodge a hit.",
      "Kitérés egy találat elől.",
      "Eviți o lovitură.")),
    ("duel.abilities", "the_stranger",
     ("Always active: one more BANG! a turn.",
      "Mindig aktív: eggyel több BANG! körönként.",
      "Mereu activ: încă un BANG! pe tură.")),
    ("duel.card_names", "barrel",
     ("Barrel",
      "Hordó",
      "Barrel")),
    ("duel.card_names", "dynamite",
     ("Dynamite",
      "Dinamit",
      "Dynamite")),
    ("duel.card_names", "missed",
     ("Missed!",
      "Nem Talált!",
      "Missed!")),
    ("duel.card_names", "sniper",
     ("Sniper Rifle",
      "Távcsöves Puska",
      "Sniper Rifle")),
    ("duel.card_names", "general_store",
     ("General Store",
      "Szatócsbolt",
      "General Store")),
    ("duel.character_names", "the_stranger",
     ("The Stranger",
      "Az Idegen",
      "The Stranger")),
    ("duel.character_names", "pearl_hart",
     ("Pearl Hart",
      "Pearl Hat",
      "Pearl Hart")),
    ("duel.character_names", "slim_poet",
     ("Slim Poet",
      "Silm Poet",
      "Slim Poet")),
    ("duel.character_names", "the_daltons",
     ("The Daltons",
      "A Dalton fivérek",
      "The Daltons")),
]

VALUES = {"name": "Ann", "to": "Bob", "n": 2, "life": 3, "role": "R", "face": "F",
          "card": "C", "top": "T", "target": "X", "character": "Ch", "side": "S",
          "seconds": 1.25}


@pytest.mark.parametrize(("table", "key", "before"), BEFORE, ids=lambda v: str(v)[:24])
def test_the_screens_say_what_they_said_before(table: str, key: str,
                                                before: tuple[str, str, str]) -> None:
    """The same words in all three languages, looked up and filled in, as the old tables
    gave them."""
    lookups = [dice_texts.t, duel_texts.t] if table == "shared" else [TABLES[table][2]]
    for language, old in zip(LANGUAGES, before, strict=True):
        set_language(language)
        fields = {name: value for name, value in VALUES.items() if "{" + name in old}
        for read in lookups:
            assert read(key) == old, (language, table, key)
            if fields and read in (dice_texts.t, duel_texts.t):
                assert read(key, **fields) == old.format(**fields), (language, key)
