"""The set-up benchmark measures the escrow's cost, with and without it, on real cores."""

from __future__ import annotations

from p2pbang.engine.choice import GameChoice
from p2pbang.table.bench_setup import print_setup_bench, setup_cost


def test_the_escrow_adds_its_rounds_and_escrowed_draws_to_the_set_up(capsys) -> None:
    choice = GameChoice.make("dice", 4)
    off, escrow = setup_cost(choice, "off"), setup_cost(choice, "escrow")
    # Two escrow rounds (shares, complaints) and one more position per public draw.
    assert escrow["positions"] > off["positions"] + 2
    assert escrow["mults"] > off["mults"] > 0
    print_setup_bench(choice, rounds=1)
    out = capsys.readouterr().out
    assert "dropouts escrow" in out and "escrow / off" in out
