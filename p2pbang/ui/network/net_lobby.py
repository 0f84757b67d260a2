"""The network lobby in the lobby widgets' terms: listings, the waiting room, its news.

The network (as ``p2pbang.table.network`` passes it up) speaks of discovered tables, lobby
members, ready statements and lobby events; the widgets in ``lobby/screen.py`` take plain data
(``TableListing``, ``RoomState``). This module is the translation between the two, in both
senses: data shapes, and sentences in the person's language. It also holds the two lobby
chores the full-screen flow runs while the room is shown, the same as the plain flow's
(``p2pbang.table.lobby_flow``): sign readiness whenever every seat is taken, and recognise
the table's goodbye when it turns us away. They are here, not borrowed, because the room
needs each lobby event as data to say it in the person's language, and the plain flow
narrates them in English as it consumes them.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

from p2pbang.table.lobby_flow import REFUSALS, TableRefused
from p2pbang.table.network import (
    REMOVED_BY_OPENER,
    ConnectionEvent,
    DiscoveredTable,
    Lobby,
    LobbyError,
    LobbyEvent,
    TableSettings,
)
from p2pbang.table.table_choice import describe, describe_for_listing, playable
from p2pbang.ui.i18n import _
from p2pbang.ui.lobby.screen import RoomState, SeatStatus, TableListing

FINGERPRINT = 8  # characters of a peer id shown: enough to compare face to face
MAX_NEWS = 50


def address_text(host: str, port: int) -> str:
    """``host:port``, with brackets around an IPv6 address."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def listing(table: DiscoveredTable) -> TableListing:
    """A discovered table as the browser lists it."""
    info = table.info
    settings = TableSettings.from_info(info)
    problem = "" if info.compatible else _(
        "protocol version {version}: cannot join").format(version=info.version)
    if not problem and not playable(settings):
        problem = _("a game this version cannot play")
    return TableListing(
        key=table.service_name or info.table_id.hex(), name=info.name,
        # Who opened it, by name; only an older peer's record, without one, shows the key.
        host=info.opener_name or info.host_peer[:FINGERPRINT],
        address=address_text(table.host, table.port),
        seated=info.seats - info.free, seats=info.seats, problem=problem,
        game=describe_for_listing(settings) if playable(settings) else describe(settings))


class RoomNews:
    """What happened in the lobby lately, in words, and whether the start is being signed."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.starting = False

    def add(self, text: str) -> None:
        self.lines.append(text)
        del self.lines[:-MAX_NEWS]

    def event(self, event: LobbyEvent, lobby: Lobby) -> None:
        text = describe_event(event, lobby)
        if event.kind == "sealing":
            self.starting = True
        elif event.kind in ("aborted", "joined", "left", "fault"):
            self.starting = False
        if text:
            self.add(text)


def _name(lobby: Lobby, peer_id: str | None) -> str:
    if not peer_id:
        return "?"
    status = lobby.mesh.peer(peer_id)
    if status is not None and status.name:
        return status.name
    return peer_id[:FINGERPRINT]


def describe_event(event: LobbyEvent, lobby: Lobby) -> str | None:
    """A lobby event in the person's language (None: nothing worth saying)."""
    who = _name(lobby, event.peer_id)
    if event.kind == "joined":
        return _("{name} sat down.").format(name=who)
    if event.kind == "left" and REMOVED_BY_OPENER in event.reason:
        if event.peer_id == lobby.peer_id:
            return _("The player who opened the table removed you from it.")
        if lobby.opener == lobby.peer_id:
            return _("You removed {name} from the table.").format(name=who)
        return _("The player who opened the table removed {name} from it.").format(name=who)
    if event.kind == "left":
        if event.reason:
            return _("{name} left the table ({reason}).").format(name=who, reason=event.reason)
        return _("{name} left the table.").format(name=who)
    if event.kind == "sealing":
        return _("Every seat is taken: signing the start of the game.")
    if event.kind == "aborted":
        return _("The start was called off: {reason}").format(reason=event.reason)
    if event.kind == "mismatch":
        return _("{name}: {reason}").format(name=who, reason=event.reason)
    if event.kind == "fault":
        return _("{name} broke the lobby's rules and was turned away: {reason}").format(
            name=who, reason=event.reason)
    if event.kind == "sealed":
        return _("Everyone signed the start: the game begins.")
    return None  # ready / unready: the list of players shows it


