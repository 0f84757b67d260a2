"""One home, one running player: the lock a command takes before it writes anything.

A home holds one identity and its games. Two processes playing from it (a second ``bot`` or
``join`` started by mistake while the game runs) are the same player twice: the copy would
overwrite the seat's ``table.json`` and, with the same keys, sign statements the real player
never made. So every command that plays takes an exclusive ``flock`` on the home first and
keeps it until the process exits; the operating system drops it even after a crash.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

LOCK_NAME = "home.lock"

# Homes this process holds, with the descriptor that holds each (flock is per open file:
# a second lock taken by this very process would conflict with its own first one).
_held: dict[Path, int] = {}


class HomeInUse(Exception):
    """Another process plays from this home."""


def hold_home(home: Path) -> None:
    """Lock ``home`` for the rest of this process, or raise HomeInUse naming the holder."""
    key = home.resolve()
    if key in _held:
        return
    fd = os.open(key / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode("ascii", "replace").strip()
        os.close(fd)
        who = f" (process {holder})" if holder.isdigit() else ""
        raise HomeInUse(
            f"{home} is in use by another p2pbang{who}: one home plays one seat at a time"
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    _held[key] = fd


def holds_home(home: Path) -> bool:
    """Does this process hold ``home``'s lock?"""
    return home.resolve() in _held
