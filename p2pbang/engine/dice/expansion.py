"""The seam between the Dice Game's engine and its expansions.

Why: the base rules (``engine/dice/game.py``) name no expansion. An expansion is a value of
``DiceExpansion``: the characters it adds, the arrow tokens it takes the place of, and its
rules at the few moments of a turn where an expansion acts. The engine collects each kind of
hook of the expansions in play into a tuple once, at the start, and loops over it at its
moment: a game without expansions loops over empty tuples. Old Saloon is the one expansion
today (``engine/dice/sets/old_saloon.py``); ``engine/dice/sets/`` finds them by name.

An engine keeps the gathered hooks as one ``ExpansionHooks`` value (one attribute: an
instance of the engine with many more stops being laid out as compactly by CPython 3.11,
and every attribute read of every step slows down).

The hooks are generators (the rules' steps, ``yield`` for decisions and chance requests) or
plain functions, each given the game; like the Duel's effects (``engine/duel/effects.py``)
they use the engine's own helpers (``_decide``, ``_yes``, ``_event``, ``_hurt``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from p2pbang.engine.dice.game import DiceGame
    from p2pbang.engine.dice.state import DicePlayer

Step = Generator[Any, Any, Any]


@dataclass(frozen=True)
class DiceExpansion:
    """One expansion of the Dice Game: what it adds and its rules at the turn's moments.

    - ``characters``: (name, life) of the characters it adds to the pool drawn from;
    - ``tokens``: how many of the nine arrow tokens its own token takes the place of (Old
      Saloon's Indian Chief's Arrow; the engine keeps its holder, ``game.chief``, NO_SEAT
      while it lies in the middle, where it counts among the tokens left);
    - ``choose_dice(game, seat, player)``: at a turn's start, before the first roll; may
      change ``game.kinds`` (which die each of the turn's dice is);
    - ``after_roll(game, seat, rolled)``: after each roll's Arrows, the immediate results of
      the dice just rolled (their codes);
    - ``take_token(game, seat)``: a seat takes one arrow while the token lies in the middle:
      the step returns True when it gave the seat the token instead of a regular arrow (the
      arrow is then not taken);
    - ``hit_taker(game, hits, source, why)``: before simultaneous hits land: ``None`` when
      nobody may take them, else the step that returns the seat taking some of them in the
      hurt players' place and their indices (``(NO_SEAT, empty)`` for none).

    The hit taker acts at every hit, so it answers ``None`` rather than a step that does
    nothing: a generator made and run for nothing at each hit was a visible part of a game's
    cost (so is a hook called at each arrow: ``take_token`` is asked only while the token is
    in the middle). A hook that asks a decision yields it itself (``fastvalues.decision``)
    rather than through the engine's ``_decide``: a level less at every step it waits for.
    """

    name: str
    characters: tuple[tuple[str, int], ...] = ()
    tokens: int = 0
    choose_dice: Callable[[DiceGame, int, DicePlayer], Step] | None = None
    after_roll: Callable[[DiceGame, int, list[int]], Step] | None = None
    take_token: Callable[[DiceGame, int], Step] | None = None
    hit_taker: Callable[[DiceGame, list[tuple[int, int]], int, str], Step | None] | None = None
    order: int = 0  # where it stands among the expansions (listed and gathered in this order)


@dataclass(frozen=True, slots=True)
class ExpansionHooks:
    """Each kind of hook of the expansions in play, gathered in order (empty tuples without
    expansions), with the tokens they take the place of and the characters they add."""

    choose_dice: tuple[Callable[[DiceGame, int, DicePlayer], Step], ...]
    after_roll: tuple[Callable[[DiceGame, int, list[int]], Step], ...]
    take_token: tuple[Callable[[DiceGame, int], Step], ...]
    hit_taker: tuple[Callable[[DiceGame, list[tuple[int, int]], int, str], Step | None], ...]
    tokens: int
    characters: tuple[tuple[str, int], ...]


def gather(expansions: tuple[DiceExpansion, ...]) -> ExpansionHooks:
    """The hooks of ``expansions``, kind by kind, in their order."""
    return ExpansionHooks(
        choose_dice=tuple(e.choose_dice for e in expansions if e.choose_dice),
        after_roll=tuple(e.after_roll for e in expansions if e.after_roll),
        take_token=tuple(e.take_token for e in expansions if e.take_token),
        hit_taker=tuple(e.hit_taker for e in expansions if e.hit_taker),
        tokens=sum(e.tokens for e in expansions),
        characters=tuple(c for e in expansions for c in e.characters),
    )
