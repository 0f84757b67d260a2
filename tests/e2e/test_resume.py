"""A peer process killed with SIGKILL in the middle of a game comes back with
``p2pbang resume``: it reloads its log and secrets, catches up, and the game finishes with
every peer holding the same log. Meanwhile the others show whom they wait for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .peers import cli, describe, finish, start, table, wait_for

VICTIM = 2


@pytest.mark.parametrize("moment", [
    pytest.param(r"turn 4:", id="mid-game"),
    pytest.param(r"\] game [0-9a-f]+: seat", id="while-dealing", marks=pytest.mark.slow),
])
def test_a_killed_peer_resumes_and_the_game_finishes(moment: str, tmp_path: Path) -> None:
    peers = table(tmp_path, 4, max_wait=90)
    victim = peers[VICTIM]
    wait_for(victim, moment)
    victim.kill()
    watcher = peers[0]
    wait_for(watcher, rf"waiting \d+ s for .*P{VICTIM} \(seat \d\) \[disconnected\]", timeout=20)
    reborn = start(tmp_path, f"p{VICTIM}", "resume", "--listen", "127.0.0.1", "--max-wait",
                   "90", out_suffix=".resumed")
    survivors = [p for i, p in enumerate(peers) if i != VICTIM]
    codes = finish([*survivors, reborn], timeout=120)
    everyone = [*survivors, reborn]
    assert codes == [0, 0, 0, 0], describe(everyone)
    assert "resumed from disk" in reborn.text()
    assert len({p.head for p in everyone}) == 1, describe(everyone)
    assert len({p.result for p in everyone}) == 1
    assert re.search(rf"peer P{VICTIM} \(seat \d\) reconnected", watcher.text())
    done = cli("verify", str(reborn.game_dir))
    assert done.returncode == 0, done.stdout
