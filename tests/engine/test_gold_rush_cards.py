"""Gold Rush: nuggets, the shop and the 24 equipment cards, one rule per test (seed 004;
cards.md section 4).

Seat 0 is the Sheriff (5 lives) of a 4-player table seated by number: seats 1 and 3 are at
distance 1 from seat 0, seat 2 (Paul Regret) at distance 3.
"""

from __future__ import annotations

from typing import Any

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import (
    DYING,
    NO_SEAT,
    NO_SLOT,
    PICK_CHECK,
    PLAY,
    RESPOND_SHOT,
    Buy,
    Decision,
    Play,
    RemoveEquipment,
    Sell,
    UseEquipment,
)
from p2pbang.engine.bang.cards.gold_rush import EQUIPMENT_CARDS, EQUIPMENT_COST
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, gold_rush
from p2pbang.engine.bang.sets.gold_rush import state as gold_state
from p2pbang.engine.chance import Reveal, Shuffle

GOLD_RUSH = RuleSet((base.MODULE, gold_rush.MODULE))
FILL = ["willy_the_kid", "vulture_sam", "paul_regret", "black_jack"]


def table_of(characters: list[str] = FILL, **kw: Any) -> Scenario:
    return Scenario(characters, rules=GOLD_RUSH, **kw)


def buy(table: Scenario, seat: int, name: str, use: int = 0, target: int = NO_SEAT,
        target_slot: int = NO_SLOT) -> None:
    table.expect(seat, PLAY)
    table.act(Buy(table.shop_slot(name), use, target, target_slot))


def buys_of(table: Scenario, name: str) -> list[Buy]:
    return [a for a in table.legal() if isinstance(a, Buy)
            and table.game.card_name(table.game.known[a.slot]) == name]


# ---------------------------------------------------------------------- the components


def test_24_equipment_cards_with_their_counts_and_costs() -> None:
    names = [c.name for c in EQUIPMENT_CARDS]
    assert len(names) == 24
    counts = {n: names.count(n) for n in set(names)}
    assert counts == {"shot": 3, "bottle": 3, "pardner": 3, "gold_rush": 1, "rhum": 2,
                      "union_pacific": 1, "calumet": 1, "gun_belt": 1, "horseshoe": 1,
                      "pickaxe": 1, "wanted": 3, "gold_pan": 1, "boots": 1,
                      "lucky_charm": 1, "rucksack": 1}
    assert EQUIPMENT_COST == {"shot": 1, "bottle": 2, "pardner": 2, "gold_rush": 5, "rhum": 3,
                              "union_pacific": 4, "calumet": 3, "gun_belt": 2, "horseshoe": 2,
                              "pickaxe": 4, "wanted": 2, "gold_pan": 3, "boots": 3,
                              "lucky_charm": 3, "rucksack": 3}
    # The equipment never enters the draw pile: it follows the 80 playing cards.
    assert GOLD_RUSH.deck_size == 80 and len(GOLD_RUSH.cards) == 104


def test_setup_shuffles_the_equipment_pile_and_reveals_three_for_sale() -> None:
    game = Game(4, rules=GOLD_RUSH)
    dealer = LocalDealer(7)
    requests = []
    while not isinstance(game.pending, Decision):
        requests.append(game.pending)
        game.apply(dealer.resolve(game.pending))
    shuffles = [r for r in requests if isinstance(r, Shuffle)]
    assert [s.pile for s in shuffles][-2:] == ["deck", "equipment"]
    equipment = shuffles[-1]
    assert sorted(equipment.cards) == list(GOLD_RUSH.equipment_ids)
    assert sum(isinstance(r, Reveal) for r in requests[requests.index(equipment):]) == 3
    assert len(gold_state(game).shop) == 3 and len(gold_state(game).deck) == 21
    assert gold_state(game).nuggets == [0] * 4 and not any(p.equipment for p in game.players)
    # No equipment card was dealt into a hand.
    assert all(game.known[s] < GOLD_RUSH.deck_size for p in game.players for s in p.hand)


def test_one_nugget_per_wound_to_the_shooter() -> None:
    table = table_of(hands={0: ["bang"]})
    table.play(0, "bang", target=1)
    assert table.life(1) == 3 and table.nuggets(0) == 1


def test_no_nugget_for_a_missed_shot_or_for_dynamite() -> None:
    table = table_of(hands={0: ["bang"], 1: ["missed"]})
    table.play(0, "bang", target=1)
    table.respond(1, "missed")
    assert table.nuggets(0) == 0
    exploding = table_of(tables={0: ["dynamite"]}, deck=["missed:2S"], phase=START)
    assert exploding.life(0) == 2
    assert all(exploding.nuggets(s) == 0 for s in range(4))


