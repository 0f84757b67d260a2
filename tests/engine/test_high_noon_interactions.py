"""Event cards meeting the other rules: Hangover with Dodge City characters, Blessing and
Curse on every "draw!" (Barrel, Jail, Dynamite, Lucky Duke), The Sermon, Ghost Town with
Dodge City.

Seat 0 is the Sheriff (5 lives) of a 4-player table seated by number: seats 1 and 3 are at
distance 1 from seat 0, seat 2 at distance 2.
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import (
    DISCARD,
    DRAW_FROM_DISCARD,
    PICK_CHECK,
    PLAY,
    RESPOND_SHOT,
    Ability,
    Pass,
    Play,
    PlayPaid,
    UseBarrel,
)
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city, fistful, high_noon

EVERYTHING = RuleSet((base.MODULE, dodge_city.MODULE, high_noon.MODULE, fistful.MODULE))
FILL = ["vulture_sam"] * 4


def table_of(characters: list[str] = FILL, **kw: Any) -> Scenario:
    return Scenario(characters, rules=EVERYTHING, **kw)


def with_seat(name: str, seat: int) -> list[str]:
    characters = list(FILL)
    characters[seat] = name
    return characters


# ---------------------------------------------------------------------- Hangover


def test_hangover_belle_star_does_not_silence_cards_in_play() -> None:
    table = table_of(with_seat("belle_star", 0), event="hangover", hands={0: ["bang"]},
                     tables={1: ["barrel"]}, deck=["beer:6H"])
    table.play(0, "bang", target=1)
    assert UseBarrel() in table.legal()
    table.barrel(1)
    assert table.life(1) == 4


def test_hangover_apache_kid_is_hit_by_diamonds() -> None:
    table = table_of(with_seat("apache_kid", 1), event="hangover", hands={0: ["bang:2D"]})
    table.play(0, "bang:2D", target=1)
    assert table.life(1) == 2


def test_hangover_elena_fuente_answers_only_with_missed() -> None:
    table = table_of(with_seat("elena_fuente", 1), event="hangover", hands={0: ["bang"],
                     1: ["beer", "panic"]})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    assert table.legal() == [Pass()]


def test_hangover_sean_mallory_keeps_only_his_life_in_cards() -> None:
    table = table_of(with_seat("sean_mallory", 0), event="hangover", life={0: 2},
                     hands={0: ["beer", "missed", "panic", "duel"]}, roles=[
                         "sheriff", "outlaw", "outlaw", "renegade"])
    table.pass_(0)
    table.expect(0, DISCARD)


def test_hangover_vera_custer_copies_nobody() -> None:
    table = table_of(with_seat("vera_custer", 1), event="hangover", turn=1, phase=START,
                     deck=["beer", "bang"])
    table.expect(1, PLAY)
    assert not any(e.kind == "copy" for e in table.events)


def test_hangover_chuck_wengam_and_doc_holyday_have_no_ability() -> None:
    table = table_of(with_seat("doc_holyday", 0), event="hangover",
                     hands={0: ["beer", "missed"]})
    assert not any(isinstance(a, Ability) for a in table.legal())


def test_without_hangover_the_same_seat_has_its_ability() -> None:
    table = table_of(with_seat("doc_holyday", 0), hands={0: ["beer", "missed"]})
    assert any(isinstance(a, Ability) for a in table.legal())


def test_hangover_willy_the_kid_plays_one_bang() -> None:
    """Hangover: "Characters lose their abilities" (cards.md 3): Willy the Kid's "any
    number of BANG!" is gone, the one-per-turn limit holds."""
    table = table_of(with_seat("willy_the_kid", 0), event="hangover",
                     hands={0: ["bang", "bang"]}, bangs_played=1)
    assert not table.is_legal(0, "bang", target=1)
    plain = table_of(with_seat("willy_the_kid", 0), hands={0: ["bang", "bang"]},
                     bangs_played=1)
    assert plain.is_legal(0, "bang", target=1)


