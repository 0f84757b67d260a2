"""High Noon: the event pile (D13) and each of its 13 cards, one rule per test (seed 002
"High Noon"; cards.md section 3; rulings D13-D18 of faq-scenarios.md).

Seat 0 is the Sheriff (5 lives) of a 4-player table seated by number: seats 1 and 3 are at
distance 1 from seat 0, seat 2 at distance 2. Vulture Sam is the filler: his ability only
acts at an elimination.
"""

from __future__ import annotations

from typing import Any

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import (
    DYING,
    EVENT_PICK,
    EXCHANGE,
    GUESS,
    PLAY,
    PUT_BACK,
    RESPOND_DUEL,
    RESPOND_MISSED,
    Decision,
    End,
    Event,
    Pass,
    Play,
)
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, high_noon
from p2pbang.engine.chance import ChanceResult, Reveal, Shuffle
from p2pbang.engine.wire import pack, unpack

HIGH_NOON = RuleSet((base.MODULE, high_noon.MODULE))
FILL = ["vulture_sam"] * 4


def table_of(characters: list[str] = FILL, **kw: Any) -> Scenario:
    return Scenario(characters, rules=HIGH_NOON, **kw)


def names(table: Scenario, kind: str) -> list[Event]:
    return [e for e in table.events if e.kind == kind]


# ---------------------------------------------------------------------- the pile (D13)


def _next_input(game: Game, dealer: LocalDealer) -> Any:
    """Every seat passes (or discards its first card, or takes the hit)."""
    pending = game.pending
    if isinstance(pending, Decision):
        legal = game.legal_actions()
        return Pass() if Pass() in legal else legal[0]
    return dealer.resolve(pending)


def test_the_event_pile_is_shuffled_by_the_dealer_with_high_noon_last() -> None:
    game = Game(4, rules=HIGH_NOON)
    dealer = LocalDealer(7)
    shuffles = []
    while not isinstance(game.pending, Decision):
        if isinstance(game.pending, Shuffle):
            shuffles.append(game.pending)
        game.apply(dealer.resolve(game.pending))
    events = next(s for s in shuffles if s.pile == "events")
    assert sorted(HIGH_NOON.events[i].name for i in events.cards) == sorted(
        e.name for e in HIGH_NOON.events if not e.final)
    assert len(game.event_pile) == 12
    assert HIGH_NOON.events[game.event_final].name == "high_noon"
    assert game.event_name() is None


def test_d13_first_event_before_the_sheriffs_second_turn_and_high_noon_stays() -> None:
    game = Game(4, rules=HIGH_NOON)
    dealer = LocalDealer(3)
    sheriff_turns = 0
    shown: list[str] = []
    awaiting_sheriff = False
    for _ in range(20000):
        if isinstance(game.pending, End):
            break
        for event in game.apply(_next_input(game, dealer)):
            if event.kind == "turn" and awaiting_sheriff:  # revealed before his turn
                assert event.seat == game.sheriff
                awaiting_sheriff = False
            if event.kind == "event":
                shown.append(HIGH_NOON.events[event.value].name)
                awaiting_sheriff = True
            if event.kind == "turn" and event.seat == game.sheriff:
                sheriff_turns += 1
                assert len(shown) == min(sheriff_turns - 1, 13)
    assert sheriff_turns >= 2
    assert len(set(shown)) == len(shown)
    if sheriff_turns > 13:
        assert shown[-1] == "high_noon" and game.event_name() == "high_noon"


def test_the_pile_lies_face_up_so_the_next_event_is_public_before_it_comes() -> None:
    """Seed 002 (002_66569a02be821831.txt, "High Noon"): the Sheriff "așează acest teanc cu
    fața în sus lângă el" and takes its top card "având grijă să nu se observe decât
    următoarea carte din teanc": the next event is seen by everyone before it is in force.
    The top card is revealed right after the shuffle, and each time one comes into force
    the one under it is revealed; after the last, the final card is the next."""
    game = Game(4, rules=HIGH_NOON)
    dealer = LocalDealer(11)
    seen: list[Any] = []
    while not isinstance(game.pending, Decision):
        seen.extend(e for e in game.apply(dealer.resolve(game.pending)) if e.kind.startswith(
            "event"))
    assert game.event_name() is None
    top = game.event_pile[-1]
    assert game.next_event() == game.event_known[top] == dealer.cards[top]
    assert [e.kind for e in seen] == ["event_pile", "event_next"]
    assert seen[-1].value == game.next_event()
    table = table_of(turn=3, events=["thirst", "shootout"], deck=["beer", "bang"])
    table.pass_(3)
    assert table.game.event_name() == "thirst"
    assert HIGH_NOON.events[table.game.next_event()].name == "shootout"
    nexts = [HIGH_NOON.events[e.value].name for e in names(table, "event_next")]
    assert nexts[-1] == "shootout"
    last = table_of(turn=3, events=["thirst"], deck=["beer", "bang"])
    last.pass_(3)
    assert HIGH_NOON.events[last.game.next_event()].name == "high_noon"


