"""Running a screen: prompt-toolkit on asyncio, trio as its guest, trio owning the lifetime.

``run_screen`` starts an asyncio loop, starts trio inside it with
``trio.lowlevel.start_guest_run`` (``shell/stage.py``) and lets the trio side open the
application and the driver (which plays the computer seats with a short pause so the person
can follow). When either ends, both end. A network game is a longer program on the same
stage (``network/net_app.py``). The terminal is restored on
every way out: a normal quit, Ctrl-C (a key in raw mode, SIGINT otherwise), SIGTERM/SIGHUP,
or an error in the driver, which is then printed after the screen is gone.

    python -m p2pbang.ui.app --players 4 --seed 1 [--lang hu] [--delay 0.3] [--plain]
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback

import trio

from p2pbang.engine.actions import End
from p2pbang.table.bot_pace import DEFAULT_SPEED, DELAYS
from p2pbang.table.choice_flags import (
    add_choice_arguments,
    choice_or_message,
    seats_help,
    seats_or_default,
)
from p2pbang.table.solo import SoloSession
from p2pbang.ui.boards import full_screen, solo_for
from p2pbang.ui.i18n import set_language
from p2pbang.ui.shell.base import ScreenBase
from p2pbang.ui.shell.stage import QUIT, Driver, Screen, run_program


class SoloDriver:
    """Plays the computer seats of a ``SoloSession`` one input at a time, pausing after each
    visible move by the screen's current delay, and waits while the person decides."""

    def __init__(self, session: SoloSession) -> None:
        self.session = session
        self._person_acted = trio.Event()

    def wake(self) -> None:
        self._person_acted.set()

    async def __call__(self, screen: ScreenBase) -> None:
        session = self.session
        token = trio.lowlevel.current_trio_token()
        # The screen's keys run as asyncio callbacks: they reach trio through the token.
        screen.on_action = lambda: token.run_sync_soon(self.wake)
        while not isinstance(session.truth.pending, End):
            if session.your_turn_to_decide():
                await self._person_acted.wait()
                self._person_acted = trio.Event()
                continue
            shown = screen.add_events(session.step_one())
            if shown and screen.delay > 0:
                await trio.sleep(screen.delay)
            else:
                await trio.sleep(0)
        screen.changed()
        await trio.sleep_forever()  # the person reads the end and leaves with q


def run_screen(screen: Screen, driver: Driver) -> str:
    """Show ``screen`` until it is left; returns QUIT or FINISHED. Errors propagate after
    the terminal is restored."""
    result = run_program(lambda stage: stage.run(screen, driver))
    return QUIT if result is None else result


def fullscreen_supported() -> bool:
    """A full screen needs a terminal on both ends that understands cursor movement."""
    term = os.environ.get("TERM", "")
    return sys.stdin.isatty() and sys.stdout.isatty() and term not in ("", "dumb", "unknown")


def play_solo(session: SoloSession, speed: int = DEFAULT_SPEED) -> int:
    """The full-screen solo game, on the screen the registry has for the session's game
    (``boards.full_screen``): 0 when the game was played to its end or the person left it
    (a deliberate leave is no failure), 2 on an internal error (printed once the screen is
    gone). ``cli`` asks ``fullscreen_supported`` first and plays plain without it."""
    screen = full_screen(session, speed=speed)
    try:
        run_screen(screen, SoloDriver(session))
    except Exception:
        traceback.print_exc()
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m p2pbang.ui.app",
        description="A solo game of BANG! in the full-screen terminal interface.")
    parser.add_argument("--players", type=int, default=None,
                        help=seats_help("seats at the table, you included", 4))
    parser.add_argument("--seed", type=int, default=None, help="deal seed")
    parser.add_argument("--name", default="You", help="your display name")
    parser.add_argument("--lang", choices=("en", "hu", "ro"), default=None,
                        help="interface language (default: from the locale)")
    parser.add_argument("--speed", type=int, default=DEFAULT_SPEED, choices=range(len(DELAYS)),
                        help=f"computer players' pace: 0 (instant) to {len(DELAYS) - 1} (slow)")
    parser.add_argument("--plain", action="store_true", help="the plain line interface")
    add_choice_arguments(parser)
    args = parser.parse_args(argv)
    choice = choice_or_message(args, seats_or_default(args, args.players, 4))
    if isinstance(choice, str):
        parser.error(choice)
    set_language(args.lang)
    seed = args.seed
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    session = SoloSession(choice, seed, your_name=args.name)
    try:
        if args.plain or not fullscreen_supported():
            return solo_for(choice.game).plain(session)
        return play_solo(session, args.speed)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
