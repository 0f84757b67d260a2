"""Play whole Duel games with a LocalDealer and two deciders (selfplay, benchmarks, tests)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.runner import Decider, play_out


class RandomDuelBot:
    """Picks uniformly among the legal actions: the baseline for benchmarks and fuzzing."""

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(f"duel-random/{seed}")

    def decide(self, game: DuelGame, decision: Decision):
        return self._random.choice(game.legal_actions())


def play_game(seed: int | str, deciders: Sequence[Decider] | None = None,
              after_step: Callable[[object], None] | None = None,
              max_steps: int = 200_000) -> tuple[DuelGame, End]:
    """One all-seeing game from ``seed``; random bots unless ``deciders`` are given."""
    game = DuelGame()
    if deciders is None:
        deciders = [RandomDuelBot(f"{seed}/0"), RandomDuelBot(f"{seed}/1")]
    end = play_out(game, LocalDealer(f"duel/{seed}"), deciders, after_step, max_steps)
    return game, end
