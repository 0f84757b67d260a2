"""Which engine a table runs, keyed by ``GameChoice.game``: one registry, read by the table
core, the session's bots, replay, verify and the benchmarks, so that no other module of the
table layer asks which game it plays.

(The engine's own registry of the family, when it lands from the dice-duel branch, is the
place for the engine and codec; this one would then take them from it and keep what only a
table needs: the move types, the shown cards and the bots.)

A table needs five things of a game: an engine for a seat (or for an observer holding no
seat), the codec of its actions on the log, the action types a move may carry, which hand
cards a move shows (each needs its owner's proven decryption share), and a computer player.
The card game (with its expansions), the Dice Game and The Duel all answer chance requests
from ``engine.chance`` and decisions from ``engine.actions``, so the MentalDealer and the
signed log serve them unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from p2pbang.bots import make_bot
from p2pbang.bots.dice import DiceBot
from p2pbang.bots.duel import DuelBot
from p2pbang.bots.random_bot import RandomBot
from p2pbang.engine import wire as bang_wire
from p2pbang.engine.actions import (
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
from p2pbang.engine.dice import wire as dice_wire
from p2pbang.engine.dice.actions import Reroll
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.duel import wire as duel_wire
from p2pbang.engine.duel.actions import MoveToken, Reload, UseAbility
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.game import SPECTATOR, Game

# What a move reveals: (hand slot, the card the move says it holds), in the move's order.
Claims = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class TableGame:
    """Everything the table layer needs of one game of the family."""

    name: str
    new_engine: Callable[[GameChoice, int], Any]  # (choice, viewer: a seat or SPECTATOR)
    to_wire: Callable[[Any], Any]
    from_wire: Callable[[Any], Any]
    action_types: tuple[type, ...]
    claims: Callable[[Any], Claims]
    sensible_bot: Callable[[int | str], Any]

    def engine(self, choice: GameChoice, seat: int | None) -> Any:
        """The engine of ``seat`` (``None``: an observer that sees public facts only)."""
        if choice.game != self.name:
            raise ValueError(f"the {self.name} table cannot run {choice.label()}")
        return self.new_engine(choice, SPECTATOR if seat is None else seat)

    def bot(self, kind: str, seed: int | str) -> Any:
        """A computer player: ``"random"`` picks among the legal actions of any game;
        ``"sensible"`` is the game's own bot."""
        if kind == "random":
            return RandomBot(seed)
        if kind == "sensible":
            return self.sensible_bot(seed)
        raise ValueError(f"unknown bot kind {kind!r}; choose random or sensible")


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
    new_engine=lambda choice, viewer: Game(choice.seats, viewer=viewer, choice=choice),
    to_wire=bang_wire.to_wire,
    from_wire=bang_wire.from_wire,
    action_types=(Play, PlayPaid, UseGreen, Discard, Ability, Choose, UseBarrel, Pass),
    claims=_bang_claims,
    sensible_bot=lambda seed: make_bot("sensible", seed),
)
DICE = TableGame(
    name="dice",
    new_engine=lambda choice, viewer: DiceGame.from_choice(choice, viewer),
    to_wire=dice_wire.to_wire,
    from_wire=dice_wire.from_wire,
    action_types=(Reroll, Choose, Pass),
    claims=_dice_claims,
    sensible_bot=DiceBot,
)
DUEL = TableGame(
    name="duel",
    new_engine=lambda choice, viewer: DuelGame(viewer, choice),
    to_wire=duel_wire.to_wire,
    from_wire=duel_wire.from_wire,
    action_types=(Play, Discard, Choose, Pass, MoveToken, Reload, UseAbility),
    claims=_duel_claims,
    sensible_bot=DuelBot,
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
