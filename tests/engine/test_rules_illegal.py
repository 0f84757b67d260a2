"""Illegal inputs are refused with ``IllegalAction`` and a reason, and change nothing.

Every test compares the whole game state before and after the refused input
(``Scenario.reject`` / ``game_state``), then checks that a legal input still works: a refusal
must neither corrupt the state nor wedge the game. Reasons name the seat whose decision it
is, so the table layer can attribute the bad input to that seat's peer.
"""

from __future__ import annotations

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import (
    FROM_HAND,
    NO_SEAT,
    PUT_BACK,
    RESPOND_DUEL,
    RESPOND_SHOT,
    STORE_PICK,
    Ability,
    Choose,
    Decision,
    Discard,
    IllegalAction,
    Pass,
    Play,
    UseBarrel,
)
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.scenario import Scenario, game_state
from p2pbang.engine.chance import ChanceResult, Deal, RandomInt, Reveal, Shuffle

FILL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]


# ---------------------------------------------------------------------- the card claimed


def test_playing_a_card_from_another_hand_is_refused() -> None:
    """Only the deciding seat's own hand cards can be played."""
    table = Scenario(FILL, hands={0: ["beer"], 1: ["bang"]})
    slot, card = table.slot_of(1, "bang")
    assert table.reject(Play(slot, card, 1)) == f"slot {slot} is not in seat 0's hand"


def test_claiming_a_different_card_for_a_slot_is_refused() -> None:
    """The card revealed must be the one in the slot."""
    table = Scenario(FILL, hands={0: ["beer", "bang"]})
    beer_slot, _ = table.slot_of(0, "beer")
    _, bang = table.slot_of(0, "bang")
    assert "does not hold card" in table.reject(Play(beer_slot, bang, 1))


def test_a_card_known_to_be_elsewhere_cannot_be_claimed_for_a_hidden_slot() -> None:
    """Seen from seat 2: seat 0 cannot claim a card seat 2 holds, or one lying face up."""
    table = Scenario(FILL, hands={0: ["beer"], 2: ["bang"]}, discard=["gatling"], viewer=2)
    (slot,) = table.game.players[0].hand
    _, bang = table.slot_of(2, "bang")
    assert "known to be elsewhere" in table.reject(Play(slot, bang, 1))
    gatling = table.game.known[table.game.discard[0]]
    assert "known to be elsewhere" in table.reject(Play(slot, gatling))
    table.act(Play(slot, table.game.initial_cards[slot]))  # the real card: the Beer
    assert table.life(0) == 5


@pytest.mark.parametrize("card", [-1, 80, 10**9])
def test_no_such_card(card: int) -> None:
    """A card id outside the catalog."""
    table = Scenario(FILL, hands={0: ["beer"]})
    slot, _ = table.slot_of(0, "beer")
    assert table.reject(Play(slot, card)) == f"no such card: {card}"


@pytest.mark.parametrize("action", [
    Play(True, 0), Play(0, 0, True), Play(0, 0, 1, 1.0), Play("0", 0), Play(0, None),
    Discard([0], 0), Choose(True), Choose(None), Ability((0, 1), [0, 1]),
    Ability((0, True), (0, 1)), Ability([0, 1], (0, 1)),
])
def test_malformed_fields_are_refused(action: object) -> None:
    """Fields must be plain integers: ``True`` must not pass for seat or slot 1."""
    table = Scenario(FILL, hands={0: ["bang", "beer"]})
    assert "integer" in table.reject(action) or "tuples" in table.reject(action)


@pytest.mark.parametrize("thing", [None, "pass", 3, ("play", 0), Decision(0, "play")])
def test_things_that_are_not_actions_are_refused(thing: object) -> None:
    """Anything that is not an action answers no decision."""
    table = Scenario(FILL, hands={0: ["bang"]})
    assert "not an action" in table.reject(thing)


# ---------------------------------------------------------------------- play-phase limits


