"""From "open a table" or "join that table" to a running game: the lobby as a player sees it.

Readiness is automatic: every peer signs its ready statement as soon as the table has all
its seats filled (and again after anyone comes or goes, since a ready statement names the
exact roster). So the game starts the moment the last player sits down, and nobody can be
committed to a table they have not seen. The lobby's mesh then carries the game: the
table's messages are registered on it before anyone can be ready (``prepare_mesh``).

Joining a table that is full, or whose game has already begun, does not fail at the dial:
the table accepts the connection and then says goodbye with its reason. That goodbye is
turned into :class:`TableRefused` with the table's words, so the person sees why.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager, nullcontext, suppress
from pathlib import Path

import trio

from p2pbang.net.discovery import DiscoveredTable, DiscoveryError
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import (
    REMOVED_BY_OPENER,
    Genesis,
    Lobby,
    LobbyError,
    LobbyEvent,
    TableSettings,
    announce_lobby,
    join_table,
    open_table,
)
from p2pbang.net.mesh import ConnectionEvent, DialError, MeshConfig, prove_key
from p2pbang.table.cheats import Cheater
from p2pbang.table.gamefiles import GameFiles
from p2pbang.table.participants import Decider, Reporter
from p2pbang.table.session import SessionConfig, SessionResult, TableSession, prepare_mesh
from p2pbang.table.table_choice import UnplayableTable, choice_of, dropouts_of

GAME_MESH = MeshConfig(outbox_size=4096)
# A joiner's first dial may be reset by a table busy seating others; it tries again (with a
# growing pause) before giving up.
JOIN_ATTEMPTS = 3
JOIN_RETRY_S = 0.5
# How the mesh reports a peer's own goodbye (``mesh.bye``) with its reason.
_GOODBYE = "peer left: "
REFUSALS = ("table full", "not in the table's roster", "banned", "different table")

Say = Callable[[str], None]
Room = Callable[[Lobby], Awaitable[None]]  # the person's commands while the table fills


class TableRefused(Exception):
    """The table turned this peer away (full, game already begun...); the text says why."""


@dataclasses.dataclass
class Seating:
    """What this peer brings to the table: who decides, who is told, how it is stored."""

    decider: Decider
    reporter: Reporter
    home: Path
    meta: dict[str, object]
    config: SessionConfig = dataclasses.field(default_factory=SessionConfig)
    cheat_kind: str | None = None


def describe_lobby_event(event: LobbyEvent, lobby: Lobby) -> str | None:
    names = {m.peer_id: m.name for m in lobby.members()}
    status = lobby.mesh.peer(event.peer_id) if event.peer_id else None
    gone = status.name if status is not None else ""  # a member who left is no member
    who = names.get(event.peer_id or "", gone or event.peer_id or "")
    seated = f"{len(lobby.roster())}/{lobby.settings.seats} seated"
    if event.kind == "left" and REMOVED_BY_OPENER in event.reason:
        return f"the table's opener removed {who} from the table ({seated})"
    texts = {
        "joined": f"{who} sat down ({seated})",
        "left": f"{who} left the table ({seated})" + (f": {event.reason}" if event.reason else ""),
        "ready": f"{who} is ready",
        "sealing": "everyone is ready: signing the genesis",
        "aborted": f"genesis aborted: {event.reason}",
        "mismatch": f"{who} {event.reason}",
        "fault": f"{who} misbehaved in the lobby and is refused: {event.reason}",
        "sealed": "the genesis is signed by every player: the game begins",
    }
    if event.kind == "unready" and event.peer_id == lobby.peer_id:
        return None
    return texts.get(event.kind)


async def _ready_when_full(lobby: Lobby, say: Say) -> None:
    """Sign readiness whenever every seat is taken; narrate the lobby meanwhile."""

    async def ready_if_full() -> None:
        if (not lobby.is_sealed and not lobby.is_ready
                and len(lobby.roster()) == lobby.settings.seats):
            try:
                await lobby.set_ready(b"")
            except LobbyError:
                return  # sealed meanwhile

    await ready_if_full()
    async for event in lobby.events:
        if (event.kind == "left" and event.peer_id == lobby.peer_id
                and REMOVED_BY_OPENER in event.reason):
            raise TableRefused("the player who opened the table removed you from it")
        text = describe_lobby_event(event, lobby)
        if text:
            say(text)
        if event.kind == "sealed":
            return
        await ready_if_full()


async def _watch_refusal(lobby: Lobby) -> None:
    """Raise TableRefused when the table sends us away while we sit alone.

    Only the goodbye of the peer we joined through counts ("peer left: table full"): our own
    ban of someone ("banned: lobby: did not announce itself") is no refusal of us, and an
    opener has no table to be refused by, whatever a stranger's goodbye says."""
    event: ConnectionEvent
    async for event in lobby.mesh.events:
        if (event.kind != "disconnected" or len(lobby.roster()) > 1
                or lobby.entry is None or event.peer_id != lobby.entry
                or not event.reason.startswith(_GOODBYE)):
            continue
        reason = event.reason.removeprefix(_GOODBYE)
        if any(word in reason for word in REFUSALS):
            raise TableRefused(f"the table refused us: {reason}")


