"""The plain line interface of a watcher (``p2pbang watch``): the game told as it happens.

Every event is described with the sentences ``p2pbang replay`` uses for a spectator (the
card game's ``Describer``, the Dice Game's and Duel's boards), from the watcher's observer
engine: hidden cards stay "a card", roles come out when the rules reveal them. When the
watcher has caught up with the table, and at the end, it prints the table as everyone sees
it. The few lines of its own (what is watched, the end) are in English, like the plain
network interface's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

import trio

from p2pbang.engine.actions import Event
from p2pbang.engine.bang.game import Game
from p2pbang.table.seats import seat_number, seating, seats_clockwise
from p2pbang.table.watch import TableWatch, WatchResult
from p2pbang.ui.describe import Describer
from p2pbang.ui.plain.commands import AGAIN, Commands, word
from p2pbang.ui.texts import card_name, character_name, role_name
from p2pbang.ui.view import card_view


class PlainWatcher:
    """A watcher's reporter on a text stream. With ``seat_table`` (the plain player's
    decider and reporter, reading the person's lines), ``take`` offers to take a seat that
    the table replaces (``protocol/seats.md`` 7.2); once the table gives one, that table
    tells the game and asks the person's moves, as at a seat of their own."""

    def __init__(self, out: TextIO | None = None, seat_table: Any = None,
                 reclaim: tuple[Any, int] | None = None) -> None:
        """``reclaim``: the person's identity in the genesis (an ``Identity``) and their
        seat, to take back from the bot that plays it once the watch is live (``resume``)."""
        self.out = out or sys.stdout
        self.seat_table = seat_table
        self.reclaim = reclaim
        self._live = trio.Event()
        self.holding = False
        self.watch: TableWatch | None = None
        self._tell: Callable[[list[Event]], list[str]] | None = None
        self._describer: Describer | None = None
        self._seating_said = False

    def print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def started(self, watch: TableWatch) -> None:
        self.watch = watch
        core = watch.core
        players = ", ".join(watch.names)
        self.print(f"Watching {watch.table.info.name!r} ({core.choice.label()}): {players}.")
        self.print("A watcher sees what the whole table sees: no hand, no hidden card, no "
                   "key. Every entry is checked as the players check it.")
        if self.seat_table is not None:
            self.print("Type take to offer to take a seat if the table replaces one.")
        if core.choice.game == "bang":
            self._describer = Describer(core.game, watch.names)
        else:
            from p2pbang.ui.network.family_net import board_narrator

            self._tell = board_narrator(core, watch.names)

    def took_seat(self, watch: TableWatch) -> None:
        """The table gave this watcher a seat: the player's table takes over the lines."""
        self.print("The table gave you the seat: its hand reached you alone.")
        if self.seat_table is not None:
            self.holding = True
            self.seat_table.started(watch.held_seat())

    async def read_commands(self) -> None:
        """The watcher's one command, ``take``, until the table gives it a seat (then the
        person's lines are the seat's, read by the seat's table)."""
        table = self.seat_table
        if table is None:
            return
        if self.reclaim is not None:
            await self._live.wait()
            old, seat = self.reclaim
            assert self.watch is not None
            ok = await self.watch.reclaim_seat(old, seat, old.name, table)
            self.print("You claimed your seat back: the bot hands it to you at its next move."
                       if ok else "The claim could not be sent: the bot's player is not "
                       "connected.")
            return
        take = object()  # the answer to ``take``: the offer is sent from this loop
        commands = Commands(self.print).add(
            word(("take",), lambda _rest: take if self.watch is not None else None))
        while not self.holding:
            line = await table.input.readline()
            if line is None or self.holding:
                table.input.hold(line)  # the end of input, or a move typed as the seat was given
                return
            if commands.answer(line, self._not_a_command) is take:
                assert self.watch is not None
                ok = await self.watch.offer_seat(self.watch.identity.name, table)
                self.print("You offered to take a seat: if one is replaced, it is yours."
                           if ok else "The offer could not be sent now: try again.")

    def _not_a_command(self, text: str) -> object:
        if text:
            self.print("A watcher has one command: take (offer to take a seat if the table "
                       "replaces one).")
        return AGAIN

    def events(self, events: list[Event]) -> None:
        if self.holding and self.seat_table is not None:
            self.seat_table.events(events)
            return
        watch = self.watch
        assert watch is not None
        if watch.seated and not self._seating_said:
            self._seating_said = True
            self.print(f"seats clockwise: {seating(watch.names, watch.core.game)}")
        if self._tell is not None:
            for text in self._tell(events):
                self.print(text)
            return
        assert self._describer is not None
        for event in events:
            text = self._describer.event(event)
            if text:
                self.print(text)

    def caught_up(self, watch: TableWatch) -> None:
        self._live.set()
        self.print(f"(caught up with the table: {len(watch.log)} log entries checked; "
                   "now following it live)")
        if watch.core.choice.game == "bang" and watch.seated:
            self._table(watch.core.game, watch.names)

    def finished(self, result: WatchResult) -> None:
        watch = self.watch
        if result.stopped is not None:
            self.print(f"The watch stopped: {result.stopped}.")
        if result.verdict is not None:
            self.print("THE GAME WAS STOPPED: " + result.verdict.describe(result.names))
        if result.end is not None and self._describer is not None:
            self.print(self._describer.end(result.end))
            self.print(self._describer.outcome(result.end))
        if watch is not None and watch.core.choice.game == "bang" and watch.seated:
            self._table(watch.core.game, result.names)
        self.print(f"watched {result.entries} log entries, head {result.head.hex()[:16]}")

    def _table(self, game: Game, names: list[str]) -> None:
        """The table as anyone sees it: characters, life, public roles, cards in play."""
        self.print(f"Turn {game.turn}:")
        for seat in seats_clockwise(game):
            player = game.players[seat]
            role = role_name(player.role) if player.role else "?"
            state = (f"{player.life}/{player.max_life} life, {len(player.hand)} in hand"
                     if player.alive else "eliminated")
            cards = ", ".join(card_name(card_view(game, slot, player.seat).name)
                              for slot in player.table)
            line = (f"  seat {seat_number(game, seat)}: {names[seat]} "
                    f"({character_name(player.character)}, {role}): {state}")
            self.print(line + (f"; in play: {cards}" if cards else ""))


__all__ = ["PlainWatcher"]
