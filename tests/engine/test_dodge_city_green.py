"""Dodge City's green cards (seed 002 "Cărțile cu Chenar Verde"; rulings D1, D2, D3, D4, D8).

Seat 0 is the Sheriff of a 4-player table seated by number. ``phase=START`` starts seat 0's
turn from its beginning; without it the table is in seat 0's play phase and the cards laid
out in play were put there in an earlier turn.
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import DYING, PLAY, RESPOND_SHOT, Play, UseGreen
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
FILL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]


def table_of(**kw: Any) -> Scenario:
    return Scenario(FILL, rules=DODGE_CITY, **kw)


def uses(table: Scenario) -> list[UseGreen]:
    return [a for a in table.legal() if isinstance(a, UseGreen)]


def use(table: Scenario, seat: int, name: str, target: int = -1) -> None:
    table.act(UseGreen(table.in_play_slot(seat, name), target))


def test_a_green_card_is_not_used_the_turn_it_is_played() -> None:
    """D1: from the next turn on it can be used."""
    table = table_of(hands={0: ["derringer"], 1: ["beer"]})
    table.play(0, "derringer")
    assert table.in_play(0) == ["derringer"] and uses(table) == []
    slot = table.in_play_slot(0, "derringer")
    table.reject(UseGreen(slot, 1))
    table.pass_(0)
    # Seat 1's turn, then 2 and 3: his next turn comes back to seat 0.
    for seat in (1, 2, 3):
        while table.game.pending.seat == seat and table.game.pending.kind != PLAY:
            table.act(table.legal()[0])
        table.pass_(seat)
        while table.game.pending.seat == seat:
            table.act(table.legal()[0])
    table.expect(0, PLAY)
    assert {a.target for a in uses(table)} == {1, 3}  # distance 1


def test_derringer_shoots_at_distance_one_and_draws() -> None:
    table = table_of(tables={0: ["derringer"]}, deck=["saloon"])
    use(table, 0, "derringer", 1)
    assert table.life(1) == 3 and table.hand(0) == ["saloon"]
    assert table.in_play(0) == [] and table.discard_pile() == ["derringer"]


def test_a_missed_symbol_green_card_answers_a_shot_out_of_turn() -> None:
    table = table_of(hands={0: ["bang"]}, tables={1: ["sombrero"]})
    table.play(0, "bang", target=1)  # seat 1 has no hand, but a ready Sombrero: asked
    table.expect(1, RESPOND_SHOT)
    use(table, 1, "sombrero")
    assert table.life(1) == 4 and table.in_play(1) == []


def test_bible_answers_and_draws() -> None:
    table = table_of(hands={0: ["bang"]}, tables={1: ["bible"]}, deck=["saloon"])
    table.play(0, "bang", target=1)
    use(table, 1, "bible")
    assert table.life(1) == 4 and table.hand(1) == ["saloon"]


def test_green_cards_without_the_missed_symbol_do_not_answer() -> None:
    """D3."""
    table = table_of(hands={0: ["bang"], 1: ["beer"]}, tables={1: ["canteen", "knife"]})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    assert uses(table) == []


def test_canteen_cannot_save_from_dying() -> None:
    """D4: only Beer when losing the last life point out of turn."""
    table = table_of(hands={0: ["bang"], 1: ["beer"]}, tables={1: ["canteen"]}, life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.expect(1, DYING)
    assert uses(table) == []


def test_canteen_heals_in_ones_own_turn() -> None:
    table = table_of(tables={0: ["canteen"]}, life={0: 3})
    use(table, 0, "canteen")
    assert table.life(0) == 4


def test_pony_express_draws_three_and_howitzer_shoots_everyone() -> None:
    table = table_of(tables={0: ["pony_express", "howitzer"]}, deck=["beer", "panic", "duel"])
    use(table, 0, "pony_express")
    assert table.hand(0) == ["beer", "panic", "duel"]
    use(table, 0, "howitzer")
    assert [table.life(s) for s in (1, 2, 3)] == [3, 3, 3]


def test_buffalo_rifle_reaches_anyone_pepperbox_the_weapons_reach() -> None:
    table = table_of(tables={0: ["buffalo_rifle", "pepperbox"]})
    targets = {(table.game.card_name(table.game.known[a.slot]), a.target) for a in uses(table)}
    assert {t for n, t in targets if n == "buffalo_rifle"} == {1, 2, 3}
    assert {t for n, t in targets if n == "pepperbox"} == {1, 3}


def test_can_can_and_conestoga() -> None:
    table = table_of(tables={0: ["can_can", "conestoga"], 2: ["mustang", "barrel"]})
    table.act(UseGreen(table.in_play_slot(0, "conestoga"), 2,
                       table.in_play_slot(2, "mustang")))
    assert table.hand(0) == ["mustang"]
    table.act(UseGreen(table.in_play_slot(0, "can_can"), 2, table.in_play_slot(2, "barrel")))
    assert table.in_play(2) == [] and "barrel" in table.discard_pile()


def test_a_second_iron_plate_is_illegal() -> None:
    """D8."""
    table = table_of(hands={0: ["iron_plate"]}, tables={0: ["iron_plate"]})
    slot, card = table.slot_of(0, "iron_plate")
    assert "not legal" in table.reject(Play(slot, card))


def test_a_stolen_green_card_must_be_played_again_and_wait() -> None:
    """D2: it goes to the thief's hand; he puts it in play and waits a turn."""
    table = table_of(hands={0: ["panic"]}, tables={1: ["knife"]})
    table.play(0, "panic", target=1, steal="knife")
    assert table.hand(0) == ["knife"]
    table.play(0, "knife")
    assert uses(table) == []


