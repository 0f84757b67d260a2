"""Test helpers for network play in the full-screen interface, all in one process: bot peers
as trio tasks over loopback (the real lobby, genesis, mesh and mental-poker dealer), and a
person whose keystrokes go through a prompt-toolkit pipe while the screens draw to a
DummyOutput. Everything runs inside one ``run_program`` (trio as asyncio's guest), as the
real command does."""

from __future__ import annotations

import io
import secrets
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path

import trio

from p2pbang.net.codec import MessageRegistry
from p2pbang.net.discovery import DiscoveredTable, probe_peer
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import (
    Genesis,
    Lobby,
    TableSettings,
    build_genesis,
    sign_ready,
    verify_genesis,
)
from p2pbang.net.mesh import Mesh, MeshConfig, open_mesh
from p2pbang.table.lobby_flow import Seating, play_at_table
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.session import SessionConfig, SessionResult, TableInboxes, prepare_mesh

CONFIG = MeshConfig(heartbeat_interval=0.2, heartbeat_timeout=2.0, backoff_initial=0.05,
                    backoff_max=0.4, outbox_size=4096)
BOT_CONFIG = SessionConfig(linger=5.0, max_wait=60.0)

UP, DOWN, ENTER, TAB, ESC, CTRL_C = "\x1b[A", "\x1b[B", "\r", "\t", "\x1b", "\x03"


async def until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    with trio.fail_after(timeout):
        while not condition():
            await trio.sleep(0.01)


def sealed_genesis(players: int) -> tuple[Genesis, list[Identity]]:
    """A genesis as the lobby seals it (every ready statement and signature real), and the
    players' identities in seat order: for sessions wired by hand, without a lobby."""
    identities = [Identity.generate(f"Player{i}") for i in range(players)]
    settings = TableSettings("Test table", "bang", players)
    table_id = secrets.token_bytes(16)
    roster = tuple(sorted(i.peer_id for i in identities))
    statements = [sign_ready(i, table_id, settings, roster, 1, b"") for i in identities]
    keys = {i.peer_id: i.public_key for i in identities}
    genesis = verify_genesis(build_genesis(table_id, settings, statements, keys))
    by_id = {i.peer_id: i for i in identities}
    ordered = [by_id[peer] for peer in genesis.roster]
    signatures = {i.peer_id: i.sign(genesis.statement_to_sign()) for i in ordered}
    return Genesis(genesis.data, genesis.session_id, genesis.table_id, genesis.version,
                   genesis.settings, genesis.seats, signatures), ordered


async def wired_meshes(stack: AsyncExitStack, genesis: Genesis, identities: list[Identity]
                       ) -> tuple[list[Mesh], list[TableInboxes]]:
    """A loopback mesh per identity, told each other's addresses, restricted to the roster
    and ready for a table (as the lobby leaves them)."""
    meshes = [await stack.enter_async_context(
        open_mesh(identity, genesis.table_id, MessageRegistry(), config=CONFIG))
        for identity in identities]
    inboxes = [prepare_mesh(mesh) for mesh in meshes]
    for mesh in meshes:
        mesh.restrict_to(set(genesis.roster))
        for other in meshes:
            if other is not mesh:
                mesh.add_peer(other.peer_id, *other.address)
    return meshes, inboxes


class Bots:
    """Bot peers at one table: the first opens it (``await bots.open(...)``), the others
    join by its address. Results land in ``results``; ``outputs`` keep their progress."""

    def __init__(self, tmp: Path, seats: int, cheats: dict[str, str] | None = None) -> None:
        self.tmp = tmp
        self.seats = seats
        self.cheats = cheats or {}  # bot name -> cheat kind (p2pbang.table.cheats)
        self.results: list[SessionResult] = []
        self.outputs: list[io.StringIO] = []
        self.lobby: Lobby | None = None
        self.port = 0

    def _seating(self, index: int, name: str) -> Seating:
        out = io.StringIO()
        self.outputs.append(out)
        return Seating(BotDecider(seed=index), LineReporter(out), self.tmp / f"bot{index}",
                       {"player": "bot"}, BOT_CONFIG, self.cheats.get(name))

    async def open(self, nursery: trio.Nursery, name: str = "Saloon",
                   announce: bool = False,
                   settings: TableSettings | None = None
                   ) -> DiscoveredTable:
        """The first bot opens the table: a base game of ``seats`` called ``name``, unless
        ``settings`` name another game (a Dice Game, a Duel)."""
        opened = trio.Event()

        async def on_open(lobby: Lobby) -> None:
            self.lobby = lobby
            self.port = lobby.mesh.port
            opened.set()

        async def run() -> None:
            self.results.append(await play_at_table(
                Identity.generate("Ace"), self._seating(0, "Ace"), lambda text: None,
                settings=settings or TableSettings(name, "bang", self.seats), on_open=on_open,
                announce=announce))

        nursery.start_soon(run)
        await opened.wait()
        return await probe_peer(f"127.0.0.1:{self.port}")

    def table(self) -> DiscoveredTable:
        """The table the first bot opened, as a joiner reaches it by address."""
        assert self.lobby is not None
        return DiscoveredTable(self.lobby.table_info(), "127.0.0.1", self.port, ("127.0.0.1",))

    def join(self, nursery: trio.Nursery, table: DiscoveredTable, names: list[str]) -> None:
        for index, name in enumerate(names, start=len(self.outputs)):
            async def run(index: int = index, name: str = name) -> None:
                self.results.append(await play_at_table(
                    Identity.generate(name), self._seating(index, name), lambda text: None,
                    table=table))
            nursery.start_soon(run)


Script = Callable[[], Awaitable[None]]
