"""A solo game on disk, and its replay.

A solo game is fully determined by its settings (players, seat, deal seed, the bots' kind:
the LocalDealer and every bot are seeded from the deal seed) and the person's actions, so
that is all the file holds: ``<data home>/solo/<started>-<seed>/solo.json``, rewritten
atomically after each of the person's actions, so a game cut short is saved as far as it
went. ``p2pbang replay`` plays it again through a fresh ``SoloSession`` (``ui/replay.py``).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from p2pbang.engine.actions import Action
from p2pbang.engine.choice import ChoiceError, GameChoice
from p2pbang.engine.wire import WireError, from_wire, to_wire
from p2pbang.table.gamefiles import write_atomically

SOLO_FILE = "solo.json"
SOLO_KIND = "p2pbang solo game"
SOLO_VERSION = 1


class SoloRecordError(ValueError):
    """A file that is not a saved solo game, or one its own settings do not replay."""


@dataclass
class SoloRecord:
    """The settings of a solo game and the person's actions so far."""

    players: int
    seed: int | str
    you: int
    names: list[str]
    opponents: str
    actions: list[Action] = field(default_factory=list)
    path: Path | None = None
    choice: GameChoice | None = None  # None: the base game for ``players`` (older files)

    def encode(self) -> bytes:
        return json.dumps({
            "kind": SOLO_KIND, "version": SOLO_VERSION, "players": self.players,
            "seed": self.seed, "you": self.you, "names": self.names,
            "opponents": self.opponents, "actions": [to_wire(a) for a in self.actions],
            **({"choice": self.choice.to_wire()} if self.choice is not None else {}),
        }, indent=1).encode("utf-8")

    def save(self) -> None:
        """Write the file atomically (a crash leaves the previous version, never half)."""
        if self.path is None:
            return
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomically(self.path, self.encode())

    def add(self, action: Action) -> None:
        self.actions.append(action)
        self.save()


def new_record_path(home: Path, seed: int | str) -> Path:
    """A fresh file for a solo game starting now."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    directory = Path(home) / "solo" / f"{stamp}-{seed}"
    suffix = 1
    while directory.exists():
        suffix += 1
        directory = Path(home) / "solo" / f"{stamp}-{seed}-{suffix}"
    return directory / SOLO_FILE


def is_solo_game(path: Path) -> bool:
    """Is ``path`` a saved solo game (its file, or the directory holding it)?"""
    path = Path(path)
    return (path / SOLO_FILE).is_file() if path.is_dir() else path.name == SOLO_FILE


def load_solo(path: Path) -> SoloRecord:
    """Read a saved solo game; SoloRecordError says what is wrong with it."""
    path = Path(path)
    if path.is_dir():
        path = path / SOLO_FILE
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SoloRecordError(f"{path}: not a saved solo game ({exc})") from None
    if not isinstance(data, dict) or data.get("kind") != SOLO_KIND:
        raise SoloRecordError(f"{path}: not a saved solo game")
    if data.get("version") != SOLO_VERSION:
        raise SoloRecordError(f"{path}: solo game format {data.get('version')!r}, "
                              f"this version reads {SOLO_VERSION}")
    try:
        actions = [from_wire(a) for a in data["actions"]]
        choice = GameChoice.from_wire(data["choice"]) if "choice" in data else None
        return SoloRecord(int(data["players"]), data["seed"], int(data["you"]),
                          [str(n) for n in data["names"]], str(data["opponents"]), actions,
                          path, choice)
    except (KeyError, TypeError, ValueError, WireError, ChoiceError) as exc:
        raise SoloRecordError(f"{path}: damaged solo game ({exc})") from None
