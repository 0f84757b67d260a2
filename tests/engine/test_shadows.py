"""The shadow-gunslinger variant (seed 004, "Árny-fegyverforgató játékvariáns"), with and
without Gold Rush, as stacked-deck scenarios.

Four seats by number: seat 0 the Sheriff; seats 1 and 3 at distance 1 from seat 0; roles
Sheriff, Outlaw, Outlaw, Renegade unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from p2pbang.engine.actions import PLAY, Buy, Play
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE, SHERIFF
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import VARIANT_MODULES, base, gold_rush, shadows
from p2pbang.engine.bang.sets.gold_rush import state as gold_state
from p2pbang.engine.choice import ChoiceError, GameChoice

SHADOWS = RuleSet((base.MODULE, shadows.MODULE))
BOTH = RuleSet((base.MODULE, gold_rush.MODULE, shadows.MODULE))
FILL = ["willy_the_kid", "rose_doolan", "vulture_sam", "sid_ketchum"]


def table_of(rules: RuleSet = SHADOWS, **kw: Any) -> Scenario:
    return Scenario(FILL, rules=rules, **kw)


def test_the_registry_knows_the_variant_and_a_choice_may_name_it(older_build: None) -> None:
    assert VARIANT_MODULES["shadows"] is shadows.MODULE
    with pytest.raises(ChoiceError, match="not playable in this version"):
        GameChoice.make("bang", 5, variants=["shadows"])  # a build without the variant


def test_this_build_plays_the_variant() -> None:
    assert GameChoice.make("bang", 5, variants=["shadows"]).has("shadows")


def test_a_shadow_plays_a_whole_turn_then_leaves_with_nothing() -> None:
    table = table_of(dead=[1], deck=["bang", "beer", "missed", "missed"],
                     hands={2: ["missed"]})
    table.end_turn(0)
    decision = table.expect(1, PLAY)
    assert decision.seat == 1 and table.alive(1) and table.life(1) == 0
    assert len(table.hand(1)) == 2
    # He is at the table for his turn: he shoots the Sheriff at distance 1.
    table.play(1, "bang", target=0)
    assert table.life(0) == 4
    table.end_turn(1)
    # He leaves: his cards are discarded, he is dead again, and seat 2 plays.
    table.expect(2, PLAY)
    assert not table.alive(1) and table.hand(1) == [] and table.life(1) == 0
    assert table.discard_pile()[-1] == "beer"
    assert "shadow_enters" in table.event_kinds() and "shadow_leaves" in table.event_kinds()


def test_a_shadow_is_never_asked_to_discard_down_to_a_hand_limit() -> None:
    table = table_of(dead=[1], deck=["beer", "beer", "missed"])
    table.end_turn(0)
    table.end_turn(1)
    table.expect(2, PLAY)
    assert "discard" in table.event_kinds()


def test_a_shadow_cannot_gain_or_lose_life() -> None:
    table = table_of(dead=[1], deck=["duel", "beer"], hands={2: ["bang"]})
    table.end_turn(0)
    table.play(1, "beer")
    assert table.life(1) == 0
    table.play(1, "duel", target=2)
    table.respond(2, "bang")  # his hand is empty: he loses the Duel, with no life to lose
    table.expect(1, PLAY)
    assert table.life(1) == 0 and table.alive(1)
    assert table.events[-1].kind == "no_effect" and table.events[-1].seat == 1


def test_a_shadow_out_of_its_turn_cannot_be_targeted() -> None:
    table = table_of(dead=[1], hands={0: ["bang", "duel", "panic"]})
    bang = table.slot_of(0, "bang")
    assert "not legal" in table.reject(Play(bang[0], bang[1], 1))
    assert not any(isinstance(a, Play) and a.target == 1 for a in table.legal())
    # Nor is he seen at all: seat 2 is at distance 1 from the Sheriff now.
    assert table.game.distance(0, 2) == 1


def test_a_shadow_is_skipped_by_the_dynamite() -> None:
    table = table_of(dead=[1], tables={0: ["dynamite"]}, deck=["beer:6H", "bang", "bang"],
                     phase="start")
    table.expect(0, PLAY)
    assert table.in_play(2) == ["dynamite"]


def test_a_shadow_killing_the_last_outlaw_ends_the_game_for_the_law() -> None:
    table = table_of(roles=[SHERIFF, DEPUTY, OUTLAW, RENEGADE], dead=[1, 3],
                     deck=["bang", "bang"], life={2: 1})
    table.end_turn(0)
    table.play(1, "bang", target=2)
    assert table.end is not None and table.end.team == "sheriff"
    assert set(table.end.winners) == {0, 1}


def test_a_shadow_keeps_his_nuggets_and_spends_them_then_his_equipment_goes() -> None:
    table = table_of(BOTH, dead=[1], nuggets={1: 3}, shop=["horseshoe", "shot", "wanted"],
                     deck=["bang", "bang"])
    table.end_turn(0)
    table.expect(1, PLAY)
    table.act(Buy(table.shop_slot("horseshoe")))
    assert table.equipment(1) == ["horseshoe"] and table.nuggets(1) == 1
    table.play(1, "bang", target=0)
    assert table.nuggets(1) == 2  # a wound dealt by a shadow earns its nugget
    table.end_turn(1)
    table.expect(2, PLAY)
    assert table.equipment(1) == [] and table.nuggets(1) == 2
    assert [table.game.card_name(table.game.known[s])
            for s in gold_state(table.game).discard] == ["horseshoe"]


def test_an_eliminated_player_keeps_his_nuggets_in_the_variant() -> None:
    table = table_of(BOTH, hands={0: ["bang"]}, life={1: 1}, nuggets={1: 4})
    table.play(0, "bang", target=1)
    assert not table.alive(1) and table.nuggets(1) == 4


def test_no_shadow_turns_without_the_variant() -> None:
    table = Scenario(FILL, rules=RuleSet((base.MODULE, gold_rush.MODULE)), dead=[1])
    table.end_turn(0)
    table.expect(2, PLAY)


# ---------------------------------------------------------------------- the shadow Renegade


def test_shadow_renegade_sides_as_in_the_rulebook_example() -> None:
    """Bart, the Renegade, is the only one eliminated: only the Sheriff's card is face up,
    so he works for the law. An Outlaw is eliminated later: a tie, so he plays as an Outlaw.
    A Deputy too: 2-1 for the law again."""
    roles = [SHERIFF, RENEGADE, OUTLAW, DEPUTY, OUTLAW]
    five = [*FILL, "jesse_jones"]
    table = Scenario(five, roles=roles, rules=SHADOWS, dead=[1])
    game = table.game
    assert shadows.pick_side(game, 1) == "sheriff"
    game.players[2].alive = False
    game.players[2].role_public = True
    assert shadows.pick_side(game, 1) == "outlaws"
    game.players[3].alive = False
    game.players[3].role_public = True
    assert shadows.pick_side(game, 1) == "sheriff"


def test_shadow_renegade_takes_his_side_at_his_turn_and_wins_with_it() -> None:
    table = table_of(roles=[SHERIFF, RENEGADE, OUTLAW, OUTLAW], dead=[1, 3],
                     deck=["bang", "bang"], life={2: 3})
    table.end_turn(0)
    table.expect(1, PLAY)
    # Face up: the Sheriff and an Outlaw (not his own card): a tie, so the Outlaws' side.
    assert shadows.shadow_side(table.game, 1) == "outlaws"
    side = next(e for e in table.events if e.kind == "shadow_side")
    assert side.seat == 1 and side.value == shadows.SIDE_VALUES["outlaws"]
    table.end_turn(1)
    table.end_turn(2)
    table.expect(3, PLAY)  # the dead Outlaw's shadow turn
    assert "bang" in table.hand(3)
    table.game.players[0].life = 1
    table.play(3, "bang", target=0)
    assert table.end is not None and table.end.team == "outlaws"
    assert set(table.end.winners) == {1, 2, 3}


def test_shadow_renegade_on_the_law_side_wins_with_the_law() -> None:
    table = table_of(roles=[SHERIFF, RENEGADE, OUTLAW, OUTLAW], dead=[1],
                     deck=["bang", "gatling"], life={2: 1, 3: 1})
    table.end_turn(0)
    assert shadows.shadow_side(table.game, 1) == "sheriff"
    table.play(1, "gatling")
    assert table.end is not None and table.end.team == "sheriff"
    assert set(table.end.winners) == {0, 1}


def test_a_shadow_turn_goes_in_seat_order_between_the_living() -> None:
    table = table_of(dead=[1, 2], deck=["beer", "beer", "missed", "missed"])
    table.end_turn(0)
    table.expect(1, PLAY)
    assert table.game.ring == [0, 1, 3]
    table.end_turn(1)
    table.expect(2, PLAY)
    assert table.game.ring == [0, 2, 3]
    table.end_turn(2)
    table.expect(3, PLAY)
    assert table.game.ring == [0, 3]