def test_the_duel_winner_takes_the_nugget() -> None:
    table = table_of(hands={0: ["duel"], 1: ["bang"]})
    table.play(0, "duel", target=1)
    table.respond(1, "bang")  # seat 0 holds no BANG!: he loses his own Duel
    assert table.life(0) == 4 and table.nuggets(1) == 1 and table.nuggets(0) == 0


def test_buying_costs_nuggets_and_refills_the_shop_from_the_pile() -> None:
    table = table_of(nuggets={0: 3}, life={0: 3},
                     shop=["shot", "boots", "wanted"], equipment_deck=["calumet"])
    buy(table, 0, "shot", target=0)
    assert table.nuggets(0) == 2 and table.life(0) == 4
    assert sorted(table.shop()) == ["boots", "calumet", "wanted"]
    assert [table.game.card_name(table.game.known[s])
            for s in gold_state(table.game).discard] == ["shot"]


def test_buying_needs_enough_nuggets_and_only_in_ones_own_play_phase() -> None:
    table = table_of(nuggets={0: 2, 1: 9}, shop=["boots", "shot", "wanted"])
    assert not buys_of(table, "boots")
    reason = table.reject(Buy(table.shop_slot("boots")))
    assert "not legal" in reason
    assert buys_of(table, "shot") and buys_of(table, "wanted")
    table.end_turn(0)
    table.expect(1, PLAY)
    assert buys_of(table, "boots")
    dying = table_of(hands={0: ["bang"]}, life={1: 1}, nuggets={1: 9},
                     shop=["shot", "boots", "wanted"])
    dying.play(0, "bang", target=1)
    assert not dying.alive(1)  # no Buy out of turn, not even a Shot to survive


def test_black_equipment_stays_in_front_and_no_two_of_one_name() -> None:
    table = table_of(nuggets={0: 10}, equipment={0: ["boots"]},
                     shop=["horseshoe", "wanted", "shot"], equipment_deck=["gun_belt"])
    buy(table, 0, "horseshoe")
    assert sorted(table.equipment(0)) == ["boots", "horseshoe"]
    assert table.nuggets(0) == 8


def test_equipment_is_out_of_reach_of_panic_and_cat_balou_g9() -> None:
    table = table_of(hands={0: ["panic", "cat_balou"]}, equipment={1: ["boots"]},
                     tables={1: ["barrel"]})
    targets = {(a.target, a.target_slot) for a in table.legal() if isinstance(a, Play)
               and table.game.card_name(a.card) in ("panic", "cat_balou")}
    boots = table.equipment_slot(1, "boots")
    assert (1, boots) not in targets and (1, table.in_play_slot(1, "barrel")) in targets
    reason = table.reject(Play(table.slot_of(0, "panic")[0], table.slot_of(0, "panic")[1],
                               1, boots))
    assert "not legal" in reason


def test_removing_equipment_costs_its_price_plus_one_g9() -> None:
    table = table_of(nuggets={0: 4}, equipment={1: ["horseshoe"], 2: ["lucky_charm"]})
    removals = [a for a in table.legal() if isinstance(a, RemoveEquipment)]
    assert set(removals) == {RemoveEquipment(1, table.equipment_slot(1, "horseshoe")),
                             RemoveEquipment(2, table.equipment_slot(2, "lucky_charm"))}
    table.act(RemoveEquipment(2, table.equipment_slot(2, "lucky_charm")))
    assert table.nuggets(0) == 0 and table.equipment(2) == []
    assert not [a for a in table.legal() if isinstance(a, RemoveEquipment)]


def test_a_beer_sells_for_a_nugget_in_ones_own_turn() -> None:
    table = table_of(hands={0: ["beer", "beer"]}, life={0: 5})
    slot, card = table.slot_of(0, "beer")
    table.act(Sell(slot, card))
    assert table.nuggets(0) == 1 and table.discard_pile() == ["beer"]
    assert table.life(0) == 5


def test_only_a_beer_card_sells() -> None:
    table = table_of(hands={0: ["saloon", "bang"]})
    assert not [a for a in table.legal() if isinstance(a, Sell)]
    slot, card = table.slot_of(0, "saloon")
    assert "not legal" in table.reject(Sell(slot, card))


def test_elimination_discards_the_equipment_and_vulture_sam_gets_none() -> None:
    table = table_of(hands={0: ["bang"], 3: ["missed"]}, life={3: 1},
                     equipment={3: ["boots", "calumet"]})
    table.play(0, "bang", target=3)
    table.pass_(3)  # no Missed! played
    table.pass_(3)  # no Beer to play
    assert not table.alive(3)
    assert table.equipment(3) == [] and table.hand(1) == ["missed"]
    discarded = sorted(table.game.card_name(table.game.known[s])
                       for s in gold_state(table.game).discard)
    assert discarded == ["boots", "calumet"]


