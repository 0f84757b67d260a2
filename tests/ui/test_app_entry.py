"""``python -m p2pbang.ui.app`` (the developer's entry to a solo table) plays every game of
the registry in the plain interface: each game's own plain table, found through the board
registry (``boards.solo_for``), not the card game's for all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from p2pbang.engine.choice import playable_games

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", sorted(playable_games()))
def test_the_developer_entry_plays_each_game_plain_and_leaves_on_q(game: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run(
        [sys.executable, "-m", "p2pbang.ui.app", "--game", game, "--seed", "1", "--plain",
         "--speed", "0"],
        cwd=REPO, env=env, input="q\n", capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
