"""Watching a running table: a latecomer's read-only view of the game, live.

The watcher connects to one player's watch mesh (``table/watchers.py``) like a joiner
connects to a table: the Noise handshake proves the player's key (the DNS-SD record's, or
the one given with ``--table-key``). It receives the genesis, checks that it proves itself
(every ready statement signed) and seats the player it reached, then fetches the log and
replays every entry on an observer ``TableCore`` (no seat, a ``MentalDealer`` without a
key share) through a ``LogDriver``, exactly as ``p2pbang verify`` does, following the game
live as entries commit.

A watcher therefore sees what a spectator at the table would: every public card, every
move and its sentence, each player's life points, the roles as the rules reveal them; never
a hand or any hidden card (it holds no key that could open one). It writes nothing, signs
nothing and is in no genesis; the players do not wait for it.

Until it offers to take a seat (:meth:`TableWatch.offer_seat`, ``protocol/seats.md`` 7.2):
when the table then gives it a vanished seat, its core takes the seat through the hand-over
and a :class:`~p2pbang.table.seat_taker.SeatTaker` writes the seat's parts, which the
watched player carries to the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import trio

from p2pbang.engine.actions import End, Event
from p2pbang.net.discovery import DiscoveredTable
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import Genesis, LobbyError, verify_genesis
from p2pbang.net.log import Log, Roster, RosterError
from p2pbang.net.mesh import (
    ConnectionEvent,
    DialError,
    Mesh,
    MeshConfig,
    PreambleError,
    open_mesh,
)
from p2pbang.net.seat_offer import make_claim, make_offer
from p2pbang.net.seats import Proposal
from p2pbang.net.watch_sync import WatchFollower, WatchProblem
from p2pbang.table.core import TableCore
from p2pbang.table.driver import LogDriver, Verdict
from p2pbang.table.lobby_flow import TableRefused
from p2pbang.table.observer import observer_core
from p2pbang.table.participants import Decider, PlayerQuit
from p2pbang.table.seat_taker import HeldSeatInfo, SeatTaker
from p2pbang.table.seats import seating_drawn
from p2pbang.table.table_choice import UnplayableTable, dropouts_of

WATCHER_MESH = MeshConfig(max_peers=2)
RECONNECTS = 3  # a link lost by the network (not a goodbye) is dialed again this often
RECONNECT_PAUSE = 0.5  # seconds before the first new dial, growing by as much each time
GOODBYE = "peer left: "  # how the mesh reports the player's own goodbye (a refusal, its end)


class WatchRefused(TableRefused):
    """The table cannot be watched (not running, refused us, sent what cannot be followed);
    the text says why."""


# What ends an attempt to watch before it follows anything: said to the person, no trace.
WATCH_FAILURES: tuple[type[Exception], ...] = (WatchRefused, TableRefused, DialError,
                                               PreambleError, OSError)


class WatchReporter(Protocol):
    """What a watcher is told: the interfaces implement it (``ui/watch_plain.py``)."""

    def started(self, watch: TableWatch) -> None: ...

    def events(self, events: list[Event]) -> None: ...

    def caught_up(self, watch: TableWatch) -> None: ...

    def finished(self, result: WatchResult) -> None: ...


@dataclass(frozen=True)
class WatchResult:
    """How a watch ended: the game's end or verdict, or ``stopped`` (why it stopped early)."""

    names: list[str]
    entries: int
    head: bytes
    end: End | None
    verdict: Verdict | None
    stopped: str | None = None

    @property
    def complete(self) -> bool:
        """Followed to the end of the game, every entry checked."""
        return self.end is not None and self.verdict is None and self.stopped is None


