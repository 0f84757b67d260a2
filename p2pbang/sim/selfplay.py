"""Self-play: bot-only games with every invariant checked after every step, for every game of
the family (through its fact sheet, ``engine/family.py``).

Each game ``i`` of a run with seed ``s`` uses dealer seed ``s/i`` and bots seeded ``s/i/seat``.
It is played once with the game's invariants checked after every step (``violations``), its
log is fed to a fresh engine (same end, same log hash) and the same seed is played a second
time (same log hash: the engine and the bots are deterministic). Any violation is reported
with the game, seed and step. The engines' own tests play their whole seeded games through
``play_game`` and ``play_one`` here too.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from p2pbang.bots import make_bot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import GameState
from p2pbang.engine.family import game_kind
from p2pbang.engine.runner import Decider, play_out
from p2pbang.engine.sheet import FactSheet

MAX_STEPS = 200_000  # far beyond any real game; a game that long is reported as not ending


@dataclass
class SelfplayReport:
    games: int = 0
    steps: int = 0
    turns: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    game: str = ""  # the choice's label: which rules were checked
    # What "no violation" means for this game's invariants, for the summary line.
    checks: str = "cards conserved, life in bounds"

    def summary(self) -> str:
        lines = [
            *([f"game: {self.game}"] if self.game else []),
            f"games: {self.games}   steps: {self.steps}   "
            f"avg steps/game: {self.steps / max(self.games, 1):.1f}   "
            f"avg turns/game: {self.turns / max(self.games, 1):.1f}",
            "wins: " + ", ".join(f"{team} {count}" for team, count in sorted(self.wins.items())),
            f"time: {self.seconds:.1f} s",
        ]
        if self.problems:
            lines.append(f"VIOLATIONS: {len(self.problems)}")
            lines.extend(f"  {p}" for p in self.problems[:20])
        else:
            lines.append(f"violations: none ({self.checks}, every game ended, "
                         "same seed -> same log hash)")
        return "\n".join(lines)


def game_seed(seed: int, index: int) -> str:
    """The dealer's seed of game ``index`` of a run seeded ``seed``."""
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
    """One game of ``choice`` from ``seed`` between bots of ``level``; with ``check`` the
    invariants after every step. A crash is reported as a problem, not raised: the run goes
    on."""
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
                 after_step=after if check else None, max_steps=MAX_STEPS)
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


def selfplay(games: int, players: int | None = None, seed: int = 0,
             choice: GameChoice | None = None, level: str = "easy") -> SelfplayReport:
    """``choice``: the game to play (the base card game for ``players`` when omitted);
    ``level``: the bots' (``bots.BOT_LEVELS``: random bots reach the most corners of the
    rules)."""
    if choice is None:
        if players is None:
            raise ValueError("selfplay needs a game or a number of players")
        choice = GameChoice.make("bang", players)
    kind = game_kind(choice)
    report = SelfplayReport(game=choice.label(), checks=kind.checks)
    start = time.perf_counter()
    for index in range(games):
        seed_of_game = game_seed(seed, index)
        game, problems = play_one(choice, seed_of_game, check=True, level=level)
        if not problems and not isinstance(game.pending, End):
            problems.append(f"game {seed_of_game}: did not end")
        if not problems:
            problems.extend(replay_problems(kind, choice, game, seed_of_game))
        if not problems:
            again, _ = play_one(choice, seed_of_game, check=False, level=level)
            if kind.history_hash(again.history) != kind.history_hash(game.history):
                problems.append(f"game {seed_of_game}: same seed, different log hash")
        report.problems.extend(problems)
        report.games += 1
        report.steps += len(game.history)
        report.turns += game.turn
        if game.result is not None:
            report.wins[game.result.team] += 1
    report.seconds = time.perf_counter() - start
    return report
