"""How fast the engine plays Dodge City with 8 players and random bots (target: 150 games/s
on one core; the floor asserted here leaves room for a loaded machine). Run alone:
``.venv/bin/python -m pytest -s -m slow tests/engine/test_dodge_city_speed_slow.py``."""

from __future__ import annotations

import time

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import base, dodge_city
from p2pbang.engine.runner import play_out

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))


@pytest.mark.slow
def test_dodge_city_eight_players_games_per_second() -> None:
    games = 500
    start = time.process_time()
    for seed in range(games):
        bots = [RandomBot(f"{seed}/{seat}") for seat in range(8)]
        play_out(Game(8, rules=DODGE_CITY), LocalDealer(seed), bots)
    rate = games / (time.process_time() - start)
    print(f"Dodge City, 8 players, random bots: {rate:.1f} games/s")
    assert rate >= 75
