"""The seam between the Dice Game's engine and its expansions.

Why: the base rules (``engine/dice/game.py``) name no expansion. An expansion is a value of
``DiceExpansion``: the characters it adds, the arrow tokens it takes the place of, and its
rules at the few moments of a turn where an expansion acts. The engine collects each kind of
hook of the expansions in play into a tuple once, at the start, and loops over it at its
moment: a game without expansions loops over empty tuples. Old Saloon is the one expansion
today (``engine/dice/old_saloon.py``); ``engine/dice/sets.py`` lists them by name.

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
    - ``take_arrow(game, seat)``: a seat takes one arrow; returns True when the expansion
      gave it its own token instead of a regular one (the regular arrow is then not taken);
    - ``in_pile(game)``: the expansion's tokens lying in the middle (the Indians attack
      when the middle is empty);
    - ``hit_taker(game, hits, source, why)``: before simultaneous hits land, a seat that
      takes some of them in the hurt players' place: ``(seat, indices of the hits)``, or
      ``(NO_SEAT, empty)``.
    """

    name: str
    characters: tuple[tuple[str, int], ...] = ()
    tokens: int = 0
    choose_dice: Callable[[DiceGame, int, DicePlayer], Step] | None = None
    after_roll: Callable[[DiceGame, int, list[int]], Step] | None = None
    take_arrow: Callable[[DiceGame, int], Step] | None = None
    in_pile: Callable[[DiceGame], int] | None = None
    hit_taker: Callable[[DiceGame, list[tuple[int, int]], int, str], Step] | None = None
