"""Watching a running table (protocol/seats.md section 7): bot peers play a game over real
loopback meshes in this process; a latecomer finds the table by address (its "info" answer
says it is running and where watchers go), connects to one player's watch mesh, receives
the genesis and the log, replays it on an observer engine and follows live to the end,
through a dropped link, with the same log head as the players. A watcher that sends
anything but requests for the log is refused and cut off, and the table plays on unharmed;
a player serves a bounded number of watchers."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import pytest
import trio

from p2pbang.net.codec import MessageRegistry
from p2pbang.net.discovery import DiscoveredTable, probe_peer
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings
from p2pbang.net.log import Part
from p2pbang.net.mesh import MeshConfig, open_mesh
from p2pbang.net.sync import PART, encode_message
from p2pbang.net.watch_sync import (
    WATCH_ASK,
    WATCH_GENESIS,
    WATCH_SYNC,
    WATCH_TOPIC,
    register_watch_messages,
)
from p2pbang.table.gamefiles import GameFiles
from p2pbang.table.outcome import SessionResult
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig, TableSession, prepare_mesh
from p2pbang.table.watch import TableWatch, WatchRefused
from p2pbang.ui.watch_plain import PlainWatcher

from .signed_table import make_genesis

CONFIG = MeshConfig(heartbeat_interval=0.2, heartbeat_timeout=2.0, backoff_initial=0.05,
                    backoff_max=0.4, outbox_size=4096)


class BotTable:
    """Bot peers at one sealed table, each session in this trio loop."""

    def __init__(self, sessions: list[TableSession]) -> None:
        self.sessions = sessions
        self.results: list[SessionResult] = []
        self.done = trio.Event()
        self.scopes = [trio.CancelScope() for _ in sessions]
        self.vanished: set[int] = set()

    async def vanish(self, seat: int) -> None:
        """Seat ``seat``'s process stops for good: its session is cancelled and its links
        close (the mesh, opened here, outlives the session otherwise)."""
        self.vanished.add(seat)
        self.scopes[seat].cancel()
        await self.sessions[seat].mesh.close("gone", timeout=0.2)

    async def plays_on(self, more: int = 15) -> None:
        """The game goes on: every seat's log grows by ``more`` entries, no verdict."""
        targets = [len(session.log) + more for session in self.sessions]
        await self.until(lambda: all(len(s.log) >= t or s.driver.closed
                                     for s, t in zip(self.sessions, targets, strict=True)))
        assert all(s.driver.verdict is None and s.log.halted is None for s in self.sessions)

    def entries(self) -> int:
        session = self.sessions[0]
        return len(session.log) if hasattr(session, "log") else 0

    async def until(self, test: Callable[[], bool], seconds: float = 60) -> None:
        with trio.fail_after(seconds):
            while not test():
                await trio.sleep(0.02)

    async def address(self) -> DiscoveredTable:
        """The table as a latecomer finds it: asking seat 0's game port."""
        await self.until(lambda: self.sessions[0].watchers.port is not None)
        return await probe_peer(f"127.0.0.1:{self.sessions[0].mesh.port}")


class _Paced:
    """A bot that thinks ``pace`` seconds before each move (and hears the events)."""

    def __init__(self, bot: BotDecider, pace: float) -> None:
        self.bot, self.pace = bot, pace

    async def decide(self, core, decision):
        if self.pace:
            await trio.sleep(self.pace)
        return await self.bot.decide(core, decision)

    def observe(self, events) -> None:
        self.bot.observe(events)


