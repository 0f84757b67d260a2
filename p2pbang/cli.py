"""The ``p2pbang`` command."""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import sys
from collections.abc import Callable, Sequence

from p2pbang import __version__
from p2pbang.bots.strong import THINK
from p2pbang.table.bot_pace import add_pace_argument, speed_of
from p2pbang.table.choice_flags import (
    EXIT_USAGE,
    add_choice_arguments,
    choice_or_message,
    seat_count,
    seats_help,
    seats_or_default,
)

EPILOG_SOLO = """examples:
  p2pbang solo                       a 5-player game, you against 4 bots
  p2pbang solo --players 7 --seed 42 the same deal every time with the same seed
  p2pbang solo --expansions dodge-city --players 8
                                     Dodge City, 3-8 players (--expansions above
                                     lists every expansion this version plays)
  p2pbang solo --game dice --players 6
                                     BANG! The Dice Game (3-8 players; --expansions
                                     old-saloon adds the Old Saloon dice and characters)
  p2pbang solo --game duel           BANG! The Duel, you against one bot
"""
EPILOG_SELFPLAY = """examples:
  p2pbang selfplay --games 2000 --players 7
  p2pbang selfplay --games 100 --players 4 --seed 9
  p2pbang selfplay --game dice --players 8 --games 2000
  p2pbang selfplay --game duel --games 2000
exit status: 0 when every invariant held in every game, 1 on any violation
"""
EPILOG_BENCH = """examples:
  p2pbang bench engine               complete 7-player random-bot games per second
  p2pbang bench engine --game dice --players 8
  p2pbang bench engine --game duel
  p2pbang bench crypto --cards 80 --peers 7
  p2pbang bench net --peers 8
  p2pbang bench table --peers 7      a whole bot game, one OS process per peer, on loopback
  p2pbang bench table --game dice --peers 8
                                     a Dice Game of 8 bot peers; prints a roll's median time
  p2pbang bench table --game duel    a Duel of two bot peers
  p2pbang bench table --peers 7 --drop 1   kill a peer mid-game: a bot takes its seat
  p2pbang bench setup --peers 7      the escrow's cost at set-up, with and without
  p2pbang bench bots --game duel --games 200 --jobs 2
                                     the strong bot against the sensible one, seats rotated
"""


def _int_in(text: str, low: int, high: int, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} must be between {low} and {high}")
    return value


def _positive(what: str, high: int = 10_000_000) -> Callable[[str], int]:
    return lambda text: _int_in(text, 1, high, what)


