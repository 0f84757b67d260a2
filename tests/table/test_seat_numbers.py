"""Replay and verify number seats 1 to n clockwise, as the table shows them (the drawn
seating), not by the players' places in the signed roster."""

from __future__ import annotations

import io
import re

import pytest

from p2pbang.table.audit import audit
from p2pbang.table.seats import seat_number
from p2pbang.ui.replay import replay

from .signed_table import SignedTable, random_choosers


@pytest.fixture(scope="module")
def game() -> SignedTable:
    table = SignedTable(4)
    table.run(random_choosers(4, seed=5))
    return table


def test_the_table_at_the_end_goes_clockwise_from_seat_1(game: SignedTable) -> None:
    out = io.StringIO()
    assert replay(game.transcript(), out=out) == 0
    end = out.getvalue().split("The table at the end:", 1)[1]
    rows = re.findall(r"seat (\d): (\S+)", end)
    names = [seat.name for seat in game.transcript().genesis.seats]
    order = game.cores[0].game.order
    assert [int(n) for n, _ in rows] == [1, 2, 3, 4]
    assert [name for _, name in rows] == [names[s] for s in order]


def test_verify_names_the_winners_by_their_chairs(game: SignedTable) -> None:
    report = audit(game.transcript())
    core = report.core
    assert core is not None and report.end is not None
    line = next(line for line in report.lines() if line.startswith("complete game"))
    for seat in report.end.winners:
        assert f"{report.names[seat]} (seat {seat_number(core.game, seat)})" in line
