"""A watcher's full screen (``p2pbang watch`` without ``--plain``): the running game as
everyone at the table sees it, live.

What it shows of the game is the registry's (``boards.watched_for``), so it names no game:
for the card game (``bang/watched.py``) the top is the table drawn by the players' own
renderers from the watcher's observer engine: the status line and the seats (no hand, no
distances, nobody is "you"). The Dice Game's and The Duel's boards draw one seat's view, so
for them the screen shows the log only, in their boards' sentences. Below, the game's log.
A watcher has no decision, no hand and no chat: its keys are q (leave), PgUp/PgDn, Home and
End (the log), and t: offer to take a seat that the table replaces (``protocol/seats.md``
7.2). When the table gives the watcher a seat, the player's own screen (the one ``host`` and
``join`` show) takes over, with the seat's hand. When the game ends the screen says so and
stays until q; what to keep is printed once the terminal is restored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import trio
from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import Dimension, HSplit, Layout, Window
from prompt_toolkit.output import Output

from p2pbang.engine.actions import Event
from p2pbang.table.watch import WATCH_FAILURES, TableWatch, WatchReporter, WatchResult
from p2pbang.ui.boards import watched_for
from p2pbang.ui.shell.log import GameLog, LogEntry
from p2pbang.ui.shell.stage import QUIT, Stage, first_of, run_program
from p2pbang.ui.shell.style import table_style
from p2pbang.ui.shell.widgets import PanelControl
from p2pbang.ui.textfit import Line, fit_line, width_of

MAX_LOG = 5000
HINTS = " q leave \u00b7 t take a seat if one is replaced \u00b7 PgUp/PgDn log "


class WatchScreen:
    """The screen, and the watch's reporter (``table/watch.py``'s ``WatchReporter``)."""

    def __init__(self, input: Input | None = None, output: Output | None = None) -> None:
        self.watch: TableWatch | None = None
        self.game_log = GameLog(MAX_LOG)
        self.note = "Connecting to the table..."
        self.result: WatchResult | None = None
        self._describe: Callable[[list[Event]], list[str]] | None = None
        self._watched: Any = None
        self.on_take: Callable[[], None] | None = None  # the t key (set by the program)
        self.on_took: Callable[[TableWatch], None] | None = None  # the table gave a seat
        self.forward_to: Any = None  # the person's table screen, once they hold a seat
        self.on_caught_up: Callable[[], None] | None = None
        self.app: Application[str] = Application(
            layout=self._layout(), key_bindings=self._keys(), style=table_style(),
            full_screen=True, input=input, output=output, mouse_support=False)

    def exit(self, result: str) -> None:
        if self.app.is_running and not self.app.future.done():
            self.app.exit(result=result)

    def changed(self) -> None:
        self.app.invalidate()

    # ------------------------------------------------------------------ reporter

    def started(self, watch: TableWatch) -> None:
        self.watch = watch
        core = watch.core
        self._watched = watched_for(watch)  # the game's words and table, from the registry
        self._describe = self._watched.describe
        self.note = f"Watching {watch.table.info.name!r} ({core.choice.label()}): catching up"
        self._add(f"Watching {watch.table.info.name!r}: {', '.join(watch.names)}. "
                  "A watcher sees what the whole table sees: no hand, no hidden card.",
                  "class:log.you")
        self.changed()

    def took_seat(self, watch: TableWatch) -> None:
        """The table gave this watcher a seat (``TableWatch`` calls it)."""
        self._add("The table gave you the seat: its hand reaches you through the hand-over.",
                  "class:log.you")
        if self.on_took is not None:
            self.on_took(watch)
        self.changed()

    OFFER_SAID = ("You offered to take a seat: if one is replaced, it is yours",
                  "You offered to take a seat. If a player is away long enough, the table may "
                  "give you their seat instead of a bot.",
                  "The offer could not be sent: the player is not connected, or the log is "
                  "not here yet. Try t again.")
    CLAIM_SAID = ("Taking your seat back: the bot hands it over at its next move",
                  "You claimed your seat back: the bot hands it to you at its next move.",
                  "The claim could not be sent: the bot's player is not connected.")

    def asked_for_seat(self, ok: bool, said: tuple[str, str, str]) -> None:
        """An offer to take a seat (``OFFER_SAID``), or a claim of one's own back
        (``CLAIM_SAID``), went out or could not: (the note, the log line, the failure)."""
        if ok:
            self.note = said[0]
        self._add(said[1] if ok else said[2], "class:log.you")
        self.changed()

    def events(self, events: list[Event]) -> None:
        if self._describe is not None:
            for text in self._describe(events):
                self._add(text)
        if self.forward_to is not None:
            self.forward_to.events(events)
        self.changed()

    def caught_up(self, watch: TableWatch) -> None:
        self.note = (f"Watching {watch.table.info.name!r} ({watch.core.choice.label()}): "
                     "live")
        self._add(f"(caught up: {len(watch.log)} log entries checked; now live)", "class:dim")
        if self.on_caught_up is not None:
            self.on_caught_up()
        self.changed()

    def finished(self, result: WatchResult) -> None:
        self.result = result
        for line in outcome_lines(result, self.watch):
            self._add(line, "class:log.you")
        self.note = "The game is over: q leaves." if result.end or result.verdict else (
            "The watch stopped: q leaves.")
        self.changed()

    def failed(self, reason: str) -> None:
        self.note = f"Cannot watch: {reason} (q leaves)"
        self._add(self.note, "class:log.you")
        self.changed()

    @property
    def log(self) -> list[LogEntry]:
        """The log's entries, oldest first."""
        return self.game_log.entries

    def _add(self, text: str, style: str = "class:log") -> None:
        self.game_log.add(text, style)

    # ------------------------------------------------------------------ drawing

    def _top_rows(self) -> int:
        return 0 if self._watched is None else self._watched.top_rows()

    def _render_status(self, width: int, height: int) -> list[Line]:
        line = None if self._watched is None else self._watched.status(width)
        if line is None:
            return [fit_line([("class:status.title", " BANG! "),
                              ("class:status", " " + self.note)], width, "class:status")]
        return [line]

    def _render_top(self, width: int, height: int) -> list[Line]:
        return [] if self._watched is None else self._watched.top(width)

    def _render_rule(self, width: int, height: int) -> list[Line]:
        text = " " + self.note + " "
        return [fit_line([("class:rule", "\u2500\u2500"), ("class:title", text),
                          ("class:rule", "\u2500" * max(0, width - 2 - width_of(text)))],
                         width)]

    def _render_log(self, width: int, height: int) -> list[Line]:
        self.game_log.scroll(0, self.game_log.most(width, height))
        self._log_size = (width, height)
        return self.game_log.lines(width, height)

    def _render_hints(self, width: int, height: int) -> list[Line]:
        return [fit_line([("class:hints", HINTS)], width, "class:hints")]

    def _layout(self) -> Layout:
        exact = Dimension.exact
        self._log_size = (80, 10)
        return Layout(HSplit([
            Window(PanelControl(self._render_status), height=1, style="class:status"),
            Window(PanelControl(self._render_top), height=lambda: exact(self._top_rows())),
            Window(PanelControl(self._render_rule), height=1),
            Window(PanelControl(self._render_log)),
            Window(PanelControl(self._render_hints), height=1),
        ]))

    def scroll(self, rows: int) -> None:
        self.game_log.scroll(rows, self.game_log.most(*self._log_size))
        self.changed()

    def _keys(self) -> KeyBindings:
        kb = KeyBindings()

        @kb.add("q")
        @kb.add(Keys.Escape)
        @kb.add(Keys.ControlC)
        def _quit(event: KeyPressEvent) -> None:
            self.exit(QUIT)

        @kb.add("t")
        def _take(event: KeyPressEvent) -> None:
            if self.on_take is not None:
                self.on_take()

        @kb.add(Keys.PageUp)
        def _back(event: KeyPressEvent) -> None:
            self.scroll(self._log_size[1] - 1)

        @kb.add(Keys.PageDown)
        def _forward(event: KeyPressEvent) -> None:
            self.scroll(-(self._log_size[1] - 1))

        @kb.add(Keys.Home)
        def _oldest(event: KeyPressEvent) -> None:
            self.scroll(len(self.log) * 4)

        @kb.add(Keys.End)
        def _newest(event: KeyPressEvent) -> None:
            self.scroll(-self.game_log.offset)

        return kb


