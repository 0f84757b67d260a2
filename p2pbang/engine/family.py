"""One place that says, for each game of the family, how to start its engine and read its log.

Why a registry: cli, sim, table and ui all need "the engine for this ``GameChoice``", "its
wire codec", "its log hash" and "its invariants". Asking one table keeps the three engines
(the card game, the Dice Game, The Duel) behind one seam, instead of an ``if game ==`` in
every caller. Only engine parts live here (the engine imports nothing above it); bots are
made by ``bots.make_bot(kind, seed, game)``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from p2pbang.engine import wire as card_wire
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.dice import invariants as dice_invariants
from p2pbang.engine.dice import wire as dice_wire
from p2pbang.engine.dice.game import SPECTATOR as DICE_SPECTATOR
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.duel import invariants as duel_invariants
from p2pbang.engine.duel import wire as duel_wire
from p2pbang.engine.duel.game import SPECTATOR as DUEL_SPECTATOR
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.game import SPECTATOR as CARD_SPECTATOR
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
    new_game: Callable[[GameChoice, int | None], Any]
    to_wire: Callable[[Any], Any]
    from_wire: Callable[[Any], Any]
    pack: Callable[[Any], bytes]
    unpack: Callable[[bytes], Any]
    history_hash: Callable[[list[Any]], str]
    violations: Callable[[Any, dict[int, int]], list[str]]
    spectator: int


def _card_game(choice: GameChoice, viewer: int | None) -> Game:
    return Game(choice.seats, viewer=viewer, choice=choice)


def _duel(choice: GameChoice, viewer: int | None) -> DuelGame:
    return DuelGame(viewer=viewer, choice=choice)


def _dice_hash(history: list[Any]) -> str:
    """The dice game's log digest: the card game's construction over the dice codec (which
    adds ``Reroll``)."""
    digest = hashlib.sha256()
    for item in history:
        encoded = dice_wire.pack(item)
        digest.update(len(encoded).to_bytes(4, "big"))
        digest.update(encoded)
    return digest.hexdigest()


GAME_KINDS: dict[str, GameKind] = {
    "bang": GameKind("bang", _card_game, card_wire.to_wire, card_wire.from_wire,
                     card_wire.pack, card_wire.unpack, card_wire.history_hash,
                     card_violations, CARD_SPECTATOR),
    "dice": GameKind("dice", DiceGame.from_choice, dice_wire.to_wire, dice_wire.from_wire,
                     dice_wire.pack, dice_wire.unpack, _dice_hash,
                     lambda game, _cards: dice_invariants.violations(game), DICE_SPECTATOR),
    "duel": GameKind("duel", _duel, duel_wire.to_wire, duel_wire.from_wire,
                     duel_wire.pack, duel_wire.unpack, duel_wire.history_hash,
                     lambda game, _cards: duel_invariants.violations(game), DUEL_SPECTATOR),
}


def game_kind(choice: GameChoice | str) -> GameKind:
    """The registry entry of a choice (or a game name); ``KeyError`` names the known games."""
    name = choice if isinstance(choice, str) else choice.game
    try:
        return GAME_KINDS[name]
    except KeyError:
        raise KeyError(f"no engine for game {name!r}; engines: {', '.join(GAME_KINDS)}") from None


def new_game(choice: GameChoice, viewer: int | None = None) -> Any:
    """The engine ``choice`` plays, as seen by ``viewer`` (``None``: all-seeing)."""
    return game_kind(choice).new_game(choice, viewer)
