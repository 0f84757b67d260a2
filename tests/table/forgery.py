"""Play a table of cores until one seat's move can be rewritten into a cheat, then deliver
the forged move to every other seat: shared by the table tests of each rule set.

Given a table playing ``choice`` with seeded random choosers, the first move that
``rewrite(core, seat, action)`` turns into a payload is the cheat; every honest core must
refuse it with ``Cheat`` before its state changes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import msgpack
import pytest

from p2pbang.engine.choice import GameChoice
from p2pbang.engine.wire import from_wire, to_wire
from p2pbang.table.core import MOVE, Cheat, TableCore
from p2pbang.table.local_bus import LocalTable, compose_part

Rewrite = Callable[[TableCore, int, Any], bytes | None]


def move_kinds(log: list[tuple[int, str, bytes]]) -> Counter[str]:
    """How many moves of each action type a table's log holds."""
    return Counter(type(from_wire(msgpack.unpackb(payload, raw=False)["a"])).__name__
                   for _seat, kind, payload in log if kind == MOVE)


def packed(action: Any, reveals: list[Any]) -> bytes:
    """A move payload as a core writes it: the action and its reveals."""
    return msgpack.packb({"a": to_wire(action), "r": reveals}, use_bin_type=True)


def run_until_cheat(choice: GameChoice, seed: int, rewrite: Rewrite, games: int = 6
                    ) -> tuple[list[Cheat], LocalTable, int]:
    """Each honest core's ``Cheat``, the table and the cheating seat. The deal is random, so
    a game with no chance to cheat is followed by another, up to ``games``."""
    players = choice.seats
    rngs = [random.Random(f"{seed}/{s}") for s in range(players)]
    table = LocalTable.create(players, choice=choice)
    played = 1
    while True:
        expected = table.cores[0].expected()
        if expected is None:
            assert played < games, f"no chance to cheat in {games} games"
            table, played = LocalTable.create(players, choice=choice), played + 1
            continue
        for seat in sorted(expected.seats):
            core = table.cores[seat]
            payload = compose_part(core, expected.kind,
                                   lambda c, d, r=rngs[seat]: r.choice(c.game.legal_actions()))
            forged = None
            if expected.kind == MOVE:
                action = from_wire(msgpack.unpackb(payload, raw=False)["a"])
                forged = rewrite(core, seat, action)
            if forged is not None:
                verdicts = []
                for other in table.cores:
                    if other.seat == seat:
                        continue
                    with pytest.raises(Cheat) as caught:
                        other.receive(seat, MOVE, forged)
                    verdicts.append(caught.value)
                return verdicts, table, seat
            for other in table.cores:
                other.receive(seat, expected.kind, payload)


def assert_named(verdicts: list[Cheat], table: LocalTable, seat: int, *reasons: str) -> None:
    """Every honest core named ``seat`` (for one of ``reasons`` when given) and every core
    still waits for the same entry: the cheat changed nobody's state."""
    assert len(verdicts) == len(table.cores) - 1
    for cheat in verdicts:
        assert cheat.seat == seat, cheat
        assert not reasons or any(r in cheat.reason for r in reasons), cheat
    expected = {core.expected() for core in table.cores}
    assert len(expected) == 1 and seat in expected.pop().seats
