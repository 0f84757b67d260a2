"""Given/when/then: the sensible bot's key choices on stacked tables.

Five seats unless said otherwise, roles by seat: 0 Sheriff, 1 and 2 Outlaws, 3 Renegade,
4 Deputy; the ring is 0-1-2-3-4, so each seat sees its two neighbours at distance 1. Most
cases run twice: on the all-seeing engine (solo play) and on the bot's own seat's engine
(network play); the bot must choose the same.
"""

from __future__ import annotations

import pytest

from p2pbang.bots.sensible import SensibleBot
from p2pbang.engine.actions import (
    ANY_TIME,
    DISCARD,
    DRAW_FROM_DECK,
    DRAW_FROM_DISCARD,
    DYING,
    PICK_CHECK,
    PLAY,
    PUT_BACK,
    RESPOND_DUEL,
    RESPOND_SHOT,
    STORE_PICK,
    Ability,
    Choose,
    Discard,
    Pass,
    Play,
    UseBarrel,
)
from p2pbang.engine.bang.catalog import HEARTS
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.scenario import Scenario

from .support import PLAIN4, PLAIN5, ask, is_play, named, play_hidden

# Characters without a draw-phase decision, so whole turns can be played through.
QUIET5 = ["willy_the_kid", "black_jack", "vulture_sam", "bart_cassidy", "suzy_lafayette"]
SEEING = pytest.mark.parametrize("own_view", [False, True], ids=["all-seeing", "own-seat"])


def table(seat: int, own_view: bool, characters=PLAIN5, **kw) -> Scenario:
    """A scenario whose engine is seat ``seat``'s own one when ``own_view``."""
    return Scenario(characters, viewer=seat if own_view else None, **kw)


# ---------------------------------------------------------------------- targets by role


@SEEING
def test_an_outlaw_shoots_the_sheriff_when_he_is_in_reach(own_view: bool) -> None:
    t = table(1, own_view, turn=1, hands={1: ["bang"]}, life={2: 1})
    assert {a.target for a in t.legal() if isinstance(a, Play)} == {0, 2}
    assert is_play(t, ask(t), "bang", target=0)  # not the dying player next to him


@SEEING
def test_a_deputy_never_shoots_the_sheriff(own_view: bool) -> None:
    # Seat 3's Mustang puts him out of reach: only the Sheriff is left to shoot.
    t = table(4, own_view, turn=4, hands={4: ["bang", "duel"]}, tables={3: ["mustang"]})
    assert any(is_play(t, a, "bang", target=0) for a in t.legal())
    action = ask(t)
    assert not (isinstance(action, Play) and action.target == 0)


@SEEING
def test_a_deputy_shoots_a_suspect_rather_than_the_sheriff(own_view: bool) -> None:
    t = table(4, own_view, turn=4, hands={4: ["bang"]})
    assert is_play(t, ask(t), "bang", target=3)


def test_a_deputy_does_not_fire_a_gatling_that_could_kill_his_sheriff() -> None:
    t = Scenario(PLAIN5, turn=4, hands={4: ["gatling"]}, life={0: 1})
    assert ask(t) == Pass()
    healthy = Scenario(PLAIN5, turn=4, hands={4: ["gatling"]})
    assert is_play(healthy, ask(healthy), "gatling")


@SEEING
def test_the_renegade_spares_the_sheriff_until_he_is_the_last_one(own_view: bool) -> None:
    t = table(3, own_view, turn=3, hands={3: ["bang"]}, tables={3: ["winchester"]},
              life={4: 1})
    action = ask(t)
    assert is_play(t, action, "bang") and action.target != 0
    last = table(3, own_view, turn=3, hands={3: ["bang"]}, tables={3: ["winchester"]},
                 dead=[1, 2, 4])
    assert is_play(last, ask(last), "bang", target=0)


def test_the_renegade_holds_back_a_gatling_while_the_sheriff_is_at_one_life() -> None:
    t = Scenario(PLAIN5, turn=3, hands={3: ["gatling"]}, life={0: 1})
    assert ask(t) == Pass()


