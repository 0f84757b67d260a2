"""The opener removes a waiting player (issue 10, point 5): in the full-screen waiting room
the arrows choose a player, r asks, y confirms; nobody else is offered it, nor for their own
seat. Over loopback: the opener removes a squatter holding a seat and a real player then
takes it; a removed person is back at the browser, told why, in each language."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
import trio
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.net.discovery import DiscoveredTable, probe_peer
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import REMOVED_BY_OPENER, LobbyEvent, TableSettings, open_table
from p2pbang.net.lobby import join_table as lobby_join
from p2pbang.ui.app import run_screen
from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.lobby.screen import LobbyScreen, RoomState, SeatStatus, TableBrowser, WaitingRoom
from p2pbang.ui.network.net_app import EXIT_LEFT, NetworkPlay
from p2pbang.ui.network.net_lobby import describe_event
from p2pbang.ui.shell.stage import Stage, run_program
from p2pbang.ui.textfit import width_of

from .netkit import CONFIG, CTRL_C, DOWN, ESC, Bots, until
from .screens import snapshot
from .test_net_play import person_request, run_with_bots

ANN = SeatStatus("Ann", "aaaa1111", True, True, is_you=True, opened=True, peer_id="a" * 16)
BOB = SeatStatus("Bob", "bbbb2222", True, False, peer_id="b" * 16)
CID = SeatStatus("Cid", "cccc3333", False, False, peer_id="c" * 16)


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def text(room: WaitingRoom, width: int = 80, height: int = 24) -> str:
    return "\n".join("".join(t for _s, t in line) for line in room.lines(width, height))


def room_of(*seats: SeatStatus, starting: bool = False) -> RoomState:
    return RoomState("Saloon", seats, 4, starting=starting)


def test_the_opener_chooses_asks_and_confirms_by_keys(pipe) -> None:
    removed: list[SeatStatus] = []
    left: list[bool] = []
    room = WaitingRoom(lambda: room_of(ANN, BOB, CID), None, None, lambda: left.append(True),
                       removed.append)
    screen = LobbyScreen(room, input=pipe, output=DummyOutput())

    async def script(screen: LobbyScreen) -> None:
        await until(lambda: screen.app.is_running)
        assert "> Bob" in text(room) and "r: remove them" in text(room)
        pipe.send_text(DOWN + DOWN + DOWN)  # past the last: stays on Cid
        await until(lambda: "> Cid" in text(room))
        pipe.send_text("r")
        await until(lambda: room.confirming is not None)
        assert room.message == "Remove Cid (cccc3333) from the table?"
        assert "y: remove Cid" in text(room)
        pipe.send_text(ESC)  # while asking, Esc is "no", not "leave the table"
        await until(lambda: room.confirming is None)
        assert room.message == "Cid stays at the table." and not left and not removed
        pipe.send_text("\x1b[A")  # up: Bob
        await trio.sleep(0.1)
        pipe.send_text("r")
        await until(lambda: room.confirming is not None)
        pipe.send_text("y")
        await until(lambda: bool(removed))
        assert room.message == "Removing Bob..."
        pipe.send_text(ESC)
        await until(lambda: bool(left))
        screen.exit("quit")

    assert run_screen(screen, script) == "quit"
    assert removed == [BOB] and left == [True]


def test_not_offered_to_the_others_nor_for_your_own_seat() -> None:
    removed: list[SeatStatus] = []
    guest = SeatStatus("Bob", "bbbb2222", True, False, is_you=True, peer_id="b" * 16)
    opener = SeatStatus("Ann", "aaaa1111", True, True, opened=True, peer_id="a" * 16)
    room = WaitingRoom(lambda: room_of(opener, guest), None, None, lambda: None,
                       removed.append)
    assert room.removable(room.get_state()) == []
    assert "remove" not in text(room).lower() and "> " not in text(room)  # no hint, no mark
    room.ask_removal()
    assert "Only the player who opened the table" in room.message and not removed
    alone = WaitingRoom(lambda: room_of(ANN), None, None, lambda: None, removed.append)
    alone.ask_removal()  # the opener alone: nobody to remove, never yourself
    assert alone.message == "Nobody else is at the table yet." and alone.confirming is None
    plain = WaitingRoom(lambda: room_of(ANN, BOB), None, None, lambda: None)
    plain.ask_removal()  # not offered at all: r says what it always said
    assert plain.message.startswith("Nothing to press")
    late = WaitingRoom(lambda: room_of(ANN, BOB, starting=True), None, None, lambda: None,
                       removed.append)
    late.ask_removal()
    assert late.message.startswith("Too late") and late.confirming is None and not removed


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_the_room_with_a_removal_asked_fits_80x24(pipe, language: str) -> None:
    set_language(language)
    room = WaitingRoom(lambda: room_of(ANN, BOB, CID), None, None, lambda: None, lambda s: None)
    screen = LobbyScreen(room, input=pipe, output=DummyOutput())
    for asking in (False, True):
        if asking:
            room.ask_removal()
        rows = snapshot(screen, 80, 24)
        assert len(rows) == 24 and all(width_of(row) <= 80 for row in rows)
        hint = rows[-1].strip()
        if asking:
            assert hint == _("y: remove {name} \u00b7 n: keep them").format(name="Bob")
            assert _("Remove {name} ({fingerprint}) from the table?").format(
                name="Bob", fingerprint="bbbb2222") in "\n".join(rows)
        else:
            assert hint == _("\u2191\u2193 choose a player \u00b7 r: remove them \u00b7 Esc: "
                             "leave the table")


async def test_removal_news_is_said_in_each_language() -> None:
    """Real lobbies: Ace removes Bob while Cid waits too; what each of them is told."""
    events: dict[str, list[LobbyEvent]] = {"Ace": [], "Bob": [], "Cid": []}
    async with AsyncExitStack() as stack:
        ace = await stack.enter_async_context(
            open_table(Identity.generate("Ace"), TableSettings("Saloon", "bang", 4),
                       config=CONFIG))
        where = DiscoveredTable(ace.table_info(), *ace.mesh.address)
        bob, cid = [await stack.enter_async_context(
            lobby_join(Identity.generate(name), where, config=CONFIG)) for name in ("Bob", "Cid")]
        lobbies = {"Ace": ace, "Bob": bob, "Cid": cid}
        await until(lambda: all(len(lobby.members()) == 3 for lobby in lobbies.values()))
        await ace.remove(bob.peer_id)

        def removal_heard(name: str) -> bool:
            while True:
                try:
                    events[name].append(lobbies[name].events.receive_nowait())
                except trio.WouldBlock:
                    return any(REMOVED_BY_OPENER in e.reason for e in events[name])

        await until(lambda: all(removal_heard(name) for name in lobbies))
        for language in ("en", "hu", "ro"):
            set_language(language)
            said = {name: [describe_event(e, lobbies[name]) for e in events[name]
                           if REMOVED_BY_OPENER in e.reason] for name in lobbies}
            assert said["Ace"] == [_("You removed {name} from the table.").format(name="Bob")]
            assert said["Cid"] == [_("The player who opened the table removed {name} from "
                                     "it.").format(name="Bob")]
            assert said["Bob"][0] == _("The player who opened the table removed you from it.")
            if language != "en":
                assert said["Bob"][0] != "The player who opened the table removed you from it."


# --- over loopback: real lobbies, meshes and sessions ------------------------------------------


def room_widget(play: NetworkPlay) -> WaitingRoom | None:
    widget = play.screen.widget
    return widget if isinstance(widget, WaitingRoom) and widget.get_state().seats else None


def seated(play: NetworkPlay, name: str) -> Callable[[], bool]:
    def check() -> bool:
        room = room_widget(play)
        return room is not None and any(s.name == name for s in room.get_state().seats)
    return check


def test_the_opener_removes_a_squatter_and_a_real_player_takes_the_seat(
        tmp_path: Path, pipe) -> None:
    """Dana opens a 4-seat table; a squatter sits down and never signs, two players join:
    every seat is taken and nothing starts. Dana removes the squatter by keys; it is told
    why, the seat is free again for everyone, and the next player's arrival starts the game."""
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await until(lambda: room_widget(play) is not None)
        room = room_widget(play)
        assert room is not None
        port = int(room.get_state().invite.rsplit(":", 1)[1])
        table = await probe_peer(f"127.0.0.1:{port}")
        squatter_events: list[LobbyEvent] = []
        squatting = trio.Event()

        async def squat() -> None:
            async with lobby_join(Identity.generate("Squatter"), table, config=CONFIG) as lobby:
                squatting.set()
                async for event in lobby.events:  # sits, announces, never signs
                    squatter_events.append(event)

        nursery.start_soon(squat)
        await squatting.wait()
        await until(seated(play, "Squatter"))
        bots.join(nursery, table, ["Bonnie", "Clyde"])
        await until(lambda: len(room.get_state().seats) == 4
                    and all(s.connected for s in room.get_state().seats))
        await trio.sleep(0.5)  # three sign the start, the squatter never does
        assert play.table is None
        state = room.get_state()
        index = [s.name for s in room.removable(state)].index("Squatter")
        pipe.send_text(DOWN * index)
        await until(lambda: room.chosen(room.get_state()) is not None
                    and room.chosen(room.get_state()).name == "Squatter")
        pipe.send_text("r")
        await until(lambda: room.confirming is not None)
        pipe.send_text("y")
        await until(lambda: room.message.startswith("Removed Squatter ("))
        seen["message"] = room.message
        await until(lambda: not seated(play, "Squatter")())
        await until(lambda: any(e.kind == "left" and e.reason == REMOVED_BY_OPENER
                                for e in squatter_events))
        again = await probe_peer(f"127.0.0.1:{port}")
        seen["free"] = again.info.free
        seen["news"] = "\n".join(room.get_state().news)
        bots.join(nursery, again, ["Django"])
        await until(lambda: play.table is not None and play.table.screen is not None, 60)
        assert play.table is not None and play.table.screen is not None
        seen["names"] = sorted(play.table.screen.session.names)
        await until(lambda: play.table.screen.app.is_running, 30)
        pipe.send_text(CTRL_C)

    code, _play, _bots = run_with_bots(
        tmp_path, pipe, script, open_bot=False, announce=False,
        settings=TableSettings("Saloon", "bang", 4))
    assert code == EXIT_LEFT
    assert str(seen["message"]).startswith("Removed Squatter (") and str(
        seen["message"]).endswith(") from the table.")
    assert seen["free"] == 1  # what the table answers a joiner: the squatter's seat is free
    assert "You removed Squatter from the table." in str(seen["news"])
    names = seen["names"]
    assert isinstance(names, list) and "Squatter" not in " ".join(names)
    assert "Django" in " ".join(names)


