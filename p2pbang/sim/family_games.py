"""Self-play, the engine benchmark and whole seeded games for the Dice Game and The Duel.

Why a module of its own: the card game's ``selfplay.py`` and ``bench_engine.py`` know its
dealer-side card map and its bots; the other two engines are reached through the family
registry (``engine/family.py``) and ``bots.make_bot``, so one loop serves both of them and
the card game's files only gain a two-line dispatch. The engines' own tests play their whole
games through ``play_game`` here too (The Duel had a second copy of this loop, in
``duel_games.py``, until both were made one).

Self-play checks the engine's invariants after every step, replays each game's inputs on a
fresh engine (same end, same log hash) and plays the same seed a second time (same log
hash: the engine and bots are deterministic).
"""

from __future__ import annotations

import gc
import platform
import time
from collections.abc import Callable, Sequence
from typing import Any

from p2pbang.bots import make_bot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import GameState
from p2pbang.engine.family import game_kind
from p2pbang.engine.runner import Decider, play_out
from p2pbang.engine.sheet import FactSheet
from p2pbang.sim.selfplay import MAX_STEPS, SelfplayReport


def _seed(seed: int, index: int) -> str:
    return f"{seed}/{index}"


def random_bots(choice: GameChoice, label: str, level: str = "easy") -> list[Any]:
    """One bot of ``level`` (random unless told) per seat of ``choice``, seeded
    ``label/seat``."""
    return [make_bot(level, f"{label}/{seat}", choice.game) for seat in range(choice.seats)]


def play_game(choice: GameChoice, seed: str, deciders: Sequence[Decider] | None = None,
              after_step: Callable[[GameState], None] | None = None,
              max_steps: int = MAX_STEPS) -> tuple[GameState, End]:
    """One all-seeing game of ``choice``: the LocalDealer seeded ``seed``, and random bots
    (seeded ``seed/seat``) unless ``deciders`` are given; ``after_step(game)`` after every
    step. The engines' tests play their whole games here (``play_one`` is the same game for
    self-play, with the invariants and a crash reported instead of raised)."""
    game = game_kind(choice).new_game(choice, None)
    end = play_out(game, LocalDealer(seed), deciders or random_bots(choice, seed), after_step,
                   max_steps)
    return game, end


def play_one(choice: GameChoice, seed: str, check: bool,
             level: str = "easy") -> tuple[GameState, list[str]]:
    """One random-bot game of ``choice`` from ``seed``; with ``check`` the invariants after
    every step. A crash is reported as a problem, not raised: the run goes on."""
    kind = game_kind(choice)
    game = kind.new_game(choice, None)
    dealer = LocalDealer(seed)
    problems: list[str] = []

    def after(g: GameState) -> None:
        if not problems:
            problems.extend(f"game {seed} step {len(g.history)}: {p}"
                            for p in kind.violations(g, dealer.cards))

    try:
        play_out(game, dealer, random_bots(choice, seed, level),
                 after_step=after if check else None,
                 max_steps=MAX_STEPS)
    except Exception as exc:  # a crash is a violation to report, not a reason to stop the run
        problems.append(f"game {seed} step {len(game.history)}: {type(exc).__name__}: {exc}")
    return game, problems


def replay_problems(kind: FactSheet, choice: GameChoice, game: GameState,
                    seed: str) -> list[str]:
    """Feed the game's own log to a fresh engine: it must reach the same end and hash."""
    again = kind.new_game(choice, None)
    for item in game.history:
        again.apply(item)
    if again.pending != game.pending or kind.history_hash(again.history) != kind.history_hash(
            game.history):
        return [f"game {seed}: replaying its log gives a different game"]
    return []


def selfplay_family(games: int, seed: int, choice: GameChoice,
                    level: str = "easy") -> SelfplayReport:
    """``selfplay`` for a dice or duel ``choice``."""
    kind = game_kind(choice)
    report = SelfplayReport(game=choice.label(), checks=kind.checks)
    start = time.perf_counter()
    for index in range(games):
        game_seed = _seed(seed, index)
        game, problems = play_one(choice, game_seed, check=True, level=level)
        if not problems and not isinstance(game.pending, End):
            problems.append(f"game {game_seed}: did not end")
        if not problems:
            problems.extend(replay_problems(kind, choice, game, game_seed))
        if not problems:
            again, _ = play_one(choice, game_seed, check=False, level=level)
            if kind.history_hash(again.history) != kind.history_hash(game.history):
                problems.append(f"game {game_seed}: same seed, different log hash")
        report.problems.extend(problems)
        report.games += 1
        report.steps += len(game.history)
        report.turns += game.turn
        if game.result is not None:
            report.wins[game.result.team] += 1
    report.seconds = time.perf_counter() - start
    return report


def run_family_bench(games: int, seed: int, choice: GameChoice) -> dict[str, float]:
    """Complete random-bot games of ``choice`` per CPU second: all-seeing engine, seeded
    LocalDealer, no checks, this one process."""
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
        decide = [bot.decide for bot in random_bots(choice, f"{seed}/{index}")]
        apply, resolve = game.apply, dealer.resolve  # bound once: the loop is what is timed
        while game.result is None:
            pending = game.pending
            if type(pending) is Decision:
                apply(decide[pending.seat](game, pending))
                decisions += 1
            else:
                apply(resolve(pending))
        steps += len(game.history)
        turns += game.turn
    cpu = time.process_time() - start
    gc.unfreeze()
    return {
        "games": games,
        "players": choice.seats,
        "cpu_seconds": cpu,
        "wall_seconds": time.perf_counter() - wall,
        "games_per_second": games / cpu,
        "steps_per_second": steps / cpu,
        "steps_per_game": steps / games,
        "decisions_per_game": decisions / games,
        "turns_per_game": turns / games,
    }


def print_family_bench(games: int, seed: int, choice: GameChoice) -> None:
    r = run_family_bench(games, seed, choice)
    target = game_kind(choice).target_games_per_second  # docs/benchmarks.md
    print(f"engine benchmark: {r['games']:.0f} complete games of {choice.label()}, random "
          f"bots, LocalDealer, one core ({platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()})")
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
