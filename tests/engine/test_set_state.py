"""A set's state belongs to the set: ``Game.set_state`` holds one object per module that
makes one (``RuleModule.new_state``), and the core classes keep no field for a single set."""

from __future__ import annotations

from p2pbang.engine.bang.game import Game, Player
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import base, gold_rush, shadows

GOLD_RUSH_SHADOWS = RuleSet((base.MODULE, gold_rush.MODULE, shadows.MODULE))


def test_the_base_game_has_no_set_state() -> None:
    game = Game(5)
    assert game.set_state == {}
    assert gold_rush.state_or_none(game) is None
    assert not shadows.is_shadow(game, 0) and shadows.shadow_side(game, 0) is None


def test_each_set_in_play_has_its_own_state_object_per_game() -> None:
    first, second = Game(5, rules=GOLD_RUSH_SHADOWS), Game(5, rules=GOLD_RUSH_SHADOWS)
    assert set(first.set_state) == {gold_rush.NAME, shadows.NAME}
    gold = gold_rush.state(first)
    assert isinstance(gold, gold_rush.GoldRushState) and gold.nuggets == [0] * 5
    assert isinstance(first.set_state[shadows.NAME], shadows.ShadowsState)
    assert gold is not gold_rush.state(second)  # a game's nuggets are its own
    gold.nuggets[0] = 3
    assert gold_rush.state(second).nuggets == [0] * 5


def test_the_core_classes_keep_no_set_field() -> None:
    game = Game(5, rules=GOLD_RUSH_SHADOWS)
    assert not hasattr(game.players[0], "nuggets") and "nuggets" not in Player.__slots__
    for name in ("shop", "equipment_deck", "equipment_discard", "table_state"):
        assert not hasattr(game, name)
