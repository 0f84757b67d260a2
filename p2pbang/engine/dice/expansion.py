"""The seam between the Dice Game's engine and its expansions.

Why: the base rules (``engine/dice/game.py``) name no expansion. An expansion is a value of
``DiceExpansion``: the characters it adds, the arrow tokens it takes the place of, and its
rules at the few moments of a turn where an expansion acts. The engine collects each kind of
hook of the expansions in play into a tuple once, at the start, and loops over it at its
moment: a game without expansions loops over empty tuples. Old Saloon is the one expansion
today (``engine/dice/old_saloon.py``); ``engine/dice/sets.py`` lists them by name.

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
    - ``tokens``: how many of the nine arrow tokens its own tokens take the place of;
    - ``choose_dice(game, seat, player)``: at a turn's start, before the first roll; may
      change ``game.kinds`` (which die each of the turn's dice is);
    - ``after_roll(game, seat, rolled)``: after each roll's Arrows, the immediate results of
      the dice just rolled (their codes);
    - ``take_arrow(game, seat)``: a seat takes one arrow: ``None`` when the expansion has
      nothing to offer, else the step that returns True when it gave the seat its own token
      instead of a regular one (the regular arrow is then not taken);
    - ``in_pile(game)``: the expansion's tokens lying in the middle (the Indians attack
      when the middle is empty);
    - ``hit_taker(game, hits, source, why)``: before simultaneous hits land: ``None`` when
      nobody may take them, else the step that returns the seat taking some of them in the
      hurt players' place and their indices (``(NO_SEAT, empty)`` for none).

    The two that act often (every arrow, every hit) answer ``None`` rather than a step that
    does nothing: a generator made and run for nothing at each arrow and hit was a visible
    part of a game's cost.
    """

    name: str
    characters: tuple[tuple[str, int], ...] = ()
    tokens: int = 0
    choose_dice: Callable[[DiceGame, int, DicePlayer], Step] | None = None
    after_roll: Callable[[DiceGame, int, list[int]], Step] | None = None
    take_arrow: Callable[[DiceGame, int], Step | None] | None = None
    in_pile: Callable[[DiceGame], int] | None = None
    hit_taker: Callable[[DiceGame, list[tuple[int, int]], int, str], Step | None] | None = None


@dataclass(frozen=True, slots=True)
class ExpansionHooks:
    """Each kind of hook of the expansions in play, gathered in order (empty tuples without
    expansions), with the tokens they take the place of and the characters they add."""

    choose_dice: tuple[Callable[[DiceGame, int, DicePlayer], Step], ...]
    after_roll: tuple[Callable[[DiceGame, int, list[int]], Step], ...]
    take_arrow: tuple[Callable[[DiceGame, int], Step | None], ...]
    in_pile: tuple[Callable[[DiceGame], int], ...]
    hit_taker: tuple[Callable[[DiceGame, list[tuple[int, int]], int, str], Step | None], ...]
    tokens: int
    characters: tuple[tuple[str, int], ...]


def gather(expansions: tuple[DiceExpansion, ...]) -> ExpansionHooks:
    """The hooks of ``expansions``, kind by kind, in their order."""
    return ExpansionHooks(
        choose_dice=tuple(e.choose_dice for e in expansions if e.choose_dice),
        after_roll=tuple(e.after_roll for e in expansions if e.after_roll),
        take_arrow=tuple(e.take_arrow for e in expansions if e.take_arrow),
        in_pile=tuple(e.in_pile for e in expansions if e.in_pile),
        hit_taker=tuple(e.hit_taker for e in expansions if e.hit_taker),
        tokens=sum(e.tokens for e in expansions),
        characters=tuple(c for e in expansions for c in e.characters),
    )
