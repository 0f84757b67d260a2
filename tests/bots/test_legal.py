"""Whole games of SensibleBots on random deals: every answer is legal, every game ends, and
the role rules hold in every decision (thousands of them), not only in hand-made scenarios."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.bots.sensible import SensibleBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import NO_SEAT, Decision, End, Play
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations

from .support import check_role_rules

MAX_STEPS = 20_000


def _play_checked(players: int, seed: int, fed: bool) -> int:
    """One whole game of SensibleBots with every answer checked; returns the decisions."""
    game = Game(players)
    dealer = LocalDealer(seed)
    bots = [SensibleBot(f"{seed}/{seat}") for seat in range(players)]
    decisions = 0
    for _ in range(MAX_STEPS):
        pending = game.pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            legal = game.legal_actions()
            action = bots[pending.seat].decide(game, pending)
            assert action in legal
            assert game.check(action) is None
            check_role_rules(game, pending, action)
            events = game.apply(action)
            decisions += 1
        else:
            events = game.apply(dealer.resolve(pending))
        if fed:
            for bot in bots:
                bot.observe(events)
    else:
        raise AssertionError(f"{players} players, seed {seed}: no end in {MAX_STEPS} steps")
    assert not violations(game, dealer.cards)
    assert all(bot.fallbacks == 0 for bot in bots)
    return decisions


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(4, 7), seed=st.integers(0, 2**32 - 1), fed=st.booleans())
def test_sensible_bots_only_play_legal_actions_and_finish_games(
    players: int, seed: int, fed: bool
) -> None:
    assert _play_checked(players, seed, fed) > 0


def test_thousands_of_decisions_over_every_table_size() -> None:
    total = sum(_play_checked(players, seed, fed=seed % 2 == 0)
                for players in (4, 5, 6, 7) for seed in range(6))
    assert total >= 3000, total


def test_a_targeted_play_always_names_a_living_other_seat() -> None:
    """Belt and braces over one long 7-player game: the bot's chosen targets are real."""
    game = Game(7)
    dealer = LocalDealer("targets")
    bots = [SensibleBot(seat) for seat in range(7)]
    while not isinstance(game.pending, End):
        pending = game.pending
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(game, pending)
            if isinstance(action, Play) and action.target != NO_SEAT:
                assert action.target != pending.seat
                assert game.players[action.target].alive
            game.apply(action)
        else:
            game.apply(dealer.resolve(pending))


@pytest.mark.slow
def test_a_thousand_games_without_a_single_slip() -> None:
    """The long run (``pytest -m slow tests/bots``): 1000 games, 250 per table size."""
    total = sum(_play_checked(4 + index % 4, index, fed=index % 3 != 0)
                for index in range(1000))
    assert total > 100_000, total
