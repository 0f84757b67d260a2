"""The plain waiting room reads the opener's commands and keeps every other line, in order,
for the game (a move typed, or piped, before the table fills is not lost)."""

from __future__ import annotations

import io

from p2pbang.net.discovery import DiscoveredTable
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings, join_table, open_table
from p2pbang.ui.network.plain_net import LineInput
from p2pbang.ui.network.plain_room import ROOM_HELP, PlainWaitingRoom

from .netkit import CONFIG


async def test_room_commands_are_answered_and_other_lines_wait_for_the_game() -> None:
    settings = TableSettings("Saloon", "bang", 4)
    async with open_table(Identity.generate("Zoli"), settings, config=CONFIG) as lobby:
        typed = LineInput(io.StringIO("1\n?\nt\np\nr 1\nr 7\nremove\n2\n"))
        said: list[str] = []
        await PlainWaitingRoom(lobby, typed.read_fresh, typed.hold, said.append).run()
        kept = [await typed.readline() for _ in range(4)]
    assert kept == ["1\n", "t\n", "2\n", None]  # the end of input too: the game quits on it
    assert said[0].startswith("Waiting room: p lists the players")
    assert ROOM_HELP in said
    assert any(line.strip().startswith("1. Zoli") and "(you) (opened the table)" in line
               for line in said)
    assert "  Free seats: 3" in said
    assert "You cannot remove yourself; Ctrl-C leaves the table." in said
    assert "There is no player 7: p lists them." in said
    assert "Remove whom? Type r and the player's number (p lists them)." in said


async def test_a_player_who_did_not_open_the_table_cannot_remove() -> None:
    settings = TableSettings("Saloon", "bang", 4)
    async with open_table(Identity.generate("Ace"), settings, config=CONFIG) as opener:
        where = DiscoveredTable(opener.table_info(), *opener.mesh.address)
        async with join_table(Identity.generate("Zoli"), where, config=CONFIG) as lobby:
            typed = LineInput(io.StringIO("r 1\n"))
            said: list[str] = []
            await PlainWaitingRoom(lobby, typed.read_fresh, typed.hold, said.append).run()
            assert len(opener.members()) in (1, 2)  # nothing was sent: nobody is removed
    assert "Only the player who opened the table can remove a player." in said
