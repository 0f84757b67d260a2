"""Refit the strong bot's position scores (``bots/evaluate.py``) from games of sensible bots.

It plays whole games with the seeded dealer, so it lives in ``sim`` (the bots' layer knows
no dealer): ``python -m p2pbang.sim.fit_evaluation GAME SEATS GAMES`` prints the weights.
"""

from __future__ import annotations

import random
import sys

from p2pbang.bots import make_bot, sensible_class
from p2pbang.bots.evaluate import _logistic
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import new_game


def fit(game_name: str, seats: int, games: int, seed: int = 0) -> dict[str, list[float]]:
    """Refit the weights from ``games`` games of sensible bots (events fed): logistic
    regression by stochastic gradient descent, positions sampled at 5% of the decisions."""
    rng = random.Random(seed)
    choice = GameChoice.make(game_name, seats)
    search = sensible_class(game_name).SEARCH  # what the game's bot says a sample is
    data: dict[str, tuple[list[list[float]], list[float]]] = {}
    for index in range(games):
        game = new_game(choice, None)
        dealer = LocalDealer(f"fit/{seed}/{index}")
        bots = [make_bot("sensible", f"fit/{seed}/{index}/{s}", game_name)
                for s in range(seats)]
        observers = [bot.observe for bot in bots if hasattr(bot, "observe")]
        samples: list[tuple[str, list[float], int]] = []
        while not isinstance(game.pending, End):
            pending = game.pending
            if isinstance(pending, Decision) and rng.random() < 0.05:
                for seat in range(seats):
                    sampled = search.sample(game, seat)
                    if sampled is not None:
                        samples.append((*sampled, seat))
            if isinstance(pending, Decision):
                events = game.apply(bots[pending.seat].decide(game, pending))
            else:
                events = game.apply(dealer.resolve(pending))
            for observe in observers:
                observe(events)
        for key, features, seat in samples:
            xs, ys = data.setdefault(key, ([], []))
            xs.append(features)
            ys.append(1.0 if seat in game.pending.winners else 0.0)
    return {key: _regress(xs, ys, rng) for key, (xs, ys) in data.items()}


def _regress(xs: list[list[float]], ys: list[float], rng: random.Random) -> list[float]:
    width = len(xs[0])
    weights = [0.0] * (width + 1)
    order = list(range(len(xs)))
    for epoch in range(25):
        rng.shuffle(order)
        rate = 0.02 / (1 + 0.3 * epoch)
        for i in order:
            x = xs[i]
            gap = ys[i] - _logistic(tuple(weights), x)
            for j in range(width):
                weights[j] += rate * gap * x[j]
            weights[width] += rate * gap
    return [round(w, 3) for w in weights]


if __name__ == "__main__":  # python -m p2pbang.sim.fit_evaluation bang 7 1500
    if len(sys.argv) != 4:
        sys.exit("usage: python -m p2pbang.sim.fit_evaluation GAME SEATS GAMES")
    print(fit(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
