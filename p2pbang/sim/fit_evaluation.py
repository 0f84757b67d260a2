"""Refit the strong bot's position scores (``bots/evaluate.py``) from games of sensible bots.

It plays whole games with the seeded dealer, so it lives in ``sim`` (the bots' layer knows
no dealer): ``python -m p2pbang.sim.fit_evaluation GAME SEATS GAMES`` prints the weights,
then how well they and the shipped ones predict the winners of other deals (held out: a
quarter as many games), per model: log loss and Brier score, lower is better.
"""

from __future__ import annotations

import math
import random
import sys
from typing import Any

from p2pbang.bots import make_bot, sensible_class
from p2pbang.bots.evaluate import _logistic, sigmoid
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import new_game

# Per model key: the features of each sampled position, whether its seat's side won, and
# what the shipped score (the game's ``SEARCH.value``) said of it.
Samples = dict[str, tuple[list[list[float]], list[float], list[float]]]


def samples(game_name: str, seats: int, games: int, seed: int | str = 0) -> Samples:
    """Positions of ``games`` games of sensible bots (events fed, deals ``fit/SEED/i``),
    every living seat's at 5% of the decisions, each labelled with its side's result."""
    rng = random.Random(seed)
    choice = GameChoice.make(game_name, seats)
    search = sensible_class(game_name).SEARCH  # what the game's bot says a sample is
    data: Samples = {}
    for index in range(games):
        game = new_game(choice, None)
        dealer = LocalDealer(f"fit/{seed}/{index}")
        bots = [make_bot("sensible", f"fit/{seed}/{index}/{s}", game_name)
                for s in range(seats)]
        observers = [bot.observe for bot in bots if hasattr(bot, "observe")]
        taken: list[tuple[str, list[float], int, float]] = []
        while not isinstance(game.pending, End):
            pending = game.pending
            if isinstance(pending, Decision) and rng.random() < 0.05:
                for seat in range(seats):
                    sampled = search.sample(game, seat)
                    if sampled is not None:
                        taken.append((*sampled, seat, search.value(game, seat)))
            if isinstance(pending, Decision):
                events = game.apply(bots[pending.seat].decide(game, pending))
            else:
                events = game.apply(dealer.resolve(pending))
            for observe in observers:
                observe(events)
        for key, features, seat, shipped in taken:
            xs, ys, said = data.setdefault(key, ([], [], []))
            xs.append(features)
            ys.append(1.0 if seat in game.pending.winners else 0.0)
            said.append(shipped)
    return data


def fit(game_name: str, seats: int, games: int, seed: int = 0) -> dict[str, list[float]]:
    """Refit the weights from ``games`` games of sensible bots: logistic regression per
    model key (a role; the Duel: one), positions sampled at 5% of the decisions."""
    rng = random.Random(seed)
    data = samples(game_name, seats, games, seed)
    return {key: _regress(xs, ys, rng) for key, (xs, ys, _) in data.items()}


def _regress(xs: list[list[float]], ys: list[float], rng: random.Random,
             epochs: int = 4, rate: float = 0.01) -> list[float]:
    """Logistic regression by averaged stochastic gradient descent on standardized features,
    the weights turned back to the raw features' scale (the last one: the intercept).

    Why this way: the features' scales differ tenfold (a team's life sum, a 0/1 flag), and
    plain SGD on the raw ones, with a rate small enough for the largest, leaves the rest far
    from their optimum (the Dice Game's fit before: a held-out log loss 0.64 for an Outlaw,
    where the same features converged give 0.50). Standardized, a constant rate and the
    average of the weights over the epochs after the first converge in a few epochs, with
    no library (the regression runs on the project's own dependencies)."""
    width = len(xs[0])
    count = len(xs)
    mean = [sum(x[j] for x in xs) / count for j in range(width)]
    spread = [math.sqrt(sum((x[j] - mean[j]) ** 2 for x in xs) / count) for j in range(width)]
    scale = [1.0 / s if s > 1e-9 else 0.0 for s in spread]  # a constant feature: weight 0
    zs = [[(x[j] - m) * k for j, (m, k) in enumerate(zip(mean, scale, strict=True))]
          for x in xs]
    weights = [0.0] * width
    bias = 0.0
    average = [0.0] * width
    average_bias = 0.0
    taken = 0
    order = list(range(count))
    for epoch in range(epochs):
        rng.shuffle(order)
        for step, i in enumerate(order):
            if epoch and step % 50 == 0:  # the running average, every 50 steps
                taken += 1
                average = [a + (w - a) / taken for a, w in zip(average, weights, strict=True)]
                average_bias += (bias - average_bias) / taken
            z = zs[i]
            t = bias + sum(w * x for w, x in zip(weights, z, strict=True))
            gap = rate * (ys[i] - sigmoid(t))
            weights = [w + gap * x for w, x in zip(weights, z, strict=True)]
            bias += gap
    if taken:
        weights, bias = average, average_bias
    raw = [w * k for w, k in zip(weights, scale, strict=True)]
    intercept = bias - sum(r * m for r, m in zip(raw, mean, strict=True))
    return [round(w, 4) for w in raw] + [round(intercept, 4)]


def losses(predicted: list[float], won: list[float]) -> tuple[float, float]:
    """Mean log loss and Brier score of predicted winning chances."""
    log_loss = brier = 0.0
    for p, y in zip(predicted, won, strict=True):
        p = min(max(p, 1e-9), 1.0 - 1e-9)
        log_loss -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
        brier += (p - y) ** 2
    return log_loss / len(won), brier / len(won)


def held_out(data: Samples, weights: dict[str, list[float]]) -> dict[str, Any]:
    """Per model key, on positions of other deals: how many, the refit's and the shipped
    score's log loss and Brier score."""
    table = {}
    for key, (xs, ys, shipped) in sorted(data.items()):
        if key in weights:
            refit = losses([_logistic(tuple(weights[key]), x) for x in xs], ys)
            table[key] = (len(ys), refit, losses(shipped, ys))
    return table


if __name__ == "__main__":  # python -m p2pbang.sim.fit_evaluation dice 6 8000
    if len(sys.argv) != 4:
        sys.exit("usage: python -m p2pbang.sim.fit_evaluation GAME SEATS GAMES")
    name, size, played = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    fitted = fit(name, size, played)
    print(fitted)
    check = samples(name, size, max(1, played // 4), seed="held-out")
    for key, (n, (ll, brier), (ll0, brier0)) in held_out(check, fitted).items():
        print(f"{key}: {n} held-out positions; log loss {ll:.4f} (shipped {ll0:.4f}), "
              f"Brier {brier:.4f} (shipped {brier0:.4f})")