def test_bang_out_of_reach_at_self_or_the_dead_is_refused() -> None:
    """BANG! needs a living other player within reach."""
    table = Scenario([*FILL, "willy_the_kid"], hands={0: ["bang"]}, dead=[4])
    slot, card = table.slot_of(0, "bang")
    for target in (2, 0, 4, NO_SEAT, 7):
        assert table.reject(Play(slot, card, target)).endswith("is not legal now (play, seat 0)")
    table.play(0, "bang", target=1)
    assert table.life(1) == 3


def test_second_bang_is_refused() -> None:
    """One BANG! card per turn."""
    table = Scenario(FILL, hands={0: ["bang", "bang"]}, bangs_played=1)
    slot, card = table.slot_of(0, "bang")
    assert "not legal" in table.reject(Play(slot, card, 1))


def test_missed_in_your_own_turn_is_refused() -> None:
    """Missed! is only an answer to a shot."""
    table = Scenario(FILL, hands={0: ["missed"]})
    slot, card = table.slot_of(0, "missed")
    assert "not legal" in table.reject(Play(slot, card))
    assert "not legal" in table.reject(Play(slot, card, 1))


def test_jail_on_yourself_or_the_sheriff_is_refused() -> None:
    """Jail goes on another player, never the Sheriff."""
    table = Scenario(FILL, hands={1: ["jail"]}, turn=1)
    slot, card = table.slot_of(1, "jail")
    for target in (0, 1, NO_SEAT):
        assert "not legal" in table.reject(Play(slot, card, target))


def test_panic_beyond_distance_one_or_at_a_wrong_card_is_refused() -> None:
    """Panic! takes from a player at distance 1, and only a card in front of that player."""
    table = Scenario(FILL, hands={0: ["panic"], 2: ["beer"]},
                     tables={1: ["barrel"], 2: ["scope"], 3: ["mustang"]})
    slot, card = table.slot_of(0, "panic")
    scope = table.in_play_slot(2, "scope")
    barrel = table.in_play_slot(1, "barrel")
    assert "not legal" in table.reject(Play(slot, card, 2, FROM_HAND))  # distance 2
    assert "not legal" in table.reject(Play(slot, card, 1, scope))  # not seat 1's card
    assert "not legal" in table.reject(Play(slot, card, 1, FROM_HAND))  # empty hand
    assert "not legal" in table.reject(Play(slot, card, 3, FROM_HAND))  # Mustang: 2
    assert "not legal" in table.reject(Play(slot, card, 1))  # no card chosen
    table.play(0, "panic", target=1, steal="barrel")
    assert table.hand(0) == ["barrel"] and barrel in table.game.players[0].hand


def test_cat_balou_on_yourself_is_refused() -> None:
    """Cat Balou targets another player."""
    table = Scenario(FILL, hands={0: ["cat_balou", "beer"]}, tables={0: ["barrel"]})
    slot, card = table.slot_of(0, "cat_balou")
    assert "not legal" in table.reject(Play(slot, card, 0, FROM_HAND))
    assert "not legal" in table.reject(Play(slot, card, 0, table.in_play_slot(0, "barrel")))


def test_a_second_copy_in_play_is_refused() -> None:
    """Never two same-named cards in play."""
    table = Scenario(FILL, hands={0: ["mustang"]}, tables={0: ["mustang"]})
    slot, card = table.slot_of(0, "mustang")
    assert "not legal" in table.reject(Play(slot, card))


def test_untargeted_cards_refuse_a_target() -> None:
    """A Beer or a blue card for yourself names no target: one way to play a card."""
    table = Scenario(FILL, hands={0: ["beer", "barrel"]}, life={0: 4})
    for spec in ("beer", "barrel"):
        slot, card = table.slot_of(0, spec)
        assert "not legal" in table.reject(Play(slot, card, 1))


def test_discard_is_refused_in_the_play_phase() -> None:
    """Discarding belongs to phase 3."""
    table = Scenario(FILL, hands={0: ["beer"]})
    slot, card = table.slot_of(0, "beer")
    assert "not legal" in table.reject(Discard(slot, card))


# ---------------------------------------------------------------------- answers out of turn


