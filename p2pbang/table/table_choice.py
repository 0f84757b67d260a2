"""A table's settings and the game they name, both ways.

The lobby's settings (name, game, seats, text options) are what DNS-SD announces and what
the genesis binds; the engine is started from a :class:`GameChoice`. A peer reads the choice
back out of the settings before it sits down and again from the signed genesis before it
deals, and refuses (with the reason) a game this build cannot play: two peers running
different rules would only discover it as a false cheat halfway through the game.
"""

from __future__ import annotations

from p2pbang.engine.choice import ChoiceError, GameChoice
from p2pbang.net.lobby import TableSettings
from p2pbang.table.dropouts import Dropouts, DropoutsError, game_options


class UnplayableTable(ValueError):
    """The table's settings name a game this build cannot play; the text says why."""


def settings_for(name: str, choice: GameChoice, dropouts: Dropouts | None = None) -> TableSettings:
    """The settings of a table named ``name`` that plays ``choice``; ``dropouts`` (default:
    escrow, or forfeit for two seats) is what the table does when a player vanishes
    (``table/dropouts.py``)."""
    dropouts = dropouts or Dropouts.for_table("escrow", choice.seats)
    options = {**choice.to_options(), **dropouts.to_options()}
    return TableSettings(name, choice.game, choice.seats, tuple(sorted(options.items())))


def choice_of(settings: TableSettings) -> GameChoice:
    """The game a table's settings name; ``UnplayableTable`` if this build cannot play it
    (the game, or the table's ``dropouts`` choice)."""
    dropouts_of(settings)
    try:
        return GameChoice.from_options(settings.game, settings.seats,
                                       game_options(dict(settings.options)))
    except ChoiceError as exc:
        raise UnplayableTable(f"cannot play at {settings.name!r}: {exc}") from None


def dropouts_of(settings: TableSettings) -> Dropouts:
    """What the table does when a player vanishes, as its settings (the genesis) bind it."""
    try:
        dropouts = Dropouts.from_options(dict(settings.options))
    except DropoutsError as exc:
        raise UnplayableTable(f"cannot play at {settings.name!r}: {exc}") from None
    if dropouts.mode == "escrow" and settings.seats < 3:
        raise UnplayableTable(f"cannot play at {settings.name!r}: two seats cannot escrow")
    return dropouts


def describe(settings: TableSettings) -> str:
    """The game as a listing shows it (``bang+dodge-city``), known to this build or not."""
    options = dict(settings.options)
    names = [settings.game]
    options = game_options(options)
    for key in ("expansions", "variants"):
        names.extend(n for n in options.get(key, "").split(",") if n)
    return "+".join(names)


def playable(settings: TableSettings) -> bool:
    """Whether this build can play the game the settings name."""
    try:
        choice_of(settings)
    except UnplayableTable:
        return False
    return True


def describe_for_listing(settings: TableSettings) -> str:
    """The game as a table listing shows it, with what the table does when a player
    vanishes ("bang+dodge-city, dropouts escrow"), marked when this build cannot play it."""
    if not playable(settings):
        return describe(settings) + " (not playable here)"
    return f"{describe(settings)}, dropouts {dropouts_of(settings).mode}"


__all__ = [
    "UnplayableTable",
    "choice_of",
    "describe",
    "describe_for_listing",
    "dropouts_of",
    "playable",
    "settings_for",
]
