"""N table cores in one process over an ordered in-memory log: the whole protocol, no sockets.

Used by tests (honest and cheating seats) and by the in-process part of the table benchmark.
The network runner does the same thing with a replicated signed log over Noise channels.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.actions import Action, Decision
from p2pbang.engine.choice import GameChoice
from p2pbang.table.core import DEAL, Cheat, TableCore

Chooser = Callable[[TableCore, Decision], Action]
Tamper = Callable[[int, str, bytes], bytes]


def compose_part(core: TableCore, kind: str, chooser: Chooser) -> bytes:
    """What ``core``'s seat writes at a position of ``kind``: its dealer message, or the
    move its chooser picks (with the proven reveals)."""
    if kind == DEAL:
        payload = core.my_deal_payload()
        assert payload is not None, f"seat {core.seat} owes a deal message"
        return payload
    decision = core.game.pending
    assert isinstance(decision, Decision)
    return core.move_payload(chooser(core, decision))


@dataclass
class LocalTable:
    cores: list[TableCore]
    log: list[tuple[int, str, bytes]] = field(default_factory=list)

    @classmethod
    def create(cls, players: int, session_id: bytes | None = None,
               choice: GameChoice | None = None,
               escrow_threshold: int | None = None) -> LocalTable:
        """``choice``: the game played (the base game for ``players`` when omitted);
        ``escrow_threshold``: the dealers' escrow (``table/dropouts.py``), None for none."""
        session = session_id or secrets.token_bytes(32)
        cores = [TableCore(players, seat, MentalDealer(seat, players, session,
                                                       escrow_threshold=escrow_threshold),
                           choice)
                 for seat in range(players)]
        for core in cores:
            core.start()
        return cls(cores)

    def run(self, choosers: Sequence[Chooser], tamper: Tamper | None = None,
            max_entries: int = 1_000_000) -> None:
        """Play until the game ends; a Cheat found by any honest core propagates."""
        while len(self.log) < max_entries:
            if not self.step(choosers, tamper):
                return
        raise RuntimeError("the game did not end")

    def step(self, choosers: Sequence[Chooser], tamper: Tamper | None = None) -> bool:
        """Write and deliver one log position; False once the game is over."""
        expected = self.cores[0].expected()
        if expected is None:
            return False
        for seat in sorted(expected.seats):
            payload = compose_part(self.cores[seat], expected.kind, choosers[seat])
            if tamper is not None:
                payload = tamper(seat, expected.kind, payload)
            self.log.append((seat, expected.kind, payload))
            for other in self.cores:
                other.receive(seat, expected.kind, payload)
        return True


def observer_replay(players: int, session_id: bytes,
                    log: Sequence[tuple[int, str, bytes]],
                    choice: GameChoice | None = None) -> TableCore:
    """Re-check a whole log as an observer (no seat, no secret); raises Cheat on any fault."""
    core = TableCore(players, None, MentalDealer(None, players, session_id), choice)
    core.start()
    for seat, kind, payload in log:
        core.receive(seat, kind, payload)
    return core


__all__ = ["Cheat", "LocalTable", "compose_part", "observer_replay"]
