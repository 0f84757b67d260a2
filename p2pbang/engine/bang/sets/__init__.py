"""The rule modules of the card game, found in this package, and the one place that picks
them for a game.

Why a registry: a ``GameChoice`` names the game and its expansions; the modules that make
those rules are the ``MODULE`` of each module of this package, each saying what it is (its
``kind``: the base game, an expansion or a variant) and where it stands among its kind
(``order``: the order the sets came out, which is the order they are merged and listed in).
A new set adds its own module here and edits no list (``docs/architecture.md``, "Adding a
set to the card game").
"""

from __future__ import annotations

import importlib
import pkgutil

from p2pbang.engine.bang.rules import RuleModule, RuleSet
from p2pbang.engine.choice import GameChoice

KINDS = ("base", "expansion", "variant")


def _find_modules() -> tuple[RuleModule, ...]:
    """Every ``MODULE`` of this package, by kind and order (a helper module without one,
    such as Dodge City's three-player table, is skipped)."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        module = getattr(importlib.import_module(f"{__name__}.{info.name}"), "MODULE", None)
        if module is None:
            continue
        if not isinstance(module, RuleModule):
            raise TypeError(f"{__name__}.{info.name}.MODULE is not a RuleModule")
        if module.kind not in KINDS:
            raise ValueError(f"rule module {module.name!r}: kind {module.kind!r} is not one "
                             f"of {', '.join(KINDS)}")
        found.append(module)
    names = [module.name for module in found]
    if len(set(names)) != len(names):
        raise ValueError(f"two rule modules share a name: {sorted(names)}")
    return tuple(sorted(found, key=lambda module: (module.order, module.name)))


_MODULES = _find_modules()
_BASES = [module for module in _MODULES if module.kind == "base"]
if len(_BASES) != 1:
    raise ValueError(f"the card game needs one base module, found {len(_BASES)}")
BASE_MODULE: RuleModule = _BASES[0]

# Expansion name (as typed) -> its rule module, in order; the base game is always the first
# module of a game. Event decks are expansions too.
EXPANSION_MODULES: dict[str, RuleModule] = {
    module.name: module for module in _MODULES if module.kind == "expansion"}

# Variant name -> its rule module, merged after the expansions' modules.
VARIANT_MODULES: dict[str, RuleModule] = {
    module.name: module for module in _MODULES if module.kind == "variant"}

# Sets listed but not yet playable everywhere (their ``unfinished`` flag).
UNFINISHED: frozenset[str] = frozenset(module.name for module in _MODULES if module.unfinished)

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
        modules = (BASE_MODULE, *(EXPANSION_MODULES[name] for name in choice.expansions),
                   *(VARIANT_MODULES[name] for name in choice.variants))
        ruleset = _CACHE[key] = RuleSet(modules)
    return ruleset
