"""The random bot's inline draw picks exactly what ``Random.choice`` picks: seeded games of
every engine (the card game's included) depend on it."""

from __future__ import annotations

import random

import pytest

from p2pbang.bots.random_bot import RandomBot


class _Listed:
    """A stand-in engine that lists the given actions."""

    def __init__(self, actions: list[int]) -> None:
        self.actions = actions

    def legal_actions(self) -> list[int]:
        return list(self.actions)


@pytest.mark.parametrize("seed", ["0/1/2", "duel-random/7/0", 12345])
def test_the_bot_picks_what_choice_picks(seed: int | str) -> None:
    bot, reference = RandomBot(seed), random.Random(seed)
    for step in range(3000):
        actions = list(range(1 + step % 70))  # lengths at and around every power of two
        assert bot.decide(_Listed(actions), None) == reference.choice(actions)  # type: ignore[arg-type]


def test_no_legal_action_is_an_error() -> None:
    with pytest.raises(IndexError):
        RandomBot(1).decide(_Listed([]), None)  # type: ignore[arg-type]
