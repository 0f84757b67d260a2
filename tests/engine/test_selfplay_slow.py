"""Thousands of random bot games at every table size: no violation, every game ends."""

from __future__ import annotations

import pytest

from p2pbang.engine.choice import GameChoice
from p2pbang.sim.selfplay import selfplay


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_thousand_games_per_table_size(players: int) -> None:
    report = selfplay(1000, players, seed=players)
    assert report.problems == []
    assert report.games == 1000
    assert sum(report.wins.values()) == 1000


def test_a_short_selfplay_run_in_the_default_set() -> None:
    report = selfplay(30, 6, seed=1)
    assert report.problems == [] and sum(report.wins.values()) == 30


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_thousand_dodge_city_games_per_table_size(players: int) -> None:
    report = selfplay(1000, players, seed=players,
                      choice=GameChoice.make("bang", players, ["dodge-city"]))
    assert report.problems == [] and sum(report.wins.values()) == 1000


def test_a_short_dodge_city_selfplay_run_at_three_and_eight_in_the_default_set() -> None:
    for players in (3, 8):
        report = selfplay(15, players, seed=2,
                          choice=GameChoice.make("bang", players, ["dodge-city"]))
        assert report.problems == [] and sum(report.wins.values()) == 15
