"""A person at a network Dice Game and Duel, in the plain interface, against bot peers that are
their own OS processes (``p2pbang host --game ... --bots N --plain``): the person's lines go
through the solo boards' reading, the moves go to the signed log, and the game ends alike.

Why lines on a pipe rather than tmux: the plain interface is a line interface; the person here
answers every question with "k" (keep the dice) then "1" (the first row), which is always a
legal answer or a refused one the interface explains, so the game must reach its end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# A Duel's rows keep their keys while a turn goes on (a card played leaves its key unused),
# so "1" is not always an answer: the person tries every key in turn, and a refused one is
# explained and asked again, so each question takes the first of them still offered.
EVERY_KEY = "".join(f"{key}\n" for key in "123456789")


def _host(tmp_path: Path, *args: str, answers: str, timeout: float) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("P2PBANG_HOME", None)
    return subprocess.run(
        [sys.executable, "-m", "p2pbang.cli", "host", *args, "--plain", "--no-announce",
         "--listen", "127.0.0.1", "--home", str(tmp_path / "home"), "--player", "Ann",
         "--pace", "0"],  # the bot peers without pauses: the game, not the pace, is tested
        cwd=REPO, env=env, input=answers, capture_output=True, text=True, timeout=timeout)


def test_a_person_plays_a_network_dice_game_against_two_bot_peers_to_its_end(
        tmp_path: Path) -> None:
    done = _host(tmp_path, "--game", "dice", "--seats", "3", "--bots", "2",
                 answers="k\n1\n" * 400, timeout=90)
    out = done.stdout
    assert done.returncode == 0, out[-3000:] + done.stderr[-2000:]
    assert "A game of BANG! The Dice Game for 3 players: you and" in out
    assert "whoever hosts bots can read their hands" in out  # their keys are in its home
    assert "You roll:" in out and "Your dice" in out
    assert "result: " in out and " win: " in out


@pytest.mark.slow
def test_a_person_plays_a_network_duel_against_a_bot_peer_to_its_end(tmp_path: Path) -> None:
    done = _host(tmp_path, "--game", "duel", "--bots", "1",
                 answers=EVERY_KEY * 1500, timeout=300)
    out = done.stdout
    assert done.returncode == 0, out[-3000:] + done.stderr[-2000:]
    assert "Your hand" in out and "result: " in out


@pytest.mark.slow  # ~45 s on 2 shared cores: leaving waits out the table's own timeouts
def test_a_person_makes_duel_moves_at_a_network_table(tmp_path: Path) -> None:
    """A few moves, then the input ends: the person's moves were on the log (the bot peer
    answered them) and leaving is exit status 0 (on purpose), with the resume hint."""
    done = _host(tmp_path, "--game", "duel", "--bots", "1", answers=EVERY_KEY * 8, timeout=90)
    out = done.stdout
    assert done.returncode == 0, out[-3000:] + done.stderr[-2000:]
    assert "A game of BANG! The Duel for 2 players: you and" in out
    assert "Your hand" in out and "── Turn 2:" in out