def test_hangover_slab_the_killer_is_stopped_by_one_missed() -> None:
    """Hangover silences Slab the Killer: one Missed! cancels his BANG!."""
    table = table_of(with_seat("slab_the_killer", 0), event="hangover",
                     hands={0: ["bang"], 1: ["missed", "missed"]})
    table.play(0, "bang", target=1)
    table.respond(1, "missed")
    table.expect(0, PLAY)
    assert table.life(1) == 4 and table.hand(1) == ["missed"]


def test_hangover_jourdonnais_has_no_barrel_of_his_own() -> None:
    """Hangover silences Jourdonnais: no "draw!" against a shot without a Barrel card."""
    table = table_of(with_seat("jourdonnais", 1), event="hangover", hands={0: ["bang"],
                     1: ["beer"]}, deck=["beer:6H"])
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    assert UseBarrel() not in table.legal()


def test_hangover_paul_regret_is_seen_at_the_usual_distance() -> None:
    """Hangover silences Paul Regret's +1: seat 2 is at distance 2 from the Sheriff."""
    table = table_of(with_seat("paul_regret", 2), event="hangover")
    assert table.game.distance(0, 2) == 2
    assert table_of(with_seat("paul_regret", 2)).game.distance(0, 2) == 3


def test_hangover_tequila_joe_regains_one_life_with_a_beer() -> None:
    """Hangover silences Tequila Joe (seed 002: "va primi 2 vieți în loc de 1"): 1 life."""
    table = table_of(with_seat("tequila_joe", 0), event="hangover", hands={0: ["beer"]},
                     life={0: 2})
    table.play(0, "beer")
    assert table.life(0) == 3


def test_hangover_pixie_pete_draws_two() -> None:
    table = table_of(with_seat("pixie_pete", 1), event="hangover", turn=1, phase=START,
                     deck=["beer", "bang", "missed"])
    assert len(table.hand(1)) == 2


# ---------------------------------------------------------------------- Blessing, Curse


def test_blessing_a_barrel_draws_a_spade_as_a_heart() -> None:
    table = table_of(event="blessing", hands={0: ["bang"]}, tables={1: ["barrel"]},
                     deck=["missed:2S"])
    table.play(0, "bang", target=1)
    table.barrel(1)
    assert table.life(1) == 4


def test_blessing_dynamite_never_explodes() -> None:
    table = table_of(event="blessing", turn=1, phase=START, tables={1: ["dynamite"]},
                     deck=["missed:2S", "beer", "bang"])
    assert table.life(1) == 4 and table.in_play(2) == ["dynamite"]


def test_curse_jail_is_never_escaped() -> None:
    table = table_of(event="curse", turn=1, phase=START, tables={1: ["jail"]},
                     deck=["beer:6H", "bang", "missed"])
    table.expect(2, PLAY)
    assert any(e.kind == "skip_turn" for e in table.events)


def test_curse_lucky_duke_picks_between_two_spades() -> None:
    table = table_of(with_seat("lucky_duke", 1), event="curse", turn=1, phase=START,
                     tables={1: ["jail"]}, deck=["beer:6H", "panic:JH", "bang", "missed"])
    decision = table.expect(1, PICK_CHECK)
    table.choose(1, decision.options[0])
    table.expect(2, PLAY)  # both count as spades: he stays in Jail


def test_blessing_lucky_duke_escapes_with_either_card() -> None:
    table = table_of(with_seat("lucky_duke", 1), event="blessing", turn=1, phase=START,
                     tables={1: ["jail"]}, deck=["missed:2S", "bang:AS", "beer", "panic"])
    decision = table.expect(1, PICK_CHECK)
    table.choose(1, decision.options[1])
    table.expect(1, PLAY)


def test_blessing_black_jack_shows_a_spade_and_draws_again() -> None:
    table = table_of(with_seat("black_jack", 1), event="blessing", turn=1, phase=START,
                     deck=["beer", "missed:2S", "bang"])
    assert len(table.hand(1)) == 3


# ---------------------------------------------------------------------- The Sermon


def test_the_sermon_calamity_janet_cannot_use_missed_as_bang() -> None:
    table = table_of(with_seat("calamity_janet", 0), event="the_sermon",
                     hands={0: ["missed", "bang"]})
    assert not any(isinstance(a, Play) and a.target == 1 for a in table.legal())