def test_the_equipment_pile_is_reshuffled_from_its_discard_pile() -> None:
    table = table_of(nuggets={0: 9}, shop=["shot", "shot", "shot"], equipment_deck=[])
    # Every other equipment card lies in the pile: empty it through the shop first.
    game = table.game
    rest = list(gold_state(game).deck)
    gold_state(game).discard.extend(rest)
    gold_state(game).deck.clear()
    buy(table, 0, "shot", target=0)
    assert any(e.kind == "equipment_reshuffle" for e in table.events)
    shuffles = [r for r in table.dealer.requests if isinstance(r, Shuffle)]
    assert shuffles and shuffles[-1].pile == "equipment"
    assert len(gold_state(game).shop) == 3


# ---------------------------------------------------------------------- brown equipment


def test_shot_heals_anyone_chosen() -> None:
    table = table_of(nuggets={0: 1}, life={2: 1}, shop=["shot", "boots", "wanted"])
    assert {a.target for a in buys_of(table, "shot")} == {0, 1, 2, 3}
    buy(table, 0, "shot", target=2)
    assert table.life(2) == 2 and table.nuggets(0) == 0


def test_bottle_as_panic() -> None:
    table = table_of(nuggets={0: 2}, tables={1: ["barrel"]},
                     shop=["bottle", "boots", "wanted"])
    buy(table, 0, "bottle", use=0, target=1, target_slot=table.in_play_slot(1, "barrel"))
    assert table.hand(0) == ["barrel"] and table.in_play(1) == []


def test_bottle_as_beer_heals_one() -> None:
    table = table_of(nuggets={0: 2}, life={0: 3}, shop=["bottle", "boots", "wanted"])
    buy(table, 0, "bottle", use=1)
    assert table.life(0) == 4


def test_bottle_as_bang_then_a_bang_card_g3() -> None:
    table = table_of(characters=["black_jack", "vulture_sam", "paul_regret", "kit_carlson"],
                     nuggets={0: 2}, hands={0: ["bang"]}, shop=["bottle", "boots", "wanted"])
    buy(table, 0, "bottle", use=2, target=1)
    assert table.life(1) == 3
    assert table.is_legal(0, "bang", target=3)
    table.play(0, "bang", target=3)
    assert table.life(3) == 3 and table.nuggets(0) == 2


def test_pardner_as_general_store() -> None:
    table = table_of(nuggets={0: 2}, deck=["beer", "bang", "missed", "gatling"],
                     hands={1: ["bang"], 2: ["bang"], 3: ["bang"]},
                     shop=["pardner", "boots", "wanted"])
    buy(table, 0, "pardner", use=0)
    for seat in range(3):
        table.expect(seat)
        table.choose(seat, table.game.pending.options[0])
    assert len(table.hand(0)) == 1 and len(table.hand(3)) == 2


def test_pardner_as_duel_and_as_cat_balou() -> None:
    table = table_of(nuggets={0: 4}, tables={2: ["mustang"]},
                     shop=["pardner", "pardner", "wanted"])
    buy(table, 0, "pardner", use=1, target=1)
    assert table.life(1) == 3 and table.nuggets(0) == 2 + 1
    buy(table, 0, "pardner", use=2, target=2, target_slot=table.in_play_slot(2, "mustang"))
    assert table.in_play(2) == [] and table.discard_pile()[-1] == "mustang"


def test_gold_rush_restores_all_life_and_gives_another_turn() -> None:
    table = table_of(nuggets={0: 5}, life={0: 1}, shop=["gold_rush", "boots", "wanted"],
                     deck=["bang", "bang", "beer", "beer"])
    buy(table, 0, "gold_rush")
    assert table.life(0) == 1
    table.end_turn(0)
    assert table.life(0) == 5
    table.expect(0, PLAY)
    assert table.game.turn == 2 and len(table.hand(0)) == 2


def test_rhum_flips_four_and_heals_per_suit() -> None:
    table = table_of(nuggets={0: 3}, life={0: 1}, shop=["rhum", "boots", "wanted"],
                     deck=["missed:10C", "beer:6H", "bang:QH", "missed:3S"])
    buy(table, 0, "rhum")
    assert table.life(0) == 4
    assert table.discard_pile()[-4:] == ["missed", "beer", "bang", "missed"]


