"""What a table needs of each game of the family, keyed by ``GameChoice.game``: read by the
table core, the session's bots, replay, verify and the benchmarks, so that no other module of
the table layer asks which game it plays.

The engine and the wire codec of each game come from the engine's own registry
(``engine/family.py``); this one keeps only what a table adds on top: the action types a move
may carry, which hand cards a move shows (each needs its owner's proven decryption share),
and a computer player. One fact, one place: a fourth game is registered once in the engine
and once here for its table parts.

The card game (with its expansions), the Dice Game and The Duel all answer chance requests
from ``engine.chance`` and decisions from ``engine.actions``, so the MentalDealer and the
signed log serve them unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from p2pbang.bots import make_bot
from p2pbang.engine.actions import (
    TABLE_ACTIONS,
    Ability,
    Choose,
    Discard,
    Pass,
    Play,
    PlayPaid,
    UseBarrel,
    UseGreen,
    revealed_cards,
)
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.dice.actions import Reroll
from p2pbang.engine.duel.actions import MoveToken, Reload, UseAbility
from p2pbang.engine.family import GameKind, game_kind

# What a move reveals: (hand slot, the card the move says it holds), in the move's order.
Claims = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class TableGame:
    """The table's parts of one game of the family; its engine and codec are the engine
    registry's (``engine``)."""

    name: str
    action_types: tuple[type, ...]
    claims: Callable[[Any], Claims]

    @property
    def family(self) -> GameKind:
        """The engine registry's entry: engine, codec, log hash, invariants."""
        return game_kind(self.name)

    def to_wire(self, value: Any) -> Any:
        return self.family.to_wire(value)

    def from_wire(self, raw: Any) -> Any:
        return self.family.from_wire(raw)

    def engine(self, choice: GameChoice, seat: int | None) -> Any:
        """The engine of ``seat`` (``None``: an observer that sees public facts only)."""
        if choice.game != self.name:
            raise ValueError(f"the {self.name} table cannot run {choice.label()}")
        kind = self.family
        return kind.new_game(choice, kind.spectator if seat is None else seat)

    def bot(self, kind: str, seed: int | str) -> Any:
        """A computer player: ``"random"`` picks among the legal actions of any game;
        ``"sensible"`` is the game's own bot."""
        return make_bot(kind, seed, self.name)


def _bang_claims(action: Any) -> Claims:
    """The engine's own list (a paid card shows the card and its price). An ability naming
    more slots than cards (or fewer) is malformed: it claims nothing, so the core refuses its
    reveals instead of failing on them."""
    if isinstance(action, Ability) and len(action.slots) != len(action.cards):
        return ()
    return revealed_cards(action)


def _dice_claims(action: Any) -> Claims:
    """The Dice Game has no hand: its moves show no card (the roles are dealt and turned
    face up by the dealer's own steps)."""
    return ()


def _duel_claims(action: Any) -> Claims:
    """A played, discarded or reloaded card, and each card an ability discards (a card of the
    equipment in play is public already: the core accepts it without a proof)."""
    if isinstance(action, (Play, Discard, Reload)):
        return ((action.slot, action.card),)
    if isinstance(action, UseAbility):
        return tuple(zip(action.slots, action.cards, strict=False))
    return ()


BANG = TableGame(
    name="bang",
    action_types=(Play, PlayPaid, UseGreen, Discard, Ability, Choose, UseBarrel, Pass,
                  *TABLE_ACTIONS),
    claims=_bang_claims,
)
DICE = TableGame(name="dice", action_types=(Reroll, Choose, Pass), claims=_dice_claims)
DUEL = TableGame(
    name="duel",
    action_types=(Play, Discard, Choose, Pass, MoveToken, Reload, UseAbility),
    claims=_duel_claims,
)

TABLE_GAMES: dict[str, TableGame] = {kind.name: kind for kind in (BANG, DICE, DUEL)}


def table_game(choice: GameChoice | str) -> TableGame:
    """The registry's entry for a choice (or a game's name); ``KeyError`` names the games."""
    name = choice if isinstance(choice, str) else choice.game
    try:
        return TABLE_GAMES[name]
    except KeyError:
        raise KeyError(f"no table for the game {name!r}; tables: "
                       f"{', '.join(TABLE_GAMES)}") from None


__all__ = ["BANG", "DICE", "DUEL", "TABLE_GAMES", "Claims", "TableGame", "table_game"]
