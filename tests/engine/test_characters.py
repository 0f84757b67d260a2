"""The 16 characters of the base game, one rule per test.

Rules authority: the character texts of the Romanian base rulebook (shared/seeds/002) and
shared/reference/cards.md. Seat 0 is the Sheriff of a 4-player table; ``phase=START`` begins a
turn before its "draw!" checks and phase 1.
"""

from __future__ import annotations

import pytest

from p2pbang.engine.actions import (
    ANY_TIME,
    DRAW_FROM_DECK,
    DRAW_FROM_DISCARD,
    DRAW_SOURCE,
    DYING,
    PICK_CHECK,
    PLAY,
    PUT_BACK,
    RESPOND_DUEL,
    RESPOND_INDIANS,
    RESPOND_SHOT,
    Ability,
    Choose,
    Pass,
    Play,
    UseBarrel,
)
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.scenario import Scenario

# Fillers whose abilities stay out of the way of the rule under test.
FILL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]


def seat_as(character: str, seat: int, fill: list[str] = FILL) -> list[str]:
    """The filler table with ``character`` at ``seat``."""
    others = [c for c in [*fill, "willy_the_kid", "vulture_sam"] if c != character]
    table = others[:4]
    table.insert(seat, character)
    return table[:4]


def names(table: Scenario, slots: tuple[int, ...]) -> list[str]:
    return [table.game.card_name(table.game.known[s]) for s in slots]


def slot_named(table: Scenario, slots: tuple[int, ...], name: str) -> int:
    """The slot among ``slots`` holding a card called ``name``."""
    for slot in slots:
        if table.game.card_name(table.game.known[slot]) == name:
            return slot
    raise AssertionError(f"no {name} among {names(table, slots)}")


def bang_plays(table: Scenario, name: str = "bang") -> list[Play]:
    return [a for a in table.legal()
            if isinstance(a, Play) and table.game.card_name(a.card) == name]


# ---------------------------------------------------------------------- Bart Cassidy


def test_bart_cassidy_draws_a_card_for_each_life_lost() -> None:
    """Bart Cassidy: "each time he loses a life point, he immediately draws a card"."""
    table = Scenario(seat_as("bart_cassidy", 1), hands={0: ["bang"], 1: ["beer"]},
                     deck=["missed"])
    table.play(0, "bang", target=1)
    table.pass_(1)
    assert table.life(1) == 3 and table.hand(1) == ["beer", "missed"]


def test_bart_cassidy_draws_three_for_a_dynamite() -> None:
    """Three life points lost to the Dynamite: three cards."""
    table = Scenario(seat_as("bart_cassidy", 1), tables={1: ["dynamite"]}, phase=START,
                     turn=1, deck=["missed:4S", "beer", "gatling", "saloon", "duel", "panic"])
    assert table.life(1) == 1
    assert table.hand(1) == ["beer", "gatling", "saloon", "duel", "panic"]  # 3 + phase 1


def test_bart_cassidy_draws_nothing_when_eliminated() -> None:
    """An eliminated player has no more turns or cards: Bart draws only if he survives."""
    table = Scenario(seat_as("bart_cassidy", 1), hands={0: ["bang"]}, life={1: 1},
                     deck=["beer", "missed", "gatling"])
    table.play(0, "bang", target=1)
    assert not table.alive(1)
    assert table.hand(0) == ["beer", "missed", "gatling"]  # the reward: Bart was an Outlaw


def test_bart_cassidy_saved_by_beer_still_draws() -> None:
    """Saved by a Beer from his last life point, Bart lost a life point: he draws."""
    table = Scenario(seat_as("bart_cassidy", 1), hands={0: ["bang"], 1: ["beer"]},
                     life={1: 1}, deck=["missed"])
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.respond(1, "beer")
    assert table.life(1) == 1 and table.hand(1) == ["missed"]


# ---------------------------------------------------------------------- Black Jack


@pytest.mark.parametrize(("second", "extra"), [
    ("beer:6H", True), ("bang:2D", True), ("missed:2S", False), ("bang:2C", False)])
