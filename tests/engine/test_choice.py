"""The game a table plays: one validated value, one encoding, clear errors."""

from __future__ import annotations

import pytest

from p2pbang.engine.choice import ChoiceError, GameChoice, split_names


def test_base_game_round_trips_through_options_and_wire() -> None:
    choice = GameChoice.make("bang", 5)
    assert choice.to_options() == {}
    assert GameChoice.from_options("bang", 5, {}) == choice
    assert GameChoice.from_wire(choice.to_wire()) == choice
    assert choice.label() == "bang, 5 seats"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("poker", 4), "the games are: bang, dice, duel"),
        (("bang", 8), "4 to 7 players"),
        (("bang", 3), "4 to 7 players"),
        (("bang", 5, ["dodgecity"]), "the expansions are: dodge-city, high-noon"),
        (("bang", 5, [], ["ghosts"]), "the variants are: shadows"),
    ],
)
def test_unknown_or_impossible_choices_say_what_exists(args: tuple, words: str) -> None:
    with pytest.raises(ChoiceError, match=words):
        GameChoice.make(*args)


def test_unknown_table_option_is_refused() -> None:
    with pytest.raises(ChoiceError, match="unknown table option 'speed'"):
        GameChoice.from_options("bang", 5, {"speed": "fast"})


def test_wire_form_must_be_canonical() -> None:
    with pytest.raises(ChoiceError):
        GameChoice.from_wire({"game": "bang", "seats": True, "expansions": [], "variants": []})
    with pytest.raises(ChoiceError):
        GameChoice.from_wire({"game": "bang", "seats": 4, "expansions": "x", "variants": []})
    with pytest.raises(ChoiceError):
        GameChoice.from_wire([1, 2])


def test_names_are_split_and_cleaned() -> None:
    assert split_names(" Dodge-City, ,high-noon ") == ["dodge-city", "high-noon"]
