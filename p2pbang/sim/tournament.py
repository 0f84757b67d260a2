"""Bot against bot: complete seeded games where each role is played by a chosen kind of bot.

Why: "is the sensible bot any good?" has a measurable answer. The same seeds deal the same
tables, so two line-ups (say, sensible Sheriff's team against random Outlaws, and all random)
are compared on identical deals. Used by the tests and by ``python -m p2pbang.sim.tournament``.

The harness itself is all-seeing (it runs the LocalDealer and must know the roles to seat the
right bot); every bot still reads the game only through its own seat's view.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from p2pbang.bots import make_bot
from p2pbang.bots.sensible import SensibleBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE, SHERIFF
from p2pbang.engine.bang.game import Game
from p2pbang.engine.choice import GameChoice, split_names

MAX_STEPS = 20_000


@dataclass(frozen=True)
class GameRecord:
    team: str  # the winning team: "sheriff", "outlaws" or "renegade" (3 players: a role)
    turns: int
    decisions: int
    bot_seconds: float  # time spent inside decide()
    fallbacks: int  # sensible-bot rule slips (see SensibleBot.fallbacks): must stay 0


def lineup(sheriff_team: str, others: str) -> dict[str, str]:
    """Bot kinds by role: ``sheriff_team`` for the Sheriff and Deputies, ``others`` for the
    Outlaws and the Renegade."""
    return {SHERIFF: sheriff_team, DEPUTY: sheriff_team, OUTLAW: others, RENEGADE: others}


def play_game(players: int, seed: int | str, kinds: Mapping[str, str],
              feed_events: bool = True, choice: GameChoice | None = None) -> GameRecord:
    """One complete game; ``kinds`` maps each role to a bot kind ("random", "sensible");
    ``choice``: the game (the base game for ``players`` when omitted)."""
    game = Game(players, choice=choice)
    dealer = LocalDealer(f"tournament/{seed}")
    while not isinstance(game.pending, (Decision, End)):  # roles are dealt before any decision
        game.apply(dealer.resolve(game.pending))
    bots = [make_bot(kinds[game.players[s].role], f"{seed}/{s}") for s in range(players)]
    listeners = [b for b in bots if isinstance(b, SensibleBot)] if feed_events else []
    decisions = 0
    thinking = 0.0
    for _ in range(MAX_STEPS):
        pending = game.pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            start = time.perf_counter()
            action = bots[pending.seat].decide(game, pending)
            thinking += time.perf_counter() - start
            decisions += 1
            events = game.apply(action)
        else:
            events = game.apply(dealer.resolve(pending))
        for bot in listeners:
            bot.observe(events)
    else:
        raise RuntimeError(f"game {seed} did not end within {MAX_STEPS} steps")
    slips = sum(b.fallbacks for b in bots if isinstance(b, SensibleBot))
    return GameRecord(pending.team, game.turn, decisions, thinking, slips)


def win_rates(players: int, games: int, kinds: Mapping[str, str],
              first_seed: int = 0, expansions: tuple[str, ...] = ()
              ) -> tuple[Counter[str], list[GameRecord]]:
    """Winning teams over ``games`` seeded games (seeds ``first_seed`` onwards)."""
    choice = GameChoice.make("bang", players, expansions)
    records = [play_game(players, seed, kinds, choice=choice)
               for seed in range(first_seed, first_seed + games)]
    return Counter(r.team for r in records), records


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[4, 5, 6, 7])
    parser.add_argument("--expansions", default="",
                        help="comma-separated, e.g. dodge-city (3 players: the Deputy plays "
                             "the Sheriff team's bot, the Outlaw and the Renegade the other)")
    args = parser.parse_args(argv)
    expansions = tuple(split_names(args.expansions))
    lineups = {
        "random vs random": lineup("random", "random"),
        "sensible Sheriff team vs random": lineup("sensible", "random"),
        "random Sheriff team vs sensible": lineup("random", "sensible"),
        "sensible vs sensible": lineup("sensible", "sensible"),
    }
    for players in args.players:
        for name, kinds in lineups.items():
            start = time.process_time()
            teams, records = win_rates(players, args.games, kinds, expansions=expansions)
            cpu = time.process_time() - start
            decisions = sum(r.decisions for r in records)
            thinking = sum(r.bot_seconds for r in records)
            shares = "  ".join(f"{team} {teams[team] / args.games:5.1%}"
                               for team in sorted(teams))
            print(f"{players}p {name:34s} {shares}  "
                  f"turns {sum(r.turns for r in records) / args.games:5.1f}  "
                  f"decide {thinking / max(decisions, 1) * 1e6:5.0f} us  cpu {cpu:5.1f} s")


if __name__ == "__main__":
    main()