def _count(what: str, high: int = 16) -> Callable[[str], int]:
    return lambda text: _int_in(text, 0, high, what)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="p2pbang",
        description="BANG! peer to peer on your LAN, with trustless card dealing.",
    )
    parser.add_argument("--version", action="version", version=f"p2pbang {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    solo = commands.add_parser(
        "solo", help="play a game against bots on this machine",
        description="Play a whole game of BANG! against computer players on this machine.",
        epilog=EPILOG_SOLO, formatter_class=argparse.RawDescriptionHelpFormatter)
    solo.add_argument("--players", type=seat_count, default=None,
                      help=seats_help("seats at the table, you included", 5))
    add_choice_arguments(solo)
    solo.add_argument("--seed", type=_seed, default=None,
                      help="deal seed: the same seed deals the same game (default: random)")
    solo.add_argument("--name", "--player", dest="player", default="You",
                      help="your display name (the same word in join and bot)")
    solo.add_argument("--lang", choices=("en", "hu", "ro"), default=None,
                      help="interface language (default: from the locale)")
    solo.add_argument("--bot-level", dest="opponents", default="sensible",
                      choices=("easy", "sensible", "strong"),
                      help="how well the bots play: easy (random), sensible (default) or "
                           "strong (looks ahead, up to half a second a move)")
    solo.add_argument("--opponents", choices=("sensible", "random"), default="sensible",
                      help="how the bots play: to win (default), or at random")
    add_pace_argument(solo, "the computer players")
    solo.add_argument("--plain", action="store_true",
                      help="the plain line interface (pipes, dumb terminals, screen readers)")
    solo.add_argument("--home", default=None,
                      help="directory the game is saved in, under solo/ (default: "
                           "$P2PBANG_HOME, else the platform's data directory)")

    selfplay = commands.add_parser(
        "selfplay", help="bot-only games with every rule invariant checked",
        description="Play bot-only games, check the invariants after every step (every card "
                    "in exactly one place, life within bounds, every game ends, the same seed "
                    "gives the same log hash) and print a summary.",
        epilog=EPILOG_SELFPLAY, formatter_class=argparse.RawDescriptionHelpFormatter)
    selfplay.add_argument("--games", type=_positive("games"), default=100,
                          help="how many games to play (default 100)")
    selfplay.add_argument("--players", type=seat_count, default=None,
                          help=seats_help("seats in every game", 7))
    selfplay.add_argument("--seed", type=_seed, default=0,
                          help="the run's seed: the same seed plays the same games (default 0)")
    add_choice_arguments(selfplay)
    selfplay.add_argument("--bot-level", choices=("easy", "sensible", "strong"), default="easy",
                          help="the bots that play: easy (random, default: they reach the most "
                               "corners of the rules), sensible, or strong (a fixed iteration "
                               "budget, so a seed still replays the same game)")

    bench = commands.add_parser(
        "bench", help="measure engine, crypto or network speed on this machine",
        description="Benchmarks of the targets in the design: run them on a quiet machine.",
        epilog=EPILOG_BENCH, formatter_class=argparse.RawDescriptionHelpFormatter)
    targets = bench.add_subparsers(dest="target", metavar="TARGET")
    targets.required = True
    engine = targets.add_parser("engine", help="complete random-bot games per second, one core")
    engine.add_argument("--games", type=_positive("games"), default=1000,
                        help="how many complete games to time (default 1000)")
    engine.add_argument("--players", type=seat_count, default=None,
                        help=seats_help("seats", 7))
    engine.add_argument("--seed", type=_seed, default=0,
                        help="the run's seed: the same seed times the same games (default 0)")
    add_choice_arguments(engine)
    crypto = targets.add_parser("crypto", help="mental-poker shuffle, proofs and table setup")
    crypto.add_argument("--cards", type=_positive("cards", 1024), default=80,
                        help="cards in the shuffled deck (default 80)")
    crypto.add_argument("--peers", type=lambda t: _int_in(t, 2, 8, "peers"), default=7,
                        help="peers at the table set-up (2-8, default 7)")
    net = targets.add_parser("net", help="broadcast-and-append latency over loopback")
    net.add_argument("--peers", type=lambda t: _int_in(t, 2, 8, "peers"), default=8,
                     help="peers in the mesh (2-8, default 8)")
    table = targets.add_parser("table", help="a whole bot game over loopback, one process "
                                             "per peer, full protocol")
    table.add_argument("--peers", type=seat_count, default=None,
                       help=seats_help("peers", 7))
    table.add_argument("--drop", type=_count("drop"), default=0, metavar="N",
                       help="kill N peers for good (SIGKILL), one at a time at random moments "
                            "mid-game: the table replaces each with a bot (default 0)")
    table.add_argument("--seed", type=_seed, default=None,
                       help="seed the choice of the dropped peers and the moments")
    table.add_argument("--dropouts", choices=("escrow", "off"), default="escrow",
                       help="the table's choice (default escrow; off: no escrow at the set-up, "
                            "to compare what it costs)")
    add_choice_arguments(table)
    setup = targets.add_parser("setup", help="the escrow's cost at set-up: every peer in "
                                             "this process, with and without escrow")
    setup.add_argument("--peers", type=seat_count, default=None, help=seats_help("peers", 7))
    setup.add_argument("--rounds", type=_positive("rounds", 100), default=3,
                       help="set-ups each way; the best is shown (default 3)")
    add_choice_arguments(setup)
    bots = targets.add_parser("bots", help="the strong bot against the sensible one, seats "
                                           "rotated: win rates and decision times")
    bots.add_argument("--games", type=_positive("games"), default=20,
                      help="games with a strong seat (default 20)")
    bots.add_argument("--players", type=seat_count, default=None,
                      help=seats_help("seats", 7))
    bots.add_argument("--seed", type=_seed, default=0, help="the run's seed (default 0)")
    bots.add_argument("--think", type=float, default=THINK,
                      help=f"the strong bot's time budget per decision, seconds (default "
                           f"{THINK:g}; 0: no clock, the iterations alone, so a seed replays "
                           "its games)")
    bots.add_argument("--iterations", type=_positive("iterations"), default=400,
                      help="the strong bot's playouts per decision at most (default 400)")
    bots.add_argument("--jobs", type=_positive("jobs", 64), default=1,
                      help="play the games in this many processes: the same games and "
                           "results (default 1)")
    add_choice_arguments(bots)

    from p2pbang.commands.table_commands import add_table_commands

    COMMANDS.update(add_table_commands(commands))
    return parser


