"""The Duel's wire encoding: every value round-trips, malformed values are refused."""

from __future__ import annotations

import msgpack
import pytest

from p2pbang.engine.actions import Choose, Discard, Pass, Play
from p2pbang.engine.duel.actions import MoveToken, Reload, UseAbility
from p2pbang.engine.duel.wire import from_wire, pack, unpack
from p2pbang.engine.wire import WireError
from tests.engine.duel.support import play_duel


def test_every_input_and_decision_of_a_game_round_trips() -> None:
    game, end = play_duel("wire")
    for item in game.history:
        assert unpack(pack(item)) == item
    assert unpack(pack(end)) == end


@pytest.mark.parametrize("value", [
    MoveToken(), Reload(3, 7), UseAbility("babe_leroy"),
    UseAbility("pearl_hart", (4,), (9,), 2, -1), Play(1, 2, 3, -3), Discard(1, 2),
    Choose(-10), Pass(),
])
def test_duel_actions_round_trip(value) -> None:
    assert unpack(pack(value)) == value


@pytest.mark.parametrize("raw", [
    ["duel_move", 1],
    ["duel_reload", 1],
    ["duel_reload", 1, True],
    ["duel_reload", 1, "2"],
    ["duel_ability", "nobody", [], [], -1, -1],
    ["duel_ability", "babe_leroy", [1], [], -1, -1],
    ["duel_ability", "babe_leroy", [1, 2], [3, 4]],
    ["duel_ability", "babe_leroy", [], [], "x", -1],
    ["duel_ability", "babe_leroy", list(range(9)), list(range(9)), -1, -1],
    ["duel_nothing"],
    [],
    "duel_move",
])
def test_malformed_values_are_refused(raw) -> None:
    with pytest.raises(WireError):
        from_wire(raw)


def test_undecodable_bytes_are_refused() -> None:
    with pytest.raises(WireError):
        unpack(b"\xc1")
    with pytest.raises(WireError):
        unpack(msgpack.packb({"a": 1}))
