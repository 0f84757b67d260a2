"""Self-play: bot-only games with every invariant checked after every step.

Each game ``i`` of a run with seed ``s`` uses dealer seed ``(s, i)``, plays it once with checks,
then plays the same seed again and compares the log hashes: a difference means the engine is
not deterministic. Any violation is reported with the game, seed and step.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from p2pbang.bots import make_bot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import game_kind
from p2pbang.engine.runner import play_out
from p2pbang.engine.wire import history_hash

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


def _game_seed(seed: int, index: int) -> str:
    return f"{seed}/{index}"


def play_one(players: int, seed: str, check: bool, choice: GameChoice | None = None,
             level: str = "easy") -> tuple[Game, list[str]]:
    game = Game(players, choice=choice)
    dealer = LocalDealer(seed)
    bots = [make_bot(level, f"{seed}/{seat}") for seat in range(players)]
    problems: list[str] = []

    def after(g: Game) -> None:
        if not problems:
            found = violations(g, dealer.cards)
            if found:
                problems.extend(f"game {seed} step {len(g.history)}: {p}" for p in found)

    try:
        play_out(game, dealer, bots, after_step=after if check else None, max_steps=MAX_STEPS)
    except Exception as exc:  # a crash is a violation to report, not a reason to stop the run
        problems.append(f"game {seed} step {len(game.history)}: {type(exc).__name__}: {exc}")
    return game, problems


def selfplay(games: int, players: int, seed: int = 0,
             choice: GameChoice | None = None, level: str = "easy") -> SelfplayReport:
    """``choice``: the game to play (the base game for ``players`` when omitted); ``level``:
    the bots' (``bots.BOT_LEVELS``: random bots reach the most corners of the rules)."""
    choice = choice or GameChoice.make("bang", players)
    if choice.game != "bang":  # the Dice Game and The Duel: their own loop, same report
        from p2pbang.sim.family_games import selfplay_family

        return selfplay_family(games, seed, choice, level)
    players = choice.seats
    report = SelfplayReport(game=choice.label(), checks=game_kind(choice).checks)
    start = time.perf_counter()
    for index in range(games):
        game_seed = _game_seed(seed, index)
        game, problems = play_one(players, game_seed, check=True, choice=choice, level=level)
        if not problems:
            again, _ = play_one(players, game_seed, check=False, choice=choice, level=level)
            if history_hash(again.history) != history_hash(game.history):
                problems.append(f"game {game_seed}: same seed, different log hash")
        report.problems.extend(problems)
        report.games += 1
        report.steps += len(game.history)
        report.turns += game.turn
        if game.result is not None:
            report.wins[game.result.team] += 1
    report.seconds = time.perf_counter() - start
    return report
