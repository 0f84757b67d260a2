"""The network as the interface and the commands see it: the one door of the table layer to
``p2pbang.net`` for the layers above (``docs/architecture.md``, "The layers": the interface
imports the table, never the network; ``tests/test_layering.py`` checks it).

What passes is named here, so that what the interface uses of the network stays one short
list a reader can check, and a change inside ``net/`` touches the screens only through it:

* finding a table: the tables discovery finds on the LAN (``TableBrowser``,
  ``browse_tables``), asking one address what it is (``probe_peer``, ``parse_peer_address``),
  and why the LAN may hide them (``multicast_problem``);
* the player's key: ``Identity``, ``load_or_create_identity``, ``parse_key_fingerprint``;
* the lobby: opening, joining and announcing a table (``open_table``, ``join_table``,
  ``announce_lobby``), the ``Lobby`` a waiting room reads, its events and its genesis;
* the errors of the network a screen or a command reports: ``NETWORK_FAILURES`` (the table
  could not be reached or spoke wrongly) and the single ones a caller tells apart.

The game itself reaches the network through the table's sessions (``session``,
``lobby_flow``, ``resume``, ``watch``), not through this module.
"""

from __future__ import annotations

from p2pbang.net.discovery import (
    DiscoveredTable,
    DiscoveryError,
    TableBrowser,
    browse_tables,
    multicast_problem,
    parse_peer_address,
    probe_peer,
)
from p2pbang.net.identity import (
    Identity,
    IdentityError,
    load_or_create_identity,
    parse_key_fingerprint,
)
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
from p2pbang.net.mesh import (
    ConnectionEvent,
    DialError,
    MeshConfig,
    PeerNotConnected,
    PreambleError,
)
from p2pbang.net.store import StoreError

# The table could not be reached, or what answered was no table of ours (a dial refused or
# reset, a wrong preamble, an address discovery cannot read).
NETWORK_FAILURES: tuple[type[Exception], ...] = (DialError, PreambleError, DiscoveryError)

__all__ = [
    "NETWORK_FAILURES",
    "REMOVED_BY_OPENER",
    "ConnectionEvent",
    "DialError",
    "DiscoveredTable",
    "DiscoveryError",
    "Genesis",
    "Identity",
    "IdentityError",
    "Lobby",
    "LobbyError",
    "LobbyEvent",
    "MeshConfig",
    "PeerNotConnected",
    "PreambleError",
    "StoreError",
    "TableBrowser",
    "TableSettings",
    "announce_lobby",
    "browse_tables",
    "join_table",
    "load_or_create_identity",
    "multicast_problem",
    "open_table",
    "parse_key_fingerprint",
    "parse_peer_address",
    "probe_peer",
]
