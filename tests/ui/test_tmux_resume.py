"""A first evening in a real terminal (issue 10, points 8 and 9): a person hosts a table
with three bots in the full-screen interface, the terminal dies mid-game (the host and the
bots it started die with it), and ``p2pbang resume`` brings the table back in the
full-screen interface, bots included, plays to the end and says "You win!" or "You lose."
like any game. Slow: two real games' worth of processes."""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .tmux import TMUX, Pane

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(TMUX is None, reason="tmux is not installed (CI installs it); the "
                                            "terminal end-to-end tests need it"),
]
ROOT = Path(__file__).resolve().parents[2]


def _in_terminal(tmp: Path, *args: str) -> Pane:
    command = " ".join(shlex.quote(part) for part in (sys.executable, "-m", "p2pbang.cli",
                                                      *args))
    script = f"cd {shlex.quote(str(ROOT))}; TERM=xterm {command}; echo EXIT=$?; sleep 120"
    return Pane(f"sh -c {shlex.quote(script)}", tmp)


def _play_until(pane: Pane, done: re.Pattern[str], timeout: float) -> str:
    """Press Enter (the highlighted action) until the screen matches ``done``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = "\n".join(pane.screen())
        if done.search(text):
            return text
        pane.keys("Enter")
        time.sleep(0.3)
    raise AssertionError("the screen never showed " + done.pattern + ":\n" + text)


def _kill_what_uses(home: Path) -> None:
    """Whatever survived the terminal and runs from ``home`` (this test's own processes)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if str(home) in command and "p2pbang" in command:
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(entry.name), signal.SIGKILL)


def test_a_host_whose_terminal_dies_resumes_full_screen_and_is_told_the_outcome(
        tmp_path: Path) -> None:
    home = tmp_path / "me"
    host = _in_terminal(tmp_path, "host", "--seats", "4", "--bots", "3", "--listen",
                        "127.0.0.1", "--no-announce", "--home", str(home), "--pace", "0")
    try:
        _play_until(host, re.compile(r"Turn [3-9]|EXIT="), 120)
    finally:
        host.close()  # the terminal goes away: its processes get SIGHUP
        _kill_what_uses(home)
    [game] = [d for d in (home / "games").iterdir() if d.is_dir()]
    assert (game / "secrets.bin").exists(), "the game ended before the terminal died"
    resumed = _in_terminal(tmp_path, "resume", "--home", str(home), "--listen", "127.0.0.1")
    try:
        final = _play_until(resumed, re.compile(r"EXIT=\d+"), 240)
        scrolled = "\n".join(resumed.screen(history=True))
    finally:
        resumed.close()
        _kill_what_uses(home)
    assert "EXIT=0" in final, final
    # said before the screen went up: above it, scrolled back to once the game is over
    assert "restarted 3 bot peers" in scrolled, scrolled
    assert "You win!" in final or "You lose." in final, final
    assert "result:" not in final  # the plain interface's developer line
    assert not (game / "secrets.bin").exists()  # deleted once the game is over and saved
    verified = subprocess.run([sys.executable, "-m", "p2pbang.cli", "verify", str(game)],
                              capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert verified.returncode == 0, verified.stdout + verified.stderr
