"""The property tests with the event decks: High Noon alone, A Fistful of Cards alone, both
together, and both with Dodge City. Random bot games end, conserve every card and every
event card, keep life in bounds (ghosts apart), replay to the same state, and every seat's
engine walks in lockstep with the all-seeing one."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.chance import result_for_viewer
from p2pbang.engine.game import Game
from p2pbang.engine.invariants import violations
from p2pbang.engine.rules import RuleSet
from p2pbang.engine.runner import play_out
from p2pbang.engine.sets import base, dodge_city, fistful, high_noon
from p2pbang.engine.wire import history_hash, pack, unpack

RULES = {
    "high-noon": RuleSet((base.MODULE, high_noon.MODULE)),
    "fistful": RuleSet((base.MODULE, fistful.MODULE)),
    "both": RuleSet((base.MODULE, high_noon.MODULE, fistful.MODULE)),
    "dodge-city+both": RuleSet((base.MODULE, dodge_city.MODULE, high_noon.MODULE,
                                fistful.MODULE)),
}
games = st.tuples(st.sampled_from(sorted(RULES)), st.integers(4, 7),
                  st.integers(0, 2**32 - 1))


def _play(name: str, players: int, seed: int, check: bool = True) -> Game:
    game = Game(players, rules=RULES[name])
    dealer = LocalDealer(seed)
    bots = [RandomBot(f"{seed}/{seat}") for seat in range(players)]

    def after(g: Game) -> None:
        problems = violations(g, dealer.cards)
        assert not problems, problems

    play_out(game, dealer, bots, after_step=after if check else None)
    return game


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_event_games_end_and_keep_every_invariant(table: tuple[str, int, int]) -> None:
    name, players, seed = table
    game = _play(name, players, seed)
    end = game.pending
    assert isinstance(end, End) and end.winners


@settings(max_examples=12, deadline=None)
@given(games)
def test_event_replay_rebuilds_the_same_game(table: tuple[str, int, int]) -> None:
    name, players, seed = table
    game = _play(name, players, seed, check=False)
    replay = Game(players, rules=RULES[name])
    for item in game.history:
        replay.apply(unpack(pack(item)))
    assert replay.pending == game.pending
    assert history_hash(replay.history) == history_hash(game.history)
    assert replay.event_in_force == game.event_in_force
    for a, b in zip(game.players, replay.players, strict=True):
        assert (a.life, a.hand, a.table, a.alive) == (b.life, b.hand, b.table, b.alive)


@pytest.mark.parametrize("name,players,seed", [
    ("high-noon", 4, 1), ("fistful", 5, 2), ("both", 7, 3), ("dodge-city+both", 6, 4),
    ("fistful", 4, 5), ("high-noon", 6, 6), ("dodge-city+both", 3, 7),
    ("dodge-city+both", 8, 8)])
def test_event_seat_engines_walk_in_lockstep(name: str, players: int, seed: int) -> None:
    rules = RULES[name]
    truth = Game(players, rules=rules)
    views = [Game(players, viewer=seat, rules=rules) for seat in range(players)]
    dealer = LocalDealer(seed)
    bots = [RandomBot(seat) for seat in range(players)]
    events_seen = 0
    while not isinstance(truth.pending, End):
        pending = truth.pending
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(views[pending.seat], pending)
            assert action in truth.legal_actions()
            truth.apply(action)
            for view in views:
                view.apply(action)
        else:
            result = dealer.resolve(pending)
            truth.apply(result)
            for seat, view in enumerate(views):
                view.apply(result_for_viewer(pending, result, seat))
        events_seen = max(events_seen, len(truth.event_shown))
        for view in views:
            assert view.pending == truth.pending
            assert view.event_in_force == truth.event_in_force
            assert [(p.life, len(p.hand), tuple(p.table), p.alive) for p in view.players] == [
                (p.life, len(p.hand), tuple(p.table), p.alive) for p in truth.players]
            for slot, card in view.known.items():
                assert truth.known.get(slot, card) == card
    assert events_seen >= 1  # the games run long enough to see events


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULES))
def test_many_event_games_keep_every_invariant(name: str) -> None:
    for seed in range(150):
        game = _play(name, 4 + seed % 5 if name.startswith("dodge") else 4 + seed % 4, seed)
        assert isinstance(game.pending, End)
