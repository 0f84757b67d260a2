"""Damage and heal events carry the life right after them (issue 10 point 10).

An interface describes a batch of events; the life at the end of the batch is wrong for every
hit but the last (a Dynamite then a Beer, a Gatling then Bart's Beer...), so each event says it.
"""

from __future__ import annotations

from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.scenario import Scenario

FILL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]


def test_damage_to_zero_then_beer_each_say_their_own_life() -> None:
    table = Scenario(FILL, hands={0: ["bang"], 1: ["beer"]}, life={1: 1})
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.respond(1, "beer")
    said = [(e.kind, e.value, e.life) for e in table.events if e.kind in ("damage", "heal")]
    assert said == [("damage", 1, 0), ("heal", 1, 1)]


def test_dynamite_damage_says_the_life_left() -> None:
    table = Scenario(FILL, tables={1: ["dynamite"]}, phase=START, turn=1,
                     deck=["missed:4S", "beer", "gatling"])
    (damage,) = [e for e in table.events if e.kind == "damage"]
    assert (damage.value, damage.life) == (3, 1) and table.life(1) == 1


def test_other_events_carry_no_life() -> None:
    table = Scenario(FILL, hands={0: ["stagecoach"]}, deck=["beer", "gatling"])
    events = table.play(0, "stagecoach")
    assert events and all(e.life == -1 for e in events)
