"""Full-screen applications for a trio program that runs as the guest of asyncio's loop.

prompt-toolkit runs on asyncio; trio runs inside that loop as a guest
(``trio.lowlevel.start_guest_run(..., host_uses_signal_set_wakeup_fd=True)``), so asyncio keeps
the wakeup fd that prompt-toolkit's SIGWINCH and SIGINT handling needs, and trio owns the
program's lifetime. A *program* is ``async def program(stage)``: it puts screens up one at a
time with :meth:`Stage.show` (a network game goes lobby screen -> table screen while its
sockets, owned by trio, stay open across the switch) and returns its result.

Every way out restores the terminal: a screen the person leaves, a program that ends or
fails, SIGTERM and SIGHUP (a dropped SSH connection), SIGINT outside raw mode, and an error
in a key handler (asyncio's exception handler) all cancel the program, whose last act is to
take the screen down; errors are raised after that, on a restored terminal.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any, Protocol, TypeVar

import trio
from prompt_toolkit.application import Application

QUIT, FINISHED = "quit", "finished"
# A network table: leave for good, handing the seat to a bot (protocol/seats.md 3.2).
LEAVE_FOR_GOOD = "leave-for-good"
T = TypeVar("T")


class Screen(Protocol):
    """A full-screen view: its application, and a way to leave it with a result."""

    app: Application[str]

    def exit(self, result: str) -> None: ...


Driver = Callable[[Any], Awaitable[None]]


class Shown:
    """One screen while it is up: ``closed`` is set once its application has ended."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.closed = trio.Event()
        self._task: asyncio.Task[str] | None = None

    def _finish(self) -> None:
        self.closed.set()

    @property
    def result(self) -> str:
        """How the screen was left (QUIT, FINISHED, or the screen's own word); raises the
        application's own error if it failed. Call once ``closed`` is set."""
        task = self._task
        if task is None or task.cancelled():
            return QUIT
        return task.result()


async def first_of(*waits: Callable[[], Awaitable[Any]]) -> tuple[int, Any]:
    """Run the ``waits`` together until one returns; the others are cancelled."""
    winner: list[tuple[int, Any]] = []
    async with trio.open_nursery() as nursery:
        for index, wait in enumerate(waits):
            async def run(index: int = index, wait: Callable[[], Awaitable[Any]] = wait) -> None:
                value = await wait()
                if not winner:
                    winner.append((index, value))
                nursery.cancel_scope.cancel()
            nursery.start_soon(run)
    return winner[0]


class Stage:
    """Shows one screen at a time for the program (see the module docstring)."""

    def __init__(self) -> None:
        self._shown: Shown | None = None
        self._scope: trio.CancelScope | None = None
        self._token: trio.lowlevel.TrioToken | None = None
        self._aborted = False

    @property
    def screen(self) -> Screen | None:
        shown = self._shown
        return shown.screen if shown is not None and not shown.closed.is_set() else None

    async def show(self, screen: Screen) -> Shown:
        """Put ``screen`` up, taking down the one shown before; returns once it draws."""
        await self.hide()
        loop = asyncio.get_running_loop()
        token = trio.lowlevel.current_trio_token()
        shown = Shown(screen)
        task = loop.create_task(screen.app.run_async(set_exception_handler=False))
        shown._task = task
        task.add_done_callback(lambda _task: token.run_sync_soon(shown._finish))
        self._shown = shown
        while not screen.app.is_running and not shown.closed.is_set():
            await trio.sleep(0.005)
        return shown

    async def hide(self) -> None:
        """Take the current screen down (if any) and wait until the terminal is restored."""
        shown, self._shown = self._shown, None
        if shown is None or shown._task is None:
            return
        if not shown._task.done():
            if shown.screen.app.is_running:
                shown.screen.exit(QUIT)
            else:
                shown._task.cancel()
        with trio.CancelScope(shield=True):
            await shown.closed.wait()

    async def run(self, screen: Screen, driver: Driver) -> str:
        """Show ``screen`` while ``driver(screen)`` runs, until the screen is left; a driver
        error closes the screen first and is raised after."""
        shown = await self.show(screen)
        failure: list[Exception] = []

        async def drive() -> None:
            try:
                await driver(screen)
            except Exception as exc:  # shown after the screen is gone, never inside it
                failure.append(exc)
                screen.exit(QUIT)

        async with trio.open_nursery() as nursery:
            if not shown.closed.is_set():
                nursery.start_soon(drive)
            await shown.closed.wait()
            nursery.cancel_scope.cancel()
        if failure:
            raise failure[0]
        return shown.result

    def abort(self) -> None:
        """End the program (callable from asyncio callbacks: signal and error handlers)."""
        self._aborted = True
        if self._token is not None:
            with suppress(trio.RunFinishedError):
                self._token.run_sync_soon(self._cancel)

    def _cancel(self) -> None:
        if self._scope is not None:
            self._scope.cancel()


async def _trio_main(program: Callable[[Stage], Awaitable[T]], stage: Stage) -> T | None:
    stage._token = trio.lowlevel.current_trio_token()
    with trio.CancelScope() as scope:
        stage._scope = scope
        if stage._aborted:
            scope.cancel()
        try:
            return await program(stage)
        finally:
            with trio.CancelScope(shield=True):
                await stage.hide()
    return None  # cancelled: a signal, an interrupt or an error in a key handler


async def _host(program: Callable[[Stage], Awaitable[T]]) -> T | None:
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Any] = loop.create_future()
    errors: list[BaseException] = []
    stage = Stage()

    def on_error(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """An exception in a key handler or a redraw: end the program, report it after."""
        errors.append(context.get("exception") or RuntimeError(context.get("message")))
        stage.abort()

    loop.set_exception_handler(on_error)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(signum, stage.abort)
    trio.lowlevel.start_guest_run(
        _trio_main, program, stage,
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
                stage.abort()
    finally:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            loop.remove_signal_handler(signum)
    if interrupted:
        raise KeyboardInterrupt
    result = outcome.unwrap()
    if errors:
        raise errors[0]
    return result


def run_program(program: Callable[[Stage], Awaitable[T]]) -> T | None:
    """Run ``program`` with a stage for its screens; None when it was cancelled by a signal
    or an interrupt. Errors propagate after the terminal is restored."""
    return asyncio.run(_host(program))


__all__ = ["FINISHED", "QUIT", "Driver", "Screen", "Shown", "Stage", "run_program"]
