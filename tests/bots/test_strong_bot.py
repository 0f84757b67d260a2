"""The strong bot: it sees only its seat's view, its decisions are legal in every game of the
family, and its sampled worlds agree with what the seat knows."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.bots import BOT_LEVELS, make_bot
from p2pbang.bots.determinize import SampleFailed, sample_world
from p2pbang.bots.strong import StrongBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import new_game
from p2pbang.engine.lockstep import Lockstep
from p2pbang.sim.bench_bots import wilson

from .support import seat_positions

CHOICES = [
    GameChoice.make("duel", 2),
    GameChoice.make("dice", 5),
    GameChoice.make("dice", 6, ("old-saloon",)),
    GameChoice.make("bang", 4),
    GameChoice.make("bang", 7),
    GameChoice.make("bang", 5, ("dodge-city",)),
    GameChoice.make("bang", 6, ("high-noon",)),
    GameChoice.make("bang", 5, ("fistful",)),
    GameChoice.make("bang", 6, ("gold-rush",)),
    GameChoice.make("bang", 5, (), ("shadows",)),
]


def _strong(seed: str, game: str) -> StrongBot:
    """An iteration budget only: the decision then depends on nothing but seed and view."""
    return StrongBot(seed, game, iterations=6, seconds=None)


@pytest.mark.parametrize("choice", [CHOICES[0], CHOICES[1], CHOICES[4]], ids=str)
def test_the_same_decision_on_the_seat_engine_as_on_the_all_seeing_engine(
        choice: GameChoice) -> None:
    """Seat 0's strong bot, asked twice at each of its decisions: once handed the all-seeing
    engine, once its own seat's engine (where the other hands and roles do not exist)."""
    engines = Lockstep(new_game(choice, None), [new_game(choice, 0)])
    truth, own = engines.truth, engines.views[0]
    dealer = LocalDealer("strong-fair-a")
    seeing, blind = _strong("s", choice.game), _strong("s", choice.game)
    others = [make_bot("sensible", seat, choice.game) for seat in range(choice.seats)]
    compared = 0
    while not isinstance(truth.pending, End) and compared < 6:
        pending = truth.pending
        if isinstance(pending, Decision):
            if pending.seat == 0:
                action = seeing.decide(truth, pending)
                assert blind.decide(own, pending) == action
                compared += len(truth.legal_actions()) > 1
            else:
                action = others[pending.seat].decide(truth, pending)
            engines.apply(action)
        else:
            engines.apply(dealer.resolve(pending))
    assert compared > 0 and seeing.searched > 0 and seeing.fallbacks == 0


@pytest.mark.parametrize("choice", CHOICES, ids=str)
def test_a_sampled_world_agrees_with_the_seat_view(choice: GameChoice) -> None:
    """A sampled world replays the seat's whole log: the same pending decision, the same
    legal actions for the seat (so the same hand), after as many inputs."""
    rng = random.Random(1)
    checked = failed = 0
    for number, (_, knowledge) in enumerate(seat_positions(choice, f"world/{choice.label()}", 1)):
        if number % 3:
            continue
        try:
            world, _ = sample_world(knowledge, rng)
        except SampleFailed:
            failed += 1
        else:
            assert world.pending == knowledge.view.pending
            assert world.legal_actions() == knowledge.view.legal_actions()
            assert len(world.history) == len(knowledge.history)
            checked += 1
    # Every world returned agrees with the view (above), and every position is drawn: the
    # real game is a world that fits (tests/bots/test_sampler.py has the hard cases).
    assert checked > 0 and failed == 0


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(CHOICES) - 1), seed=st.integers(0, 10**6))
def test_every_decision_is_legal(index: int, seed: int) -> None:
    """The strong bot at one seat of every game and expansion: each answer is legal."""
    choice = CHOICES[index]
    game = new_game(choice, None)
    dealer = LocalDealer(seed)
    seat = seed % choice.seats
    strong = StrongBot(seed, choice.game, iterations=3, seconds=None)
    others = [make_bot("random", f"{seed}/{s}", choice.game) for s in range(choice.seats)]
    asked = 0
    while not isinstance(game.pending, End) and asked < 15:
        pending = game.pending
        if isinstance(pending, Decision):
            if pending.seat == seat:
                action = strong.decide(game, pending)
                assert action in game.legal_actions()
                asked += 1
            else:
                action = others[pending.seat].decide(game, pending)
            game.apply(action)
        else:
            game.apply(dealer.resolve(pending))


def test_levels_name_bot_kinds() -> None:
    assert set(BOT_LEVELS) == {"easy", "sensible", "strong"}
    assert isinstance(make_bot("strong", 1, "duel"), StrongBot)
    assert type(make_bot("easy", 1, "dice")).__name__ == "RandomBot"
    with pytest.raises(ValueError):
        make_bot("grandmaster", 1, "duel")


def test_wilson_interval() -> None:
    low, high = wilson(65, 100)
    assert 0.552 < low < 0.56 and 0.736 < high < 0.745
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0
