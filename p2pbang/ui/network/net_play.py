"""The play phase of a network game in the full-screen interface, written once for a game
joined or hosted (``net_app.NetworkPlay``) and a game resumed (``net_resume.ResumePlay``).

Why one function: both run the session, send the person's chat, wait for the table's screen
(or the end), show it, and then handle how the person left: ``q`` after the end, ``q``
mid-game (the files stay for ``p2pbang resume``), leaving for good (a bot takes the seat).
What differs is passed in: what else stops the wait for the table (the lobby's screen
closing), whether the seat may have been given away while this peer was off (a resume),
and what to say while the others confirm the end.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import trio

from p2pbang.engine.actions import End
from p2pbang.table.session import SessionResult, TableSession
from p2pbang.ui.network.net_table import NetworkTable, leave_for_good
from p2pbang.ui.shell.stage import FINISHED, LEAVE_FOR_GOOD, Stage, first_of

END_NOTE_AFTER = 0.5  # seconds of waiting for the end's confirmation before saying so


async def play_table(stage: Stage, session: TableSession, table: NetworkTable, *,
                     stop: Callable[[], Awaitable[Any]] | None = None,
                     take_back: bool = False,
                     end_note: str | None = None) -> SessionResult:
    """Play ``session`` on ``table``'s screen until it ends; returns the session's result.

    ``stop``, when it returns before the table is ready, makes this peer leave (the
    lobby's screen was closed). With ``take_back`` (a resume) a seat given to someone else
    while this peer was off shows no screen, and one a bot took hides the screen at the end
    so that the person can take it back next. ``end_note`` is printed when the others have
    not confirmed the end within ``END_NOTE_AFTER`` seconds of the screen closing."""
    finished = trio.Event()
    result: list[SessionResult] = []

    async def run() -> None:
        result.append(await session.run())
        finished.set()

    waits = [table.ready.wait, finished.wait] + ([stop] if stop is not None else [])
    async with trio.open_nursery() as nursery:
        nursery.start_soon(run)
        nursery.start_soon(table.send_chats, session)
        index, _value = await first_of(*waits)
        if index == 0 and take_back and session.keeper.replaced_me is not None:
            await finished.wait()  # given away while this peer was off: no stale screen
        elif index == 0:
            assert table.screen is not None
            shown = await stage.show(table.screen)
            nursery.start_soon(tick, table)
            await first_of(finished.wait, shown.closed.wait)
            if finished.is_set() and take_back and session.take_back_from() is not None:
                await stage.hide()  # a bot has the seat: the person takes it back next
            elif finished.is_set():
                await shown.closed.wait()  # the person reads the end, leaves with q
            elif shown.result == LEAVE_FOR_GOOD and not isinstance(table.pending, End):
                await stage.hide()
                await leave_for_good(session, finished)
            elif shown.result != FINISHED and not isinstance(table.pending, End):
                session.leave()
        elif index == 2:  # stopped before the table was ready
            session.leave()
        if not finished.is_set():
            await stage.hide()
            if end_note is not None:
                with trio.move_on_after(END_NOTE_AFTER):
                    await finished.wait()
                if not finished.is_set():
                    print(end_note, flush=True)
            await finished.wait()
        nursery.cancel_scope.cancel()
    return result[0]


async def tick(table: NetworkTable) -> None:
    """Redraw each second: the waiting times count up, stale waiting news goes away."""
    while True:
        await trio.sleep(1.0)
        if table.screen is not None:
            table.screen.changed()


__all__ = ["play_table", "tick"]
