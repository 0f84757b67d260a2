"""Finding tables on the LAN: DNS-SD over multicast DNS, plus explicit ``host:port``.

A table that has free seats is announced as a ``_p2pbang._tcp`` service, so it shows in
any mDNS browser (avahi-browse, Bonjour Browser) as well as in p2pbang. The TXT record
carries the table's public description (``TableInfo``); the very same fields are what a
peer answers to an "info" request on its TCP port, which is how ``--peer host:port`` works
where multicast does not reach (other subnets, VPNs, some Wi-Fi). A table whose game has
begun stays announced with ``state=playing``, its turn and its number of watchers, at the
port where its players serve watchers (``table/watchers.py``).

Discovery is only a hint. Anyone on the LAN can announce anything; nothing here is trusted
beyond "there may be a table at this address". Records are parsed strictly and malformed
ones are skipped. Who a peer is gets decided by the Noise handshake, never by a TXT record.

python-zeroconf's API is blocking and runs its own asyncio loop in a thread; every call
into it goes through ``trio.to_thread`` so the trio loop never stalls, and closing is
shielded so a cancelled browse still leaves no thread or socket behind.
"""

from __future__ import annotations

import logging
import re
import secrets
import socket
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import trio
from zeroconf import (
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
    get_all_addresses,
)

from p2pbang.net.identity import validate_display_name
from p2pbang.net.mesh import PROTOCOL_VERSION, fetch_table_info

SERVICE_TYPE = "_p2pbang._tcp.local."
MAX_OPTIONS = 16
MAX_SEATS = 8
MAX_TURN = 99_999
MAX_WATCHERS_SHOWN = 999
OPEN, PLAYING = "open", "playing"
POLL_INTERVAL = 0.1
RESOLVE_TIMEOUT_MS = 1500

_TOKEN = re.compile(r"[a-z0-9][a-z0-9_.+-]{0,23}")
_PEER_ID = re.compile(r"[a-z2-7]{16}")
_OPTION_VALUE = re.compile(r"[\x20-\x7e]{0,64}")

log = logging.getLogger(__name__)


def validate_game(game: str) -> str:
    """A game name is a short lowercase token ("bang", "dice", "duel")."""
    if not isinstance(game, str) or not _TOKEN.fullmatch(game):
        raise ValueError("'game' must be a short lowercase token")
    return game


def validate_seats(seats: int) -> int:
    if type(seats) is not int or not 2 <= seats <= MAX_SEATS:
        raise ValueError(f"'seats' must be a number in [2, {MAX_SEATS}]")
    return seats


