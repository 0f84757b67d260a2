"""The game a table plays, in the full-screen lobby: listed, shown in the waiting room, and
chosen in the "open a table" form (only expansions this version plays; seats follow)."""

from __future__ import annotations

import pytest

from p2pbang.net.discovery import DiscoveredTable, TableInfo
from p2pbang.net.identity import Identity
from p2pbang.ui.i18n import set_language
from p2pbang.ui.lobby.screen import (
    OpenTableForm,
    RoomState,
    SeatStatus,
    TableBrowser,
    TableListing,
    TableOptions,
    WaitingRoom,
)
from p2pbang.ui.network.net_lobby import listing


def text_of(lines) -> str:
    return "\n".join("".join(t for _s, t in line) for line in lines)


@pytest.fixture
def dodge_city_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that plays Dodge City alone of the BANG! sets."""
    monkeypatch.setattr("p2pbang.engine.choice.playable_expansions",
                        lambda: frozenset({"dodge-city"}))
    monkeypatch.setattr("p2pbang.engine.choice.playable_variants", lambda: frozenset())


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def _info(options: tuple[tuple[str, str], ...] = ()) -> TableInfo:
    return TableInfo(b"\x05" * 16, "Saloon", "bang", 5, 3, Identity.generate("Ann").peer_id,
                     options)


def test_a_listing_names_the_tables_game() -> None:
    row = listing(DiscoveredTable(_info(), "10.0.0.2", 7420))
    # An older table's record names no dropouts choice: no escrow.
    assert row.game == "bang, dropouts off" and row.problem == ""
    escrow = _info((("dropout-wait", "60"), ("dropouts", "escrow")))
    assert listing(DiscoveredTable(escrow, "10.0.0.2", 7420)).game == "bang, dropouts escrow"


def test_a_table_this_version_cannot_play_is_listed_with_the_reason(older_build: None) -> None:
    row = listing(DiscoveredTable(_info((("expansions", "high-noon"),)), "10.0.0.2", 7420))
    assert row.game == "bang+high-noon"
    assert row.problem == "a game this version cannot play"
    joined: list[TableListing] = []
    browser = TableBrowser(lambda: [row], joined.append, lambda: None, lambda h, p: None)
    browser.join_selected()
    assert not joined and browser.message == row.problem
    text = text_of(browser.lines(80, 12))
    assert "Game: bang+high-noon" in text and "(a game this version cannot play)" in text


def test_the_browser_shows_the_selected_tables_game_in_hungarian() -> None:
    set_language("hu")
    rows = [TableListing("a", "Base", "Ann", "10.0.0.2:1", 1, 4, game="bang"),
            TableListing("b", "Other", "Bob", "10.0.0.3:1", 1, 8, game="bang+dodge-city")]
    browser = TableBrowser(lambda: rows, lambda t: None, lambda: None, lambda h, p: None)
    browser.selected = 1
    assert "Játék: bang+dodge-city" in text_of(browser.lines(80, 12))


def test_the_waiting_room_shows_the_game() -> None:
    state = RoomState("Saloon", (SeatStatus("Ann", "a1", True, False, is_you=True),), 8,
                      game="bang+dodge-city")
    room = WaitingRoom(lambda: state, None, None, lambda: None)
    lines = text_of(room.lines(80, 16)).splitlines()
    assert "Table Saloon" in lines[0] and lines[1].strip() == "Game: bang+dodge-city"


def test_the_form_offers_no_expansion_when_none_is_playable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("p2pbang.engine.choice.playable_games", lambda: frozenset({"bang"}))
    monkeypatch.setattr("p2pbang.engine.choice.playable_expansions", lambda: frozenset())
    monkeypatch.setattr("p2pbang.engine.choice.playable_variants", lambda: frozenset())
    form = OpenTableForm(lambda o: None, lambda: None, "Ann")
    assert len(form.fields) == 3
    assert "Expansions" not in text_of(form.lines(80, 20))


def test_the_form_offers_playable_expansions_and_the_seats_follow(
        dodge_city_playable: None) -> None:
    opened: list[TableOptions] = []
    form = OpenTableForm(opened.append, lambda: None, "Ann")
    fields = {buffer.name: buffer for _label, buffer in form.fields}
    name, seats, expansions = fields["table"], fields["seats"], fields["expansions"]
    assert "Variants" not in text_of(form.lines(80, 20))  # none playable in this build
    name.text = "Saloon"
    assert "Expansions you can add (comma-separated): dodge-city" in text_of(form.lines(80, 20))
    seats.text = "8"
    assert not form.submit() and "from 4 to 7" in form.message
    expansions.text = "fistful"
    assert not form.submit() and form.message \
        == "No expansion fistful here; you can add: dodge-city."
    expansions.text = " Dodge-City "
    assert "Seats: 3 to 8." in text_of(form.lines(80, 20))
    assert form.submit() and form.message == ""
    assert opened == [TableOptions("Saloon", 8, "Ann", ("dodge-city",))]


def test_the_form_offers_the_variants_this_version_plays() -> None:
    opened: list[TableOptions] = []
    form = OpenTableForm(opened.append, lambda: None, "Ann")
    fields = {buffer.name: buffer for _label, buffer in form.fields}
    assert list(fields) == ["table", "seats", "player", "game", "expansions", "variants"]
    assert "Variants you can play: shadows" in text_of(form.lines(80, 24))
    fields["table"].text = "Boot Hill"
    fields["expansions"].text = "gold-rush"
    fields["variants"].text = "ghosts"
    assert not form.submit()
    assert form.message == "No variant ghosts here; you can play: shadows."
    fields["variants"].text = " Shadows "
    assert form.submit() and form.message == ""
    assert opened == [TableOptions("Boot Hill", 5, "Ann", ("gold-rush",), ("shadows",))]


def test_the_form_opens_a_dice_or_duel_table_and_the_seats_and_sets_follow() -> None:
    opened: list[TableOptions] = []
    form = OpenTableForm(opened.append, lambda: None, "Ann")
    fields = {buffer.name: buffer for _label, buffer in form.fields}
    fields["table"].text = "Dice night"
    assert "Games: bang, dice, duel (empty: bang)" in text_of(form.lines(80, 24))
    fields["game"].text = "poker"
    assert not form.submit() and form.message == "No game poker here; you can play: bang, " \
        "dice, duel."
    fields["game"].text = "Dice"
    fields["seats"].text = "8"
    text = text_of(form.lines(80, 24))
    assert "Seats: 3 to 8." in text and "you can add (comma-separated): old-saloon" in text
    assert "Variants you can play" not in text
    fields["expansions"].text = "dodge-city"
    assert not form.submit() and form.message == "No expansion dodge-city here; you can " \
        "add: old-saloon."
    fields["expansions"].text = "old-saloon"
    assert form.submit()
    fields["game"].text = "duel"
    fields["expansions"].text = ""
    assert not form.submit() and form.message == "Seats must be a number from 2 to 2."
    fields["seats"].text = "2"
    assert form.submit()
    assert opened == [TableOptions("Dice night", 8, "Ann", ("old-saloon",), (), "dice"),
                      TableOptions("Dice night", 2, "Ann", (), (), "duel")]


@pytest.fixture
def pipe():
    from prompt_toolkit.input import create_pipe_input

    with create_pipe_input() as pipe_input:
        yield pipe_input


def test_a_host_cannot_open_a_table_for_a_game_this_version_cannot_play(
        tmp_path, pipe, older_build: None) -> None:
    import trio

    from p2pbang.net.lobby import TableSettings
    from p2pbang.ui.network.net_app import EXIT_USAGE

    from .test_net_play import run_with_bots

    async def script(play, bots, nursery: trio.Nursery) -> None:
        return None

    settings = TableSettings("Saloon", "bang", 4, (("expansions", "high-noon"),))
    code, play, _bots = run_with_bots(tmp_path, pipe, script, open_bot=False,
                                      announce=False, settings=settings)
    assert code == EXIT_USAGE
    assert play.lines_after == [
        "Could not open the table: cannot play at 'Saloon': the expansion 'high-noon' is not "
        "playable in this version; playable expansions of bang: dodge-city"]
