"""A watcher takes a vanished seat (``protocol/seats.md`` 7.2): the watcher's half.

A watcher follows the game on an observer core (``table/watch.py``). To take a seat that the
table replaces, it makes a fresh identity and offers its key to the player it watches
(``net/seat_offer.py``); that player tells every other peer, and the proposer of the next
replacement names the first offer it holds as the seat's new holder instead of a bot. When
the certificate that names this key is in the log, the watcher's own core is the incoming
holder (the driver's ``holder_key``): it runs the hand-over rounds like any new holder, its
engine takes the seat's view when the seat's hidden cards are delivered to its dealer, and
nobody else, not even the relaying player, can open them.

From then on the :class:`SeatTaker` writes the seat's parts: at every position the seat owes
it signs the dealer's message or the decider's move with its key, and hands the part to the
player, whose peer carries it to the table (``SeatKeeper.relay_part``). The decider is the
person at the watcher's keyboard (or a bot, in tests); the game goes on as if the seat had
never changed hands, except for its holder's name.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import trio

from p2pbang.net.identity import Identity
from p2pbang.net.log import Log, LogFormatError, Part
from p2pbang.net.seat_offer import make_offer
from p2pbang.net.seats import Proposal, raw_public_key
from p2pbang.table.core import DEAL, TableCore
from p2pbang.table.driver import LogDriver
from p2pbang.table.participants import Decider

RESEND_S = 3.0  # a part not in the log after this long is handed to the player again


@dataclass(frozen=True)
class HeldSeatInfo:
    """What the person's table screen reads of the seat a watcher took (``SeatInfo``): the
    game seats' names with this person's at the seat, and whose seat it was."""

    session_id: bytes
    seat: int
    players: int
    names: list[str]
    core: TableCore
    took_over: str
    resumed: bool = False
    restored_entries: int = 0
    seated: bool = True


@dataclass
class SeatTaker:
    """The watcher's identity for a seat it offered to take, and its writing once it holds
    one. ``send`` hands bytes to the watched player (the offer, then each part)."""

    identity: Identity
    core: TableCore
    driver: LogDriver
    log: Log
    decider: Decider
    send_offer: Callable[[bytes], Awaitable[bool]]
    send_part: Callable[[bytes], Awaitable[bool]]
    holding: int | None = None  # the log seat this watcher writes, once the table gave it
    game_seat: int | None = None
    offered: bool = False
    _sent: dict[int, tuple[bytes, float]] = field(default_factory=dict)  # index -> part

    @property
    def key(self) -> bytes:
        return raw_public_key(self.identity.private_key)

    async def offer(self) -> bool:
        """Offer this watcher's key for the next seat the table replaces; False when the
        player could not be reached now (offer again later)."""
        self.driver.holder_key = self.key  # the core takes the seat the change names
        offer = make_offer(self.identity.private_key, self.log.session_id, self.identity.name)
        self.offered = await self.send_offer(offer.encode()) or self.offered
        return self.offered

    def changed(self, proposal: Proposal, game_seat: int, holder: int | None) -> bool:
        """A seat change was applied: True when it gave the seat to this watcher."""
        if holder is None or proposal.holder_key != self.key or self.holding is not None:
            return False
        self.holding, self.game_seat = holder, game_seat
        return True

    async def write(self) -> bool:
        """Write the part the held seat owes at the open position, if any (and hand a part
        written earlier to the player again when the table has not taken it yet)."""
        seat = self.holding
        turn = self.log.open_turn()
        if seat is None or turn is None or seat not in turn.seats:
            return False
        index = len(self.log)
        sent = self._sent.get(index)
        if sent is not None:
            if trio.current_time() - sent[1] >= RESEND_S:
                self._sent[index] = (sent[0], trio.current_time())
                await self.send_part(sent[0])
            return False
        expected = self.core.expected()
        if expected is None:
            return False
        if expected.kind == DEAL:
            payload = self.core.my_deal_payload()
            if payload is None:
                return False
        else:
            decision = self.core.game.pending
            action = await self.decider.decide(self.core, decision)  # type: ignore[arg-type]
            if len(self.log) != index:
                return False  # the position closed meanwhile (the seat was replaced again)
            payload = self.core.move_payload(action)
        try:
            # Signed, not admitted: the position is committed here when the player's log
            # sends it back, so this log never runs ahead of the table's.
            part = Part.create(self.identity.private_key, self.log.session_id, index,
                               self.log.head_hash, seat, expected.kind, payload,
                               self.log.limits)
        except LogFormatError:
            return False
        self._sent = {index: (part.raw, trio.current_time())}
        await self.send_part(part.raw)
        return True


__all__ = ["RESEND_S", "HeldSeatInfo", "SeatTaker"]