def test_black_jack_shows_his_second_card_and_draws_again_on_red(second: str,
                                                                 extra: bool) -> None:
    """Black Jack: shows the second card he draws; on Hearts or Diamonds he draws one more."""
    table = Scenario(seat_as("black_jack", 0), phase=START,
                     deck=["saloon", second, "gatling"])
    (shown,) = [e for e in table.events if e.kind == "show_draw"]
    assert table.game.card(shown.card).label == table.game.card(
        table.game.known[table.game.players[0].hand[1]]).label
    expected = ["saloon", second.partition(":")[0]] + (["gatling"] if extra else [])
    assert table.hand(0) == expected
    table.expect(0, PLAY)


# ---------------------------------------------------------------------- Calamity Janet


def test_calamity_janet_plays_missed_as_bang() -> None:
    """Calamity Janet: "she can use BANG! cards as Missed! and vice versa"."""
    table = Scenario(seat_as("calamity_janet", 0), hands={0: ["missed"], 1: ["beer"]})
    assert {a.target for a in bang_plays(table, "missed")} == {1, 3}  # the Colt's reach
    table.play(0, "missed", target=1)
    table.expect(1, RESPOND_SHOT)
    table.pass_(1)
    assert table.life(1) == 3


def test_calamity_janet_missed_as_bang_is_her_one_bang_of_the_turn() -> None:
    """"She can play only one BANG! per turn, unless she has a Volcanic in play":
    a Missed! played as a BANG! uses it up, in either order."""
    table = Scenario(seat_as("calamity_janet", 0), hands={0: ["missed", "bang"]})
    table.play(0, "missed", target=1)
    assert bang_plays(table, "bang") == []
    table = Scenario(seat_as("calamity_janet", 0), hands={0: ["missed", "bang"]})
    table.play(0, "bang", target=1)
    assert bang_plays(table, "missed") == []


def test_calamity_janet_with_volcanic_plays_any_number() -> None:
    """With a Volcanic the limit falls for her Missed! played as BANG! too."""
    table = Scenario(seat_as("calamity_janet", 0), hands={0: ["missed", "bang", "missed"]},
                     tables={0: ["volcanic"]})
    table.play(0, "missed", target=1)
    table.play(0, "bang", target=1)
    table.play(0, "missed", target=3)
    assert table.life(1) == 2 and table.life(3) == 3


def test_calamity_janet_answers_a_shot_with_bang() -> None:
    """Calamity Janet may cancel a shot with a BANG! card used as a Missed!."""
    table = Scenario(seat_as("calamity_janet", 1), hands={0: ["bang"], 1: ["bang"]})
    table.play(0, "bang", target=1)
    table.respond(1, "bang")
    assert table.life(1) == 4


def test_calamity_janet_answers_duel_and_indians_with_missed() -> None:
    """In a Duel or against Indians! she may discard a Missed! as if it were a BANG!."""
    table = Scenario(seat_as("calamity_janet", 1),
                     hands={0: ["duel", "indians"], 1: ["missed", "missed"]})
    table.play(0, "duel", target=1)
    table.expect(1, RESPOND_DUEL)
    table.respond(1, "missed")
    table.pass_(0)  # the Sheriff holds no BANG! to go on with
    assert table.life(0) == 4
    table.play(0, "indians")
    table.expect(1, RESPOND_INDIANS)
    table.respond(1, "missed")
    assert table.life(1) == 4


# ---------------------------------------------------------------------- El Gringo


def test_el_gringo_draws_from_the_hand_of_the_player_who_hit_him() -> None:
    """El Gringo: each life point lost to a card of another player: he draws a random card
    from that player's hand."""
    table = Scenario(seat_as("el_gringo", 1), hands={0: ["bang", "beer", "gatling"]},
                     randoms=[1])
    table.play(0, "bang", target=1)
    assert table.life(1) == 2
    assert table.hand(1) == ["gatling"] and table.hand(0) == ["beer"]


def test_el_gringo_draws_nothing_from_an_empty_hand() -> None:
    """"If the player has no more cards in hand, too bad, he does not draw"."""
    table = Scenario(seat_as("el_gringo", 1), hands={0: ["bang"]})
    table.play(0, "bang", target=1)
    assert table.life(1) == 2 and table.hand(1) == []


