"""``p2pbang host --bots N``: a person opens a table on this machine, bot peers (separate
processes) fill the other seats, and the game is played to the end in the plain interface
(input is a pipe, so the full screen steps aside); the saved game verifies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from p2pbang.table.bot_pace import DELAYS

from .peers import REPO, _env, cli


# Slow (about 40 s of bot processes at a person's pace). In the default set: `host --bots`
# starting its bot processes, in the plain interface, with the keys line, in
# tests/ui/test_family_net_plain.py (the Dice Game); a person and three bots at a network card
# game in-process in tests/table/test_session.py; the pace commands in
# tests/ui/test_plain_net_pace.py; verify on every peer's saved game in tests/e2e/test_game.py.
@pytest.mark.slow
def test_a_person_hosts_a_table_filled_with_bots_and_plays_to_the_end(tmp_path: Path) -> None:
    home = tmp_path / "me"
    # At the first decision, "-" once per pace step: the bot peers move at once from then on
    # (the plain interface's pace commands, as the full screen's keys, from the default
    # pace); then always the first listed action (every decision has one).
    answers = "-\n" * (len(DELAYS) - 1) + "1\n" * 5000
    done = subprocess.run(
        [sys.executable, "-m", "p2pbang.cli", "host", "--seats", "4", "--bots", "3",
         "--listen", "127.0.0.1", "--no-announce", "--home", str(home), "--player", "Zoli"],
        input=answers, capture_output=True, text=True, timeout=180, cwd=REPO, env=_env())
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "result:" in done.stdout and "win" in done.stdout
    assert "dist None" not in done.stdout
    assert "The bots now wait 0 s before each move." in done.stdout
    # Where the host chooses bots, it is told that their keys stay in its home (issue 22).
    assert "whoever hosts bots can read their hands" in done.stdout
    saved = [line.split("game saved:", 1)[1].strip() for line in done.stdout.splitlines()
             if "game saved:" in line]
    assert saved
    verified = cli("verify", saved[-1])
    assert verified.returncode == 0, verified.stdout + verified.stderr
