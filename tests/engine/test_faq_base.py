"""Rulings B1-B22 of shared/reference/faq-scenarios.md (BANG! base game), one test each.

Seat 0 is the Sheriff. Four players are Sheriff, Outlaw, Outlaw, Renegade; five add a Deputy
at seat 4. The fillers act only in phase 1 and do not touch the rule under test.
"""

from __future__ import annotations

from collections import Counter

import pytest

from p2pbang.engine.actions import (
    DYING,
    FROM_HAND,
    PLAY,
    RESPOND_DUEL,
    RESPOND_INDIANS,
    RESPOND_SHOT,
    Pass,
    Play,
)
from p2pbang.engine.bang.cards.base import BASE_CARDS
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.chance import Shuffle

FILL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]
FILL5 = [*FILL, "willy_the_kid"]
PLAIN = ["willy_the_kid", "slab_the_killer", "vulture_sam", "calamity_janet"]


def plays(table: Scenario, name: str) -> list[Play]:
    return [a for a in table.legal()
            if isinstance(a, Play) and table.game.card_name(a.card) == name]


def everything_else(*placed: str) -> list[str]:
    """Every card not named in ``placed``: stacked on the discard pile, it empties the deck."""
    left = Counter(card.name for card in BASE_CARDS)
    left.subtract(spec.partition(":")[0] for spec in placed)
    return [name for name, count in left.items() for _ in range(count)]


def test_b1_bang_after_gatling_is_allowed() -> None:
    """B1: "Gatling is not a BANG! card": a BANG! may follow it in the same turn."""
    table = Scenario(FILL, hands={0: ["gatling", "bang"]})
    table.play(0, "gatling")  # nobody holds a card: every shot hits
    assert plays(table, "bang")
    table.play(0, "bang", target=1)
    assert table.life(1) == 2


def test_b2_weapons_do_not_extend_panic() -> None:
    """B2: Panic! reaches distance 1; a Winchester does not change distance."""
    table = Scenario(FILL, hands={0: ["panic"], 1: ["beer"], 2: ["beer"]},
                     tables={0: ["winchester"]})
    assert {a.target for a in plays(table, "panic")} == {1}
    slot, card = table.slot_of(0, "panic")
    reason = table.reject(Play(slot, card, 2, FROM_HAND))
    assert "not legal" in reason


@pytest.mark.parametrize("card", ["gatling", "indians"])
def test_b3_gatling_or_indians_player_is_responsible_for_the_kill(card: str) -> None:
    """B3: the player of a Gatling or Indians! eliminates the Outlaw: he draws the reward."""
    table = Scenario(FILL, hands={3: [card]}, life={1: 1}, turn=3,
                     deck=["beer", "missed", "duel"])
    table.play(3, card)
    assert not table.alive(1)
    (elimination,) = [e for e in table.events if e.kind == "eliminated"]
    assert elimination.seat == 1 and elimination.target == 3
    assert table.hand(3) == ["beer", "missed", "duel"]


def test_b4_dynamite_kill_gives_no_reward() -> None:
    """B4: nobody is responsible for a Dynamite elimination: no reward for anyone."""
    table = Scenario(PLAIN, tables={1: ["dynamite"]}, life={1: 2}, phase=START, turn=1,
                     deck=["missed:7S", "beer", "missed", "duel"])
    assert not table.alive(1)
    assert "reward" not in table.event_kinds()
    assert all(table.hand(s) == [] for s in (0, 3))
    table.expect(2, PLAY)
    assert table.hand(2) == ["beer", "missed"]  # his own phase 1, not a reward


def test_b5_bang_cards_discarded_in_a_duel_do_not_count() -> None:
    """B5: BANG! cards discarded in his own Duel are not the turn's BANG! card."""
    table = Scenario(FILL, hands={0: ["duel", "bang", "bang"], 1: ["bang"]})
    table.play(0, "duel", target=1)
    table.respond(1, "bang")
    table.respond(0, "bang")  # seat 1 has no card left: he loses the Duel
    assert table.life(1) == 3
    assert table.game.bangs_played == 0
    table.play(0, "bang", target=1)
    assert table.life(1) == 2


def test_b6_eliminated_player_reveals_role_and_discards_everything() -> None:
    """B6: the eliminated shows his role card and discards his hand and cards in play."""
    table = Scenario(FILL, hands={0: ["bang"], 1: ["saloon", "duel"]},
                     tables={1: ["scope", "schofield"]}, life={1: 1}, viewer=0,
                     deck=["beer", "missed", "gatling"])
    assert table.game.players[1].role is None  # hidden from seat 0's engine
    table.play(0, "bang", target=1)
    table.pass_(1)  # no Missed!
    table.pass_(1)  # no Beer
    assert not table.alive(1)
    player = table.game.players[1]
    assert player.role == "outlaw" and player.role_public
    assert player.hand == [] and player.table == []
    assert sorted(table.discard_pile()) == ["bang", "duel", "saloon", "schofield", "scope"]


