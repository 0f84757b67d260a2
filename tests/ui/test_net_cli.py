"""``p2pbang host`` and ``p2pbang join`` choose their interface: full screen on a terminal,
the plain one with ``--plain`` or without a terminal (saying so, in the chosen language)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def p2pbang(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The command with pipes for its standard streams (no terminal)."""
    return subprocess.run([sys.executable, "-m", "p2pbang.cli", *args, "--home", str(tmp)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize(("language", "note"), [
    ("en", "(no full-screen terminal here: using the plain interface)"),
    ("hu", "(itt nincs teljes képernyős terminál: a sima szöveges felület indul)"),
])
def test_without_a_terminal_join_plays_plain_and_says_so(tmp_path: Path, language: str,
                                                          note: str) -> None:
    done = p2pbang(tmp_path, "join", "--peer", f"127.0.0.1:{closed_port()}", "--player",
                   "Dana", "--listen", "127.0.0.1", "--lang", language)
    assert done.returncode == 2, done.stderr
    assert note in done.stderr
    assert "p2pbang: " in done.stderr  # the plain flow's own report of the failed probe


def test_plain_is_asked_for_without_a_note(tmp_path: Path) -> None:
    done = p2pbang(tmp_path, "join", "--plain", "--peer", f"127.0.0.1:{closed_port()}",
                   "--player", "Dana", "--listen", "127.0.0.1")
    assert done.returncode == 2
    assert "full-screen" not in done.stderr


def test_host_and_join_offer_the_interface_options(tmp_path: Path) -> None:
    for command in ("host", "join"):
        done = subprocess.run([sys.executable, "-m", "p2pbang.cli", command, "--help"],
                              capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert done.returncode == 0
        assert "--plain" in done.stdout and "--lang {en,hu,ro}" in done.stdout
        assert "full-screen interface" in done.stdout
