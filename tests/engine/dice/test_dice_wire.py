"""The dice game's wire encoding: every value of a real game round-trips; malformed rerolls
are refused with a reason."""

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.dice.actions import Reroll
from p2pbang.engine.dice.play import play_dice_game
from p2pbang.engine.dice.wire import from_wire, pack, to_wire, unpack
from p2pbang.engine.wire import WireError


@pytest.mark.parametrize("expansions", [(), ("old-saloon",)])
def test_a_whole_game_round_trips(expansions):
    events = []
    game, end = play_dice_game(5, LocalDealer(3), [RandomBot(s) for s in range(5)],
                               expansions=expansions,
                               after_step=lambda g: events.extend(g.events))
    values = [*game.history, *events, end]
    assert any(isinstance(v, Reroll) for v in values)
    for value in values:
        assert unpack(pack(value)) == value


@pytest.mark.parametrize("data", [
    ["reroll"],
    ["reroll", []],
    ["reroll", [0, 0]],
    ["reroll", [2, 1]],
    ["reroll", [6]],
    ["reroll", [-1]],
    ["reroll", [True]],
    ["reroll", [0, 1, 2, 3, 4, 4]],
    ["reroll", [0, 1, 2, 3, 4, 5, 5]],
    ["reroll", "01"],
    ["reroll", [0], 1],
])
def test_malformed_rerolls_are_refused(data):
    with pytest.raises(WireError):
        from_wire(data)


def test_reroll_encoding_is_a_tag_and_indices():
    assert to_wire(Reroll((0, 3))) == ["reroll", [0, 3]]
    with pytest.raises(WireError):
        unpack(b"\xc1")
