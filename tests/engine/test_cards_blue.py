"""Blue cards of the base game: Barrel, Dynamite, Jail, Mustang, Scope and the five weapons.

Rules authority: the base rulebooks in shared/seeds (001 Hungarian, 002 Romanian) and
shared/reference/cards.md. Seat 0 is the Sheriff; ``phase=START`` begins a turn before its
"draw!" checks. The characters below do not act on the checks, draws or shots tested here.
"""

from __future__ import annotations

import pytest

from p2pbang.engine.actions import NO_SEAT, PLAY, RESPOND_SHOT, Pass, Play, UseBarrel
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.scenario import Scenario

NEUTRAL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]
# For turns that start with a "draw!": nobody here changes phase 1 or a check.
PLAIN = ["willy_the_kid", "slab_the_killer", "vulture_sam", "calamity_janet"]


def targets(table: Scenario, name: str) -> set[int]:
    """The seats the pending player may play a card called ``name`` at."""
    return {a.target for a in table.legal()
            if isinstance(a, Play) and table.game.card_name(a.card) == name}


def events(table: Scenario, kind: str) -> list:
    return [e for e in table.events if e.kind == kind]


# ---------------------------------------------------------------------- blue cards in general


def test_a_blue_card_stays_in_play_in_front_of_its_player() -> None:
    """Blue cards are played face up in front of you and stay in play."""
    table = Scenario(NEUTRAL, hands={0: ["barrel", "mustang"]})
    table.play(0, "barrel")
    table.play(0, "mustang")
    assert table.in_play(0) == ["barrel", "mustang"]
    assert table.hand(0) == [] and table.discard_pile() == []


@pytest.mark.parametrize("name", ["barrel", "mustang", "volcanic"])
def test_never_two_cards_of_one_name_in_play(name: str) -> None:
    """"You cannot have two copies of the same card in play" (same name = same card)."""
    table = Scenario(NEUTRAL, hands={0: [name]}, tables={0: [name]})
    assert not table.is_legal(0, name)


# ---------------------------------------------------------------------- Barrel


def test_barrel_draw_of_a_heart_cancels_the_shot() -> None:
    """Barrel: when shot, "draw!": a Heart counts as a Missed!."""
    table = Scenario(NEUTRAL, hands={0: ["bang"], 1: ["beer"]}, tables={1: ["barrel"]},
                     deck=["beer:6H"])
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    table.barrel(1)
    assert table.life(1) == 4
    assert table.hand(1) == ["beer"]
    assert table.discard_pile() == ["bang", "beer"]  # the drawn card is discarded
    table.expect(0, PLAY)


@pytest.mark.parametrize("drawn", ["bang:2D", "missed:2S", "bang:2C"])
def test_barrel_fails_on_any_other_suit_and_missed_may_follow(drawn: str) -> None:
    """Barrel: on any other suit it has no effect, but you "can still play a Missed!"."""
    table = Scenario(NEUTRAL, hands={0: ["bang"], 1: ["missed"]}, tables={1: ["barrel"]},
                     deck=[drawn])
    table.play(0, "bang", target=1)
    table.barrel(1)
    decision = table.expect(1, RESPOND_SHOT)
    assert decision.needed == 1
    assert UseBarrel() not in table.legal()  # one draw! per Barrel and shot
    table.respond(1, "missed")
    assert table.life(1) == 4


def test_barrel_failed_and_no_missed_means_a_hit() -> None:
    """A failed Barrel draw with nothing else to answer: the shot hits."""
    table = Scenario(NEUTRAL, hands={0: ["bang"]}, tables={1: ["barrel"]},
                     deck=["bang:2D"])
    table.play(0, "bang", target=1)
    table.barrel(1)
    assert table.life(1) == 3
    table.expect(0, PLAY)


def test_barrel_works_against_gatling() -> None:
    """Gatling is a BANG! at every other player: the Barrel may answer each shot."""
    table = Scenario(NEUTRAL, hands={0: ["gatling"], 2: ["beer"], 3: ["beer"]},
                     tables={1: ["barrel"]}, deck=["beer:6H"])
    table.play(0, "gatling")
    table.expect(1, RESPOND_SHOT)
    table.barrel(1)
    assert table.life(1) == 4


def test_barrel_is_optional() -> None:
    """Using the Barrel is a choice: a player may answer with a Missed! straight away."""
    table = Scenario(NEUTRAL, hands={0: ["bang"], 1: ["missed"]}, tables={1: ["barrel"]})
    table.play(0, "bang", target=1)
    legal = table.legal()
    assert UseBarrel() in legal and Pass() in legal
    table.respond(1, "missed")
    assert table.life(1) == 4 and table.deck_size() == 80 - 3


# ---------------------------------------------------------------------- Dynamite