def test_el_gringo_draws_from_the_player_of_indians_and_duel() -> None:
    """Indians! and a Duel are cards of the player who played them: he is the source."""
    table = Scenario(seat_as("el_gringo", 1),
                     hands={0: ["indians", "beer", "duel", "saloon"]}, randoms=[0, 0])
    table.play(0, "indians")  # El Gringo holds no BANG!: no question, a life lost
    assert table.life(1) == 2
    assert table.hand(1) == ["beer"]  # seat 0's hand was beer, duel, saloon
    table.play(0, "duel", target=1)
    table.pass_(1)
    assert table.life(1) == 1
    assert table.hand(1) == ["beer", "saloon"]  # seat 0's hand was saloon


def test_el_gringo_duel_challenged_by_another() -> None:
    """A Duel lost against its challenger: El Gringo draws from the challenger."""
    table = Scenario(seat_as("el_gringo", 1), hands={0: ["duel", "beer"]}, randoms=[0])
    table.play(0, "duel", target=1)
    assert table.life(1) == 2 and table.hand(1) == ["beer"] and table.hand(0) == []


def test_el_gringo_losing_his_own_duel_draws_nothing() -> None:
    """El Gringo draws for a card "played by another player". In a Duel he started, the one
    card played is his own Duel: the BANG! cards of a Duel are discarded, not played
    (publisher's FAQ on Duel and the BANG! limit). The winner is still responsible."""
    table = Scenario(seat_as("el_gringo", 1), hands={1: ["duel"], 2: ["bang", "beer"]},
                     turn=1, life={1: 1}, deck=["saloon", "gatling", "panic"])
    table.play(1, "duel", target=2)
    table.respond(2, "bang")  # El Gringo holds nothing more: he loses the Duel
    assert not table.alive(1)
    assert table.hand(2)[:4] == ["beer", "saloon", "gatling", "panic"]  # the reward
    table = Scenario(seat_as("el_gringo", 1), hands={1: ["duel"], 2: ["bang", "beer"]},
                     turn=1)
    table.play(1, "duel", target=2)
    table.respond(2, "bang")
    assert table.life(1) == 2 and table.hand(1) == [] and table.hand(2) == ["beer"]


def test_el_gringo_draws_nothing_for_dynamite() -> None:
    """"Damage from the Dynamite is not caused by any player"."""
    table = Scenario(seat_as("el_gringo", 1), hands={0: ["beer"], 1: ["beer", "beer"]},
                     tables={1: ["dynamite"]}, phase=START, turn=1, deck=["missed:3S"])
    table.respond(1, "beer")  # 3 - 3 = 0 life: dying, saved by a Beer, still 1 life
    assert table.life(1) == 1
    assert table.hand(0) == ["beer"]
    assert not [e for e in table.events if e.kind == "steal"]


def test_el_gringo_saved_by_beer_still_draws() -> None:
    """A life point lost and regained with a Beer was still lost: he draws."""
    table = Scenario(seat_as("el_gringo", 1), hands={0: ["bang", "saloon"], 1: ["beer"]},
                     life={1: 1}, randoms=[0])
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.respond(1, "beer")
    assert table.life(1) == 1 and table.hand(1) == ["saloon"]


# ---------------------------------------------------------------------- Jesse Jones


def test_jesse_jones_draws_his_first_card_from_another_hand() -> None:
    """Jesse Jones: phase 1, the first card may come (at random) from another player's
    hand; the second comes from the deck."""
    table = Scenario(seat_as("jesse_jones", 1), hands={0: ["beer"], 2: ["missed", "gatling"]},
                     phase=START, turn=1, deck=["saloon", "duel"], randoms=[1])
    decision = table.expect(1, DRAW_SOURCE)
    assert decision.options == (DRAW_FROM_DECK, 0, 2)  # seat 3 holds no card
    table.choose(1, 2)
    assert table.hand(1) == ["gatling", "saloon"]
    assert table.hand(2) == ["missed"]
    table.expect(1, PLAY)


def test_jesse_jones_may_draw_both_from_the_deck() -> None:
    """Drawing from a hand is his choice."""
    table = Scenario(seat_as("jesse_jones", 1), hands={0: ["beer"]}, phase=START, turn=1,
                     deck=["saloon", "duel"])
    table.choose(1, DRAW_FROM_DECK)
    assert table.hand(1) == ["saloon", "duel"] and table.hand(0) == ["beer"]


