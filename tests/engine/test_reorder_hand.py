"""A hand is reordered before a random pick when another seat knows where one of its cards
sits (issue 10, point 7): the engine's record of who has seen each hidden slot, the
ReorderHand request it yields, and what each seat's engine knows afterwards.

Why it matters: slots are stable and the picked index is public, so a seat that gave a card
(or had it stolen) would learn from the index whether the pick took its old card.
"""

from __future__ import annotations

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import PUT_BACK, STORE_PICK, Decision, IllegalAction, Play
from p2pbang.engine.bang.game import SPECTATOR, Game
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.scenario import Scenario, game_state
from p2pbang.engine.chance import (
    ChanceResult,
    RandomInt,
    ReorderHand,
    check_result_shape,
    public_result,
    result_for_viewer,
)
from p2pbang.engine.lockstep import Lockstep
from p2pbang.engine.wire import pack, unpack

# seat 0: the Sheriff, whose turn it is; seat 1: El Gringo (steals from whoever hurts him).
CHARACTERS = ["rose_doolan", "el_gringo", "sid_ketchum", "bart_cassidy"]


def seat_views(table: Scenario, requests: int | None = None) -> list[Game]:
    """One engine per seat, fed the scenario's log as each seat's dealer would show it,
    up to the answer of the ``requests``-th chance request (all of the log when None)."""
    views = [Game.from_position(table.position, viewer=seat)
             for seat in range(len(table.position.characters))]
    answered = 0
    for item in table.game.history:
        if isinstance(item, ChanceResult):
            if answered == requests:
                break
            request = table.dealer.requests[answered]
            answered += 1
            for seat, view in enumerate(views):
                assert view.pending == request
                view.apply(result_for_viewer(request, item, seat))
        else:
            for view in views:
                view.apply(item)
    return views


def reorders(table: Scenario) -> list[ReorderHand]:
    return [r for r in table.dealer.requests if isinstance(r, ReorderHand)]


def stolen_beer(pick: int) -> Scenario:
    """Given seat 0 stole seat 3's only card, a Beer, with Panic! (so seat 3 knows where it
    sits in seat 0's hand), when seat 0 shoots El Gringo and he takes a random card of
    seat 0's hand (index ``pick``)."""
    table = Scenario(CHARACTERS, hands={0: ["panic", "bang", "missed"], 3: ["beer"]},
                     randoms=[0, pick])
    table.play(0, "panic", target=3, from_hand=True)
    assert table.hand(0) == ["bang", "missed", "beer"]
    return table


def test_a_card_stolen_from_a_hand_is_recorded_as_seen_by_both() -> None:
    table = stolen_beer(0)
    beer, _ = table.slot_of(0, "beer")
    missed, _ = table.slot_of(0, "missed")
    assert table.game.seen_by[beer] == {0, 3}
    assert table.game.seen_by[missed] == {0}
    assert reorders(table) == []  # seat 3's hand was one card nobody else knew
    assert seat_views(table)[3].known[beer] == table.game.known[beer]


def test_the_previous_holder_forgets_where_its_card_is_once_the_hand_is_reordered() -> None:
    table = stolen_beer(0)
    missed, _ = table.slot_of(0, "missed")
    beer, beer_card = table.slot_of(0, "beer")
    table.play(0, "bang", target=1)  # El Gringo has no card to answer with
    requests = table.dealer.requests
    asked = requests.index(ReorderHand(0, (missed, beer)))
    assert isinstance(requests[asked + 1], RandomInt)  # the pick comes right after
    # Just after the reorder, before the pick:
    views = seat_views(table, asked + 1)
    holder, gringo, previous = views[0], views[1], views[3]
    assert missed not in previous.known and beer not in previous.known
    assert beer_card not in previous._where  # it cannot say where its Beer sits any more
    assert {holder.known[missed], holder.known[beer]} == {
        table.game.known[missed], beer_card}  # the owner still knows its whole hand
    assert missed not in gringo.known and beer not in gringo.known
    assert all(view.seen_by == holder.seen_by for view in views)
    assert holder.seen_by[beer] == holder.seen_by[missed] == {0}
    # The pick took index 0 (the scripted dealer keeps the order): the Missed!.
    assert table.hand(1) == ["missed"] and table.hand(0) == ["beer"]
    after = seat_views(table)
    assert beer not in after[3].known  # still in seat 0's hand, its slot unknown to seat 3
    assert after[0].known[beer] == beer_card
    assert table.game.seen_by[beer] == {0}