def test_dynamite_is_played_in_front_of_yourself() -> None:
    """Dynamite: "play this card in front of you"; it does nothing this turn."""
    table = Scenario(NEUTRAL, hands={0: ["dynamite"]})
    assert [a.target for a in table.legal() if isinstance(a, Play)] == [NO_SEAT]
    table.play(0, "dynamite")
    assert table.in_play(0) == ["dynamite"]
    assert not events(table, "dynamite_check")


@pytest.mark.parametrize("drawn", ["missed:2S", "winchester:8S", "stagecoach:9S"])
def test_dynamite_explodes_on_two_to_nine_of_spades(drawn: str) -> None:
    """Dynamite: "draw!" at the start of your turn; 2 to 9 of Spades explodes: 3 damage,
    the Dynamite is discarded, and the turn goes on."""
    table = Scenario(PLAIN, tables={0: ["dynamite"]}, phase=START,
                     deck=[drawn, "beer", "missed"])
    assert table.life(0) == 2
    assert table.in_play(0) == []
    assert set(table.discard_pile()) == {"dynamite", drawn.partition(":")[0]}
    assert events(table, "explode")
    table.expect(0, PLAY)
    assert table.hand(0) == ["beer", "missed"]


@pytest.mark.parametrize("drawn", ["jail:10S", "beer:9H", "bang:AS", "barrel:QS"])
def test_dynamite_passes_left_on_any_other_card(drawn: str) -> None:
    """Dynamite: outside 2-9 of Spades (10S, 9H, AS...) it passes to the player on the left."""
    table = Scenario(PLAIN, tables={0: ["dynamite"]}, phase=START, deck=[drawn])
    assert table.life(0) == 5
    assert table.in_play(0) == [] and table.in_play(1) == ["dynamite"]
    assert events(table, "pass_dynamite")[0].target == 1
    table.expect(0, PLAY)


def test_dynamite_passes_to_the_next_living_player() -> None:
    """The eliminated are out of the game: the Dynamite skips them."""
    table = Scenario(PLAIN, tables={1: ["dynamite"]}, phase=START, turn=1, dead=[2],
                     deck=["beer:9H"])
    assert table.in_play(3) == ["dynamite"]
    table.expect(1, PLAY)


def test_dynamite_is_checked_before_jail() -> None:
    """"If you have both Dynamite and Jail in play, check the Dynamite first"."""
    table = Scenario(PLAIN, tables={1: ["jail", "dynamite"]}, phase=START, turn=1,
                     deck=["beer:9H", "bang:2D"])
    checks = [e for e in table.events if e.kind in ("dynamite_check", "jail_check")]
    assert [(e.kind, e.seat) for e in checks[:2]] == [("dynamite_check", 1), ("jail_check", 1)]
    assert "skip_turn" in table.event_kinds()  # 2D is no Heart: the jailed player stays in
    # The Dynamite went on to seat 2, who "draw!"s for it at the start of his own turn.
    assert ("dynamite_check", 2) in [(e.kind, e.seat) for e in checks]


def test_dynamite_kills_and_nobody_is_responsible() -> None:
    """Damage from Dynamite "is not caused by any player"; the turn passes on."""
    table = Scenario(PLAIN, tables={1: ["dynamite"]}, phase=START, turn=1, life={1: 3},
                     deck=["missed:5S"])
    assert not table.alive(1)
    (elimination,) = events(table, "eliminated")
    assert elimination.target == NO_SEAT
    assert not events(table, "reward")
    table.expect(2, PLAY)


# ---------------------------------------------------------------------- Jail


def test_jail_is_played_on_any_other_player_but_the_sheriff() -> None:
    """Jail: in front of any player regardless of distance; never on the Sheriff."""
    table = Scenario(NEUTRAL, hands={1: ["jail"]}, turn=1)
    assert targets(table, "jail") == {2, 3}
    table.play(1, "jail", target=3)
    assert table.in_play(3) == ["jail"] and table.in_play(1) == []


def test_jail_not_on_a_player_already_in_jail() -> None:
    """One Jail at a time in front of a player (never two same-named cards in play)."""
    table = Scenario(NEUTRAL, hands={1: ["jail"]}, tables={3: ["jail"]}, turn=1)
    assert targets(table, "jail") == {2}


def test_jail_skips_the_turn_unless_a_heart_is_drawn() -> None:
    """Jail: "draw!" at your turn's start; not a Heart: discard the Jail, skip the turn."""
    table = Scenario(PLAIN, tables={1: ["jail"]}, hands={1: ["bang", "bang", "bang",
                                                             "bang", "bang"]},
                     phase=START, turn=1, deck=["bang:2D", "beer", "missed", "gatling"])
    assert table.in_play(1) == []
    assert sorted(table.discard_pile()) == ["bang", "jail"]
    assert "skip_turn" in table.event_kinds()
    assert len(table.hand(1)) == 5  # no draw, no play, no discard: the turn is lost
    table.expect(2, PLAY)
    assert table.hand(2) == ["beer", "missed"]


