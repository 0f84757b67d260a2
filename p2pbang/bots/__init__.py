"""Computer players: each answers its own seat's decisions from ``game.legal_actions()``.

``RandomBot`` picks uniformly (simulations and benchmarks); ``SensibleBot`` plays its role.
"""

from __future__ import annotations

from p2pbang.bots.random_bot import RandomBot
from p2pbang.bots.sensible import SensibleBot

BOT_KINDS = ("random", "sensible")


def make_bot(kind: str, seed: int | str = 0) -> RandomBot | SensibleBot:
    """A bot of ``kind`` ("random" or "sensible") seeded with ``seed``."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "sensible":
        return SensibleBot(seed)
    raise ValueError(f"unknown bot kind {kind!r}; choose one of {', '.join(BOT_KINDS)}")


__all__ = ["BOT_KINDS", "RandomBot", "SensibleBot", "make_bot"]
