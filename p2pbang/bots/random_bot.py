"""The random bot: picks uniformly among the legal actions of its own decision.

It only ever asks the engine for the legal actions of its own seat, which depend on its own
hand and public facts, so it never uses hidden state.
"""

from __future__ import annotations

import random

from p2pbang.engine.actions import Action, Decision

# ``Random.choice(seq)`` is ``seq[self._randbelow(len(seq))]``, and ``_randbelow`` draws
# ``len(seq).bit_length()`` bits until they fall below ``len(seq)``. ``decide`` does the same
# draws inline (the bots of simulations and benchmarks decide at nearly every step, and the
# two Python calls cost more than the draw), so every seeded game picks exactly what
# ``choice`` would; where the library draws another way, ``decide`` calls ``choice``.
_SAME_DRAWS = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", False)


class RandomBot:
    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits

    def decide(self, game, decision: Decision) -> Action:
        legal = game.legal_actions()
        count = len(legal)
        if not count or not _SAME_DRAWS:
            return self._rng.choice(legal)  # an empty list raises choice's IndexError
        width = count.bit_length()
        draw = self._bits(width)
        while draw >= count:
            draw = self._bits(width)
        return legal[draw]
