"""Dodge City between bot peers, each its own OS process on 127.0.0.1 with the full protocol:
the 120-card deck dealt by the MentalDealer, green and paid cards proven on the log, every
peer ending on the same log; the saved game verifies and replays offline as Dodge City, and a
cheater at a Dodge City table is named."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pbang.table.audit import audit
from p2pbang.table.gamefiles import load_transcript

from .peers import card_game_agreed, cheated_table, cli, describe

DODGE_CITY = ("--expansions", "dodge-city")


def test_three_bot_peers_play_dodge_city_and_agree(tmp_path: Path) -> None:
    """Three seats (Deputy, Outlaw, Renegade face up) only exist with Dodge City."""
    card_game_agreed(tmp_path, 3, ["dodge-city"], [], timeout=120)


@pytest.mark.slow
def test_eight_bot_peers_play_dodge_city_and_agree(tmp_path: Path) -> None:
    """Eight seats (two Renegades) only exist with Dodge City."""
    card_game_agreed(tmp_path, 8, ["dodge-city"], [], timeout=240)


# Slow: the same two cheats are named in-process in tests/table/test_dodge_city_table.py
# (a phantom card with a genuine proof, a hand card used as a green card in play), and a
# cheater between bot processes is named by every honest peer in tests/e2e/test_cheaters.py.
@pytest.mark.slow
@pytest.mark.parametrize("kind,words", [
    ("phantom-card", ("holds another", "known to be elsewhere")),
    ("illegal-green", ("illegal move",)),
])
def test_a_cheater_at_a_dodge_city_table_is_named(kind: str, words: tuple[str, ...],
                                                   tmp_path: Path) -> None:
    """A seat claims a hand card is another (with the genuine proof of what it holds), or
    uses a hand card as a green card in play: every honest peer stops, names it, and its
    saved log verifies up to the cheat."""
    peers, codes = cheated_table(tmp_path, 4, {1: kind}, max_wait=30, game=DODGE_CITY)
    assert all(code == 1 for code in codes), describe(peers)
    for peer in (peers[0], peers[2], peers[3]):
        statement = peer.line("VERDICT:")
        assert statement.startswith("P1 (seat"), statement
        assert any(w in statement for w in words), statement
        report = audit(load_transcript(peer.game_dir))
        assert report.problem is None and report.verdict is not None, report.lines()


@pytest.mark.slow
def test_a_person_hosts_a_three_seat_dodge_city_table_filled_with_bots(tmp_path: Path) -> None:
    """``p2pbang host --expansions dodge-city --seats 3 --bots 2`` in the plain interface
    (input is a pipe), played to the end; the saved game verifies as Dodge City. Slow: the
    host's bots keep a person's pace (about 40 s)."""
    import subprocess
    import sys

    from .peers import REPO, _env

    answers = "1\n" * 5000  # always the first listed action: every decision has one
    done = subprocess.run(
        [sys.executable, "-m", "p2pbang.cli", "host", "--expansions", "dodge-city",
         "--seats", "3", "--bots", "2", "--listen", "127.0.0.1", "--no-announce",
         "--home", str(tmp_path / "me"), "--player", "Zoli", "--pace", "0"],
        input=answers, capture_output=True, text=True, timeout=180, cwd=REPO, env=_env())
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "result:" in done.stdout and " win" in done.stdout
    saved = [line.split("game saved:", 1)[1].strip() for line in done.stdout.splitlines()
             if "game saved:" in line]
    verified = cli("verify", saved[-1])
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "game: bang+dodge-city, 3 seats (bound by the genesis)" in verified.stdout
