"""The registry of the family: it finds each game's fact sheet and answers "which game".

Why a registry: cli, sim, table, bots and ui all need "the engine for this ``GameChoice``",
"its codec", "its log hash", "its seats". Each game writes those facts once, in its fact sheet
(``engine/sheet.py``), as ``SHEET`` in the ``sheet`` module of its own package
(``engine/<game>/sheet.py``); this module finds the sheets there, so no caller asks
``if game ==`` and a new game's package is all the registry needs
(``docs/architecture.md``, "Adding a game").
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

import p2pbang.engine
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import GameState
from p2pbang.engine.sheet import FactSheet

SHEET_MODULE = "sheet"  # engine/<game>/sheet.py holds the game's SHEET


def find_sheets() -> tuple[FactSheet, ...]:
    """Every package of the engine with a ``sheet`` module is a game: its ``SHEET``, the
    games sorted by their sheets' ``order`` (the order a person reads them)."""
    found: list[FactSheet] = []
    for package in pkgutil.iter_modules(p2pbang.engine.__path__):
        if not package.ispkg:
            continue
        name = f"p2pbang.engine.{package.name}.{SHEET_MODULE}"
        if importlib.util.find_spec(name) is None:
            continue  # a shared package, not a game
        sheet = getattr(importlib.import_module(name), "SHEET", None)
        if not isinstance(sheet, FactSheet):
            raise TypeError(f"{name}.SHEET is not a FactSheet")
        found.append(sheet)
    names = [sheet.name for sheet in found]
    if len(set(names)) != len(names):
        raise ValueError(f"two fact sheets name one game: {sorted(names)}")
    return tuple(sorted(found, key=lambda sheet: (sheet.order, sheet.name)))


# The games in the order a person reads them (``--game`` help, the lobby's list).
SHEETS: tuple[FactSheet, ...] = find_sheets()
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
