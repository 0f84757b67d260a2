"""The "done when" of a first evening: a person hosts with bots, the terminal dies (the
whole process group, bots included, is killed), ``p2pbang resume`` brings the table back,
bots too, and the game is played to its end; the saved game verifies."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .peers import REPO, _env, cli

ANSWERS = "1\n" * 5000  # always the first listed action: every decision has one


def _wait_for_text(path: Path, pattern: str, process: subprocess.Popen,
                   timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and re.search(pattern, path.read_text(errors="replace")):
            return
        if process.poll() is not None:
            break
        time.sleep(0.1)
    raise AssertionError(f"never saw {pattern!r}:\n{path.read_text(errors='replace')[-3000:]}")


@pytest.mark.slow
def test_a_host_with_bots_crashes_resumes_and_finishes(tmp_path: Path) -> None:
    home = tmp_path / "me"
    out = tmp_path / "host.out"
    with open(out, "wb") as handle:
        host = subprocess.Popen(
            [sys.executable, "-m", "p2pbang.cli", "host", "--seats", "4", "--bots", "3",
             "--listen", "127.0.0.1", "--no-announce", "--home", str(home), "--plain",
             "--pace", "0"],
            stdin=subprocess.PIPE, stdout=handle, stderr=subprocess.STDOUT, cwd=REPO,
            env=_env(), start_new_session=True)
    assert host.stdin is not None
    host.stdin.write(ANSWERS.encode())
    host.stdin.close()
    try:
        _wait_for_text(out, r"--- Turn 3:", host, timeout=120)
    finally:  # the terminal closes: the host and the bots it started die together
        os.killpg(host.pid, signal.SIGKILL)
        host.wait()
    resumed = subprocess.run(
        [sys.executable, "-m", "p2pbang.cli", "resume", "--home", str(home),
         "--listen", "127.0.0.1", "--plain"],
        input=ANSWERS, capture_output=True, text=True, timeout=240, cwd=REPO, env=_env())
    text = resumed.stdout + resumed.stderr
    assert resumed.returncode == 0, text[-4000:]
    assert "restarted 3 bot peers" in text
    assert "log entries replayed from disk" in text
    saved = [line.split("game saved:", 1)[1].strip() for line in resumed.stdout.splitlines()
             if "game saved:" in line]
    assert saved, text[-3000:]
    verified = cli("verify", saved[-1])
    assert verified.returncode == 0, verified.stdout + verified.stderr
