"""The board registry (``ui/boards.py``): each game's package declares its screens once, and
no interface module outside a game's package names a game to pick its screens."""

from __future__ import annotations

import io
import re
import sys
import types
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

import p2pbang.ui
from p2pbang.engine.actions import End, Event
from p2pbang.engine.choice import GAMES, GameChoice, seat_range
from p2pbang.table.solo import SoloSession
from p2pbang.ui import boards
from p2pbang.ui.shell.board import BoardBase
from p2pbang.ui.shell.screen import GameScreen

UI = Path(p2pbang.ui.__file__).parent
# The plain line interfaces are being rewritten in another branch; their watcher and network
# table still ask the game's name (to be moved to the registry with them).
NOT_YET = {"watch_plain.py", "plain_net.py"}
PICKS = re.compile(r"\.game\s*(==|!=)\s*[\"']|\.game\s+(not\s+)?in\s+(\(|[A-Z_]+\b)")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_screens_in_its_own_package(game: str) -> None:
    screens = boards.screens(game)
    assert screens.game == game
    assert boards.has_board(game) == (screens.board is not None)


@pytest.mark.parametrize("game", boards.board_games())
def test_a_board_game_is_drawn_on_the_shell_from_the_registry(game: str) -> None:
    seats = seat_range(game)[0]
    session = SoloSession(GameChoice.make(game, seats), seed=3)
    board = boards.board_for(session)
    assert isinstance(board, boards.screens(game).board)  # type: ignore[arg-type]
    with create_pipe_input() as pipe:
        screen = GameScreen(session, board, speed=0, input=pipe, output=DummyOutput())
        screen.add_events(session.advance())
        assert len(screen.board.draw(80, 24)) == 24


def test_a_game_with_its_own_interfaces_has_no_board_for_them() -> None:
    own = [game for game in GAMES if not boards.has_board(game)]
    assert own  # the card game's board is its full screen's only (bang/card_board.py)
    assert all(boards.screens(game).screen_board is not None for game in own)
    session = types.SimpleNamespace(choice=types.SimpleNamespace(game=own[0]))
    with pytest.raises(ValueError, match="its own interfaces"):
        boards.board_for(session)


@pytest.mark.parametrize("game", GAMES)
def test_every_games_full_screen_comes_from_the_registry(game: str) -> None:
    """The solo and network tables make their screen through ``full_screen``: the one
    shell around the game's board (the board every interface reads, or the board of the
    full screen only); the options reach it."""
    seats = seat_range(game)[0]
    session = SoloSession(GameChoice.make(game, seats), seed=3)
    sent: list[str] = []
    with create_pipe_input() as pipe:
        screen = boards.full_screen(session, speed=1, input=pipe, output=DummyOutput(),
                                    send_chat=sent.append, note=lambda: "news",
                                    pace_keys=False)
        declared = boards.screens(game)
        assert type(screen) is GameScreen  # one screen for every game, around its board
        assert isinstance(screen.board, BoardBase) and screen.board.screen is screen
        assert isinstance(screen.board, declared.board or declared.screen_board)  # type: ignore[arg-type]
        assert screen.speed == 1 and not screen.pace_keys and screen.note() == "news"
        screen.send_chat("hello")
        assert sent == ["hello"]
        screen.add_events(session.advance())


def test_a_board_passed_in_is_the_one_on_the_shell() -> None:
    game = boards.board_games()[0]
    session = SoloSession(GameChoice.make(game, seat_range(game)[0]), seed=3)
    board = boards.board_for(session)
    with create_pipe_input() as pipe:
        screen = boards.full_screen(session, board=board, input=pipe, output=DummyOutput())
    assert screen.board is board


def test_a_game_declaring_neither_a_board_nor_a_screen_is_refused(monkeypatch) -> None:
    game = GAMES[0]
    fake = types.ModuleType(f"p2pbang.ui.{game}.board")
    fake.SCREENS = boards.GameScreens(game)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, fake.__name__, fake)
    boards.screens.cache_clear()
    session = types.SimpleNamespace(choice=types.SimpleNamespace(game=game))
    try:
        with pytest.raises(TypeError, match="neither a board nor a screen's board"):
            boards.full_screen(session)
    finally:
        boards.screens.cache_clear()


@pytest.mark.parametrize("game", GAMES)
def test_every_games_solo_comes_from_the_registry(game: str, tmp_path: Path) -> None:
    """What ``solo`` and ``replay`` ask of a game: a board's game has the boards' (its name
    said in the interface's language), a game with its own screen declares its own."""
    from p2pbang.ui.i18n import set_language
    from p2pbang.ui.plain.board_solo import BoardSolo

    solo = boards.solo_for(game)
    assert (solo is BoardSolo) == boards.has_board(game)
    low, _high = seat_range(game)
    choice = GameChoice.make(game, low)
    line = solo.again(choice, 7, tmp_path / "solo.json")
    assert "--seed 7" in line and "deals this game again" in line
    assert solo.person("Zoli") == "Zoli"
    set_language("hu")
    try:
        assert (solo.person("You") != "You") == boards.has_board(game)
    finally:
        set_language("en")
    assert callable(solo.plain) and callable(solo.replay)  # played by the cli's tests


