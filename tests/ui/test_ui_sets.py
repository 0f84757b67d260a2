"""The interface's seam for the card game's sets (``ui/sets/``): the shared modules name no
set, every set listed has its two modules, and the order they are asked in is the one the
registry documents (a newer set reads the kinds it shares with an older one first)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from p2pbang.engine.actions import DECLINE, EVENT_PICK, TARGET_PICK, Decision
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import (
    EXPANSION_MODULES,
    VARIANT_MODULES,
    base,
    dodge_city,
    fistful,
    gold_rush,
    high_noon,
)
from p2pbang.engine.bang.sets.gold_rush import state as gold_state
from p2pbang.ui import sets
from p2pbang.ui.describe import Describer
from p2pbang.ui.sets.event_deck import EventDeck, event_name, pile_speaker
from p2pbang.ui.texts import CARD_NAMES, KIND_NAMES
from p2pbang.ui.view import build_view

UI_DIR = Path(sets.__file__).parent.parent
SETS_DIR = Path(sets.__file__).parent
NAMES = ["You", "Ace", "Bonnie", "Clyde"]


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, ``from p2pbang.ui.sets import x`` as ``...sets.x``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


SHARED = sorted(p for p in UI_DIR.rglob("*.py") if SETS_DIR not in p.parents)  # ui/network/ too


@pytest.mark.parametrize("path", SHARED, ids=lambda p: p.relative_to(UI_DIR).as_posix())
def test_no_shared_module_imports_a_set(path: Path) -> None:
    """A shared module reaches the sets through the registry only: no set's interface
    module, no expansion's engine module or cards by name."""
    own = {p.stem for p in SETS_DIR.glob("*.py")} - {"__init__"}
    expansions = {p.stem for p in (UI_DIR.parent / "engine" / "sets").glob("*.py")}
    expansions |= {p.stem for p in (UI_DIR.parent / "engine" / "cards").glob("*.py")}
    expansions -= {"__init__", "base"}
    named = imported(path)
    assert not {f"p2pbang.ui.sets.{name}" for name in own} & named
    assert not {f"p2pbang.engine.bang.sets.{name}" for name in expansions} & named
    assert not {f"p2pbang.engine.bang.cards.{name}" for name in expansions} & named


def test_every_set_listed_has_its_strings_and_its_answers() -> None:
    assert len(set(sets.ORDER)) == len(sets.ORDER)
    for name in sets.ORDER:
        assert (SETS_DIR / f"{name}.py").is_file() and (SETS_DIR / f"{name}_texts.py").is_file()
    assert [s.name for s in sets.asked()] == list(reversed(sets.ORDER))
    assert all(isinstance(s, sets.UISet) for s in sets.asked())
    assert all(isinstance(t, sets.SetTexts) for t in sets.strings())


def test_the_sets_tables_follow_the_base_games_in_the_order_the_sets_came_out() -> None:
    """The help lists the cards and kinds in the tables' order: base, Dodge City, Gold Rush."""
    names = list(CARD_NAMES)
    assert names.index("winchester") < names.index("punch") < names.index("pickaxe")
    assert list(KIND_NAMES) == ["brown", "blue", "weapon", "green", "black", "gold_brown"]
    for strings in sets.strings():
        assert set(strings.card_names) <= set(CARD_NAMES)


def test_the_registry_lists_a_set_for_every_expansion_and_variant_the_engine_has() -> None:
    """Each expansion's and variant's engine module has its interface here, one set each (the
    two event decks too): a set playable in the engine is never left to the shared modules."""
    covered = [name for strings in sets.strings() for name in strings.sets]
    assert sorted(covered) == sorted({*EXPANSION_MODULES, *VARIANT_MODULES})
    assert sets.ORDER == ("dodge_city", "high_noon", "fistful", "gold_rush", "shadows")