def test_union_pacific_draws_four() -> None:
    table = table_of(nuggets={0: 4}, shop=["union_pacific", "boots", "wanted"])
    buy(table, 0, "union_pacific")
    assert len(table.hand(0)) == 4


# ---------------------------------------------------------------------- black equipment


def test_boots_draw_a_card_per_life_lost() -> None:
    table = table_of(hands={0: ["bang"]}, equipment={1: ["boots"]})
    table.play(0, "bang", target=1)
    assert len(table.hand(1)) == 1


def test_calumet_diamonds_of_others_miss_but_not_a_duel() -> None:
    table = table_of(hands={0: ["bang:QD", "bang:AS", "duel:JS"]}, equipment={1: ["calumet"]})
    assert not table.is_legal(0, "bang:QD", target=1)
    assert table.is_legal(0, "bang:QD", target=3)
    assert table.is_legal(0, "bang:AS", target=1)
    diamond_duel = table_of(hands={0: ["duel:QD"]}, equipment={1: ["calumet"]})
    assert diamond_duel.is_legal(0, "duel:QD", target=1)


def test_gold_pan_a_card_for_a_nugget_twice_a_turn() -> None:
    table = table_of(nuggets={0: 3}, equipment={0: ["gold_pan"]})
    pan = UseEquipment(table.equipment_slot(0, "gold_pan"))
    table.act(pan)
    table.act(pan)
    assert len(table.hand(0)) == 2 and table.nuggets(0) == 1
    assert pan not in table.legal()
    assert "not legal" in table.reject(pan)


def test_gun_belt_hand_limit_eight() -> None:
    table = table_of(hands={0: ["beer", "missed", "missed", "missed", "panic", "stagecoach",
                                "saloon"]},
                     life={0: 2}, equipment={0: ["gun_belt"]})
    table.end_turn(0)
    table.expect(1)
    assert len(table.hand(0)) == 7


def test_horseshoe_flips_two_for_a_draw() -> None:
    table = table_of(hands={0: ["bang"]}, tables={1: ["barrel"]}, equipment={1: ["horseshoe"]},
                     deck=["missed:3S", "beer:6H"])
    table.play(0, "bang", target=1)
    table.barrel(1)
    pick = table.expect(1, PICK_CHECK)
    assert len(pick.options) == 2
    hearts = next(s for s in pick.options if table.game.card_name(table.game.known[s]) == "beer")
    table.choose(1, hearts)
    assert table.life(1) == 4


def test_lucky_charm_a_nugget_per_life_lost() -> None:
    table = table_of(hands={0: ["bang"]}, equipment={1: ["lucky_charm"]})
    table.play(0, "bang", target=1)
    assert table.nuggets(1) == 1


def test_pickaxe_one_more_card_in_phase_one() -> None:
    table = table_of(characters=["willy_the_kid", "vulture_sam", "paul_regret", "kit_carlson"],
                     equipment={0: ["pickaxe"]}, phase=START)
    table.expect(0, PLAY)
    assert len(table.hand(0)) == 3


def test_rucksack_two_nuggets_for_a_life() -> None:
    table = table_of(nuggets={0: 3}, life={0: 3}, equipment={0: ["rucksack"]})
    table.act(UseEquipment(table.equipment_slot(0, "rucksack")))
    assert table.life(0) == 4 and table.nuggets(0) == 1
    assert not [a for a in table.legal() if isinstance(a, UseEquipment)]


def test_wanted_any_player_and_the_killer_collects() -> None:
    table = table_of(nuggets={0: 2}, hands={0: ["bang"]}, life={1: 1},
                     shop=["wanted", "boots", "shot"])
    assert {a.target for a in buys_of(table, "wanted")} == {0, 1, 2, 3}
    buy(table, 0, "wanted", target=1)
    assert table.equipment(1) == ["wanted"]
    assert not [a for a in buys_of(table, "wanted") if a.target == 1]
    table.play(0, "bang", target=1)
    assert not table.alive(1)
    # An Outlaw: 3 cards for the kill, 2 more and a nugget for the Wanted (G5), and the
    # nugget of the wound.
    assert len(table.hand(0)) == 5 and table.nuggets(0) == 2


@pytest.mark.parametrize("name", sorted(EQUIPMENT_COST))
def test_every_equipment_card_has_a_rule(name: str) -> None:
    """A name the rules module does not resolve would be bought for nothing."""
    card = next(i for i in GOLD_RUSH.equipment_ids if GOLD_RUSH.cards[i].name == name)
    table = table_of(nuggets={0: 9}, shop=[name], hands={1: ["missed"], 3: ["missed"]},
                     tables={1: ["barrel"]}, life={0: 2}, randoms=[0])
    options = buys_of(table, name)
    assert options, f"{name} cannot be bought"
    events = table.act(options[0])
    assert next(e.value for e in events if e.kind == "pay_nuggets") == EQUIPMENT_COST[name]
    game = table.game
    if GOLD_RUSH.cards[card].kind == "black":
        assert any(game.known[s] == card for p in game.players for s in p.equipment)
    else:
        assert [game.known[s] for s in gold_state(game).discard] == [card]
        assert any(e.kind == "equipment" for e in events)


