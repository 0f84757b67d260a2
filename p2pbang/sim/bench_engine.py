"""``p2pbang bench engine``: complete random-bot games per second on one core, for every game
of the family (through its fact sheet, ``engine/family.py``).

Measures the engine the way bots and simulations use it: an all-seeing engine, the seeded
LocalDealer and random bots, no invariant checks, in this one process (one core). The first
line says which build of the engine ran (compiled or pure Python, ``engine/build.py``):
the figures of the two differ by about half. ``docs/benchmarks.md`` keeps the figures.
"""

from __future__ import annotations

import gc
import platform
import time
from typing import Any

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine import build
from p2pbang.engine.actions import Decision
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import game_kind
from p2pbang.sim.selfplay import random_bots


def run_engine_bench(games: int = 500, players: int = 7, seed: int = 0,
                     choice: GameChoice | None = None) -> dict[str, Any]:
    """Complete random-bot games of ``choice`` (the base card game for ``players`` when
    omitted) per CPU second: game ``i`` dealt from seed ``seed/i``, its bots seeded
    ``seed/i/seat``."""
    choice = choice or GameChoice.make("bang", players)
    kind = game_kind(choice)
    steps = decisions = turns = 0
    # What the program imported before (the command line loads the network and crypto layers
    # too) is not the engine's: set it aside from the garbage collector's full passes, so the
    # figure does not depend on how the benchmark was started.
    gc.collect()
    gc.freeze()
    start = time.process_time()
    wall = time.perf_counter()
    for index in range(games):
        game = kind.new_game(choice, None)
        dealer = LocalDealer(f"{seed}/{index}")
        bots = random_bots(choice, f"{seed}/{index}")
        # ``bots[seat].decide(...)`` and ``dealer.resolve(...)`` as method calls: CPython
        # specialises those, and they counted fewer instructions per game than calls through
        # bound methods fetched once (docs/benchmarks.md, "One stack above the engine").
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
    gc.unfreeze()
    return {
        "games": games,
        "players": choice.seats,
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
    r = run_engine_bench(games, players, seed, choice)
    print(f"engine benchmark: {r['games']:.0f} complete games of {choice.label()}, random "
          f"bots, LocalDealer, one core ({platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()})")
    target = game_kind(choice).target_games_per_second  # docs/benchmarks.md
    if target:
        print(f"  games/s         {r['games_per_second']:10.1f}   (target {target})")
        print(f"  steps/s         {r['steps_per_second']:10.0f}")
    else:
        print(f"  games/s         {r['games_per_second']:10.1f}")
        print(f"  steps/s         {r['steps_per_second']:10.0f}   (target: the base game's "
              "steps/s, `bench engine`)")
    print(f"  steps/game      {r['steps_per_game']:10.1f}   "
          f"(decisions {r['decisions_per_game']:.1f}, turns {r['turns_per_game']:.1f})")
    print(f"  cpu time        {r['cpu_seconds']:10.2f} s")
