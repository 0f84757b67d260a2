"""The sensible bot under the event cards: every decision legal in whole games with each
deck, and the event in force read where it changes the best play."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from p2pbang.bots.sensible import SensibleBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import (
    BLACK,
    DECLINE,
    EVENT_PICK,
    EXCHANGE,
    GUESS,
    PLAY,
    RED,
    RESPOND_MISSED,
    Choose,
    Decision,
    Discard,
    End,
    Pass,
    Play,
    PlayPaid,
)
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city, fistful, high_noon
from tests.bots.support import ask, is_play, named

HIGH_NOON = RuleSet((base.MODULE, high_noon.MODULE))
FISTFUL = RuleSet((base.MODULE, fistful.MODULE))
EVERYTHING = RuleSet((base.MODULE, dodge_city.MODULE, high_noon.MODULE, fistful.MODULE))
FILL = ["vulture_sam"] * 4
MAX_STEPS = 60_000


def _play_checked(rules: RuleSet, players: int, seed: int, seen: Counter[str]) -> None:
    game = Game(players, rules=rules)
    dealer = LocalDealer(seed)
    bots = [SensibleBot(f"{seed}/{seat}") for seat in range(players)]
    for _ in range(MAX_STEPS):
        pending = game.pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(game, pending)
            assert action in game.legal_actions()
            seen[pending.kind] += 1
            if isinstance(action, PlayPaid) and game.card_name(action.cost_card) == "bang":
                seen["sniper"] += 1
            if isinstance(action, Play) and action.target_slot >= 0 \
                    and game.card_name(action.card) == "bang":
                seen["ricochet"] += 1
            events = game.apply(action)
        else:
            events = game.apply(dealer.resolve(pending))
        for bot in bots:
            bot.observe(events)
    else:
        raise AssertionError(f"no end in {MAX_STEPS} steps")
    assert not violations(game, dealer.cards)
    assert all(bot.fallbacks == 0 for bot in bots)


@pytest.mark.parametrize("rules", [HIGH_NOON, FISTFUL, EVERYTHING],
                         ids=["high-noon", "fistful", "everything"])
def test_whole_games_with_events_every_decision_legal(rules: RuleSet) -> None:
    seen: Counter[str] = Counter()
    for seed in range(12):
        _play_checked(rules, 4 + seed % 4, seed, seen)
    assert seen[PLAY] > 0
    if rules is not HIGH_NOON:
        assert seen[GUESS] + seen[EXCHANGE] + seen[EVENT_PICK] > 0, seen
    if rules is FISTFUL:
        assert seen["sniper"] > 0 and seen["ricochet"] > 0, seen


def table_of(rules: RuleSet = FISTFUL, characters: list[str] = FILL, **kw: Any) -> Scenario:
    return Scenario(characters, rules=rules, **kw)


def test_no_duel_under_the_sermon() -> None:
    table = table_of(HIGH_NOON, event="the_sermon", hands={0: ["duel", "bang", "bang"]})
    assert ask(table) == Pass()


def test_a_second_bang_under_shootout() -> None:
    table = table_of(HIGH_NOON, event="shootout", hands={0: ["bang", "bang"], 1: ["beer"]},
                     bangs_played=1)
    assert is_play(table, ask(table), "bang")


def test_sniper_with_two_bangs_at_a_foe() -> None:
    table = table_of(event="sniper", hands={0: ["bang", "bang"]})
    action = ask(table)
    assert isinstance(action, PlayPaid) and named(table, action) == "bang"


def test_ricochet_a_spare_bang_at_a_foes_barrel() -> None:
    table = table_of(event="ricochet", hands={0: ["bang", "bang"]}, tables={2: ["barrel"]})
    action = ask(table)
    assert isinstance(action, Play) and action.target == 2
    assert action.target_slot == table.in_play_slot(2, "barrel")


def test_peyote_guesses_the_colour_most_unseen_cards_have() -> None:
    reds = ["beer", "beer", "beer", "beer", "beer", "beer", "mustang", "mustang",
            "saloon", "wells_fargo", "panic", "panic"]
    table = table_of(event="peyote", turn=0, phase=START, hands={0: reds})
    table.expect(0, GUESS)
    assert ask(table) == Choose(BLACK)
    blacks = ["missed"] * 12 + ["bang:2C", "bang:3C", "bang:4C", "bang:5C", "bang:6C",
                                "bang:7C", "bang:8C", "bang:9C", "stagecoach", "stagecoach"]
    table = table_of(event="peyote", turn=0, phase=START, hands={0: blacks})
    assert ask(table) == Choose(RED)


def test_blood_brothers_gives_a_life_to_a_friend_only() -> None:
    roles = ["sheriff", "deputy", "outlaw", "renegade", "outlaw"]
    table = table_of(characters=["vulture_sam"] * 5, roles=roles, event="blood_brothers",
                     turn=1, phase=START, life={0: 2, 2: 1}, deck=["beer", "bang"], viewer=1)
    table.expect(1, EVENT_PICK)
    assert ask(table) == Choose(0)  # the Deputy helps his Sheriff, not the Outlaw


def test_hard_liquor_when_low() -> None:
    table = table_of(event="hard_liquor", turn=0, phase=START, life={0: 2})
    assert ask(table) == Choose(fistful.HARD_LIQUOR_HEAL)
    table = table_of(event="hard_liquor", turn=0, phase=START, life={0: 4})
    assert ask(table) == Choose(DECLINE)


def test_the_daltons_the_bot_discards_its_dynamite_not_its_barrel() -> None:
    table = table_of(HIGH_NOON, turn=3, events=["the_daltons"],
                     tables={0: ["barrel", "dynamite"]}, deck=["beer"] * 4)
    table.pass_(3)
    table.expect(0, EVENT_PICK)
    assert ask(table) == Choose(table.in_play_slot(0, "dynamite"))


def test_ranch_swaps_a_card_worth_little() -> None:
    table = table_of(event="ranch", turn=0, phase=START, hands={0: ["dynamite", "missed"]},
                     deck=["beer", "bang", "panic"])
    table.expect(0, EXCHANGE)
    action = ask(table)
    assert isinstance(action, Discard) and named(table, action) == "dynamite"


def test_russian_roulette_answers_with_a_missed() -> None:
    table = table_of(turn=3, events=["russian_roulette"], hands={0: ["missed", "beer"]},
                     deck=["beer"] * 4)
    table.pass_(3)
    table.expect(0, RESPOND_MISSED)
    assert named(table, ask(table)) == "missed"


def test_law_of_the_west_the_bot_plays_the_shown_card() -> None:
    table = table_of(event="law_of_the_west", turn=0, phase=START,
                     deck=["beer", "bang"])
    assert Pass() not in table.legal()
    assert is_play(table, ask(table), "bang")


def test_the_bot_guesses_red_or_black_only() -> None:
    table = table_of(event="peyote", turn=0, phase=START)
    assert ask(table) in (Choose(RED), Choose(BLACK))


def test_a_fistful_of_cards_shot_from_nobody_is_answered_with_a_missed() -> None:
    table = table_of(event="a_fistful_of_cards", turn=0, phase=START,
                     hands={0: ["missed", "beer"]}, deck=["bang", "bang"])
    assert named(table, ask(table)) == "missed"


def test_no_endless_general_store_when_every_card_is_in_a_hand() -> None:
    """Regression: under Abandoned Mine the discard pile emptied while the deck was empty;
    a General Store was reshuffled alone and picked back, turn after turn (seed 172)."""
    _play_checked(FISTFUL, 4, 172, Counter())


def test_under_ricochet_a_bang_at_a_player_is_still_a_shot() -> None:
    """One BANG! and a foe in reach: the shot, not a Ricochet at his Mustang."""
    table = table_of(event="ricochet", hands={0: ["bang"]}, tables={1: ["mustang"]})
    action = ask(table)
    assert isinstance(action, Play) and action.target_slot < 0 and action.target in (1, 3)
