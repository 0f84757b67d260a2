"""selfplay and bench engine for the Dice Game and The Duel, as the command runs them."""

from __future__ import annotations

import pytest

from p2pbang.cli import main
from p2pbang.engine.choice import GameChoice
from p2pbang.sim.bench_engine import run_engine_bench
from p2pbang.sim.selfplay import selfplay


@pytest.mark.parametrize("choice", [
    GameChoice.make("dice", 3), GameChoice.make("dice", 8),
    GameChoice.make("dice", 5, ["old-saloon"]), GameChoice.make("duel", 2),
], ids=lambda c: c.label())
def test_selfplay_finds_no_violation(choice: GameChoice) -> None:
    report = selfplay(6, seed=11, choice=choice)
    assert report.problems == []
    assert report.games == 6 and sum(report.wins.values()) == 6 and report.steps > 0


def test_bench_counts_complete_games() -> None:
    result = run_engine_bench(5, seed=0, choice=GameChoice.make("dice", 8))
    assert result["games"] == 5 and result["games_per_second"] > 0
    assert result["turns_per_game"] >= 1


@pytest.mark.parametrize("argv,words", [
    (["selfplay", "--game", "duel", "--games", "3"], "game: duel, 2 seats"),
    (["selfplay", "--game", "dice", "--players", "3", "--games", "5"], "game: dice, 3 seats"),
    (["selfplay", "--game", "dice", "--expansions", "old-saloon", "--games", "5"],
     "game: dice+old-saloon, 5 seats"),
    (["bench", "engine", "--game", "dice", "--players", "8", "--games", "5"], "(target 1000)"),
    (["bench", "engine", "--game", "duel", "--games", "3"], "(target: the base game's steps/s"),
])
def test_the_commands_play_the_chosen_game(argv: list[str], words: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert words in out
    if argv[0] == "selfplay":
        assert "violations: none" in out


@pytest.mark.parametrize("argv,words", [
    (["selfplay", "--game", "dice", "--players", "2"], "the Dice Game takes 3 to 8 players, not 2"),
    (["selfplay", "--game", "duel", "--players", "3"], "The Duel is for 2 players, not 3"),
    (["solo", "--game", "dice", "--expansions", "dodge-city"],
     "unknown expansion 'dodge-city' for dice"),
    # The network commands play these games now (tests/e2e/test_family_games.py); they
    # refuse a seat count the game does not take, in one line, before opening anything.
    (["host", "--game", "dice", "--seats", "2", "--plain", "--no-announce"],
     "the Dice Game takes 3 to 8 players, not 2"),
    (["bench", "table", "--game", "duel", "--peers", "3"], "The Duel is for 2 players, not 3"),
    (["bot", "--open", "--game", "duel", "--seats", "3"], "The Duel is for 2 players, not 3"),
])
def test_impossible_choices_are_one_line_and_exit_2(argv: list[str], words: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