def _seats(args: argparse.Namespace, card_game_default: int) -> int:
    """``--players`` if given, else the default for the chosen game (so ``--game duel``
    needs no ``--players 2``)."""
    return seats_or_default(args, args.players, card_game_default)


def cmd_solo(args: argparse.Namespace) -> int:
    """A solo game; leaving it (q, the end of the input, Ctrl-C) exits 0 like finishing."""
    from p2pbang.ui.i18n import _

    try:
        return _solo(args)
    except KeyboardInterrupt:
        print("\n" + _("You left the game."), file=sys.stderr)
        return 0


def _solo(args: argparse.Namespace) -> int:
    """One path for every game: what differs (the person's name, the line that deals the
    game again, the plain interface) is the registry's (``ui/boards.py``'s ``solo_for``)."""
    from p2pbang.table.gamefiles import data_home
    from p2pbang.table.solo import SoloSession
    from p2pbang.table.solo_record import SoloRecord, new_record_path
    from p2pbang.ui.boards import solo_for
    from p2pbang.ui.i18n import _, set_language

    args.players = _seats(args, 5)
    choice = choice_or_message(args, args.players)
    if isinstance(choice, str):
        print(choice, file=sys.stderr)
        return EXIT_USAGE
    set_language(args.lang)
    solo = solo_for(choice.game)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    session = SoloSession(choice, seed, your_name=solo.person(args.player),
                          opponents=args.opponents)
    record = SoloRecord(choice, seed, session.you, list(session.names), args.opponents,
                        path=new_record_path(data_home(args.home), seed))
    try:
        record.save()
    except OSError as exc:
        print(f"p2pbang: cannot save the game: {exc}", file=sys.stderr)
        return 2
    session.record = record
    again = solo.again(choice, seed, record.path)
    if args.plain:
        print(again)
        return solo.plain(session)
    from p2pbang.ui.app import fullscreen_supported, play_solo

    if fullscreen_supported():
        code = play_solo(session, speed_of(args.pace))
    else:
        print(_("(no full-screen terminal here: using the plain interface)"), file=sys.stderr)
        code = solo.plain(session)
    print(again)
    return code


def cmd_selfplay(args: argparse.Namespace) -> int:
    from p2pbang.sim.selfplay import selfplay

    args.players = _seats(args, 7)
    choice = choice_or_message(args, args.players)
    if isinstance(choice, str):
        print(choice, file=sys.stderr)
        return EXIT_USAGE
    report = selfplay(args.games, args.players, args.seed, choice, args.bot_level)
    print(report.summary())
    return 1 if report.problems else 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.target in ("engine", "bots"):
        args.players = _seats(args, 7)
    if args.target in ("table", "setup"):
        args.players = args.peers
        args.peers = _seats(args, 7)
    if args.target in ("engine", "table", "bots", "setup"):
        choice = choice_or_message(
            args, args.peers if args.target in ("table", "setup") else args.players)
        if isinstance(choice, str):
            print(choice, file=sys.stderr)
            return EXIT_USAGE
    if args.target == "engine":
        from p2pbang.sim.bench_engine import print_engine_bench

        print_engine_bench(args.games, args.players, args.seed, choice)
    elif args.target == "bots":
        from p2pbang.sim.bench_bots import print_bench_bots

        print_bench_bots(choice, args.games, args.seed, args.think or None, args.iterations,
                         args.jobs)
    elif args.target == "crypto":
        from p2pbang.crypto.bench import print_crypto_bench

        print_crypto_bench(args.cards, args.peers)
    elif args.target == "setup":
        from p2pbang.table.bench_setup import print_setup_bench

        print_setup_bench(choice, args.rounds)
    elif args.target == "table":
        from p2pbang.table.bench import print_table_bench

        try:
            return print_table_bench(args.peers, choice, args.drop, args.seed, args.dropouts)
        except ValueError as exc:
            print(f"p2pbang: {exc}", file=sys.stderr)
            return EXIT_USAGE
    else:
        from p2pbang.net.bench import print_net_bench

        print_net_bench(args.peers)
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "solo": cmd_solo, "selfplay": cmd_selfplay, "bench": cmd_bench}


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``p2pbang ... | head``): stop quietly, as Unix tools do.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
