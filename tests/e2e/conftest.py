"""One honest four-peer game, played once per test session and examined by several tests."""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from .peers import Peer, describe, finish, table


@dataclass
class PlayedGame:
    directory: Path
    peers: list[Peer]
    codes: list[int]
    recorder: Peer
    recording: Path

    def kept_secrets(self, peer: Peer) -> Path:
        """The directory holding a copy of ``peer``'s ``secrets.bin``, taken during play
        (the peer deletes its own once the game is over)."""
        return self.directory / "kept-secrets" / peer.name


def _keep_secrets(directory: Path, peers: list[Peer], timeout: float = 30) -> None:
    """Copy each peer's secrets file (its dealer key, fixed for the game) as it appears."""
    deadline = time.monotonic() + timeout
    waiting = list(peers)
    while waiting and time.monotonic() < deadline:
        for peer in list(waiting):
            found = list(peer.home.rglob("secrets.bin"))
            if found:
                kept = directory / "kept-secrets" / peer.name
                kept.mkdir(parents=True, mode=0o700)
                shutil.copy2(found[0], kept / "secrets.bin")
                waiting.remove(peer)
        time.sleep(0.01)
    assert not waiting, f"no secrets file from {[p.name for p in waiting]}"


@pytest.fixture(scope="session")
def honest_game(tmp_path_factory: pytest.TempPathFactory) -> PlayedGame:
    """Four bot processes play a complete base game; peer p1 records all it receives."""
    directory = tmp_path_factory.mktemp("honest4")
    recording = directory / "p1.traffic"
    peers = table(directory, 4, record={1: recording})
    _keep_secrets(directory, peers)
    codes = finish(peers)
    assert codes == [0, 0, 0, 0], describe(peers)
    return PlayedGame(directory, peers, codes, peers[1], recording)