def test_jail_escape_on_a_heart_plays_the_turn_normally() -> None:
    """Jail: on a Heart you escape: discard the Jail and play your turn as usual."""
    table = Scenario(PLAIN, tables={1: ["jail"]}, phase=START, turn=1,
                     deck=["beer:7H", "missed", "gatling"])
    assert table.in_play(1) == []
    assert "escape" in table.event_kinds()
    table.expect(1, PLAY)
    assert table.hand(1) == ["missed", "gatling"]


# ---------------------------------------------------------------------- Mustang, Scope


def test_mustang_makes_you_one_farther_for_the_others() -> None:
    """Mustang: the other players see you at distance +1; you see them as before."""
    table = Scenario(NEUTRAL, hands={0: ["bang"]}, tables={1: ["mustang"]})
    game = table.game
    assert game.distance(0, 1) == 2 and game.distance(2, 1) == 2
    assert game.distance(1, 0) == 1 and game.distance(1, 2) == 1
    assert targets(table, "bang") == {3}


def test_scope_makes_the_others_one_closer() -> None:
    """Scope: you see the others at distance -1 (never below 1); they see you as before."""
    table = Scenario(NEUTRAL, hands={0: ["bang"]}, tables={0: ["scope"]})
    game = table.game
    assert [game.distance(0, s) for s in (1, 2, 3)] == [1, 1, 1]
    assert game.distance(2, 0) == 2
    assert targets(table, "bang") == {1, 2, 3}


def test_mustang_and_scope_cancel_out() -> None:
    """"If Carl has a Mustang, the two cards cancel out": distance back to 2."""
    table = Scenario(NEUTRAL, tables={0: ["scope"], 2: ["mustang"]})
    assert table.game.distance(0, 2) == 2


# ---------------------------------------------------------------------- weapons

# Seven seats; from seat 0: seats 1 and 6 at 1, 2 and 5 at 2, seat 4 at 3 + Mustang = 4,
# seat 3 (Paul Regret) at 3 + Mustang + his own +1 = 5.
SEVEN = ["black_jack", "kit_carlson", "jesse_jones", "paul_regret", "pedro_ramirez",
         "vulture_sam", "sid_ketchum"]
REACH = {
    None: {1, 6},
    "volcanic": {1, 6},
    "schofield": {1, 2, 5, 6},
    "remington": {1, 2, 5, 6},
    "rev_carabine": {1, 2, 4, 5, 6},
    "winchester": {1, 2, 3, 4, 5, 6},
}


@pytest.mark.parametrize("weapon", list(REACH))
def test_weapon_sets_the_bang_reach(weapon: str | None) -> None:
    """A weapon's number is the greatest distance its BANG! cards reach (Colt .45: 1)."""
    table = Scenario(SEVEN, hands={0: ["bang"]},
                     tables={0: [weapon] if weapon else [], 3: ["mustang"], 4: ["mustang"]})
    assert targets(table, "bang") == REACH[weapon]


def test_remington_reaches_three() -> None:
    """Remington reaches distance 3, where the Schofield (2) does not."""
    plain = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez", "vulture_sam",
             "sid_ketchum", "willy_the_kid"]
    table = Scenario(plain, hands={0: ["bang"]}, tables={0: ["remington"]})
    assert targets(table, "bang") == {1, 2, 3, 4, 5, 6}
    table = Scenario(plain, hands={0: ["bang"]}, tables={0: ["schofield"]})
    assert targets(table, "bang") == {1, 2, 5, 6}


def test_weapons_do_not_change_distance() -> None:
    """"Weapons do not change the distance between players"."""
    table = Scenario(NEUTRAL, tables={0: ["winchester"]})
    assert table.game.distance(0, 2) == 2


def test_a_new_weapon_replaces_the_old_one() -> None:
    """One weapon in play: "when you play a new one, discard the old one"."""
    table = Scenario(NEUTRAL, hands={0: ["schofield"]}, tables={0: ["volcanic", "barrel"]})
    assert table.is_legal(0, "schofield")
    table.play(0, "schofield")
    assert table.in_play(0) == ["barrel", "schofield"]
    assert table.discard_pile() == ["volcanic"]
    assert table.game.reach(0) == 2


def test_volcanic_allows_any_number_of_bang_cards_at_distance_one() -> None:
    """Volcanic: play any number of BANG! cards in your turn, at targets at distance 1."""
    table = Scenario(NEUTRAL, hands={0: ["bang", "bang", "bang"]},
                     tables={0: ["volcanic"]})
    assert targets(table, "bang") == {1, 3}
    table.play(0, "bang", target=1)
    table.play(0, "bang", target=1)
    table.play(0, "bang", target=3)
    assert table.life(1) == 2 and table.life(3) == 3
    assert table.game.bangs_played == 3
