"""What a session asks of the one who plays its seat (a *decider*) and of the one who is
told how the game goes (a *reporter*), as protocols.

They live below the session (which calls them) and below their implementations (a bot's in
``players.py``, a person's in ``p2pbang/ui/``), so that neither side imports the other: a
reporter sees the session only through :class:`SeatInfo`, the few facts it reads.
"""

from __future__ import annotations

from typing import Protocol

from p2pbang.engine.actions import Action, Decision, Event
from p2pbang.table.core import DEAL, TableCore
from p2pbang.table.driver import Verdict
from p2pbang.table.outcome import SessionResult


class PlayerQuit(Exception):
    """The person at this seat chose to leave; the game can be resumed later."""


class LeaveForGood(Exception):
    """The person at this seat leaves for good instead of deciding: the session hands the
    seat to a bot (``protocol/seats.md`` 3.2) and then ends."""


class Decider(Protocol):
    async def decide(self, core: TableCore, decision: Decision) -> Action: ...


async def seat_payload(core: TableCore, kind: str, decider: Decider) -> bytes | None:
    """What a seat writes at a position it owes: the dealer's message in a dealing round
    (None while it owes none yet), else the decider's move with the proven reveals of the
    cards it shows. The async counterpart of ``local_bus.compose_part``, for the holders a
    peer runs and a watcher holding a seat."""
    if kind == DEAL:
        return core.my_deal_payload()
    action = await decider.decide(core, core.game.pending)  # type: ignore[arg-type]
    return core.move_payload(action)


class SeatInfo(Protocol):
    """What a reporter may read of the session that started it."""

    session_id: bytes
    seat: int
    players: int
    names: list[str]
    resumed: bool
    restored_entries: int
    core: TableCore
    seated: bool  # the game has drawn its seating: the chairs (``table/seats.py``) are known


class Reporter(Protocol):
    def started(self, session: SeatInfo) -> None: ...

    def events(self, events: list[Event]) -> None: ...

    def waiting(self, seats: list[int], seconds: float, disconnected: list[int]) -> None: ...

    def connection(self, seat: int, kind: str, reason: str) -> None: ...

    def warning(self, text: str) -> None: ...

    def verdict(self, verdict: Verdict) -> None: ...

    def finished(self, result: SessionResult) -> None: ...


__all__ = ["Decider", "LeaveForGood", "PlayerQuit", "Reporter", "SeatInfo"]
