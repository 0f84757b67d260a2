"""Lobby widgets: the table list, opening a table, the waiting room; bad input explained."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
import trio
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.ui.app import run_screen
from p2pbang.ui.lobby.screen import (
    LobbyScreen,
    OpenTableForm,
    RoomState,
    SeatStatus,
    TableBrowser,
    TableListing,
    TableOptions,
    WaitingRoom,
    parse_peer,
)
from p2pbang.ui.shell.widgets import MAX_CHAT, clean_chat

from .screens import snapshot

TABLES = [
    TableListing("t1", "Saloon", "Ann", "192.168.1.20:7420", 2, 5),
    TableListing("t2", "Full house", "Bob", "192.168.1.21:7420", 4, 4),
    TableListing("t3", "Old game", "Cid", "192.168.1.22:7420", 3, 6, started=True),
]


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    with trio.fail_after(timeout):
        while not condition():
            await trio.sleep(0.005)


@pytest.mark.parametrize(("text", "expected"), [
    ("192.168.1.20:7420", ("192.168.1.20", 7420)),
    ("  host.lan:1 ", ("host.lan", 1)),
    ("[::1]:65535", ("::1", 65535)),
    ("[fe80::1]:7420", ("fe80::1", 7420)),
])
def test_addresses_are_read(text: str, expected: tuple[str, int]) -> None:
    assert parse_peer(text) == expected


@pytest.mark.parametrize(("text", "reason"), [
    ("", "host:port"),
    ("192.168.1.20", "after a colon"),
    (":7420", "after a colon"),
    ("host:0", "1 to 65535"),
    ("host:65536", "1 to 65535"),
    ("host:http", "1 to 65535"),
    ("host:-5", "1 to 65535"),
    ("::1:7420", "[address]:port"),
    ("[::1]7420", "[address]:port"),
    ("[not-v6]:7420", "not an IPv6 address"),
    ("my host:7420", "not a host name"),
    ("a" * 300 + ":7420", "not a host name"),
])
def test_bad_addresses_are_explained(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        parse_peer(text)


def test_chat_and_names_lose_control_characters_and_length() -> None:
    assert clean_chat("hi\x1b[2J there\r\nyou\x00\u202e") == "hi[2J there you"
    assert len(clean_chat("x" * 1000)) == MAX_CHAT
    assert clean_chat("   ") == ""


def test_the_browser_lists_tables_and_explains_what_cannot_be_joined() -> None:
    joined: list[TableListing] = []
    browser = TableBrowser(lambda: TABLES, joined.append, lambda: None, lambda h, p: None)
    text = "\n".join("".join(t for _s, t in line) for line in browser.lines(80, 12))
    assert "Saloon" in text and "2/5" in text and "192.168.1.20:7420" in text
    assert "(playing)" in text
    browser.join_selected()
    assert joined == [TABLES[0]]
    browser.selected = 1
    browser.join_selected()
    assert browser.message == "That table is full." and len(joined) == 1
    browser.selected = 2
    browser.join_selected()
    assert "already started" in browser.message and len(joined) == 1
    empty = TableBrowser(list, joined.append, lambda: None, lambda h, p: None)
    empty.join_selected()
    assert "no table" in empty.message
    assert "No tables found yet" in "".join(t for line in empty.lines(80, 8) for _s, t in line)


def test_the_browser_by_keys_joins_opens_and_connects_by_address(pipe) -> None:
    calls: list[object] = []
    browser = TableBrowser(lambda: TABLES, calls.append, lambda: calls.append("open"),
                           lambda host, port: calls.append((host, port)))
    screen = LobbyScreen(browser, input=pipe, output=DummyOutput())
    screen.app.ttimeoutlen = 0.02

    async def script(screen: LobbyScreen) -> None:
        await until(lambda: screen.app.is_running)
        pipe.send_text("\r")  # join the first table
        pipe.send_text("n")  # open a new one
        pipe.send_text("a")
        await until(lambda: browser.asking_address)
        pipe.send_text("nowhere\r")  # no port: explained, the field stays
        await until(lambda: bool(browser.message))
        assert browser.asking_address
        pipe.send_text("\x15" + "10.0.0.7:7420\r")  # Ctrl-U clears, then a good address
        await until(lambda: ("10.0.0.7", 7420) in calls)
        assert screen.app.layout.has_focus(browser.main_window)  # back on the list
        pipe.send_text("q")
        await trio.sleep_forever()

    assert run_screen(screen, script) == "quit"
    assert calls == [TABLES[0], "open", ("10.0.0.7", 7420)]


def test_opening_a_table_checks_every_field(monkeypatch: pytest.MonkeyPatch) -> None:
    # The three fields of the base game alone (a playable game, expansion or variant adds
    # one, tested in test_lobby_choice.py).
    monkeypatch.setattr("p2pbang.engine.choice.playable_games", lambda: frozenset({"bang"}))
    monkeypatch.setattr("p2pbang.engine.choice.playable_expansions", lambda: frozenset())
    monkeypatch.setattr("p2pbang.engine.choice.playable_variants", lambda: frozenset())
    opened: list[TableOptions] = []
    form = OpenTableForm(opened.append, lambda: None, default_name="Ann")
    name, seats, player = (buffer for _label, buffer in form.fields)
    assert not form.submit() and "name" in form.message
    name.text = "  Friday\x07 night "
    seats.text = "9"
    assert not form.submit() and "from 4 to 7" in form.message
    seats.text = "six"
    assert not form.submit() and "from 4 to 7" in form.message
    seats.text = "6"
    player.text = "\x1b"
    assert not form.submit() and "name the others" in form.message
    player.text = "Ann"
    assert form.submit() and form.message == ""
    assert opened == [TableOptions("Friday night", 6, "Ann")]


def room(*seats: SeatStatus, message: str = "") -> RoomState:
    return RoomState("Saloon", seats, 5, message)


def test_the_waiting_room_says_whom_it_waits_for_and_who_may_start() -> None:
    started: list[bool] = []
    ready: list[bool] = []
    state = room(SeatStatus("Ann", "a1b2", True, True, is_you=True, opened=True),
                 SeatStatus("Bob", "c3d4", True, False),
                 SeatStatus("Cid", "e5f6", False, False))
    current = {"state": state}
    waiting = WaitingRoom(lambda: current["state"], ready.append, lambda: started.append(True),
                          lambda: None)
    text = "\n".join("".join(t for _s, t in line) for line in waiting.lines(80, 16))
    assert "Waiting for: Bob, Cid" in text and "connecting..." in text
    assert "1 more player to sit down" in text and "a1b2" in text
    waiting.start()
    assert not started and "at least 4" in waiting.message
    waiting.toggle_ready()
    assert ready == [False]  # Ann was ready: the key makes her not ready
    everyone = room(*(SeatStatus(n, "ff", True, True, is_you=n == "Ann", opened=n == "Ann")
                      for n in ("Ann", "Bob", "Cid", "Dee")))
    current["state"] = everyone
    text = "\n".join("".join(t for _s, t in line) for line in waiting.lines(80, 16))
    assert "press s to start" in text
    waiting.start()
    assert started == [True]
    guest = room(*(SeatStatus(n, "ff", True, True, is_you=n == "Bob", opened=n == "Ann")
                   for n in ("Ann", "Bob", "Cid", "Dee")))
    current["state"] = guest
    waiting.start()
    assert started == [True] and "Only the player who opened" in waiting.message


def test_lobby_screens_draw_at_80x24(pipe) -> None:
    browser = TableBrowser(lambda: TABLES, lambda t: None, lambda: None, lambda h, p: None)
    screen = LobbyScreen(browser, input=pipe, output=DummyOutput())
    lines = snapshot(screen, 80, 24)
    assert "Tables on your network" in lines[0] and "Saloon" in "\n".join(lines)
    form = OpenTableForm(lambda o: None, lambda: None, "Ann")
    screen.show(form)
    text = "\n".join(snapshot(screen, 80, 24))
    assert "Open a table" in text and "Seats" in text and "Seats: 4 to 7." in text
    assert "Ann" in text
