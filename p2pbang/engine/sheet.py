"""A game's fact sheet: everything the program needs to know about one game of the family.

Why one sheet per game: the facts about a game (its name, how many seats, which expansions
and variants, how to start its engine, its codec and log hash, its invariants, the moves a
table accepts and the hand cards each shows, its bot) used to live in seven keyed tables
across the layers, and the seat ranges in four places. Each game now writes them once, in
its own package (``engine/bang/sheet.py``, ``engine/dice/sheet.py``,
``engine/duel/sheet.py``); the registry (``engine/family.py``) only collects the sheets, and
choice, the command-line flags, the table, self-play, the benchmarks and the bots read them.
``docs/architecture.md`` lists what a new game adds.

Only engine facts are objects here (the engine imports nothing above it); the bot is named by
its class under ``p2pbang.bots`` and made by ``bots.make_bot``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from p2pbang.engine.contract import SPECTATOR, EngineClass, GameState, Violations

# What a move reveals: (hand slot, the card the move says it holds), in the move's order.
Claims = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class FactSheet:
    """One game of the family.

    ``name``: as typed (``--game NAME``); ``title``: as a sentence names it ("the Dice
    Game"). ``seats(expansions)``: the fewest and most seats with those expansions;
    ``default_seats``: when a command is given none (``None``: the command's own default).
    ``expansions``/``variants``: the family's sets for this game, in reading order.
    ``engine``: the engine class (``from_choice(choice, viewer)``, see
    ``engine/contract.py``). ``to_wire``/``from_wire``/``pack``/``unpack``: its codec
    (strict decoding); ``history_hash``: the digest of a game's inputs.
    ``violations(game, dealer_cards)``: broken invariants after a step; ``checks``: what
    they check, in words. ``action_types``: the moves a table's log accepts;
    ``claims(action)``: the hand cards a move shows (each needs its owner's proven share).
    ``bot``: ``module:Class`` of its own bot under ``p2pbang.bots``.
    ``target_games_per_second``: the engine benchmark's target (``docs/benchmarks.md``);
    ``None`` where the target is steps/s at least the base game's (the Duel).
    ``order``: where the game stands when the games are listed (``--game`` help, the lobby):
    the registry finds the sheets by package and sorts them by it. ``playable``: whether
    this build lets a person choose the game (a game whose engine is there but whose table,
    bots or screens are not yet is listed, and refused with a clear message);
    ``unfinished``: its expansions and variants listed but not yet playable everywhere.
    """

    name: str
    title: str
    seats: Callable[[tuple[str, ...]], tuple[int, int]]
    default_seats: int | None
    expansions: tuple[str, ...]
    variants: tuple[str, ...]
    engine: EngineClass
    to_wire: Callable[[Any], Any]
    from_wire: Callable[[Any], Any]
    pack: Callable[[Any], bytes]
    unpack: Callable[[bytes], Any]
    history_hash: Callable[[list[Any]], str]
    violations: Violations
    checks: str
    action_types: tuple[type, ...]
    claims: Callable[[Any], Claims]
    bot: str
    target_games_per_second: int | None
    order: int = 100
    playable: bool = True
    unfinished: frozenset[str] = frozenset()

    @property
    def spectator(self) -> int:
        """The viewer that holds no seat (one value for the family)."""
        return SPECTATOR

    def new_game(self, choice: Any, viewer: int | None = None) -> GameState:
        """A fresh engine for ``choice`` as seen by ``viewer`` (``None``: all-seeing)."""
        return self.engine.from_choice(choice, viewer)

    def seat_range(self, expansions: Iterable[str] = ()) -> tuple[int, int]:
        """The fewest and most seats this game takes with ``expansions``."""
        return self.seats(tuple(expansions))


def fixed_seats(low: int, high: int) -> Callable[[tuple[str, ...]], tuple[int, int]]:
    """A seat range no expansion changes."""
    return lambda _expansions: (low, high)
