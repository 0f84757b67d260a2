"""The bot peers a host started, brought back when the host resumes its game.

``p2pbang host --bots N`` gives each bot its own home under ``<host home>/bots/``. When the
host leaves, crashes or closes its terminal, those bots end too (or give up waiting), and
their game files stay in their homes. Without them the resumed table would wait forever,
so ``p2pbang resume`` finds every bot home holding the same unfinished game and starts
``p2pbang resume`` there too, unless that bot still runs (its game's log is locked).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
import sys
from pathlib import Path

from p2pbang.net.store import LOCK_FILE, game_directory
from p2pbang.table.bot_pace import pace_file
from p2pbang.table.gamefiles import GameFileError, GameFiles

BOTS_DIR = "bots"


def bots_home(home: Path) -> Path:
    """Where ``host --bots`` puts its bots' homes, one directory per bot."""
    return Path(home) / BOTS_DIR


def _in_use(directory: Path) -> bool:
    """Does a running process hold this game's log (the store's lock) right now?"""
    lock = directory / LOCK_FILE
    if not lock.exists():
        return False
    fd = os.open(lock, os.O_RDWR | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops the lock we may have taken
    return False


def bots_to_revive(home: Path, session_id: bytes) -> list[Path]:
    """The homes of this host's bots that played ``session_id``, whose game is not over
    and which no running process holds (sorted, so they come back in the same order)."""
    root = bots_home(home)
    if not root.is_dir():
        return []
    homes = []
    for bot_home in sorted(p for p in root.iterdir() if p.is_dir()):
        files = GameFiles(game_directory(bot_home, session_id))
        if not files.directory.is_dir():
            continue
        try:
            meta = files.load_meta()
        except GameFileError:
            continue
        if meta.get("over") or meta.get("player") != "bot" or _in_use(files.directory):
            continue
        homes.append(bot_home)
    return homes


def revive_bots(homes: list[Path], session_id: bytes, listen: str,
                max_wait: float) -> list[subprocess.Popen]:
    """Start ``p2pbang resume`` for each bot home; its output goes on in its ``bot.out``."""
    processes = []
    for bot_home in homes:
        command = [sys.executable, "-m", "p2pbang.cli", "resume", session_id.hex(),
                   "--home", str(bot_home), "--listen", listen or "0.0.0.0",
                   "--max-wait", str(max_wait), "--pace-file", str(pace_file(bot_home.parent))]
        with open(bot_home / "bot.out", "ab") as out:
            processes.append(subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                              stdin=subprocess.DEVNULL))
    return processes


def stop_bots(processes: list[subprocess.Popen], *, wait: float = 40.0) -> None:
    """Let the bots finish (they end with the game), then stop any that does not."""
    for process in processes:
        try:
            process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)


__all__ = ["bots_home", "bots_to_revive", "revive_bots", "stop_bots"]
