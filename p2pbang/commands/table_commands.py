"""The network commands of ``p2pbang``: host, list, join, watch, bot, resume, replay, verify.

``cli.py`` adds these subcommands with :func:`add_table_commands`; each handler returns the
process exit status:

=====  ===============================================================================
0      the game ran to its end (verify: the saved game is authentic and complete; watch:
       followed to the end)
1      a cheat stopped the game, or this peer failed (verify: the game does not check out;
       watch: the watch stopped before the end)
2      bad arguments, no such table or game, refused by the table
3      gave up waiting for a peer that never came back (``--max-wait``)
=====  ===============================================================================

Leaving on purpose (q, Esc, Ctrl-C, no table chosen) is no failure: status 0, and a line
says what was left (``p2pbang resume`` rejoins a game already begun). Inside this module and
the full-screen flow a leave is ``LEFT`` (4), so that the resume hint can tell it from a
finished game; :func:`_exit_code` turns it into 0 at the process boundary.
"""

from __future__ import annotations

import argparse
import functools
import getpass
import json
import logging
import logging.handlers
import os
import shlex
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

import trio

from p2pbang.bots import BOT_LEVELS
from p2pbang.engine.choice import GameChoice
from p2pbang.table.bot_pace import (
    DEFAULT_PACE,
    PacedDecider,
    add_pace_argument,
    pace_file,
    write_pace,
)
from p2pbang.table.cheats import CHEAT_KINDS
from p2pbang.table.choice_flags import (
    add_choice_arguments,
    choice_or_message,
    seat_count,
    seats_help,
    seats_or_default,
)
from p2pbang.table.dropouts import (
    DEFAULT_WAIT_S,
    ESCROW,
    MAX_WAIT_S,
    MIN_WAIT_S,
    MODES,
    Dropouts,
)
from p2pbang.table.exits import EXIT_CHEAT, EXIT_GAVE_UP, EXIT_OK, EXIT_USAGE, exit_status
from p2pbang.table.exits import EXIT_LEFT as FLOW_LEFT
from p2pbang.table.gamefiles import (
    GameFileError,
    data_home,
    load_transcript,
    unfinished_games,
)
from p2pbang.table.homelock import HomeInUse, hold_home
from p2pbang.table.host_bots import bots_home, bots_to_revive, revive_bots, stop_bots
from p2pbang.table.lobby_flow import (
    Seating,
    TableRefused,
    first_leaf,
    play_at_table,
    proven_keys,
)
from p2pbang.table.network import (
    NETWORK_FAILURES,
    DiscoveredTable,
    Identity,
    IdentityError,
    Lobby,
    LobbyError,
    StoreError,
    TableSettings,
    browse_tables,
    load_or_create_identity,
    multicast_problem,
    parse_key_fingerprint,
    parse_peer_address,
    probe_peer,
)
from p2pbang.table.players import BotDecider, LineReporter
from p2pbang.table.resume import resumable_game, resumed_mesh
from p2pbang.table.session import SessionConfig, SessionResult, TableSession
from p2pbang.table.table_choice import (
    describe,
    describe_for_listing,
    dropouts_of,
    settings_for,
)

if TYPE_CHECKING:
    from p2pbang.ui.network.plain_net import LineInput

LEFT = FLOW_LEFT  # the flows' "the person left", before it is an exit status
EXIT_LEFT = EXIT_OK  # a deliberate leave, as the process reports it
BOT_LEVEL_NAMES = tuple(BOT_LEVELS)  # easy, sensible, strong
BOT_NAMES = ("Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus")
BOT_LOBBY_TIMEOUT = 600.0
BOT_MAX_WAIT = 600.0
LOG_NAME = "p2pbang.log"
LOG_MAX_BYTES, LOG_BACKUPS = 4 * 1024 * 1024, 3  # p2pbang.log and .1-.3: at most 16 MiB

Handler = Callable[[argparse.Namespace], int]

EPILOG_HOST = """examples:
  p2pbang host                               a 5-seat table on the LAN, announced by mDNS
  p2pbang host --table-name Saloon --seats 4 --bots 3
                                             you against three bot peers on this machine
  p2pbang host --listen 127.0.0.1 --port 7000 --seats 4
  p2pbang host --game dice --seats 4 --bots 3
                                             BANG! The Dice Game against three bot peers
  p2pbang host --game duel --bots 1          BANG! The Duel against a bot peer
The game starts when every seat is taken. Others join with 'p2pbang join' (or
'p2pbang join --peer THIS_HOST:PORT' where multicast does not reach).
"""
EPILOG_LIST = """examples:
  p2pbang list                               tables announced on the LAN (3 s)
  p2pbang list --timeout 10
Open tables come first (join them); then the games being played (watch them).
"""
EPILOG_WATCH = """examples:
  p2pbang watch                              the game being played on the LAN (choose one)
  p2pbang watch Saloon                       that table's game, by name or id prefix
  p2pbang watch 192.168.1.20:7000            by a player's address (either of its ports)
  p2pbang watch --table-key k3v7qzx2m4n5p6rs the game announced by the player with that key
A watcher sees what the whole table sees, live: no hand, no hidden card. It holds no seat,
writes nothing, and the players do not wait for it.
"""
EPILOG_JOIN = """examples:
  p2pbang join Saloon                        the table of that name (or id prefix) on the LAN
  p2pbang join --peer 192.168.1.20:7000      by address, where multicast does not reach
"""
EPILOG_BOT = """examples:
  p2pbang bot --peer 192.168.1.20:7000       a computer player joins that table
  p2pbang bot --join Saloon                  the same, by the table's name (or its address)
  p2pbang bot Saloon --home /tmp/bot1        with its own identity and files in /tmp/bot1
  p2pbang bot --open --seats 4 --listen 127.0.0.1 --port 7000
                                             a bot that opens a table and waits for players
A bot is a peer like any other, with its own identity and keys: it sees only its own hand.
"""
EPILOG_RESUME = """examples:
  p2pbang resume                             the newest unfinished game in your data directory
  p2pbang resume 3fa2c9                      the game whose session id starts with 3fa2c9
  p2pbang resume --home /tmp/bot1            a bot's game, from its own home directory
  p2pbang resume --plain                     in the plain line interface
Reloads the log and your secrets, reconnects to the other players, catches up and plays on.
A table you hosted with --bots gets its bot peers back too.
"""
EPILOG_REPLAY = """examples:
  p2pbang replay ~/.local/share/p2pbang/games/<session>/transcript.p2pb
  p2pbang replay GAME_DIRECTORY --pause      wait for Enter after each turn
"""
EPILOG_VERIFY = """examples:
  p2pbang verify transcript.p2pb             every signature, proof and rule, offline
  p2pbang verify GAME_DIRECTORY              a game directory (its genesis and log file)
exit status: 0 when the game is authentic and complete, 1 otherwise (the report says what
fails and where: the log position and the seat it is attributed to)
"""