@asynccontextmanager
async def bot_table(tmp_path: Path, players: int = 4, max_watchers: int | None = None,
                    linger: float = 5.0, to_the_end: bool = True, announce: bool = False,
                    settings: TableSettings | None = None,
                    pace: float = 0.0) -> AsyncIterator[BotTable]:
    """The table plays while the block runs; then to its end (``to_the_end``), or it is
    stopped there. ``announce``: seat 0 announces it on DNS-SD over loopback. ``pace``:
    each bot thinks that long (a game that must outlast a few announcements)."""
    genesis, identities = make_genesis(players, settings)
    async with AsyncExitStack() as stack:
        meshes = [await stack.enter_async_context(
            open_mesh(identity, genesis.table_id, MessageRegistry(), config=CONFIG))
            for identity in identities]
        inboxes = [prepare_mesh(mesh) for mesh in meshes]
        for mesh in meshes:
            mesh.restrict_to(set(genesis.roster))
            for other in meshes:
                if other is not mesh:
                    mesh.add_peer(other.peer_id, *other.address)
        sessions = []
        for seat, (identity, mesh) in enumerate(zip(identities, meshes, strict=True)):
            files = GameFiles.for_session(tmp_path / f"seat{seat}", genesis.session_id)
            session = TableSession(identity, genesis, mesh, inboxes[seat], files,
                                   _Paced(BotDecider(seed=seat), pace),
                                   LineReporter(io.StringIO()),
                                   config=SessionConfig(linger=linger))
            if max_watchers is not None:
                session.watchers.max_watchers = max_watchers
            if announce and seat == 0:
                session.watchers.announce = True
                session.watchers.interfaces = ["127.0.0.1"]
            sessions.append(session)
        table = BotTable(sessions)

        async def play(seat: int, session: TableSession) -> None:
            with table.scopes[seat]:
                table.results.append(await session.run())
            if len(table.results) + len(table.vanished) == players:
                table.done.set()

        async with trio.open_nursery() as nursery:
            for seat, session in enumerate(sessions):
                nursery.start_soon(play, seat, session)
            yield table
            if not to_the_end:
                nursery.cancel_scope.cancel()
            with trio.fail_after(120):
                await table.done.wait()


async def test_a_latecomer_watches_a_bot_table_to_the_end(tmp_path: Path) -> None:
    out = io.StringIO()
    # The bots think 0.05 s a move, so the game outlasts the watcher's dialling back after
    # the cable is pulled: at full speed a loaded machine's table could end first (once in CI).
    async with bot_table(tmp_path, pace=0.05) as table:
        await table.until(lambda: table.entries() >= 40)
        found = await table.address()
        assert found.info.playing and found.info.watch_port == table.sessions[0].watchers.port
        assert found.info.game == "bang" and found.info.free == 0
        latecomer = Identity.generate("Latecomer")
        watch = TableWatch(latecomer, found, PlainWatcher(out))
        server = table.sessions[0].watchers.server
        assert server is not None

        async def pull_the_cable() -> None:
            """Once the watcher is live, its link drops (no goodbye): it dials again and
            goes on from where it stands."""
            await table.until(lambda: "caught up" in out.getvalue())
            server.mesh.disconnect(latecomer.peer_id, "cable pulled")
            await table.until(lambda: server.watchers == 0, 10)
            await table.until(lambda: server.watchers == 1, 10)

        with trio.fail_after(120):
            async with trio.open_nursery() as nursery:
                nursery.start_soon(pull_the_cable)
                result = await watch.run()
    heads = {r.head for r in table.results}
    assert len(heads) == 1 and all(r.ok for r in table.results)
    assert result.complete and result.head in heads
    assert result.entries == table.results[0].entries
    text = out.getvalue()
    assert "Watching " in text and "caught up with the table" in text
    assert "seats clockwise:" in text and "watched" in text
    # Public information only: the observer engine holds no hidden card of any hand.
    game = watch.core.game
    hidden = [slot for player in game.players for slot in player.hand
              if slot not in game.known]
    assert hidden, "the hands at the end stay hidden from the watcher"
    assert watch.core.dealer.seat is None