def test_a_green_card_stolen_with_rag_time_must_be_played_again_and_wait() -> None:
    """D2, the Rag Time half: paid with a card, it takes the green card to the hand."""
    table = table_of(hands={0: ["rag_time", "beer"]}, tables={2: ["derringer"]})
    table.play_paid(0, "rag_time", "beer", target=2, steal="derringer")
    assert table.hand(0) == ["derringer"] and table.in_play(2) == []
    table.play(0, "derringer")
    assert uses(table) == []
    table.reject(UseGreen(table.in_play_slot(0, "derringer"), 1))


def test_a_second_copy_of_a_blue_card_in_play_is_illegal() -> None:
    """No two cards of one name in front of a player (seed 002): the Dodge City Barrel
    cannot join a base Barrel already in play, nor a second Dynamite a first."""
    table = table_of(hands={0: ["barrel:AC", "dynamite:10C"]},
                     tables={0: ["barrel:QS", "dynamite:2H"]})
    for spec in ("barrel:AC", "dynamite:10C"):
        slot, card = table.slot_of(0, spec)
        assert "not legal" in table.reject(Play(slot, card))


def test_start_phase_keeps_laid_out_green_cards_ready() -> None:
    table = table_of(tables={0: ["knife"]}, phase=START, deck=["beer", "panic"])
    table.expect(0, PLAY)
    assert {a.target for a in uses(table)} == {1, 3}


def test_a_missed_symbol_green_card_in_the_hand_does_not_answer_a_shot() -> None:
    """Seed 002: a green card is used only from in front of you, so a Bible, Sombrero, Iron
    Plate or Ten Gallon Hat still in the hand is no Missed! (found in play: "Clyde answers:
    Bible")."""
    table = table_of(hands={0: ["bang"], 1: ["bible", "sombrero", "iron_plate",
                                            "ten_gallon_hat", "missed"]})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    for green in ("bible", "sombrero", "iron_plate", "ten_gallon_hat"):
        slot, card = table.slot_of(1, green)
        table.reject(Play(slot, card))
    assert [a for a in table.legal() if isinstance(a, Play)] == [
        Play(*table.slot_of(1, "missed"))]