def test_jesse_jones_draws_normally_when_no_one_holds_cards() -> None:
    """No other hand to draw from: a plain phase 1."""
    table = Scenario(seat_as("jesse_jones", 1), phase=START, turn=1, deck=["saloon", "duel"])
    table.expect(1, PLAY)
    assert table.hand(1) == ["saloon", "duel"]


# ---------------------------------------------------------------------- Jourdonnais


def test_jourdonnais_has_a_barrel_of_his_own() -> None:
    """Jourdonnais: "he is considered to have a Barrel in play at all times"."""
    table = Scenario(seat_as("jourdonnais", 1), hands={0: ["bang"]}, deck=["beer:8H"])
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    assert table.legal() == [UseBarrel(), Pass()]
    table.barrel(1)
    assert table.life(1) == 4


def test_jourdonnais_with_a_real_barrel_draws_twice() -> None:
    """"If he plays a Barrel too, he has two chances to dodge before playing a Missed!"."""
    table = Scenario(seat_as("jourdonnais", 1), hands={0: ["bang"], 1: ["missed"]},
                     tables={1: ["barrel"]}, deck=["bang:2C", "beer:8H"])
    table.play(0, "bang", target=1)
    table.barrel(1)
    table.expect(1, RESPOND_SHOT)
    assert UseBarrel() in table.legal()
    table.barrel(1)
    assert table.life(1) == 4 and table.hand(1) == ["missed"]


def test_jourdonnais_barrel_is_no_answer_to_indians() -> None:
    """The Barrel works against shots only: not against Indians! or a Duel."""
    table = Scenario(seat_as("jourdonnais", 1), hands={0: ["indians"], 1: ["beer"]})
    table.play(0, "indians")
    table.expect(1, RESPOND_INDIANS)
    assert table.legal() == [Pass()]


# ---------------------------------------------------------------------- Kit Carlson


def test_kit_carlson_keeps_two_of_three_and_puts_one_back_on_top() -> None:
    """Kit Carlson: looks at the top three cards, keeps two and puts the third back on top
    of the deck, face down."""
    table = Scenario(seat_as("kit_carlson", 0), hands={0: ["stagecoach"]}, phase=START,
                     deck=["beer", "missed", "gatling", "saloon"])
    decision = table.expect(0, PUT_BACK)
    assert sorted(names(table, decision.options)) == ["beer", "gatling", "missed"]
    table.choose(0, slot_named(table, decision.options, "missed"))
    assert table.hand(0) == ["stagecoach", "beer", "gatling"]
    table.play(0, "stagecoach")  # the next draw takes the card put back
    assert table.hand(0) == ["beer", "gatling", "missed", "saloon"]


def test_kit_carlson_card_put_back_stays_hidden_from_the_others() -> None:
    """The card put back is not shown: another seat's engine never learns it."""
    table = Scenario(seat_as("kit_carlson", 0), phase=START, viewer=2,
                     deck=["beer", "missed", "gatling"])
    decision = table.expect(0, PUT_BACK)
    assert not any(slot in table.game.known for slot in decision.options)
    table.choose(0, decision.options[0])
    assert table.game.deck[-1] == decision.options[0]
    assert decision.options[0] not in table.game.known


# ---------------------------------------------------------------------- Lucky Duke


def test_lucky_duke_flips_two_for_a_barrel_and_picks_one() -> None:
    """Lucky Duke: for each "draw!" he flips the top two cards and chooses one; both go to
    the discard pile."""
    table = Scenario(seat_as("lucky_duke", 1), hands={0: ["bang"]}, tables={1: ["barrel"]},
                     deck=["bang:2D", "beer:6H"])
    table.play(0, "bang", target=1)
    table.barrel(1)
    decision = table.expect(1, PICK_CHECK)
    assert sorted(names(table, decision.options)) == ["bang", "beer"]
    table.choose(1, slot_named(table, decision.options, "beer"))
    assert table.life(1) == 4
    assert sorted(table.discard_pile()) == ["bang", "bang", "beer"]


