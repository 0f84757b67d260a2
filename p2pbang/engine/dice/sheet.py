"""The Dice Game's fact sheet (its expansions: ``engine/dice/sets/``): see
``engine/sheet.py``."""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import Choose, Pass
from p2pbang.engine.dice import invariants, wire
from p2pbang.engine.dice.actions import Reroll
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.dice.sets import EXPANSIONS
from p2pbang.engine.dice.state import FEWEST_SEATS, MOST_SEATS
from p2pbang.engine.sheet import Claims, FactSheet, fixed_seats


def claims(action: Any) -> Claims:
    """The Dice Game has no hand: its moves show no card (the roles are dealt and turned
    face up by the dealer's own steps)."""
    return ()


SHEET = FactSheet(
    name="dice",
    title="the Dice Game",
    seats=fixed_seats(FEWEST_SEATS, MOST_SEATS),
    default_seats=5,
    expansions=tuple(sorted(EXPANSIONS)),
    variants=(),
    engine=DiceGame,
    to_wire=wire.to_wire,
    from_wire=wire.from_wire,
    pack=wire.pack,
    unpack=wire.unpack,
    history_hash=wire.history_hash,
    violations=invariants.violations,
    checks="arrows conserved, life in bounds, the dead hold nothing, roles as dealt, "
           "replay of the log identical",
    action_types=(Reroll, Choose, Pass),
    claims=claims,
    bot="p2pbang.bots.dice:DiceBot",
    target_games_per_second=1000,
    order=2,
)