def test_wrong_answers_to_a_shot_are_refused() -> None:
    """A shot is answered by Missed!, a Barrel in play, or taking the hit."""
    table = Scenario(FILL, hands={0: ["bang"], 1: ["beer", "bang", "missed"]})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    for spec in ("beer", "bang"):
        slot, card = table.slot_of(1, spec)
        assert "(respond_shot, seat 1)" in table.reject(Play(slot, card))
    slot, card = table.slot_of(1, "missed")
    assert "not legal" in table.reject(Play(slot, card, 0))  # an answer has no target
    assert "not legal" in table.reject(UseBarrel())  # no Barrel
    assert "not legal" in table.reject(Choose(0))
    table.respond(1, "missed")
    assert table.life(1) == 4


def test_barrel_and_missed_are_refused_in_a_duel() -> None:
    """A Duel is answered with a BANG! only."""
    table = Scenario(FILL, hands={0: ["duel"], 1: ["missed", "bang"]}, tables={1: ["barrel"]})
    table.play(0, "duel", target=1)
    table.expect(1, RESPOND_DUEL)
    slot, card = table.slot_of(1, "missed")
    assert "not legal" in table.reject(Play(slot, card))
    assert "not legal" in table.reject(UseBarrel())


def test_saloon_is_refused_when_dying() -> None:
    """Only a Beer saves from the last life point."""
    table = Scenario(FILL, hands={0: ["bang"], 1: ["saloon", "beer"]}, life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    slot, card = table.slot_of(1, "saloon")
    assert "(dying, seat 1)" in table.reject(Play(slot, card))
    table.respond(1, "beer")
    assert table.alive(1)


# ---------------------------------------------------------------------- choices and abilities


def test_a_choice_outside_the_options_is_refused() -> None:
    """Kit Carlson puts back one of the three cards he looked at, nothing else."""
    table = Scenario(["kit_carlson", *FILL[1:]], hands={0: ["beer"]}, phase=START,
                     deck=["bang", "missed", "gatling"])
    decision = table.expect(0, PUT_BACK)
    beer_slot, _ = table.slot_of(0, "beer")
    for value in (beer_slot, -1, max(decision.options) + 100):
        assert "(put_back, seat 0)" in table.reject(Choose(value))
    assert "not legal" in table.reject(Pass())
    table.choose(0, decision.options[0])
    assert len(table.hand(0)) == 3


def test_a_store_pick_must_be_a_card_on_offer() -> None:
    """General Store: pick one of the revealed cards still on the table."""
    table = Scenario(FILL, hands={0: ["general_store"]}, deck=["bang", "missed", "beer", "duel"])
    table.play(0, "general_store")
    decision = table.expect(0, STORE_PICK)
    taken = decision.options[0]
    table.choose(0, taken)
    assert "not legal" in table.reject(Choose(taken))


def test_abilities_of_other_characters_are_refused() -> None:
    """Only Sid Ketchum discards two cards for a life, and only below his starting life."""
    table = Scenario(FILL, hands={0: ["bang", "beer"]}, life={0: 3})
    slots = tuple(sorted(table.game.players[0].hand))
    cards = tuple(table.game.known[s] for s in slots)
    assert "not legal" in table.reject(Ability(slots, cards))


def test_sid_ketchum_ability_misuses_are_refused() -> None:
    """Two distinct hand cards, each the card its slot holds; not at full life."""
    table = Scenario(["sid_ketchum", *FILL[1:]], hands={0: ["bang", "beer", "duel"],
                                                        1: ["panic"]}, life={0: 4})
    (a, ca), (b, cb), (c, cc) = [(s, table.game.known[s])
                                 for s in sorted(table.game.players[0].hand)]
    other, other_card = table.slot_of(1, "panic")
    assert "not legal" in table.reject(Ability((a,), (ca,)))
    assert "not legal" in table.reject(Ability((a, b, c), (ca, cb, cc)))
    assert "distinct slots" in table.reject(Ability((a, a), (ca, ca)))
    assert "distinct slots" in table.reject(Ability((a, b), (ca,)))
    assert "same card" in table.reject(Ability((a, b), (ca, ca)))
    assert "not in seat 0's hand" in table.reject(Ability((a, other), (ca, other_card)))
    assert "does not hold" in table.reject(Ability((a, b), (cb, ca)))
    table.ability(0, "bang", "beer")
    assert table.life(0) == 5
    slot, card = table.slot_of(0, "duel")
    assert table.reject(Ability((slot,), (card,)))  # full life now


# ---------------------------------------------------------------------- chance results


def test_a_chance_result_is_refused_while_a_seat_decides() -> None:
    """The dealer cannot answer a decision."""
    table = Scenario(FILL, hands={0: ["bang"]})
    assert "must decide" in table.reject(ChanceResult((0,)))


def test_bad_random_and_reveal_results_are_refused() -> None:
    """Chance results must fit their request: in range, one per slot, every card shown."""
    table = Scenario(FILL, hands={0: ["cat_balou"], 1: ["beer", "missed"]})
    slot, card = table.slot_of(0, "cat_balou")
    table.game.apply(Play(slot, card, 1, FROM_HAND))  # pending: which hand card, at random
    assert isinstance(table.game.pending, RandomInt)
    for bad in [(2,), (-1,), (True,), (0, 1), (), (None,), ("0",)]:
        assert "random" in table.reject(ChanceResult(bad))
    assert "only a ChanceResult" in table.reject(Pass())
    table.game.apply(ChanceResult((1,)))
    reveal = table.game.pending
    assert isinstance(reveal, Reveal)
    assert "every card" in table.reject(ChanceResult((None,)))
    assert "expected 1" in table.reject(ChanceResult(()))
    beer = table.game.known[table.game.players[1].hand[0]]
    assert "does not hold" in table.reject(ChanceResult((beer,)))
    assert "no such card" in table.reject(ChanceResult((999,)))
    table.settle()
    assert table.hand(1) == ["beer"] and table.discard_pile() == ["cat_balou", "missed"]


def test_bad_deal_results_are_refused_in_a_real_setup() -> None:
    """A dealer cannot deal the Sheriff's role card again, one card twice, or a card that
    is already known somewhere else."""
    game = Game(4)
    dealer = LocalDealer(5)
    while not (isinstance(game.pending, Deal) and game.pending.slots[0] in game._role_slots):
        game.apply(dealer.resolve(game.pending))
    before = game_state(game)
    with pytest.raises(IllegalAction, match="no such role card"):
        game.apply(ChanceResult((0,)))
    with pytest.raises(IllegalAction, match="no such role card"):
        game.apply(ChanceResult((7,)))
    assert game_state(game) == before
    while not (isinstance(game.pending, Deal) and len(game.pending.slots) > 1):
        game.apply(dealer.resolve(game.pending))
    request = game.pending
    good = dealer.resolve(request)
    twice = ChanceResult((good.values[0],) * len(request.slots))
    with pytest.raises(IllegalAction, match="two slots"):
        game.apply(twice)
    assert isinstance(game.pending, Deal)
    game.apply(good)
    while not isinstance(game.pending, Deal):
        game.apply(dealer.resolve(game.pending))
    held = game.known[game.players[game.sheriff].hand[0]]
    before = game_state(game)
    with pytest.raises(IllegalAction, match="known to be elsewhere"):
        game.apply(ChanceResult((held, *dealer.resolve(game.pending).values[1:])))
    assert game_state(game) == before


def test_a_decision_is_refused_while_the_dealer_is_due() -> None:
    """A seat cannot act while a chance request is pending."""
    game = Game(5)
    assert isinstance(game.pending, RandomInt)
    before = game_state(game)
    with pytest.raises(IllegalAction, match="only a ChanceResult"):
        game.apply(Pass())
    with pytest.raises(IllegalAction, match="exactly one value"):
        game.apply(ChanceResult(()))
    assert game_state(game) == before
    game.apply(ChanceResult((0,)))  # the seating: seats clockwise in number order
    assert game.pending == RandomInt(5)  # the Sheriff
    game.apply(ChanceResult((2,)))
    assert isinstance(game.pending, Shuffle)
    with pytest.raises(IllegalAction, match="no values"):
        game.apply(ChanceResult((1,)))
    assert game.sheriff == 2
