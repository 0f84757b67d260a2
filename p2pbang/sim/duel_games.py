"""Play whole Duel games with a LocalDealer and two deciders: the helpers behind the Duel's
selfplay and benchmark checks. Here in sim/, not in the engine: the engine draws no random
number and imports no dealer (randomness enters only through the dealer)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.duel.invariants import violations
from p2pbang.engine.duel.wire import history_hash
from p2pbang.engine.runner import Decider, play_out


class RandomDuelBot(RandomBot):
    """The random bot under the Duel's own seed label, so seeded Duels stay the same games."""

    def __init__(self, seed: int | str) -> None:
        super().__init__(f"duel-random/{seed}")


def play_game(seed: int | str, deciders: Sequence[Decider] | None = None,
              after_step: Callable[[Any], None] | None = None,
              max_steps: int = 200_000) -> tuple[DuelGame, End]:
    """One all-seeing game from ``seed``; random bots unless ``deciders`` are given."""
    game = DuelGame()
    if deciders is None:
        deciders = [RandomDuelBot(f"{seed}/0"), RandomDuelBot(f"{seed}/1")]
    end = play_out(game, LocalDealer(f"duel/{seed}"), deciders, after_step, max_steps)
    return game, end


@dataclass(frozen=True)
class SelfplayReport:
    """One checked game: its end, its log hash, and every invariant broken on the way."""

    end: End
    log_hash: str
    steps: int
    problems: tuple[str, ...]


def selfplay_game(seed: int | str) -> SelfplayReport:
    """Play ``seed`` with invariants checked after every step, then replay its inputs on a
    fresh engine: a different end or log hash is reported as a problem."""
    problems: list[str] = []

    def check(game: Any) -> None:
        problems.extend(f"step {len(game.history)}: {p}" for p in violations(game))

    game, end = play_game(seed, after_step=check)
    log_hash = history_hash(game.history)
    again = DuelGame()
    for item in game.history:
        again.apply(item)
    if again.pending != end or history_hash(again.history) != log_hash:
        problems.append("the replay differs from the game")
    return SelfplayReport(end, log_hash, len(game.history), tuple(problems))


def run_duel_bench(games: int = 200, seed: int = 0) -> dict[str, float]:
    """Complete random-bot Duel games per CPU second (one core, no invariant checks)."""
    steps = decisions = turns = 0
    start = time.process_time()
    wall = time.perf_counter()
    for index in range(games):
        game = DuelGame()
        dealer = LocalDealer(f"{seed}/{index}")
        bots = [RandomDuelBot(f"{seed}/{index}/{s}") for s in range(2)]
        apply = game.apply
        while game.result is None:
            pending = game.pending
            if type(pending) is Decision:
                apply(bots[pending.seat].decide(game, pending))
                decisions += 1
            else:
                apply(dealer.resolve(pending))
        steps += len(game.history)
        turns += game.turn
    cpu = time.process_time() - start
    return {
        "games": games,
        "cpu_seconds": cpu,
        "wall_seconds": time.perf_counter() - wall,
        "games_per_second": games / cpu,
        "steps_per_second": steps / cpu,
        "steps_per_game": steps / games,
        "decisions_per_game": decisions / games,
        "turns_per_game": turns / games,
    }
