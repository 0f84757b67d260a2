"""Brown cards of the base game: each one's effect and the limits on playing it.

Rules authority: the base rulebooks in shared/seeds (001 Hungarian, 002 Romanian) and
shared/reference/cards.md. Seats sit 0-1-2-3 around a 4-player table (seat 0 the Sheriff), so
0 sees 1 and 3 at distance 1 and 2 at distance 2. The characters below act only in phase 1, so
they do not interfere with the play phase.
"""

from __future__ import annotations

from p2pbang.engine.actions import (
    DYING,
    FROM_HAND,
    PLAY,
    RESPOND_DUEL,
    RESPOND_INDIANS,
    RESPOND_SHOT,
    STORE_PICK,
    Pass,
    Play,
)
from p2pbang.engine.bang.scenario import Scenario

NEUTRAL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]


def plays_of(table: Scenario, name: str) -> list[Play]:
    """The legal plays of the pending seat that use a card called ``name``."""
    return [a for a in table.legal()
            if isinstance(a, Play) and table.game.card_name(a.card) == name]


# ---------------------------------------------------------------------- BANG!


def test_bang_takes_one_life_when_not_answered() -> None:
    """BANG!: "if you do not cancel the shot, you lose 1 life point"."""
    table = Scenario(NEUTRAL, hands={0: ["bang"], 1: ["beer"]})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    table.pass_(1)
    assert table.life(1) == 3
    assert table.discard_pile() == ["bang"]
    table.expect(0, PLAY)


def test_bang_reaches_only_within_the_colt_45_reach_of_one() -> None:
    """BANG!: the target must be within the weapon's reach; the Colt .45 reaches distance 1."""
    table = Scenario(NEUTRAL, hands={0: ["bang"]})
    assert {a.target for a in plays_of(table, "bang")} == {1, 3}


def test_only_one_bang_card_per_turn() -> None:
    """"Only one BANG! card may be played per turn"."""
    table = Scenario(NEUTRAL, hands={0: ["bang", "bang"]})
    table.play(0, "bang", target=1)  # seat 1 holds nothing to answer with: hit at once
    assert table.life(1) == 3
    assert plays_of(table, "bang") == []


def test_bang_limit_carries_over_within_the_turn() -> None:
    """The one-BANG! limit counts cards already played this turn (here: one before)."""
    table = Scenario(NEUTRAL, hands={0: ["bang"]}, bangs_played=1)
    assert plays_of(table, "bang") == []


def test_bang_cannot_target_yourself_or_the_dead() -> None:
    """BANG! shoots another living player; the dead are out of the game."""
    table = Scenario(NEUTRAL, hands={0: ["bang"]}, dead=[1],
                     tables={0: ["winchester"]})
    assert {a.target for a in plays_of(table, "bang")} == {2, 3}


# ---------------------------------------------------------------------- Missed!


def test_missed_cancels_the_shot_and_both_cards_are_discarded() -> None:
    """Missed!: cancels a shot at you; "the BANG! card is discarded even if cancelled"."""
    table = Scenario(NEUTRAL, hands={0: ["bang"], 1: ["missed"]})
    table.play(0, "bang", target=1)
    table.respond(1, "missed")
    assert table.life(1) == 4
    assert table.discard_pile() == ["bang", "missed"]


def test_missed_is_not_playable_in_your_own_turn() -> None:
    """Only the player in turn plays cards, "except Missed! and Beer" out of turn:
    Missed! answers a shot, it is never played on its own."""
    table = Scenario(NEUTRAL, hands={0: ["missed", "bang"]})
    assert plays_of(table, "missed") == []


def test_missed_is_no_answer_to_indians_or_duel() -> None:
    """Indians! and Duel: "neither Missed! nor Barrel can be used"."""
    table = Scenario(NEUTRAL, hands={0: ["indians", "duel"], 1: ["missed"]})
    table.play(0, "indians")
    table.expect(1, RESPOND_INDIANS)
    assert table.legal() == [Pass()]


# ---------------------------------------------------------------------- Beer


def test_beer_regains_one_life_in_your_turn() -> None:
    """Beer: regain one life point."""
    table = Scenario(NEUTRAL, hands={0: ["beer"]}, life={0: 3})
    table.play(0, "beer")
    assert table.life(0) == 4
    assert table.discard_pile() == ["beer"]