def test_the_sermon_other_cards_that_shoot_are_allowed() -> None:
    table = table_of(event="the_sermon", hands={0: ["gatling", "punch", "duel"]})
    names = {table.game.card_name(a.card) for a in table.legal() if isinstance(a, Play)}
    assert names == {"gatling", "punch", "duel"}


def test_the_reverend_whisky_and_tequila_still_heal() -> None:
    """The Reverend: "Beer cannot be played" (cards.md 3); Whisky and Tequila (Dodge City)
    heal but are not Beer cards (like Saloon, D14), so they are played as usual."""
    table = table_of(event="the_reverend", life={0: 1},
                     hands={0: ["whisky", "tequila", "bang", "missed"]})
    table.play_paid(0, "whisky", "bang")
    assert table.life(0) == 3
    table.play_paid(0, "tequila", "missed", target=0)
    assert table.life(0) == 4


def test_the_sermon_bang_is_still_answered_out_of_turn() -> None:
    table = table_of(event="the_sermon", hands={0: ["indians"], 1: ["bang"]})
    table.play(0, "indians")
    table.respond(1, "bang")
    assert table.life(1) == 4


# ---------------------------------------------------------------------- Ghost Town


def test_ghost_town_a_ghost_green_card_leaves_with_him() -> None:
    table = table_of(event="ghost_town", turn=1, dead=[2],
                     deck=["bible", "beer", "bang", "panic", "duel"])
    table.pass_(1)
    table.play(2, "bible")
    assert table.in_play(2) == ["bible"]
    table.pass_(2)
    assert table.in_play(2) == [] and "bible" in table.discard_pile()


def test_ghost_town_greg_digger_as_a_ghost_gains_no_life() -> None:
    characters = with_seat("greg_digger", 2)
    table = table_of(characters, event="ghost_town", turn=1, dead=[2],
                     life={3: 1}, deck=["duel", "bang", "missed", "bang", "beer"])
    table.pass_(1)
    table.play(2, "duel", target=3)  # seat 3 holds no BANG!: he loses it
    assert not table.alive(3)
    assert table.life(2) == 0  # his ability fires, but a ghost has no life to regain


def test_ghost_town_belle_star_silences_cards_in_her_ghost_turn() -> None:
    table = table_of(with_seat("belle_star", 2), event="ghost_town", turn=1, dead=[2],
                     tables={3: ["barrel"]}, deck=["bang", "beer", "missed", "panic"])
    table.pass_(1)
    table.play(2, "bang", target=3)
    assert table.life(3) == 3  # no Barrel in her turn


def test_ghost_town_vulture_sam_does_not_take_a_leaving_ghosts_cards() -> None:
    table = table_of(event="ghost_town", turn=1, dead=[2],
                     deck=["beer", "bang", "missed", "panic"])
    table.pass_(1)
    table.pass_(2)
    assert sorted(table.discard_pile()) == ["bang", "beer", "missed"]
    assert not any(e.kind == "take_all" for e in table.events)
    assert table.hand(0) == []


def test_ghost_town_a_jailed_ghost_cannot_be_jailed() -> None:
    """Jail targets the living only; the ghost has left again before anyone's turn."""
    table = table_of(event="ghost_town", hands={0: ["jail"]}, dead=[2])
    assert not table.is_legal(0, "jail", target=2)


def test_ghost_town_pixie_pete_as_a_ghost_draws_three() -> None:
    table = table_of(with_seat("pixie_pete", 2), event="ghost_town", turn=1, dead=[2],
                     deck=["beer", "bang", "missed", "panic", "duel"])
    table.pass_(1)
    assert len(table.hand(2)) == 3  # a ghost draws 3, whatever his character
    table.expect(2, PLAY)


# ---------------------------------------------------------------------- Fistful meets Dodge City


def test_sniper_cannot_hit_apache_kid_with_a_diamond() -> None:
    table = table_of(with_seat("apache_kid", 1), event="sniper",
                     hands={0: ["bang:2D", "bang:2C"]})
    assert not any(isinstance(a, PlayPaid) and a.target == 1 for a in table.legal())
    assert any(isinstance(a, PlayPaid) and a.target == 3 for a in table.legal())


