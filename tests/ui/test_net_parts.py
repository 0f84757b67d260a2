"""The pieces of the network screens, one at a time: the chat limiter, verdicts and
refusals in words (in each language), discovered tables as the browser lists them, and the
waiting room and lobby news from a real lobby on loopback."""

from __future__ import annotations

from contextlib import AsyncExitStack

import pytest
import trio

from p2pbang.net.discovery import DiscoveredTable, TableInfo, probe_peer
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import LobbyEvent, TableSettings, join_table, open_table
from p2pbang.table.driver import CHEAT, EQUIVOCATION, FAILURE, Verdict
from p2pbang.table.lobby_flow import TableRefused
from p2pbang.ui.i18n import set_language
from p2pbang.ui.lobby.screen import WaitingRoom
from p2pbang.ui.network.chat_guard import ChatGuard
from p2pbang.ui.network.net_app import failure_text
from p2pbang.ui.network.net_lobby import RoomNews, describe_event, listing, room_state
from p2pbang.ui.network.net_table import verdict_lines

from .netkit import CONFIG, until

NAMES = ["Wyatt", "Bonnie", "Clyde", "Zeke"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_chat_guard_allows_a_burst_then_a_line_a_second_and_says_a_flood_once() -> None:
    clock = Clock()
    guard = ChatGuard(burst=3, interval=1.0, clock=clock)
    assert [guard.admit(1) for _ in range(3)] == [(True, False)] * 3
    assert guard.admit(1) == (False, True)  # the first dropped line: say so
    assert guard.admit(1) == (False, False)  # the rest of the flood: silently
    assert guard.admit(2) == (True, False)  # another sender has its own allowance
    clock.now += 1.0
    assert guard.admit(1) == (True, False)  # one more a second
    assert guard.admit(1) == (False, True)  # a new flood is said again
    clock.now += 60
    assert [guard.admit(1)[0] for _ in range(4)] == [True, True, True, False]  # capped


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_every_verdict_names_the_seat_and_what_failed(language: str) -> None:
    set_language(language)
    # the seat is said as its chair (1-n clockwise), never the roster index
    cases = [Verdict(CHEAT, 2, "output card 1 is a duplicate", 3, entry_kind="deal", chair=5),
             Verdict(CHEAT, 1, "illegal move", 80, entry_kind="move", chair=6),
             Verdict(CHEAT, 3, "wrote out of turn", 7, chair=1),
             Verdict(EQUIVOCATION, 0, "two parts", 12, chair=6)]
    for verdict in cases:
        lines = verdict_lines(verdict, NAMES)
        assert NAMES[verdict.seat] in lines[0] and str(verdict.chair) in lines[0]
        assert str(verdict.seat) not in lines[0].replace(str(verdict.index), "")
        assert str(verdict.index) in lines[0]
        assert verdict.reason in lines[1]
        assert len(lines) == 3
    failure = verdict_lines(Verdict(FAILURE, -1, "disk full", 9), NAMES)
    assert "9" in failure[0] and not any(name in failure[0] for name in NAMES)
    english = {tuple(verdict_lines(v, NAMES)) for v in cases}
    assert len(english) == len(cases)  # each kind has its own sentence


@pytest.mark.parametrize(("error", "words"), [
    (TableRefused("table full (4 peers)"), "That table is full."),
    (TableRefused("not in the table's roster"), "The game at that table has already begun."),
    (TableRefused("banned"), "The table turned us away: banned"),
    (OSError("all attempts to connect failed"), "Could not join: all attempts"),
    (trio.TooSlowError(), "No answer in time."),
])
def test_failures_to_join_are_said_in_words(error: BaseException, words: str) -> None:
    assert failure_text(error).startswith(words)


def test_failures_to_open_say_open() -> None:
    assert failure_text(OSError("address in use"), opening=True) == \
        "Could not open the table: address in use"


def test_a_discovered_table_is_listed_with_its_seats_and_address() -> None:
    info = TableInfo(bytes(16), "Saloon", "bang", 5, 3, "abcdefghijklmnop")
    row = listing(DiscoveredTable(info, "192.168.1.20", 7420, ("192.168.1.20",), "svc"))
    assert (row.key, row.name, row.seated, row.seats) == ("svc", "Saloon", 2, 5)
    assert row.address == "192.168.1.20:7420" and row.host == "abcdefgh" and not row.problem
    v6 = listing(DiscoveredTable(info, "fe80::1", 7420))
    assert v6.address == "[fe80::1]:7420" and v6.key == bytes(16).hex()
    old = TableInfo(bytes(16), "Old", "bang", 4, 1, "abcdefghijklmnop", version=99)
    assert "99" in listing(DiscoveredTable(old, "10.0.0.1", 1)).problem


def test_the_browser_names_who_opened_the_table() -> None:
    """Issue 10, point 15: the opener's name, not a peer id (the key only for a record
    that carries no name)."""
    info = TableInfo(bytes(16), "Saloon", "bang", 5, 3, "abcdefghijklmnop", opener_name="Zoé")
    assert listing(DiscoveredTable(info, "192.168.1.20", 7420)).host == "Zoé"


async def test_the_room_shows_who_sits_who_is_missing_and_the_news() -> None:
    settings = TableSettings("Saloon", "bang", 4)
    ace, bonnie = Identity.generate("Ace"), Identity.generate("Bonnie")
    async with AsyncExitStack() as stack:
        host = await stack.enter_async_context(open_table(ace, settings, config=CONFIG))
        table = await probe_peer(f"127.0.0.1:{host.mesh.port}")
        guest = await stack.enter_async_context(join_table(bonnie, table, config=CONFIG))
        await until(lambda: len(host.members()) == 2 and len(guest.members()) == 2)
        news = RoomNews()
        news.event(LobbyEvent("joined", bonnie.peer_id, "Bonnie"), host)
        news.event(LobbyEvent("fault", "zzzzzzzzzzzzzzzz", "bad ready statement"), host)
        news.event(LobbyEvent("sealing", None, "abc"), host)
        assert news.starting
        state = room_state(host, ace.peer_id, news, invite="p2pbang join --peer x:1")
    assert [s.name for s in state.seats] == [m.name for m in sorted(
        [ace, bonnie], key=lambda i: i.peer_id)]
    assert {s.name: (s.is_you, s.opened, s.connected) for s in state.seats} == {
        "Ace": (True, True, True), "Bonnie": (False, False, True)}
    assert state.capacity == 4 and not state.can_start()
    assert state.news == ("Bonnie sat down.",
                          "zzzzzzzz broke the lobby's rules and was turned away: bad ready "
                          "statement",
                          "Every seat is taken: signing the start of the game.")
    room = WaitingRoom(lambda: state, None, None, lambda: None)
    text = "\n".join("".join(t for _s, t in line) for line in room.lines(80, 24))
    assert "Waiting for 2 more players to sit down." in text
    assert text.count("free seat") == 2
    assert "Others join with: p2pbang join --peer x:1" in text
    room.toggle_ready()
    assert room.message.startswith("Nothing to press")


@pytest.mark.parametrize("language", ["hu", "ro"])
def test_lobby_news_is_in_the_persons_language(language: str) -> None:
    set_language(language)
    event = LobbyEvent("sealed", None, "")

    class NoLobby:  # the sealed event names nobody, so no lobby is consulted
        mesh = None

    text = describe_event(event, NoLobby())  # type: ignore[arg-type]
    assert text is not None and "Everyone signed" not in text
