"""The interface's seam for the card game's sets (``ui/sets/``): the shared modules name no
set, every set listed has its two modules, and the order they are asked in is the one the
registry documents (a newer set reads the kinds it shares with an older one first)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from p2pbang.engine.actions import TARGET_PICK, Decision
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import EXPANSION_MODULES, VARIANT_MODULES, base, dodge_city, gold_rush
from p2pbang.engine.bang.sets.gold_rush import state as gold_state
from p2pbang.ui import sets
from p2pbang.ui.describe import Describer
from p2pbang.ui.texts import CARD_NAMES, KIND_NAMES

UI_DIR = Path(sets.__file__).parent.parent
SETS_DIR = Path(sets.__file__).parent


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
    """Each expansion's and variant's engine module has its interface here (the two event
    decks share one): a set playable in the engine is never left to the shared modules."""
    covered = [name for strings in sets.strings() for name in strings.sets]
    assert sorted(covered) == sorted({*EXPANSION_MODULES, *VARIANT_MODULES})
    assert sets.ORDER == ("dodge_city", "events", "gold_rush", "shadows")


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