def _int_in(low: int, high: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be between {low} and {high}")
        return value
    return parse


def _address(text: str) -> str:
    try:
        parse_peer_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _table_key(text: str) -> str:
    try:
        return parse_key_fingerprint(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


TABLE_KEY_HELP = ("the table opener's key (its 16-character peer id, as the opener shows it): "
                  "refuse the table unless the peer at its address proves that key")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a duration in seconds, not {text!r}") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError("a duration between 0 and 86400 seconds")
    return value


class _OldTableName(argparse.Action):
    """``host --name``: the table's name, as it was before ``--name`` meant the player in
    every other command. It still works, with a note; ``--table-name`` is the word."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print("p2pbang: 'host --name' names the table, as before; its word is now "
              "--table-name (--player names you at the table, like --name in solo, join "
              "and bot)", file=sys.stderr)
        setattr(namespace, self.dest, values)


def _formatter(parser: argparse._SubParsersAction, name: str, **kwargs: object
               ) -> argparse.ArgumentParser:
    return parser.add_parser(name, formatter_class=argparse.RawDescriptionHelpFormatter,
                             **kwargs)  # type: ignore[arg-type]


def _common(parser: argparse.ArgumentParser, network: bool = True) -> None:
    parser.add_argument("--home", default=None,
                        help="directory for this player's identity and games "
                             "(default: $P2PBANG_HOME, else the platform's directories)")
    if network:
        parser.add_argument("--listen", default="0.0.0.0",
                            help="address to listen on (default: every interface; "
                                 "127.0.0.1 for this machine only)")
        parser.add_argument("--port", type=_int_in(0, 65535, "port"), default=0,
                            help="TCP port to listen on (default: any free port)")


def _dropout_arguments(parser: argparse.ArgumentParser, opener: str = "") -> None:
    """``--dropouts`` and ``--dropout-wait``: what the table does when a player vanishes
    (``table/dropouts.py``); every player signs the choice with the genesis."""
    parser.add_argument("--dropouts", choices=MODES, default=ESCROW,
                        help=f"{opener}escrow (default): each seat's key is escrowed among "
                             "all the others, so a player who vanishes is replaced by a bot "
                             "(all the others together could read a hand, no fewer); off: "
                             "nobody can ever read another's hand, and a player who "
                             "vanishes stops the game. The Duel forfeits instead")
    parser.add_argument("--dropout-wait", type=_int_in(MIN_WAIT_S, MAX_WAIT_S, "seconds"),
                        default=DEFAULT_WAIT_S, metavar="S",
                        help=f"{opener}how long a silent player is waited for before the "
                             f"table may replace them (default {DEFAULT_WAIT_S} s)")


def _dropouts(args: argparse.Namespace, choice: GameChoice) -> Dropouts:
    return Dropouts.for_table(args.dropouts, choice.seats, args.dropout_wait)


def _interface(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--plain", action="store_true",
                        help="the plain line interface (pipes, dumb terminals, screen readers)")
    parser.add_argument("--lang", choices=("en", "hu", "ro"), default=None,
                        help="interface language (default: from the locale)")


def _full_screen(args: argparse.Namespace) -> bool:
    """The full-screen interface unless --plain, or no terminal can show it (then say so)."""
    from p2pbang.ui.app import fullscreen_supported
    from p2pbang.ui.i18n import _, set_language

    set_language(args.lang)
    if args.plain:
        return False
    if not fullscreen_supported():
        print(_("(no full-screen terminal here: using the plain interface)"), file=sys.stderr)
        return False
    return True


def add_table_commands(commands: argparse._SubParsersAction) -> dict[str, Handler]:
    """Add the network subcommands to ``p2pbang``'s parser; returns their handlers."""
    host = _formatter(commands, "host", help="open a table on the LAN and play",
                      description="Open a table for a game of BANG! on the LAN and play at "
                                  "it in the full-screen interface (--plain: the line "
                                  "interface).", epilog=EPILOG_HOST)
    host.add_argument("--table-name", dest="table_name", default="BANG table",
                      help="the table's name")
    host.add_argument("--name", dest="table_name", action=_OldTableName,
                      help=argparse.SUPPRESS)
    host.add_argument("--seats", type=seat_count, default=None,
                      help=seats_help("players at the table, you included", 5))
    host.add_argument("--bots", type=_int_in(0, 7, "bots"), default=0,
                      help="fill this many seats with bot peers started on this machine "
                           "(their secret keys stay in your home: whoever hosts bots can "
                           "read their hands)")
    host.add_argument("--bot-level", choices=BOT_LEVEL_NAMES, default="sensible",
                      help="how well those bots play (default sensible; strong thinks up to "
                           "half a second a move)")
    host.add_argument("--player", default=None,
                      help="your display name at the table (--name in solo, join and bot)")
    host.add_argument("--no-announce", action="store_true",
                      help="do not announce the table over mDNS")
    add_pace_argument(host, "the bot peers of --bots")
    add_choice_arguments(host)
    _dropout_arguments(host)
    _interface(host)
    _common(host)

    listing = _formatter(commands, "list", help="tables announced on the LAN",
                         description="List the tables announced on the LAN (DNS-SD).",
                         epilog=EPILOG_LIST)
    listing.add_argument("--timeout", type=_seconds, default=3.0,
                         help="how long to listen, in seconds (default 3)")

    join = _formatter(commands, "join", help="join a table and play",
                      description="Join a table found on the LAN (by name or id prefix) or "
                                  "at an address, and play in the full-screen interface; "
                                  "with no table named, choose one from those on the LAN.",
                      epilog=EPILOG_JOIN)
    join.add_argument("table", nargs="?", default=None, help="table name or id prefix")
    join.add_argument("--peer", type=_address, default=None,
                      help="HOST:PORT of any player at the table")
    join.add_argument("--name", "--player", dest="player", default=None,
                      help="your display name at the table")
    join.add_argument("--table-key", type=_table_key, default=None, metavar="FINGERPRINT",
                      help=TABLE_KEY_HELP)
    join.add_argument("--timeout", type=_seconds, default=3.0,
                      help="how long to look for the table on the LAN (default 3 s)")
    _interface(join)
    _common(join)

    watch = _formatter(commands, "watch", help="watch a game being played on the LAN",
                       description="Watch a game being played, live, in the full-screen "
                                   "interface (--plain: the line interface): public "
                                   "information only (no hand, no hidden card), every entry "
                                   "checked as the players check it. t (plain: take) offers "
                                   "to take a seat the table replaces: its hand then reaches "
                                   "you alone, and you play it.",
                       epilog=EPILOG_WATCH)
    watch.add_argument("table", nargs="?", default=None,
                       help="table name, id prefix, or HOST:PORT of one of its players")
    watch.add_argument("--peer", type=_address, default=None,
                       help="HOST:PORT of any player at the table")
    watch.add_argument("--table-key", type=_table_key, default=None, metavar="FINGERPRINT",
                       help="the key of the player whose announcement to follow (or, with "
                            "--peer, that the player at that address must prove)")
    watch.add_argument("--name", "--player", dest="player", default=None,
                       help="the name this watcher gives itself (the players see only how "
                            "many watch, and this name if it offers to take a seat: t)")
    watch.add_argument("--timeout", type=_seconds, default=3.0,
                       help="how long to look for the game on the LAN (default 3 s)")
    _interface(watch)

    bot = _formatter(commands, "bot", help="a computer player as its own peer",
                     description="Run a computer player as its own peer, with its own "
                                 "identity and keys, at a table on the LAN.",
                     epilog=EPILOG_BOT)
    bot.add_argument("table", nargs="?", default=None, help="table name or id prefix")
    bot.add_argument("--peer", type=_address, default=None,
                     help="HOST:PORT of any player at the table")
    bot.add_argument("--join", default=None, metavar="TABLE|HOST:PORT",
                     help="the table to join, by name, id prefix or address")
    bot.add_argument("--open", action="store_true", help="open a new table instead")
    bot.add_argument("--table-key", type=_table_key, default=None, metavar="FINGERPRINT",
                     help=TABLE_KEY_HELP)
    bot.add_argument("--seats", type=seat_count, default=None,
                     help=seats_help("with --open: players at the table", 5))
    bot.add_argument("--table-name", default="BANG table", help="with --open: its name")
    bot.add_argument("--name", "--player", dest="player", default=None,
                     help="the bot's display name at the table")
    bot.add_argument("--bot-level", choices=BOT_LEVEL_NAMES, default="sensible",
                     help="how well the bot plays (default sensible)")
    bot.add_argument("--seed", type=int, default=None,
                     help="seed the bot's choices (not the deal, which no one controls)")
    bot.add_argument("--timeout", type=_seconds, default=3.0,
                     help="how long to look for the table on the LAN (default 3 s)")
    bot.add_argument("--max-wait", type=_seconds, default=BOT_MAX_WAIT,
                     help="give up when the table has waited this long for one move "
                          f"(default {BOT_MAX_WAIT:.0f} s)")
    bot.add_argument("--verbose", action="store_true", help="print every event")
    bot.add_argument("--announce", action="store_true",
                     help="with --open: announce the table over mDNS")
    add_choice_arguments(bot)
    _dropout_arguments(bot, "with --open: ")
    bot.add_argument("--cheat", choices=CHEAT_KINDS, default=None, help=argparse.SUPPRESS)
    bot.add_argument("--record", default=None, help=argparse.SUPPRESS)
    bot.add_argument("--timings", default=None, help=argparse.SUPPRESS)  # bench table
    bot.add_argument("--pace-file", default=None, help=argparse.SUPPRESS)  # host --bots
    _common(bot)

    resume = _formatter(commands, "resume", help="rejoin a game after a crash or a quit",
                        description="Reconnect to an unfinished game: reload its log and "
                                    "your secrets, catch up with the others, play on.",
                        epilog=EPILOG_RESUME)
    resume.add_argument("game", nargs="?", default=None,
                        help="game directory or session id prefix (default: the newest "
                             "unfinished game)")
    resume.add_argument("--max-wait", type=_seconds, default=None,
                        help="a bot gives up after waiting this long for one move")
    resume.add_argument("--pace-file", default=None, help=argparse.SUPPRESS)  # host's bots
    _interface(resume)
    _common(resume)

    replay = _formatter(commands, "replay", help="step through a saved game",
                        description="Replay a saved game as a spectator, in plain text.",
                        epilog=EPILOG_REPLAY)
    replay.add_argument("file", help="a transcript file or a game directory")
    replay.add_argument("--pause", action="store_true",
                        help="wait for Enter after each turn")
    replay.add_argument("--lang", choices=("en", "hu", "ro"), default=None,
                        help="the language the game is told in (default: from the locale)")

    verify = _formatter(commands, "verify", help="check a saved game offline",
                        description="Check every signature, proof and rule of a saved game "
                                    "offline, and say exactly what fails and where.",
                        epilog=EPILOG_VERIFY)
    verify.add_argument("file", help="a transcript file or a game directory")
    handlers = {"host": cmd_host, "list": cmd_list, "join": cmd_join, "watch": cmd_watch,
                "bot": cmd_bot,
                "resume": cmd_resume, "replay": cmd_replay, "verify": cmd_verify}
    return {name: _exiting(handler) for name, handler in handlers.items()}


def _exit_code(status: int) -> int:
    """The process's exit status for a flow's status: a leave is 0 (see the module doc)."""
    return EXIT_LEFT if status == LEFT else status


def _exiting(handler: Handler) -> Handler:
    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        return _exit_code(handler(args))
    return run


# --------------------------------------------------------------------------- helpers


def _listen(args: argparse.Namespace) -> str:
    return "" if args.listen in ("0.0.0.0", "", "*") else args.listen


def _identity(home: Path | None, name: str | None) -> Identity:
    try:
        return load_or_create_identity(name, directory=home)
    except IdentityError:
        if name is not None:
            raise
        fallback = "".join(ch for ch in getpass.getuser() if ch.isalnum())[:20] or "Player"
        return load_or_create_identity(fallback, directory=home)


def _player_identity(args: argparse.Namespace) -> Identity | None:
    """The person's identity for ``--home``/``--player``; None (the reason printed) if it
    cannot be loaded or made."""
    try:
        return _identity(Path(args.home) if args.home else None, args.player)
    except (IdentityError, ValueError) as exc:
        print(f"p2pbang: {exc}", file=sys.stderr)
        return None


def _home(args: argparse.Namespace) -> Path:
    """The data home, locked for this process, with the network layers' diagnostics logged
    to a file in it (the terminal is the game's; a connection refused or retried is not news
    to a player)."""
    home = data_home(args.home)
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        hold_home(home)  # before anything is written: a second copy must change nothing
    except HomeInUse as exc:
        print(f"p2pbang: {exc}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE) from None
    logger = logging.getLogger("p2pbang")
    if not any(isinstance(h, logging.FileHandler) for h in logger.handlers):
        # Rotated: a connection flood must not fill the disk (a few MB times a few files).
        handler = logging.handlers.RotatingFileHandler(
            home / LOG_NAME, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return home


def _print_stats(result: SessionResult) -> None:
    stats = dict(result.stats)
    stats.update(entries=result.entries, game_s=round(result.game_s, 3),
                 setup_s=round(result.setup_s, 3) if result.setup_s is not None else None,
                 head=result.head.hex(), ok=result.ok)
    print("stats " + json.dumps(stats, sort_keys=True), flush=True)


ID_PREFIX_MIN = 6  # hex digits of a table id that name it on a LAN


Chooser = Callable[[], Awaitable[str | None]]


class NoTableChosen(TableRefused):
    """The person gave up choosing among several tables: a leave, not a refusal (``_run``
    says so and exits 0; a caller that only knows refusals still stops)."""

    def __init__(self) -> None:
        super().__init__("no table chosen")


def _address_text(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def describe_candidates(tables: list[DiscoveredTable],
                        proven: list[str | None] | None = None) -> list[str]:
    """One numbered line per table found, with what tells them apart: a cloned DNS-SD record
    has the same name, id and claimed key as the real one, but another address, and the peer
    there proves another key on connection (``proven``, when asked)."""
    lines = []
    for number, t in enumerate(tables, 1):
        line = (f"  {number}. {t.info.name!r}  id {t.info.table_id.hex()[:ID_PREFIX_MIN]}  "
                f"at {_address_text(t.host, t.port)}  record's key {t.info.host_peer}")
        if proven is not None:
            key = proven[number - 1]
            line += ("  (no key proven there: no answer)" if key is None
                     else "  (proven there)" if key == t.info.host_peer
                     else f"  (NOT proven there: that peer is {key})")
        lines.append(line)
    return lines


async def choose_table(tables: list[DiscoveredTable], what: str, say: Callable[[str], None],
                       ask: Chooser | None, proven: list[str | None] | None = None
                       ) -> DiscoveredTable:
    """Several tables answer to what was asked: list them all with their addresses (and the
    key each address proved) and let the person choose by number; without a person (a bot),
    refuse with the same list."""
    lines = describe_candidates(tables, proven)
    if ask is None:
        raise TableRefused(f"several tables {what}:\n" + "\n".join(lines)
                           + "\nchoose one with --peer ADDRESS --table-key FINGERPRINT "
                             "(the key the table's opener shows you: --peer alone proves "
                             "no key)")
    say(f"several tables {what} (a copy may be announced by someone else: only the one "
        "whose host proves the key shown when you join is the real one):")
    for line in lines:
        say(line)
    while True:
        say(f"which one? (1-{len(tables)}, empty to give up)")
        answer = await ask()
        if answer is None or not answer.strip():
            raise NoTableChosen()
        if answer.strip().isdigit() and 1 <= int(answer) <= len(tables):
            return tables[int(answer) - 1]


async def _find_table(args: argparse.Namespace, say: Callable[[str], None],
                      ask: Chooser | None = None,
                      identity: Identity | None = None,
                      running: bool = False) -> DiscoveredTable:
    """The table ``args`` names, open for joining (or ``running``: its game begun, for
    watching); several candidates are listed with the key each address proves when
    ``identity`` is given to ask them with."""
    if args.peer:
        say(f"asking {args.peer} which table it is at...")
        found = await probe_peer(args.peer)
        if found.info.playing and not running:
            raise TableRefused(f"the game at {found.info.name!r} has begun: nobody can join "
                               f"it now; watch it with: p2pbang watch {args.peer}")
        if running and not found.info.playing:
            raise TableRefused(f"{found.info.name!r} has not begun its game: join it with "
                               f"p2pbang join --peer {args.peer}")
        return found
    wanted = (args.table or "").lower()
    key = getattr(args, "table_key", None) if running else None

    def matches(table: DiscoveredTable) -> bool:
        if table.info.playing != running or (key and table.info.host_peer != key):
            return False
        return (not wanted or table.info.name.lower() == wanted
                or table.info.table_id.hex().startswith(wanted))

    def found_by_id(tables: list[DiscoveredTable]) -> bool:
        # Ids are random, so an id prefix names one table: no need to listen any longer.
        # Names can clash: listen the whole time to notice a second table of that name.
        return len(wanted) >= ID_PREFIX_MIN and any(
            t.info.table_id.hex().startswith(wanted) for t in tables)

    found = await browse_tables(args.timeout, stop_when=found_by_id)
    chosen = [t for t in found if matches(t)]
    if not chosen:
        seen = ", ".join(t.info.name + (" (being played)" if t.info.playing else "")
                         for t in found) or "none"
        what = "game being played" if running else "open table"
        raise TableRefused(f"no {what} {args.table or ''!r} found on the LAN (seen: {seen}); "
                           "try --peer HOST:PORT")
    if len(chosen) > 1:
        what = f"answer to {args.table!r}" if wanted else "on the LAN"
        proven = await proven_keys(identity, chosen) if identity is not None else None
        return await choose_table(chosen, what, say, ask, proven)
    return chosen[0]


def _run(async_main: Callable[[], object],
         in_game: Callable[[], bool] = lambda: True) -> int:
    """Run a flow; its failures become one line and a status. ``in_game`` tells whether
    the game had begun when Ctrl-C came (before it, there is nothing to resume)."""
    from p2pbang.ui.i18n import _

    try:
        try:
            return trio.run(async_main)  # type: ignore[arg-type]
        except BaseExceptionGroup as group:  # nurseries wrap what escapes them
            raise first_leaf(group) from None
    except KeyboardInterrupt:
        # Ctrl-C leaves the table as q does in the full-screen interface: the files stay,
        # the status says "left", and the caller names the resume command.
        print("\n" + (_("You left the game.") if in_game()
                       else _("You left the table before the game began.")), file=sys.stderr)
        return LEFT
    except NoTableChosen:
        print(_("No table chosen: you joined none."), file=sys.stderr)
        return LEFT
    except (TableRefused, *NETWORK_FAILURES) as exc:
        print(f"p2pbang: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except trio.BrokenResourceError:
        # a peer hung up midway through the opening exchange: it is gone, not us
        print("p2pbang: the connection to the table closed before it answered",
              file=sys.stderr)
        return EXIT_USAGE
    except (OSError, LobbyError, ValueError, IdentityError, GameFileError, StoreError) as exc:
        print(f"p2pbang: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except trio.TooSlowError:
        print("p2pbang: the table did not fill up in time", file=sys.stderr)
        return EXIT_GAVE_UP


# --------------------------------------------------------------------------- host, join


def lan_address() -> str:
    """This machine's address on its default route (no packet is sent), else loopback.

    Bots started by ``host`` dial the table at this address when it listens on every
    interface, so the table sees them, and gossips them to players on other machines,
    at an address those players can reach.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _spawn_bots(count: int, port: int, listen: str, home: Path,
                seconds: float = DEFAULT_PACE,
                level: str = "sensible") -> list[subprocess.Popen]:
    """Start ``count`` bot peers on this machine, each with its own home directory, waiting
    ``seconds`` before each move (``--pace``) until the person changes it, playing at
    ``level`` (``--bot-level``)."""
    processes = []
    address = lan_address() if listen == "" else listen
    bot_listen = "0.0.0.0" if listen == "" else listen
    pace = pace_file(bots_home(home))
    write_pace(pace, seconds)  # as solo bots: the person follows, and sets it with +/-
    for index in range(count):
        name = BOT_NAMES[index % len(BOT_NAMES)]
        bot_home = bots_home(home) / f"{index + 1}-{name}"
        bot_home.mkdir(parents=True, exist_ok=True, mode=0o700)
        out = open(bot_home / "bot.out", "ab")  # noqa: SIM115 (the child owns it)
        command = [sys.executable, "-m", "p2pbang.cli", "bot", "--peer", f"{address}:{port}",
                   "--home", str(bot_home), "--player", name, "--listen", bot_listen,
                   "--pace-file", str(pace), "--bot-level", level]
        processes.append(subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                          stdin=subprocess.DEVNULL))
        out.close()
    return processes


def _reap(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        try:
            process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            process.terminate()


def join_hint(name: str, host: str, port: int, table_key: str | None = None) -> str:
    """How others join, as commands to paste into a shell: the table's name quoted for
    the shell and nothing around it (quotes around a command that quotes its own argument
    would pair up wrongly); by address, pinned to the opener's key when it is given (a
    cloned announcement's address proves another key)."""
    pinned = f" --table-key {table_key}" if table_key else ""
    return (f"others join with: p2pbang join {shlex.quote(name)}  or: "
            f"p2pbang join --peer {_address_text(host, port)}{pinned}")


def cmd_host(args: argparse.Namespace) -> int:
    from p2pbang.ui.network.plain_net import PlainNetworkTable

    args.seats = seats_or_default(args, args.seats, 5)
    if args.bots >= args.seats:
        print("p2pbang: leave at least one seat for yourself (--bots < --seats)",
              file=sys.stderr)
        return EXIT_USAGE
    choice = choice_or_message(args, args.seats)
    if isinstance(choice, str):
        print(choice, file=sys.stderr)
        return EXIT_USAGE
    settings = settings_for(args.table_name, choice, _dropouts(args, choice))
    home = _home(args)
    identity = _player_identity(args)
    if identity is None:
        return EXIT_USAGE
    if _full_screen(args):
        return _host_full_screen(args, home, identity, settings)
    ui = PlainNetworkTable(pace=pace_file(bots_home(home)) if args.bots else None)
    bots: list[subprocess.Popen] = []
    listen = _listen(args)

    async def opened(lobby: Lobby) -> None:
        port = lobby.mesh.port
        ui.lobby(f"table {settings.name!r} open on port {port}")
        ui.lobby(join_hint(settings.name, listen or "THIS_HOST", port, identity.peer_id))
        ui.lobby(dropouts_of(settings).describe())
        ui.lobby(f"you are {identity.name}; the game ({describe(settings)}) starts when all "
                 f"{settings.seats} seats are taken")
        if args.bots:
            bots.extend(_spawn_bots(args.bots, port, listen, home, args.pace,
                                    args.bot_level))
            ui.lobby(f"started {args.bots} bot peers (their output and secret keys: "
                     f"{home / 'bots'}; whoever hosts bots can read their hands)")

    async def room(lobby: Lobby) -> None:  # the opener's commands: list, remove a player
        from p2pbang.ui.network.plain_room import PlainWaitingRoom

        await PlainWaitingRoom(lobby, ui.input.read_fresh, ui.input.hold, ui.lobby).run()

    async def main() -> int:
        seating = Seating(ui, ui, home, {"player": "person"})
        result = await play_at_table(identity, seating, ui.lobby, settings=settings,
                                     listen=listen, port=args.port,
                                     announce=not args.no_announce, on_open=opened,
                                     waiting_room=room)
        return exit_status(result)

    try:
        return _with_resume_hint(args, _run(main, lambda: ui.session is not None))
    finally:
        _reap(bots)


def _host_full_screen(args: argparse.Namespace, home: Path, identity: Identity,
                      settings: TableSettings) -> int:
    from p2pbang.ui.network.net_app import NetworkRequest, run_network

    listen = _listen(args)
    bots: list[subprocess.Popen] = []

    async def opened(lobby: Lobby) -> None:
        if args.bots:
            bots.extend(_spawn_bots(args.bots, lobby.mesh.port, listen, home, args.pace,
                                    args.bot_level))

    request = NetworkRequest(
        identity=identity, home=home, identity_dir=Path(args.home) if args.home else None,
        listen=listen, port=args.port, settings=settings,
        announce=not args.no_announce, invite_host=listen or lan_address(), on_open=opened,
        bots=args.bots, bots_home=bots_home(home))
    code = LEFT
    try:
        code = _with_resume_hint(args, run_network(request))
        return code
    finally:
        if code == LEFT:  # nobody to play with: they keep their files for a resume
            for process in bots:
                process.terminate()
        _reap(bots)


def cmd_join(args: argparse.Namespace) -> int:
    from p2pbang.ui.network.plain_net import PlainNetworkTable

    if args.table and args.peer:
        print("p2pbang: name a table or give --peer, not both", file=sys.stderr)
        return EXIT_USAGE
    home = _home(args)
    identity = _player_identity(args)
    if identity is None:
        return EXIT_USAGE
    if _full_screen(args):
        from p2pbang.ui.network.net_app import NetworkRequest, run_network

        listen = _listen(args)
        return _with_resume_hint(args, run_network(NetworkRequest(
            identity=identity, home=home, identity_dir=Path(args.home) if args.home else None,
            listen=listen, port=args.port, peer=args.peer, table_name=args.table,
            find_timeout=args.timeout, invite_host=listen or lan_address(),
            table_key=args.table_key)))
    ui = PlainNetworkTable()

    async def main() -> int:
        table = await _find_table(args, ui.lobby, ui.input.readline, identity)
        game = describe(TableSettings.from_info(table.info))
        ui.lobby(f"joining {table.info.name!r} ({game}, {table.info.seats} seats, "
                 f"{table.info.free} free) at {table.host}:{table.port}")
        seating = Seating(ui, ui, home, {"player": "person"})
        result = await play_at_table(identity, seating, ui.lobby, table=table,
                                     listen=_listen(args), port=args.port,
                                     table_key=args.table_key)
        return exit_status(result)

    return _with_resume_hint(args, _run(main, lambda: ui.session is not None))


def listing_lines(tables: list[DiscoveredTable]) -> list[str]:
    """``list``'s lines: the open tables (seats taken), then the games being played (their
    turn and how many watch them through the announcing player)."""
    lines: list[str] = []
    ordered = sorted(tables, key=lambda t: t.info.name)
    running = [t for t in ordered if t.info.playing]
    for table in [t for t in ordered if not t.info.playing] + running:
        info = table.info
        if info.playing and table is running[0]:
            lines.append("being played (watch with: p2pbang watch NAME):")
        state = "" if info.compatible else f"  (protocol v{info.version}: incompatible)"
        game = describe_for_listing(TableSettings.from_info(info))
        where = f"{table.host}:{table.port}   id {info.table_id.hex()[:12]}{state}"
        if info.playing:
            lines.append(f"{info.name:<24} {game:<6} turn {info.turn}, {info.watchers} "
                         f"watching   {where}")
        else:
            lines.append(f"{info.name:<24} {game:<6} {info.seats - info.free}/{info.seats} "
                         f"seated   {where}")
    return lines


def cmd_list(args: argparse.Namespace) -> int:
    async def main() -> int:
        tables = await browse_tables(args.timeout)
        if not tables:
            problem = await trio.to_thread.run_sync(multicast_problem)
            print("no tables found on the LAN" + (f" ({problem})" if problem else ""))
            print("a table can also be joined by address: p2pbang join --peer HOST:PORT")
            return EXIT_OK
        for line in listing_lines(tables):
            print(line)
        return EXIT_OK

    return _run(main)


# --------------------------------------------------------------------------- watch


def cmd_watch(args: argparse.Namespace) -> int:
    from p2pbang.table.watch import TableWatch
    from p2pbang.ui.watch_plain import PlainWatcher

    full = _full_screen(args)  # sets the language too
    if args.table and args.peer:
        print("p2pbang: name a table or give --peer, not both", file=sys.stderr)
        return EXIT_USAGE
    if args.table and ":" in args.table:  # an address, not a name
        try:
            parse_peer_address(args.table)
        except ValueError as exc:
            print(f"p2pbang: {exc}", file=sys.stderr)
            return EXIT_USAGE
        args.peer, args.table = args.table, None
    try:
        # A watcher keeps nothing: a fresh key of its own, no home, no files.
        identity = Identity.generate(args.player or "watcher")
    except ValueError as exc:
        print(f"p2pbang: {exc}", file=sys.stderr)
        return EXIT_USAGE
    from p2pbang.ui.network.plain_net import PlainNetworkTable

    ui = PlainWatcher(seat_table=PlainNetworkTable())  # take: a seat the table replaces
    found: list[DiscoveredTable] = []

    async def ask() -> str | None:
        return await trio.to_thread.run_sync(sys.stdin.readline, abandon_on_cancel=True)

    async def find() -> int:
        table = await _find_table(args, ui.print, ask, identity, running=True)
        host, port = table.watch_address
        ui.print(f"watching {table.info.name!r} through the player at "
                 f"{_address_text(host, port)}...")
        found.append(table)
        return EXIT_OK

    async def main() -> int:
        await find()
        watch = TableWatch(identity, found[0], ui, table_key=args.table_key)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(ui.read_commands)
            result = await watch.run()
            nursery.cancel_scope.cancel()
        return EXIT_OK if result.complete else EXIT_CHEAT

    if not full:
        return _run(main)
    status = _run(find)
    if status != EXIT_OK:
        return status
    return _watch_full_screen(identity, found[0], args.table_key)


def _watch_full_screen(identity: Identity, table: DiscoveredTable,
                       table_key: str | None) -> int:
    from p2pbang.table.watch import TableWatch
    from p2pbang.ui.watch_screen import WatchProgram, run_watch_screen

    program = WatchProgram(lambda screen: TableWatch(identity, table, screen,
                                                     table_key=table_key))
    result = run_watch_screen(program)
    if program.failure is not None:
        return EXIT_USAGE
    if result is None:
        return LEFT  # left before the end: nothing to resume, nothing lost
    return EXIT_OK if result.complete else EXIT_CHEAT


# --------------------------------------------------------------------------- bot


def cmd_bot(args: argparse.Namespace) -> int:
    if args.join is not None:
        try:
            parse_peer_address(args.join)
            args.peer = args.peer or args.join
        except ValueError:
            args.table = args.table or args.join
        if args.peer and args.table:
            print("p2pbang: --join names the table once", file=sys.stderr)
            return EXIT_USAGE
    if sum(bool(x) for x in (args.open, args.peer, args.table)) > 1:
        print("p2pbang: choose one of TABLE, --peer and --open", file=sys.stderr)
        return EXIT_USAGE
    if args.open and args.table_key:
        print("p2pbang: --table-key checks a table you join, not one you open", file=sys.stderr)
        return EXIT_USAGE
    if not args.open and (args.game != "bang" or args.expansions or args.variant):
        print("p2pbang: --game, --expansions and --variant choose the game of a table a bot "
              "opens (--open); a bot that joins plays the table's game", file=sys.stderr)
        return EXIT_USAGE
    args.seats = seats_or_default(args, args.seats, 5)
    choice = choice_or_message(args, args.seats)
    if args.open and isinstance(choice, str):
        print(choice, file=sys.stderr)
        return EXIT_USAGE
    home = _home(args)
    name = args.player or BOT_NAMES[int.from_bytes(os.urandom(1), "big") % len(BOT_NAMES)]
    identity = _identity(Path(args.home) if args.home else None, name)
    reporter = LineReporter(narrate=args.verbose)
    decider: BotDecider | PacedDecider = BotDecider(args.seed, args.bot_level)
    if args.pace_file:
        decider = PacedDecider(decider, Path(args.pace_file))
    timed_reporter, timed_decider = reporter, decider
    if args.timings:
        from p2pbang.table.timing import TimingDecider, TimingReporter, Timings

        timings = Timings(Path(args.timings))
        timed_reporter = TimingReporter(reporter, timings)  # type: ignore[assignment]
        timed_decider = TimingDecider(decider, timings)  # type: ignore[assignment]
    config = SessionConfig(max_wait=args.max_wait,
                           record=Path(args.record) if args.record else None,
                           bot_level=args.bot_level)
    meta = {"player": "bot"}
    seating = Seating(timed_decider, timed_reporter, home, meta, config, args.cheat)
    listen = _listen(args)

    async def opened(lobby: Lobby) -> None:
        host = listen or "0.0.0.0"
        reporter.say(f"table open: listening on {host}:{lobby.mesh.port}")

    async def main() -> int:
        reporter.say(f"bot {identity.name} ({identity.peer_id}), files in {home}")
        if args.open:
            assert not isinstance(choice, str)
            settings = settings_for(args.table_name, choice, _dropouts(args, choice))
            result = await play_at_table(identity, seating, reporter.say, settings=settings,
                                         listen=listen, port=args.port, announce=args.announce,
                                         lobby_timeout=BOT_LOBBY_TIMEOUT, on_open=opened)
        else:
            table = await _find_table(args, reporter.say, identity=identity)
            reporter.say(f"joining {table.info.name!r} at {table.host}:{table.port}")
            result = await play_at_table(identity, seating, reporter.say, table=table,
                                         listen=listen, port=args.port,
                                         lobby_timeout=BOT_LOBBY_TIMEOUT,
                                         table_key=args.table_key)
        _print_stats(result)
        return exit_status(result)

    return _run(main)


# --------------------------------------------------------------------------- resume


def cmd_resume(args: argparse.Namespace) -> int:
    home = _home(args)
    try:
        identity = _identity(Path(args.home) if args.home else None, None)
        game = resumable_game(home, args.game, identity)
    except (GameFileError, IdentityError, StoreError, ValueError) as exc:
        print(f"p2pbang: {exc}", file=sys.stderr)
        return EXIT_USAGE
    listen = _listen(args)
    bots: list[subprocess.Popen] = []

    def restart_bots(say: Callable[[str], None]) -> None:
        """Bring back the bot peers this host started for the game (none for a bot)."""
        if game.bot:
            return
        revived = bots_to_revive(home, game.genesis.session_id)
        bots.extend(revive_bots(revived, game.genesis.session_id, listen, BOT_MAX_WAIT))
        if revived:
            say(f"restarted {len(revived)} bot peers of this table")

    if not game.bot and _full_screen(args):
        from p2pbang.ui.network.net_resume import ResumeRequest, run_resumed

        pace = pace_file(bots_home(home))
        request = ResumeRequest(identity, game, listen, args.port, on_open=restart_bots,
                                pace=pace if bots_to_revive(home, game.genesis.session_id)
                                else None)
        try:
            return _with_resume_hint(args, run_resumed(request))
        finally:
            stop_bots(bots)

    async def main() -> int:
        if game.bot:
            decider: BotDecider | PacedDecider = BotDecider()
            if args.pace_file:
                decider = PacedDecider(decider, Path(args.pace_file))
            reporter = LineReporter()
            ui_say = reporter.say
        else:
            from p2pbang.ui.network.plain_net import PlainNetworkTable

            ui = PlainNetworkTable()
            decider, reporter, ui_say = ui, ui, ui.lobby  # type: ignore[assignment]
        async with resumed_mesh(identity, game, listen, args.port) as (mesh, inboxes):
            ui_say(f"resuming game {game.genesis.session_id.hex()[:16]} on port {mesh.port}")
            restart_bots(ui_say)
            config = SessionConfig(max_wait=args.max_wait if game.bot else None)
            session = TableSession(identity, game.genesis, mesh, inboxes, game.files, decider,
                                   reporter, config=config, meta=game.session_meta)
            result = await session.run()
            back = None if game.bot else session.take_back_from()
        if back is not None:
            return await _take_back_plain(identity, session.seat, back[1], ui.input)
        if game.bot:
            _print_stats(result)
        return exit_status(result)

    try:
        return _with_resume_hint(args, _run(main))
    finally:
        stop_bots(bots)


async def _take_back_plain(identity: Identity, seat: int, address: str, lines: LineInput) -> int:
    """``resume --plain`` after a bot took the seat: watch the table through the bot's
    runner, claim the seat back (``protocol/seats.md`` 7.2), then play it in plain
    lines (``lines``: the resumed seat's ``LineInput``)."""
    from p2pbang.table.watch import TableWatch
    from p2pbang.ui.network.plain_net import PlainNetworkTable
    from p2pbang.ui.watch_plain import PlainWatcher

    print(f"A bot plays your seat now: taking it back (through {address})...", flush=True)
    found = await probe_peer(address)
    seat_table = PlainNetworkTable()
    seat_table.input = lines  # the person's lines: one reader of standard input, not two
    ui = PlainWatcher(seat_table=seat_table, reclaim=(identity, seat))
    watch = TableWatch(Identity.generate(identity.name), found, ui)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(ui.read_commands)
        result = await watch.run()
        nursery.cancel_scope.cancel()
    if result.stopped == "you left the seat":
        return LEFT
    return EXIT_OK if result.complete else EXIT_CHEAT


def _with_resume_hint(args: argparse.Namespace, status: int) -> int:
    """Pass ``status`` on; when the person left, say the exact command that rejoins, with
    the ``--home`` this game lives in (without it, resume would look in the default home)."""
    if status == LEFT and unfinished_games(data_home(args.home)):
        from p2pbang.ui.i18n import _

        home = f" --home {shlex.quote(str(args.home))}" if args.home else ""
        print(_("to rejoin this game: {command}").format(command=f"p2pbang resume{home}"),
              file=sys.stderr)
    return status


# --------------------------------------------------------------------------- replay, verify


def cmd_verify(args: argparse.Namespace) -> int:
    from p2pbang.table.audit import audit

    try:
        transcript = load_transcript(Path(args.file))
    except GameFileError as exc:
        print(f"FAILED: {exc}")
        return EXIT_CHEAT
    report = audit(transcript)
    for line in report.lines():
        print(line)
    return EXIT_OK if report.complete else EXIT_CHEAT


def cmd_replay(args: argparse.Namespace) -> int:
    from p2pbang.table.solo_record import SoloRecordError, is_solo_game, load_solo
    from p2pbang.ui.boards import solo_for
    from p2pbang.ui.i18n import set_language
    from p2pbang.ui.replay import replay

    set_language(args.lang)

    if is_solo_game(Path(args.file)):  # a solo game is told by its game's own replay
        try:
            record = load_solo(Path(args.file))
        except SoloRecordError as exc:
            print(f"p2pbang: {exc}", file=sys.stderr)
            return EXIT_USAGE
        return solo_for(record.choice.game).replay(record, pause=args.pause)
    try:
        transcript = load_transcript(Path(args.file))
    except GameFileError as exc:
        print(f"p2pbang: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return replay(transcript, pause=args.pause)


__all__ = ["add_table_commands"]
