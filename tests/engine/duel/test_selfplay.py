"""Self-play and the benchmark of The Duel, through the family's one loop of each
(sim/selfplay, sim/bench_engine)."""

from __future__ import annotations

from p2pbang.engine.family import game_kind
from p2pbang.sim.bench_engine import run_engine_bench
from p2pbang.sim.selfplay import play_one, selfplay
from tests.engine.duel.support import DUEL


def test_selfplay_games_are_clean_and_replay_to_the_same_hash() -> None:
    report = selfplay(3, seed=0, choice=DUEL)  # replays each log and plays each seed twice
    assert report.problems == []
    assert report.games == 3 and sum(report.wins.values()) == 3
    assert set(report.wins) <= {"lawmen", "outlaws"}
    hashes = {game_kind(DUEL).history_hash(play_one(DUEL, f"0/{i}", False)[0].history)
              for i in range(2)}
    assert len(hashes) == 2


def test_the_bench_reports_complete_games() -> None:
    figures = run_engine_bench(2, seed=5, choice=DUEL)
    assert figures["games"] == 2 and figures["steps_per_game"] > 50
    assert figures["games_per_second"] > 0
