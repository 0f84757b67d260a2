"""A game of BANG! between peers on a LAN, from the sealed genesis to the last entry.

The lobby (``p2pbang.net.lobby``) ends with a genesis every player signed; its hash is the
session id, its roster order (peer ids sorted) is the seat order, for the whole game. (Seat
order is not shuffled: the engine picks the Sheriff with a public random draw, and seats
count from the Sheriff, so the roster order gives nobody an advantage.) From there a
:class:`TableSession` runs this peer's side of the game:

1. **Secrets first.** The seat's dealer key is created (or, on a resume, reloaded) and
   written to the game's ``SecretsFile`` before anything depends on it.
2. **The log.** A ``Log`` over the genesis roster's identity keys, whose ``writers`` callback
   is a :class:`~p2pbang.table.driver.LogDriver`: it feeds every committed entry to this
   seat's ``TableCore`` before naming the next writers, and closes the log on a proven
   cheat. A resumed peer reloads the log from its ``LogStore`` through the same driver, so
   its engine and dealer replay the whole game.
3. **Replication.** ``MeshReplication`` carries the log over the lobby's mesh; every
   committed entry is journaled (fsync) before anything that depends on it is sent.
4. **Writing.** Whenever the open position names this seat and it has not written its part
   yet, it writes: the dealer's message for a dealing round, or its decider's move (a bot,
   or the person at the keyboard) with the proven reveal of every card the move shows.
5. **The end.** When the log closes (the game ended, or a verdict stopped it), the peer
   tells the others so with a ``table.done`` message naming its final log length and hash,
   and lingers, still serving the log, until every other seat has said the same (or a
   time limit passes): so a peer that dropped out near the end can still catch up. The
   transcript is written, the verdict and its evidence saved next to the log.

Eliminated players keep running to the end: every hidden card needs every seat's key share.
A peer that disconnects is waited for (``waiting`` reports who, and for how long); when it
comes back, its replicator catches up and the game goes on.
"""

from __future__ import annotations

import contextlib
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import msgpack
import trio

from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.actions import Decision, Event
from p2pbang.net.codec import Bin, FixedBin, Int, Str
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import Genesis
from p2pbang.net.log import Log, LogError, Reason, Rejection, Roster
from p2pbang.net.mesh import ConnectionEvent, DialError, Incoming, Mesh, PeerNotConnected
from p2pbang.net.replication import MeshReplication, attach_log_sync
from p2pbang.net.seat_offer import MAX_OFFER_BYTES, OfferError, read_offer
from p2pbang.net.seats import Proposal, Purpose
from p2pbang.net.store import (
    LOG_FILE,
    LogStore,
    SecretsFile,
    StoreCorrupted,
    StoreError,
    set_aside_damaged_log,
)
from p2pbang.net.sync import Replicator, Step
from p2pbang.table.core import DEAL, MOVE, TableCore
from p2pbang.table.dealer_secrets import (
    SeatSecrets,
    pending_dealing,
    pending_opening,
    restore_dealing,
    restore_opening,
)
from p2pbang.table.driver import FAILURE, LogDriver, Verdict
from p2pbang.table.gamefiles import META_FILE, GameFiles, restore_into
from p2pbang.table.handovers import SeatKeeper, change_sentence
from p2pbang.table.outcome import SessionResult
from p2pbang.table.participants import Decider, LeaveForGood, PlayerQuit, Reporter
from p2pbang.table.seats import seat_number, seating_drawn, who
from p2pbang.table.table_choice import choice_of, dropouts_of
from p2pbang.table.watchers import WatchService

TABLE_TOPIC = "table"
DONE = "table.done"
CHAT = "table.chat"
HOLDER = "table.holder"  # a leaving peer gives its seat's new holder to the runner
OFFER = "table.offer"  # a watcher's offer to take a vanished seat, told by the peer it reached
RECLAIM = "table.reclaim"  # a returning player's fresh key: the bot on its seat hands it back
RELAY = "table.relay"  # the relay of a watcher holding a seat: is the watcher's link up?
MAX_CHAT_CHARS = 200
HASH_BYTES = 32


@dataclass(frozen=True)
class TableInboxes:
    """The mesh subscriptions a table needs, opened before the genesis is sealed."""

    log: trio.MemoryReceiveChannel[Incoming]
    table: trio.MemoryReceiveChannel[Incoming]


