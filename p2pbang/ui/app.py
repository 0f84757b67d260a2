"""Running a screen: prompt-toolkit on asyncio, trio as its guest, trio owning the lifetime.

``run_screen`` starts an asyncio loop, starts trio inside it with
``trio.lowlevel.start_guest_run`` and lets the trio side open the application and the
driver (which plays the computer seats with a short pause so the person can follow, or,
later, follows a network game). When either ends, both end. The terminal is restored on
every way out: a normal quit, Ctrl-C (a key in raw mode, SIGINT otherwise), SIGTERM/SIGHUP,
or an error in the driver, which is then printed after the screen is gone.

    python -m p2pbang.ui.app --players 4 --seed 1 [--lang hu] [--delay 0.3] [--plain]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import trio
from prompt_toolkit.application import Application

from p2pbang.engine.actions import End
from p2pbang.table.solo import SoloSession
from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.table_screen import DELAYS, FINISHED, QUIT, TableScreen


class Screen(Protocol):
    """A full-screen view that ``run_screen`` can show: its application and a way out."""

    app: Application[str]

    def exit(self, result: str) -> None: ...


Driver = Callable[[Any], Awaitable[None]]


class SoloDriver:
    """Plays the computer seats of a ``SoloSession`` one input at a time, pausing after each
    visible move by the screen's current delay, and waits while the person decides."""

    def __init__(self, session: SoloSession) -> None:
        self.session = session
        self._person_acted = trio.Event()

    def wake(self) -> None:
        self._person_acted.set()

    async def __call__(self, screen: TableScreen) -> None:
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


async def _trio_main(screen: Screen, driver: Driver) -> str:
    """Run the application (an asyncio task) and the driver until one of them ends."""
    app: Application[str] = screen.app
    loop = asyncio.get_running_loop()
    token = trio.lowlevel.current_trio_token()
    app_done = trio.Event()
    task = loop.create_task(app.run_async(set_exception_handler=False))
    task.add_done_callback(lambda _task: token.run_sync_soon(app_done.set))
    failure: list[BaseException] = []

    async def drive() -> None:
        try:
            await driver(screen)
        except Exception as exc:  # shown after the screen is gone, never inside it
            failure.append(exc)
            screen.exit(QUIT)

    try:
        while not app.is_running and not app_done.is_set():
            await trio.sleep(0.005)  # the driver starts once the screen is up
        async with trio.open_nursery() as nursery:
            nursery.start_soon(drive)
            await app_done.wait()
            nursery.cancel_scope.cancel()
    finally:
        if not task.done():
            if app.is_running:
                screen.exit(QUIT)
            else:
                task.cancel()
            with trio.CancelScope(shield=True):
                await app_done.wait()
    if failure:
        raise failure[0]
    return task.result()


async def _host(screen: Screen, driver: Driver) -> str:
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Any] = loop.create_future()
    errors: list[BaseException] = []

    def on_error(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """An exception in a key handler or a redraw: leave the screen, report it after."""
        errors.append(context.get("exception") or RuntimeError(context.get("message")))
        screen.exit(QUIT)

    loop.set_exception_handler(on_error)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, screen.exit, QUIT)
    trio.lowlevel.start_guest_run(
        _trio_main, screen, driver,
        run_sync_soon_threadsafe=loop.call_soon_threadsafe,
        run_sync_soon_not_threadsafe=loop.call_soon,
        done_callback=lambda outcome: done.done() or done.set_result(outcome),
        host_uses_signal_set_wakeup_fd=True,
    )
    interrupted = False
    try:
        while True:
            try:
                outcome = await asyncio.shield(done)
                break
            except asyncio.CancelledError:  # asyncio's own SIGINT handling: wind down
                interrupted = True
                screen.exit(QUIT)
    finally:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            loop.remove_signal_handler(signum)
    if interrupted:
        raise KeyboardInterrupt
    result = outcome.unwrap()
    if errors:
        raise errors[0]
    return result


def run_screen(screen: Screen, driver: Driver) -> str:
    """Show ``screen`` until it is left; returns QUIT or FINISHED. Errors propagate after
    the terminal is restored."""
    return asyncio.run(_host(screen, driver))


def fullscreen_supported() -> bool:
    """A full screen needs a terminal on both ends that understands cursor movement."""
    term = os.environ.get("TERM", "")
    return sys.stdin.isatty() and sys.stdout.isatty() and term not in ("", "dumb", "unknown")


def run_fullscreen_solo(session: SoloSession) -> int:
    """Play ``session`` in the full-screen interface: 0 when the game was played to its end,
    1 when the person left early, 2 on an internal error (printed once the screen is gone).
    Without a capable terminal the plain line interface plays instead."""
    if not fullscreen_supported():
        from p2pbang.ui.plain import PlainSolo

        print(_("(no full-screen terminal here: using the plain interface)"), file=sys.stderr)
        return PlainSolo(session).run()
    return play_solo(session)


def play_solo(session: SoloSession, speed: int = 2) -> int:
    """The full-screen solo game itself (exit codes as ``run_fullscreen_solo``)."""
    screen = TableScreen(session, speed=speed)
    try:
        result = run_screen(screen, SoloDriver(session))
    except Exception:
        traceback.print_exc()
        return 2
    return 0 if result == FINISHED or isinstance(session.mine.pending, End) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m p2pbang.ui.app",
        description="A solo game of BANG! in the full-screen terminal interface.")
    parser.add_argument("--players", type=int, default=4, choices=range(4, 8),
                        help="seats at the table, you included (4-7)")
    parser.add_argument("--seed", type=int, default=None, help="deal seed")
    parser.add_argument("--name", default="You", help="your display name")
    parser.add_argument("--lang", choices=("en", "hu", "ro"), default=None,
                        help="interface language (default: from the locale)")
    parser.add_argument("--speed", type=int, default=2, choices=range(len(DELAYS)),
                        help="computer players' pace: 0 (instant) to 4 (slow)")
    parser.add_argument("--plain", action="store_true", help="the plain line interface")
    args = parser.parse_args(argv)
    set_language(args.lang)
    seed = args.seed
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    session = SoloSession(args.players, seed, your_name=args.name)
    try:
        if args.plain or not fullscreen_supported():
            from p2pbang.ui.plain import PlainSolo

            return PlainSolo(session).run()
        return play_solo(session, args.speed)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
