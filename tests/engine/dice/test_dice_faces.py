"""One scenario per face and per ruling X1-X6 (faq-scenarios.md), on laid-out tables."""

import pytest

from p2pbang.engine.actions import Decision, End, IllegalAction
from p2pbang.engine.chance import RandomInt
from p2pbang.engine.dice.actions import BEER_TARGET, REROLL, SHOOT, Reroll
from p2pbang.engine.dice.faces import (
    ARROW,
    BEER,
    BULLS_EYE_1,
    BULLS_EYE_2,
    DYNAMITE,
    GATLING,
)
from p2pbang.engine.dice.scenario import choose, keep, reroll, roll, table

A, D, B1, B2, BR, G = ARROW, DYNAMITE, BULLS_EYE_1, BULLS_EYE_2, BEER, GATLING


def life(game):
    return [p.life for p in game.players]


def test_each_arrow_rolled_takes_a_token_and_rerolled_arrows_count_again():
    g = table()
    roll(g, A, A, BR, BR, G)
    assert g.players[0].arrows == 2 and g.arrows == 7
    reroll(g, 0)
    roll(g, A)
    assert g.players[0].arrows == 3 and g.arrows == 6
    assert g.pending == Decision(0, REROLL, (A, A, BR, BR, G), needed=1)


def test_dynamite_cannot_be_rerolled_and_the_refusal_changes_nothing():
    g = table()
    roll(g, D, BR, BR, G, A)
    before = (list(g.dice), len(g.history), g.pending, life(g))
    with pytest.raises(IllegalAction, match="Dynamite"):
        reroll(g, 0, 1)
    for bad in (Reroll(()), Reroll((1, 1)), Reroll((2, 1)), Reroll((5,))):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert Reroll((0,)) not in g.legal_actions()
    assert (list(g.dice), len(g.history), g.pending, life(g)) == before


def test_three_rolls_at_most_then_the_dice_resolve():
    g = table()
    roll(g, BR, BR, G, G, A)
    reroll(g, 0)
    roll(g, G)
    reroll(g, 1, 2)  # a die kept after the first roll may be rolled on the third
    roll(g, BR, BR)
    assert isinstance(g.pending, Decision) and g.pending.kind == BEER_TARGET


def test_x1_third_dynamite_ends_the_turn_with_a_life_lost_other_dice_still_resolve():
    g = table()
    roll(g, D, D, B1, BR, A)
    reroll(g, 2, 3, 4)
    roll(g, D, B1, BR)
    assert g.players[0].life == g.players[0].max_life - 1
    assert g.pending == Decision(0, SHOOT, (1, 3), source=B1)  # no more rerolls offered
    choose(g, 1)
    assert g.players[1].life == g.players[1].max_life - 1
    choose(g, 0)  # the Beer
    assert g.players[0].life == g.players[0].max_life
    assert g.current == 1 and isinstance(g.pending, RandomInt)


def test_x1_a_third_dynamite_that_kills_resolves_nothing_else():
    g = table(life={1: 1}, first=1)
    roll(g, D, D, D, B1, B1)
    assert not g.players[1].alive and g.current == 2


def test_x2_last_arrow_brings_the_indians_then_the_rest_of_the_roll_is_taken():
    g = table(arrows={0: 1, 2: 3, 3: 4})  # one arrow left in the middle
    full = life(g)
    roll(g, A, A, BR, BR, G)
    assert life(g) == [full[0] - 2, full[1], full[2] - 3, full[3] - 4]
    assert [p.arrows for p in g.players] == [1, 0, 0, 0] and g.arrows == 8


def test_x3_bulls_eye_2_counts_as_1_with_three_players_left():
    g = table(players=3)
    roll(g, B2, BR, BR, G, A)
    keep(g)
    assert g.pending == Decision(0, SHOOT, (1, 2), source=B2)


def test_bulls_eye_1_hits_a_neighbour_and_2_hits_two_seats_away():
    g = table(players=6)
    roll(g, B1, B2, BR, BR, A)
    keep(g)
    assert g.pending == Decision(0, SHOOT, (1, 5), source=B1)
    choose(g, 5)
    assert g.pending == Decision(0, SHOOT, (2, 4), source=B2)
    choose(g, 2)
    assert life(g)[5] == g.players[5].max_life - 1 and life(g)[2] == g.players[2].max_life - 1


