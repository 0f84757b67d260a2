"""The game a table plays: one value chosen before the deal.

Why one value: every peer must run the same rules, so the game, its expansions and variants
and the number of seats are fixed together when a table opens, announced in DNS-SD, bound into
the genesis, written into every saved game and read back by replay and verify. Everything that
starts an engine starts it from a ``GameChoice``; nothing reads loose flags.

Names are the ones a person types (``--expansions dodge-city,high-noon``). The family is listed
whole so that a name that exists but is not playable yet gets a different error from a typo.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from p2pbang.engine.sheet import FactSheet

# The games, their expansions, variants and seat ranges are each game's fact sheet's
# (``engine/sheet.py``), collected by the registry (``engine/family.py``). The registry imports
# the engines, which import this module: it is read when first needed, not at import time.
# ``GAMES``, ``EXPANSIONS`` and ``VARIANTS`` stay readable here (``__getattr__`` below).
#
# What this build can play is the sheets' too: a game whose sheet says ``playable``, and the
# sets its sheet lists but not as ``unfinished``. A set becomes playable in the change that
# makes it playable everywhere (engine, dealer, tables, bots, interfaces); until then
# choosing it is refused with a clear message instead of starting a game that would miss
# its rules.

class ChoiceError(ValueError):
    """A game choice that does not exist or cannot be played; the message lists what does."""


def _registry() -> ModuleType:
    from p2pbang.engine import family  # the registry imports the engines, which import this

    return family


def __getattr__(name: str) -> object:
    """``GAMES`` (in reading order), ``EXPANSIONS`` and ``VARIANTS`` (game -> names), read
    from the fact sheets."""
    if name not in ("GAMES", "EXPANSIONS", "VARIANTS"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    sheets = _registry().SHEETS
    if name == "GAMES":
        return tuple(sheet.name for sheet in sheets)
    if name == "EXPANSIONS":
        return {sheet.name: sheet.expansions for sheet in sheets}
    return {sheet.name: sheet.variants for sheet in sheets}


def playable_games() -> frozenset[str]:
    """The games this build lets a person choose."""
    return frozenset(sheet.name for sheet in _registry().SHEETS if sheet.playable)


def playable_expansions() -> frozenset[str]:
    """The expansions (of every game) this build plays."""
    return frozenset(name for sheet in _registry().SHEETS for name in sheet.expansions
                     if name not in sheet.unfinished)


def playable_variants() -> frozenset[str]:
    """The variants (of every game) this build plays."""
    return frozenset(name for sheet in _registry().SHEETS for name in sheet.variants
                     if name not in sheet.unfinished)


def seat_range(game: str, expansions: Iterable[str] = ()) -> tuple[int, int]:
    """The fewest and most seats a game takes with these expansions (its fact sheet's)."""
    sheets = _registry().GAME_KINDS
    if game not in sheets:
        raise ChoiceError(f"unknown game {game!r}; the games are: {', '.join(sheets)}")
    return sheets[game].seat_range(expansions)


@dataclass(frozen=True)
class GameChoice:
    """Game, expansions, variants and seats. Built only through ``make`` or ``from_options``
    so a value that exists is always valid; expansions and variants are kept sorted so the
    same choice has one encoding."""

    game: str
    seats: int
    expansions: tuple[str, ...] = field(default=())
    variants: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        _validate(self)

    @classmethod
    def make(cls, game: str = "bang", seats: int = 4, expansions: Iterable[str] = (),
             variants: Iterable[str] = ()) -> GameChoice:
        return cls(game, seats, tuple(sorted(set(expansions))), tuple(sorted(set(variants))))

    def has(self, name: str) -> bool:
        """Whether an expansion or variant is part of this choice."""
        return name in self.expansions or name in self.variants

    def with_seats(self, seats: int) -> GameChoice:
        return GameChoice(self.game, seats, self.expansions, self.variants)

    # -- the lobby's options (flat text, DNS-SD friendly) and the saved games ---------------

    def to_options(self) -> dict[str, str]:
        """Text key/values for the table settings and the TXT record (game and seats travel
        in their own fields there)."""
        options: dict[str, str] = {}
        if self.expansions:
            options["expansions"] = ",".join(self.expansions)
        if self.variants:
            options["variants"] = ",".join(self.variants)
        return options

    @classmethod
    def from_options(cls, game: str, seats: int, options: Mapping[str, str]) -> GameChoice:
        """The choice a table's settings describe; ``ChoiceError`` for anything unknown."""
        unknown = sorted(set(options) - {"expansions", "variants"})
        if unknown:
            raise ChoiceError(f"unknown table option {unknown[0]!r}")
        return cls.make(game, seats, split_names(options.get("expansions", "")),
                        split_names(options.get("variants", "")))

    def to_wire(self) -> dict[str, object]:
        return {"game": self.game, "seats": self.seats, "expansions": list(self.expansions),
                "variants": list(self.variants)}

    @classmethod
    def from_wire(cls, value: Mapping[str, object]) -> GameChoice:
        if not isinstance(value, Mapping):
            raise ChoiceError("a game choice is a map")
        game, seats = value.get("game"), value.get("seats")
        expansions, variants = value.get("expansions", []), value.get("variants", [])
        if not isinstance(game, str) or type(seats) is not int:
            raise ChoiceError("a game choice names its game and seats")
        if not isinstance(expansions, list | tuple) or not isinstance(variants, list | tuple):
            raise ChoiceError("expansions and variants are lists of names")
        if not all(isinstance(n, str) for n in (*expansions, *variants)):
            raise ChoiceError("expansions and variants are lists of names")
        choice = cls.make(game, seats, expansions, variants)
        if list(choice.expansions) != list(expansions) or list(choice.variants) != list(variants):
            raise ChoiceError("expansions and variants must be sorted and distinct")
        return choice

    def label(self) -> str:
        """A short description for listings: ``bang+dodge-city, 8 seats``."""
        parts = [self.game, *self.expansions, *self.variants]
        return f"{'+'.join(parts)}, {self.seats} seats"


def split_names(text: str) -> list[str]:
    """``"dodge-city, high-noon"`` -> ``["dodge-city", "high-noon"]`` (blank items dropped)."""
    return [name.strip().lower() for name in text.split(",") if name.strip()]


def _validate(choice: GameChoice) -> None:
    game = choice.game
    sheets = _registry().GAME_KINDS
    if game not in sheets:
        raise ChoiceError(f"unknown game {game!r}; the games are: {', '.join(sheets)}")
    games = playable_games()
    if game not in games:
        raise ChoiceError(f"{game!r} is not playable in this version; playable: "
                          f"{', '.join(sorted(games))}")
    sheet = sheets[game]
    for kind, names, known, playable in (
        ("expansion", choice.expansions, sheet.expansions, playable_expansions()),
        ("variant", choice.variants, sheet.variants, playable_variants()),
    ):
        for name in names:
            if name not in known:
                listed = ", ".join(known) or "none"
                raise ChoiceError(f"unknown {kind} {name!r} for {game}; the {kind}s are: {listed}")
            if name not in playable:
                ready = ", ".join(n for n in known if n in playable) or "none yet"
                raise ChoiceError(f"the {kind} {name!r} is not playable in this version; "
                                  f"playable {kind}s of {game}: {ready}")
    seats = choice.seats
    low, high = sheet.seat_range(choice.expansions)
    if type(seats) is not int or not low <= seats <= high:
        raise ChoiceError(seats_message(sheet, choice.expansions, seats))


def seats_message(sheet: FactSheet, expansions: tuple[str, ...], seats: object) -> str:
    """Why ``seats`` do not fit: "the Dice Game takes 3 to 8 players, not 9", "The Duel is
    for 2 players, not 3", with the expansion that would seat them when there is one."""
    low, high = sheet.seat_range(expansions)
    extras = f" with {', '.join(expansions)}" if expansions else ""
    if low == high:
        return f"{sheet.title}{extras} is for {low} players, not {seats}"
    hints = [f"{wide[0]} to {wide[1]} with {name}" for name in sheet.expansions
             if name not in expansions
             for wide in (sheet.seat_range((*expansions, name)),)
             if type(seats) is int and wide[0] <= seats <= wide[1]]
    hint = f" ({hints[0]})" if hints else ""
    return f"{sheet.title}{extras} takes {low} to {high} players, not {seats}{hint}"