def test_no_reorder_when_the_one_who_knows_the_card_is_the_one_who_takes() -> None:
    """El Gringo takes back from the hand holding his stolen Beer: he sees the card he
    gets anyway, so the index tells him nothing more and nothing is reordered."""
    table = Scenario(CHARACTERS, hands={0: ["panic", "bang", "missed"], 1: ["beer"]},
                     randoms=[0, 1])
    table.play(0, "panic", target=1, from_hand=True)
    table.play(0, "bang", target=1)
    assert table.hand(1) == ["beer"] and table.hand(0) == ["missed"]
    assert reorders(table) == []


def test_no_reorder_when_nobody_else_has_seen_a_card_of_the_hand() -> None:
    """The common case costs nothing: a hand dealt only to its owner is picked from at
    once (Panic! from a hand, Cat Balou from a hand)."""
    table = Scenario(CHARACTERS, hands={0: ["panic", "cat_balou"],
                                        1: ["beer", "missed", "gatling"]},
                     randoms=[2, 0])
    table.play(0, "panic", target=1, from_hand=True)
    table.play(0, "cat_balou", target=1, from_hand=True)
    assert table.hand(0) == ["gatling"] and table.hand(1) == ["missed"]
    assert reorders(table) == []


def test_a_face_up_card_in_the_hand_is_left_out_of_the_reorder() -> None:
    """A card taken from in play stays public in the hand: only the hidden slots move."""
    table = Scenario(CHARACTERS, hands={0: ["panic", "panic", "bang", "beer"],
                                        3: ["missed"]},
                     tables={1: ["barrel"]}, randoms=[0, 1])
    table.play(0, "panic", target=1, steal="barrel")
    table.play(0, "panic", target=3, from_hand=True)
    barrel = next(s for s in table.game.players[0].hand
                  if table.game.card_name(table.game.known[s]) == "barrel")
    beer, _ = table.slot_of(0, "beer")
    missed, _ = table.slot_of(0, "missed")
    assert barrel not in table.game.seen_by  # public
    table.play(0, "bang", target=1)  # El Gringo, with no card and no Barrel, is hit
    assert reorders(table) == [ReorderHand(0, (beer, missed))]
    assert table.hand(1) == ["barrel"]


def test_vulture_sams_take_is_reordered_before_a_steal_but_not_before_a_cat_balou() -> None:
    """Vulture Sam takes the hand of the eliminated, who still knows those cards. A Cat
    Balou shows the card it picks to everyone: nothing to hide, no reorder. A Panic! shows
    it to its player only: Sam's hand is reordered first."""
    table = Scenario(["rose_doolan", "bart_cassidy", "vulture_sam", "paul_regret"],
                     hands={0: ["bang", "cat_balou", "panic"],
                            1: ["beer", "missed", "gatling"]},
                     life={1: 1}, randoms=[0, 1], deck=["saloon", "duel", "indians"])
    table.play(0, "bang", target=1)
    table.pass_(1)  # no Missed! played
    table.pass_(1)  # dying: no Beer
    assert not table.alive(1) and sorted(table.hand(2)) == ["beer", "gatling", "missed"]
    assert all(table.game.seen_by[s] == {1, 2} for s in table.game.players[2].hand)
    table.play(0, "cat_balou", target=2, from_hand=True)
    assert reorders(table) == [] and table.discard_pile()[-1] == "beer"
    left = tuple(table.game.players[2].hand)
    table.play(0, "panic", target=2, from_hand=True)
    assert reorders(table) == [ReorderHand(2, left)]
    assert table.hand(2) == ["missed"]
    assert seat_views(table)[1].known.keys().isdisjoint(table.game.players[2].hand)