def test_the_sheriff_shoots_whoever_shot_him() -> None:
    """Memory from his own response window alone (nobody feeds him events): seat 1 shot
    him, so on his turn he shoots seat 1, not the weaker seat 4 next to him."""
    t = Scenario(QUIET5, turn=1, hands={1: ["bang"], 0: ["missed", "bang"]},
                 life={4: 2}, deck=["missed"] * 8)
    sheriff = SensibleBot(0)
    t.play(1, "bang", target=0)
    t.act(ask(t, sheriff))  # a Missed!
    assert t.life(0) == 5
    for seat in (1, 2, 3, 4):
        t.end_turn(seat)
    t.expect(0, PLAY)
    assert is_play(t, ask(t, sheriff), "bang", target=1)


@pytest.mark.parametrize("fed", [True, False], ids=["fed-events", "not-fed"])
def test_a_deputy_shoots_the_one_who_shot_the_sheriff(fed: bool) -> None:
    """Fed the table's events, the Deputy goes for the Sheriff's attacker (seat 2) over the
    dying seat 1; unfed, he cannot know, and picks the weakest seat in reach."""
    t = Scenario(QUIET5, turn=2, hands={2: ["bang"], 4: ["bang"]},
                 tables={2: ["schofield"], 4: ["schofield"]}, life={1: 1},
                 deck=["missed"] * 4)
    deputy = SensibleBot(0)
    t.play(2, "bang", target=0)  # the Sheriff holds nothing: the shot hits
    assert t.life(0) == 4
    t.end_turn(2)
    t.end_turn(3)
    t.expect(4, PLAY)
    if fed:
        deputy.observe(t.events)
    assert is_play(t, ask(t, deputy), "bang", target=2 if fed else 1)


# ---------------------------------------------------------------------- the play phase


@SEEING
def test_beer_is_not_drunk_at_full_life(own_view: bool) -> None:
    t = table(1, own_view, turn=1, hands={1: ["beer", "missed"]})
    assert ask(t) == Pass()


@SEEING
def test_beer_is_drunk_when_hurt(own_view: bool) -> None:
    t = table(1, own_view, turn=1, hands={1: ["beer"]}, life={1: 2})
    assert is_play(t, ask(t), "beer")


def test_beer_is_not_wasted_when_two_players_are_left() -> None:
    t = Scenario(PLAIN5, turn=1, hands={1: ["beer"]}, life={1: 2}, dead=[2, 3, 4])
    assert any(is_play(t, a, "beer") for a in t.legal())  # legal, but it heals nobody
    assert ask(t) == Pass()


def test_cards_that_draw_come_first() -> None:
    t = Scenario(PLAIN5, turn=1, hands={1: ["bang", "wells_fargo", "stagecoach"]})
    assert is_play(t, ask(t), "wells_fargo")


@pytest.mark.parametrize("held,offered,plays", [
    ("schofield", "remington", True),
    ("remington", "schofield", False),
    (None, "volcanic", True),
    ("remington", "volcanic", False),
])
def test_only_a_better_weapon_is_played(held: str | None, offered: str, plays: bool) -> None:
    t = Scenario(PLAIN5, turn=1, hands={1: [offered]}, tables={1: [held] if held else []})
    assert any(is_play(t, a, offered) for a in t.legal())
    assert is_play(t, ask(t), offered) is plays


def test_equipment_goes_into_play_before_shooting() -> None:
    t = Scenario(PLAIN5, turn=1, hands={1: ["bang", "barrel"]})
    assert is_play(t, ask(t), "barrel")


def test_panic_takes_the_sheriffs_barrel() -> None:
    t = Scenario(PLAIN5, turn=1, hands={1: ["panic"], 0: ["missed"]},
                 tables={0: ["barrel", "dynamite"]})
    action = ask(t)
    assert is_play(t, action, "panic", target=0)
    assert t.game.card_name(t.game.known[action.target_slot]) == "barrel"


def test_jail_goes_to_a_foe() -> None:
    t = Scenario(PLAIN5, turn=0, hands={0: ["jail"]}, life={2: 2})
    action = ask(t)
    assert is_play(t, action, "jail") and action.target != 0


@pytest.mark.parametrize("bangs,his_hand,plays", [(2, 1, True), (0, 6, False)])
def test_a_duel_only_when_holding_more_bangs(bangs: int, his_hand: int, plays: bool) -> None:
    """Seat 1 has shot already this turn; his Duel goes to the Sheriff only when his BANG!
    cards likely outnumber the Sheriff's (everybody else holds three cards)."""
    others = {seat: ["missed"] * 3 for seat in (2, 3, 4)}
    t = Scenario(PLAIN5, turn=1, bangs_played=1,
                 hands={1: ["duel"] + ["bang"] * bangs, 0: ["beer"] * his_hand, **others})
    action = ask(t)
    assert (is_play(t, action, "duel", target=0)) is plays
    if not plays:
        assert action == Pass()


