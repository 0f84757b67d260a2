"""The one self-play loop and the one engine benchmark loop, for every game of the registry."""

from __future__ import annotations

import pytest

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import SHEETS, game_kind
from p2pbang.sim.bench_engine import run_engine_bench
from p2pbang.sim.selfplay import play_one, replay_problems, selfplay

# Each game at its fewest seats.
CHOICES = [GameChoice.make(sheet.name, sheet.seat_range()[0]) for sheet in SHEETS]


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_selfplay_checks_every_game_and_names_it(choice: GameChoice) -> None:
    report = selfplay(3, seed=5, choice=choice)
    assert report.problems == [] and report.games == 3 and sum(report.wins.values()) == 3
    assert report.game == choice.label() and report.checks == game_kind(choice).checks


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_a_log_that_does_not_replay_to_its_game_is_reported(choice: GameChoice) -> None:
    """The replay check (which the card game's self-play gained when the loops became one)
    sees a log that does not lead to the game's end."""
    kind = game_kind(choice)
    game, problems = play_one(choice, "replay/1", check=True)
    assert problems == [] and isinstance(game.pending, End)
    assert replay_problems(kind, choice, game, "replay/1") == []
    game.history.pop()
    assert replay_problems(kind, choice, game, "replay/1") == [
        "game replay/1: replaying its log gives a different game"]


def test_selfplay_needs_a_game() -> None:
    with pytest.raises(ValueError, match="a game or a number of players"):
        selfplay(1)
    assert selfplay(1, 4).game == GameChoice.make("bang", 4).label()


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_the_bench_plays_the_seeded_games_of_every_game(choice: GameChoice) -> None:
    figures = run_engine_bench(2, seed=3, choice=choice)
    assert figures["games"] == 2 and figures["game"] == choice.label()
    steps = sum(len(play_one(choice, f"3/{i}", check=False)[0].history) for i in range(2))
    assert figures["steps_per_game"] == steps / 2
