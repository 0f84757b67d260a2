"""``p2pbang bench bots``: the strong bot against the sensible one, seats rotated.

Why this shape: a seat's chances differ (the Sheriff, the side that starts), so the strong
bot takes seat ``i mod N`` in game ``i``, and the same seeded deal is played again with the
sensible bot in that seat: the two win rates of the same seats on the same deals are what is
compared (roles are dealt by the seed, so they rotate with it). Every bot is fed the events
of every input, as solo and network tables feed them. In The Duel the second game
is not needed: the other side is the sensible bot, and its win rate is the rest.
Intervals are Wilson's (95%); decision times are those of decisions with a real choice.

``jobs``: the games are played in that many worker processes. Each game depends only on its
deal and its index, so the games, results and printed lines are those of one process; the
results are gathered in the games' order, and each game's line is printed as soon as it and
every game before it are done (a run cut short still leaves a running tally). A decision's
time is its own wall clock in its worker.
"""

from __future__ import annotations

import math
import platform
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from p2pbang.bots import make_bot
from p2pbang.bots.strong import THINK, StrongBot
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
    searched: int = 0  # the strong bot's searches ...
    early_stops: int = 0  # ... stopped once settled (``strong.settled``)
    departures: int = 0  # ... and left its own policy's choice

    def add(self, game: GameResult) -> None:
        """Count one game's result in."""
        self.games += 1
        self.strong_wins += game.strong_win
        self.sensible_wins += game.sensible_win
        self.times.extend(game.times)
        self.fallbacks += game.fallbacks
        self.searched += game.searched
        self.early_stops += game.early_stops
        self.departures += game.departures

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
            f"  searches {self.searched}: {self.early_stops} stopped early (settled), "
            f"{self.departures} left the own policy's choice",
        ]


@dataclass
class GameResult:
    """One bench game: where the strong bot sat, who won, what its searches did."""

    index: int
    seat: int
    strong_win: bool
    sensible_win: bool  # the same seat on the same deal played by the sensible bot
    times: list[float]
    fallbacks: int
    searched: int
    early_stops: int
    departures: int
    seconds: float  # the game's wall clock (not part of the printed results)

    def line(self, tally: BotBench) -> str:
        """The game's printed line, with the running tally of the games up to it."""
        return (f"game {self.index} (strong seat {self.seat}): strong "
                f"{'won' if self.strong_win else 'lost'}, sensible "
                f"{'won' if self.sensible_win else 'lost'}; so far strong "
                f"{tally.strong_wins:g}/{tally.games}, sensible {tally.sensible_wins:g}/"
                f"{tally.games}; {self.searched} searches, {self.early_stops} stopped early, "
                f"{self.departures} departures")


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


def play_one(choice: GameChoice, seed: int, index: int, seconds: float | None,
             iterations: int) -> GameResult:
    """Game ``index`` of the run ``seed``: the strong bot at seat ``index mod N``, and (with
    more than two seats) the same deal again with the sensible bot in that seat."""
    start = time.perf_counter()
    deal = f"bench-bots/{seed}/{index}"
    seats = choice.seats
    seat = index % seats
    bots = [make_bot("sensible", f"{deal}/{s}", choice.game) for s in range(seats)]
    strong = StrongBot(f"{deal}/{seat}", choice.game, iterations, seconds)
    bots[seat] = strong
    times: list[float] = []
    end = _play(choice, deal, bots, seat, times)
    if seats == 2:  # a duel of two: the other seat is the sensible bot's side
        sensible_win = seat not in end.winners
    else:
        baseline = [make_bot("sensible", f"{deal}/{s}", choice.game) for s in range(seats)]
        sensible_win = seat in _play(choice, deal, baseline, None, []).winners
    return GameResult(index, seat, seat in end.winners, sensible_win, times,
                      strong.fallbacks, strong.searched, strong.early_stops,
                      strong.departures, time.perf_counter() - start)


def _play_one(args: tuple[GameChoice, int, int, float | None, int]) -> GameResult:
    return play_one(*args)


def played(choice: GameChoice, games: int, seed: int = 0, seconds: float | None = THINK,
           iterations: int = 400, jobs: int = 1) -> Iterator[GameResult]:
    """The run's games in their order, played in ``jobs`` processes."""
    work = [(choice, seed, index, seconds, iterations) for index in range(games)]
    if jobs <= 1:
        yield from map(_play_one, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_one, work)


def bench_bots(choice: GameChoice, games: int, seed: int = 0, seconds: float | None = THINK,
               iterations: int = 400, jobs: int = 1,
               each: Callable[[GameResult, BotBench], None] | None = None) -> BotBench:
    """Play ``games`` seeded games of ``choice`` with one strong seat (rotated); ``each`` is
    called with every game's result and the tally so far, in the games' order."""
    report = BotBench(choice.label())
    for game in played(choice, games, seed, seconds, iterations, jobs):
        report.add(game)
        if each is not None:
            each(game, report)
    return report


def print_bench_bots(choice: GameChoice, games: int, seed: int = 0,
                     seconds: float | None = THINK,
                     iterations: int = 400, jobs: int = 1) -> None:
    start = time.perf_counter()

    def each(game: GameResult, tally: BotBench) -> None:
        print(f"{game.line(tally)} ({game.seconds:.0f} s)", flush=True)

    report = bench_bots(choice, games, seed, seconds, iterations, jobs, each)
    clock = "no clock" if seconds is None else f"{seconds} s"
    print(f"bot benchmark: strong (budget {clock} / {iterations} iterations a decision) "
          f"against sensible, {jobs} process{'es' if jobs > 1 else ''}; Python "
          f"{platform.python_version()}, {time.perf_counter() - start:.0f} s")
    for line in report.lines():
        print(line)
