"""The Dice Game's expansions by name (the seam: ``engine/dice/expansion.py``). The engine
takes the ones a choice names from here, and the fact sheet lists their names."""

from __future__ import annotations

from p2pbang.engine.dice import old_saloon
from p2pbang.engine.dice.expansion import DiceExpansion

EXPANSIONS: dict[str, DiceExpansion] = {e.name: e for e in (old_saloon.EXPANSION,)}