class TableWatch:
    """One watcher following one running table (see the module docstring)."""

    def __init__(self, identity: Identity, table: DiscoveredTable, reporter: WatchReporter,
                 *, table_key: str | None = None, listen: str = "127.0.0.1",
                 config: MeshConfig = WATCHER_MESH) -> None:
        if not table.info.playing:
            raise WatchRefused(f"{table.info.name!r} has not begun its game: join it "
                               "instead (p2pbang join)")
        self.identity = identity
        self.table = table
        self.reporter = reporter
        # A table seen on DNS-SD must prove the record's key (a copied record cannot); an
        # "info" answer proves nothing unless the person pinned the key.
        self.prover = table_key or (table.info.host_peer if table.service_name else None)
        self.listen = listen
        self.config = config
        self.genesis: Genesis | None = None
        self.names: list[str] = []
        self.core: TableCore
        self.driver: LogDriver
        self.log: Log
        self.player: str | None = None
        self.seated = False  # the seating draw was seen: chairs are known
        self._caught_up = False
        self._changed = trio.Event()
        self._follower: WatchFollower | None = None
        self.taker: SeatTaker | None = None  # set by offer_seat
        self._taken_told = False
        self._nursery: trio.Nursery | None = None
        self.left_seat = False  # the person left the seat this watcher held
        # Read by the player's screen once this watcher holds a seat (``SeatInfo``): it
        # starts on the game as it stands, with nothing replayed from a disk.
        self.players = 0
        self.resumed = False
        self.restored_entries = 0
        self.dropout_wait = 60.0  # the table's, from the genesis

    @property
    def session_id(self) -> bytes:
        assert self.genesis is not None
        return self.genesis.session_id

    @property
    def closed(self) -> bool:
        """The game ended, or a verdict or a proof of equivocation stopped its log."""
        if self.genesis is None:
            return False
        return self.driver.check_halted() is not None or self.log.open_turn() is None

    async def run(self) -> WatchResult:
        """Follow the table until its game ends (or the player stops answering)."""
        host, port = self.table.watch_address
        stopped: str | None = None
        async with open_mesh(self.identity, self.table.info.table_id, host=self.listen,
                             config=self.config) as mesh:
            events = mesh.watch_events()
            follower = self._follower = WatchFollower(mesh, self._open, self._progress)
            peer = await mesh.connect(host, port, prove=self.prover)
            self.player = peer.peer_id
            self._dial_back_is_ours(mesh)
            async with trio.open_nursery() as nursery:
                self._nursery = nursery
                lost: list[str] = []
                nursery.start_soon(self._watch_link, mesh, events, lost, nursery.cancel_scope)
                problem: list[str] = []
                nursery.start_soon(self._follow, follower, problem, nursery.cancel_scope)
                nursery.start_soon(self._hold)
                while not self.closed and not self.left_seat:
                    changed = self._changed
                    await changed.wait()
                nursery.cancel_scope.cancel()
            stopped = (problem or lost or (["you left the seat"] if self.left_seat else [])
                       or [None])[0]
        if self.genesis is None:
            raise WatchRefused(stopped or "the player sent no genesis")
        result = WatchResult(self.names, len(self.log), self.log.head_hash, self.core.over,
                             self.driver.check_halted() or self.driver.verdict,
                             None if self.closed else stopped)
        self.reporter.finished(result)
        return result

    # ------------------------------------------------------------------ taking a seat

    @property
    def seat(self) -> int | None:
        """The game seat this watcher holds (after the table gave it one), or None."""
        return self.taker.game_seat if self.taker is not None else None

    async def offer_seat(self, name: str, decider: Decider) -> bool:
        """Offer to take the next seat the table replaces, played by ``decider`` under
        ``name``; False when the player cannot be reached now or the log is not here yet."""
        follower = self._follower
        if follower is None or self.genesis is None or self.closed:
            return False
        taker = self._taker(follower, name, decider)
        return taker.holding is None and await taker.offer()

    def _taker(self, follower: WatchFollower, name: str, decider: Decider) -> SeatTaker:
        """This watcher's identity for a seat (one per watch: a second offer repeats it)."""
        if self.taker is None:
            self.taker = SeatTaker(Identity.generate(name), self.core, self.driver, self.log,
                                   decider, follower.send_offer, follower.send_part,
                                   follower.send_statement, self.names)
            follower.on_statement = self._statement
        return self.taker

    async def reclaim_seat(self, old: Identity, seat: int, name: str, decider: Decider) -> bool:
        """Take back log seat ``seat`` (this person's in the genesis, ``old`` its identity)
        from the bot that plays it, which the watched player runs: a fresh key is offered
        with a claim signed by the old one; the bot leaves naming it at its next position."""
        follower = self._follower
        if follower is None or self.genesis is None or self.closed:
            return False
        taker = self._taker(follower, name, decider)
        if taker.holding is not None:
            return False
        taker.reclaiming = True
        taker.driver.holder_key = taker.key
        offer = make_offer(taker.identity.private_key, self.session_id, taker.identity.name)
        claim = make_claim(old.private_key, offer, seat)
        return await follower.send_reclaim(offer.encode(), seat, claim)

    def _statement(self, raw: bytes) -> None:
        """The relay shows a proposal the held seat must vote on."""
        taker, nursery = self.taker, self._nursery
        if taker is not None and nursery is not None:
            nursery.start_soon(taker.vote, raw, self.dropout_wait)

    def _seat_changed(self, index: int, proposal: Proposal, game_seat: int,
                      holder: int | None) -> None:
        while holder is not None and len(self.names) <= holder:
            self.names.append(proposal.holder_name or f"holder {len(self.names) + 1}")
        if self.taker is not None:
            self.taker.changed(proposal, game_seat, holder)

    def held_seat(self) -> HeldSeatInfo:
        """The seat this watcher holds, as the person's table screen reads it."""
        taker = self.taker
        assert taker is not None and taker.game_seat is not None, "no seat held"
        seat = taker.game_seat
        names = self.names[:self.players]
        names[seat] = taker.identity.name
        return HeldSeatInfo(self.session_id, seat, self.players, names, self.core,
                            taker.took_from or self.names[seat], taker.reclaiming)

    def _report_taken(self) -> None:
        """Tell the reporter once the engine is the held seat's (the hand-over delivered
        its cards): from then on the seat's own screen can be drawn."""
        taker = self.taker
        if (taker is None or taker.game_seat is None or self._taken_told
                or self.core.game.viewer != taker.game_seat):
            return
        self._taken_told = True
        took = getattr(self.reporter, "took_seat", None)
        if took is not None:
            took(self)

    async def _hold(self) -> None:
        """Write the held seat's parts as the log asks for them."""
        while True:
            changed = self._changed
            with trio.move_on_after(1.0):
                await changed.wait()
            taker = self.taker
            if taker is not None and taker.holding is not None and not self.closed:
                self._report_taken()  # the person's table starts before it is asked a move
                try:
                    await taker.write()
                except PlayerQuit:
                    # The person left the seat: the watch ends; the table replaces the
                    # seat again once its relay says the link is down.
                    self.left_seat = True
                    self._changed.set()
                    return

    async def _follow(self, follower: WatchFollower, problem: list[str],
                      scope: trio.CancelScope) -> None:
        assert self.player is not None
        try:
            await follower.follow(self.player)
        except WatchProblem as exc:
            problem.append(str(exc))
            scope.cancel()

    async def _watch_link(self, mesh: Mesh, events: trio.MemoryReceiveChannel[ConnectionEvent],
                          lost: list[str], scope: trio.CancelScope) -> None:
        """End the watch when the player is gone for good: it said goodbye (refused us, or
        its session ended), or the link broke and dialing again failed. The log so far is
        kept across a new link: the player starts over with the genesis and its head, and
        the watcher fetches from where it stands."""
        async for event in events:
            if event.peer_id != self.player or event.kind != "disconnected" or self.closed:
                continue
            if event.reason.startswith(GOODBYE) or not await self._reconnect(mesh):
                lost.append(f"the player stopped serving this watcher ({event.reason})")
                scope.cancel()
                return

    async def _reconnect(self, mesh: Mesh) -> bool:
        host, port = self.table.watch_address
        for attempt in range(1, RECONNECTS + 1):
            await trio.sleep(RECONNECT_PAUSE * attempt)
            try:
                await mesh.connect(host, port, prove=self.player)
            except DialError:
                continue
            self._dial_back_is_ours(mesh)
            return True
        return False

    def _dial_back_is_ours(self, mesh: Mesh) -> None:
        """The mesh would redial the player on its own (when our id is the lower): this
        watch decides when to dial again, and how often."""
        status = mesh.peer(self.player) if self.player is not None else None
        if status is not None:
            status.address = None

    def _open(self, data: bytes) -> Log:
        """The genesis the player sent: checked, then the observer's engine and log."""
        try:
            genesis = verify_genesis(data)
        except LobbyError as exc:
            raise WatchProblem(f"the genesis does not check: {exc}") from None
        if genesis.table_id != self.table.info.table_id:
            raise WatchProblem("the player sent the genesis of another table")
        if self.player not in genesis.roster:
            raise WatchProblem("the player is not seated in the genesis it sent")
        try:
            roster = Roster([seat.public_key for seat in genesis.seats])
            core = observer_core(genesis)
        except (RosterError, UnplayableTable, ValueError) as exc:
            raise WatchProblem(f"this game cannot be followed here: {exc}") from None
        self.genesis = genesis
        self.names = list(genesis.names)
        self.players = len(genesis.seats)
        self.dropout_wait = float(dropouts_of(genesis.settings).wait_s)
        self.core = core
        self.driver = LogDriver(core, on_events=self._told, on_seat_change=self._seat_changed)
        self.log = Log(genesis.session_id, roster, self.driver.writers)
        self.driver.bind(self.log)
        self.reporter.started(self)
        return self.log

    def _told(self, events: list[Event]) -> None:
        self.seated = self.seated or seating_drawn(events)
        self.reporter.events(events)

    def _progress(self) -> None:
        self._report_taken()
        follower = self._follower
        if (not self._caught_up and self.genesis is not None and follower is not None
                and follower.their_length and len(self.log) >= follower.their_length):
            self._caught_up = True
            self.reporter.caught_up(self)
        self._changed.set()
        self._changed = trio.Event()


__all__ = ["WATCH_FAILURES", "TableWatch", "WatchRefused", "WatchReporter", "WatchResult",
           "observer_core"]
