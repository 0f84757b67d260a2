"""What the key escrow and a seat hand-over cost: measured on in-process tables.

* The escrow at set-up: the key round alone, then the key round with the escrow and
  complaints rounds (``escrow_threshold = peers - 1``), all peers in this process; the
  difference is the escrow's whole-table work. Also one peer's own part: composing its
  escrow message, and checking its shares in everyone else's.
* A hand-over of one seat with a 5-card hand, after a ``cards``-card deck was shuffled and
  5 cards dealt to each other seat: cooperative (no escrow) and of a vanished seat (with
  the re-share that follows), all peers in this process.

In-process wall time is the whole table's work on one core; each peer's share of it on
its own machine is about that divided by the number of peers, except the incoming
holder's rounds, which nobody else's work overlaps.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from p2pbang.crypto.group import OPS

HAND = 5


def _mults(ops: dict[str, int]) -> int:
    return ops["scalar_mults"] + ops["base_mults"]


def _timed(action: Any) -> tuple[float, int, Any]:
    before = OPS.snapshot()
    start = time.perf_counter()
    result = action()
    return (time.perf_counter() - start) * 1000, _mults(OPS.since(before)), result


def escrow_setup(peers: int) -> dict[str, float | int]:
    """Key round with and without the escrow rounds for ``peers`` in-process dealers."""
    from p2pbang.dealer.board import Table

    plain_ms, plain_mults, plain = _timed(lambda: Table.create(peers, secrets.token_bytes(32)))
    esc_ms, esc_mults, table = _timed(
        lambda: Table.create(peers, secrets.token_bytes(32), escrow_threshold=peers - 1))
    escrow_entries = table.board.entries[len(plain.board.entries):]
    return {
        "peers": peers,
        "keys_only_ms": plain_ms, "keys_only_mults": plain_mults,
        "with_escrow_ms": esc_ms, "with_escrow_mults": esc_mults,
        "escrow_messages": len(escrow_entries),
        "escrow_bytes": sum(len(e.payload) for e in escrow_entries),
    }


def handover_cost(cards: int, peers: int, cooperative: bool) -> dict[str, float | int]:
    """One hand-over of seat 1 (5 cards in hand, 5 in every other hand, the rest a deck)."""
    from p2pbang.dealer.board import Table
    from p2pbang.engine.chance import Deal, Shuffle

    if cards < HAND * peers + 1:
        raise ValueError("the deck is too small for the hands")
    table = Table.create(peers, secrets.token_bytes(32), observers=1,
                         escrow_threshold=None if cooperative else peers - 1)
    slots = tuple(range(cards))
    table.run(Shuffle("deck", slots, slots))
    for seat in range(peers):
        table.run(Deal(slots[seat * HAND:(seat + 1) * HAND], seat))
    posted = len(table.board.entries)
    ms, mults, _ = _timed(lambda: table.hand_over(1, cooperative=cooperative))
    entries = table.board.entries[posted:]
    return {"cards": cards, "peers": peers, "cooperative": cooperative, "wall_ms": ms,
            "scalar_mults": mults, "messages": len(entries),
            "bytes": sum(len(e.payload) for e in entries)}


def print_escrow_bench(peers_list: tuple[int, ...] = (7, 8), decks: tuple[int, ...] = (80, 120),
                       handover_peers: int = 7) -> None:
    """Run and print the escrow and hand-over figures (measured just now)."""
    print("escrow at set-up (all peers in this process, t = peers - 1):")
    for peers in peers_list:
        r = escrow_setup(peers)
        print(f"  {peers} peers: keys only {r['keys_only_ms']:.0f} ms "
              f"({r['keys_only_mults']} mults); keys + escrow {r['with_escrow_ms']:.0f} ms "
              f"({r['with_escrow_mults']} mults); escrow: {r['escrow_messages']} messages, "
              f"{r['escrow_bytes']} bytes")
    print(f"hand-over of one seat, {handover_peers} peers in this process:")
    for cards in decks:
        for cooperative in (True, False):
            r = handover_cost(cards, handover_peers, cooperative)
            kind = "cooperative leave" if cooperative else "vanished + re-share"
            print(f"  {cards} cards, {kind:20s} {r['wall_ms']:7.0f} ms, "
                  f"{r['scalar_mults']} mults, {r['messages']} messages, {r['bytes']} bytes")
