"""Gold Rush's 8 characters and rulings G1-G9 of faq-scenarios.md, as stacked-deck scenarios
(seed 004). Seats by number; seat 0 is the Sheriff; seats 1 and 3 are at distance 1 from
seat 0, seat 2 at distance 2.
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import (
    DISCARD_PICK,
    DYING,
    EQUIPMENT_USE,
    NO_SEAT,
    NO_SLOT,
    PLAY,
    TARGET_PICK,
    Ability,
    Buy,
    Play,
    RemoveEquipment,
    Sell,
    UseEquipment,
)
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE, SHERIFF
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, gold_rush
from p2pbang.engine.bang.sets.gold_rush import state as gold_state

GOLD_RUSH = RuleSet((base.MODULE, gold_rush.MODULE))
FILL = ["willy_the_kid", "vulture_sam", "kit_carlson", "black_jack"]


def table_of(first: str | None = None, *, seat: int = 0, **kw: Any) -> Scenario:
    """The filler table with character ``first`` at ``seat``."""
    characters = list(FILL)
    if first is not None:
        characters[seat] = first
    return Scenario(characters, rules=GOLD_RUSH, **kw)


def buy(table: Scenario, seat: int, name: str, use: int = 0, target: int = NO_SEAT,
        target_slot: int = NO_SLOT) -> list[Any]:
    table.expect(seat, PLAY)
    return table.act(Buy(table.shop_slot(name), use, target, target_slot))


# ---------------------------------------------------------------------- characters


def test_don_bell_plays_again_on_hearts_or_diamonds() -> None:
    table = table_of("don_bell", deck=["beer:6H", "bang", "bang"])
    table.end_turn(0)
    table.expect(0, PLAY)
    assert table.game.turn == 2 and len(table.hand(0)) == 2


def test_don_bell_no_extra_turn_on_spades() -> None:
    table = table_of("don_bell", deck=["missed:2S"])
    table.end_turn(0)
    table.expect(1, PLAY)


def test_don_bell_no_draw_after_an_extra_turn_g8() -> None:
    table = table_of("don_bell", deck=["beer:6H", "bang", "bang", "beer:7H"])
    table.end_turn(0)
    table.expect(0, PLAY)
    table.end_turn(0)
    table.expect(1, PLAY)
    assert "don_bell_check" not in table.event_kinds()[-6:]
    assert table.event_kinds().count("don_bell_check") == 1


def test_dutch_will_draws_two_discards_one_takes_a_nugget_g7() -> None:
    table = table_of("dutch_will", deck=["bang", "beer"], phase=START)
    pick = table.expect(0, DISCARD_PICK)
    assert len(pick.options) == 2
    assert "not legal" in table.reject(Sell(pick.options[0], table.game.known[pick.options[0]]))
    beer = next(s for s in pick.options if table.game.card_name(table.game.known[s]) == "beer")
    table.choose(0, beer)
    assert table.hand(0) == ["bang"] and table.discard_pile() == ["beer"]
    assert table.nuggets(0) == 1
    table.expect(0, PLAY)


def test_jacky_murieta_pays_two_for_an_extra_bang() -> None:
    table = table_of("jacky_murieta", hands={0: ["bang"], 3: ["missed"]}, nuggets={0: 4})
    table.play(0, "bang", target=1)
    assert table.nuggets(0) == 5
    assert Ability((), ()) in table.legal()
    table.act(Ability((), ()))
    pick = table.expect(0, TARGET_PICK)
    assert set(pick.options) == {1, 3}
    table.choose(0, 3)
    table.respond(3, "missed")
    assert table.nuggets(0) == 3 and table.life(3) == 4


def test_jacky_murieta_needs_two_nuggets() -> None:
    table = table_of("jacky_murieta", nuggets={0: 1})
    assert Ability((), ()) not in table.legal()
    assert "not legal" in table.reject(Ability((), ()))


def test_josh_mccloud_draws_the_top_equipment_card() -> None:
    table = table_of("josh_mccloud", nuggets={0: 4}, equipment_deck=["horseshoe"])
    table.act(Ability((), ()))
    assert table.equipment(0) == ["horseshoe"] and table.nuggets(0) == 2


def test_josh_mccloud_puts_a_wanted_he_draws_on_the_player_he_picks() -> None:
    """Seed 004: Wanted "Bármely játékos kijátszhatja" (played on any player), and Josh
    McCloud "felhúzhatja a felszerelés kártya pakli legfelső lapját": a Wanted he draws goes
    in front of the player he picks, never a second one on a player who is wanted already
    (here himself and seat 1)."""
    table = table_of("josh_mccloud", nuggets={0: 2},
                     equipment={0: ["wanted"], 1: ["wanted"]}, equipment_deck=["wanted"])
    table.act(Ability((), ()))
    pick = table.expect(0, TARGET_PICK)
    assert pick.options == (2, 3)
    table.choose(0, 2)
    assert table.equipment(2) == ["wanted"] and table.equipment(0) == ["wanted"]
    assert table.nuggets(0) == 0


def test_josh_mccloud_resolves_a_brown_card_at_once() -> None:
    table = table_of("josh_mccloud", nuggets={0: 2}, life={2: 2},
                     equipment_deck=["shot"], shop=["wanted", "wanted", "wanted"])
    table.act(Ability((), ()))
    use = table.expect(0, EQUIPMENT_USE)
    assert len(use.options) == 4  # a Shot for any of the four players
    table.choose(0, 2)
    assert table.life(2) == 3


def test_madam_yto_draws_whenever_a_beer_is_played() -> None:
    table = table_of("madam_yto", seat=2, hands={0: ["beer", "beer"]}, life={0: 3})
    table.play(0, "beer")
    assert len(table.hand(2)) == 1
    slot, card = table.slot_of(0, "beer")
    table.act(Sell(slot, card))  # sold for a nugget: a Beer played all the same
    assert len(table.hand(2)) == 2


def test_madam_yto_not_for_a_bottle_used_as_beer() -> None:
    table = table_of("madam_yto", nuggets={0: 2}, life={0: 3},
                     shop=["bottle", "wanted", "wanted"])
    buy(table, 0, "bottle", use=1)
    assert table.life(0) == 4 and table.hand(0) == []


def test_madam_yto_for_a_beer_played_when_dying() -> None:
    table = table_of("madam_yto", seat=3, hands={0: ["bang"], 1: ["beer"]}, life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.expect(1, DYING)
    table.respond(1, "beer")
    assert table.alive(1) and len(table.hand(3)) == 1


def test_pretty_luzena_one_discount_per_turn_g6() -> None:
    table = table_of("pretty_luzena", nuggets={0: 2}, life={0: 3},
                     shop=["shot", "horseshoe", "wanted"])
    buy(table, 0, "shot", target=0)  # cost 1, discounted: free
    assert table.nuggets(0) == 2 and table.life(0) == 4
    buy(table, 0, "horseshoe")  # cost 2, no second discount
    assert table.nuggets(0) == 0


def test_pretty_luzena_discount_lets_her_buy_below_cost() -> None:
    table = table_of("pretty_luzena", nuggets={0: 2}, shop=["boots", "wanted", "wanted"])
    buy(table, 0, "boots")
    assert table.equipment(0) == ["boots"] and table.nuggets(0) == 0


def test_pretty_luzena_gets_a_shot_free_without_a_nugget() -> None:
    table = table_of("pretty_luzena", life={0: 3}, shop=["shot", "wanted", "wanted"])
    buy(table, 0, "shot", target=0)
    assert table.life(0) == 4 and table.nuggets(0) == 0
    assert not [a for a in table.legal() if isinstance(a, Buy)]


def test_raddie_snake_a_nugget_for_a_card_three_times() -> None:
    table = table_of("raddie_snake", nuggets={0: 5})
    for _ in range(3):
        table.act(Ability((), ()))
    assert len(table.hand(0)) == 3 and table.nuggets(0) == 2
    assert Ability((), ()) not in table.legal()


def test_simeon_picos_a_nugget_per_life_lost() -> None:
    table = table_of("simeon_picos", seat=1, hands={0: ["bang"]})
    table.play(0, "bang", target=1)
    assert table.nuggets(1) == 1 and table.nuggets(0) == 1


def test_the_eight_characters_are_dealt_with_four_lives() -> None:
    names = {c.name: c.life for c in GOLD_RUSH.characters[-8:]}
    assert names == dict.fromkeys(
        ["don_bell", "dutch_will", "jacky_murieta", "josh_mccloud", "madam_yto",
         "pretty_luzena", "raddie_snake", "simeon_picos"], 4)


# ---------------------------------------------------------------------- rulings G1-G9


def test_g1_a_gatling_wounding_three_gives_three_nuggets() -> None:
    table = Scenario(["willy_the_kid", "vulture_sam", "kit_carlson", "black_jack",
                      "paul_regret"], rules=GOLD_RUSH, hands={0: ["gatling"], 1: ["missed"]})
    table.play(0, "gatling")
    table.respond(1, "missed")
    assert [table.life(s) for s in (2, 3, 4)] == [3, 3, 2]
    assert table.nuggets(0) == 3


def test_g2_boots_and_lucky_charm_not_for_the_last_life() -> None:
    table = table_of(hands={0: ["bang"]}, life={1: 1},
                     equipment={1: ["boots", "lucky_charm"]})
    table.play(0, "bang", target=1)
    assert not table.alive(1)
    assert table.nuggets(1) == 0
    assert table.events and not any(e.kind == "draw" and e.seat == 1 for e in table.events)


def test_g3_a_bottle_bang_then_a_bang_card() -> None:
    table = table_of("black_jack", seat=0, nuggets={0: 2}, hands={0: ["bang"]},
                     shop=["bottle", "wanted", "wanted"])
    buy(table, 0, "bottle", use=2, target=3)
    assert table.is_legal(0, "bang", target=1)


def test_g4_rucksack_out_of_turn_on_the_last_life() -> None:
    table = table_of(hands={0: ["bang"]}, life={1: 1}, nuggets={1: 2},
                     equipment={1: ["rucksack"]})
    table.play(0, "bang", target=1)
    table.expect(1, DYING)
    table.act(UseEquipment(table.equipment_slot(1, "rucksack")))
    assert table.alive(1) and table.life(1) == 1


def test_g5_the_sheriff_kills_a_wanted_deputy() -> None:
    table = table_of(roles=[SHERIFF, DEPUTY, OUTLAW, RENEGADE], hands={0: ["bang", "beer"]},
                     tables={0: ["barrel"]}, life={1: 1}, nuggets={0: 2},
                     equipment={1: ["wanted"], 0: ["boots"]}, deck=["missed", "missed"])
    table.play(0, "bang", target=1)
    assert not table.alive(1)
    kinds = table.event_kinds()
    assert kinds.index("bounty") < kinds.index("discard", kinds.index("eliminated") + 1)
    # The 2 Wanted cards were drawn, then the whole hand and in-play cards discarded; the
    # nuggets (2 + 1 wound + 1 bounty) and the equipment stay.
    assert table.hand(0) == [] and table.in_play(0) == []
    assert table.nuggets(0) == 4 and table.equipment(0) == ["boots"]
    assert table.discard_pile().count("missed") == 2


def test_g5_a_wanted_outlaw_gives_three_plus_two_cards() -> None:
    table = table_of(hands={0: ["bang"]}, life={1: 1}, equipment={1: ["wanted"]})
    table.play(0, "bang", target=1)
    assert len(table.hand(0)) == 5 and table.nuggets(0) == 2


def test_g6_pretty_luzena_only_one_discount() -> None:
    table = table_of("pretty_luzena", nuggets={0: 3}, life={0: 2},
                     shop=["shot", "shot", "wanted"])
    buy(table, 0, "shot", target=0)
    buy(table, 0, "shot", target=0)
    assert table.nuggets(0) == 2 and table.life(0) == 4


def test_g7_dutch_will_must_discard_one() -> None:
    table = table_of("dutch_will", deck=["bang", "missed"], phase=START)
    table.expect(0, DISCARD_PICK)
    assert all(not isinstance(a, Play) for a in table.legal())


def test_g8_don_bell_extra_turn_has_no_further_draw() -> None:
    table = table_of("don_bell", deck=["beer:6H", "bang", "bang"])
    table.end_turn(0)
    table.end_turn(0)
    table.expect(1, PLAY)


def test_g9_equipment_only_leaves_for_its_cost_plus_one() -> None:
    table = table_of(hands={0: ["panic", "cat_balou"]}, equipment={1: ["boots"], 3: ["horseshoe"]},
                     nuggets={0: 3})
    boots = table.equipment_slot(1, "boots")
    assert not any(isinstance(a, Play) and a.target_slot == boots for a in table.legal())
    assert RemoveEquipment(1, boots) not in table.legal()  # 3 + 1 nuggets needed
    gold_state(table.game).nuggets[0] = 4
    assert RemoveEquipment(1, boots) in table.legal()