def test_b6_vulture_sam_takes_the_cards_instead() -> None:
    """B6: with Vulture Sam in play the eliminated's cards go to his hand, not the discard."""
    table = Scenario(["vulture_sam", *FILL[1:]], hands={0: ["bang"], 1: ["saloon"]},
                     tables={1: ["scope"]}, life={1: 1}, deck=["beer", "missed", "gatling"])
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.pass_(1)
    assert sorted(table.hand(0)) == ["beer", "gatling", "missed", "saloon", "scope"]
    assert table.discard_pile() == ["bang"]


def test_b7_role_and_character_cards_are_never_targets() -> None:
    """B7: only hand and in-play cards can be taken or discarded; never a role card."""
    table = Scenario(FILL, hands={0: ["panic", "cat_balou"], 1: ["beer"]},
                     tables={1: ["barrel"]})
    barrel = table.in_play_slot(1, "barrel")
    for name in ("panic", "cat_balou"):
        options = {a.target_slot for a in plays(table, name) if a.target == 1}
        assert options == {FROM_HAND, barrel}
    slot, card = table.slot_of(0, "panic")
    role_slot = table.game.players[1].role_slot
    assert "not legal" in table.reject(Play(slot, card, 1, role_slot))


def test_b8_calamity_janet_answers_a_duel_with_missed() -> None:
    """B8: challenged to a Duel, Calamity Janet may discard Missed! cards as BANG! cards."""
    table = Scenario(["calamity_janet", *FILL[1:]], hands={1: ["duel"], 0: ["missed"]},
                     turn=1)
    table.play(1, "duel", target=0)
    table.expect(0, RESPOND_DUEL)
    table.respond(0, "missed")
    assert table.life(1) == 3 and table.life(0) == 5


