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

GAMES: tuple[str, ...] = ("bang", "dice", "duel")

# game -> the expansions of the family that belong to it, in the order a person reads them.
EXPANSIONS: dict[str, tuple[str, ...]] = {
    "bang": ("dodge-city", "high-noon", "fistful", "gold-rush"),
    "dice": ("old-saloon",),
    "duel": (),
}
VARIANTS: dict[str, tuple[str, ...]] = {
    "bang": ("shadows",),
    "dice": (),
    "duel": (),
}

# What this build can play. A set joins this list in the change that makes it playable
# everywhere (engine, dealer, tables, bots, interfaces); until then choosing it is refused
# with a clear message instead of starting a game that would miss its rules.
PLAYABLE_GAMES: frozenset[str] = frozenset({"bang", "dice", "duel"})
PLAYABLE_EXPANSIONS: frozenset[str] = frozenset(
    {"dodge-city", "high-noon", "fistful", "gold-rush", "old-saloon"})
PLAYABLE_VARIANTS: frozenset[str] = frozenset({"shadows"})


class ChoiceError(ValueError):
    """A game choice that does not exist or cannot be played; the message lists what does."""


def seat_range(game: str, expansions: Iterable[str] = ()) -> tuple[int, int]:
    """The fewest and most seats a game takes with these expansions (rulebooks: base BANG!
    4-7; Dodge City adds 3 and 8; the Dice Game 3-8; The Duel 2)."""
    if game == "duel":
        return (2, 2)
    if game == "dice":
        return (3, 8)
    if "dodge-city" in set(expansions):
        return (3, 8)
    return (4, 7)


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
    if game not in GAMES:
        raise ChoiceError(f"unknown game {game!r}; the games are: {', '.join(GAMES)}")
    if game not in PLAYABLE_GAMES:
        raise ChoiceError(f"{game!r} is not playable in this version; playable: "
                          f"{', '.join(sorted(PLAYABLE_GAMES))}")
    for kind, names, known, playable in (
        ("expansion", choice.expansions, EXPANSIONS[game], PLAYABLE_EXPANSIONS),
        ("variant", choice.variants, VARIANTS[game], PLAYABLE_VARIANTS),
    ):
        for name in names:
            if name not in known:
                listed = ", ".join(known) or "none"
                raise ChoiceError(f"unknown {kind} {name!r} for {game}; the {kind}s are: {listed}")
            if name not in playable:
                ready = ", ".join(n for n in known if n in playable) or "none yet"
                raise ChoiceError(f"the {kind} {name!r} is not playable in this version; "
                                  f"playable {kind}s of {game}: {ready}")
    low, high = seat_range(game, choice.expansions)
    if type(choice.seats) is not int or not low <= choice.seats <= high:
        extras = f" with {', '.join(choice.expansions)}" if choice.expansions else ""
        wider = seat_range(game, (*choice.expansions, "dodge-city"))
        hint = (f" ({wider[0]} to {wider[1]} with dodge-city)"
                if wider != (low, high) and wider[0] <= choice.seats <= wider[1] else "")
        raise ChoiceError(f"{game}{extras} takes {low} to {high} players, not {choice.seats}"
                          f"{hint}")
