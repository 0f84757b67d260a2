"""The Dice Game's expansions, found in this package by name (the seam:
``engine/dice/expansion.py``). The engine takes the ones a choice names from here, and the
fact sheet lists their names: a new expansion is one module here whose ``EXPANSION`` is its
``DiceExpansion`` (``docs/architecture.md``, "Adding a set to the Dice Game")."""

from __future__ import annotations

import importlib
import pkgutil

from p2pbang.engine.dice.expansion import DiceExpansion


def _find_expansions() -> dict[str, DiceExpansion]:
    """Every ``EXPANSION`` of this package's modules, by name, in their ``order``."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        expansion = getattr(importlib.import_module(f"{__name__}.{info.name}"), "EXPANSION",
                            None)
        if expansion is None:
            continue
        if not isinstance(expansion, DiceExpansion):
            raise TypeError(f"{__name__}.{info.name}.EXPANSION is not a DiceExpansion")
        found.append(expansion)
    names = [expansion.name for expansion in found]
    if len(set(names)) != len(names):
        raise ValueError(f"two Dice Game expansions share a name: {sorted(names)}")
    return {e.name: e for e in sorted(found, key=lambda e: (e.order, e.name))}


EXPANSIONS: dict[str, DiceExpansion] = _find_expansions()
