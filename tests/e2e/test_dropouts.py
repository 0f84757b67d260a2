"""Seats that change hands between OS processes: ``p2pbang bot`` peers on loopback, one
killed with SIGKILL for good mid-game, then (a larger table) a second one after the first
was replaced; the others replace each with a bot, agree on the log and the result, and the
transcript verifies offline (what ``p2pbang bench table --drop N`` checks and prints).

In the slow set: each game is a minute of the machine's two cores. The same behaviour in
one process, over real loopback meshes: ``tests/table/test_seat_change_network.py``.
"""

from __future__ import annotations

import pytest

from p2pbang.engine.choice import GameChoice
from p2pbang.table.bench import format_table_bench, run_table_bench

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("game,peers,drop", [("bang", 5, 1), ("bang", 6, 2), ("dice", 5, 1)])
def test_killed_peers_are_replaced_and_the_rest_agree(game: str, peers: int, drop: int) -> None:
    result = run_table_bench(peers, GameChoice.make(game, peers), drop=drop, seed=peers)
    report = format_table_bench(result)
    assert result["heads"] == 1, report
    assert all(code == 0 for code in result["codes"]), report
    assert [mid for _peer, _at, mid in result["dropped"]] == [True] * drop, report
    assert result["replaced"] == drop, report
    assert result["verified"] == "", report