def test_x4_distances_skip_the_eliminated():
    g = table(players=5, life={1: 1})
    roll(g, B1, B2, G, G, A)
    keep(g)
    choose(g, 1)
    choose(g, 3)
    assert not g.players[1].alive
    assert g.distance(0, 2) == 1 and g.shoot_options(0, B1) == (2, 4)
    assert g.shoot_options(0, B2) == (3,)


def test_beer_heals_one_and_never_above_the_starting_life():
    g = table(life={2: 5})
    roll(g, BR, BR, G, A, A)
    keep(g)
    choose(g, 2)
    choose(g, 1)  # full life: the Beer is wasted
    assert g.players[2].life == 6 and g.players[1].life == g.players[1].max_life


def test_gatling_needs_three_hits_everyone_else_and_discards_own_arrows():
    g = table(arrows={0: 2, 1: 1})
    full = life(g)
    roll(g, G, G, G, BR, A)
    keep(g)
    choose(g, 0)
    assert life(g) == [full[0], full[1] - 1, full[2] - 1, full[3] - 1]
    assert g.players[0].arrows == 0 and g.players[1].arrows == 1 and g.arrows == 8


def test_two_gatlings_do_nothing():
    g = table()
    full = life(g)
    roll(g, G, G, BR, BR, A)
    keep(g)
    choose(g, 0)
    choose(g, 0)
    assert life(g) == full and g.players[0].arrows == 1


def test_x5_everyone_eliminated_at_once_the_outlaws_win():
    g = table(life={0: 1, 1: 1, 2: 1, 3: 1}, arrows={0: 1, 1: 1, 2: 1, 3: 1})
    roll(g, A, A, A, A, A)
    assert g.pending == End("outlaws", (2, 3))
    assert g.alive_seats() == []


def test_sheriff_killed_with_only_the_renegade_left_the_renegade_wins():
    g = table(players=4, life={0: 1, 2: 1, 3: 1}, first=1)
    roll(g, G, G, G, A, BR)
    keep(g)
    choose(g, 1)
    assert g.pending == End("renegade", (1,))


def test_all_outlaws_and_renegades_dead_the_sheriff_team_wins():
    g = table(players=5, life={1: 1, 2: 1, 3: 1})
    roll(g, G, G, G, A, BR)
    keep(g)
    choose(g, 0)
    assert g.pending == End("sheriff", (0, 4))


def test_x6_deputy_eliminating_the_renegade_himself_wins():
    # Seats: 0 Deputy, 1 Outlaw, 2 Renegade (roles face up; the Deputy starts).
    g = table(players=3, life={2: 1})
    roll(g, B1, BR, BR, G, A)
    keep(g)
    choose(g, 2)
    assert g.pending == End("deputy", (0,))


def test_x6_someone_else_eliminating_your_target_means_last_alive_wins():
    g = table(players=3, life={2: 1, 0: 2}, first=1)  # the Outlaw kills the Renegade
    roll(g, B1, BR, BR, G, A)
    keep(g)
    choose(g, 2)
    assert g.players[2].alive is False and not isinstance(g.pending, End)
    choose(g, 1)
    choose(g, 1)
    assert g.current == 0  # the game goes on: Deputy against Outlaw


def test_x6_three_player_setup_deals_roles_face_up_and_the_deputy_starts():
    from p2pbang.dealer.local import LocalDealer

    dealer = LocalDealer(7)
    seat_view = __import__("p2pbang.engine.dice.game", fromlist=["DiceGame"]).DiceGame(3, 1)
    while isinstance(seat_view.pending, RandomInt) and seat_view.current == -1:
        seat_view.apply(dealer.resolve(seat_view.pending))
    deputy = next(p.seat for p in seat_view.players if p.role == "deputy")
    assert all(p.role_public for p in seat_view.players)
    assert seat_view.current == deputy and seat_view.sheriff == -1


def test_a_role_deal_must_show_the_receiver_a_role_card():
    from p2pbang.engine.chance import ChanceResult, Deal
    from p2pbang.engine.dice.game import DiceGame

    g = DiceGame(4, viewer=1)
    g.apply(ChanceResult((0,)))  # seating: identity
    g.apply(ChanceResult((0,)))  # seat 0 is the Sheriff
    g.apply(ChanceResult(()))  # the role deck is shuffled
    assert g.pending == Deal((0,), 1)
    for bad in (ChanceResult((None,)), ChanceResult((9,)), ChanceResult((1, 2))):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    g.apply(ChanceResult((2,)))
    assert g.players[1].role == "outlaw" and g.pending == Deal((1,), 2)
    g.apply(ChanceResult((None,)))  # another seat's card stays hidden here
    assert g.players[2].role is None
