"""Old Saloon (docs/rules/old-saloon.md): Saloon dice, the Indian Chief's Arrow, 8 characters.

Faces are given as the face index of each die rolled (0-5); a Saloon die maps its index
through ``DIE_FACES`` (Loudmouth: Arrow, Dynamite, 1x2, 2x2, Bullet, Gatling x2; Coward:
Arrow, Dynamite, Broken Arrow, 1, Beer, Beer x2)."""

import pytest

from p2pbang.engine.actions import Decision, IllegalAction
from p2pbang.engine.chance import RandomInt
from p2pbang.engine.dice.actions import (
    APACHE_TAKE,
    BEER_TARGET,
    BROKEN_ARROW_TARGET,
    CHIEF_ARROW,
    ELENA_GIVE,
    MOLLY_PICK,
    MOLLY_TAKE,
    SALOON_DIE,
    SHOOT,
    SKIP,
)
from p2pbang.engine.dice.faces import (
    ARROW,
    BEER,
    BULLS_EYE_1,
    BULLS_EYE_2,
    COWARD,
    DOUBLE,
    DYNAMITE,
    GATLING,
    LOUDMOUTH,
)
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.dice.scenario import choose, keep, reroll, roll, table

A, D, B1, B2, BR, G = ARROW, DYNAMITE, BULLS_EYE_1, BULLS_EYE_2, BEER, GATLING
NO, YES = 0, 1


def saloon(characters=None, **kw):
    return table(characters, expansions=("old-saloon",), **kw)


def test_unknown_expansions_are_refused_with_the_list():
    with pytest.raises(ValueError, match="old-saloon"):
        DiceGame(4, expansions=("dodge-city",))


def test_the_saloon_die_is_optional_and_replaces_a_base_die():
    g = saloon()
    assert g.pending == Decision(0, SALOON_DIE, (0, 1, 2))
    choose(g, 0)
    assert g.pending == RandomInt(6 ** 5) and g.kinds == [0] * 5
    g = saloon()
    choose(g, LOUDMOUTH)
    assert g.pending == RandomInt(6 ** 5) and g.kinds == [0, 0, 0, 0, LOUDMOUTH]


def test_loudmouth_doubles_count_twice_and_each_result_is_used():
    g = saloon()
    choose(g, LOUDMOUTH)
    roll(g, G, G, BR, BR, 5)  # Loudmouth face 5: double Gatling
    assert g.dice[4] == GATLING + DOUBLE
    keep(g)
    choose(g, 0)
    choose(g, 0)
    assert all(p.life == p.max_life - 1 for p in g.players[1:])  # 2 + 2 Gatlings fire


def test_loudmouth_double_bulls_eye_is_two_shots():
    g = saloon()
    choose(g, LOUDMOUTH)
    roll(g, BR, G, G, D, 2)  # double Bull's Eye 1
    keep(g)
    assert g.pending == Decision(0, SHOOT, (1, 3), source=B1)
    choose(g, 1)
    assert g.pending == Decision(0, SHOOT, (1, 3), source=B1)
    choose(g, 3)


def test_bullet_costs_the_roller_a_life_at_once():
    g = saloon()
    choose(g, LOUDMOUTH)
    roll(g, BR, G, G, D, 4)  # Bullet
    assert g.players[0].life == g.players[0].max_life - 1


def test_broken_arrow_returns_an_arrow_from_anyone():
    g = saloon(arrows={2: 2})
    choose(g, COWARD)
    roll(g, BR, G, G, D, 2)  # Broken Arrow
    assert g.pending == Decision(0, BROKEN_ARROW_TARGET, (2,))
    choose(g, 2)
    assert g.players[2].arrows == 1 and g.arrows == 7


def test_coward_double_beer_heals_two_players():
    g = saloon(life={1: 5, 2: 5})
    choose(g, COWARD)
    roll(g, G, G, D, D, 5)
    keep(g)
    assert g.pending.kind == BEER_TARGET
    choose(g, 1)
    choose(g, 2)
    assert g.players[1].life == 6 and g.players[2].life == 6


