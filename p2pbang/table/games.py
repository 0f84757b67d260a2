"""What a table needs of each game of the family, keyed by ``GameChoice.game``: read by the
table core, the session's bots, replay, verify and the benchmarks, so that no other module of
the table layer asks which game it plays.

Every fact comes from the game's fact sheet (``engine/sheet.py``, collected by
``engine/family.py``): its engine and codec, the action types a move may carry, which hand
cards a move shows (each needs its owner's proven decryption share) and its computer player.
A fourth game is registered once, with its sheet; this module adds nothing of its own.

The card game (with its expansions), the Dice Game and The Duel all answer chance requests
from ``engine.chance`` and decisions from ``engine.actions``, so the MentalDealer and the
signed log serve them unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from p2pbang.bots import make_bot
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import GameState
from p2pbang.engine.family import SHEETS, game_kind
from p2pbang.engine.sheet import Claims, FactSheet


@dataclass(frozen=True)
class TableGame:
    """The table's view of one game of the family (its fact sheet: ``family``)."""

    name: str

    @property
    def family(self) -> FactSheet:
        """The game's fact sheet: engine, codec, log hash, invariants, moves."""
        return game_kind(self.name)

    @property
    def action_types(self) -> tuple[type, ...]:
        return self.family.action_types

    def claims(self, action: Any) -> Claims:
        """(hand slot, card) of every hand card ``action`` shows, in the move's order."""
        return self.family.claims(action)

    def to_wire(self, value: Any) -> Any:
        return self.family.to_wire(value)

    def from_wire(self, raw: Any) -> Any:
        return self.family.from_wire(raw)

    def engine(self, choice: GameChoice, seat: int | None) -> GameState:
        """The engine of ``seat`` (``None``: an observer that sees public facts only)."""
        if choice.game != self.name:
            raise ValueError(f"the {self.name} table cannot run {choice.label()}")
        kind = self.family
        return kind.new_game(choice, kind.spectator if seat is None else seat)

    def bot(self, kind: str, seed: int | str) -> Any:
        """A computer player: ``"random"`` picks among the legal actions of any game;
        ``"sensible"`` is the game's own bot."""
        return make_bot(kind, seed, self.name)


TABLE_GAMES: dict[str, TableGame] = {sheet.name: TableGame(sheet.name) for sheet in SHEETS}


def table_game(choice: GameChoice | str) -> TableGame:
    """The registry's entry for a choice (or a game's name); ``KeyError`` names the games."""
    name = choice if isinstance(choice, str) else choice.game
    try:
        return TABLE_GAMES[name]
    except KeyError:
        raise KeyError(f"no table for the game {name!r}; tables: "
                       f"{', '.join(TABLE_GAMES)}") from None


__all__ = ["TABLE_GAMES", "Claims", "TableGame", "table_game"]
