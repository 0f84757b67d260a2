"""``p2pbang bench engine``: complete random-bot games per second on one core.

Measures the engine the way bots and simulations use it: an all-seeing engine, the seeded
LocalDealer and random bots, no invariant checks, in this one process (one core). The first
line says which build of the engine ran (compiled or pure Python, ``engine/build.py``):
the figures of the two differ by about half.
"""

from __future__ import annotations

import platform
import time

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine import build
from p2pbang.engine.actions import Decision
from p2pbang.engine.bang.game import Game
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import game_kind


def run_engine_bench(games: int = 500, players: int = 7, seed: int = 0,
                     choice: GameChoice | None = None) -> dict[str, float]:
    """``choice``: the game to time (the base game for ``players`` when omitted)."""
    choice = choice or GameChoice.make("bang", players)
    players = choice.seats
    steps = decisions = turns = 0
    start = time.process_time()
    wall = time.perf_counter()
    for index in range(games):
        game = Game(players, choice=choice)
        dealer = LocalDealer(f"{seed}/{index}")
        bots = [RandomBot(f"{seed}/{index}/{s}") for s in range(players)]
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
        "players": players,
        "game": choice.label(),
        "cpu_seconds": cpu,
        "wall_seconds": time.perf_counter() - wall,
        "games_per_second": games / cpu,
        "steps_per_second": steps / cpu,
        "steps_per_game": steps / games,
        "decisions_per_game": decisions / games,
        "turns_per_game": turns / games,
    }


def print_engine_bench(games: int, players: int, seed: int,
                       choice: GameChoice | None = None) -> None:
    choice = choice or GameChoice.make("bang", players)
    print(f"build: {build.current().describe()}")
    if choice.game != "bang":  # the Dice Game and The Duel: their own loop and targets
        from p2pbang.sim.family_games import print_family_bench

        print_family_bench(games, seed, choice)
        return
    r = run_engine_bench(games, players, seed, choice)
    print(f"engine benchmark: {r['games']:.0f} complete games of {choice.label()}, random "
          f"bots, LocalDealer, one core ({platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()})")
    target = game_kind(choice).target_games_per_second
    print(f"  games/s         {r['games_per_second']:10.1f}   (target {target}, ship at 50)")
    print(f"  steps/s         {r['steps_per_second']:10.0f}")
    print(f"  steps/game      {r['steps_per_game']:10.1f}   "
          f"(decisions {r['decisions_per_game']:.1f}, turns {r['turns_per_game']:.1f})")
    print(f"  cpu time        {r['cpu_seconds']:10.2f} s")
