"""Dodge City's new brown and blue cards, one rule per test (seed 002 "Dodge City";
cards.md section 2; rulings D5, D6, D9, D10 of faq-scenarios.md).

Seat 0 is the Sheriff (5 lives) of a 4-player table seated by number: seats 1 and 3 are at
distance 1 from seat 0, seat 2 at distance 2.
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import (
    BRAWL_PICK,
    FROM_HAND,
    NO_SLOT,
    PLAY,
    RESPOND_SHOT,
    Play,
    PlayPaid,
)
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
FILL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]


def table_of(characters: list[str] = FILL, **kw: Any) -> Scenario:
    return Scenario(characters, rules=DODGE_CITY, **kw)


def plays_of(table: Scenario, name: str) -> list[Any]:
    return [a for a in table.legal() if isinstance(a, (Play, PlayPaid))
            and table.game.card_name(a.card) == name]


# ---------------------------------------------------------------------- blue


def test_binocular_sees_one_nearer_and_hideout_one_farther() -> None:
    table = table_of(tables={0: ["binocular"], 1: ["hideout"]})
    assert table.game.distance(0, 2) == 1  # 2 - Binocular
    assert table.game.distance(2, 1) == 2  # 1 + Hideout
    assert table.game.distance(0, 1) == 1  # +1 -1


# ---------------------------------------------------------------------- Punch


def test_punch_shoots_at_distance_one_only_and_is_not_a_bang() -> None:
    """D10: Punch does not count for the one BANG! card per turn."""
    table = table_of(hands={0: ["punch", "bang"]}, bangs_played=1)
    assert {a.target for a in plays_of(table, "punch")} == {1, 3}
    assert plays_of(table, "bang") == []
    table.play(0, "punch", target=1)  # seat 1 holds nothing: the shot hits at once
    assert table.life(1) == 3
    table.expect(0, PLAY)


def test_slab_the_killer_punch_needs_one_missed() -> None:
    """D6: Slab's ability is for BANG! cards."""
    table = table_of(["slab_the_killer", *FILL[1:]], hands={0: ["punch"], 1: ["missed"]})
    table.play(0, "punch", target=1)
    assert table.expect(1, RESPOND_SHOT).needed == 1
    table.respond(1, "missed")
    assert table.life(1) == 4


def test_barrel_works_against_punch() -> None:
    """D5: a Barrel works against any shot."""
    table = table_of(hands={0: ["punch"]}, tables={1: ["barrel"]}, deck=["beer:7H"])
    table.play(0, "punch", target=1)
    table.barrel(1)
    assert table.life(1) == 4


# ---------------------------------------------------------------------- Dodge


def test_dodge_cancels_a_shot_and_draws_a_card() -> None:
    """Seed 002 example 5: Dodge answers a Punch, then its player draws."""
    table = table_of(hands={0: ["punch"], 1: ["dodge"]}, deck=["saloon"])
    table.play(0, "punch", target=1)
    table.respond(1, "dodge")
    assert table.life(1) == 4 and table.hand(1) == ["saloon"]


def test_dodge_is_not_played_in_ones_own_turn() -> None:
    table = table_of(hands={0: ["dodge"]})
    assert plays_of(table, "dodge") == []


# ---------------------------------------------------------------------- "+1" cards


def test_springfield_shoots_at_any_distance_with_a_card_paid() -> None:
    table = table_of(hands={0: ["springfield", "beer"]}, bangs_played=1)
    plays = plays_of(table, "springfield")
    assert {a.target for a in plays} == {1, 2, 3}
    assert all(isinstance(a, PlayPaid) and table.game.card_name(a.cost_card) == "beer"
               for a in plays)
    table.play_paid(0, "springfield", "beer", target=2)
    assert table.life(2) == 3 and table.hand(0) == []
    assert sorted(table.discard_pile()) == ["beer", "springfield"]


def test_a_plus_one_card_without_a_second_card_cannot_be_played() -> None:
    table = table_of(hands={0: ["springfield"]})
    assert plays_of(table, "springfield") == []
    slot, card = table.slot_of(0, "springfield")
    assert "not legal" in table.reject(Play(slot, card, 2))


def test_a_plus_one_card_cannot_pay_with_itself_or_a_card_not_held() -> None:
    table = table_of(hands={0: ["whisky", "beer"], 1: ["missed"]}, life={0: 3})
    slot, card = table.slot_of(0, "whisky")
    other_slot, other_card = table.slot_of(1, "missed")
    table.reject(PlayPaid(slot, card, -1, NO_SLOT, slot, card))
    table.reject(PlayPaid(slot, card, -1, NO_SLOT, other_slot, other_card))
    table.expect(0, PLAY)


def test_whisky_heals_two() -> None:
    table = table_of(hands={0: ["whisky", "panic"]}, life={0: 2})
    table.play_paid(0, "whisky", "panic")
    assert table.life(0) == 4


def test_tequila_heals_anyone_even_with_two_players_left() -> None:
    """D9: only Beer stops working with two players left."""
    table = table_of(hands={0: ["tequila", "panic"]}, life={1: 2}, dead=[2, 3])
    assert {a.target for a in plays_of(table, "tequila")} == {0, 1}
    table.play_paid(0, "tequila", "panic", target=1)
    assert table.life(1) == 3


def test_rag_time_takes_a_card_from_any_distance() -> None:
    table = table_of(hands={0: ["rag_time", "beer"]}, tables={2: ["mustang"]})
    assert any(a.target == 2 for a in plays_of(table, "rag_time"))
    table.play_paid(0, "rag_time", "beer", target=2, steal="mustang")
    assert table.hand(0) == ["mustang"] and table.in_play(2) == []


def test_brawl_makes_every_other_player_discard_where_its_player_picks() -> None:
    table = table_of(hands={0: ["brawl", "beer"], 1: ["missed"], 2: ["bang"]},
                     tables={1: ["mustang"]}, randoms=[0])
    table.play_paid(0, "brawl", "beer")
    pick = table.expect(0, BRAWL_PICK)
    assert pick.source == 1 and set(pick.options) == {
        FROM_HAND, table.in_play_slot(1, "mustang")}
    table.choose(0, table.in_play_slot(1, "mustang"))
    # Seat 2 has only a hand: its random card goes without a question; seat 3 has nothing.
    assert table.in_play(1) == [] and table.hand(1) == ["missed"] and table.hand(2) == []
    assert sorted(table.discard_pile()) == ["bang", "beer", "brawl", "mustang"]
    table.expect(0, PLAY)


def test_cat_balou_reaches_a_player_farther_than_the_number_of_seats() -> None:
    """Whatever the distance: Paul Regret with a Mustang and a Hideout sits at distance 5 at
    a 4-player table, and Cat Balou still reaches him."""
    table = table_of(["black_jack", "kit_carlson", "paul_regret", "pedro_ramirez"],
                     hands={0: ["cat_balou"]}, tables={2: ["mustang", "hideout"]})
    assert table.game.distance(0, 2) == 5
    assert table.is_legal(0, "cat_balou", 2, steal="hideout")


def test_dynamite_passes_to_the_first_player_without_one() -> None:
    """D7: the 120-card deck holds two Dynamites; the next player already has one."""
    table = table_of(tables={0: ["dynamite:2H"], 1: ["dynamite:10C"]}, phase=START,
                     deck=["beer:7H", "panic", "duel"])
    assert table.in_play(1) == ["dynamite"] and table.in_play(2) == ["dynamite"]
    assert table.in_play(0) == []