def test_ricochet_with_a_diamond_misses_apache_kids_cards() -> None:
    table = table_of(with_seat("apache_kid", 1), event="ricochet",
                     hands={0: ["bang:2D"]}, tables={1: ["barrel"], 2: ["mustang"]})
    assert {a.target for a in table.legal() if isinstance(a, Play)
            and a.target_slot >= 0} == {2}


def test_russian_roulette_elena_fuente_discards_any_card() -> None:
    table = table_of(with_seat("elena_fuente", 0), turn=3, events=["russian_roulette"],
                     hands={0: ["beer"]}, deck=["beer"] * 4)
    table.pass_(3)
    table.respond(0, "beer")  # her ability: any card as a Missed!
    assert table.life(0) == table.game.players[0].max_life
    assert table.life(1) == 2  # seat 1 holds nothing: the roulette stops at him


# ---------------------------------------------------------------------- Thirst, Train Arrival


def test_thirst_pixie_pete_draws_two_and_train_arrival_four() -> None:
    deck = ["beer", "bang", "missed", "panic", "duel"]
    thirst = table_of(with_seat("pixie_pete", 1), event="thirst", turn=1, phase=START,
                      deck=deck)
    assert len(thirst.hand(1)) == 2
    train = table_of(with_seat("pixie_pete", 1), event="train_arrival", turn=1, phase=START,
                     deck=deck)
    assert len(train.hand(1)) == 4


def test_thirst_bill_noface_draws_one_per_wound() -> None:
    table = table_of(with_seat("bill_noface", 1), event="thirst", turn=1, phase=START,
                     life={1: 2}, deck=["beer", "bang", "missed", "panic"])
    assert len(table.hand(1)) == 2


def test_thirst_black_jack_draws_one_and_shows_nothing() -> None:
    table = table_of(with_seat("black_jack", 1), event="thirst", turn=1, phase=START,
                     deck=["beer:6H", "bang", "missed"])
    assert table.hand(1) == ["beer"]
    assert not any(e.kind == "show_draw" for e in table.events)


def test_train_arrival_pedro_ramirez_takes_the_discard_and_two_more() -> None:
    table = table_of(with_seat("pedro_ramirez", 1), event="train_arrival", turn=1,
                     phase=START, discard=["duel"], deck=["beer", "bang", "missed"])
    table.choose(1, DRAW_FROM_DISCARD)
    assert sorted(table.hand(1)) == ["bang", "beer", "duel"]


def test_hangover_lucky_duke_flips_one_card() -> None:
    table = table_of(with_seat("lucky_duke", 1), event="hangover", turn=1, phase=START,
                     tables={1: ["jail"]}, deck=["bang:AS", "beer:6H", "missed", "panic"])
    table.expect(2, PLAY)  # one flip, a Spade: no pick, he stays in Jail
    assert any(e.kind == "skip_turn" for e in table.events)


# ---------------------------------------------------------------------- Dodge City's 3 players


def test_three_players_a_new_round_starts_at_the_dead_openers_place() -> None:
    """No Sheriff: the event changes when the turn comes round to the opener's place, even
    when he is dead, and the round starts with whoever takes a turn there under the new
    event (regression: a ghost turn was chosen before Thirst covered Ghost Town)."""
    table = table_of(["vulture_sam"] * 3, event="ghost_town", events=["thirst"], turn=2,
                     dead=[0], deck=["beer", "bang", "missed", "panic"])
    assert table.game.first_seat == 0
    table.pass_(2)
    assert table.game.event_name() == "thirst"
    table.expect(1, PLAY)
    assert table.hand(1) == ["beer"]


def test_three_players_ghost_town_the_dead_opener_plays_as_a_ghost() -> None:
    table = table_of(["vulture_sam"] * 3, event="thirst", events=["ghost_town"], turn=2,
                     dead=[0], deck=["beer", "bang", "missed", "panic"])
    table.pass_(2)
    assert table.game.event_name() == "ghost_town"
    table.expect(0, PLAY)
    assert len(table.hand(0)) == 3