def room_state(lobby: Lobby, opener: str, news: RoomNews, invite: str = "",
               message: str = "") -> RoomState:
    """The waiting room as this peer sees it: its members (who is connected, who signed
    ready for the current roster), and players it is still connecting to."""
    roster = lobby.roster()
    seats = []
    members = lobby.members()
    for member in members:
        is_you = member.peer_id == lobby.peer_id
        status = lobby.mesh.peer(member.peer_id)
        connected = is_you or (status is not None and status.connected)
        ready = member.ready is not None and member.ready.roster == roster
        seats.append(SeatStatus(member.name, member.peer_id[:FINGERPRINT], connected, ready,
                                is_you=is_you, opened=member.peer_id == opener,
                                peer_id=member.peer_id))
    known = {m.peer_id for m in members}
    for peer_id in lobby.mesh.connected_peers():
        # Connected but not announced yet: it holds a seat (the record counts it), so the
        # room shows it, and its opener can remove it before the announce timeout does.
        status = lobby.mesh.peer(peer_id)
        if peer_id not in known and status is not None and not lobby.mesh.is_banned(peer_id):
            known.add(peer_id)
            seats.append(SeatStatus(status.name or peer_id[:FINGERPRINT], peer_id[:FINGERPRINT],
                                    False, False, opened=peer_id == opener, peer_id=peer_id))
    for status in lobby.mesh.peers():  # told about by gossip, never reached yet
        if (status.peer_id not in known and not status.left and not status.connected
                and not status.ever_connected and not lobby.mesh.is_banned(status.peer_id)
                and len(seats) < lobby.settings.seats):
            seats.append(SeatStatus(status.name or status.peer_id[:FINGERPRINT],
                                    status.peer_id[:FINGERPRINT], False, False,
                                    opened=status.peer_id == opener))
    return RoomState(lobby.settings.name, tuple(seats), lobby.settings.seats, message=message,
                     news=tuple(news.lines), invite=invite, starting=news.starting,
                     game=describe(lobby.settings))


def removed_us(event: LobbyEvent, lobby: Lobby) -> bool:
    """Is this the table's opener sending this peer away from the waiting room?"""
    return event.kind == "left" and event.peer_id == lobby.peer_id and (
        REMOVED_BY_OPENER in event.reason)


async def remove_player(lobby: Lobby, seat: SeatStatus) -> str:
    """Remove ``seat`` from the table (this peer opened it); what happened, in words."""
    try:
        await lobby.remove(seat.peer_id)
    except LobbyError:
        holders = {m.peer_id for m in lobby.members()} | set(lobby.mesh.connected_peers())
        if lobby.opener != lobby.peer_id:
            return _("Only the player who opened the table can remove a player.")
        if seat.peer_id not in holders or lobby.mesh.is_banned(seat.peer_id):
            return _("{name} is no longer at the table.").format(name=seat.name)
        return _("Too late: the start of the game is being signed.")
    return _("Removed {name} ({fingerprint}) from the table.").format(
        name=seat.name, fingerprint=seat.fingerprint)


async def ready_when_full(lobby: Lobby, on_event: Callable[[LobbyEvent], None]) -> None:
    """Sign readiness whenever every seat is taken (readiness names the exact roster, so it
    is signed again after anyone comes or goes); hand every lobby event to ``on_event``.
    Returns once the genesis is sealed."""

    async def ready_if_full() -> None:
        if (not lobby.is_sealed and not lobby.is_ready
                and len(lobby.roster()) == lobby.settings.seats):
            with suppress(LobbyError):  # sealed meanwhile
                await lobby.set_ready(b"")

    await ready_if_full()
    async for event in lobby.events:
        on_event(event)
        if event.kind == "sealed":
            return
        await ready_if_full()


async def watch_refusal(lobby: Lobby) -> None:
    """Raise TableRefused when the table says goodbye with a refusal while we sit alone
    (a full table, a game already begun): its reason is what the person needs to read."""
    event: ConnectionEvent
    async for event in lobby.mesh.events:
        if event.kind != "disconnected" or len(lobby.roster()) > 1:
            continue
        if any(word in event.reason for word in REFUSALS):
            raise TableRefused(event.reason.removeprefix("peer left: "))


__all__ = ["RoomNews", "address_text", "describe_event", "listing", "ready_when_full",
           "remove_player", "removed_us", "room_state", "watch_refusal"]
