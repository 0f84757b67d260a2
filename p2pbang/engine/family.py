"""The registry of the family: it collects each game's fact sheet and answers "which game".

Why a registry: cli, sim, table, bots and ui all need "the engine for this ``GameChoice``",
"its codec", "its log hash", "its seats". Each game writes those facts once, in its fact sheet
(``engine/sheet.py``); this module only lists the sheets, so no caller asks ``if game ==``.
A fourth game adds its sheet to ``SHEETS`` (``docs/architecture.md``, "Adding a game").
"""

from __future__ import annotations

from p2pbang.engine.bang.sheet import SHEET as BANG
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import GameState
from p2pbang.engine.dice.sheet import SHEET as DICE
from p2pbang.engine.duel.sheet import SHEET as DUEL
from p2pbang.engine.sheet import FactSheet

# The games in the order a person reads them (``--game`` help, the lobby's list).
SHEETS: tuple[FactSheet, ...] = (BANG, DICE, DUEL)
GAME_KINDS: dict[str, FactSheet] = {sheet.name: sheet for sheet in SHEETS}


def game_kind(choice: GameChoice | str) -> FactSheet:
    """The fact sheet of a choice (or a game name); ``KeyError`` names the known games."""
    name = choice if isinstance(choice, str) else choice.game
    try:
        return GAME_KINDS[name]
    except KeyError:
        raise KeyError(f"no engine for game {name!r}; engines: {', '.join(GAME_KINDS)}") from None


def new_game(choice: GameChoice, viewer: int | None = None) -> GameState:
    """The engine ``choice`` plays, as seen by ``viewer`` (``None``: all-seeing)."""
    return game_kind(choice).new_game(choice, viewer)


def sheet_of_set(name: str) -> FactSheet | None:
    """The game an expansion or variant belongs to (``None``: no game of the family has it)."""
    for sheet in SHEETS:
        if name in sheet.expansions or name in sheet.variants:
            return sheet
    return None
