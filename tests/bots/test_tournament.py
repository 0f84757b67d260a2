"""Sensible bots play better than random ones: over 300 seeded deals, a Sheriff's team of
SensibleBots against random Outlaws and Renegade wins far more often than a random
Sheriff's team does on the same deals. Also: every decision stays well under a millisecond."""

from __future__ import annotations

from p2pbang.sim.tournament import lineup, play_game

GAMES = 300
TABLES = (4, 5, 6, 7)


def _sheriff_wins(sheriff_team: str) -> tuple[float, float]:
    wins = decisions = 0
    thinking = 0.0
    for seed in range(GAMES):
        record = play_game(TABLES[seed % len(TABLES)], seed, lineup(sheriff_team, "random"))
        wins += record.team == "sheriff"
        decisions += record.decisions
        thinking += record.bot_seconds
        assert record.fallbacks == 0
    return wins / GAMES, thinking / decisions


def test_a_sensible_sheriff_team_beats_random_bots_by_a_clear_margin() -> None:
    sensible, sensible_time = _sheriff_wins("sensible")
    random_rate, _ = _sheriff_wins("random")
    print(f"Sheriff's team wins: sensible {sensible:.1%}, random {random_rate:.1%} "
          f"({GAMES} games, 4-7 players); {sensible_time * 1e6:.0f} us per decision")
    assert sensible >= random_rate + 0.25
    assert sensible_time < 1e-3  # measured about 30 us; a 1 ms bound has ample headroom


def test_sensible_outlaws_beat_a_random_sheriff_team() -> None:
    wins = sum(
        play_game(TABLES[seed % len(TABLES)], seed, lineup("random", "sensible")).team
        != "sheriff"
        for seed in range(100)
    )
    assert wins >= 80
