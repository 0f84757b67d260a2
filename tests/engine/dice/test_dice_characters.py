"""One scenario per dice-game character ability (seed 000, "A karakterek")."""

from p2pbang.engine.actions import Decision
from p2pbang.engine.chance import RandomInt
from p2pbang.engine.dice.actions import (
    BART_ARROW,
    BEER_TARGET,
    KIT_ARROW,
    PEDRO_ARROW,
    REROLL,
    SHOOT,
    SID_HEAL,
    SKIP,
    SLAB_DOUBLE,
    Reroll,
)
from p2pbang.engine.dice.faces import (
    ARROW,
    BEER,
    BULLS_EYE_1,
    BULLS_EYE_2,
    CHARACTER_LIFE,
    CHARACTERS,
    DYNAMITE,
    GATLING,
)
from p2pbang.engine.dice.scenario import choose, keep, reroll, roll, table

A, D, B1, B2, BR, G = ARROW, DYNAMITE, BULLS_EYE_1, BULLS_EYE_2, BEER, GATLING


def test_the_sixteen_characters_and_their_dice_life():
    assert len(CHARACTERS) == 16 and all(c in CHARACTER_LIFE for c, _ in CHARACTERS)
    assert CHARACTER_LIFE["el_gringo"] == 7 and CHARACTER_LIFE["vulture_sam"] == 9
    g = table({0: "el_gringo"})
    assert g.players[0].max_life == 9  # the Sheriff gets two more


def test_bart_cassidy_may_take_an_arrow_instead_of_a_shot():
    g = table({1: "bart_cassidy"})
    roll(g, B1, BR, BR, G, G)
    keep(g)
    choose(g, 1)
    assert g.pending == Decision(1, BART_ARROW, (0, 1), source=0)
    choose(g, 1)
    assert g.players[1].life == g.players[1].max_life and g.players[1].arrows == 1


def test_bart_cassidy_cannot_take_the_last_arrow_nor_dodge_dynamite_or_indians():
    g = table({1: "bart_cassidy"}, arrows={2: 8})
    roll(g, B1, BR, BR, G, G)
    keep(g)
    choose(g, 1)
    assert g.players[1].life == g.players[1].max_life - 1  # no decision offered
    g = table({0: "bart_cassidy"})
    roll(g, D, D, D, BR, G)
    assert g.players[0].life == g.players[0].max_life - 1


def test_black_jack_may_reroll_dynamite():
    g = table({0: "black_jack"})
    roll(g, D, D, BR, G, A)
    assert Reroll((0, 1)) in g.legal_actions()
    reroll(g, 0, 1)
    roll(g, BR, BR)
    assert g.dice == [BR, BR, BR, G, A]


def test_calamity_janet_uses_bulls_eye_1_as_2():
    g = table({0: "calamity_janet"}, players=6)
    roll(g, B1, BR, BR, G, A)
    keep(g)
    assert g.pending == Decision(0, SHOOT, (1, 2, 4, 5), source=B1)


def test_el_gringo_makes_his_shooter_take_an_arrow():
    g = table({1: "el_gringo"})
    roll(g, B1, BR, BR, G, G)
    keep(g)
    choose(g, 1)
    assert g.players[0].arrows == 1 and g.arrows == 8


def test_el_gringo_hit_by_both_bulls_eyes_at_once_gives_one_arrow():
    g = table({2: "el_gringo"}, players=3)
    roll(g, B1, B2, BR, G, G)
    keep(g)
    choose(g, 2)
    choose(g, 2)
    assert g.players[2].life == g.players[2].max_life - 2 and g.players[0].arrows == 1


def test_jesse_jones_beer_on_himself_heals_two_at_four_life_or_less():
    g = table({0: "jesse_jones"}, life={0: 4})
    roll(g, BR, BR, G, G, A)
    keep(g)
    choose(g, 0)
    choose(g, 0)
    assert g.players[0].life == 8


