"""First scenarios: a BANG! answered by Missed!, and Slab the Killer's double Missed! (B22)."""

from p2pbang.engine.actions import RESPOND_SHOT
from p2pbang.engine.bang.scenario import Scenario


def test_bang_cancelled_by_missed() -> None:
    table = Scenario(["willy_the_kid", "bart_cassidy", "paul_regret", "rose_doolan"],
                     hands={0: ["bang"], 1: ["missed"]})
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    table.respond(1, "missed")
    assert table.life(1) == 4
    assert table.discard_pile() == ["bang", "missed"]


def test_b22_slab_needs_two_missed() -> None:
    table = Scenario(["slab_the_killer", "bart_cassidy", "paul_regret", "rose_doolan"],
                     hands={0: ["bang"], 1: ["missed"]}, deck=["beer"])
    table.play(0, "bang", target=1)
    table.respond(1, "missed")
    table.expect(0)  # the shot hit: back to the shooter's play phase
    assert table.life(1) == 3
    assert table.hand(1) == ["beer"]  # Bart Cassidy draws for the life lost