def validate_options(pairs: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Options are short token keys with short printable values; sorted, keys unique."""
    options = sorted(pairs)
    if len(options) > MAX_OPTIONS:
        raise ValueError(f"more than {MAX_OPTIONS} options")
    for index, (key, value) in enumerate(options):
        if not isinstance(key, str) or not isinstance(value, str):
            raise ValueError("options are text keys and values")
        if not _TOKEN.fullmatch(key) or not _OPTION_VALUE.fullmatch(value):
            raise ValueError(f"bad option {key[:40]!r}")
        if index and options[index - 1][0] == key:
            raise ValueError(f"option {key!r} given twice")
    return tuple(options)


class DiscoveryError(Exception):
    """Multicast DNS could not be used here (no multicast route, socket refused...)."""


@dataclass(frozen=True)
class TableInfo:
    """A table's public description: the TXT record, and the answer to an "info" request.

    ``options`` are the game options as sorted (key, value) text pairs; the lobby turns them
    into the genesis options every peer signs. ``host_peer`` is the table's opener, whichever
    member answers; ``opener_name`` its display name ("" when the answering member does not
    know it, or in an older peer's record), so a browser can say who opened the table.

    A running table (``state`` "playing") is described by the player that answers: then
    ``host_peer`` and ``opener_name`` are that player's (it serves watchers itself, and a
    watcher proves its key), ``turn`` is the game's turn, ``watchers`` how many watch
    through that player, and ``watch_port`` where (0: the record's own port). An open
    table's record carries none of these four, as before, so older peers read both.
    """

    table_id: bytes
    name: str
    game: str
    seats: int
    free: int
    host_peer: str
    options: tuple[tuple[str, str], ...] = ()
    version: int = PROTOCOL_VERSION
    opener_name: str = ""
    state: str = OPEN
    turn: int = 0
    watchers: int = 0
    watch_port: int = 0

    @property
    def compatible(self) -> bool:
        return self.version == PROTOCOL_VERSION

    @property
    def playing(self) -> bool:
        """The game has begun: nobody can join, anyone can watch."""
        return self.state == PLAYING

    def to_record(self) -> dict[str, str]:
        """Flat text key/values: DNS-SD TXT entries (each well under 255 bytes)."""
        record = {
            "v": str(self.version),
            "id": self.table_id.hex(),
            "name": self.name,
            "game": self.game,
            "seats": str(self.seats),
            "free": str(self.free),
            "peer": self.host_peer,
        }
        if self.opener_name:
            record["by"] = self.opener_name
        if self.playing:
            record.update(state=PLAYING, turn=str(self.turn), w=str(self.watchers))
            if self.watch_port:
                record["wp"] = str(self.watch_port)
        record.update({f"o.{key}": value for key, value in self.options})
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> TableInfo:
        """Parse an untrusted record; raise ValueError naming the first bad field."""
        text = {str(k).lower(): v for k, v in record.items() if isinstance(v, str)}

        def field(key: str) -> str:
            if key not in text:
                raise ValueError(f"missing {key!r}")
            return text[key]

        def number(key: str, lo: int, hi: int) -> int:
            raw = field(key)
            if not raw.isdigit() or len(raw) > 5 or not lo <= int(raw) <= hi:
                raise ValueError(f"{key!r} must be a number in [{lo}, {hi}]")
            return int(raw)

        table_hex = field("id")
        if not re.fullmatch(r"(?:[0-9a-f]{2}){1,64}", table_hex):
            raise ValueError("'id' must be 1 to 64 bytes of lowercase hex")
        game = validate_game(field("game"))
        peer = field("peer")
        if not _PEER_ID.fullmatch(peer):
            raise ValueError("'peer' must be a peer id")
        seats = number("seats", 2, MAX_SEATS)
        options = validate_options((k[2:], v) for k, v in text.items() if k.startswith("o."))
        opener_name = ""
        if "by" in text:
            try:
                opener_name = validate_display_name(text["by"])
            except ValueError as exc:
                raise ValueError(f"'by': {exc}") from None
        state = text.get("state", OPEN)
        if state not in (OPEN, PLAYING):
            raise ValueError(f"'state' must be {OPEN!r} or {PLAYING!r}")
        playing = state == PLAYING
        return cls(
            table_id=bytes.fromhex(table_hex),
            name=validate_display_name(field("name")),
            game=game,
            seats=seats,
            free=number("free", 0, seats),
            host_peer=peer,
            options=options,
            version=number("v", 0, 0xFFFF),
            opener_name=opener_name,
            state=state,
            turn=number("turn", 0, MAX_TURN) if playing else 0,
            watchers=number("w", 0, MAX_WATCHERS_SHOWN) if playing else 0,
            watch_port=number("wp", 1, 65535) if playing and "wp" in text else 0,
        )


@dataclass(frozen=True)
class DiscoveredTable:
    """Where a table was seen, and what it said about itself."""

    info: TableInfo
    host: str
    port: int
    addresses: tuple[str, ...] = ()
    service_name: str = ""

    @property
    def watch_address(self) -> tuple[str, int]:
        """Where to watch a running table: its players serve watchers on their own port."""
        return self.host, self.info.watch_port or self.port


# --- explicit addresses ------------------------------------------------------------------


def parse_peer_address(text: str) -> tuple[str, int]:
    """``host:port`` or ``[ipv6]:port`` to (host, port); ValueError says what is wrong."""
    text = text.strip()
    match = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\]:(\d{1,5})", text) or re.fullmatch(
        r"([A-Za-z0-9.\-_]+):(\d{1,5})", text
    )
    if not match:
        raise ValueError(f"{text!r} is not host:port (use [addr]:port for IPv6)")
    port = int(match.group(2))
    if not 0 < port < 65536:
        raise ValueError(f"port {port} is out of range")
    return match.group(1), port


async def probe_peer(address: str, timeout: float = 5.0) -> DiscoveredTable:
    """Ask a peer at an explicit address which table it is at (the ``--peer`` path)."""
    host, port = parse_peer_address(address)
    record = await fetch_table_info(host, port, timeout)
    return DiscoveredTable(TableInfo.from_record(record), host, port, (host,))


# --- announcing ----------------------------------------------------------------------------


def _instance_name(info: TableInfo) -> str:
    """A readable, unique DNS-SD instance name: table name plus the host's peer id prefix."""
    label = re.sub(r"[.\x00-\x1f]", " ", info.name).strip() or "table"
    suffix = f" ({info.host_peer[:8]})"
    while len((label + suffix).encode("utf-8")) > 63:
        label = label[:-1]
    return f"{label}{suffix}.{SERVICE_TYPE}"


def _advertised_addresses(interfaces: Sequence[str] | None) -> list[str]:
    if interfaces:
        return [a for a in interfaces if "." in a]
    found = [a for a in get_all_addresses() if not a.startswith("127.")]
    return found or ["127.0.0.1"]


def _open_zeroconf(interfaces: Sequence[str] | None) -> Zeroconf:
    try:
        if interfaces:
            return Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)
        return Zeroconf(ip_version=IPVersion.V4Only)
    except OSError as exc:
        raise DiscoveryError(f"multicast DNS is not available here: {exc}") from exc


class TableAnnouncer:
    """Announces one table while the ``async with`` block runs; ``update`` changes the TXT."""

    def __init__(
        self,
        info: TableInfo,
        port: int,
        *,
        addresses: Sequence[str] | None = None,
        interfaces: Sequence[str] | None = None,
    ) -> None:
        self.info = info
        self.port = port
        self._interfaces = interfaces
        self._addresses = list(addresses) if addresses else _advertised_addresses(interfaces)
        self._zeroconf: Zeroconf | None = None
        self._service: ServiceInfo | None = None
        self._revision = 0

    def _service_info(self, info: TableInfo) -> ServiceInfo:
        # "rev" makes every announced TXT record new: a browser that still caches the
        # record of, say, "free=1" takes a change back to it for a mere refresh and never
        # sees it (a seat taken, freed by a removal, taken again).
        self._revision += 1
        return ServiceInfo(
            SERVICE_TYPE,
            _instance_name(info),
            port=self.port,
            properties={**info.to_record(), "rev": str(self._revision)},
            server=f"p2pbang-{info.host_peer}.local.",
            parsed_addresses=self._addresses,
        )

    async def __aenter__(self) -> TableAnnouncer:
        self._zeroconf = await trio.to_thread.run_sync(_open_zeroconf, self._interfaces)
        self._service = self._service_info(self.info)
        try:
            await trio.to_thread.run_sync(self._register)
        except BaseException:
            await self._shutdown()
            raise
        log.info("announced %s on port %d", self._service.name, self.port)
        return self

    def _register(self) -> None:
        assert self._zeroconf is not None and self._service is not None
        self._zeroconf.register_service(self._service, allow_name_change=True)

    async def update(self, info: TableInfo) -> None:
        """Re-announce with new contents (free seats changed...)."""
        if self._zeroconf is None:
            raise RuntimeError("not announcing")
        self.info = info
        service = self._service_info(info)
        if self._service is not None:
            service.name = self._service.name  # keep the name zeroconf settled on
        self._service = service
        await trio.to_thread.run_sync(self._zeroconf.update_service, service)

    async def __aexit__(self, *exc: object) -> None:
        await self._shutdown()

    async def _shutdown(self) -> None:
        zeroconf, service = self._zeroconf, self._service
        self._zeroconf = self._service = None
        if zeroconf is None:
            return

        def close() -> None:
            try:
                if service is not None:
                    zeroconf.unregister_service(service)
            finally:
                zeroconf.close()

        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(close)


# --- browsing --------------------------------------------------------------------------------


class TableBrowser:
    """Watches the LAN for tables while the ``async with`` block runs.

    zeroconf reports services from its own thread; the handler only records names under a
    lock, and ``tables()`` resolves new or changed ones from a trio worker thread.
    """

    def __init__(self, interfaces: Sequence[str] | None = None) -> None:
        self._interfaces = interfaces
        self._zeroconf: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._lock = threading.Lock()
        self._pending: dict[str, ServiceStateChange] = {}
        self._tables: dict[str, DiscoveredTable] = {}

    async def __aenter__(self) -> TableBrowser:
        self._zeroconf = await trio.to_thread.run_sync(_open_zeroconf, self._interfaces)
        try:
            self._browser = await trio.to_thread.run_sync(
                lambda: ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._on_change])
            )
        except BaseException:
            await self._shutdown()
            raise
        return self

    def _on_change(self, **kwargs: Any) -> None:
        with self._lock:
            self._pending[kwargs["name"]] = kwargs["state_change"]

    async def tables(self) -> list[DiscoveredTable]:
        """Every table currently seen, sorted by name; resolves what changed since last call."""
        with self._lock:
            pending, self._pending = self._pending, {}
        for name, change in pending.items():
            if change is ServiceStateChange.Removed:
                self._tables.pop(name, None)
                continue
            found = await trio.to_thread.run_sync(self._resolve, name, abandon_on_cancel=True)
            if found is None:
                self._tables.pop(name, None)
            else:
                self._tables[name] = found
        return sorted(self._tables.values(), key=lambda t: (t.info.name, t.service_name))

    def _resolve(self, name: str) -> DiscoveredTable | None:
        zeroconf = self._zeroconf
        if zeroconf is None:
            return None
        service = zeroconf.get_service_info(SERVICE_TYPE, name, timeout=RESOLVE_TIMEOUT_MS)
        if service is None or not service.port:
            return None
        record = {
            key.decode("utf-8", "replace"): value.decode("utf-8", "replace")
            for key, value in service.properties.items()
            if isinstance(key, bytes) and isinstance(value, bytes)
        }
        try:
            info = TableInfo.from_record(record)
        except ValueError as exc:
            log.info("ignoring malformed announcement %r: %s", name, exc)
            return None
        addresses = tuple(service.parsed_addresses(IPVersion.V4Only))
        if not addresses:
            return None
        return DiscoveredTable(info, addresses[0], service.port, addresses, name)

    async def __aexit__(self, *exc: object) -> None:
        await self._shutdown()

    async def _shutdown(self) -> None:
        zeroconf, browser = self._zeroconf, self._browser
        self._zeroconf = self._browser = None
        if zeroconf is None:
            return

        def close() -> None:
            try:
                if browser is not None:
                    browser.cancel()
            finally:
                zeroconf.close()

        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(close)


