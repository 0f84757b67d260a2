"""The random bot: picks uniformly among the legal actions of its own decision.

It only ever asks the engine for the legal actions of its own seat, which depend on its own
hand and public facts, so it never uses hidden state.
"""

from __future__ import annotations

import random

from p2pbang.engine.actions import Action, Decision


class RandomBot:
    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(seed)

    def decide(self, game, decision: Decision) -> Action:
        return self._rng.choice(game.legal_actions())