def test_b9_a_jailed_player_can_be_shot_and_defends_out_of_turn() -> None:
    """B9: a player in Jail is still a target; he may play Missed!, or Beer when dying."""
    table = Scenario(FILL, hands={0: ["bang"], 1: ["missed"]}, tables={1: ["jail"]})
    assert 1 in {a.target for a in plays(table, "bang")}
    table.play(0, "bang", target=1)
    table.respond(1, "missed")
    assert table.life(1) == 4
    table = Scenario(FILL, hands={0: ["bang"], 1: ["beer"]}, tables={1: ["jail"]},
                     life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.respond(1, "beer")
    assert table.alive(1) and table.in_play(1) == ["jail"]


def test_b10_jail_on_the_sheriff_is_illegal() -> None:
    """B10: "Jail cannot be played on the Sheriff"."""
    table = Scenario(FILL, hands={1: ["jail"]}, turn=1)
    slot, card = table.slot_of(1, "jail")
    reason = table.reject(Play(slot, card, 0))
    assert "not legal" in reason and "jail" not in table.in_play(0)


def test_b11_beer_at_full_life_is_legal_and_does_nothing() -> None:
    """B11: Beer at full life is legal and has no effect; life never exceeds the start."""
    table = Scenario(FILL, hands={1: ["beer"]}, turn=1)
    table.play(1, "beer")
    assert table.life(1) == 4 and table.discard_pile() == ["beer"]


def test_b12_indians_in_turn_order_bang_or_a_life() -> None:
    """B12: each other player in turn order discards a BANG! or loses a life; Missed! and
    Barrel do not help; discarding is optional."""
    table = Scenario(FILL, hands={2: ["indians"], 3: ["bang"], 0: ["missed"], 1: ["bang"]},
                     tables={0: ["barrel"]}, turn=2)
    table.play(2, "indians")
    asked = []
    table.expect(3, RESPOND_INDIANS)
    asked.append(3)
    table.respond(3, "bang")
    table.expect(0, RESPOND_INDIANS)
    assert table.legal() == [Pass()]  # neither the Missed! nor the Barrel
    asked.append(0)
    table.pass_(0)
    table.expect(1, RESPOND_INDIANS)
    assert len(table.legal()) == 2  # his BANG!, or take the hit
    table.pass_(1)
    assert [table.life(s) for s in range(4)] == [4, 3, 4, 4]
    assert table.hand(1) == ["bang"]


def test_b13_two_gatlings_in_one_turn() -> None:
    """B13: any number of Gatlings per turn. The deck has one: here it comes back through a
    reshuffle and a Stagecoach, and is played again."""
    table = Scenario(FILL, hands={0: ["gatling", "stagecoach"]},
                     discard=everything_else("gatling", "stagecoach"))
    assert table.deck_size() == 0
    table.play(0, "gatling")
    table.play(0, "stagecoach")
    assert "gatling" in table.hand(0)
    assert plays(table, "gatling")
    table.play(0, "gatling")
    assert [table.life(s) for s in (1, 2, 3)] == [2, 2, 2]


def test_b14_sheriff_kills_a_deputy_and_discards_everything() -> None:
    """B14: the Sheriff who eliminates a Deputy discards all his hand and cards in play."""
    table = Scenario(FILL5, hands={0: ["bang", "beer", "missed"]},
                     tables={0: ["barrel", "schofield"]}, life={4: 1})
    table.play(0, "bang", target=4)
    assert not table.alive(4)
    assert "penalty" in table.event_kinds()
    assert table.hand(0) == [] and table.in_play(0) == []
    assert sorted(table.discard_pile()) == ["bang", "barrel", "beer", "missed", "schofield"]
    table.expect(0, PLAY)


def test_b15_an_outlaw_killing_an_outlaw_draws_three() -> None:
    """B15: "even if the killer is an Outlaw himself", the reward is 3 cards."""
    table = Scenario(FILL, hands={1: ["bang"]}, life={2: 1}, turn=1,
                     tables={1: ["schofield"]}, deck=["beer", "missed", "duel"])
    table.play(1, "bang", target=2)
    assert not table.alive(2)
    assert table.hand(1) == ["beer", "missed", "duel"]


@pytest.mark.parametrize(("beers", "survives"), [(2, True), (1, False)])
def test_b16_two_beers_against_dynamite_at_two_life(beers: int, survives: bool) -> None:
    """B16: at 2 life, Dynamite's 3 damage: 2 Beers leave him at 1 (2 - 3 + 2); with one
    Beer he is eliminated (2 - 3 + 1 = 0)."""
    hand = ["beer"] * beers + ["missed"] * (2 - beers)
    table = Scenario(PLAIN, hands={1: hand}, tables={1: ["dynamite"]}, life={1: 2},
                     phase=START, turn=1, deck=["missed:6S", "saloon", "duel"])
    assert table.expect(1, DYING).needed == 2
    table.respond(1, "beer")
    if survives:
        table.respond(1, "beer")
        assert table.alive(1) and table.life(1) == 1
        table.expect(1, PLAY)
    else:
        table.expect(1, DYING)
        assert table.legal() == [Pass()]
        table.pass_(1)
        assert not table.alive(1)


def test_b17_renegade_alone_with_the_sheriff_wins() -> None:
    """B17: the Sheriff eliminated while only the Renegade is alive besides him."""
    table = Scenario(FILL, hands={3: ["bang"]}, life={0: 1}, dead=[1, 2], turn=3)
    table.play(3, "bang", target=0)
    assert table.end is not None
    assert table.end.team == "renegade" and table.end.winners == (3,)


def test_b18_sheriff_dead_with_outlaws_dead_outlaws_win() -> None:
    """B18: Sheriff eliminated, all Outlaws already dead, a Deputy and the Renegade alive:
    the Outlaws win."""
    table = Scenario(FILL5, hands={3: ["bang"]}, life={0: 1}, dead=[1, 2], turn=3)
    table.play(3, "bang", target=0)
    assert table.end is not None
    assert table.end.team == "outlaws" and table.end.winners == (1, 2)


def test_b19_outlaws_dead_renegade_alive_the_game_goes_on() -> None:
    """B19: all Outlaws dead, the Renegade alive: the game continues."""
    table = Scenario(FILL, hands={0: ["bang"]}, life={2: 1}, dead=[1],
                     deck=["beer", "missed", "duel"])
    table.play(0, "bang", target=2)
    assert not table.alive(2)
    assert table.end is None
    table.expect(0, PLAY)
    assert table.hand(0) == ["beer", "missed", "duel"]


def test_b20_an_empty_deck_reshuffles_the_discard_pile() -> None:
    """B20: when the draw pile runs out, the discard pile is shuffled into a new one."""
    rest = everything_else("stagecoach")
    table = Scenario(FILL, hands={0: ["stagecoach"]}, discard=rest)
    assert table.deck_size() == 0
    table.play(0, "stagecoach")
    shuffles = [r for r in table.dealer.requests if isinstance(r, Shuffle)]
    assert len(shuffles) == 1 and len(shuffles[0].cards) == 80
    assert "reshuffle" in table.event_kinds()
    assert len(table.hand(0)) == 2 and table.deck_size() == 78
    assert table.discard_pile() == []


def test_b21_no_second_barrel_and_a_new_weapon_replaces_the_old() -> None:
    """B21: never two same-named cards in play; a new weapon discards the old one."""
    table = Scenario(FILL, hands={0: ["barrel", "remington"]},
                     tables={0: ["barrel", "schofield"]})
    slot, card = table.slot_of(0, "barrel")
    assert "not legal" in table.reject(Play(slot, card))
    table.play(0, "remington")
    assert table.in_play(0) == ["barrel", "remington"]
    assert table.discard_pile() == ["schofield"]


def test_b22_slab_the_killer_against_one_missed_and_no_barrel() -> None:
    """B22: shot by Slab the Killer with one Missed! and no Barrel: the shot hits."""
    table = Scenario(["slab_the_killer", *FILL[1:]], hands={0: ["bang"], 1: ["missed"]})
    table.play(0, "bang", target=1)
    decision = table.expect(1, RESPOND_SHOT)
    assert decision.needed == 2 and decision.source == 0
    table.respond(1, "missed")
    assert table.life(1) == 3
