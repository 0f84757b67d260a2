"""Dodge City characters, one rule per test (seed 002, the character list of Dodge City).

Seat 0 is the Sheriff of a 4-player table seated by number; ``phase=START`` begins seat 0's
turn before phase 1.
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import (
    COPY_PICK,
    DISCARD,
    DRAW_FROM_DECK,
    FROM_HAND,
    NO_SLOT,
    PICK_IN_PLAY,
    PLAY,
    RESPOND_SHOT,
    SHARE_PICK,
    TARGET_PICK,
    Ability,
    Choose,
    Pass,
    Play,
    UseGreen,
)
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
FILL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]


def table_with(character: str, seat: int = 0, **kw: Any) -> Scenario:
    characters = list(FILL)
    characters[seat] = character
    return Scenario(characters, rules=DODGE_CITY, **kw)


def abilities(table: Scenario) -> list[Ability]:
    return [a for a in table.legal() if isinstance(a, Ability)]


def test_pixie_pete_draws_three() -> None:
    table = table_with("pixie_pete", phase=START, deck=["beer", "panic", "duel", "saloon"])
    table.expect(0, PLAY)
    assert table.hand(0) == ["beer", "panic", "duel"]


def test_bill_noface_draws_one_plus_one_per_wound() -> None:
    table = table_with("bill_noface", phase=START, life={0: 3},
                       deck=["beer", "panic", "duel", "saloon"])
    assert table.hand(0) == ["beer", "panic", "duel"]  # 5 lives as Sheriff, 2 wounds


def test_bill_noface_unhurt_draws_one() -> None:
    table = table_with("bill_noface", phase=START, deck=["beer", "panic"])
    assert table.hand(0) == ["beer"]


def test_pat_brennan_takes_a_card_in_play_instead_of_drawing() -> None:
    table = table_with("pat_brennan", phase=START, tables={2: ["mustang"]},
                       deck=["beer", "panic"])
    decision = table.expect(0, PICK_IN_PLAY)
    slot = table.in_play_slot(2, "mustang")
    assert set(decision.options) == {DRAW_FROM_DECK, slot}
    table.choose(0, slot)
    assert table.hand(0) == ["mustang"] and table.in_play(2) == []


def test_pat_brennan_may_draw_two_as_usual() -> None:
    table = table_with("pat_brennan", phase=START, tables={2: ["mustang"]},
                       deck=["beer", "panic"])
    table.choose(0, DRAW_FROM_DECK)
    assert table.hand(0) == ["beer", "panic"]


def test_sean_mallory_keeps_up_to_ten_cards() -> None:
    table = table_with("sean_mallory", hands={0: ["beer"] * 6}, life={0: 2})
    table.pass_(0)
    assert table.game.pending.seat != 0 and len(table.hand(0)) == 6


def test_sean_mallory_discards_above_ten() -> None:
    hand = ["beer"] * 6 + ["panic"] * 4 + ["duel"]
    table = table_with("sean_mallory", hands={0: hand})
    table.pass_(0)
    assert table.expect(0, DISCARD).needed == 1


def test_elena_fuente_answers_a_shot_with_any_card() -> None:
    table = table_with("elena_fuente", seat=1, hands={0: ["bang"], 1: ["saloon"]})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    table.respond(1, "saloon")
    assert table.life(1) == 3 and table.hand(1) == []


def test_greg_digger_heals_two_when_another_player_is_eliminated() -> None:
    characters = ["black_jack", "kit_carlson", "pedro_ramirez", "greg_digger"]
    table = Scenario(characters, rules=DODGE_CITY, hands={0: ["bang"]}, life={1: 1, 3: 1})
    table.play(0, "bang", target=1)
    assert not table.alive(1) and table.life(3) == 3


def test_herb_hunter_draws_two_when_another_player_is_eliminated() -> None:
    """Seed 002: eliminating an Outlaw himself, he draws 2 + the reward of 3."""
    characters = ["herb_hunter", "kit_carlson", "pedro_ramirez", "jesse_jones"]
    table = Scenario(characters, rules=DODGE_CITY, hands={0: ["bang"]}, life={1: 1},
                     deck=["beer", "panic", "duel", "saloon", "gatling"])
    table.play(0, "bang", target=1)
    assert not table.alive(1) and len(table.hand(0)) == 5


def test_chuck_wengam_loses_a_life_to_draw_two_not_at_his_last() -> None:
    table = table_with("chuck_wengam", life={0: 2}, deck=["beer", "panic"])
    table.act(Ability((), ()))
    assert table.life(0) == 1 and table.hand(0) == ["beer", "panic"]
    assert abilities(table) == []


def test_jose_delgado_discards_a_blue_card_to_draw_two_twice_a_turn() -> None:
    table = table_with("jose_delgado", hands={0: ["mustang", "barrel", "scope", "beer"]},
                       deck=["duel", "panic", "saloon", "gatling"])
    assert {table.game.card_name(a.cards[0]) for a in abilities(table)} == {
        "mustang", "barrel", "scope"}
    table.ability(0, "mustang")
    table.ability(0, "barrel")
    assert abilities(table) == []
    assert table.hand(0) == ["scope", "beer", "duel", "panic", "saloon", "gatling"]


def test_vera_custer_copies_a_living_character_until_her_next_turn() -> None:
    """She picks Pixie Pete at her turn's start, and draws three in phase 1."""
    characters = ["vera_custer", "pixie_pete", "jesse_jones", "kit_carlson"]
    table = Scenario(characters, rules=DODGE_CITY, phase=START,
                     deck=["beer", "panic", "duel", "saloon"])
    decision = table.expect(0, COPY_PICK)
    assert set(decision.options) == {1, 2, 3}
    table.choose(0, 1)
    table.expect(0, PLAY)
    assert table.hand(0) == ["beer", "panic", "duel"]