async def proven_keys(identity: Identity, tables: list[DiscoveredTable],
                      timeout: float = 3.0) -> list[str | None]:
    """The peer id each table's address proves on connection (None when none answered
    in time): what tells a cloned DNS-SD record from the table, since the record's own
    name, id and key are copied. Asked all at once; each answering table sees a visitor
    come and say goodbye."""
    proven: list[str | None] = [None] * len(tables)

    async def ask(index: int, table: DiscoveredTable) -> None:
        with suppress(DialError), trio.move_on_after(timeout + 0.5):
            peer = await prove_key(identity, table.info.table_id, table.host, table.port,
                                   timeout)
            proven[index] = peer.peer_id

    async with trio.open_nursery() as nursery:
        for index, table in enumerate(tables):
            nursery.start_soon(ask, index, table)
    return proven


async def play_at_table(
    identity: Identity,
    seating: Seating,
    say: Say,
    *,
    settings: TableSettings | None = None,
    table: DiscoveredTable | None = None,
    listen: str | None = "127.0.0.1",
    port: int = 0,
    announce: bool = False,
    lobby_timeout: float | None = None,
    on_open: Callable[[Lobby], Awaitable[None]] | None = None,
    waiting_room: Room | None = None,
    table_key: str | None = None,
) -> SessionResult:
    """Open (``settings``) or join (``table``) a table, wait for it to fill, play the game
    (``waiting_room`` runs meanwhile, cancelled when the game begins). ``table_key``: the
    opener's key the person pinned (``--table-key``), which the peer joined must prove."""
    if (settings is None) == (table is None):
        raise ValueError("open a table or join one")
    if settings is not None:
        _refuse_unplayable(settings)
    else:
        assert table is not None
        _refuse_unplayable(TableSettings.from_info(table.info))
    for attempt in range(1, JOIN_ATTEMPTS + 1):
        context: AbstractAsyncContextManager[Lobby]
        if settings is not None:
            context = open_table(identity, settings, host=listen or "", port=port,
                                 config=GAME_MESH, min_players=settings.seats)
        else:
            assert table is not None
            context = join_table(identity, table, host=listen or "", port=port,
                                 config=GAME_MESH, min_players=table.info.seats,
                                 table_key=table_key)
        seated = False
        try:
            async with context as lobby:
                seated = True
                return await _play(lobby, identity, seating, say, announce, lobby_timeout,
                                   on_open, waiting_room)
        except (DialError, BaseExceptionGroup) as caught:
            # The lobby's and mesh's nurseries wrap what escapes them; a refusal is ours to
            # tell, and a first dial that failed (a busy table may reset a connection) is
            # worth another try: nothing was signed yet.
            refused = caught.subgroup(TableRefused) if isinstance(
                caught, BaseExceptionGroup) else None
            if refused is not None:
                raise first_leaf(refused) from None
            failure = first_leaf(caught)
            if (seated or settings is not None or not isinstance(failure, DialError)
                    or attempt == JOIN_ATTEMPTS):
                raise
        say(f"could not reach the table ({failure}); trying again")
        await trio.sleep(JOIN_RETRY_S * attempt)
    raise AssertionError("unreachable: the last attempt returns or raises")


