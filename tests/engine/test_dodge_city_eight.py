"""Dodge City's 8-player table (seed 002 "Reguli pentru 8 jucători"; ruling D11).

Default roles at 8: Sheriff, Outlaw, Outlaw, Renegade, Deputy, Outlaw, Deputy, Renegade.
"""

from __future__ import annotations

import pytest

from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
EIGHT = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez", "pixie_pete",
         "bill_noface", "herb_hunter", "greg_digger"]


def test_sheriff_killed_while_both_renegades_live_the_outlaws_win() -> None:
    """D11."""
    table = Scenario(EIGHT, rules=DODGE_CITY, dead=[1, 2, 4, 5, 6], turn=3,
                     hands={3: ["bang"]}, life={0: 1})
    table.play(3, "bang", target=0)
    end = table.end
    assert end is not None and end.team == "outlaws"
    assert set(end.winners) == {1, 2, 5}


def test_a_renegade_alone_at_the_end_wins_alone() -> None:
    table = Scenario(EIGHT, rules=DODGE_CITY, dead=[1, 2, 4, 5, 6, 7], turn=3,
                     hands={3: ["bang"]}, life={0: 1})
    table.play(3, "bang", target=0)
    end = table.end
    assert end is not None and (end.team, end.winners) == ("renegade", (3,))


def test_the_sheriff_wins_only_when_both_renegades_are_dead() -> None:
    table = Scenario(EIGHT, rules=DODGE_CITY, dead=[1, 2, 5, 7], turn=0,
                     hands={0: ["bang"]}, life={3: 1})
    assert table.game.distance(0, 3) == 1  # the living: 0, 3, 4, 6
    table.play(0, "bang", target=3)
    end = table.end
    assert end is not None and end.team == "sheriff"


def test_the_base_rules_seat_no_more_than_seven() -> None:
    with pytest.raises(ValueError):
        Game(8)
    assert Game(8, rules=DODGE_CITY).n == 8