@pytest.mark.parametrize("language", ["ro"])
def test_a_removed_person_is_back_at_the_browser_told_why(tmp_path: Path, pipe,
                                                          language: str) -> None:
    """Ace opens a table (a bare lobby), Dana joins it by address in the full screen, Ace
    removes her: Dana's program is back at the table list with the reason in her language,
    and Ace's table has the seat free again."""
    set_language(language)
    seen: dict[str, object] = {}

    async def program(stage: Stage) -> int | None:
        settings = TableSettings("Saloon", "bang", 4)
        async with open_table(Identity.generate("Ace"), settings, config=CONFIG) as opener:
            play = NetworkPlay(person_request(tmp_path, peer=f"127.0.0.1:{opener.mesh.port}"),
                               input=pipe, output=DummyOutput())
            play.screen.app.ttimeoutlen = 0.02
            async with trio.open_nursery() as nursery:
                outcome: list[int] = []

                async def person() -> None:
                    outcome.append(await play(stage))

                nursery.start_soon(person)
                await until(lambda: len(opener.members()) == 2)
                await until(seated(play, "Ace"))
                await opener.remove(play.identity.peer_id)
                await until(lambda: isinstance(play.screen.widget, TableBrowser)
                            and bool(play.browser.message))
                seen["message"] = play.browser.message
                await until(lambda: len(opener.members()) == 1)
                seen["free"] = opener.table_info().free
                pipe.send_text("q")
                await until(lambda: bool(outcome))
                return outcome[0]

    code = run_program(program)
    assert code == EXIT_LEFT
    assert seen["message"] == _("The player who opened the table removed you from it.")
    assert seen["message"] != "The player who opened the table removed you from it."
    assert seen["free"] == 3