def test_a_saloon_dynamite_is_locked_like_the_others():
    g = saloon()
    choose(g, COWARD)
    roll(g, BR, G, G, A, 1)
    with pytest.raises(IllegalAction):
        reroll(g, 4)


def test_chief_arrow_taken_instead_of_an_arrow_is_not_one_of_the_nine():
    g = saloon()
    choose(g, 0)
    roll(g, A, BR, BR, G, G)
    assert g.pending == Decision(0, CHIEF_ARROW, (0, 1))
    choose(g, YES)
    assert g.chief == 0 and g.players[0].arrows == 0 and g.arrows == 8 and g.pile() == 8


def test_chief_arrow_costs_two_at_the_attack_unless_its_holder_has_the_most():
    # Rulebook example: 2, 4 (with the Chief's Arrow), 1, 3 -> the holder loses nothing.
    g = saloon(arrows={0: 1, 1: 2, 2: 1, 3: 3})  # 8 regular arrows in play, one in the pile
    g.chief = 1
    choose(g, 0)
    roll(g, A, BR, BR, G, G)  # the Chief's Arrow is held: no offer; takes the last arrow
    assert [p.max_life - p.life for p in g.players] == [2, 0, 1, 3]
    assert g.chief == -1 and g.arrows == 8 and g.pile() == 9
    g = saloon(arrows={0: 1, 1: 1, 2: 1, 3: 4})
    g.chief = 1
    choose(g, 0)
    roll(g, A, BR, BR, G, G)
    assert [p.max_life - p.life for p in g.players] == [2, 3, 1, 4]


def test_when_only_the_chief_arrow_is_left_it_is_taken_and_the_indians_attack():
    g = saloon(arrows={1: 7})
    choose(g, 0)
    roll(g, A, A, BR, G, G)
    choose(g, NO)  # the last regular arrow; the second Arrow has to take the Chief's
    assert [p.max_life - p.life for p in g.players] == [3, 7, 0, 0]
    assert g.arrows == 8 and g.chief == -1 and g.pile() == 9


def test_jose_delgado_rolls_the_loudmouth_as_a_sixth_die():
    g = saloon({0: "jose_delgado"})
    choose(g, LOUDMOUTH)
    assert g.pending == RandomInt(6 ** 6)
    g = saloon({0: "jose_delgado"})
    choose(g, COWARD)
    assert g.pending == RandomInt(6 ** 5)


def test_tequila_joe_rolls_the_coward_as_a_sixth_die():
    g = saloon({0: "tequila_joe"})
    choose(g, COWARD)
    assert g.pending == RandomInt(6 ** 6)


def test_apache_kid_takes_the_chief_arrow_from_its_holder():
    g = saloon({0: "apache_kid"})
    g.chief = 2
    choose(g, 0)
    roll(g, A, BR, BR, G, G)
    assert g.pending == Decision(0, APACHE_TAKE, (0, 1), source=2)
    choose(g, YES)
    assert g.chief == 0 and g.players[0].arrows == 1


def test_bill_noface_takes_arrows_only_after_his_last_roll():
    g = saloon({0: "bill_noface"})
    choose(g, 0)
    roll(g, A, A, BR, G, G)
    assert g.players[0].arrows == 0
    reroll(g, 0)
    roll(g, BR)
    keep(g)
    assert g.pending == Decision(0, CHIEF_ARROW, (0, 1))  # one Arrow showing at the end
    choose(g, NO)
    assert g.players[0].arrows == 1


def test_elena_fuente_gives_one_rolled_arrow_away():
    g = saloon({0: "elena_fuente"})
    g.chief = 3
    choose(g, 0)
    roll(g, A, A, BR, G, G)
    assert g.pending == Decision(0, ELENA_GIVE, (0, 1, 2, 3))
    choose(g, 2)
    assert g.players[2].arrows == 1 and g.players[0].arrows == 1


