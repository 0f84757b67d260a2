"""The plain interface's waiting room for the person who opened the table: list who is
seated, remove one of them (``r 2``, ``remove Bob``), ask for help.

The plain flow has no screen to choose on, so a player is named by the number ``p`` shows or
by their name (or the start of their fingerprint). A line that is not a room command is
kept, in order, for the game: a person (or a pipe) may type a move before the table fills,
as before this room read anything.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from p2pbang.table.network import Lobby
from p2pbang.ui.i18n import N_, _
from p2pbang.ui.lobby.screen import SeatStatus
from p2pbang.ui.network.net_lobby import RoomNews, remove_player, room_state
from p2pbang.ui.plain.commands import AGAIN, HELP_WORDS, Commands, help_lines, said, word
from p2pbang.ui.textfit import pad, width_of

ROOM_HELP = N_(
    "In the waiting room:\n"
    "  p (or players)    list the players, numbered\n"
    "  r N (or remove N) remove player number N from the table\n"
    "  remove NAME       remove that player (a name, or the start of the fingerprint)\n"
    "  ?                 this help\n"
    "The game starts by itself when every seat is taken; Ctrl-C leaves the table.")


class PlainWaitingRoom:
    """Reads the opener's room commands until the game starts (the caller cancels ``run``)."""

    def __init__(self, lobby: Lobby, read: Callable[[], Awaitable[str | None]],
                 keep: Callable[[str | None], None], say: Callable[[str], None]) -> None:
        self.lobby = lobby
        self.read = read
        self.keep = keep  # a line for the game, not for the room
        self.say = say

    def seats(self) -> list[SeatStatus]:
        return list(room_state(self.lobby, self.lobby.opener or "", RoomNews()).seats)

    async def run(self) -> None:
        self.say(_("Waiting room: p lists the players, r N removes player N, ? for help."))
        while True:
            line = await self.read()
            if line is None:
                self.keep(None)  # the end of the input is the game's to see
                return
            if not await self.command(line.strip()):
                self.keep(line)

    async def command(self, text: str) -> bool:
        """Carry out one room command; False when ``text`` is not one (it is the game's)."""
        answered = self.commands().answer(text, lambda _text: None)
        if inspect.isawaitable(answered):  # removing a player asks the lobby
            await answered
        return answered is not None

    def commands(self) -> Commands:
        """The room's table of commands (the plain interfaces' dispatcher): its help is one
        block, the words are listed there."""
        commands = Commands(self.say)

        def listed(_rest: str) -> Any:
            self.list_players()
            return AGAIN

        return commands.add(
            help_lines(said(ROOM_HELP)),
            word(HELP_WORDS, lambda _rest: commands.show_help(), rest=True),
            word(("p", "players"), listed),
            word(("r", "remove"), self.remove, rest=True))

    def list_players(self) -> None:
        seats = self.seats()
        name_w = max(width_of(seat.name) for seat in seats)
        for number, seat in enumerate(seats, 1):
            marks = (" " + _("(you)") if seat.is_you else "") + (
                " " + _("(opened the table)") if seat.opened else "")
            state = _("seated") if seat.connected else _("connecting...")
            self.say(f"  {number}. {pad(seat.name, name_w)}  {seat.fingerprint}  {state}{marks}")
        free = self.lobby.settings.seats - len(seats)
        if free > 0:
            self.say("  " + _("Free seats: {n}").format(n=free))

    def find(self, wanted: str) -> SeatStatus | str:
        """The seat ``wanted`` names, or why none does."""
        seats = self.seats()
        if wanted.isdigit():
            number = int(wanted)
            if not 1 <= number <= len(seats):
                return _("There is no player {number}: p lists them.").format(number=number)
            return seats[number - 1]
        key = wanted.casefold()
        found = [s for s in seats if s.name.casefold() == key] or [
            s for s in seats if s.fingerprint.startswith(key)]
        if not found:
            return _("No player {name} here: p lists them.").format(name=wanted)
        if len(found) > 1:
            return _("Several players match {name}: use their number (p lists them).").format(
                name=wanted)
        return found[0]

    async def remove(self, wanted: str) -> None:
        if self.lobby.opener != self.lobby.peer_id:
            self.say(_("Only the player who opened the table can remove a player."))
            return
        if not wanted:
            self.say(_("Remove whom? Type r and the player's number (p lists them)."))
            return
        seat = self.find(wanted)
        if isinstance(seat, str):
            self.say(seat)
        elif seat.is_you:
            self.say(_("You cannot remove yourself; Ctrl-C leaves the table."))
        else:
            self.say(await remove_player(self.lobby, seat))


__all__ = ["ROOM_HELP", "PlainWaitingRoom"]
