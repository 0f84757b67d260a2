"""A player's side of watching: its running table served, read only, to watchers.

Every player of a running game serves up to ``max_watchers`` watchers on a watch mesh of
its own (``net/watch_sync.py``): the same identity and table id as its game mesh, another
port, and nothing but read-only sync on it. Its "info" answer, on both ports, describes the
table as running (``state=playing``, the game's turn, its watchers and the watch port), so
``p2pbang watch HOST:PORT`` works with either port; and the player that announced the table
in its lobby (``announce``) keeps it announced on DNS-SD while the game runs.

The service starts in the session's nursery (``TableSession.watchers``) once its log
exists. When the session ends it still gives the connected watchers up to ``grace`` seconds
to fetch the last entries, so a watcher follows a game to its very end.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

import trio

from p2pbang.net.discovery import (
    MAX_TURN,
    MAX_WATCHERS_SHOWN,
    PLAYING,
    DiscoveryError,
    TableAnnouncer,
    TableInfo,
)
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import Genesis
from p2pbang.net.log import Log
from p2pbang.net.mesh import Mesh, MeshConfig, open_mesh
from p2pbang.net.watch_sync import MAX_WATCHERS, WatchServer, watch_mesh_config
from p2pbang.table.core import TableCore
from p2pbang.table.handovers import SeatKeeper

GRACE = 3.0  # seconds the end of a session waits for its watchers to fetch the last entries
ANNOUNCE_EVERY = 2.0  # seconds between two looks at the turn and watchers for DNS-SD

log = logging.getLogger(__name__)


class WatchedTable(Protocol):
    """What the service reads of the session it serves (``TableSession``)."""

    identity: Identity
    genesis: Genesis
    mesh: Mesh
    log: Log
    core: TableCore
    keeper: SeatKeeper  # carries the parts and ballots of a watcher that holds a seat

    def watcher_offer(self, watcher: str, raw: bytes) -> str | None:
        """A watcher offers to take a vanished seat (None: accepted, else why refused)."""
        ...

    def watcher_reclaim(self, watcher: str, raw: bytes, seat: int, claim: bytes) -> str | None:
        """A returning player claims its seat back from a bot this player runs."""
        ...


class WatchService:
    """Serves this player's running table to watchers (see the module docstring).

    ``max_watchers`` 0 serves none. ``announce``: keep the table on DNS-SD while it runs
    (set by whoever announced its lobby); ``interfaces`` as for ``TableAnnouncer``.
    """

    def __init__(self, max_watchers: int = MAX_WATCHERS, *, announce: bool = False,
                 grace: float = GRACE, interfaces: Sequence[str] | None = None,
                 mesh_config: MeshConfig | None = None) -> None:
        self.max_watchers = max_watchers
        self.announce = announce
        self.grace = grace
        self.interfaces = interfaces
        self.mesh_config = mesh_config
        self.server: WatchServer | None = None
        self.port: int | None = None
        self.problem: str | None = None  # why watchers cannot be served, if they cannot
        self._ending = trio.Event()
        self._table: WatchedTable | None = None

    @property
    def watchers(self) -> int:
        return self.server.watchers if self.server is not None else 0

    def connected(self) -> frozenset[str]:
        """The peer ids of the watchers served now."""
        return self.server.connected_watchers() if self.server is not None else frozenset()

    def table_info(self) -> TableInfo:
        """The running table as this player describes it ("info" answers and DNS-SD)."""
        table = self._table
        assert table is not None, "not serving yet"
        settings = table.genesis.settings
        return TableInfo(
            table_id=table.genesis.table_id, name=settings.name, game=settings.game,
            seats=settings.seats, free=0, host_peer=table.identity.peer_id,
            options=settings.options, opener_name=table.identity.name, state=PLAYING,
            turn=min(MAX_TURN, int(getattr(table.core.game, "turn", 0))),
            watchers=min(MAX_WATCHERS_SHOWN, self.watchers), watch_port=self.port or 0)

    async def serve(self, table: WatchedTable) -> None:
        """Serve watchers until cancelled, then give them ``grace`` seconds to catch up."""
        if self.max_watchers <= 0:
            return
        work = trio.CancelScope(shield=True)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._work, table, work)
            try:
                await trio.sleep_forever()
            finally:
                # Cancelled with the session: the shielded work settles, within grace.
                work.deadline = trio.current_time() + self.grace + 1.0
                self._ending.set()

    async def _work(self, table: WatchedTable, scope: trio.CancelScope) -> None:
        config = watch_mesh_config(self.max_watchers, self.mesh_config)
        with scope:
            try:
                async with open_mesh(table.identity, table.genesis.table_id,
                                     host=table.mesh.host, config=config) as mesh:
                    await self._run(table, mesh)
            except OSError as exc:
                self.problem = f"cannot serve watchers: {exc}"
                log.warning("%s", self.problem)
            except Exception as exc:  # a bug here must not end the game: watchers are extra
                self.problem = f"stopped serving watchers: {exc!r}"
                log.exception("%s", self.problem)

    async def _run(self, table: WatchedTable, mesh: Mesh) -> None:
        self._table = table
        self.server = WatchServer(mesh, table.log, table.genesis.data,
                                  on_offer=table.watcher_offer,
                                  on_part=table.keeper.relay_part,
                                  on_statement=table.keeper.relay_statement,
                                  on_reclaim=table.watcher_reclaim)
        self.port = mesh.port
        mesh.info_provider = self._record
        table.mesh.info_provider = self._record  # the lobby's answer is out of date now
        async with trio.open_nursery() as nursery:
            await nursery.start(self.server.run)
            if self.announce:
                nursery.start_soon(self._announce, table)
            await self._ending.wait()
            with trio.move_on_after(self.grace):
                await self.server.settle()
            nursery.cancel_scope.cancel()

    def _record(self) -> dict[str, str]:
        return self.table_info().to_record()

    async def _announce(self, table: WatchedTable) -> None:
        """Keep the running table on DNS-SD, its turn and watchers current."""
        host = table.mesh.host
        addresses = [host] if host not in (None, "", "0.0.0.0") else None
        assert self.port is not None
        try:
            async with TableAnnouncer(self.table_info(), self.port, addresses=addresses,
                                      interfaces=self.interfaces) as announcer:
                while True:
                    await trio.sleep(ANNOUNCE_EVERY)
                    current = self.table_info()
                    if current != announcer.info:
                        await announcer.update(current)
        except (DiscoveryError, OSError) as exc:
            log.warning("cannot announce the running table: %s", exc)


__all__ = ["GRACE", "WatchService", "WatchedTable"]