def test_a_card_put_back_on_the_deck_is_known_to_whoever_draws_it_next() -> None:
    """Kit Carlson puts a card back; the next seat draws it: a random pick from that hand
    (El Gringo's) is preceded by a reorder."""
    table = Scenario(["kit_carlson", "rose_doolan", "el_gringo", "paul_regret"],
                     hands={0: ["beer"], 1: ["bang"]}, phase=START,
                     deck=["missed", "gatling", "saloon", "duel", "stagecoach"], randoms=[1])
    decision = table.expect(0, PUT_BACK)
    put_back = next(s for s in decision.options
                    if table.game.card_name(table.dealer.cards[s]) == "missed")
    table.choose(0, put_back)
    table.end_turn(0)
    assert put_back in table.game.players[1].hand
    assert table.game.seen_by[put_back] == {0, 1}
    bang, _ = table.slot_of(1, "bang")
    drawn = tuple(s for s in table.game.players[1].hand if s != bang)
    table.play(1, "bang", target=2)  # El Gringo, empty-handed, is hit and picks index 1
    assert reorders(table) == [ReorderHand(1, drawn)]
    assert table.hand(1) == ["missed"]
    assert put_back not in seat_views(table)[0].known  # Kit lost track of his Missed!


def test_jesse_jones_draws_through_the_same_pick() -> None:
    """Jesse Jones draws his first card from a hand holding a Beer stolen from seat 3."""
    table = Scenario(["rose_doolan", "jesse_jones", "el_gringo", "bart_cassidy"],
                     hands={0: ["panic", "missed"], 3: ["beer"]},
                     deck=["saloon", "duel"], randoms=[0, 1])
    table.play(0, "panic", target=3, from_hand=True)
    missed, _ = table.slot_of(0, "missed")
    beer, _ = table.slot_of(0, "beer")
    table.end_turn(0)
    table.choose(1, 0)  # draw from seat 0's hand
    assert reorders(table) == [ReorderHand(0, (missed, beer))]
    assert table.hand(1) == ["beer", "saloon"] and table.hand(0) == ["missed"]


def pending_reorder() -> Scenario:
    """A table stopped with the ReorderHand request of ``stolen_beer`` pending."""
    table = stolen_beer(0)
    slot, card = table.slot_of(0, "bang")
    table.game.apply(Play(slot, card, 1))
    while not isinstance(table.game.pending, ReorderHand):
        table.game.apply(table.dealer.resolve(table.game.pending))
    return table


