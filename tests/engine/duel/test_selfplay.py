"""The selfplay and benchmark helpers the CLI will call."""

from __future__ import annotations

from p2pbang.sim.duel_games import run_duel_bench, selfplay_game


def test_selfplay_games_are_clean_and_replay_to_the_same_hash() -> None:
    for seed in range(3):
        report = selfplay_game(seed)
        assert report.problems == ()
        assert report.end.team in ("lawmen", "outlaws")
        assert selfplay_game(seed).log_hash == report.log_hash
    assert selfplay_game(0).log_hash != selfplay_game(1).log_hash


def test_the_bench_reports_complete_games() -> None:
    figures = run_duel_bench(games=2, seed=5)
    assert figures["games"] == 2 and figures["steps_per_game"] > 50
    assert figures["games_per_second"] > 0