def _refuse_unplayable(settings: TableSettings) -> None:
    """Refuse, before sitting down, a table whose game this build cannot play."""
    try:
        choice_of(settings)
    except UnplayableTable as exc:
        raise TableRefused(str(exc)) from None


def first_leaf(group: BaseException) -> BaseException:
    """The first plain exception inside (possibly nested) exception groups."""
    while isinstance(group, BaseExceptionGroup):
        group = group.exceptions[0]
    return group


async def _play(lobby: Lobby, identity: Identity, seating: Seating, say: Say, announce: bool,
                lobby_timeout: float | None,
                on_open: Callable[[Lobby], Awaitable[None]] | None,
                waiting_room: Room | None = None) -> SessionResult:
    inboxes = prepare_mesh(lobby.mesh)
    genesis = await _wait_for_genesis(lobby, say, announce, lobby_timeout, on_open,
                                      waiting_room)
    _refuse_unplayable(genesis.settings)  # the signed genesis binds the game, not the TXT
    files = GameFiles.for_session(seating.home, genesis.session_id)
    cheat = None
    if seating.cheat_kind is not None:
        cheat = Cheater(seating.cheat_kind, len(genesis.seats), genesis.session_id,
                        choice_of(genesis.settings),
                        dropouts_of(genesis.settings).escrow_threshold(len(genesis.seats)))
    session = TableSession(identity, genesis, lobby.mesh, inboxes, files, seating.decider,
                           seating.reporter, config=seating.config, cheat=cheat,
                           meta=seating.meta)
    session.watchers.announce = announce  # the running table stays announced: watchers
    return await session.run()


async def _announce(lobby: Lobby, say: Say,
                    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
    """Announce the table on mDNS; without multicast, say so and carry on (--peer works)."""
    host = lobby.mesh.host
    addresses = [host] if host not in (None, "", "0.0.0.0") else None
    started = False

    class Status:
        def started(self, value: None = None) -> None:
            nonlocal started
            started = True
            task_status.started(value)

    try:
        await announce_lobby(lobby, addresses=addresses, task_status=Status())  # type: ignore[arg-type]
    except (DiscoveryError, OSError) as exc:
        say(f"could not announce the table on the LAN ({exc}); others can still join with "
            f"--peer HOST:{lobby.mesh.port}")
        if not started:
            task_status.started()


async def _wait_for_genesis(lobby: Lobby, say: Say, announce: bool,
                            timeout: float | None,
                            on_open: Callable[[Lobby], Awaitable[None]] | None,
                            waiting_room: Room | None = None) -> Genesis:
    genesis: Genesis | None = None
    limit = trio.fail_after(timeout) if timeout is not None else nullcontext()
    with limit:
        async with trio.open_nursery() as nursery:
            if announce:
                await nursery.start(_announce, lobby, say)
            nursery.start_soon(_watch_refusal, lobby)
            nursery.start_soon(_ready_when_full, lobby, say)
            if on_open is not None:
                await on_open(lobby)
            if waiting_room is not None:
                nursery.start_soon(waiting_room, lobby)
            genesis = await lobby.sealed()
            nursery.cancel_scope.cancel()
    assert genesis is not None
    return genesis


__all__ = ["GAME_MESH", "Seating", "TableRefused", "describe_lobby_event", "play_at_table",
           "proven_keys"]