def test_a_wrong_reorder_result_is_refused_and_changes_nothing() -> None:
    table = pending_reorder()
    game = table.game
    request = game.pending
    assert isinstance(request, ReorderHand)
    held = [game.known[s] for s in request.slots]
    elsewhere = [game.known[s] for s in game.deck[:2]]
    before = game_state(game), {s: set(v) for s, v in game.seen_by.items()}
    for values, reason in [
        (tuple(elsewhere), "elsewhere"),
        ((held[0], held[0]), "two slots"),
        ((None, held[0]), "whole or not at all"),
        ((held[0],), "expected 2"),
        ((held[0], len(game.cards)), "no such card"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(ChanceResult(values))
        assert (game_state(game), game.seen_by) == before


def test_a_reorder_that_loses_a_card_of_the_hand_is_refused() -> None:
    """The owner's engine knows its hand: a reorder must give back the same cards."""
    table = pending_reorder()
    owner = seat_views(table)[0]
    request = owner.pending
    assert isinstance(request, ReorderHand) and request.seat == 0
    held = [owner.known[s] for s in request.slots]
    free = next(c for c in range(len(owner.cards)) if c not in owner._where)
    with pytest.raises(IllegalAction, match="keeps the cards"):
        owner.apply(ChanceResult((held[0], free)))
    owner.apply(ChanceResult((held[1], held[0])))  # a true reorder is taken
    assert owner.known[request.slots[0]] == held[1]
    assert owner.seen_by[request.slots[0]] == {0}


def test_the_request_on_the_wire_and_in_the_log() -> None:
    request = ReorderHand(3, (10, 11, 12))
    assert unpack(pack(request)) == request
    result = ChanceResult((4, 5, 6))
    assert result_for_viewer(request, result, 3) == result
    assert result_for_viewer(request, result, None) == result
    assert result_for_viewer(request, result, 1).values == (None, None, None)
    assert result_for_viewer(request, result, SPECTATOR).values == (None, None, None)
    assert public_result(request, result).values == (None, None, None)
    assert check_result_shape(request, ChanceResult((None, None, None))) is None
    assert "expected 3" in check_result_shape(request, ChanceResult((1, 2)))
    assert "integers" in check_result_shape(request, ChanceResult((1, 2, "x")))


@pytest.mark.parametrize("players,seed", [(4, 3), (5, 9), (7, 6)])  # a reorder each
def test_every_seat_engine_keeps_the_same_record_and_forgets_reordered_hands(
        players: int, seed: int) -> None:
    """Lockstep with the LocalDealer (which really permutes): every seat's engine keeps the
    same seen-by record; after each reorder only the owner knows the reordered slots."""
    engines = Lockstep(Game(players), [Game(players, viewer=seat) for seat in range(players)])
    truth, views = engines.truth, engines.views
    dealer = LocalDealer(seed)
    bots = [RandomBot(f"{seed}/{s}") for s in range(players)]
    seen = 0
    while not engines.ended:
        pending = truth.pending
        result = engines.step(dealer, bots)  # a seat decides from its own engine
        if isinstance(pending, Decision):
            continue
        assert all(view.seen_by == truth.seen_by for view in views)
        if isinstance(pending, ReorderHand):
            seen += 1
            assert sorted(result.values) == sorted(truth.known[s] for s in pending.slots)
            for seat, view in enumerate(views):
                knows = [slot in view.known for slot in pending.slots]
                assert all(knows) if seat == pending.seat else not any(knows)
                if seat == pending.seat:
                    assert [view.known[s] for s in pending.slots] == list(result.values)
    assert seen > 0


def _store_pick(table: Scenario, seat: int, name: str) -> int:
    offer = table.expect(seat, STORE_PICK)
    slot = next(s for s in offer.options if table.game.card_name(table.game.known[s]) == name)
    table.choose(seat, slot)
    return slot


def test_a_general_store_card_stolen_from_a_hand_stays_face_up_and_out_of_a_reorder() -> None:
    """A card picked at a General Store is face up in the hand; stolen with Panic! it stays
    face up (every seat saw it), so it is in no seat's secret and a later reorder of the
    thief's hand leaves it out. Recorded as a hidden card, it made every MentalDealer
    refuse the reorder ("slot ... is not hidden in seat 0's hand") and stopped the game
    with nobody to blame."""
    table = Scenario(CHARACTERS, hands={0: ["general_store", "panic", "panic", "bang",
                                            "indians"], 3: ["missed"]},
                     deck=["beer", "gatling", "saloon", "duel"], randoms=[0, 0, 0])
    table.play(0, "general_store")
    _store_pick(table, 0, "beer")
    gatling = _store_pick(table, 1, "gatling")
    _store_pick(table, 2, "saloon")
    table.play(0, "panic", target=1, from_hand=True)  # El Gringo's only card: the Gatling
    assert table.hand(0) == ["panic", "bang", "indians", "beer", "gatling"]
    assert gatling not in table.game.seen_by  # still face up
    table.play(0, "panic", target=3, from_hand=True)  # seat 3 knows where its Missed! sits
    missed, _ = table.slot_of(0, "missed")
    assert table.game.seen_by[missed] == {0, 3}
    indians, _ = table.slot_of(0, "indians")
    table.play(0, "bang", target=1)  # El Gringo, with no card, is hit and takes one
    assert reorders(table) == [ReorderHand(0, (indians, missed))]  # no face-up card
    assert gatling not in table.game.seen_by