def test_jourdonnais_loses_at_most_one_life_to_the_indians():
    g = table({1: "jourdonnais"}, arrows={1: 5, 2: 3})
    full = g.players[1].life
    roll(g, A, BR, BR, G, G)
    assert g.players[1].life == full - 1 and g.players[2].life == g.players[2].max_life - 3


def test_kit_carlson_discards_an_arrow_per_gatling():
    g = table({0: "kit_carlson"}, arrows={2: 2})
    roll(g, G, G, BR, BR, A)
    keep(g)
    choose(g, 0)
    choose(g, 0)
    assert g.pending == Decision(0, KIT_ARROW, (0, 2, SKIP))
    choose(g, 2)
    assert g.pending == Decision(0, KIT_ARROW, (0, 2, SKIP))
    choose(g, SKIP)
    assert g.players[2].arrows == 1 and g.players[0].arrows == 1 and g.arrows == 7


def test_lucky_duke_rolls_four_times():
    g = table({0: "lucky_duke"})
    roll(g, BR, BR, G, G, A)
    assert g.pending == Decision(0, REROLL, (BR, BR, G, G, A), needed=3)


def test_paul_regret_takes_no_gatling_damage():
    g = table({1: "paul_regret"})
    roll(g, G, G, G, A, A)
    keep(g)
    assert g.players[1].life == g.players[1].max_life
    assert g.players[2].life == g.players[2].max_life - 1


def test_pedro_ramirez_may_discard_an_arrow_when_he_loses_life():
    g = table({1: "pedro_ramirez"}, arrows={1: 2})
    roll(g, B1, BR, BR, G, G)
    keep(g)
    choose(g, 1)
    assert g.pending == Decision(1, PEDRO_ARROW, (0, 1), source=0)
    choose(g, 1)
    assert g.players[1].life == g.players[1].max_life - 1 and g.players[1].arrows == 1


def test_rose_doolan_shoots_one_further():
    g = table({0: "rose_doolan"}, players=7)
    roll(g, B1, B2, BR, G, A)
    keep(g)
    assert g.pending == Decision(0, SHOOT, (1, 2, 5, 6), source=B1)
    choose(g, 2)
    assert g.pending == Decision(0, SHOOT, (2, 3, 4, 5), source=B2)


def test_sid_ketchum_heals_someone_at_the_start_of_his_turn():
    g = table({1: "sid_ketchum"}, life={3: 4})
    roll(g, BR, BR, G, G, A)
    keep(g)
    choose(g, 0)
    choose(g, 0)
    assert g.pending == Decision(1, SID_HEAL, (0, 1, 2, 3))
    choose(g, 3)
    assert g.players[3].life == 5 and isinstance(g.pending, RandomInt)


def test_slab_the_killer_spends_a_beer_to_double_a_bulls_eye():
    g = table({0: "slab_the_killer"})
    roll(g, B1, B1, BR, G, A)
    keep(g)
    choose(g, 1)
    assert g.pending == Decision(0, SLAB_DOUBLE, (0, 1), source=1)
    choose(g, 1)
    choose(g, 3)  # once per turn: no second offer
    assert g.players[1].life == g.players[1].max_life - 2
    assert g.players[3].life == g.players[3].max_life - 1
    assert g.current == 1  # the Beer was spent


def test_suzy_lafayette_heals_two_without_bulls_eye():
    g = table({0: "suzy_lafayette"}, life={0: 5})
    roll(g, G, G, A, A, D)
    keep(g)
    assert g.players[0].life == 7


def test_vulture_sam_heals_two_per_elimination():
    g = table({3: "vulture_sam"}, life={1: 1, 3: 5})
    roll(g, B1, BR, G, G, A)
    keep(g)
    choose(g, 1)
    assert not g.players[1].alive and g.players[3].life == 7
    assert g.pending == Decision(0, BEER_TARGET, (0, 2, 3))


def test_willy_the_kid_fires_the_gatling_with_two():
    g = table({0: "willy_the_kid"})
    roll(g, G, G, BR, BR, A)
    keep(g)
    choose(g, 0)
    choose(g, 0)
    assert all(p.life == p.max_life - 1 for p in g.players[1:])