def test_vera_custer_copying_sid_ketchum_may_heal() -> None:
    characters = ["vera_custer", "sid_ketchum", "jesse_jones", "kit_carlson"]
    table = Scenario(characters, rules=DODGE_CITY, phase=START, life={0: 2},
                     hands={0: ["missed", "missed"]}, deck=["beer", "panic"])
    table.choose(0, 1)
    assert abilities(table)


def test_tequila_joe_regains_two_with_beer_one_with_saloon() -> None:
    table = table_with("tequila_joe", hands={0: ["beer", "saloon"]}, life={0: 1})
    table.play(0, "beer")
    assert table.life(0) == 3
    table.play(0, "saloon")
    assert table.life(0) == 4


def test_tequila_joe_beer_when_dying_gives_two() -> None:
    table = table_with("tequila_joe", seat=1, hands={0: ["bang"], 1: ["beer"]}, life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.respond(1, "beer")
    assert table.life(1) == 2


def test_doc_holyday_pays_two_cards_for_a_bang_effect_once_a_turn() -> None:
    table = table_with("doc_holyday", hands={0: ["beer", "panic", "duel", "saloon"]},
                       bangs_played=1)
    table.ability(0, "beer", "panic")
    decision = table.expect(0, TARGET_PICK)
    assert set(decision.options) == {1, 3}  # the Colt reaches 1
    table.choose(0, 3)
    assert table.life(3) == 3
    assert abilities(table) == []  # once per turn


def test_doc_holyday_paying_two_diamonds_cannot_hit_apache_kid() -> None:
    """Seed 002: to hit Apache Kid at least one of the two cards must not be a Diamond."""
    table = Scenario(["doc_holyday", "apache_kid", *FILL[2:]], rules=DODGE_CITY, dead=[2, 3],
                     hands={0: ["bang:2D", "bang:3D", "saloon"]})
    paid = {tuple(table.game.card_name(c) for c in a.cards) for a in abilities(table)}
    pairs = {tuple(sorted(table.game.cards[c].label for c in a.cards)) for a in abilities(table)}
    assert paid and all("saloon" in names for names in paid)
    assert ("2♦", "3♦") not in pairs
    two_diamonds = sorted([table.slot_of(0, "bang:2D"), table.slot_of(0, "bang:3D")])
    assert "not legal" in table.reject(Ability(tuple(s for s, _ in two_diamonds),
                                               tuple(c for _, c in two_diamonds)))
    table.ability(0, "bang:2D", "saloon")  # one card is not a Diamond: he is hit
    assert table.life(1) == 2


def test_doc_holyday_two_diamonds_still_hit_anyone_else_in_reach() -> None:
    table = Scenario(["doc_holyday", "apache_kid", *FILL[2:]], rules=DODGE_CITY, dead=[2],
                     hands={0: ["bang:2D", "bang:3D"]})
    table.ability(0, "bang:2D", "bang:3D")  # only seat 3 can be hit: no target question
    assert table.life(3) == 3 and table.life(1) == 3


def test_molly_stark_draws_for_a_missed_played_out_of_turn() -> None:
    table = table_with("molly_stark", seat=1, hands={0: ["bang"], 1: ["missed"]},
                       deck=["saloon"])
    table.play(0, "bang", target=1)
    table.respond(1, "missed")
    assert table.hand(1) == ["saloon"]


def test_molly_stark_draws_for_any_hand_card_she_uses_out_of_turn() -> None:
    """The designer's text and the English card: each card of her hand she uses out of her
    turn (here a Dodge against a shot) is worth a card, besides the Dodge's own draw."""
    table = table_with("molly_stark", seat=1, hands={0: ["bang"], 1: ["dodge"]},
                       deck=["saloon", "gatling"])
    table.play(0, "bang", target=1)
    table.respond(1, "dodge")
    assert sorted(table.hand(1)) == ["gatling", "saloon"]


def test_molly_stark_in_a_duel_draws_when_it_is_over() -> None:
    """One card per BANG! she played in it, only once the Duel is over."""
    table = table_with("molly_stark", seat=1, hands={0: ["duel", "bang"], 1: ["bang", "bang"]},
                       deck=["saloon", "gatling"])
    table.play(0, "duel", target=1)
    table.respond(1, "bang")
    table.respond(0, "bang")
    table.respond(1, "bang")
    # The Sheriff has no BANG! left: he loses; then Molly draws her two cards.
    assert table.life(0) == 4 and table.hand(1) == ["saloon", "gatling"]


def test_apache_kid_is_not_a_target_of_diamonds_played_by_others() -> None:
    table = table_with("apache_kid", seat=1, hands={0: ["bang:2D", "bang:2C", "panic:8D"]},
                       tables={1: ["mustang"]}, life={1: 3})
    diamonds_bang = table.slot_of(0, "bang:2D")
    clubs_bang = table.slot_of(0, "bang:2C")
    shots = {(a.slot, a.target) for a in table.legal() if isinstance(a, Play)
             and table.game.card_name(a.card) == "bang"}
    assert (diamonds_bang[0], 1) not in shots and (diamonds_bang[0], 3) in shots
    assert (clubs_bang[0], 1) not in shots  # the Mustang keeps him at distance 2
    assert "not legal" in table.reject(Play(*table.slot_of(0, "panic:8D"), 1, -2))


def test_apache_kid_is_spared_by_indians_of_diamonds_but_not_in_a_duel() -> None:
    table = table_with("apache_kid", seat=1, hands={0: ["indians:KD", "duel:QD"]})
    table.play(0, "indians:KD")
    assert table.life(1) == 3  # untouched; seats 2 and 3 (no cards) lose one
    assert table.life(2) == 3 and table.life(3) == 3
    table.play(0, "duel:QD", target=1)
    assert table.life(1) == 2


def test_belle_star_in_her_turn_the_others_cards_in_play_do_not_work() -> None:
    """In her turn the cards in play of the other players have no effect, blue or green
    (the designer's text and the English card; see docs/rules/dodge-city.md)."""
    table = table_with("belle_star", hands={0: ["bang", "bang"]},
                       tables={1: ["mustang", "barrel"], 3: ["sombrero"]})
    assert table.game.distance(2, 1) == 1  # seat 1's Mustang does not work
    table.play(0, "bang", target=1)  # no Barrel draw offered: hit at once (no hand)
    assert table.life(1) == 3
    table.pass_(0)
    assert table.game.current == 1 and table.game.distance(2, 1) == 2  # Mustang again


def test_belle_star_in_her_turn_her_own_cards_in_play_work() -> None:
    """Given Belle Star with a Volcanic and a Scope in play, when she plays in her turn,
    then the Scope brings seat 2 within her Colt's reach and the Volcanic lets her play a
    second BANG!; another player's Binocular still does not work for him."""
    table = table_with("belle_star", hands={0: ["bang", "bang"]},
                       tables={0: ["volcanic", "scope"], 2: ["binocular"]})
    assert table.game.reach(0) == 1 and table.game.distance(0, 2) == 1
    assert table.game.distance(2, 0) == 2  # seat 2's Binocular is silenced
    table.play(0, "bang", target=2)
    assert table.life(2) == 3
    assert [a for a in table.legal() if isinstance(a, Play)]  # her Volcanic works
    table.play(0, "bang", target=2)
    assert table.life(2) == 2


def test_belle_star_uses_her_own_green_card_in_her_turn() -> None:
    table = table_with("belle_star", tables={0: ["canteen"]}, life={0: 3})
    assert [a for a in table.legal() if isinstance(a, UseGreen)]


def test_belle_star_silences_green_cards_answering_in_her_turn() -> None:
    table = table_with("belle_star", hands={0: ["bang"]}, tables={1: ["sombrero"]})
    table.play(0, "bang", target=1)
    assert table.life(1) == 3


def test_vera_custer_copying_vulture_sam_shares_the_cards_one_at_a_time() -> None:
    """Dodge City FAQ: Vera Custer copying Vulture Sam, a third player is eliminated: both
    have the ability, so they take his cards one at a time, starting with whichever comes
    next in turn order after him (here Vulture Sam, seat 2, then Vera, seat 0)."""
    characters = ["vera_custer", "willy_the_kid", "vulture_sam", "kit_carlson"]
    table = Scenario(characters, ["sheriff", "renegade", "outlaw", "outlaw"],
                     rules=DODGE_CITY, phase=START, life={1: 1},
                     hands={0: ["bang"], 1: ["saloon", "panic"]},
                     tables={1: ["volcanic", "dynamite"]}, deck=["beer", "duel"], randoms=[0, 0])
    table.choose(0, 2)  # Vera copies Vulture Sam
    table.play(0, "bang", target=1)
    table.pass_(1)  # no Missed!
    table.pass_(1)  # no Beer: eliminated
    pick = table.expect(2, SHARE_PICK)  # Vulture Sam takes first: a card in play, or
    assert set(pick.options) == {FROM_HAND, *table.game.players[1].table}  # one at random
    assert pick.source == 1
    table.choose(2, table.in_play_slot(1, "volcanic"))
    pick = table.expect(0, SHARE_PICK)  # then Vera
    table.choose(0, table.in_play_slot(1, "dynamite"))
    # Two hand cards left, no choice: a random one each, Vulture Sam's first.
    share = {"saloon", "panic"}
    assert "volcanic" in table.hand(2) and len(table.hand(2)) == 2
    assert "dynamite" in table.hand(0)
    assert len(share & set(table.hand(2))) == 1 and len(share & set(table.hand(0))) == 1
    assert not table.game.players[1].hand and not table.game.players[1].table


def test_vulture_sam_alone_still_takes_everything_at_once() -> None:
    characters = ["black_jack", "willy_the_kid", "vulture_sam", "kit_carlson"]
    table = Scenario(characters, rules=DODGE_CITY, life={1: 1},
                     hands={0: ["bang"], 1: ["saloon", "panic"]}, tables={1: ["volcanic"]})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.pass_(1)
    assert sorted(table.hand(2)) == ["panic", "saloon", "volcanic"]


def test_a_share_pick_outside_its_options_is_refused_and_changes_nothing() -> None:
    characters = ["vera_custer", "willy_the_kid", "vulture_sam", "kit_carlson"]
    table = Scenario(characters, ["sheriff", "renegade", "outlaw", "outlaw"],
                     rules=DODGE_CITY, phase=START, life={1: 1},
                     hands={0: ["bang", "beer"], 1: ["saloon"]},
                     tables={1: ["volcanic", "dynamite"]}, deck=["beer", "duel"])
    table.choose(0, 2)
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.pass_(1)
    table.expect(2, SHARE_PICK)
    own = table.game.players[0].hand[0]  # a card of Vera's hand, not of the dead player
    assert "not legal" in table.reject(Choose(own))
    assert "not legal" in table.reject(Choose(NO_SLOT))
    assert "not legal" in table.reject(Pass())  # taking is not optional


def test_vera_custer_in_jail_checks_it_before_she_copies_anyone() -> None:
    """Dodge City FAQ (Q13): Vera Custer in Jail first checks the Jail; only if she escapes
    does she pick whose ability to copy (the copy is part of phase 1, which a Jail skips)."""
    characters = ["vera_custer", "lucky_duke", "jesse_jones", "kit_carlson"]
    table = Scenario(characters, ["renegade", "sheriff", "outlaw", "outlaw"],
                     rules=DODGE_CITY, phase=START, turn=0, tables={0: ["jail"]},
                     deck=["beer:6H", "panic", "duel"])
    table.expect(0, COPY_PICK)  # the Jail's draw! showed a Heart: she escaped, then picks
    assert table.in_play(0) == [] and "beer" in table.discard_pile()


def test_vera_custer_kept_in_jail_copies_nobody_until_her_next_turn() -> None:
    characters = ["vera_custer", "lucky_duke", "jesse_jones", "kit_carlson"]
    table = Scenario(characters, ["renegade", "sheriff", "outlaw", "outlaw"],
                     rules=DODGE_CITY, phase=START, turn=0, tables={0: ["jail"]},
                     deck=["bang:8S", "panic", "duel"])
    assert table.game.current == 1  # the Spade kept her in: turn lost, no copy asked
    assert table.game.seat_rules[0] == table.game.rules.character_rules("vera_custer")
