"""One honest four-peer game, played once per test session and examined by several tests."""

from __future__ import annotations

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


@pytest.fixture(scope="session")
def honest_game(tmp_path_factory: pytest.TempPathFactory) -> PlayedGame:
    """Four bot processes play a complete base game; peer p1 records all it receives."""
    directory = tmp_path_factory.mktemp("honest4")
    recording = directory / "p1.traffic"
    peers = table(directory, 4, record={1: recording})
    codes = finish(peers)
    assert codes == [0, 0, 0, 0], describe(peers)
    return PlayedGame(directory, peers, codes, peers[1], recording)