def outcome_lines(result: WatchResult, watch: TableWatch | None) -> list[str]:
    """What the watch came to, in a few lines (on the screen, and after it)."""
    lines = []
    if result.stopped is not None:
        lines.append(f"The watch stopped: {result.stopped}.")
    if result.verdict is not None:
        lines.append("THE GAME WAS STOPPED: " + result.verdict.describe(result.names))
    if result.end is not None:
        said = [] if watch is None else watched_for(watch).end_lines(result.end)
        lines += said or ["The game is over."]
    lines.append(f"watched {result.entries} log entries, head {result.head.hex()[:16]}")
    return lines


class WatchProgram:
    """Watches on a ``WatchScreen`` until the person leaves. ``make_watch(reporter)`` makes
    the ``TableWatch`` (the caller knows the table and the watcher's identity).

    The t key offers to take a seat, to be played by the person on the player's screen
    (``NetworkTable``, or the Dice Game's and Duel's ``FamilyNetworkTable``): when the
    table gives the seat, that screen replaces the watch's, fed by the same watch."""

    def __init__(self, make_watch: Callable[[WatchReporter], TableWatch], *,
                 input: Input | None = None, output: Output | None = None,
                 reclaim: tuple[Any, int] | None = None) -> None:
        """``reclaim``: this person's identity in the genesis (an ``Identity``: the interface
        does not import the network) and their seat, to take back
        from the bot that plays it as soon as the watch has caught up (``resume``)."""
        self.make_watch = make_watch
        self.reclaim = reclaim
        self._input, self._output = input, output
        self.screen = WatchScreen(input, output)
        self.result: WatchResult | None = None
        self.failure: str | None = None
        self.watch: TableWatch | None = None
        self.table: Any = None  # the person's table screen, once they offered
        self.seat_given = trio.Event()

    async def __call__(self, stage: Stage) -> WatchResult | None:
        shown = await stage.show(self.screen)
        token = trio.lowlevel.current_trio_token()
        finished = trio.Event()

        async def follow() -> None:
            try:
                self.watch = self.make_watch(self.screen)
                self.result = await self.watch.run()
            except WATCH_FAILURES as exc:
                self.failure = str(exc)
                self.screen.failed(self.failure)
            finally:
                finished.set()

        async with trio.open_nursery() as nursery:
            self.screen.on_take = lambda: token.run_sync_soon(
                lambda: nursery.start_soon(self._offer))
            self.screen.on_took = self._took
            if self.reclaim is not None:
                self.screen.on_caught_up = lambda: nursery.start_soon(self._offer)
            nursery.start_soon(follow)
            index, _ = await first_of(shown.closed.wait, self.seat_given.wait)
            if index == 1 and self.table is not None and self.table.screen is not None:
                shown = await stage.show(self.table.screen)
                nursery.start_soon(self._tick)
                await shown.closed.wait()
            nursery.cancel_scope.cancel()
        return self.result

    async def _offer(self) -> None:
        watch = self.watch
        if watch is None or watch.genesis is None:
            self.screen.asked_for_seat(False, WatchScreen.OFFER_SAID)
            return
        if self.table is None:
            from p2pbang.ui.network.family_net_table import network_table

            self.table = network_table(watch.core.choice, self._input, self._output)
        if self.reclaim is not None:
            old, seat = self.reclaim
            ok = await watch.reclaim_seat(old, seat, old.name, self.table)
            self.screen.asked_for_seat(ok, WatchScreen.CLAIM_SAID)
            return
        self.screen.asked_for_seat(await watch.offer_seat(watch.identity.name, self.table),
                                   WatchScreen.OFFER_SAID)

    def _took(self, watch: TableWatch) -> None:
        """The seat is this person's: their screen starts, fed by the watch from now on."""
        table = self.table
        if table is None:
            return
        table.started(watch.held_seat())
        self.screen.forward_to = table
        self.seat_given.set()

    async def _tick(self) -> None:
        """Redraw each second, as at a table of one's own."""
        while True:
            await trio.sleep(1.0)
            if self.table is not None and self.table.screen is not None:
                self.table.screen.changed()


def run_watch_screen(program: WatchProgram) -> WatchResult | None:
    """Watch in the full screen; afterwards print what to keep. None: left before the end
    (or could not watch: ``program.failure`` says why)."""
    result = run_program(program)
    if program.failure is not None:
        print(f"p2pbang: {program.failure}", flush=True)
    elif result is not None:
        for line in outcome_lines(result, program.screen.watch):
            print(line, flush=True)
    else:
        print("You stopped watching; the game goes on.", flush=True)
    return result


__all__ = ["WatchProgram", "WatchScreen", "outcome_lines", "run_watch_screen"]
