"""A solo game on disk, for every game of the family, and its loader.

A solo game is fully determined by its settings (the game, the person's seat, the deal seed,
the bots' kind: the LocalDealer and every bot are seeded from the deal seed) and the person's
actions, so that is all the file holds: ``<data home>/solo/<started>-<seed>/solo.json``,
rewritten atomically after each of the person's actions, so a game cut short is saved as far
as it went. ``p2pbang replay`` plays it again through a fresh ``SoloSession``.

Two layouts, both read and both still written byte for byte as before: the card game's solo
files came first ("p2pbang solo game": the seats as ``players``, the choice last, and absent
in the files from before the expansions); the Dice Game's and The Duel's came later
("p2pbang solo family game": the choice first). The actions use the game's own codec (its
fact sheet's ``to_wire``).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from p2pbang.engine.choice import ChoiceError, GameChoice
from p2pbang.engine.family import game_kind
from p2pbang.engine.wire import WireError
from p2pbang.table.gamefiles import write_atomically

SOLO_FILE = "solo.json"
SOLO_KIND = "p2pbang solo game"  # the card game's layout
FAMILY_SOLO_KIND = "p2pbang solo family game"  # every other game's layout
SOLO_VERSION = 1
SOLO_KINDS = (SOLO_KIND, FAMILY_SOLO_KIND)

# The game whose solo files keep the first layout (they were written before the family was).
_FIRST_LAYOUT_GAME = "bang"


class SoloRecordError(ValueError):
    """A file that is not a saved solo game, or one its own settings do not replay."""


@dataclass
class SoloRecord:
    """The settings of a solo game and the person's actions so far."""

    choice: GameChoice
    seed: int | str
    you: int
    names: list[str]
    opponents: str
    actions: list[Any] = field(default_factory=list)
    path: Path | None = None

    @property
    def players(self) -> int:
        return self.choice.seats

    @property
    def kind(self) -> str:
        """The layout this game's files are written in."""
        return SOLO_KIND if self.choice.game == _FIRST_LAYOUT_GAME else FAMILY_SOLO_KIND

    def encode(self) -> bytes:
        actions = [game_kind(self.choice).to_wire(a) for a in self.actions]
        if self.kind == SOLO_KIND:
            data: dict[str, Any] = {
                "kind": SOLO_KIND, "version": SOLO_VERSION, "players": self.players,
                "seed": self.seed, "you": self.you, "names": self.names,
                "opponents": self.opponents, "actions": actions,
                "choice": self.choice.to_wire()}
        else:
            data = {
                "kind": FAMILY_SOLO_KIND, "version": SOLO_VERSION,
                "choice": self.choice.to_wire(), "seed": self.seed, "you": self.you,
                "names": self.names, "opponents": self.opponents, "actions": actions}
        return json.dumps(data, indent=1).encode("utf-8")

    def save(self) -> None:
        """Write the file atomically (a crash leaves the previous version, never half)."""
        if self.path is None:
            return
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomically(self.path, self.encode())

    def add(self, action: Any) -> None:
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


def _file(path: Path) -> Path:
    path = Path(path)
    return path / SOLO_FILE if path.is_dir() else path


def is_solo_game(path: Path) -> bool:
    """Is ``path`` a saved solo game (its file, or the directory holding it)? A file named
    ``solo.json`` is taken for one (``load_solo`` then says what is wrong with it), and so
    is a file of another name that says it is one."""
    path = Path(path)
    if path.is_dir():
        return (path / SOLO_FILE).is_file()
    file = path
    if file.name == SOLO_FILE:
        return True
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("kind") in SOLO_KINDS


def load_solo(path: Path) -> SoloRecord:
    """Read a saved solo game of any game; SoloRecordError says what is wrong with it."""
    path = _file(path)
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SoloRecordError(f"{path}: not a saved solo game ({exc})") from None
    if not isinstance(data, dict) or data.get("kind") not in SOLO_KINDS:
        raise SoloRecordError(f"{path}: not a saved solo game")
    if data.get("version") != SOLO_VERSION:
        raise SoloRecordError(f"{path}: solo game format {data.get('version')!r}, "
                              f"this version reads {SOLO_VERSION}")
    try:
        if "choice" in data or data["kind"] == FAMILY_SOLO_KIND:
            choice = GameChoice.from_wire(data["choice"])
        else:  # a card-game file from before the expansions: the base game
            choice = GameChoice.make(_FIRST_LAYOUT_GAME, int(data["players"]))
        kind = game_kind(choice)
        names = [str(n) for n in data["names"]]
        you = int(data["you"])
        if len(names) != choice.seats or not 0 <= you < choice.seats:
            raise ValueError("names and seat do not fit the game")
        if data["kind"] == SOLO_KIND and int(data["players"]) != choice.seats:
            raise ValueError("players and the game's seats differ")
        record = SoloRecord(choice, data["seed"], you, names, str(data["opponents"]),
                            [kind.from_wire(a) for a in data["actions"]], path)
        if record.kind != data["kind"]:
            raise ValueError(f"{choice.label()} is not saved as a {data['kind']!r}")
        return record
    except (KeyError, TypeError, ValueError, WireError, ChoiceError) as exc:
        raise SoloRecordError(f"{path}: damaged saved game ({exc})") from None