def test_vera_custer_loses_one_less_to_bulls_eyes():
    g = saloon({1: "vera_custer"})
    choose(g, 0)
    roll(g, B1, BR, BR, G, G)
    keep(g)
    choose(g, 1)
    assert g.players[1].life == g.players[1].max_life


def test_doc_holyday_heals_two_using_three_bulls_eyes():
    g = saloon({0: "doc_holyday"}, life={0: 5})
    choose(g, 0)
    roll(g, B1, B1, B2, G, BR)
    keep(g)
    choose(g, 1)
    choose(g, 3)
    choose(g, 2)
    assert g.players[0].life == 7
    assert g.pending.kind == BEER_TARGET


def test_molly_stark_may_lose_life_in_anothers_place():
    g = saloon({3: "molly_stark"})
    choose(g, 0)
    roll(g, B1, BR, BR, G, G)
    keep(g)
    choose(g, 1)
    assert g.pending == Decision(3, MOLLY_TAKE, (0, 1), source=1)
    choose(g, YES)
    assert g.players[1].life == g.players[1].max_life
    assert g.players[3].life == g.players[3].max_life - 1


def test_molly_stark_is_asked_once_for_a_gatling_not_once_per_victim():
    """A Gatling hurts every other player at once: Molly Stark picks whose loss she takes
    (or nobody) in one question; having taken one, she is asked again for the rest."""
    g = saloon({3: "molly_stark"})
    choose(g, 0)
    roll(g, G, G, G, BR, BR)
    keep(g)
    choose(g, 0)  # the two Beers: the roller's own life is full, any seat will do
    choose(g, 0)
    assert g.pending == Decision(3, MOLLY_PICK, (1, 2, SKIP), source=0)
    choose(g, SKIP)
    assert not (isinstance(g.pending, Decision) and g.pending.kind in (MOLLY_PICK, MOLLY_TAKE))
    assert [g.players[s].life for s in (1, 2, 3)] == [
        g.players[s].max_life - 1 for s in (1, 2, 3)]


def test_molly_stark_taking_one_gatling_loss_is_asked_for_the_others():
    g = saloon({3: "molly_stark"})
    choose(g, 0)
    roll(g, G, G, G, BR, BR)
    keep(g)
    choose(g, 0)
    choose(g, 0)
    choose(g, 2)  # she takes seat 2's loss
    assert g.pending == Decision(3, MOLLY_PICK, (1, SKIP), source=0)
    choose(g, SKIP)
    assert g.players[2].life == g.players[2].max_life
    assert g.players[3].life == g.players[3].max_life - 2  # her own hit and seat 2's


def test_molly_stark_is_not_asked_for_more_life_than_she_has():
    """[F]: she may never choose to lose more life points than she has: at 1 life not a
    doubled Bull's Eye (2), and of a Gatling's losses one at most."""
    g = saloon({0: "slab_the_killer", 3: "molly_stark"}, life={3: 1})
    choose(g, 0)
    roll(g, B1, BR, BR, D, D)
    keep(g)
    choose(g, 1)
    choose(g, YES)  # Slab doubles it for a Beer: 2 life
    assert g.pending == Decision(0, BEER_TARGET, (0, 1, 2, 3))  # Molly is not asked
    g = saloon({3: "molly_stark"}, life={3: 1})
    choose(g, 0)
    roll(g, G, G, G, BR, BR)
    keep(g)
    choose(g, 0)
    choose(g, 0)
    assert g.pending == Decision(3, MOLLY_PICK, (1, 2, SKIP), source=0)
    choose(g, 1)  # one chosen life, all she has: nothing more to ask
    assert not (isinstance(g.pending, Decision) and g.pending.kind in (MOLLY_PICK, MOLLY_TAKE))
