"""The property tests with the event decks: High Noon alone, A Fistful of Cards alone, both
together, and both with Dodge City. Random bot games end, conserve every card and every
event card, keep life in bounds (ghosts apart), replay to the same state, and every seat's
engine walks in lockstep with the all-seeing one."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.engine.actions import End
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import base, dodge_city, fistful, high_noon

from .properties_kit import play_checked, replayed, seat_facts, walk_in_lockstep

RULES = {
    "high-noon": RuleSet((base.MODULE, high_noon.MODULE)),
    "fistful": RuleSet((base.MODULE, fistful.MODULE)),
    "both": RuleSet((base.MODULE, high_noon.MODULE, fistful.MODULE)),
    "dodge-city+both": RuleSet((base.MODULE, dodge_city.MODULE, high_noon.MODULE,
                                fistful.MODULE)),
}
games = st.tuples(st.sampled_from(sorted(RULES)), st.integers(4, 7),
                  st.integers(0, 2**32 - 1))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_event_games_end_and_keep_every_invariant(table: tuple[str, int, int]) -> None:
    name, players, seed = table
    game = play_checked(players, seed, RULES[name])
    end = game.pending
    assert isinstance(end, End) and end.winners


@settings(max_examples=12, deadline=None)
@given(games)
def test_event_replay_rebuilds_the_same_game(table: tuple[str, int, int]) -> None:
    name, players, seed = table
    game = play_checked(players, seed, RULES[name], check=False)
    replay = replayed(game, RULES[name])
    assert replay.event_in_force == game.event_in_force
    for a, b in zip(game.players, replay.players, strict=True):
        assert (a.life, a.hand, a.table, a.alive) == (b.life, b.hand, b.table, b.alive)


@pytest.mark.parametrize("name,players,seed", [
    ("high-noon", 4, 1), ("fistful", 5, 2), ("both", 7, 3), ("dodge-city+both", 6, 4),
    ("fistful", 4, 5), ("high-noon", 6, 6), ("dodge-city+both", 3, 7),
    ("dodge-city+both", 8, 8)])
def test_event_seat_engines_walk_in_lockstep(name: str, players: int, seed: int) -> None:
    truth, _steps = walk_in_lockstep(players, seed, RULES[name], public=_public)
    assert truth.event_shown  # the games run long enough to see events


def _public(game: Game) -> tuple[object, ...]:
    return (seat_facts(game), game.event_in_force)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULES))
def test_many_event_games_keep_every_invariant(name: str) -> None:
    for seed in range(150):
        players = 4 + seed % 5 if name.startswith("dodge") else 4 + seed % 4
        game = play_checked(players, seed, RULES[name])
        assert isinstance(game.pending, End)