def test_a_game_with_its_own_interfaces_and_no_solo_is_refused(monkeypatch) -> None:
    game = next(g for g in GAMES if not boards.has_board(g))
    fake = types.ModuleType(f"p2pbang.ui.{game}.board")
    fake.SCREENS = boards.GameScreens(game, screen_board=object)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, fake.__name__, fake)
    boards.screens.cache_clear()
    try:
        with pytest.raises(TypeError, match="declares no solo"):
            boards.solo_for(game)
    finally:
        boards.screens.cache_clear()


def test_an_unknown_game_is_refused_with_the_games_listed() -> None:
    with pytest.raises(ValueError, match="no such game: 'poker'.*" + GAMES[0]):
        boards.screens("poker")


def test_a_package_declaring_another_games_screens_is_refused(monkeypatch) -> None:
    game = boards.board_games()[0]
    other = next(g for g in GAMES if g != game)
    fake = types.ModuleType(f"p2pbang.ui.{game}.board")
    fake.SCREENS = boards.GameScreens(other)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, fake.__name__, fake)
    boards.screens.cache_clear()
    try:
        with pytest.raises(TypeError, match=f"not {game}'s screens"):
            boards.screens(game)
    finally:
        boards.screens.cache_clear()


def test_no_module_outside_a_games_package_names_a_game_to_pick_its_screens() -> None:
    packages = {UI / game for game in GAMES}
    found = []
    for path in sorted(UI.rglob("*.py")):
        if any(package in path.parents for package in packages) or path.name in NOT_YET:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PICKS.search(line):
                found.append(f"{path.relative_to(UI)}:{number}: {line.strip()}")
    assert found == []


def test_a_boards_words_for_a_network_table() -> None:
    """The title, the dealing line and the note once out: each board's, asked by the
    network table instead of naming its game."""
    duel = SoloSession(GameChoice.make("duel", 2), 1)
    board = boards.board_for(duel)
    assert board.title() == "BANG! The Duel" and board.out_note() == ""
    assert "cards are being dealt" in board.dealing_words()
    saloon = SoloSession(GameChoice.make("dice", 4, ("old-saloon",)), 1)
    assert boards.board_for(saloon).title() == "BANG! The Dice Game with Old Saloon"
    for seed in range(1, 40):  # a Dice Game where the person is out before the end
        session = SoloSession(GameChoice.make("dice", 8), seed)
        board = boards.board_for(session)
        assert "roll is drawn by all the peers" in board.dealing_words()
        assert board.title() == "BANG! The Dice Game"
        game = session.mine
        while game.players[session.you].alive and not isinstance(session.pending, End):
            assert board.out_note() == ""
            if session.your_turn_to_decide():
                session.act(session.legal_actions()[0])
            else:
                session.step_one()  # one input at a time: the moment the person is out
        if not isinstance(session.pending, End):
            assert board.out_note().startswith("You are out, but stay to the end")
            while not isinstance(session.pending, End):
                session.advance()
            assert board.out_note() == ""  # the game is over: nothing goes on
            return
    raise AssertionError("no seed put the person out before the end")


@pytest.mark.parametrize("game", GAMES)
def test_what_the_replay_and_the_watcher_tell_comes_from_the_registry(game: str) -> None:
    """A board's game is told by its board (``BoardTold``, ``BoardWatched``); a game with a
    screen of its own declares its own (the card game's ``bang/told.py``, ``watched.py``)."""
    session = SoloSession(GameChoice.make(game, seat_range(game)[0]), seed=4)
    core = types.SimpleNamespace(game=session.mine, choice=session.choice, seat=0)
    watch = types.SimpleNamespace(core=core, names=list(session.names), seated=True)
    declared = boards.screens(game)
    told, watched = boards.told_for(core, watch.names), boards.watched_for(watch)
    if boards.has_board(game):
        assert type(told) is boards.BoardTold and type(watched) is boards.BoardWatched
        assert watched.top_rows() == 0 and watched.status(80) is None
    else:
        assert type(told) is declared.told and type(watched) is declared.watched
        assert watched.top_rows() == len(session.mine.players) + 1


def test_the_replay_stops_at_a_pause_whose_input_ended() -> None:
    """The card game's telling pauses before each turn after the first: an ended input
    stops it there, the turn's sentence unprinted."""
    session = SoloSession(GameChoice.make("bang", 4), seed=4)
    core = types.SimpleNamespace(game=session.mine, choice=session.choice, seat=0)
    told = boards.told_for(core, list(session.names))
    out = io.StringIO()
    assert told.tell([Event("turn", seat=0, value=1)], True, out, io.StringIO(""))
    first = out.getvalue()
    assert first.strip()  # the first turn is told without a pause
    assert not told.tell([Event("turn", seat=1, value=2)], True, out, io.StringIO(""))
    assert out.getvalue()[len(first):] == "(Enter for the next turn) "
    assert told.tell([Event("turn", seat=1, value=2)], True, out, io.StringIO("\n"))
    told.at_the_end(out)
    assert "The table at the end:" in out.getvalue()