def prepare_mesh(mesh: Mesh) -> TableInboxes:
    """Register the table's messages on the lobby's mesh and open their inboxes.

    Call it right after the lobby opens: a faster peer may send log messages the moment the
    genesis is sealed, and an unregistered message type would cost it its connection.
    """
    log_inbox = attach_log_sync(mesh)
    if DONE not in mesh.registry:
        mesh.registry.register(DONE, {"n": Int(0, 2**32), "h": FixedBin(HASH_BYTES)})
    if CHAT not in mesh.registry:  # every peer accepts chat, even one with nobody to read it
        mesh.registry.register(CHAT, {"text": Str(MAX_CHAT_CHARS, 1)})
    if HOLDER not in mesh.registry:
        mesh.registry.register(HOLDER, {"k": FixedBin(32)})
    if OFFER not in mesh.registry:
        mesh.registry.register(OFFER, {"o": Bin(MAX_OFFER_BYTES)})
    if RECLAIM not in mesh.registry:
        mesh.registry.register(RECLAIM, {"o": Bin(MAX_OFFER_BYTES)})
    if RELAY not in mesh.registry:
        mesh.registry.register(RELAY, {"s": Int(0, 255), "u": Int(0, 1)})
    return TableInboxes(log_inbox, mesh.subscribe(TABLE_TOPIC, 256))


@dataclass(frozen=True)
class SessionConfig:
    """Timings. ``max_wait`` (None: forever) makes an unattended peer give up on a table
    where one position has waited that long; a person decides for themselves. ``record``
    appends every log message received, as received, to that file (an audit aid: see
    :func:`read_recording`)."""

    tick: float = 1.0
    linger: float = 30.0
    wait_report: float = 3.0
    max_wait: float | None = None
    redial: float = 2.0
    record: Path | None = None
    bot_level: str = "sensible"  # the bots this peer runs for seats handed to it


class _Recorder:
    """Appends ``[seconds, seat, message bytes]`` records (msgpack) for each message."""

    def __init__(self, path: Path) -> None:
        self._file = open(path, "ab")  # noqa: SIM115 (closed by close())
        self._start = time.monotonic()

    def record(self, seat: int, data: bytes) -> None:
        self._file.write(msgpack.packb([time.monotonic() - self._start, seat, data],
                                       use_bin_type=True))

    def close(self) -> None:
        self._file.close()


def read_recording(path: Path) -> list[tuple[float, int, bytes]]:
    """The records a ``record`` file holds, in the order they were received."""
    with open(path, "rb") as handle:
        unpacker = msgpack.Unpacker(handle, raw=False, max_buffer_size=64 * 1024 * 1024)
        return [(float(t), int(seat), bytes(data)) for t, seat, data in unpacker]


def _usage() -> dict[str, float]:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"cpu_s": usage.ru_utime + usage.ru_stime, "max_rss_mb": usage.ru_maxrss / 1024}


class Interference(Protocol):
    """Hooks through which a deliberately cheating seat (``table/cheats.py``, a testing aid)
    bends this session's own parts. Declared here, not imported, so that the session does not
    depend on its cheaters: they depend on it."""

    def observe(self, seat: int, kind: str, payload: bytes) -> None: ...

    def deal(self, session: TableSession, payload: bytes) -> bytes: ...

    def move(self, session: TableSession, decision: Decision) -> bytes | None: ...

    async def write(self, session: TableSession, kind: str, payload: bytes) -> bool: ...