def test_each_event_deck_has_its_own_cards_strings_and_the_shared_module_names_no_deck() -> None:
    """An event deck's set holds its own cards' names, texts and help, in the catalogs'
    context of event cards; ``event_deck.py``, what every deck shares, imports no deck's
    modules and names no event card: a third deck adds its own modules and edits it not."""
    decks = [s for s in sets.asked() if isinstance(s, EventDeck)]
    assert sorted(d.name for d in decks) == ["fistful", "high_noon"]
    for deck in decks:
        engine_sets = {m.name: m for m in (high_noon.MODULE, fistful.MODULE)}
        (shown,) = deck.texts.sets
        own = {e.name for e in engine_sets[shown].events}
        texts = deck.texts
        assert own == set(texts.event_names) == set(texts.event_texts) == set(texts.event_help)
        module = importlib.import_module(f"p2pbang.ui.sets.{deck.name}_texts")
        assert module.EVENT_CARD == sets.EVENT_CARD
    shared = SETS_DIR / "event_deck.py"
    own_modules = {p.stem for p in SETS_DIR.glob("*.py")} - {"__init__", "event_deck"}
    assert not {f"p2pbang.ui.sets.{name}" for name in own_modules} & imported(shared)
    assert not {n for n in imported(shared) if n.startswith("p2pbang.engine.bang.sets")}
    literals = {node.value for node in ast.walk(ast.parse(shared.read_text(encoding="utf-8")))
                if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    cards = {e.name for e in (*high_noon.MODULE.events, *fistful.MODULE.events)}
    assert not literals & cards


def test_what_every_event_deck_shows_is_said_once_with_both_decks() -> None:
    """With both decks in play the event in force, the pile's sentences, the help's event
    sections, ``e`` and ``c NAME`` come from one set each: the deck whose card is in force,
    or the first deck for the pile, never twice."""
    rules = RuleSet((base.MODULE, high_noon.MODULE, fistful.MODULE))
    for event, owner in (("thirst", "high_noon"), ("lasso", "fistful")):
        table = Scenario(["vulture_sam"] * 4, rules=rules, viewer=0, event=event,
                         events=["ranch", "curse"])
        game = table.game
        view = build_view(game, NAMES)
        said = {s.name: (s.status_part(view), s.plain_head(view), s.idle_detail(view),
                         s.title_part(view, 60)) for s in sets.asked()}
        assert [n for n, parts in said.items() if any(parts)] == [owner]
        first = [s.name for s in sets.asked() if s.help_first(game)]
        assert first == [pile_speaker().name] == ["high_noon"]
        (helped,) = [s.help_first(game) for s in sets.asked() if s.help_first(game)]
        assert [title for title, _entries in helped] == ["Event in force", "Event cards"]
        assert len(helped[-1][1]) == 28  # every card of both decks, in one section
        assert len([s for s in sets.asked() if s.plain_help(game)]) == 1
        assert len([s for s in sets.asked() if s.plain_command(game, NAMES, "e")]) == 1
    found = sets.joined(lambda ui_set: ui_set.explain("the"))
    assert [line.split(":")[0] for line in found] == [  # one deck's cards, then the next's
        "The Daltons", "The Doctor", "The Reverend", "The Sermon", "The Judge", "Law of the West"]


def test_a_newer_set_reads_a_kind_it_shares_with_an_older_one_first() -> None:
    """Josh McCloud's Wanted is placed with Dodge City's TARGET_PICK: Gold Rush is asked
    before Dodge City, so the question names the Wanted, not a shot."""
    rules = RuleSet((base.MODULE, dodge_city.MODULE, gold_rush.MODULE))
    table = Scenario(["josh_mccloud", "doc_holyday", "vulture_sam"], rules=rules, viewer=0,
                     equipment={}, shop=["wanted", "rhum", "pardner"])
    game = table.game
    wanted = next(s for s in gold_state(game).shop if game.card_name(game.known[s]) == "wanted")
    gold_state(game).discard.append(wanted)  # the card Josh drew, waiting for its seat
    say = Describer(game, ["You", "Ace", "Bonnie"])
    pick = Decision(0, TARGET_PICK)
    names = [s.name for s in sets.asked()]
    assert names.index("gold_rush") < names.index("dodge_city")
    read = {s.name: s.decision(say, pick) for s in sets.asked()}
    assert read["gold_rush"] is not None and "Wanted" in read["gold_rush"]
    assert read["dodge_city"] is not None and "shot" in read["dodge_city"]
    assert say.decision(pick) == read["gold_rush"]


def test_an_event_decision_is_said_by_the_deck_whose_card_asks_it() -> None:
    """One decision kind serves cards of both decks (The Daltons' pick, Blood Brothers'
    gift, Hard Liquor's question): the deck whose card is in force says it, the other is
    silent, and a deck's card without words of its own gets the generic question."""
    rules = RuleSet((base.MODULE, high_noon.MODULE, fistful.MODULE))
    for event, owner in (("the_daltons", "high_noon"), ("blood_brothers", "fistful"),
                         ("hard_liquor", "fistful")):
        table = Scenario(["vulture_sam"] * 4, rules=rules, viewer=0, event=event)
        say = Describer(table.game, NAMES)
        pick = Decision(0, EVENT_PICK, options=(DECLINE, 1))
        said = {s.name: s.decision(say, pick) for s in sets.asked()}
        assert [name for name, text in said.items() if text is not None] == [owner], said
        assert said[owner] != f"{event_name(event)}: choose."
        assert [s.name for s in sets.asked() if s.choice(say, pick, DECLINE)] == [owner]
        assert [s.name for s in sets.asked() if s.activity(say, Decision(1, EVENT_PICK))] \
            == [owner]
    table = Scenario(["vulture_sam"] * 4, rules=rules, viewer=0, event="thirst")
    say = Describer(table.game, NAMES)
    assert say.decision(Decision(0, EVENT_PICK)) == "Thirst: choose."
    assert say.activity(Decision(1, EVENT_PICK)) == "Ace is choosing."
