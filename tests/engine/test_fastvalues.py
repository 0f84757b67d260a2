"""The fast builders make the very values the dataclasses make, and those stay frozen."""

from __future__ import annotations

import dataclasses

import pytest

from p2pbang.engine.actions import Decision, Event
from p2pbang.engine.fastvalues import decision, event


def test_same_values_as_the_constructors() -> None:
    made, plain = event("roll", 2, 3, -1, 0x54321, 7), Event("roll", 2, 3, -1, 0x54321, 7)
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert event("turn") == Event("turn")
    asked = decision(1, "dice_reroll", (0, 1, 4), -1, 2)
    assert asked == Decision(1, "dice_reroll", (0, 1, 4), -1, 2)
    assert hash(asked) == hash(Decision(1, "dice_reroll", (0, 1, 4), -1, 2))


def test_they_stay_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        event("arrow").value = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision(0, "dice_shoot").seat = 1  # type: ignore[misc]