def test_beer_never_raises_life_above_the_starting_value() -> None:
    """Beer: "you cannot regain more life points than your starting amount"."""
    table = Scenario(NEUTRAL, hands={0: ["beer"]})
    assert table.is_legal(0, "beer")
    table.play(0, "beer")
    assert table.life(0) == 5  # the Sheriff's 4 + 1


def test_beer_is_not_playable_against_a_non_lethal_hit() -> None:
    """Beer out of turn "only when you lose your last life point, not on a simple hit"."""
    table = Scenario(NEUTRAL, hands={0: ["bang"], 1: ["beer"]})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    assert table.legal() == [Pass()]


def test_beer_saves_from_a_lethal_hit_out_of_turn() -> None:
    """Beer out of turn: when you lose your last life point you may play it at once."""
    table = Scenario(NEUTRAL, hands={0: ["bang"], 1: ["beer"]}, life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.expect(1, DYING)
    table.respond(1, "beer")
    assert table.alive(1) and table.life(1) == 1
    table.expect(0, PLAY)


def test_beer_is_useless_with_two_players_left() -> None:
    """"Beer has no effect when only 2 players are left": no life in your turn..."""
    table = Scenario(NEUTRAL, hands={0: ["beer"]}, life={0: 2}, dead=[1, 2])
    assert table.is_legal(0, "beer")
    table.play(0, "beer")
    assert table.life(0) == 2
    assert "no_effect" in table.event_kinds()


def test_beer_cannot_save_a_dying_player_with_two_players_left() -> None:
    """... and no rescue from a lethal hit: the Renegade dies holding his Beer."""
    table = Scenario(NEUTRAL, hands={0: ["bang"], 3: ["beer"]}, life={3: 1}, dead=[1, 2])
    table.play(0, "bang", target=3)
    table.pass_(3)
    assert not table.alive(3)
    assert table.end is not None and table.end.team == "sheriff"


# ---------------------------------------------------------------------- Panic!


def test_panic_takes_a_random_card_from_the_hand_of_a_player_at_distance_one() -> None:
    """Panic!: draw a card (at random from the hand) from a player at distance 1."""
    table = Scenario(NEUTRAL, hands={0: ["panic"], 1: ["beer", "missed", "bang"]},
                     randoms=[1])
    table.play(0, "panic", target=1, from_hand=True)
    assert table.hand(0) == ["missed"]
    assert table.hand(1) == ["beer", "bang"]
    assert table.discard_pile() == ["panic"]


def test_panic_takes_a_chosen_card_in_play() -> None:
    """Panic!: "or you can choose one in play in front of him"; it goes to your hand."""
    table = Scenario(NEUTRAL, hands={0: ["panic"]}, tables={1: ["barrel", "schofield"]})
    table.play(0, "panic", target=1, steal="schofield")
    assert table.hand(0) == ["schofield"]
    assert table.in_play(1) == ["barrel"]


def test_panic_reaches_distance_one_only() -> None:
    """Panic!: only a player at distance 1 (seat 2 sits at distance 2)."""
    table = Scenario(NEUTRAL, hands={0: ["panic"], 2: ["beer"]}, tables={2: ["barrel"]})
    assert {a.target for a in plays_of(table, "panic")} == set()
    table = Scenario(NEUTRAL, hands={0: ["panic"], 1: ["beer"], 2: ["beer"]})
    assert {a.target for a in plays_of(table, "panic")} == {1}


def test_panic_needs_a_card_to_take() -> None:
    """Panic! on a player with no cards in hand or in play has nothing to take."""
    table = Scenario(NEUTRAL, hands={0: ["panic"], 3: ["beer"]})
    assert {(a.target, a.target_slot) for a in plays_of(table, "panic")} == {(3, FROM_HAND)}


# ---------------------------------------------------------------------- Cat Balou


def test_cat_balou_discards_a_random_hand_card_at_any_distance() -> None:
    """Cat Balou: force any one player, regardless of distance, to discard a card."""
    table = Scenario(NEUTRAL, hands={0: ["cat_balou"], 2: ["beer", "missed"]}, randoms=[0])
    table.play(0, "cat_balou", target=2, from_hand=True)
    assert table.hand(2) == ["missed"]
    assert table.discard_pile() == ["cat_balou", "beer"]


def test_cat_balou_discards_a_chosen_card_in_play() -> None:
    """Cat Balou: "or choose and discard one card in play in front of him"."""
    table = Scenario(NEUTRAL, hands={0: ["cat_balou"]}, tables={2: ["mustang", "volcanic"]})
    table.play(0, "cat_balou", target=2, steal="volcanic")
    assert table.in_play(2) == ["mustang"]
    assert table.discard_pile() == ["cat_balou", "volcanic"]


def test_cat_balou_targets_every_other_player_holding_cards() -> None:
    """Cat Balou ignores distance, but needs a card to discard."""
    table = Scenario(NEUTRAL, hands={0: ["cat_balou"], 1: ["beer"], 2: ["beer"]})
    assert {a.target for a in plays_of(table, "cat_balou")} == {1, 2}


# ---------------------------------------------------------------------- Stagecoach, Wells Fargo


def test_stagecoach_draws_two_cards() -> None:
    """Stagecoach: draw two cards from the top of the deck."""
    table = Scenario(NEUTRAL, hands={0: ["stagecoach"]}, deck=["beer", "missed", "gatling"])
    table.play(0, "stagecoach")
    assert table.hand(0) == ["beer", "missed"]


def test_wells_fargo_draws_three_cards() -> None:
    """Wells Fargo: draw three cards from the top of the deck."""
    table = Scenario(NEUTRAL, hands={0: ["wells_fargo"]}, deck=["beer", "missed", "gatling"])
    table.play(0, "wells_fargo")
    assert table.hand(0) == ["beer", "missed", "gatling"]


# ---------------------------------------------------------------------- General Store


def test_general_store_reveals_one_card_per_living_player_picked_in_turn_order() -> None:
    """General Store: reveal as many cards as players still in play; starting with you and
    going clockwise, each takes one."""
    table = Scenario(NEUTRAL, hands={1: ["general_store"]}, turn=1, dead=[3],
                     deck=["beer", "missed", "gatling", "saloon"])
    table.play(1, "general_store")
    offer = table.expect(1, STORE_PICK)
    names = [table.game.card_name(table.game.known[s]) for s in offer.options]
    assert sorted(names) == ["beer", "gatling", "missed"]  # three living players
    beer = offer.options[names.index("beer")]
    table.choose(1, beer)
    offer = table.expect(2, STORE_PICK)
    assert beer not in offer.options
    missed = next(s for s in offer.options
                  if table.game.card_name(table.game.known[s]) == "missed")
    table.choose(2, missed)
    # Seat 3 is dead: the last card goes to seat 0 without a choice.
    table.expect(1, PLAY)
    assert table.hand(1) == ["beer"] and table.hand(2) == ["missed"]
    assert table.hand(0) == ["gatling"]
    assert table.deck_size() == 80 - 1 - 3


def test_general_store_card_names_are_public() -> None:
    """General Store cards are revealed face up: every seat's engine sees them."""
    table = Scenario(NEUTRAL, hands={0: ["general_store"]}, viewer=2,
                     deck=["beer", "missed", "gatling", "saloon"])
    (slot,) = table.game.players[0].hand
    assert slot not in table.game.known  # seat 2 cannot see seat 0's hand...
    table.act(Play(slot, table.game.initial_cards[slot]))
    offer = table.expect(0, STORE_PICK)
    names = sorted(table.game.card_name(table.game.known[s]) for s in offer.options)
    assert names == ["beer", "gatling", "missed", "saloon"]  # ... but sees the store


# ---------------------------------------------------------------------- Gatling


def test_gatling_shoots_every_other_player_regardless_of_distance() -> None:
    """Gatling: a BANG! to all the other players, regardless of distance."""
    table = Scenario(NEUTRAL, hands={0: ["gatling"], 1: ["beer"], 2: ["missed"], 3: ["beer"]})
    table.play(0, "gatling")
    table.pass_(1)
    table.respond(2, "missed")
    table.pass_(3)
    assert [table.life(s) for s in range(4)] == [5, 3, 4, 3]
    table.expect(0, PLAY)


def test_gatling_skips_the_dead() -> None:
    """Gatling hits the other players still in the game."""
    table = Scenario(NEUTRAL, hands={0: ["gatling"], 1: ["beer"], 3: ["beer"]}, dead=[2])
    table.play(0, "gatling")
    table.pass_(1)
    table.pass_(3)
    table.expect(0, PLAY)
    assert [table.life(s) for s in (1, 3)] == [3, 3]


def test_gatling_shots_asked_in_turn_order() -> None:
    """Every Gatling target answers in turn, clockwise from the shooter."""
    table = Scenario(NEUTRAL, hands={2: ["gatling"], 0: ["beer"], 1: ["beer"], 3: ["beer"]},
                     turn=2)
    table.play(2, "gatling")
    order = []
    while table.game.pending.kind == RESPOND_SHOT:
        order.append(table.game.pending.seat)
        table.pass_(table.game.pending.seat)
    assert order == [3, 0, 1]


# ---------------------------------------------------------------------- Duel


def test_duel_target_discards_first_and_the_first_to_fail_loses_a_life() -> None:
    """Duel: the challenged discards a BANG!, then you, and so on; the first player failing
    to discard a BANG! loses one life point."""
    table = Scenario(NEUTRAL, hands={0: ["duel", "bang"], 2: ["bang", "bang"]})
    table.play(0, "duel", target=2)
    table.expect(2, RESPOND_DUEL)
    table.respond(2, "bang")
    table.expect(0, RESPOND_DUEL)
    table.respond(0, "bang")
    table.respond(2, "bang")
    # The challenger has no card left to answer with: he loses the Duel at once.
    table.expect(0, PLAY)
    assert table.life(0) == 4 and table.life(2) == 4
    assert table.discard_pile() == ["duel", "bang", "bang", "bang"]


def test_duel_ignores_distance() -> None:
    """Duel: challenge any player, regardless of distance."""
    table = Scenario(NEUTRAL, hands={0: ["duel"]})
    assert {a.target for a in plays_of(table, "duel")} == {1, 2, 3}


def test_duel_against_an_empty_hand_hits_at_once() -> None:
    """A challenged player with no cards cannot discard a BANG!: he loses the Duel."""
    table = Scenario(NEUTRAL, hands={0: ["duel"]})
    table.play(0, "duel", target=2)
    assert table.life(2) == 3
    table.expect(0, PLAY)


def test_duel_answer_is_optional() -> None:
    """Discarding a BANG! in a Duel is a choice: a player may take the hit instead."""
    table = Scenario(NEUTRAL, hands={0: ["duel"], 2: ["bang"]})
    table.play(0, "duel", target=2)
    table.pass_(2)
    assert table.life(2) == 3 and table.hand(2) == ["bang"]


# ---------------------------------------------------------------------- Indians!


def test_indians_each_other_player_discards_a_bang_or_loses_a_life() -> None:
    """Indians!: each player but you discards a BANG! card or loses one life point."""
    table = Scenario(NEUTRAL, hands={0: ["indians"], 1: ["bang"], 3: ["beer"]})
    table.play(0, "indians")
    table.respond(1, "bang")
    # Seat 2 holds no card: he loses a life without a question. Seat 3 has no BANG!.
    table.expect(3, RESPOND_INDIANS)
    table.pass_(3)
    assert [table.life(s) for s in range(4)] == [5, 4, 3, 3]
    assert table.discard_pile() == ["indians", "bang"]


# ---------------------------------------------------------------------- Saloon


def test_saloon_heals_every_living_player_one_life_up_to_the_maximum() -> None:
    """Saloon: all players regain one life point (never above their starting life)."""
    table = Scenario(NEUTRAL, hands={0: ["saloon"]}, life={0: 3, 1: 4, 2: 1}, dead=[3])
    table.play(0, "saloon")
    assert [table.life(s) for s in range(3)] == [4, 4, 2]
    assert not table.alive(3)


def test_saloon_cannot_be_played_when_dying() -> None:
    """"You cannot play Saloon out of turn when losing your last life point"."""
    table = Scenario(NEUTRAL, hands={0: ["bang"], 1: ["saloon"]}, life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    # Saloon is no answer: the dying player is offered only to give up.
    table.expect(1, DYING)
    assert table.legal() == [Pass()]
