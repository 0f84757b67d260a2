"""The resume path shared by both interfaces: which game to take up, and the mesh it
continues on.

``p2pbang resume`` finds an unfinished game in this peer's home, checks that this identity
played it, and reopens a mesh restricted to the game's roster on the port the others knew
(when it is free). The session itself (catch-up, play, the end) is ``TableSession``'s; the
plain and full-screen interfaces each drive it with their own decider and reporter.
"""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import trio

from p2pbang.net.codec import MessageRegistry
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import Genesis, register_lobby_messages
from p2pbang.net.mesh import Incoming, Mesh, open_mesh
from p2pbang.table.gamefiles import GameFileError, GameFiles, unfinished_games
from p2pbang.table.lobby_flow import GAME_MESH
from p2pbang.table.session import TableInboxes, prepare_mesh


@dataclass(frozen=True)
class ResumableGame:
    """An unfinished game this identity played, with its files and notes."""

    files: GameFiles
    genesis: Genesis
    meta: dict[str, Any]

    @property
    def bot(self) -> bool:
        return self.meta.get("player") == "bot"

    @property
    def session_meta(self) -> dict[str, Any]:
        """The notes a resumed session keeps writing (how it plays, whom it knew)."""
        return {"player": self.meta.get("player", "person"), "peers": self.meta.get("peers", {})}


def find_game(home: Path, wanted: str | None) -> GameFiles:
    """A game directory, a session id prefix under ``home``, or the newest unfinished."""
    if wanted is not None and Path(wanted).is_dir():
        return GameFiles(Path(wanted))
    if wanted is not None:
        root = home / "games"
        matches = sorted(p for p in root.glob(f"{wanted.lower()}*") if p.is_dir()) \
            if root.is_dir() else []
        if len(matches) != 1:
            raise GameFileError(f"{len(matches)} games under {root} match {wanted!r}")
        return GameFiles(matches[0])
    games = unfinished_games(home)
    if not games:
        raise GameFileError(f"no unfinished game under {home / 'games'}")
    return games[0]


def resumable_game(home: Path, wanted: str | None, identity: Identity) -> ResumableGame:
    """The game to resume; GameFileError says why when it is over or not this identity's."""
    files = find_game(home, wanted)
    genesis = files.load_genesis()
    meta = files.load_meta()
    if meta.get("over"):
        raise GameFileError(f"the game in {files.directory} is already over")
    if identity.peer_id != meta.get("peer_id") or identity.peer_id not in genesis.roster:
        raise GameFileError(f"this identity ({identity.peer_id}) did not play the game in "
                            f"{files.directory}")
    return ResumableGame(files, genesis, meta)


def port_free(host: str, port: int) -> bool:
    """Can we listen on ``port`` again (the one the other peers knew us by)?"""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host or "0.0.0.0", port))
        except OSError:
            return False
    return True


async def _drain(inbox: trio.MemoryReceiveChannel[Incoming]) -> None:
    async for _ in inbox:
        pass  # the lobby is over; peers still repeat its last words on reconnecting


@asynccontextmanager
async def resumed_mesh(identity: Identity, game: ResumableGame, listen: str,
                       port: int = 0) -> AsyncIterator[tuple[Mesh, TableInboxes]]:
    """The game's mesh again, on ``port`` (else the one noted, else any free one)."""
    registry = MessageRegistry()
    register_lobby_messages(registry)
    port = port or int(game.meta.get("port", 0))
    if port and not port_free(listen, port):
        port = 0
    async with open_mesh(identity, game.genesis.table_id, registry, host=listen, port=port,
                         config=GAME_MESH) as mesh:
        mesh.restrict_to(set(game.genesis.roster))
        inboxes = prepare_mesh(mesh)
        lobby_inbox = mesh.subscribe("lobby", 256)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_drain, lobby_inbox)
            yield mesh, inboxes
            nursery.cancel_scope.cancel()


__all__ = ["ResumableGame", "find_game", "port_free", "resumable_game", "resumed_mesh"]