def test_a_laid_out_pile_reveals_its_top_card_before_the_sheriffs_turn() -> None:
    table = table_of(turn=3, events=["thirst", "shootout"], deck=["beer", "bang"])
    assert table.game.event_name() is None
    table.pass_(3)
    assert table.game.event_name() == "thirst"
    assert [e.kind for e in names(table, "event")] == ["event"]
    table.expect(0, PLAY)
    assert table.hand(0) == ["beer"]  # Thirst: one card


def test_the_final_card_follows_the_pile_and_is_not_revealed_twice() -> None:
    table = table_of(turn=3, events=[], event="thirst", deck=["beer"] * 6)
    table.pass_(3)
    assert table.game.event_name() == "high_noon"
    assert table.life(0) == 4  # High Noon: the Sheriff loses 1 at his turn's start


# ---------------------------------------------------------------------- the cards


def test_blessing_every_card_counts_as_hearts_for_a_draw() -> None:
    table = table_of(event="blessing", turn=1, phase=START, tables={1: ["jail"]},
                     deck=["missed:2S", "beer", "bang"])
    table.expect(1, PLAY)
    assert [e.kind for e in table.events if e.kind in ("escape", "skip_turn")] == ["escape"]


def test_curse_every_card_counts_as_spades_so_a_barrel_fails_on_hearts() -> None:
    table = table_of(event="curse", hands={0: ["bang"]}, tables={1: ["barrel"]},
                     deck=["beer:6H"])
    table.play(0, "bang", target=1)
    table.barrel(1)  # no card left to answer with: the hit lands
    assert table.life(1) == 3


def test_curse_makes_dynamite_explode_on_a_heart() -> None:
    table = table_of(event="curse", turn=1, phase=START, tables={1: ["dynamite"]},
                     deck=["beer:6H", "bang", "bang"], life={1: 4})
    assert table.life(1) == 1


def test_the_daltons_each_player_discards_a_blue_card_of_his_pick() -> None:
    """D17: a lone Jail (or Dynamite) in front of a player is his blue card: discarded."""
    table = table_of(turn=3, events=["the_daltons"],
                     tables={1: ["barrel", "mustang"], 2: ["jail"], 3: ["volcanic"]},
                     deck=["beer"] * 4)
    table.pass_(3)
    decision = table.expect(1, EVENT_PICK)
    table.choose(1, decision.options[1])
    assert table.in_play(1) == ["barrel"]
    assert table.in_play(2) == [] and table.in_play(3) == []
    assert sorted(table.discard_pile()) == ["jail", "mustang", "volcanic"]
    table.expect(0, PLAY)


def test_the_doctor_heals_everyone_with_the_fewest_life_points() -> None:
    table = table_of(turn=3, events=["the_doctor"], life={1: 2, 2: 2, 3: 3},
                     deck=["beer"] * 4)
    table.pass_(3)
    assert [table.life(s) for s in range(4)] == [5, 3, 3, 3]


def test_ghost_town_the_dead_play_their_turn_as_ghosts() -> None:
    table = table_of(event="ghost_town", turn=1, dead=[2], hands={3: ["bang"]},
                     deck=["bang", "beer", "missed", "panic", "duel"])
    table.pass_(1)
    table.expect(2, PLAY)
    assert table.alive(2) and len(table.hand(2)) == 3  # draws 3
    table.play(2, "bang", target=3)
    table.pass_(3)
    assert table.life(3) == 3
    table.pass_(2)
    assert not table.alive(2) and table.hand(2) == []  # gone again, cards discarded
    table.expect(3, PLAY)


