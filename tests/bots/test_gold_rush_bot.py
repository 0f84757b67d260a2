"""The sensible bot with Gold Rush and the shadow-gunslinger variant: whole games of bots
where every answer is legal (no fallback) and the shop, the nuggets and the shadow turns are
used; and scenarios for its buying, selling, equipment and shadow play."""

from __future__ import annotations

from collections import Counter

import pytest

from p2pbang.bots.sensible import SensibleBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import (
    DISCARD_PICK,
    DYING,
    PLAY,
    Buy,
    Choose,
    Decision,
    End,
    Play,
    RemoveEquipment,
    Sell,
    UseEquipment,
)
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city, gold_rush, shadows
from p2pbang.engine.lockstep import Lockstep

from .support import PLAIN4, ask, same_on_own_engine

SHADOW4 = ["black_jack", "vulture_sam", "jesse_jones", "pedro_ramirez"]
GOLD_RUSH = RuleSet((base.MODULE, gold_rush.MODULE))
GOLD_RUSH_SHADOWS = RuleSet((base.MODULE, gold_rush.MODULE, shadows.MODULE))
EVERYTHING = RuleSet((base.MODULE, dodge_city.MODULE, gold_rush.MODULE, shadows.MODULE))
MAX_STEPS = 30_000


def _play_checked(rules: RuleSet, players: int, seed: int, seen: Counter[str]) -> int:
    game = Game(players, rules=rules)
    dealer = LocalDealer(f"gr/{seed}")
    bots = [SensibleBot(f"{seed}/{seat}") for seat in range(players)]
    decisions = 0
    for _ in range(MAX_STEPS):
        pending = game.pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(game, pending)
            assert action in game.legal_actions() and game.check(action) is None
            seen[type(action).__name__] += 1
            if game.life_fixed(pending.seat) and pending.kind == PLAY:
                seen["shadow_decision"] += 1
            events = game.apply(action)
            decisions += 1
        else:
            events = game.apply(dealer.resolve(pending))
        for bot in bots:
            bot.observe(events)
    else:
        raise AssertionError(f"{players} players, seed {seed}: no end in {MAX_STEPS} steps")
    assert not violations(game, dealer.cards)
    assert all(bot.fallbacks == 0 for bot in bots)
    return decisions


def test_bots_play_gold_rush_games_legally_and_use_the_shop() -> None:
    seen: Counter[str] = Counter()
    total = sum(_play_checked(GOLD_RUSH, players, seed, seen)
                for players in range(4, 8) for seed in range(4))
    assert total >= 2000, total
    for kind in ("Buy", "Sell", "UseEquipment"):
        assert seen[kind] > 0, (kind, seen)


def test_bots_play_shadow_turns_with_and_without_dodge_city() -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        _play_checked(GOLD_RUSH_SHADOWS, 6, seed, seen)
        _play_checked(EVERYTHING, 5, seed, seen)
    assert seen["shadow_decision"] > 0, seen


# ---------------------------------------------------------------------- scenarios


def _table(**kw) -> Scenario:
    return Scenario(kw.pop("characters", PLAIN4), rules=kw.pop("rules", GOLD_RUSH), **kw)


def _name(table: Scenario, slot: int) -> str:
    return table.game.card_name(table.game.known[slot])


def test_buys_a_pickaxe_it_can_afford() -> None:
    table = _table(nuggets={0: 4}, shop=["pickaxe", "gun_belt", "wanted"])
    action = ask(table)
    assert isinstance(action, Buy) and _name(table, action.slot) == "pickaxe"


def test_buys_a_shot_for_itself_when_hurt_not_when_whole() -> None:
    hurt = _table(nuggets={0: 1}, life={0: 2}, shop=["shot", "wanted", "wanted"])
    action = ask(hurt)
    assert isinstance(action, Buy) and action.target == 0
    whole = _table(nuggets={0: 1}, shop=["shot", "wanted", "wanted"])
    assert not isinstance(ask(whole), Buy)


def test_sells_a_spare_beer_at_full_life() -> None:
    table = _table(hands={0: ["beer", "beer"]})
    assert isinstance(ask(table), Sell)
    one = _table(hands={0: ["beer"]})
    assert not isinstance(ask(one), Sell)


def test_pays_the_rucksack_to_survive() -> None:
    table = _table(hands={1: ["bang"]}, life={0: 1}, nuggets={0: 2}, turn=1,
                   equipment={0: ["rucksack"]})
    table.play(1, "bang", target=0)
    table.expect(0, DYING)
    assert isinstance(ask(table), UseEquipment)


def test_removes_a_foes_pickaxe_with_nuggets_to_spare() -> None:
    table = _table(nuggets={0: 5}, equipment={1: ["pickaxe"]},
                   roles=["sheriff", "outlaw", "deputy", "renegade"])
    table.game.players[1].role_public = True  # a known Outlaw
    action = ask(table)
    assert isinstance(action, RemoveEquipment) and action.target == 1


def test_dutch_will_keeps_the_better_card() -> None:
    table = _table(characters=["dutch_will", *PLAIN4[1:]], deck=["bang", "missed:2S"],
                   phase=START)
    pick = table.expect(0, DISCARD_PICK)
    action = ask(table)
    assert isinstance(action, Choose) and action.value in pick.options


def test_a_shadow_buys_no_black_equipment() -> None:
    table = _table(characters=SHADOW4, rules=GOLD_RUSH_SHADOWS, dead=[1], nuggets={1: 9},
                   shop=["pickaxe", "boots", "union_pacific"], deck=["bang", "beer"])
    table.end_turn(0)
    table.expect(1, PLAY)
    action = ask(table)
    assert isinstance(action, Buy) and _name(table, action.slot) == "union_pacific"
    bought = ask(table)
    assert not (isinstance(bought, Buy) and _name(table, bought.slot) in ("pickaxe", "boots"))


def test_a_shadow_renegade_plays_for_his_side() -> None:
    """The Sheriff's and an Outlaw's cards are face up: a tie, so the shadow Renegade helps
    the Outlaws, and shoots the Sheriff (a living Renegade never would while others live)."""
    table = _table(characters=SHADOW4, rules=GOLD_RUSH_SHADOWS, dead=[1, 2],
                   deck=["bang", "beer"], roles=["sheriff", "renegade", "outlaw", "outlaw"])
    table.end_turn(0)
    table.expect(1, PLAY)
    sold = ask(table)
    assert isinstance(sold, Sell)  # a Beer cannot heal a shadow: it is worth a nugget
    table.act(sold)
    action = ask(table)
    assert isinstance(action, Play) and action.target == 0


@pytest.mark.parametrize("rules,players,seed", [(GOLD_RUSH, 5, 1), (GOLD_RUSH_SHADOWS, 6, 2),
                                                (EVERYTHING, 7, 3)])
def test_same_choice_on_the_own_seat_engine_and_the_all_seeing_engine(
        rules: RuleSet, players: int, seed: int) -> None:
    """Buying, selling and shadow play read public facts only (tests/bots/test_fairness.py
    for Gold Rush and the shadows)."""
    engines = Lockstep(Game(players, rules=rules),
                       [Game(players, viewer=seat, rules=rules) for seat in range(players)])
    decisions = same_on_own_engine(engines, LocalDealer(f"fairness/gr/{seed}"),
                                   lambda seat: SensibleBot(f"{seed}/{seat}"))
    assert decisions > 20
