"""A tmux server of our own for terminal end-to-end tests: one window of a chosen size
running a command, keys sent to it, its screen read back with ``capture-pane``."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable
from pathlib import Path

TMUX = shutil.which("tmux")


class Pane:
    """One tmux server of our own (its own socket), one 80x24 window running a command."""

    def __init__(self, command: str, tmp: Path) -> None:
        self.socket = f"p2pbang-{uuid.uuid4().hex[:10]}"
        self.tmp = tmp
        self._tmux("-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24",
                   "-s", "game", command)

    def _tmux(self, *args: str) -> str:
        done = subprocess.run([TMUX or "tmux", "-u", "-L", self.socket, *args],
                              capture_output=True, text=True, timeout=10, check=True)
        return done.stdout

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "game", *keys)

    def screen(self, escapes: bool = False, history: bool = False) -> list[str]:
        """The visible rows; with ``escapes`` the colour and attribute codes too; with
        ``history`` the rows scrolled off the top first (what a person scrolls back to)."""
        flags = ["-p", "-e"] if escapes else ["-p"]
        if history:
            flags += ["-S", "-"]
        return self._tmux("capture-pane", *flags, "-t", "game").split("\n")

    def resize(self, columns: int, rows: int) -> None:
        self._tmux("resize-window", "-t", "game", "-x", str(columns), "-y", str(rows))

    def wait_for(self, condition: Callable[[str], bool], timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            text = "\n".join(self.screen())
            if condition(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError("the screen never showed what was expected:\n" + text)
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run([TMUX or "tmux", "-L", self.socket, "kill-server"],
                       capture_output=True, timeout=10)


def first_key(text: str) -> str:
    """The key of the first action row under the person's decision line (the keys stay
    with their rows for the turn, so the first row is not always "1"); "1" when none."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if "\u25b8" in line), 0)
    for line in lines[start + 1:]:
        row = re.match(r"^ ([1-9a-z]) \S", line)
        if row:
            return row.group(1)
    return "1"


def restored_terminal(pane: Pane, tmp: Path, timeout: float = 15.0) -> str:
    """The pane once its command printed ``EXIT=<status>``: the command's shell wrote
    ``stty -a`` to ``tmp/before`` and ``tmp/after`` around it, which must agree (the terminal
    is as it was), and its standard error (``tmp/stderr``) holds no traceback."""
    final = pane.wait_for(lambda t: "EXIT=" in t, timeout)
    assert_terminal_restored(tmp)
    return final


def assert_terminal_restored(tmp: Path) -> None:
    """``tmp/after`` (``stty -a`` once the program is gone) says what ``tmp/before`` said,
    and the program's standard error holds no traceback. The shell creates ``after`` before
    stty has written to it, so its whole text (a last newline) is waited for."""
    after = tmp / "after"
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not (
            after.exists() and after.read_text().endswith("\n")):
        time.sleep(0.05)
    assert after.read_text() == (tmp / "before").read_text()
    assert "Traceback" not in (tmp / "stderr").read_text()