def test_lucky_duke_picks_the_safe_card_for_dynamite() -> None:
    """Two flips for the Dynamite: he keeps the card that does not explode."""
    table = Scenario(seat_as("lucky_duke", 1), tables={1: ["dynamite"]}, phase=START,
                     turn=1, deck=["missed:2S", "beer:9H", "saloon", "duel"])
    decision = table.expect(1, PICK_CHECK)
    table.choose(1, slot_named(table, decision.options, "beer"))
    assert table.life(1) == 4 and table.in_play(2) == ["dynamite"]
    assert table.hand(1) == ["saloon", "duel"]


def test_lucky_duke_flips_two_for_jail() -> None:
    """Jail's "draw!" too: a Heart among the two frees him."""
    table = Scenario(seat_as("lucky_duke", 1), tables={1: ["jail"]}, phase=START, turn=1,
                     deck=["bang:2C", "beer:10H", "saloon", "duel"])
    decision = table.expect(1, PICK_CHECK)
    table.choose(1, slot_named(table, decision.options, "beer"))
    table.expect(1, PLAY)
    assert table.hand(1) == ["saloon", "duel"]


def test_lucky_duke_draws_normally_in_phase_one() -> None:
    """"It does not apply in phase 1 of his turn": two plain cards."""
    table = Scenario(seat_as("lucky_duke", 1), phase=START, turn=1, deck=["saloon", "duel"])
    table.expect(1, PLAY)
    assert table.hand(1) == ["saloon", "duel"]


# ---------------------------------------------------------------------- Paul Regret, Rose Doolan


def test_paul_regret_is_seen_one_farther() -> None:
    """Paul Regret: a Mustang at all times; with a real one, +2."""
    table = Scenario(seat_as("paul_regret", 1), hands={0: ["bang"]})
    assert table.game.distance(0, 1) == 2 and table.game.distance(1, 0) == 1
    assert {a.target for a in bang_plays(table)} == {3}
    table = Scenario(seat_as("paul_regret", 1), tables={1: ["mustang"]})
    assert table.game.distance(0, 1) == 3


def test_rose_doolan_sees_one_closer() -> None:
    """Rose Doolan: a Scope at all times; with a real one, -2 (never below 1)."""
    seven = ["rose_doolan", "black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez",
             "vulture_sam", "willy_the_kid"]
    table = Scenario(seven, hands={0: ["bang"]})
    assert [table.game.distance(0, s) for s in range(1, 7)] == [1, 1, 2, 2, 1, 1]
    assert table.game.distance(3, 0) == 3
    table = Scenario(seven, tables={0: ["scope"]})
    assert [table.game.distance(0, s) for s in range(1, 7)] == [1, 1, 1, 1, 1, 1]


# ---------------------------------------------------------------------- Pedro Ramirez


def test_pedro_ramirez_takes_the_top_discard_then_one_from_the_deck() -> None:
    """Pedro Ramirez: the first card may come from the top of the discard pile."""
    table = Scenario(seat_as("pedro_ramirez", 1), phase=START, turn=1,
                     discard=["missed", "beer"], deck=["saloon", "duel"])
    decision = table.expect(1, DRAW_SOURCE)
    assert decision.options == (DRAW_FROM_DECK, DRAW_FROM_DISCARD)
    table.choose(1, DRAW_FROM_DISCARD)
    assert table.hand(1) == ["beer", "saloon"]
    assert table.discard_pile() == ["missed"]


def test_pedro_ramirez_has_no_choice_with_an_empty_discard_pile() -> None:
    """Nothing to take from an empty discard pile: a plain phase 1."""
    table = Scenario(seat_as("pedro_ramirez", 1), phase=START, turn=1,
                     deck=["saloon", "duel"])
    table.expect(1, PLAY)
    assert table.hand(1) == ["saloon", "duel"]


# ---------------------------------------------------------------------- Sid Ketchum


def test_sid_ketchum_discards_two_cards_to_regain_a_life() -> None:
    """Sid Ketchum: "at any time he may discard 2 cards to regain one life point", more than
    once a turn, never above his starting life."""
    table = Scenario(seat_as("sid_ketchum", 0), hands={0: ["bang", "beer", "duel", "panic"]},
                     life={0: 3})
    table.ability(0, "bang", "duel")
    assert table.life(0) == 4 and table.hand(0) == ["beer", "panic"]
    table.ability(0, "beer", "panic")
    assert table.life(0) == 5
    assert sorted(table.discard_pile()) == ["bang", "beer", "duel", "panic"]


