"""``p2pbang bench bots``: the strong bot against the sensible one, seats rotated.

Why this shape: a seat's chances differ (the Sheriff, the side that starts), so the strong
bot takes seat ``i mod N`` in game ``i``, and the same seeded deal is played again with the
sensible bot in that seat: the two win rates of the same seats on the same deals are what is
compared (roles are dealt by the seed, so they rotate with it). Every bot is fed the events
of every input, as solo and network tables feed them. In The Duel the second game
is not needed: the other side is the sensible bot, and its win rate is the rest.
Intervals are Wilson's (95%); decision times are those of decisions with a real choice.
"""

from __future__ import annotations

import math
import platform
import time
from dataclasses import dataclass, field
from typing import Any

from p2pbang.bots import make_bot
from p2pbang.bots.strong import StrongBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import new_game

MAX_STEPS = 50_000


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (draws count half in ``wins``)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotBench:
    game: str
    games: int = 0
    strong_wins: float = 0.0
    sensible_wins: float = 0.0  # the same seats played by the sensible bot
    times: list[float] = field(default_factory=list)  # strong decisions with a real choice
    fallbacks: int = 0

    def lines(self) -> list[str]:
        s_lo, s_hi = wilson(self.strong_wins, self.games)
        b_lo, b_hi = wilson(self.sensible_wins, self.games)
        times = sorted(self.times)
        p50 = times[len(times) // 2] if times else 0.0
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))] if times else 0.0
        ratio = (self.strong_wins / self.sensible_wins) if self.sensible_wins else math.inf
        return [
            f"{self.game}: {self.games} games, the strong bot's seat rotated",
            f"  strong   {self.strong_wins / max(self.games, 1):6.1%}  "
            f"(95% CI {s_lo:.1%}-{s_hi:.1%})",
            f"  sensible {self.sensible_wins / max(self.games, 1):6.1%}  "
            f"(95% CI {b_lo:.1%}-{b_hi:.1%})   ratio {ratio:.2f}",
            f"  strong decision time p50 {p50:.3f} s, p95 {p95:.3f} s over {len(times)} "
            f"decisions with a choice; fallbacks {self.fallbacks}",
        ]


def _play(choice: GameChoice, seed: str, bots: list[Any], timed: int | None,
          times: list[float]) -> End:
    game = new_game(choice, None)
    dealer = LocalDealer(seed)
    # Every bot hears the events of every input, as solo and network tables feed them.
    observers = [bot.observe for bot in bots if hasattr(bot, "observe")]
    for _ in range(MAX_STEPS):
        pending = game.pending
        if isinstance(pending, End):
            return pending
        if isinstance(pending, Decision):
            bot = bots[pending.seat]
            if pending.seat == timed and len(game.legal_actions()) > 1:
                start = time.perf_counter()
                action = bot.decide(game, pending)
                times.append(time.perf_counter() - start)
            else:
                action = bot.decide(game, pending)
            events = game.apply(action)
        else:
            events = game.apply(dealer.resolve(pending))
        if events:
            for observe in observers:
                observe(events)
    raise RuntimeError(f"game {seed} did not end within {MAX_STEPS} steps")


def bench_bots(choice: GameChoice, games: int, seed: int = 0, seconds: float = 0.5,
               iterations: int = 400) -> BotBench:
    """Play ``games`` seeded games of ``choice`` with one strong seat (rotated)."""
    report = BotBench(choice.label())
    seats = choice.seats
    for index in range(games):
        deal = f"bench-bots/{seed}/{index}"
        seat = index % seats
        bots = [make_bot("sensible", f"{deal}/{s}", choice.game) for s in range(seats)]
        strong = StrongBot(f"{deal}/{seat}", choice.game, iterations, seconds)
        bots[seat] = strong
        end = _play(choice, deal, bots, seat, report.times)
        report.strong_wins += seat in end.winners
        report.fallbacks += strong.fallbacks
        if seats == 2:  # a duel of two: the other seat is the sensible bot's side
            report.sensible_wins += seat not in end.winners
        else:
            baseline = [make_bot("sensible", f"{deal}/{s}", choice.game) for s in range(seats)]
            report.sensible_wins += seat in _play(choice, deal, baseline, None, []).winners
        report.games += 1
    return report


def print_bench_bots(choice: GameChoice, games: int, seed: int = 0, seconds: float = 0.5,
                     iterations: int = 400) -> None:
    start = time.perf_counter()
    report = bench_bots(choice, games, seed, seconds, iterations)
    print(f"bot benchmark: strong (budget {seconds} s / {iterations} iterations a decision) "
          f"against sensible; Python {platform.python_version()}, "
          f"{time.perf_counter() - start:.0f} s")
    for line in report.lines():
        print(line)
