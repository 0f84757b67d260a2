"""Computer players: each answers its own seat's decisions from ``game.legal_actions()``.

``RandomBot`` picks uniformly (simulations and benchmarks) in every game of the family;
``SensibleBot`` plays its role in the card game, ``DiceBot`` in the Dice Game and ``DuelBot``
in The Duel. Each game's fact sheet names its own bot (``engine/sheet.py``);
``make_bot(kind, seed, game)`` is the one place that makes one, so tables, solo sessions and
simulations never name a bot class themselves.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from p2pbang.bots.dice import DiceBot
from p2pbang.bots.duel import DuelBot
from p2pbang.bots.random_bot import RandomBot
from p2pbang.bots.sensible import SensibleBot
from p2pbang.engine.family import GAME_KINDS

BOT_KINDS = ("random", "sensible", "strong")
# The levels a person picks (``--bot-level``), weakest first, and the bot kind of each.
BOT_LEVELS = {"easy": "random", "sensible": "sensible", "strong": "strong"}
# Playouts of the strong bot a decision: about half a second of one core (docs/bots.md).
STRONG_ITERATIONS = 40


def sensible_class(game: str) -> type[Any]:
    """The class of ``game``'s own bot, as its fact sheet names it (``module:Class`` under
    ``p2pbang.bots``)."""
    module, _, name = GAME_KINDS[game].bot.partition(":")
    if not module.startswith("p2pbang.bots."):
        raise ValueError(f"the bot of {game} must live under p2pbang.bots, not {module}")
    return getattr(import_module(module), name)


def make_bot(kind: str, seed: int | str = 0, game: str = "bang") -> Any:
    """A bot of ``kind`` ("random", "sensible" or "strong", or a level name of
    ``BOT_LEVELS``) for ``game`` (a game of the family), seeded with ``seed``."""
    kind = BOT_LEVELS.get(kind, kind)
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot kind {kind!r}; choose one of {', '.join(BOT_KINDS)}")
    if game not in GAME_KINDS:
        raise ValueError(f"no bots for game {game!r}; games: {', '.join(GAME_KINDS)}")
    if kind == "random":
        return RandomBot(seed)
    if kind == "strong":
        from p2pbang.bots.strong import StrongBot  # it makes sensible bots for its rollouts

        # An iteration budget, not a clock: the same seed and view give the same move on
        # any machine, so solo games replay and resume (they re-run their bots).
        return StrongBot(seed, game, iterations=STRONG_ITERATIONS, seconds=None)
    return sensible_class(game)(seed)


__all__ = ["BOT_KINDS", "BOT_LEVELS", "DiceBot", "DuelBot", "RandomBot", "SensibleBot",
           "make_bot", "sensible_class"]