def test_a_duel_against_an_empty_hand_cannot_be_lost() -> None:
    t = Scenario(PLAIN5, turn=1,
                 hands={1: ["duel"], 0: ["beer"] * 3, 2: ["missed"], 4: ["missed"]})
    assert is_play(t, ask(t), "duel", target=3)  # seat 3 holds nothing: he loses at once


def test_nothing_useful_left_ends_the_turn() -> None:
    t = Scenario(PLAIN5, turn=1, hands={1: ["missed", "missed"]})
    assert ask(t) == Pass()


def test_the_hand_limit_drops_the_least_useful_card() -> None:
    t = Scenario(PLAIN5, turn=1, hands={1: ["barrel", "missed", "missed"]},
                 tables={1: ["barrel"]}, life={1: 2})
    assert ask(t) == Pass()  # a second Barrel cannot go into play
    t.pass_(1)
    t.expect(1, DISCARD)
    action = ask(t)
    assert isinstance(action, Discard) and named(t, action) == "barrel"


def test_sid_ketchum_pays_surplus_cards_for_a_life() -> None:
    t = Scenario(["black_jack", "sid_ketchum", "kit_carlson", "jesse_jones"], turn=1,
                 hands={1: ["missed", "missed", "missed", "missed", "dynamite"]}, life={1: 1})
    action = ask(t)
    assert isinstance(action, Ability)
    assert sorted(t.game.card_name(c) for c in action.cards) == ["dynamite", "missed"]


def test_sid_ketchum_heals_after_a_hit_out_of_his_turn_when_low() -> None:
    """Hit down to 2 on the Sheriff's turn, he pays his two least useful cards for a life;
    at 3 of 4 with a small hand he keeps his cards."""
    low = Scenario(["black_jack", "sid_ketchum", "kit_carlson", "jesse_jones"], life={1: 3},
                   hands={0: ["bang"], 1: ["dynamite", "beer", "jail"]})
    low.play(0, "bang", target=1)
    low.pass_(1)
    low.expect(1, ANY_TIME)
    action = ask(low)
    assert isinstance(action, Ability) and "beer" not in [
        low.game.card_name(c) for c in action.cards]
    high = Scenario(["black_jack", "sid_ketchum", "kit_carlson", "jesse_jones"],
                    hands={0: ["bang"], 1: ["dynamite", "beer"]})
    high.play(0, "bang", target=1)
    high.pass_(1)
    high.expect(1, ANY_TIME)
    assert ask(high) == Pass()


# ---------------------------------------------------------------------- response windows


@SEEING
def test_the_barrel_is_tried_before_a_missed(own_view: bool) -> None:
    t = table(0, own_view, turn=1, hands={1: ["bang"], 0: ["missed"]},
              tables={0: ["barrel"]}, deck=["bang:2D"])
    play_hidden(t, 1, "bang", target=0)
    t.expect(0, RESPOND_SHOT)
    assert ask(t) == UseBarrel()
    t.barrel(0)
    action = ask(t)
    assert is_play(t, action, "missed")
    t.act(action)
    assert t.life(0) == 5


def test_a_lone_missed_is_kept_against_slab_the_killer() -> None:
    t = Scenario(["bart_cassidy", "slab_the_killer", *PLAIN4[1:]], turn=1,
                 hands={1: ["bang"], 0: ["missed"]})
    t.play(1, "bang", target=0)
    assert ask(t) == Pass()
    two = Scenario(["bart_cassidy", "slab_the_killer", *PLAIN4[1:]], turn=1,
                   hands={1: ["bang"], 0: ["missed", "missed"]})
    two.play(1, "bang", target=0)
    assert is_play(two, ask(two), "missed")


@SEEING
def test_beer_when_dying(own_view: bool) -> None:
    t = table(0, own_view, turn=1, hands={1: ["bang"], 0: ["beer"]}, life={0: 1})
    play_hidden(t, 1, "bang", target=0)
    t.act(ask(t))  # nothing cancels the shot
    t.expect(0, DYING)
    action = ask(t)
    assert is_play(t, action, "beer")
    t.act(action)
    assert t.alive(0) and t.life(0) == 1


