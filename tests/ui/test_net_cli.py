"""``p2pbang host`` and ``p2pbang join`` choose their interface: full screen on a terminal,
the plain one with ``--plain`` or without a terminal (saying so, in the chosen language)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from p2pbang.cli import build_parser, main
from p2pbang.ui.i18n import set_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_without_a_terminal_join_plays_plain_and_says_so_in_its_language(
        tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "p2pbang.cli", "join", "--peer", f"127.0.0.1:{closed_port()}",
         "--player", "Dana", "--listen", "127.0.0.1", "--lang", "hu", "--home", str(tmp_path)],
        capture_output=True, text=True, timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done.stderr
    assert "(itt nincs teljes képernyős terminál: a sima szöveges felület indul)" in done.stderr
    assert "p2pbang: " in done.stderr  # the plain flow's own report of the failed probe


def test_plain_is_asked_for_without_a_note(tmp_path: Path, capsys) -> None:
    code = main(["join", "--plain", "--peer", f"127.0.0.1:{closed_port()}", "--player",
                 "Dana", "--listen", "127.0.0.1", "--home", str(tmp_path)])
    captured = capsys.readouterr()
    assert code == 2
    assert "full-screen" not in captured.err and "p2pbang: " in captured.err


@pytest.mark.parametrize("command", ["host", "join"])
def test_host_and_join_offer_the_interface_options(command: str, capsys) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args([command, "--help"])
    text = capsys.readouterr().out
    assert "--plain" in text and "--lang {en,hu,ro}" in text
    assert "full-screen interface" in text
