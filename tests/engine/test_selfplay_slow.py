"""Thousands of random bot games at every table size: no violation, every game ends."""

from __future__ import annotations

import pytest

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
