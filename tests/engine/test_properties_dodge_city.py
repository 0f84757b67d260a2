"""The property tests of the base game, on the Dodge City deck (120 cards, 31 characters) with
3 to 8 players (3: the face-up roles and personal targets): random bot games end, conserve
every card, keep life in bounds, replay to the same state, and every seat's engine walks in
lockstep with the all-seeing one."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import base, dodge_city

from .properties_kit import play_checked, replayed, walk_in_lockstep

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
games = st.tuples(st.integers(min_value=3, max_value=8), st.integers(0, 2**32 - 1))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_dodge_city_games_end_and_keep_every_invariant(table: tuple[int, int]) -> None:
    players, seed = table
    game = play_checked(players, seed, DODGE_CITY)
    end = game.pending
    assert isinstance(end, End) and end.winners
    assert len(game.cards) == 120
    if players == 3:
        # One winner: a hunter who eliminated his target, or the last one alive.
        assert len(end.winners) == 1 and end.team == game.players[end.winners[0]].role
    elif end.team == "renegade":
        # Two Renegades at 8: only the last one alive wins (D11).
        assert [p.seat for p in game.players if p.alive] == list(end.winners)
        assert len(end.winners) == 1


@settings(max_examples=15, deadline=None)
@given(games)
def test_dodge_city_replay_rebuilds_the_same_game(table: tuple[int, int]) -> None:
    players, seed = table
    game = play_checked(players, seed, DODGE_CITY, check=False)
    replay = replayed(game, DODGE_CITY)
    for a, b in zip(game.players, replay.players, strict=True):
        assert (a.life, a.hand, a.table, a.character) == (b.life, b.hand, b.table, b.character)


@pytest.mark.parametrize("players,seed", [(3, 5), (3, 6), (4, 1), (6, 2), (8, 3), (8, 4)])
def test_dodge_city_seat_engines_walk_in_lockstep(players: int, seed: int) -> None:
    walk_in_lockstep(players, seed, DODGE_CITY)


@pytest.mark.parametrize("players,seed", [(3, 11), (5, 12), (8, 13)])
def test_within_agrees_with_distance_at_every_decision(players: int, seed: int) -> None:
    """``Game.within`` (targeting's one-pass distances) says what ``distance`` says."""
    game = Game(players, rules=DODGE_CITY)
    dealer = LocalDealer(seed)
    bots = [RandomBot(seat) for seat in range(players)]
    while not isinstance(game.pending, End):
        pending = game.pending
        if isinstance(pending, Decision):
            for source in game.ring:
                for reach in (1, 2, 3, 5):
                    assert game.within(source, reach) == [
                        t for t in game.ring
                        if t != source and game.distance(source, t) <= reach]
            game.apply(bots[pending.seat].decide(game, pending))
        else:
            game.apply(dealer.resolve(pending))
