"""Keys that stay with their rows for the turn (``menu_keys.StableKeys``)."""

from __future__ import annotations

from p2pbang.ui.shell.menu_keys import StableKeys


def test_a_row_keeps_its_key_and_a_new_row_takes_a_key_never_used_this_turn() -> None:
    keys = StableKeys("1234")
    assert keys.keys(1, "play", ["beer", "bang", "end"]) == ["1", "2", "3"]
    assert keys.keys(1, "play", ["bang", "end"]) == ["2", "3"]  # the Beer played: a gap
    # a card drawn (Wells Fargo) takes the first key no row had, not the Beer's "1"
    assert keys.keys(1, "play", ["bang", "drawn", "end"]) == ["2", "4", "3"]


def test_keys_are_given_again_only_when_every_key_was_used() -> None:
    keys = StableKeys("12")
    assert keys.keys(1, "play", ["a", "b"]) == ["1", "2"]
    assert keys.keys(1, "play", ["b", "c"]) == ["2", "1"]  # "a" is gone: its key reused
    assert keys.keys(1, "play", ["a", "b", "c"]) == ["", "2", "1"]  # more rows than keys


def test_each_decision_kind_has_its_keys_and_a_new_turn_starts_afresh() -> None:
    keys = StableKeys("123")
    assert keys.keys(1, "play", ["x", "y"]) == ["1", "2"]
    assert keys.keys(1, "respond", ["miss", "hit"]) == ["1", "2"]
    assert keys.keys(1, "play", ["y"]) == ["2"]  # back to the turn: as it was
    assert keys.keys(2, "play", ["y"]) == ["1"]


def test_the_same_row_twice_gets_two_keys() -> None:
    assert StableKeys("123").keys(1, "play", ["x", "x"]) == ["1", "2"]
