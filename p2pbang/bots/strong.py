"""The strong bot: it looks ahead with the game's own rules, on what its seat may know.

How: determinized Monte Carlo with flat UCB1 over the root actions. Each iteration samples a
world that agrees with the seat's knowledge (``determinize.sample_world``: the seat's masked
log replayed into a fresh engine, hidden cards and roles sampled), plays one root action in
it, then plays the game to its end with the sensible bots of every seat as the rollout
policy, and scores 1 when the seat's side wins. The most visited... no: the best mean wins,
visits breaking ties. Why flat and not a tree: every iteration pays a replay (generators
cannot be copied), so a tree's statistics would stay thin; flat Monte Carlo spends the budget
on the one choice that matters now.

Budget: ``iterations`` and ``seconds`` (whichever ends first); a decision with one legal
action is answered at once. When no world can be sampled (a game started from a laid-out
position, which no log replays), the bot answers as the sensible bot would.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from p2pbang.bots.determinize import SampleFailed, SeatKnowledge, choice_of, sample_world
from p2pbang.engine.actions import Decision, End

ROLLOUT_STEPS = 20_000  # a playout still running then is scored as a draw
EXPLORE = 0.7  # UCB1's exploration weight (rewards are 0..1)


class StrongBot:
    """A search bot for one seat; ``seed`` fixes its samples: same seed, same view, same
    decision when ``seconds`` is None (the iteration budget alone)."""

    def __init__(self, seed: int | str = 0, game: str = "bang", iterations: int = 400,
                 seconds: float | None = 0.5) -> None:
        from p2pbang.bots import make_bot  # the registry imports this module

        self._seed = seed
        self._game = game
        self.iterations = iterations
        self.seconds = seconds
        self._fallback = make_bot("sensible", seed, game)
        self._knowledge: SeatKnowledge | None = None
        self.fallbacks = 0  # decisions answered by the sensible bot (no world to sample)
        self.searched = 0  # decisions that ran a search

    def observe(self, events: Any) -> None:
        observe = getattr(self._fallback, "observe", None)
        if observe is not None:
            observe(events)

    def decide(self, game: Any, decision: Decision) -> Any:
        try:
            knowledge = self._sync(game, decision.seat)
            legal = knowledge.view.legal_actions()
        except Exception:  # no log to replay (a laid-out position): no search
            self.fallbacks += 1
            return self._fallback.decide(game, decision)
        if len(legal) == 1:
            return legal[0]
        return self._search(knowledge, decision.seat, legal)

    def _sync(self, game: Any, seat: int) -> SeatKnowledge:
        knowledge = self._knowledge
        if knowledge is None or knowledge.seat != seat or len(game.history) < len(
                knowledge.history):
            knowledge = self._knowledge = SeatKnowledge(choice_of(game), seat)
        knowledge.sync(game)
        return knowledge

    def _search(self, knowledge: SeatKnowledge, seat: int, legal: list[Any]) -> Any:
        rng = random.Random(f"strong/{self._seed}/{seat}/{len(knowledge.history)}")
        count = len(legal)
        wins = [0.0] * count
        visits = [0] * count
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        failures = 0
        total = 0
        for iteration in range(self.iterations):
            if deadline is not None and time.perf_counter() > deadline:
                break
            try:
                world, dealer = sample_world(knowledge, rng)
            except SampleFailed:
                failures += 1
                if failures > 20 and total == 0:
                    break
                continue
            arm = self._pick(wins, visits, total)
            try:
                world.apply(legal[arm])
            except Exception:  # not legal in this world: never pick it again
                visits[arm] += 1_000_000
                continue
            try:
                wins[arm] += self._playout(world, dealer, seat, f"{iteration}")
            except SampleFailed:
                failures += 1
                continue
            visits[arm] += 1
            total += 1
        self.searched += 1
        if total == 0:
            self.fallbacks += 1
            return self._fallback.decide(knowledge.view, knowledge.view.pending)
        best = max(range(count), key=lambda i: (
            wins[i] / visits[i] if 0 < visits[i] < 1_000_000 else -1.0, visits[i]))
        return legal[best]

    @staticmethod
    def _pick(wins: list[float], visits: list[int], total: int) -> int:
        for arm, seen in enumerate(visits):
            if seen == 0:
                return arm
        log_total = math.log(max(total, 1))
        return max(range(len(visits)), key=lambda i: wins[i] / visits[i]
                   + EXPLORE * math.sqrt(log_total / visits[i]))

    def _playout(self, world: Any, dealer: Any, seat: int, label: str) -> float:
        from p2pbang.bots import make_bot

        bots: dict[int, Any] = {}
        for _ in range(ROLLOUT_STEPS):
            pending = world.pending
            if isinstance(pending, End):
                return 1.0 if seat in pending.winners else 0.0
            if isinstance(pending, Decision):
                bot = bots.get(pending.seat)
                if bot is None:
                    bot = bots[pending.seat] = make_bot(
                        "sensible", f"{self._seed}/{label}/{pending.seat}", self._game)
                world.apply(bot.decide(world, pending))
            else:
                world.apply(dealer.resolve(pending))
        return 0.5
