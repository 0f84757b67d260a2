"""What the escrow costs at set-up: every seat's core in this process, from the genesis to
the first move, with ``dropouts=off`` and with ``dropouts=escrow`` (``protocol/seats.md``).

Counted: the CPU time of the whole table (every peer's work; on a LAN each peer does about
its share), the log positions (each is a network round trip between the players) and the
scalar multiplications. No sockets: the network's share is the positions times a LAN's
round trip, and ``p2pbang bench table --dropouts off|escrow`` measures it whole.
"""

from __future__ import annotations

import time
from typing import Any

from p2pbang.crypto.group import OPS
from p2pbang.engine.choice import GameChoice
from p2pbang.table.core import MOVE
from p2pbang.table.dropouts import Dropouts
from p2pbang.table.local_bus import LocalTable


def setup_cost(choice: GameChoice, mode: str) -> dict[str, Any]:
    """One set-up of ``choice`` with the ``dropouts`` ``mode`` (``off`` or ``escrow``)."""
    n = choice.seats
    table = LocalTable.create(n, choice=choice,
                              escrow_threshold=Dropouts.for_table(mode, n).escrow_threshold(n))
    positions = 0
    before = OPS.snapshot()
    start = time.process_time()
    while (expected := table.cores[0].expected()) is not None and expected.kind != MOVE:
        table.step([_no_decision] * n)  # dealing only: nobody decides before the first move
        positions += 1
    cpu = time.process_time() - start
    ops = OPS.since(before)
    return {"cpu_s": cpu, "positions": positions,
            "mults": ops["scalar_mults"] + ops["base_mults"]}


def _no_decision(core: Any, decision: Any) -> Any:
    raise AssertionError("the set-up asks nobody to decide")


def print_setup_bench(choice: GameChoice, rounds: int = 3) -> None:
    """The best of ``rounds`` set-ups each way, and the ratios (``p2pbang bench setup``)."""
    results = {mode: min((setup_cost(choice, mode) for _ in range(rounds)),
                         key=lambda r: r["cpu_s"]) for mode in ("off", "escrow")}
    off, escrow = results["off"], results["escrow"]
    print(f"set-up of {choice.label()}, every peer in this process (best of {rounds}):")
    for mode, result in results.items():
        print(f"  dropouts {mode:6}  CPU {result['cpu_s']:6.2f} s whole table "
              f"({result['cpu_s'] / choice.seats:.2f} s a peer)   "
              f"{result['positions']:3d} log positions   {result['mults']:6d} scalar mults")
    print(f"  escrow / off     CPU {escrow['cpu_s'] / off['cpu_s']:.2f}x   positions "
          f"{escrow['positions'] / off['positions']:.2f}x   (target: under 1.5x)")


__all__ = ["print_setup_bench", "setup_cost"]
