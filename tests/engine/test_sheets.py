"""Each game's fact sheet (``engine/sheet.py``) and the registry that collects them: the
facts are the games' own, and every reader (choice, flags, table, bots) gets them from there."""

from __future__ import annotations

import pytest

from p2pbang.bots import make_bot, sensible_class
from p2pbang.engine import choice as game_choice
from p2pbang.engine.bang.sets import EXPANSION_MODULES, dodge_city
from p2pbang.engine.choice import ChoiceError, GameChoice, seat_range
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.dice.state import DiceLayout
from p2pbang.engine.family import GAME_KINDS, SHEETS, sheet_of_set
from p2pbang.table.games import TABLE_GAMES


def test_the_registry_only_collects_the_sheets() -> None:
    assert [sheet.name for sheet in SHEETS] == ["bang", "dice", "duel"]
    assert game_choice.GAMES == ("bang", "dice", "duel")
    assert {sheet.name: sheet.expansions for sheet in SHEETS} == game_choice.EXPANSIONS
    assert game_choice.VARIANTS["bang"] == ("shadows",)
    assert set(TABLE_GAMES) == set(GAME_KINDS)
    assert all(TABLE_GAMES[name].family is GAME_KINDS[name] for name in GAME_KINDS)
    with pytest.raises(AttributeError):
        game_choice.SEATS  # noqa: B018 - only the three names are read from the sheets


@pytest.mark.parametrize("game,expansions,seats", [
    ("bang", (), (4, 7)),
    ("bang", ("dodge-city",), (3, 8)),
    ("bang", ("high-noon", "gold-rush"), (4, 7)),
    ("dice", (), (3, 8)),
    ("dice", ("old-saloon",), (3, 8)),
    ("duel", (), (2, 2)),
])
def test_the_seat_ranges_are_the_rulebooks(game: str, expansions: tuple[str, ...],
                                            seats: tuple[int, int]) -> None:
    assert seat_range(game, expansions) == GAME_KINDS[game].seat_range(expansions) == seats
    low, high = seats
    GameChoice.make(game, low, expansions)
    GameChoice.make(game, high, expansions)
    for wrong in (low - 1, high + 1):
        with pytest.raises(ChoiceError, match=f"not {wrong}"):
            GameChoice.make(game, wrong, expansions)


def test_the_card_games_range_is_its_rule_modules() -> None:
    """Written once: the card game's sheet merges what each set's rule module allows."""
    assert EXPANSION_MODULES["dodge-city"] is dodge_city.MODULE
    assert (dodge_city.MODULE.fewest_seats, dodge_city.MODULE.most_seats) == (3, 8)
    assert GAME_KINDS["bang"].expansions == tuple(EXPANSION_MODULES)


def test_the_dice_engine_refuses_the_tables_its_sheet_refuses() -> None:
    low, high = GAME_KINDS["dice"].seat_range()
    for wrong in (low - 1, high + 1):
        with pytest.raises(ValueError, match=f"{low} to {high} players"):
            DiceGame(wrong)
        with pytest.raises(ValueError, match=f"{low} to {high} seats"):
            DiceLayout(("sheriff",) * wrong, ("willy_the_kid",) * wrong).validate()


def test_a_set_belongs_to_one_game() -> None:
    assert sheet_of_set("old-saloon") is GAME_KINDS["dice"]
    assert sheet_of_set("shadows") is GAME_KINDS["bang"]
    assert sheet_of_set("wild-west") is None
    owners = [name for sheet in SHEETS for name in (*sheet.expansions, *sheet.variants)]
    assert len(owners) == len(set(owners))


@pytest.mark.parametrize("game", ["bang", "dice", "duel"])
def test_each_sheet_names_a_bot_that_plays_its_game(game: str) -> None:
    bot = make_bot("sensible", 1, game)
    assert type(bot) is sensible_class(game)
    assert type(bot).__module__.startswith("p2pbang.bots.")
    assert type(bot).__name__ == GAME_KINDS[game].bot.partition(":")[2]
    with pytest.raises(ValueError, match="games: bang, dice, duel"):
        make_bot("sensible", 1, "poker")
