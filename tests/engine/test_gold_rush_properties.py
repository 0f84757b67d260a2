"""Property tests with Gold Rush (alone and with Dodge City) and the shadow-gunslinger variant
(alone, with Gold Rush, with both): random bot games end, conserve every card (the equipment
in its own places), never make nuggets negative, replay to the same state, and every seat's
engine walks in lockstep with the all-seeing one: the shop, the equipment, the nuggets and
who plays a shadow turn are public facts."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Buy, Decision, End
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import base, dodge_city, gold_rush, shadows
from p2pbang.engine.bang.sets.gold_rush import state as gold_state

from .properties_kit import play_checked, replayed, walk_in_lockstep

GOLD_RUSH = RuleSet((base.MODULE, gold_rush.MODULE))
WITH_DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE, gold_rush.MODULE))
RULES = {"gold-rush": GOLD_RUSH, "gold-rush+dodge-city": WITH_DODGE_CITY}
games = st.tuples(st.sampled_from(sorted(RULES)), st.integers(4, 7), st.integers(0, 2**32 - 1))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_gold_rush_games_end_and_keep_every_invariant(table: tuple[str, int, int]) -> None:
    name, players, seed = table
    game = play_checked(players, seed, RULES[name])
    assert isinstance(game.pending, End) and game.pending.winners


def test_random_games_do_buy_equipment() -> None:
    """The properties above are about a game where the shop is used, not ignored."""
    bought = 0
    for seed in range(6):
        game = play_checked(5, seed, GOLD_RUSH, check=False)
        bought += sum(isinstance(a, Buy) for a in game.history)
    assert bought > 0


@settings(max_examples=10, deadline=None)
@given(games)
def test_gold_rush_replay_rebuilds_the_same_game(table: tuple[str, int, int]) -> None:
    name, players, seed = table
    game = play_checked(players, seed, RULES[name], check=False)
    replay = replayed(game, RULES[name])
    for a, b in zip(game.players, replay.players, strict=True):
        assert (a.life, a.hand, a.table, a.equipment) == (b.life, b.hand, b.table, b.equipment)
    assert gold_state(game).nuggets == gold_state(replay).nuggets


def _public(game: Game) -> list[tuple[object, ...]]:
    seats: list[tuple[object, ...]] = [
        (p.life, len(p.hand), tuple(p.table), p.alive, tuple(p.equipment)) for p in game.players]
    gold = gold_rush.state_or_none(game)  # None in a game of the shadows alone
    if gold is None:
        return seats
    return [*seats, (tuple(gold.nuggets), tuple(gold.shop), tuple(gold.discard), len(gold.deck))]


@pytest.mark.parametrize("name,players,seed", [("gold-rush", 4, 1), ("gold-rush", 7, 2),
                                               ("gold-rush+dodge-city", 5, 3)])
def test_gold_rush_seat_engines_walk_in_lockstep(name: str, players: int, seed: int) -> None:
    _lockstep(RULES[name], players, seed)


def _lockstep(rules: RuleSet, players: int, seed: int) -> None:
    """The shop, the equipment, the nuggets and the equipment piles are public facts."""
    walk_in_lockstep(players, seed, rules, public=_public)


SHADOWS = RuleSet((base.MODULE, shadows.MODULE))
GOLD_RUSH_SHADOWS = RuleSet((base.MODULE, gold_rush.MODULE, shadows.MODULE))
ALL_THREE = RuleSet((base.MODULE, dodge_city.MODULE, gold_rush.MODULE, shadows.MODULE))
SHADOW_RULES = {"shadows": SHADOWS, "gold-rush+shadows": GOLD_RUSH_SHADOWS,
                "dodge-city+gold-rush+shadows": ALL_THREE}
shadow_games = st.tuples(st.sampled_from(sorted(SHADOW_RULES)), st.integers(4, 7),
                         st.integers(0, 2**32 - 1))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shadow_games)
def test_shadow_games_end_keep_every_invariant_and_replay(table: tuple[str, int, int]) -> None:
    name, players, seed = table
    rules = SHADOW_RULES[name]
    game = play_checked(players, seed, rules)
    assert isinstance(game.pending, End) and game.pending.winners
    replayed(game, rules)


def test_random_shadow_games_do_play_shadow_turns() -> None:
    turns = 0
    for seed in range(6):
        game = Game(6, rules=GOLD_RUSH_SHADOWS)
        dealer = LocalDealer(seed)
        bots = [RandomBot(f"{seed}/{seat}") for seat in range(6)]
        while not isinstance(game.pending, End):
            pending = game.pending
            if isinstance(pending, Decision):
                events = game.apply(bots[pending.seat].decide(game, pending))
            else:
                events = game.apply(dealer.resolve(pending))
            turns += sum(e.kind == "shadow_enters" for e in events)
    assert turns > 0


@pytest.mark.parametrize("name,players,seed", [("gold-rush+shadows", 5, 4),
                                               ("shadows", 7, 5),
                                               ("dodge-city+gold-rush+shadows", 8, 6)])
def test_shadow_seat_engines_walk_in_lockstep(name: str, players: int, seed: int) -> None:
    _lockstep(SHADOW_RULES[name], players, seed)


def test_the_invariants_catch_lost_equipment_and_negative_nuggets() -> None:
    """The checks above can fail: each broken fact is reported."""
    game = Game(5, rules=GOLD_RUSH)
    dealer = LocalDealer(3)
    while not isinstance(game.pending, Decision):
        game.apply(dealer.resolve(game.pending))
    assert violations(game, dealer.cards) == []
    gold_state(game).nuggets[0] = -1
    assert any("nuggets" in p for p in violations(game, dealer.cards))
    gold_state(game).nuggets[0] = 0
    slot = gold_state(game).shop.pop()
    assert any("not conserved" in p for p in violations(game, dealer.cards))
    gold_state(game).shop.append(slot)
    game.players[1].equipment.append(slot)
    assert any("two places" in p for p in violations(game, dealer.cards))
    game.players[1].equipment.remove(slot)
    game.deck.append(gold_state(game).deck.pop())
    assert any("among the playing cards" in p for p in violations(game, dealer.cards))
