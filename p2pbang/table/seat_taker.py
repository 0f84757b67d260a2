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
from p2pbang.net.seats import Proposal, Purpose, SeatFormatError, Statement, raw_public_key
from p2pbang.table.core import TableCore
from p2pbang.table.driver import LogDriver
from p2pbang.table.handovers import SeatQuestion
from p2pbang.table.participants import Decider, seat_payload

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
    took_over: str  # the seat's holder before this person (a vanished player, or a bot)
    taken_back: bool = False  # the person's own seat, back from the bot that played it
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
    send_statement: Callable[[bytes], Awaitable[bool]]
    names: list[str] = field(default_factory=list)  # the log seats' names, for questions
    holding: int | None = None  # the log seat this watcher writes, once the table gave it
    game_seat: int | None = None
    took_from: str = ""  # the holder the seat came from
    reclaiming: bool = False  # the person's own seat, claimed back from a bot
    _sent: tuple[int, bytes, float] | None = None  # the part in flight: position, bytes, when
    _ballot: tuple[tuple[int, int], bytes] | None = None  # the last ballot: (position, seat)
    _asking: set[tuple[int, int]] = field(default_factory=set)
    _declined: dict[tuple[int, int], float] = field(default_factory=dict)

    @property
    def key(self) -> bytes:
        return raw_public_key(self.identity.private_key)

    async def offer(self) -> bool:
        """Offer this watcher's key for the next seat the table replaces; False when the
        player could not be reached now (offer again later)."""
        self.driver.holder_key = self.key  # the core takes the seat the change names
        offer = make_offer(self.identity.private_key, self.log.session_id, self.identity.name)
        return await self.send_offer(offer.encode())

    def changed(self, proposal: Proposal, game_seat: int, holder: int | None) -> bool:
        """A seat change was applied: True when it gave the seat to this watcher."""
        if holder is None or proposal.holder_key != self.key or self.holding is not None:
            return False
        self.holding, self.game_seat = holder, game_seat
        names = self.names
        self.took_from = names[proposal.seat] if proposal.seat < len(names) else ""
        return True

    async def vote(self, raw: bytes, wait_s: float) -> None:
        """The relay shows a proposal about another seat at the open position: the held
        seat's ballot is needed for the certificate (every seat but the silent one). The
        person is asked first, as a player is (a bot agrees by itself); "wait" asks again
        after ``wait_s``. The watcher sees only committed entries, not the silent seat's
        pending part: the players who hold one vote no, which is what keeps a slow seat."""
        seat = self.holding
        try:
            proposal = Statement.decode(raw).proposal
        except SeatFormatError:
            return
        key = (proposal.index, proposal.seat)
        if (seat is None or proposal.seat == seat or proposal.purpose is Purpose.LEAVE
                or (proposal.index, proposal.prev) != (len(self.log), self.log.head_hash)):
            return
        if self._ballot is not None and self._ballot[0] == key:
            await self.send_statement(self._ballot[1])  # the relay may have missed it
            return
        declined = self._declined.get(key)
        if key in self._asking or (declined is not None
                                   and trio.current_time() - declined < wait_s):
            return
        self._asking.add(key)
        try:
            agreed = await self._consent(proposal)
        finally:
            self._asking.discard(key)
        if not agreed:
            self._declined[key] = trio.current_time()
            return
        if (proposal.index, proposal.prev) != (len(self.log), self.log.head_hash):
            return  # the position moved on while the person thought
        ballot = Statement.ballot(self.identity.private_key, proposal, seat, True)
        self._ballot = (key, ballot.raw)
        await self.send_statement(ballot.raw)

    async def _consent(self, proposal: Proposal) -> bool:
        ask = getattr(self.decider, "consent", None)
        if ask is None:
            return True
        names = self.names
        runner = proposal.runner
        game_seat = self.driver.game_seat(proposal.seat)
        return bool(await ask(SeatQuestion(
            proposal.purpose.value, proposal.seat if game_seat is None else game_seat,
            names[proposal.seat] if proposal.seat < len(names) else "?", 0.0,
            proposal.holder_name, names[runner] if 0 <= runner < len(names) else "",
            False)))

    async def write(self) -> bool:
        """Write the part the held seat owes at the open position, if any (and hand a part
        written earlier to the player again when the table has not taken it yet)."""
        seat = self.holding
        turn = self.log.open_turn()
        if seat is None or turn is None or seat not in turn.seats:
            return False
        index = len(self.log)
        sent = self._sent
        if sent is not None and sent[0] == index:
            if trio.current_time() - sent[2] >= RESEND_S:
                self._sent = (index, sent[1], trio.current_time())
                await self.send_part(sent[1])
            return False
        expected = self.core.expected()
        if expected is None:
            return False
        payload = await seat_payload(self.core, expected.kind, self.decider)
        if payload is None or len(self.log) != index:
            return False  # nothing owed yet, or the position closed while the person thought
        try:
            # Signed, not admitted: the position is committed here when the player's log
            # sends it back, so this log never runs ahead of the table's.
            part = Part.create(self.identity.private_key, self.log.session_id, index,
                               self.log.head_hash, seat, expected.kind, payload,
                               self.log.limits)
        except LogFormatError:
            return False
        self._sent = (index, part.raw, trio.current_time())
        await self.send_part(part.raw)
        return True


__all__ = ["RESEND_S", "HeldSeatInfo", "SeatTaker"]
