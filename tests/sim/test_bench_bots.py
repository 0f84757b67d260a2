"""``p2pbang bench bots``: seats rotated, both sides counted on the same deals, times taken."""

from __future__ import annotations

import re

import pytest

from p2pbang.bots.strong import THINK, StrongBot
from p2pbang.cli import build_parser, main
from p2pbang.engine.choice import GameChoice
from p2pbang.sim.bench_bots import bench_bots


def test_a_short_dice_bench_rotates_the_strong_seat_and_times_its_choices() -> None:
    report = bench_bots(GameChoice.make("dice", 3), games=3, seconds=None, iterations=6)
    assert report.games == 3
    assert 0 <= report.strong_wins <= 3 and 0 <= report.sensible_wins <= 3
    assert report.times and all(t > 0 for t in report.times)
    assert report.fallbacks == 0
    lines = report.lines()
    assert "strong" in lines[1] and "95% CI" in lines[1] and "ratio" in lines[2]
    assert "p50" in lines[3] and "p95" in lines[3]


@pytest.mark.slow  # a whole Duel with a searching side: about a minute of one core
def test_the_duel_counts_the_other_side_as_the_sensible_bot() -> None:
    report = bench_bots(GameChoice.make("duel", 2), games=1, seconds=None, iterations=2)
    assert report.strong_wins + report.sensible_wins == 1


def test_the_command_refuses_a_game_it_does_not_know(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["bench", "bots", "--game", "chess"]) != 0
    assert "chess" in capsys.readouterr().err


def test_every_bot_hears_the_events_of_every_input() -> None:
    """As solo and network tables do: a bot with ``observe`` is told every applied input's
    events, so the sensible bots at the bench know who attacked the Sheriff."""
    from p2pbang.bots import make_bot
    from p2pbang.sim.bench_bots import _play

    class Listening:
        def __init__(self, seat: int) -> None:
            self.inner = make_bot("sensible", seat, "bang")
            self.heard: list[str] = []

        def observe(self, events: list) -> None:
            self.heard.extend(event.kind for event in events)
            self.inner.observe(events)

        def decide(self, game: object, decision: object) -> object:
            return self.inner.decide(game, decision)

    choice = GameChoice.make("bang", 4)
    bots = [Listening(seat) for seat in range(4)]
    _play(choice, "listen", bots, None, [])
    for bot in bots:
        assert "play" in bot.heard and bot.heard == bots[0].heard


def _without_clock(text: str) -> list[str]:
    """The printed lines less what a clock measured (the run's and each game's seconds, the
    decision times)."""
    return [re.sub(r"\(\d+ s\)|, \d+ s$|p50 .*", "", line) for line in text.splitlines()]


def test_jobs_play_the_same_games_as_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    """``--jobs 2`` plays the games in two processes: the same games, the same wins, the
    same lines, in the same order, as one process (no clock: ``--think 0``)."""
    args = ["bench", "bots", "--game", "dice", "--players", "3", "--games", "4",
            "--think", "0", "--iterations", "8"]
    assert main([*args, "--jobs", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*args, "--jobs", "2"]) == 0
    two = capsys.readouterr().out
    assert "2 processes" in two and "1 process;" in one
    lines = _without_clock(one)
    assert [line.split(":")[0] for line in lines[:4]] == [
        f"game {i} (strong seat {i % 3})" for i in range(4)]
    assert "so far strong" in lines[3] and "stopped early" in lines[-1]
    assert [line.replace("1 process;", "") for line in lines] == [
        line.replace("2 processes;", "") for line in _without_clock(two)]


def test_a_game_line_keeps_the_running_tally() -> None:
    from p2pbang.sim.bench_bots import BotBench, GameResult

    tally = BotBench("duel")
    for index, won in enumerate((True, False, True)):
        game = GameResult(index, index % 2, won, not won, [0.1], 0, 5, 4, 1, 2.0)
        tally.add(game)
    assert game.line(tally).startswith("game 2 (strong seat 0): strong won, sensible lost; "
                                       "so far strong 2/3, sensible 1/3")
    assert tally.searched == 15 and tally.early_stops == 12 and tally.departures == 3
    assert "15: 12 stopped early" in tally.lines()[4]


def test_the_think_flag_defaults_to_the_strong_bots_own_budget() -> None:
    """`bench bots --think` and a strong bot made without a clock given think the same."""
    args = build_parser().parse_args(["bench", "bots", "--game", "dice"])
    assert args.think == THINK == StrongBot().seconds
