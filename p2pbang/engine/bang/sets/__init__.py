"""The rule modules of the BANG! family, and the one place that picks them for a game.

Why a registry: a ``GameChoice`` names the game and its expansions; the modules that make
those rules are listed here, and an expansion adds its own module without editing another.
"""

from __future__ import annotations

from p2pbang.engine.bang.rules import RuleModule, RuleSet
from p2pbang.engine.bang.sets import base, dodge_city, fistful, gold_rush, high_noon, shadows
from p2pbang.engine.choice import GameChoice

# Expansion name (as typed) -> its rule module; the base game is always the first module.
# Event decks are listed too. A module listed here is reachable only once
# ``choice.PLAYABLE_EXPANSIONS`` names it.
EXPANSION_MODULES: dict[str, RuleModule] = {"dodge-city": dodge_city.MODULE,
                                            "high-noon": high_noon.MODULE,
                                            "fistful": fistful.MODULE,
                                            "gold-rush": gold_rush.MODULE}

# Variant name -> its rule module, after the expansions' modules.
VARIANT_MODULES: dict[str, RuleModule] = {"shadows": shadows.MODULE}

_CACHE: dict[tuple[tuple[str, ...], tuple[str, ...]], RuleSet] = {}


def rules_for(choice: GameChoice) -> RuleSet:
    """The merged rules of ``choice`` (built once per combination of expansions)."""
    if choice.game != "bang":
        raise ValueError(f"the card-game engine does not play {choice.game}")
    missing = [name for name in choice.expansions if name not in EXPANSION_MODULES]
    missing += [name for name in choice.variants if name not in VARIANT_MODULES]
    if missing:
        raise ValueError(f"no rule module for {', '.join(missing)}")
    key = (choice.expansions, choice.variants)
    ruleset = _CACHE.get(key)
    if ruleset is None:
        modules = (base.MODULE, *(EXPANSION_MODULES[name] for name in choice.expansions),
                   *(VARIANT_MODULES[name] for name in choice.variants))
        ruleset = _CACHE[key] = RuleSet(modules)
    return ruleset
