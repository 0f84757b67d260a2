"""One place that says, for each game of the family, how to start its engine and read its log.

Why a registry: cli, sim, table and ui all need "the engine for this ``GameChoice``", "its
wire codec", "its log hash" and "its invariants". Asking one table keeps the three engines
(the card game, the Dice Game, The Duel) behind one seam, instead of an ``if game ==`` in
every caller. Only engine parts live here (the engine imports nothing above it); bots are
made by ``bots.make_bot(kind, seed, game)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from p2pbang.engine import wire as card_wire
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import SPECTATOR, GameState, Violations
from p2pbang.engine.dice import invariants as dice_invariants
from p2pbang.engine.dice import wire as dice_wire
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.duel import invariants as duel_invariants
from p2pbang.engine.duel import wire as duel_wire
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.game import Game
from p2pbang.engine.invariants import violations as card_violations


@dataclass(frozen=True)
class GameKind:
    """What the rest of the program needs to know about one game of the family.

    ``to_wire``/``from_wire``: one value as msgpack- and JSON-friendly data (strict decoding);
    ``pack``/``unpack``: as bytes; ``history_hash``: the digest of a game's inputs.
    ``new_game(choice, viewer)``: a fresh engine (``viewer`` a seat, the engine's spectator
    value, or ``None`` for the all-seeing one). ``violations(game, dealer_cards)``: broken
    invariants after a step (``dealer_cards``: the seeded dealer's slot -> card map, which
    only the card game's checker reads)."""

    name: str
    new_game: Callable[[GameChoice, int | None], GameState]
    to_wire: Callable[[Any], Any]
    from_wire: Callable[[Any], Any]
    pack: Callable[[Any], bytes]
    unpack: Callable[[bytes], Any]
    history_hash: Callable[[list[Any]], str]
    violations: Violations
    spectator: int


GAME_KINDS: dict[str, GameKind] = {
    "bang": GameKind("bang", Game.from_choice, card_wire.to_wire, card_wire.from_wire,
                     card_wire.pack, card_wire.unpack, card_wire.history_hash,
                     card_violations, SPECTATOR),
    "dice": GameKind("dice", DiceGame.from_choice, dice_wire.to_wire, dice_wire.from_wire,
                     dice_wire.pack, dice_wire.unpack, dice_wire.history_hash,
                     dice_invariants.violations, SPECTATOR),
    "duel": GameKind("duel", DuelGame.from_choice, duel_wire.to_wire, duel_wire.from_wire,
                     duel_wire.pack, duel_wire.unpack, duel_wire.history_hash,
                     duel_invariants.violations, SPECTATOR),
}


def game_kind(choice: GameChoice | str) -> GameKind:
    """The registry entry of a choice (or a game name); ``KeyError`` names the known games."""
    name = choice if isinstance(choice, str) else choice.game
    try:
        return GAME_KINDS[name]
    except KeyError:
        raise KeyError(f"no engine for game {name!r}; engines: {', '.join(GAME_KINDS)}") from None


def new_game(choice: GameChoice, viewer: int | None = None) -> GameState:
    """The engine ``choice`` plays, as seen by ``viewer`` (``None``: all-seeing)."""
    return game_kind(choice).new_game(choice, viewer)