def test_a_duel_is_answered_when_the_challenger_is_short_of_bangs() -> None:
    t = Scenario(PLAIN5, turn=1, hands={1: ["duel", "missed"], 0: ["bang", "bang"]})
    t.play(1, "duel", target=0)
    t.expect(0, RESPOND_DUEL)
    assert is_play(t, ask(t), "bang")


def test_a_duel_is_given_up_against_a_full_hand_at_high_life() -> None:
    t = Scenario(PLAIN5, turn=1, hands={1: ["duel"] + ["beer"] * 6, 0: ["bang"]})
    t.play(1, "duel", target=0)
    assert ask(t) == Pass()


def test_a_deputy_lets_his_sheriff_win_a_duel() -> None:
    t = Scenario(PLAIN5, turn=0, hands={0: ["duel"], 4: ["bang", "bang", "bang"]})
    t.play(0, "duel", target=4)
    t.expect(4, RESPOND_DUEL)
    assert ask(t) == Pass()


# ---------------------------------------------------------------------- character picks


@pytest.mark.parametrize("deck", [["bang:2D", "beer:6H"], ["beer:6H", "bang:2D"]])
def test_lucky_duke_keeps_the_heart_for_his_barrel(deck: list[str]) -> None:
    t = Scenario(["lucky_duke", *PLAIN4], turn=1, hands={1: ["bang"]},
                 tables={0: ["barrel"]}, deck=deck)
    t.play(1, "bang", target=0)
    t.barrel(0)
    t.expect(0, PICK_CHECK)
    action = ask(t)
    assert isinstance(action, Choose)
    assert t.game.card(t.game.known[action.value]).suit == HEARTS


def test_lucky_duke_keeps_the_card_that_does_not_blow_up_his_dynamite() -> None:
    t = Scenario([*PLAIN4[:1], "lucky_duke", *PLAIN4[1:]], turn=1, phase=START,
                 tables={1: ["dynamite"]}, deck=["missed:2S", "bang:2D"])
    t.expect(1, PICK_CHECK)
    action = ask(t)
    assert named(t, Play(action.value, t.game.known[action.value])) == "bang"


def test_lucky_duke_keeps_the_heart_that_frees_him_from_jail() -> None:
    t = Scenario([*PLAIN4[:1], "lucky_duke", *PLAIN4[1:]], turn=1, phase=START,
                 tables={1: ["jail"]}, deck=["bang:2D", "beer:6H"])
    t.expect(1, PICK_CHECK)
    action = ask(t)
    assert t.game.card(t.game.known[action.value]).suit == HEARTS


def test_kit_carlson_puts_back_the_least_useful_card() -> None:
    t = Scenario(PLAIN5, turn=1, phase=START, deck=["bang", "dynamite", "wells_fargo"])
    t.expect(1, PUT_BACK)
    action = ask(t)
    assert t.game.card_name(t.game.known[action.value]) == "dynamite"


def test_the_general_store_pick_is_the_best_card() -> None:
    t = Scenario(PLAIN5, turn=0, hands={0: ["general_store"]},
                 deck=["dynamite", "missed", "barrel", "saloon", "jail"])
    t.play(0, "general_store")
    t.expect(0, STORE_PICK)
    action = ask(t)
    assert t.game.card_name(t.game.known[action.value]) == "barrel"


def test_jesse_jones_draws_from_the_sheriffs_hand_as_an_outlaw() -> None:
    t = Scenario(["black_jack", "kit_carlson", "jesse_jones", "vulture_sam"], turn=2,
                 phase=START, hands={0: ["missed"], 1: ["bang"], 3: ["beer"]})
    assert ask(t) == Choose(0)


@pytest.mark.parametrize("top,take", [("beer", True), ("bang", True), ("dynamite", False)])
def test_pedro_ramirez_takes_a_good_discard(top: str, take: bool) -> None:
    t = Scenario(["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"], turn=3,
                 phase=START, discard=["missed", top], life={3: 2})
    assert ask(t) == Choose(DRAW_FROM_DISCARD if take else DRAW_FROM_DECK)


def test_calamity_janet_fires_a_bang_before_a_missed() -> None:
    t = Scenario(["black_jack", "calamity_janet", *PLAIN4[1:]], turn=1,
                 hands={1: ["missed", "bang", "missed"]})
    assert any(is_play(t, a, "missed", target=0) for a in t.legal())
    assert is_play(t, ask(t), "bang", target=0)