def test_rucksack_out_of_turn_saves_the_last_life_g4() -> None:
    table = table_of(hands={0: ["bang"]}, life={1: 1}, nuggets={1: 2},
                     equipment={1: ["rucksack"]})
    table.play(0, "bang", target=1)
    table.expect(1, DYING)
    table.act(UseEquipment(table.equipment_slot(1, "rucksack")))
    assert table.alive(1) and table.life(1) == 1 and table.nuggets(1) == 0


def test_rucksack_without_two_nuggets_cannot_save() -> None:
    table = table_of(hands={0: ["bang"]}, life={1: 1}, nuggets={1: 1},
                     equipment={1: ["rucksack"]})
    table.play(0, "bang", target=1)
    assert not table.alive(1)


def test_a_shot_answered_with_missed_keeps_asking_nothing_of_equipment() -> None:
    table = table_of(hands={0: ["bang"], 1: ["missed"]}, equipment={1: ["rucksack"]},
                     nuggets={1: 5})
    table.play(0, "bang", target=1)
    decision = table.expect(1, RESPOND_SHOT)
    assert decision.needed == 1
    assert not [a for a in table.legal() if isinstance(a, UseEquipment)]


# ---------------------------------------------------------------------- bad input


def test_bad_gold_rush_actions_are_refused_and_change_nothing() -> None:
    table = table_of(nuggets={0: 9, 1: 9}, hands={0: ["beer"], 1: ["beer"]},
                     equipment={0: ["gold_pan"], 1: ["rucksack"]},
                     shop=["shot", "boots", "wanted"])
    shot = table.shop_slot("shot")
    assert "integer" in table.reject(Buy(True, 0, 0))  # type: ignore[arg-type]
    assert "integer" in table.reject(Buy(shot, 0, 0.0))  # type: ignore[arg-type]
    assert "not legal" in table.reject(Buy(shot, 5, 0))  # Shot has one use
    assert "not legal" in table.reject(Buy(shot, 0, 9))  # no such seat
    assert "not legal" in table.reject(Buy(table.equipment_slot(0, "gold_pan")))
    assert "not legal" in table.reject(RemoveEquipment(0, table.equipment_slot(0, "gold_pan")))
    assert "not legal" in table.reject(UseEquipment(table.equipment_slot(1, "rucksack")))
    other_beer = table.game.players[1].hand[0]
    assert "hand" in table.reject(Sell(other_beer, table.game.known[other_beer]))


def test_a_position_keeps_equipment_out_of_the_playing_cards() -> None:
    with pytest.raises(ValueError, match="never in a hand"):
        table_of(hands={0: ["boots"]})
    with pytest.raises(ValueError, match="only equipment"):
        table_of(shop=["bang"])


def test_gold_rush_actions_round_trip_on_the_wire_and_bad_ones_are_refused() -> None:
    from p2pbang.engine.wire import WireError, from_wire, pack, unpack

    for action in (Buy(3, 1, 2, 40), Sell(5, 37), RemoveEquipment(2, 90), UseEquipment(91)):
        assert unpack(pack(action)) == action
    with pytest.raises(WireError):
        from_wire(["buy", 1, 2])
    with pytest.raises(WireError):
        from_wire(["sell", 1, "beer"])


def test_don_bell_no_extra_turn_after_a_turn_lost_in_jail() -> None:
    table = Scenario(["don_bell", *FILL[1:]], rules=GOLD_RUSH, tables={0: ["jail"]},
                     deck=["missed:2S", "beer:6H"], phase=START)
    table.expect(1, PLAY)


def test_a_bottle_bang_of_slab_the_killer_needs_one_missed() -> None:
    """Bottle is not a BANG! card: Slab the Killer's two Missed! are for his BANG! cards."""
    table = table_of(characters=["slab_the_killer", *FILL[1:]], nuggets={0: 2},
                     hands={1: ["missed"]}, shop=["bottle", "wanted", "wanted"])
    buy(table, 0, "bottle", use=2, target=1)
    decision = table.expect(1, RESPOND_SHOT)
    assert decision.needed == 1
    table.respond(1, "missed")
    assert table.life(1) == 4