def test_sid_ketchum_cannot_heal_above_his_starting_life() -> None:
    """At full life the ability is not offered."""
    table = Scenario(seat_as("sid_ketchum", 0), hands={0: ["bang", "beer"]})
    assert not [a for a in table.legal() if isinstance(a, Ability)]


def test_sid_ketchum_saves_himself_when_dying() -> None:
    """Out of turn, at his last life point, two cards discarded save him like a Beer."""
    table = Scenario(seat_as("sid_ketchum", 1), hands={0: ["bang"], 1: ["duel", "panic"]},
                     life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.expect(1, DYING)
    table.ability(1, "duel", "panic")
    assert table.alive(1) and table.life(1) == 1


def test_sid_ketchum_ability_works_with_two_players_left() -> None:
    """Only Beer stops working with two players left: Sid's ability still heals."""
    table = Scenario(seat_as("sid_ketchum", 1), hands={0: ["bang"], 1: ["beer", "panic"]},
                     life={1: 1}, dead=[2, 3])
    table.play(0, "bang", target=1)
    table.pass_(1)
    decision = table.expect(1, DYING)
    assert all(not isinstance(a, Play) for a in table.legal())  # no Beer
    assert decision.needed == 1
    table.ability(1, "beer", "panic")
    assert table.life(1) == 1


def test_sid_ketchum_uses_his_ability_at_the_hand_limit() -> None:
    """At the end of his turn he may turn excess cards into life instead of discarding."""
    table = Scenario(seat_as("sid_ketchum", 1), turn=1, life={1: 2},
                     hands={1: ["bang", "beer", "duel", "panic"]})
    table.pass_(1)
    table.ability(1, "bang", "duel")
    assert table.life(1) == 3 and table.hand(1) == ["beer", "panic"]
    table.expect(2)  # his turn is over


# ---------------------------------------------------------------------- Slab the Killer


def test_slab_the_killer_needs_two_missed() -> None:
    """Slab the Killer: "players trying to cancel his BANG! cards need to play 2 Missed!"."""
    table = Scenario(seat_as("slab_the_killer", 0), hands={0: ["bang"], 1: ["missed", "missed"]})
    table.play(0, "bang", target=1)
    assert table.expect(1, RESPOND_SHOT).needed == 2
    table.respond(1, "missed")
    assert table.expect(1, RESPOND_SHOT).needed == 1
    table.respond(1, "missed")
    assert table.life(1) == 4


def test_slab_the_killer_successful_barrel_counts_as_one_missed() -> None:
    """"The Barrel effect, if successfully used, only counts as one Missed!"."""
    table = Scenario(seat_as("slab_the_killer", 0), hands={0: ["bang"], 1: ["missed"]},
                     tables={1: ["barrel"]}, deck=["beer:6H"])
    table.play(0, "bang", target=1)
    table.barrel(1)
    assert table.expect(1, RESPOND_SHOT).needed == 1
    assert UseBarrel() not in table.legal()  # one Barrel, one "draw!"
    table.respond(1, "missed")
    assert table.life(1) == 4


def test_slab_the_killer_barrel_alone_is_not_enough() -> None:
    """A successful Barrel and nothing else: the shot still hits."""
    table = Scenario(seat_as("slab_the_killer", 0), hands={0: ["bang"]},
                     tables={1: ["barrel"]}, deck=["beer:6H"])
    table.play(0, "bang", target=1)
    table.barrel(1)
    assert table.life(1) == 3


def test_slab_the_killer_gatling_needs_one_missed() -> None:
    """His ability is for BANG! cards: a Gatling shot is cancelled by one Missed!."""
    table = Scenario(seat_as("slab_the_killer", 0),
                     hands={0: ["gatling"], 1: ["missed"], 2: ["beer"], 3: ["beer"]})
    table.play(0, "gatling")
    assert table.expect(1, RESPOND_SHOT).needed == 1
    table.respond(1, "missed")
    assert table.life(1) == 4


# ---------------------------------------------------------------------- Suzy Lafayette


def test_suzy_lafayette_draws_when_she_plays_her_last_card() -> None:
    """Suzy Lafayette: "as soon as she has no cards in hand, she draws a card"."""
    table = Scenario(seat_as("suzy_lafayette", 0), hands={0: ["barrel"]}, deck=["beer"])
    table.play(0, "barrel")
    assert table.hand(0) == ["beer"]


def test_suzy_lafayette_draws_out_of_turn_too() -> None:
    """Her last card played as a Missed! in another player's turn: she draws at once."""
    table = Scenario(seat_as("suzy_lafayette", 1), hands={0: ["bang"], 1: ["missed"]},
                     deck=["beer"])
    table.play(0, "bang", target=1)
    table.respond(1, "missed")
    assert table.hand(1) == ["beer"]


def test_suzy_lafayette_draws_when_her_last_card_is_taken() -> None:
    """A Panic! taking her last card empties her hand: she draws."""
    table = Scenario(seat_as("suzy_lafayette", 1), hands={0: ["panic"], 1: ["missed"]},
                     deck=["beer"], randoms=[0])
    table.play(0, "panic", target=1, from_hand=True)
    assert table.hand(0) == ["missed"] and table.hand(1) == ["beer"]


def test_suzy_lafayette_keeps_dueling_with_the_card_she_draws() -> None:
    """In a Duel her last BANG! brings a new card at once, which may be a BANG! again."""
    table = Scenario(seat_as("suzy_lafayette", 1), hands={0: ["duel", "bang"], 1: ["bang"]},
                     deck=["bang:2C"])
    table.play(0, "duel", target=1)
    table.respond(1, "bang")
    assert table.hand(1) == ["bang"]
    table.respond(0, "bang")
    table.respond(1, "bang")
    assert table.life(0) == 4


# ---------------------------------------------------------------------- Vulture Sam


def test_vulture_sam_takes_the_hand_and_the_cards_in_play_of_the_eliminated() -> None:
    """Vulture Sam: "whenever a character is eliminated, he takes all the cards that player
    had in hand and in play into his hand"."""
    table = Scenario(seat_as("vulture_sam", 3), hands={0: ["bang"], 1: ["gatling", "saloon"]},
                     tables={1: ["barrel"]}, life={1: 1},
                     deck=["bang:2C", "beer", "missed", "duel"])
    table.play(0, "bang", target=1)
    table.barrel(1)  # 2C: no Heart
    table.pass_(1)
    table.pass_(1)  # dying: no Beer
    assert not table.alive(1)
    assert sorted(table.hand(3)) == ["barrel", "gatling", "saloon"]
    assert table.hand(0) == ["beer", "missed", "duel"]  # the reward for an Outlaw
    assert table.discard_pile() == ["bang", "bang"]


def test_vulture_sam_eliminated_himself_discards_as_anyone() -> None:
    """Vulture Sam takes the cards of *another* eliminated player only."""
    table = Scenario(seat_as("vulture_sam", 3), hands={0: ["bang"], 3: ["saloon"]},
                     life={3: 1})
    table.play(0, "bang", target=3)
    table.pass_(3)
    table.pass_(3)
    assert not table.alive(3)
    assert table.discard_pile() == ["bang", "saloon"]


# ---------------------------------------------------------------------- Willy the Kid


def test_willy_the_kid_plays_any_number_of_bang_cards() -> None:
    """Willy the Kid: "he can play any number of BANG! cards during his turn"."""
    table = Scenario(seat_as("willy_the_kid", 0), hands={0: ["bang", "bang", "bang"]})
    table.play(0, "bang", target=1)
    table.play(0, "bang", target=3)
    assert {a.target for a in bang_plays(table)} == {1, 3}
    table.play(0, "bang", target=1)
    assert table.life(1) == 2 and table.life(3) == 3


def test_willy_the_kid_is_still_limited_by_reach() -> None:
    """His BANG! cards still need the target within reach."""
    table = Scenario(seat_as("willy_the_kid", 0), hands={0: ["bang"]})
    assert {a.target for a in bang_plays(table)} == {1, 3}


# Issue 10 point 14: "at any time" includes every answer he is asked for.


def test_sid_ketchum_heals_while_answering_a_shot_then_is_asked_again() -> None:
    table = Scenario(seat_as("sid_ketchum", 1),
                     hands={0: ["bang"], 1: ["duel", "panic", "missed"]}, life={1: 2})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    table.ability(1, "duel", "panic")
    assert table.life(1) == 3
    table.expect(1, RESPOND_SHOT)
    table.respond(1, "missed")
    assert table.life(1) == 3 and table.hand(1) == []


def test_sid_ketchum_heals_while_answering_indians() -> None:
    table = Scenario(seat_as("sid_ketchum", 1), hands={0: ["indians"], 1: ["duel", "panic"]},
                     life={1: 2})
    table.play(0, "indians")
    table.expect(1, RESPOND_INDIANS)
    events = table.ability(1, "duel", "panic")
    # Healed to 3, then with no card left he is not asked again: the Indians hit him.
    said = [(e.kind, e.life) for e in events
            if e.kind in ("heal", "damage") and e.seat == 1]
    assert said == [("heal", 3), ("damage", 2)]
    assert table.life(1) == 2


def test_sid_ketchum_heals_during_a_duel_then_answers() -> None:
    table = Scenario(seat_as("sid_ketchum", 1),
                     hands={0: ["duel"], 1: ["beer", "panic", "bang"]}, life={1: 2})
    table.play(0, "duel", target=1)
    table.expect(1, RESPOND_DUEL)
    table.ability(1, "beer", "panic")
    assert table.life(1) == 3
    table.expect(1, RESPOND_DUEL)
    table.respond(1, "bang")
    assert table.life(0) == 4  # the Sheriff (5 lives) has no BANG!: he loses one


def test_sid_ketchum_ability_not_offered_in_an_answer_at_full_life() -> None:
    table = Scenario(seat_as("sid_ketchum", 1), hands={0: ["bang"], 1: ["duel", "panic"]})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    assert not [a for a in table.legal() if isinstance(a, Ability)]


# Issue 22 point 15: "at any time" (base FAQ: like a Beer, out of his turn too) also means
# right after a hit on another player's turn, not only when he is dying or answering.


def test_sid_ketchum_heals_right_after_a_hit_on_another_players_turn() -> None:
    """Given Sid Ketchum at full life with two cards and no Missed!, when a BANG! hits him
    on the Sheriff's turn, then he may discard two cards to regain the life at once."""
    table = Scenario(seat_as("sid_ketchum", 1), hands={0: ["bang"], 1: ["duel", "panic"]})
    table.play(0, "bang", target=1)
    table.pass_(1)  # at full life nothing to heal: he takes the hit
    assert table.life(1) == 3
    window = table.expect(1, ANY_TIME)
    assert window.source == 0
    assert Pass() in table.legal()
    assert len([a for a in table.legal() if isinstance(a, Ability)]) == 1
    table.ability(1, "duel", "panic")
    assert table.life(1) == 4
    table.expect(0, PLAY)  # back to the Sheriff's turn


def test_sid_ketchum_may_let_the_moment_after_a_hit_pass() -> None:
    table = Scenario(seat_as("sid_ketchum", 1), hands={0: ["bang"], 1: ["duel", "panic"]})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.pass_(1)
    assert table.life(1) == 3 and table.hand(1) == ["duel", "panic"]
    table.expect(0, PLAY)


def test_no_moment_after_a_hit_without_two_cards() -> None:
    table = Scenario(seat_as("sid_ketchum", 1), hands={0: ["bang"], 1: ["duel"]})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.expect(0, PLAY)


def test_the_moment_after_a_hit_refuses_cards_he_does_not_hold() -> None:
    table = Scenario(seat_as("sid_ketchum", 1), hands={0: ["bang", "beer"],
                                                       1: ["duel", "panic"]})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.expect(1, ANY_TIME)
    theirs = table.slot_of(0, "beer")
    mine = table.slot_of(1, "duel")
    pair = sorted([theirs, mine])
    assert "hand" in table.reject(Ability(tuple(s for s, _ in pair), tuple(c for _, c in pair)))
    assert "not legal" in table.reject(Choose(0))