def test_ghost_town_a_ghost_cannot_die() -> None:
    table = table_of(event="ghost_town", turn=1, dead=[2], hands={1: ["bang"]},
                     deck=["duel", "beer", "missed", "panic"])
    table.pass_(1)
    table.play(2, "duel", target=1)
    table.respond(1, "bang")
    table.pass_(2)
    assert table.alive(2) and names(table, "no_effect")
    table.pass_(2)
    table.expect(3, PLAY)


def test_ghost_town_a_ghost_leaving_can_end_the_game() -> None:
    """The ghost Outlaw shoots the last living Outlaw: the Sheriff's team wins only once
    the ghost, counted among the living during his turn, is gone again."""
    table = table_of(event="ghost_town", turn=1, phase=START, dead=[1, 3],
                     deck=["bang", "beer", "missed", "panic"],
                     roles=["sheriff", "outlaw", "outlaw", "renegade"], life={2: 1})
    table.play(1, "bang", target=2)
    assert not table.alive(2) and table.end is None
    table.pass_(1)
    assert table.end is not None and table.end.team == "sheriff"


def test_ghost_town_a_ghost_deputy_who_kills_the_sheriff_makes_the_outlaws_win() -> None:
    """The designer's High Noon FAQ (emilianosciarra.it, D7): "se la partita termina durante
    il suo turno, il fantasma stesso conta anche ai fini delle condizioni di vittoria.
    Pertanto, se il fantasma è un Fuorilegge o un Vice, vincono i Fuorilegge": the Renegade
    is not the last one alive while the ghost Deputy is at the table."""
    table = table_of(event="ghost_town", turn=1, phase=START, dead=[1, 3],
                     deck=["bang", "beer", "missed", "panic"], life={0: 1},
                     roles=["sheriff", "deputy", "renegade", "outlaw"])
    table.play(1, "bang", target=0)
    assert table.end is not None and table.end.team == "outlaws"


def test_gold_rush_turns_go_counter_clockwise() -> None:
    table = table_of(event="gold_rush", turn=0, deck=["beer"] * 6)
    table.pass_(0)
    table.expect(3, PLAY)
    table.pass_(3)
    table.expect(2, PLAY)


def test_d16_gold_rush_dynamite_still_passes_clockwise() -> None:
    table = table_of(event="gold_rush", turn=1, phase=START, tables={1: ["dynamite"]},
                     deck=["beer:6H", "bang", "bang"])
    assert table.in_play(2) == ["dynamite"]


def test_d16_gold_rush_general_store_still_picks_clockwise() -> None:
    table = table_of(event="gold_rush", hands={0: ["general_store"]},
                     deck=["beer", "bang", "missed", "panic"])
    table.play(0, "general_store")
    assert table.expect(0, "store_pick")
    table.choose(0, table.game.pending.options[0])
    table.expect(1, "store_pick")


def test_hangover_characters_lose_their_abilities() -> None:
    table = table_of(["willy_the_kid", "slab_the_killer", "vulture_sam", "vulture_sam"],
                     event="hangover", hands={0: ["bang", "bang"], 1: ["missed"]})
    table.play(0, "bang", target=1)
    table.respond(1, "missed")
    assert table.life(1) == 4
    assert not table.is_legal(0, "bang", target=1)  # Willy the Kid: one BANG! now


def test_hangover_ends_when_the_next_event_covers_it() -> None:
    table = table_of(["willy_the_kid", "vulture_sam", "vulture_sam", "vulture_sam"],
                     event="hangover", events=["thirst"], turn=3, hands={0: ["bang", "bang"]},
                     deck=["beer"] * 3)
    table.pass_(3)
    table.play(0, "bang", target=1)
    assert table.is_legal(0, "bang", target=1)


def test_the_reverend_beer_cannot_be_played() -> None:
    table = table_of(event="the_reverend", hands={0: ["beer", "saloon"], 1: ["beer"]},
                     life={0: 3, 1: 1})
    assert not any(table.game.card_name(a.card) == "beer" for a in table.legal()
                   if isinstance(a, Play))
    table.play(0, "saloon")  # D14: Saloon is not a Beer
    assert table.life(0) == 4


