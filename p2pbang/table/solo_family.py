"""A solo Dice Game or Duel on this machine: one person against bots, the seeded LocalDealer.

The same construction as the card game's ``SoloSession`` (``table/solo.py``), through the
family registry instead of the card game's classes: an all-seeing engine the dealer and the
bots work with, and the person's own engine (``viewer=you``) fed the same inputs masked to
what that seat may see, which is all the interface reads. So the screen cannot show a role
or a card the seat was never shown, exactly as in a network game.

The game is saved as it goes (settings, deal seed, the person's actions), in the same place
as a card-game solo file but with its own kind, since its actions use the game's own codec.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from p2pbang.bots import make_bot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End, Event
from p2pbang.engine.chance import result_for_viewer
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import game_kind
from p2pbang.table.gamefiles import write_atomically

BOT_NAMES = ("Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus")
FAMILY_SOLO_KIND = "p2pbang solo family game"
FAMILY_SOLO_VERSION = 1


@dataclass
class FamilySoloRecord:
    """A solo Dice Game or Duel on disk: enough to play it again exactly (the LocalDealer
    and every bot are seeded from ``seed``), rewritten atomically after each action."""

    choice: GameChoice
    seed: int | str
    you: int
    names: list[str]
    opponents: str
    actions: list[Any] = field(default_factory=list)
    path: Path | None = None

    def encode(self) -> bytes:
        kind = game_kind(self.choice)
        return json.dumps({
            "kind": FAMILY_SOLO_KIND, "version": FAMILY_SOLO_VERSION,
            "choice": self.choice.to_wire(), "seed": self.seed, "you": self.you,
            "names": self.names, "opponents": self.opponents,
            "actions": [kind.to_wire(a) for a in self.actions],
        }, indent=1).encode("utf-8")

    def save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomically(self.path, self.encode())

    def add(self, action: Any) -> None:
        self.actions.append(action)
        self.save()


class FamilySoloSession:
    """The person at seat ``you`` against ``opponents`` bots ("sensible" or "random")."""

    def __init__(self, choice: GameChoice, seed: int | str, you: int = 0,
                 your_name: str = "You", opponents: str = "sensible",
                 record: FamilySoloRecord | None = None) -> None:
        if choice.game == "bang":
            raise ValueError("the card game's solo session is table.solo.SoloSession")
        if not 0 <= you < choice.seats:
            raise ValueError(f"seat {you} is not a seat of {choice.label()}")
        kind = game_kind(choice)
        self.choice = choice
        self.players = choice.seats
        self.you = you
        self.seed = seed
        self.truth = kind.new_game(choice, None)
        self.mine = kind.new_game(choice, you)
        self.dealer = LocalDealer(seed)
        self.bots = {s: make_bot(opponents, f"{seed}/bot/{s}", choice.game)
                     for s in range(choice.seats) if s != you}
        # Each bot decides from its own seat's engine, so it cannot use what it was not shown.
        self.bot_views = {s: kind.new_game(choice, s) for s in self.bots}
        bots = iter(BOT_NAMES)
        self.names = [your_name if s == you else next(bots) for s in range(choice.seats)]
        self.record = record

    @property
    def pending(self) -> Any:
        return self.mine.pending

    def your_turn_to_decide(self) -> bool:
        pending = self.mine.pending
        return isinstance(pending, Decision) and pending.seat == self.you

    def step_one(self) -> list[Event]:
        """One input (a chance answer or one bot decision); the person's engine's events."""
        if isinstance(self.truth.pending, End) or self.your_turn_to_decide():
            return []
        pending = self.truth.pending
        if isinstance(pending, Decision):
            view = self.bot_views[pending.seat]
            action = self.bots[pending.seat].decide(view, view.pending)
            self._apply_to_others(action)
            return self.mine.apply(action)
        result = self.dealer.resolve(pending)
        self.truth.apply(result)
        for seat, view in self.bot_views.items():
            view.apply(result_for_viewer(pending, result, seat))
        return self.mine.apply(result_for_viewer(pending, result, self.you))

    def _apply_to_others(self, action: Any) -> None:
        """A decision, public as it is, goes to the all-seeing engine and every bot's."""
        self.truth.apply(action)
        for view in self.bot_views.values():
            view.apply(action)

    def advance(self) -> list[Event]:
        """Play on until the person must decide or the game ends."""
        events: list[Event] = []
        while not isinstance(self.truth.pending, End) and not self.your_turn_to_decide():
            events.extend(self.step_one())
        return events

    def legal_actions(self) -> list[Any]:
        return self.mine.legal_actions()

    def act(self, action: Any) -> list[Event]:
        """The person's action; ``IllegalAction`` (nothing changes) when it is not legal."""
        events = self.mine.apply(action)
        self._apply_to_others(action)
        if self.record is not None:
            self.record.add(action)
        return events


class FamilySoloRecordError(ValueError):
    """A file that is not a saved solo Dice Game or Duel, or a damaged one."""


def is_family_solo_game(path: Path) -> bool:
    """Is ``path`` (the file, or the directory holding it) a saved solo Dice Game or Duel?"""
    path = Path(path)
    if path.is_dir():
        path = path / "solo.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("kind") == FAMILY_SOLO_KIND


def load_family_solo(path: Path) -> FamilySoloRecord:
    """Read a saved solo Dice Game or Duel; ``FamilySoloRecordError`` says what is wrong."""
    path = Path(path)
    if path.is_dir():
        path = path / "solo.json"
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise FamilySoloRecordError(f"{path}: not a saved game ({exc})") from None
    if not isinstance(data, dict) or data.get("kind") != FAMILY_SOLO_KIND:
        raise FamilySoloRecordError(f"{path}: not a saved solo Dice Game or Duel")
    if data.get("version") != FAMILY_SOLO_VERSION:
        raise FamilySoloRecordError(f"{path}: format {data.get('version')!r}, this version "
                                    f"reads {FAMILY_SOLO_VERSION}")
    try:
        choice = GameChoice.from_wire(data["choice"])
        kind = game_kind(choice)
        names = [str(n) for n in data["names"]]
        you = int(data["you"])
        if len(names) != choice.seats or not 0 <= you < choice.seats:
            raise ValueError("names and seat do not fit the game")
        return FamilySoloRecord(choice, data["seed"], you, names, str(data["opponents"]),
                                [kind.from_wire(a) for a in data["actions"]], path)
    except (KeyError, TypeError, ValueError) as exc:  # WireError and ChoiceError included
        raise FamilySoloRecordError(f"{path}: damaged saved game ({exc})") from None