async def test_a_watcher_that_writes_is_refused_and_the_table_plays_on(tmp_path: Path) -> None:
    async with bot_table(tmp_path, to_the_end=False) as table:
        await table.until(lambda: table.entries() >= 20)
        found = await table.address()
        server_of = table.sessions[0].watchers
        registry = MessageRegistry()
        register_watch_messages(registry)
        rogue = Identity.generate("Rogue")
        async with open_mesh(rogue, found.info.table_id, registry, config=CONFIG) as mesh:
            inbox = mesh.subscribe(WATCH_TOPIC)
            events = mesh.watch_events()
            peer = await mesh.connect(found.host, found.watch_address[1])
            first = await inbox.receive()
            assert first.message["t"] == WATCH_GENESIS
            # A part of the log, well formed and signed: not a watcher's to send.
            session = table.sessions[0]
            part = Part.create(rogue.private_key, session.session_id, len(session.log),
                               session.log.head_hash, 0, "move", b"x")
            write = encode_message({"t": PART, "p": part.raw})
            await mesh.send(peer.peer_id, {"t": WATCH_ASK, "d": write})
            reason = await ended(events)
            assert "a watcher writes nothing to the log" in reason
        assert server_of.server is not None
        assert [p for p, _ in server_of.server.refused] == [rogue.peer_id]
        # Banned from that player's watch mesh: coming back is refused at once.
        async with open_mesh(rogue, found.info.table_id, registry, config=CONFIG) as mesh:
            events = mesh.watch_events()
            await mesh.connect(found.host, found.watch_address[1])
            assert "banned" in await ended(events)
        assert not table.done.is_set()  # all this happened while the game ran
        await table.plays_on()


GARBAGE = [
    ({"t": WATCH_SYNC, "d": b"\x00" * 16}, "only asks for the log"),  # what players send
    ({"t": WATCH_ASK, "d": b"\xc1\xc1 not msgpack"}, "malformed request"),
    ({"t": WATCH_ASK, "d": encode_message({"t": "proof", "x": b"x"})}, "writes nothing"),
]


async def test_watchers_sending_garbage_are_cut_off(tmp_path: Path) -> None:
    async with bot_table(tmp_path, to_the_end=False) as table:
        found = await table.address()
        for garbage, why in GARBAGE:
            registry = MessageRegistry()
            register_watch_messages(registry)
            async with open_mesh(Identity.generate("Noise"), found.info.table_id, registry,
                                 config=CONFIG) as mesh:
                mesh.subscribe(WATCH_TOPIC)
                events = mesh.watch_events()
                peer = await mesh.connect(found.host, found.watch_address[1])
                await mesh.send(peer.peer_id, garbage)
                reason = await ended(events)
                assert "watcher" in reason and why in reason, reason
        await table.plays_on()


async def test_a_player_serves_a_bounded_number_of_watchers(tmp_path: Path) -> None:
    async with bot_table(tmp_path, max_watchers=2, to_the_end=False) as table:
        await table.until(lambda: table.entries() >= 10)
        found = await table.address()
        async with AsyncExitStack() as stack:
            for number in range(2):
                mesh = await stack.enter_async_context(open_mesh(
                    Identity.generate(f"W{number}"), found.info.table_id, MessageRegistry(),
                    config=CONFIG))
                inbox = WatchInbox(mesh)
                await mesh.connect(found.host, found.watch_address[1])
                await inbox.genesis()
            await table.until(lambda: table.sessions[0].watchers.watchers == 2, 10)
            assert (await probe_peer(f"127.0.0.1:{table.sessions[0].mesh.port}")
                    ).info.watchers == 2
            third = TableWatch(Identity.generate("W2"), found, PlainWatcher(io.StringIO()))
            with trio.fail_after(20), pytest.raises(WatchRefused, match="table full"):
                await third.run()


async def ended(events) -> str:
    """The reason the next disconnection gives."""
    with trio.fail_after(10):
        async for event in events:
            if event.kind == "disconnected":
                return event.reason
    raise AssertionError("the events ended")


class WatchInbox:
    """A bare watcher's inbox on a raw mesh (the messages it is sent, nothing checked)."""

    def __init__(self, mesh) -> None:
        register_watch_messages(mesh.registry)
        self.inbox = mesh.subscribe(WATCH_TOPIC)

    async def genesis(self) -> bytes:
        with trio.fail_after(10):
            while True:
                incoming = await self.inbox.receive()
                if incoming.message["t"] == WATCH_GENESIS:
                    return incoming.message["g"]



async def test_a_failing_watch_service_does_not_stop_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Watchers are extra: should serving them fail (here: a bug), the players play on."""

    async def broken(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        raise RuntimeError("a bug in the watch server")

    monkeypatch.setattr("p2pbang.table.watchers.WatchServer.run", broken)
    async with bot_table(tmp_path, to_the_end=False) as table:
        await table.until(lambda: all(s.watchers.problem for s in table.sessions))
        assert "a bug in the watch server" in table.sessions[0].watchers.problem
        await table.plays_on()