def test_the_reverend_no_beer_when_dying() -> None:
    # One Vulture Sam: several would share the dead player's cards one at a time.
    table = table_of(["willy_the_kid", "black_jack", "vulture_sam", "kit_carlson"],
                     event="the_reverend", hands={0: ["bang"], 1: ["beer"]}, life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    assert not table.alive(1)
    assert not any(isinstance(d, Decision) and d.kind == DYING
                   for d in [table.game.pending])


def test_the_sermon_no_bang_in_ones_own_turn() -> None:
    table = table_of(event="the_sermon", hands={0: ["bang", "panic"], 1: ["bang"]})
    assert not table.is_legal(0, "bang", target=1)


def test_d15_the_sermon_the_active_player_cannot_answer_a_duel_with_bang() -> None:
    table = table_of(event="the_sermon", hands={0: ["duel", "bang"], 1: ["bang"]})
    table.play(0, "duel", target=1)
    table.respond(1, "bang")
    decision = table.expect(0, RESPOND_DUEL)
    assert decision and table.legal() == [Pass()]
    table.pass_(0)
    assert table.life(0) == 4


def test_shootout_a_second_bang_but_not_a_third() -> None:
    table = table_of(event="shootout", hands={0: ["bang", "bang", "bang"]})
    table.play(0, "bang", target=1)
    table.play(0, "bang", target=1)
    assert table.life(1) == 2
    assert not table.is_legal(0, "bang", target=1)


def test_thirst_draws_one_card_in_phase_one() -> None:
    table = table_of(event="thirst", turn=1, phase=START, deck=["beer", "bang"])
    table.expect(1, PLAY)
    assert table.hand(1) == ["beer"]


def test_d18_kit_carlson_under_thirst_keeps_one_and_returns_two_in_order() -> None:
    table = table_of(["vulture_sam", "kit_carlson", "vulture_sam", "vulture_sam"],
                     event="thirst", turn=1, phase=START, deck=["beer", "bang", "missed"])
    first = table.expect(1, PUT_BACK)
    table.choose(1, first.options[0])  # the beer goes back
    second = table.expect(1, PUT_BACK)
    table.choose(1, second.options[1])  # then the missed
    assert table.hand(1) == ["bang"]
    top_first = [table.game.card_name(table.game.known[s]) for s in reversed(table.game.deck)]
    assert top_first[:2] == ["beer", "missed"]


def test_train_arrival_draws_three_cards_in_phase_one() -> None:
    table = table_of(event="train_arrival", turn=1, phase=START,
                     deck=["beer", "bang", "missed", "panic"])
    table.expect(1, PLAY)
    assert table.hand(1) == ["beer", "bang", "missed"]


def test_high_noon_each_player_loses_one_life_at_his_turns_start() -> None:
    table = table_of(event="high_noon", turn=1, phase=START, deck=["beer", "bang"])
    table.expect(1, PLAY)
    assert table.life(1) == 3 and len(table.hand(1)) == 2


def test_high_noon_at_one_life_the_player_is_eliminated_before_drawing() -> None:
    table = table_of(event="high_noon", turn=1, phase=START, life={1: 1},
                     deck=["beer", "bang", "missed", "panic"])
    assert not table.alive(1)
    table.expect(2, PLAY)
    assert table.hand(2) == ["beer", "bang"]  # seat 1 drew nothing


def test_an_event_name_not_in_the_game_is_refused() -> None:
    try:
        table_of(event="lasso")
    except ValueError as error:
        assert "lasso" in str(error)
    else:
        raise AssertionError("an unknown event was accepted")


def test_the_event_pile_reveal_refuses_a_card_already_shown() -> None:
    table = table_of(turn=3, events=["thirst", "shootout"], deck=["beer"] * 4)
    table.pass_(3)
    # The next reveal may not show thirst again: the dealer's answer is checked.
    game = table.game
    slot = game.event_pile[-1]
    assert game._check_chance(Reveal((slot,)), ChanceResult(
        (HIGH_NOON.event_id("thirst"),))) is not None


def test_event_decisions_and_events_cross_the_wire_unchanged() -> None:
    table = table_of(turn=3, events=["the_daltons"], tables={1: ["barrel", "mustang"]},
                     deck=["beer"] * 4)
    table.pass_(3)
    values = [table.game.pending, *table.events,
              Decision(1, GUESS, options=(0, 1)), Decision(2, EXCHANGE),
              Decision(0, RESPOND_MISSED, source=-1)]
    for value in values:
        assert unpack(pack(value)) == value