async def browse_tables(
    duration: float = 3.0,
    *,
    interfaces: Sequence[str] | None = None,
    stop_when: Callable[[list[DiscoveredTable]], bool] | None = None,
) -> list[DiscoveredTable]:
    """Tables seen within ``duration`` seconds (sooner if ``stop_when`` is satisfied)."""
    async with TableBrowser(interfaces) as browser:
        found: list[DiscoveredTable] = []
        with trio.move_on_after(duration):
            while True:
                found = await browser.tables()
                if stop_when is not None and stop_when(found):
                    break
                await trio.sleep(POLL_INTERVAL)
        return found


# --- is multicast usable here? -----------------------------------------------------------------


def multicast_problem(interface: str = "127.0.0.1", timeout: float = 0.5) -> str | None:
    """None if a multicast datagram sent on ``interface`` comes back to us; else why not.

    A cheap, blocking self-test (run it in a thread) so callers can say "multicast does not
    work here, use --peer host:port" instead of silently finding nothing.
    """
    group = "239.255.80.66"  # administratively scoped, away from mDNS itself
    token = secrets.token_bytes(16)
    receiver = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        receiver.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        receiver.bind(("", 0))
        port = receiver.getsockname()[1]
        membership = socket.inet_aton(group) + socket.inet_aton(interface)
        receiver.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, membership)
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(interface))
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        sender.sendto(token, (group, port))
        receiver.settimeout(timeout)
        while True:
            data, _ = receiver.recvfrom(64)
            if data == token:
                return None
    except TimeoutError:
        return f"multicast on {interface} sent but never received (no multicast route?)"
    except OSError as exc:
        return f"multicast on {interface} unavailable: {exc}"
    finally:
        receiver.close()
        sender.close()