class TableSession:
    """This peer's seat at a sealed table (see the module docstring)."""

    def __init__(
        self,
        identity: Identity,
        genesis: Genesis,
        mesh: Mesh,
        inboxes: TableInboxes,
        files: GameFiles,
        decider: Decider,
        reporter: Reporter,
        *,
        config: SessionConfig | None = None,
        cheat: Interference | None = None,
        meta: dict[str, object] | None = None,
    ) -> None:
        self.identity = identity
        self.genesis = genesis
        self.mesh = mesh
        self.inboxes = inboxes
        self.files = files
        self.decider = decider
        self.reporter = reporter
        self.config = config or SessionConfig()
        self.cheat = cheat
        self.meta = dict(meta or {})
        self.session_id = genesis.session_id
        self.seat = genesis.seat_of(identity.peer_id)
        self.players = len(genesis.seats)
        self.choice = choice_of(genesis.settings)
        self.dropouts = dropouts_of(genesis.settings)
        self.names = list(genesis.names)  # unique at the table: "root", "root (2)"
        self.roster = Roster([seat.public_key for seat in genesis.seats])
        self.restored_entries = 0
        self.resumed = False
        self.seated = False  # the seating draw was seen (on a resume, among the replayed)
        self._progress = trio.Event()
        self._last_progress = time.monotonic()
        self._mark = (0, 0)
        self._done: dict[int, tuple[int, bytes]] = {}
        self._addresses: dict[str, tuple[str, int]] = {
            str(peer): (str(address[0]), int(address[1]))
            for peer, address in dict(self.meta.pop("peers", {})).items()}
        self._replaying = False
        self._in_step = True  # False from a restart until the others' heads are fetched
        self._leaving = False
        self._for_good = False  # leave for good: hand the seat over before exiting
        self.left_for_good: str | None = None  # the new holder's name, once it is handed
        # Chat from another seat (named by the key its channel proved), never logged.
        self.on_chat: Callable[[int, str], None] | None = None
        self._deciding: trio.CancelScope | None = None
        self._play_scope = trio.CancelScope()
        self._gave_up: str | None = None
        self._setup_s: float | None = None
        # CPU this process spent from the genesis to the first move: on a shared machine the
        # set-up is CPU-bound, and this tells a slow machine from a slow protocol.
        self._setup_cpu_s: float | None = None
        self._started_cpu = _usage()["cpu_s"]
        self._started = time.monotonic()
        self.keeper = SeatKeeper(self, self.dropouts, self.config.bot_level)
        # From each seat change applied here to the next move due (the table plays again):
        # the cost of a hand-over as the players feel it (docs/benchmarks.md).
        self._change_at: float | None = None
        self._change_kind: Purpose | None = None
        self._handovers_s: list[float] = []
        # Watchers of the running game (table/watchers.py): whoever announced the lobby
        # sets ``self.watchers.announce`` before ``run``.
        self.watchers = WatchService()
        # Set in run():
        self.core: TableCore
        self.driver: LogDriver
        self.log: Log
        self.replication: MeshReplication
        self._secrets_file: SecretsFile
        self._secrets: SeatSecrets

    # ------------------------------------------------------------------ the whole game

    async def run(self) -> SessionResult:
        """Play this seat to the end of the game; the files stay for resume, replay, verify."""
        self.files.save_genesis(self.genesis)
        self.files.update_meta(seat=self.seat, peer_id=self.identity.peer_id,
                               session=self.session_id.hex(), names=self.names,
                               game=self.choice.to_wire(), port=self.mesh.port, over=False,
                               **self.meta)
        self._remember_peers()
        self._open_dealer()
        result: SessionResult
        with self._open_store() as store:
            # Whatever was lost from the files, nothing is signed before the others' logs.
            self._in_step = not (self.resumed or self.restored_entries)
            self.reporter.started(self)
            replicator = Replicator(self.log, self.seat, journal=store)
            # The ballots this peer signed before a restart: never a second, different one.
            replicator.restore_statements(store.own_statements())
            recorder = _Recorder(self.config.record) if self.config.record else None
            self.replication = MeshReplication(
                self.mesh, replicator, self.genesis.roster, self.inboxes.log,
                on_step=self._on_step, on_connection=self._on_connection,
                on_message=recorder.record if recorder else None)
            left = False
            async with trio.open_nursery() as nursery:
                self.nursery = nursery  # the keeper asks the person here (table/handovers.py)
                await nursery.start(self.replication.run, self.config.tick)
                nursery.start_soon(self._receive_done)
                nursery.start_soon(self._keep_links)
                nursery.start_soon(self._watch)
                nursery.start_soon(self.watchers.serve, self)
                try:
                    with self._play_scope:
                        await self._play()
                except PlayerQuit:
                    left = True
                left = left or self._leaving or self.left_for_good is not None
                gave_up = self._gave_up
                if self.left_for_good is not None:
                    await self._hand_over_last_part()
                verdict = self.driver.check_halted() or self.driver.verdict
                if verdict is not None:
                    self._save_verdict(verdict)
                if not left and not gave_up:
                    await self._linger()
                nursery.cancel_scope.cancel()
            result = self._conclude(left, gave_up)
            if recorder is not None:
                recorder.close()
        self.reporter.finished(result)
        return result

    def _open_dealer(self) -> None:
        self._secrets_file = SecretsFile(self.files.directory, self.session_id)
        stored = self._secrets_file.read()
        if stored is None and self.files.path(LOG_FILE).exists():
            # The secrets are written before the log file is first created: this seat has
            # played here. A new key would contradict its own key in the log.
            raise StoreError(f"{self._secrets_file.path} is lost: this seat's dealer key is "
                             "gone, so it cannot replay or play on (nothing was signed)")
        if stored is None:
            dealer = MentalDealer(self.seat, self.players, self.session_id,
                                  escrow_threshold=self._escrow_threshold)
            self._secrets = SeatSecrets(dealer.export_secret_key())
            self._secrets_file.write(self._secrets.encode())
        else:
            self.resumed = True
            self._secrets = SeatSecrets.decode(stored)
            dealer = MentalDealer(self.seat, self.players, self.session_id,
                                  secret_key=self._secrets.dealer_key,
                                  escrow_threshold=self._escrow_threshold)
        self.core = TableCore(self.players, self.seat, dealer, self.choice)
        self.core.start()

    @property
    def _escrow_threshold(self) -> int | None:
        return self.dropouts.escrow_threshold(self.players)

    def _open_store(self) -> LogStore:
        """Open the log file and replay it; a damaged file is set aside, and the game goes
        on from its intact prefix (the rest is fetched back before anything is signed)."""
        for _ in range(3):
            try:
                store = LogStore(self.files.directory, self.session_id)
            except StoreCorrupted as exc:
                self._set_aside(exc)
                continue
            try:
                self._open_log(store)
            except StoreCorrupted as exc:
                store.close()
                self._set_aside(exc)
                self._open_dealer()  # the replay stopped half-way: start the core afresh
                continue
            return store
        raise StoreError(f"{self.files.directory}: the log file cannot be repaired")

    def _set_aside(self, damage: StoreCorrupted) -> None:
        aside = set_aside_damaged_log(self.files.directory, self.session_id, damage.offset)
        self.resumed = True
        self.reporter.warning(f"damaged log file ({damage.detail}): kept as {aside.name}; "
                              "what follows the damage is fetched from the other players")

    def _open_log(self, store: LogStore) -> None:
        on_part = self.cheat.observe if self.cheat is not None else None
        self.driver = LogDriver(self.core, on_events=self._narrate, on_part=on_part,
                                on_seat_change=self._seat_changed)
        self.log = Log(self.session_id, self.roster, self.driver.writers)
        self.driver.bind(self.log)
        self._replaying = True
        try:
            self.restored_entries = restore_into(self.log, store)
            self.driver.catch_up()
        finally:
            self._replaying = False

    # ------------------------------------------------------------------ writing our parts

    async def _play(self) -> None:
        while True:
            progress = self._progress
            if self.driver.closed:
                return
            replaced = self.keeper.replaced_me
            if replaced is not None and not (
                    replaced.purpose is Purpose.LEAVE and self.core.dealer.leaver_owes):
                if replaced.purpose is Purpose.LEAVE:
                    self.left_for_good = replaced.holder_name
                elif self._gave_up is None:  # found while replaying the log on a resume
                    self._gave_up = "this seat was given to a new holder while this peer was away"
                return
            turn = self.log.open_turn()
            expected = self.core.expected()
            if turn is None or expected is None:
                return
            if expected.kind == MOVE and self._change_at is not None \
                    and not self.core.handing_over:
                seconds = time.monotonic() - self._change_at
                self._handovers_s.append(round(seconds, 3))
                self._change_at = None
                what = ("the draw is complete" if self._change_kind is Purpose.OPEN
                        else "the hand-over is complete")
                self.reporter.warning(f"{what}: the table plays again ({seconds:.1f} s after "
                                      "the decision)")
            if expected.kind == MOVE and self._setup_s is None:
                self._setup_s = time.monotonic() - self._started
                self._setup_cpu_s = _usage()["cpu_s"] - self._started_cpu
            written = {part.seat for part in self.log.pending_parts()}
            if self.seat in turn.seats and self.seat not in written and self._may_sign():
                if self._for_good and replaced is None \
                        and self.keeper.leave_problem() is None \
                        and await self.keeper.leave() is not None:
                    self._for_good = False  # signed: the log takes it from here
                    await progress.wait()
                    continue
                await self._write(expected.kind)
                continue
            if self._in_step and await self.keeper.write_hosted():
                continue
            await progress.wait()

    def _may_sign(self) -> bool:
        """After a restart, sign only once every other seat's head is held in full.

        The files may have lost a tail (a restored backup, a lost fsync, a repaired
        record): a part this seat signed and forgot is in some peer's log, and signing
        another for the same position would be proven equivocation against an honest
        player. Fetching first (every signature verified) returns the old part instead.
        """
        if not self._in_step:
            others = set(range(self.players)) - {self.seat}
            self._in_step = self.replication.replicator.in_step_with(others)
        return self._in_step

    async def _write(self, kind: str) -> None:
        if kind == DEAL:
            payload = self._deal_payload()
            if self.cheat is not None:
                payload = self.cheat.deal(self, payload)
        else:
            decision = self.core.game.pending
            assert isinstance(decision, Decision)
            payload = None
            if self.cheat is not None:
                payload = self.cheat.move(self, decision)
            if payload is None:
                with trio.CancelScope() as scope:
                    self._deciding = scope
                    try:
                        action = await self.decider.decide(self.core, decision)
                    except LeaveForGood:
                        self._deciding = None
                        self._for_good = True  # _play signs the leave instead of a move
                        return
                self._deciding = None
                if scope.cancelled_caught:
                    return  # the log was halted while we thought
                payload = self.core.move_payload(action)
        if self.cheat is not None and await self.cheat.write(self, kind, payload):
            return
        try:
            await self.replication.submit(self.identity.private_key, kind, payload)
        except LogError as exc:
            self.driver.verdict = Verdict(FAILURE, -1, f"cannot write: {exc}", len(self.log))
            self._wake()

    def _deal_payload(self) -> bytes:
        """The dealer's message, with any secret it depends on on disk before it is signed."""
        dealer = self.core.dealer
        restore_opening(dealer, self._secrets.opening)
        restore_dealing(dealer, self._secrets.dealing)
        payload = self.core.my_deal_payload()
        assert payload is not None, "the log named this seat but its dealer owes nothing"
        opening = pending_opening(dealer)
        if opening is not None and opening != self._secrets.opening:
            self._secrets = replace(self._secrets, opening=opening)
            self._secrets_file.write(self._secrets.encode())
        dealing = pending_dealing(dealer)  # with escrow, a draw's value and its dealing
        if dealing is not None and dealing != self._secrets.dealing:
            self._secrets = replace(self._secrets, dealing=dealing)
            self._secrets_file.write(self._secrets.encode())
        return payload

    # ------------------------------------------------------------------ what comes in

    def leave(self) -> None:
        """The person leaves now, their turn or not: play stops, nothing is waited for, the
        files stay for ``p2pbang resume`` (``run`` returns a result that says ``left``)."""
        self._leaving = True
        self._play_scope.cancel()

    async def _hand_over_last_part(self) -> None:
        """A peer that left for good stays until the others hold its last part (the
        hand-over's round B): without it nobody could go on. At most ``linger`` seconds."""
        target = len(self.log)
        deadline = trio.current_time() + self.config.linger
        others = self._peers_playing()
        while trio.current_time() < deadline:
            if self.replication.replicator.peers_hold(others, target):
                return
            with trio.move_on_after(0.5):
                await self._progress.wait()

    def leave_for_good(self) -> None:
        """The person leaves for good: at the next position this seat owes, it signs a
        leave naming a bot that the next connected player runs, writes its last part of
        the hand-over, and ``run`` returns (``left_for_good`` names the bot)."""
        self._for_good = True
        self._wake()

    async def send_holder(self, seat: int, secret: bytes) -> None:
        """Give the runner ``seat`` the identity of the bot taking this seat (over the
        Noise channel: nobody else learns it)."""
        peer_id = self.genesis.roster[seat]
        with contextlib.suppress(PeerNotConnected):
            await self.mesh.send(peer_id, {"t": HOLDER, "k": secret})

    # ------------------------------------------------------------------ watchers' offers

    def watcher_offer(self, watcher: str, raw: bytes) -> str | None:
        """A watcher on this peer's watch mesh offers to take a vanished seat
        (``protocol/seats.md`` 7.2): kept, and told to every other peer."""
        problem, offer = self.keeper.take_offer(watcher, raw)
        if offer is not None:
            self.reporter.warning(f"{offer.holder_name} (watching) offers to take a seat "
                                  "if one is replaced")
            self._tell_table({"t": OFFER, "o": offer.encode()})
        return problem

    def tell_relay(self, holder: int, up: bool) -> None:
        """Tell every peer whether the watcher holding ``holder`` (whose parts this peer
        carries) is linked to it: a seat whose watcher is gone can be replaced again."""
        self._tell_table({"t": RELAY, "s": holder, "u": int(up)})

    def _tell_table(self, message: dict[str, object]) -> None:
        """Send ``message`` to every connected player, without waiting. A peer not
        connected now misses it: it then proposes a bot rather than that watcher (an offer),
        or hears a relay's down link when it is told again (``SeatKeeper``)."""
        for peer_id in self.mesh.connected_peers():
            if peer_id in self.genesis.roster:
                self.nursery.start_soon(self._send_quietly, peer_id, message)

    async def _send_quietly(self, peer_id: str, message: dict[str, object]) -> None:
        with contextlib.suppress(PeerNotConnected):
            await self.mesh.send(peer_id, message)

    def watcher_reclaim(self, watcher: str, raw: bytes, seat: int, claim: bytes) -> str | None:
        """A returning player claims its seat back from a bot this peer runs (through this
        peer's watch mesh): the bot hands it back at its next position; the others are told
        which peer carries the player's parts."""
        problem, offer = self.keeper.take_reclaim(watcher, raw, seat, claim)
        if offer is not None:
            self.reporter.warning(f"{self.names[seat]} is back and takes the seat back from "
                                  "the bot")
            self._tell_table({"t": RECLAIM, "o": offer.encode()})
        return problem

    def take_back_from(self) -> tuple[int, str] | None:
        """Where this peer's player can take their seat back, after a bot took it while
        they were away (``protocol/seats.md`` 7.2): the bot's runner's log seat and game
        address ("host:port"), or None (not replaced by a bot, the game over, or no address
        known)."""
        replaced = self.keeper.replaced_me
        if (replaced is None or replaced.purpose is not Purpose.REPLACE or replaced.runner < 0
                or self.core.over is not None or self.log.open_turn() is None):
            return None
        peer_id = self.genesis.roster[replaced.runner]
        status = self.mesh.peer(peer_id)
        address = status.address if status is not None and status.address else \
            self._addresses.get(peer_id)
        if address is None:
            return None
        return replaced.runner, f"{address[0]}:{address[1]}"

    def _offer_told(self, raw: bytes, seat: int, listed: bool = True) -> None:
        """Another peer tells of a watcher's offer, or of a returning player's claim (it
        carries that person's parts)."""
        try:
            offer = read_offer(raw, self.session_id)
        except OfferError as exc:
            self.reporter.warning(f"refused: {self._who(seat)} told a bad seat offer: {exc}")
            return
        if not listed:
            self.keeper.note_offer(offer, seat, listed=False)
        elif self.dropouts.replaces and self.keeper.note_offer(offer, seat):
            self.reporter.warning(f"{offer.holder_name} (watching) offers to take a seat "
                                  "if one is replaced")

    def _wake(self) -> None:
        self._progress.set()
        self._progress = trio.Event()

    def _on_step(self, step: Step) -> None:
        if self.log.halted is None:
            # A part naming another history may be an honest peer's symptom of someone
            # else's fork: the proof of equivocation that follows is the verdict.
            for rejection in step.rejected:
                if rejection.reason is not Reason.WRONG_PREV:
                    self.reporter.warning(f"refused: {self._blame(rejection)}")
            for fault in step.faults:
                self.reporter.warning(f"sync fault: {fault}")
        if step.proofs or self.log.halted is not None:
            self.driver.check_halted()
            if self._deciding is not None:
                self._deciding.cancel()
        mark = (len(self.log), len(self.log.pending_parts()))
        if mark != self._mark:
            self._mark = mark
            self._last_progress = time.monotonic()
        self._progress.set()
        self._progress = trio.Event()

    def _blame(self, rejection: Rejection) -> str:
        seat = rejection.offender
        return f"{self._who(seat)}: {rejection.reason.value}: {rejection.detail}"

    def who_is(self, seat: int | None) -> str:
        """A log seat's holder by name and chair (a new holder is a log seat of its own)."""
        return self._who(seat)

    def who_holds(self, seat: int) -> str:
        """Game seat ``seat``'s holder now (its new holder once it changed hands), with its
        chair: what the interfaces' lines say."""
        driver = getattr(self, "driver", None)
        return self._who(driver.log_seats[seat] if driver is not None else seat)

    def _who(self, seat: int | None) -> str:
        """A player as the lines name one: by name and chair (``table/seats.py``); ``seat``
        is a log seat (a seat's new holder is one), its chair that of the game seat it holds
        or held."""
        driver = getattr(self, "driver", None)
        if driver is None:  # the log is being opened
            return who(self.names, self._game(), seat)
        return driver.who(self.names, seat)

    def _game(self) -> Any:
        core = getattr(self, "core", None)  # not up yet while the log is being opened
        return core.game if core is not None else None

    def _on_connection(self, seat: int, event: ConnectionEvent) -> None:
        if event.kind == "disconnected" and self._finished_peer(seat):
            return  # a peer that finished and left: nothing to report
        self.reporter.connection(seat, event.kind, event.reason)
        if event.kind in ("connected", "reconnected"):
            self._remember_peers()

    def _finished_peer(self, seat: int) -> bool:
        return seat in self._done

    # ------------------------------------------------------------------ seats changing hands

    def _seat_changed(self, index: int, proposal: Proposal, game_seat: int,
                      holder: int | None) -> None:
        """The driver applied a seat change (on every peer alike): name the new holder,
        let the keeper start it if this peer runs it, and say what happened."""
        while holder is not None and len(self.names) <= holder:
            self.names.append(proposal.holder_name or f"holder {len(self.names) + 1}")
        self.keeper.changed(index, proposal, game_seat, holder)
        if self._replaying:
            return
        if proposal.purpose is not Purpose.FORFEIT:
            self._change_at = time.monotonic()
            self._change_kind = proposal.purpose
        self.reporter.warning(self._change_text(proposal, holder))
        replaced = self.keeper.replaced_me
        if replaced is not None and replaced.purpose is not Purpose.LEAVE:
            self._gave_up = "this seat was given to a new holder while this peer was away"
            self._play_scope.cancel()

    def _change_text(self, proposal: Proposal, holder: int | None) -> str:
        return change_sentence(proposal, self._who, holder)

    def note_vote(self, proposal: Proposal) -> None:
        """This peer agreed to a seat change: say so (the keeper votes)."""
        if proposal.purpose is Purpose.OPEN:
            what = "open its share of the draw from the escrow"
        elif proposal.purpose is Purpose.FORFEIT:
            what = "end the game by forfeit"
        else:
            what = f"give the seat to {proposal.holder_name}"
        self.reporter.warning(f"{self._who(proposal.seat)} is away: agreed to {what}")

    def _game_seats(self, log_seats: list[int]) -> list[int]:
        seats = (self.driver.game_seat(seat) for seat in log_seats)
        return [seat for seat in seats if seat is not None]

    def _peers_playing(self) -> set[int]:
        """The other peers still at the table: holders of a seat, or runners of one."""
        holders = set(self.driver.log_seats)
        if self.driver.forfeit is not None:  # the seat that lost by forfeit is gone
            holders.discard(self.driver.log_seats[self.driver.forfeit[0]])
        peers = {self.keeper.peer_of(seat) for seat in holders}
        return {seat for seat in peers if seat < self.players} - {self.seat}

    def _narrate(self, events: list[Event]) -> None:
        self.seated = self.seated or seating_drawn(events)
        observe = getattr(self.decider, "observe", None)
        if observe is not None:  # a bot's memory of who attacked whom, rebuilt on replay too
            observe(events)
        if not self._replaying:
            self.reporter.events(events)

    async def _receive_done(self) -> None:
        async for incoming in self.inboxes.table:
            seat = self.replication.seat_of(incoming.peer_id)
            kind = incoming.message.get("t")
            if seat is not None and kind == CHAT and self.on_chat is not None:
                self.on_chat(seat, incoming.message["text"])
            if seat is not None and kind == HOLDER:
                self.keeper.accept_holder(incoming.message["k"], seat)
            if seat is not None and kind == OFFER:
                self._offer_told(incoming.message["o"], seat)
            if seat is not None and kind == RECLAIM:
                self._offer_told(incoming.message["o"], seat, listed=False)
            if seat is not None and kind == RELAY:
                self.keeper.relay_told(incoming.message["s"], bool(incoming.message["u"]), seat)
            if seat is None or kind != DONE:
                continue
            length, head = incoming.message["n"], incoming.message["h"]
            differs = length <= len(self.log) and self.log.hash_at(length) != head
            if differs and seat not in self._done and self.log.halted is None:
                self.reporter.warning(f"{self._who(seat)} ended on another "
                                      f"history (length {length}, head {head.hex()[:16]})")
            self._done[seat] = (length, head)
            self._progress.set()
            self._progress = trio.Event()

    # ------------------------------------------------------------------ keeping the table

    def _remember_peers(self) -> None:
        """Note where the other players listen, for a restart of this peer."""
        known = dict(self._addresses)
        for status in self.mesh.peers():
            if status.peer_id in self.genesis.roster and status.address is not None:
                known[status.peer_id] = (str(status.address[0]), int(status.address[1]))
        if known != self._addresses:
            self._addresses = known
            if self.files.path(META_FILE).exists():
                self.files.update_meta(peers={k: list(v) for k, v in known.items()})

    async def _keep_links(self) -> None:
        """Reach every roster peer we know an address for: the mesh keeps the links it is
        responsible for (to higher ids); a restarted peer listening on a new port must dial
        the others itself, or the lower ids would keep dialing its old address."""
        me = self.identity.peer_id
        for peer_id, (host, port) in self._addresses.items():
            if peer_id != me:
                self.mesh.add_peer(peer_id, host, port)
        while True:
            connected = set(self.mesh.connected_peers())
            for peer_id, (host, port) in list(self._addresses.items()):
                if peer_id < me and peer_id not in connected and peer_id not in self._done:
                    try:
                        await self.mesh.connect(host, port)
                    except (DialError, OSError):
                        continue
            await trio.sleep(self.config.redial)

    async def _watch(self) -> None:
        """Say who the table waits for, and for how long; give up after ``max_wait``."""
        while True:
            await trio.sleep(1.0)
            if self.driver.closed:
                self._last_progress = time.monotonic()
                continue
            turn = self.log.open_turn()
            if turn is None:
                continue
            written = {part.seat for part in self.log.pending_parts()}
            mine = {self.seat, *(hosted.log_seat for hosted in self.keeper.hosted)}
            owed = sorted(set(turn.seats) - written - mine)
            waited = time.monotonic() - self._last_progress
            self.keeper.observe(owed)
            await self.keeper.act()
            if not owed:
                continue
            if waited >= self.config.wait_report:
                gone = [seat for seat in owed if not self.keeper.reachable(seat)]
                # The interfaces name seats as the game does (a new holder writes for the
                # seat it holds; the lines say who holds it when it changes hands).
                self.reporter.waiting(self._game_seats(owed), waited, self._game_seats(gone))
            if self.config.max_wait is not None and waited > self.config.max_wait:
                names = ", ".join(self._who(s) for s in owed)
                self._gave_up = f"waited {waited:.0f} s for {names}"
                self._play_scope.cancel()
                return

    # ------------------------------------------------------------------ the end

    def _done_message(self) -> dict[str, object]:
        return {"t": DONE, "n": len(self.log), "h": self.log.head_hash}

    def _all_confirmed(self) -> bool:
        """Every other seat has closed its log too (ours is closed: it cannot grow, so a
        longer or different log elsewhere is for the warnings, not a reason to wait)."""
        return set(self._done) >= self._peers_playing()

    async def _linger(self) -> None:
        """Tell the table we are done, and stay (serving the log) until all are."""
        deadline = trio.current_time() + self.config.linger
        while not self._all_confirmed() and trio.current_time() < deadline:
            progress = self._progress
            await self._broadcast_done()
            with trio.move_on_after(min(1.0, max(0.0, deadline - trio.current_time()))):
                await progress.wait()
        await self._broadcast_done()

    async def _broadcast_done(self) -> None:
        message = self._done_message()
        for peer_id in self.mesh.connected_peers():
            if peer_id in self.genesis.roster:
                try:
                    await self.mesh.send(peer_id, message)
                except PeerNotConnected:
                    continue

    def _conclude(self, left: bool, gave_up: str | None) -> SessionResult:
        verdict = self.driver.check_halted() or self.driver.verdict
        end = self.core.over if verdict is None else None
        transcript = None
        if not left:
            # A table that gave up on a seat saves the game too: its open position's signed
            # parts name the seat that did not write, for ``verify`` as for the live peers.
            transcript = self.files.write_transcript(self.genesis, self.log)
        else:
            self.files.drop_transcript()  # an older one (the table gave up, then resumed)
        over = end is not None or verdict is not None
        if self.left_for_good is not None:
            over = True  # nothing to resume: the seat is another's now
        self.files.update_meta(over=over, entries=len(self.log),
                               head=self.log.head_hash.hex(), left_for_good=self.left_for_good)
        if over:
            # The log is closed and saved: nothing will be dealt again, and a later leak
            # of the dealer key would open every card this seat ever saw.
            self._secrets_file.delete()
        others = self._peers_playing()
        traffic = self.mesh.traffic()
        stats: dict[str, float] = {**_usage(), **{k: float(v) for k, v in traffic.items()}}
        if self._setup_cpu_s is not None:
            stats["setup_cpu_s"] = round(self._setup_cpu_s, 3)
        for number, seconds in enumerate(self._handovers_s, 1):
            stats[f"handover{number}_s"] = seconds
        return SessionResult(
            directory=self.files.directory, names=self.names, end=end, verdict=verdict,
            entries=len(self.log), head=self.log.head_hash, transcript=transcript, left=left,
            gave_up=gave_up, unconfirmed=sorted(others - set(self._done)) if over else [],
            left_for_good=self.left_for_good,
            chairs=[seat_number(self._game(), s) for s in range(self.players)],
            setup_s=self._setup_s, game_s=time.monotonic() - self._started, stats=stats)

    def _save_verdict(self, verdict: Verdict) -> None:
        roster = self.genesis.roster
        description = {
            "kind": verdict.kind,
            "seat": verdict.seat,
            "peer_id": roster[verdict.seat] if 0 <= verdict.seat < len(roster) else None,
            "name": self.names[verdict.seat] if 0 <= verdict.seat < len(roster) else None,
            "reason": verdict.reason,
            "log_position": verdict.index,
            "statement": verdict.describe(self.names),
            "evidence_file": "evidence.bin",
        }
        self.files.save_verdict(description, verdict.evidence)
        self.reporter.verdict(verdict)


__all__ = [
    "CHAT",
    "DONE",
    "MAX_CHAT_CHARS",
    "Interference",
    "SessionConfig",
    "SessionResult",
    "TableInboxes",
    "TableSession",
    "prepare_mesh",
    "read_recording",
]
