"""The Dice Game and The Duel at a network table in the full-screen interface, in one process:
the person hosts (``NetworkPlay`` with the table's settings, as ``p2pbang host --game dice``
runs it), bot peers join over loopback, and the person plays by keys on the solo board fed
by the session: the dice kept with k, rows taken with 1, chat typed and sent, the waiting
note, the end, a cheater named in a dialog; the screen drawn at 80x24 with 8 dice seats in
every language."""

from __future__ import annotations

from pathlib import Path

import pytest
import trio
from prompt_toolkit.input import create_pipe_input

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.net.discovery import probe_peer
from p2pbang.table.dropouts import Dropouts
from p2pbang.table.gamefiles import GameFiles
from p2pbang.table.table_choice import settings_for
from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.lobby.screen import WaitingRoom
from p2pbang.ui.network.family_net_table import FamilyNetworkTable
from p2pbang.ui.network.net_app import EXIT_CHEAT, EXIT_LEFT, EXIT_OK, NetworkPlay
from p2pbang.ui.shell.log import LogEntry
from p2pbang.ui.shell.screen import GameScreen
from p2pbang.ui.textfit import width_of

from .netkit import ENTER, ESC, TAB, Bots, until
from .test_net_play import open_from_browser, run_with_bots, widget_text

BOT_NAMES = ["Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus"]


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def text_of(lines: list) -> str:
    return "\n".join("".join(t for _s, t in line) for line in lines)


async def host_room(play: NetworkPlay, bots: Bots, nursery: trio.Nursery, count: int) -> str:
    """The person's waiting room as it first shows the invitation; then ``count`` bots join
    by its address. Returns the room's text."""
    await until(lambda: isinstance(play.screen.widget, WaitingRoom)
                and "p2pbang join --peer" in widget_text(play))
    room = widget_text(play)
    port = int(room.split("--peer 127.0.0.1:")[1].split()[0])
    table = await probe_peer(f"127.0.0.1:{port}")
    bots.join(nursery, table, BOT_NAMES[:count])
    return room


async def family_screen(play: NetworkPlay) -> tuple[FamilyNetworkTable, GameScreen]:
    await until(lambda: play.table is not None and play.table.screen is not None
                and play.table.screen.app.is_running, 60)
    table = play.table
    assert isinstance(table, FamilyNetworkTable)
    screen = table.screen
    assert isinstance(screen, GameScreen)
    return table, screen


def over(table: FamilyNetworkTable) -> bool:
    return isinstance(table.pending, End)


async def answer(pipe, table: FamilyNetworkTable, screen: GameScreen, decisions: int) -> int:
    """Keep the dice (k) or take the first row (its key) at each of the person's decisions, by
    keys; returns how many were answered (fewer once the person is out or the game over)."""
    answered = 0
    while answered < decisions:
        await until(lambda: table.your_turn_to_decide() or over(table)
                    or screen.dialog is not None or table.result is not None, 120)
        if not table.your_turn_to_decide() or screen.dialog is not None:
            break
        before = len(table.mine.history)
        with trio.fail_after(60):  # a Duel's card may open its ways first: press again
            while len(table.mine.history) <= before and not over(table):
                rows = screen.board.choices()
                if table.your_turn_to_decide() and rows:  # reroll: keep; else the first row
                    pipe.send_text("k" if screen.board.keys_hint() else rows[0].key or "1")
                await trio.sleep(0.05)
        answered += 1
    return answered


def dice_settings(seats: int, expansions: tuple[str, ...] = (), dropouts: str = "escrow"):
    """``dropouts="off"`` for a table with a cheater: the cheats bend the plain
    commit-reveal draw (with escrow every draw is an escrowed one)."""
    return settings_for("Dice table", GameChoice.make("dice", seats, list(expansions)),
                        Dropouts.for_table(dropouts, seats))


def duel_settings():
    return settings_for("Duel table", GameChoice.make("duel", 2, []))


def test_a_person_hosts_a_dice_table_plays_chats_and_leaves(tmp_path: Path, pipe) -> None:
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        seen["room"] = await host_room(play, bots, nursery, 3)
        table, screen = await family_screen(play)
        seen["first"] = text_of(screen.board.draw(80, 24))
        seen["answered"] = await answer(pipe, table, screen, 3)
        seen["cut short"] = over(table) or not table.mine.players[table.you].alive
        pipe.send_text(TAB + "howdy" + ENTER)
        await until(lambda: LogEntry("<Dana> howdy", "class:log.chat") in screen.log)
        pipe.send_text(ESC)
        await until(lambda: not screen.chatting)
        # The bots play on at full speed: the game may be over by now (the person shot dead
        # early), and then "q" leaves at once instead of asking.
        pipe.send_text("q")
        await until(lambda: screen.confirm_quit or over(table))
        seen["ended"] = not screen.confirm_quit
        if screen.confirm_quit:
            pipe.send_text("y")

    code, play, _bots = run_with_bots(tmp_path, pipe, script, open_bot=False, announce=False,
                                     settings=dice_settings(4))
    room = str(seen["room"])
    assert "Table Dice table" in room and "(opened the table)" in room and "dice" in room
    first = str(seen["first"])
    assert "BANG! Dice" in first.split("\n")[0]
    assert "A game of BANG! The Dice Game for 4 players: you and" in first
    assert "Dana" in first and "Ace" in first and "Bonnie" in first and "Clyde" in first
    assert "Tab: chat" in first
    assert seen["answered"] == 3 or seen["cut short"]  # unless the person was shot dead
    assert play.result is not None
    meta = GameFiles(play.result.directory).load_meta()
    if seen["ended"] or meta["over"]:
        # The bots finished the game before the person left, or while the "leave?" question
        # was on screen: the game is over, and the exit is a finished game's.
        assert code == EXIT_OK and meta["over"] is True
        return
    assert code == EXIT_LEFT
    assert play.result.left
    assert "You left the game: 'p2pbang resume' rejoins it." in play.lines_after
    assert meta["over"] is False and meta["player"] == "person"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["dice", "duel"])
def test_a_person_hosts_and_plays_a_whole_game_to_its_end(tmp_path: Path, pipe,
                                                          game: str) -> None:
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await host_room(play, bots, nursery, 3 if game == "dice" else 1)
        table, screen = await family_screen(play)
        seen["answered"] = await answer(pipe, table, screen, 100_000)
        await until(lambda: play.result is not None, 120)
        seen["end"] = text_of(screen.board.draw(80, 24))
        pipe.send_text("q")

    settings = dice_settings(4, ("old-saloon",)) if game == "dice" else duel_settings()
    code, play, bots = run_with_bots(tmp_path, pipe, script, open_bot=False, announce=False,
                                     settings=settings)
    assert code == EXIT_OK, play.lines_after
    result = play.result
    assert result is not None and result.ok and result.transcript is not None
    assert all(r.ok and r.head == result.head for r in bots.results)
    assert play.lines_after[0].rstrip().endswith(("You win!", "You lose."))
    assert "Game saved: " in str(seen["end"])


def test_a_duel_against_a_bot_peer_by_keys(tmp_path: Path, pipe) -> None:
    """A few moves of a Duel: the person's rows (a card's ways behind it), the bot answers,
    the note while the choice travels; leaving keeps the game for resume."""
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await host_room(play, bots, nursery, 1)
        table, screen = await family_screen(play)
        seen["first"] = text_of(screen.board.draw(80, 24))
        # The session's waiting report is news while fresh, then gone (the Duel's engine
        # has no list of players for the card game's "you are out" check to read).
        table.waiting([1 - table.you], 3.0, [])  # the bot's seat
        seen["fresh"] = table.note()
        clock = table._clock
        table._clock = lambda: clock() + 60
        seen["stale"] = table.note()
        table._clock = clock
        seen["answered"] = await answer(pipe, table, screen, 4)
        seen["ended"] = over(table)
        if over(table):
            await until(lambda: play.result is not None, 60)
            pipe.send_text("q")
            return
        pipe.send_text("q")
        # The bot plays on at full speed: the game may end before the question shows.
        await until(lambda: screen.confirm_quit or over(table))
        if screen.confirm_quit:
            pipe.send_text("y")

    code, play, _bots = run_with_bots(tmp_path, pipe, script, open_bot=False, announce=False,
                                     settings=duel_settings())
    first = str(seen["first"])
    assert "A game of BANG! The Duel for 2 players: you and Ace." in first
    assert "Waiting 3 s for Ace." in str(seen["fresh"]) or "on its way" in str(seen["fresh"])
    assert "Waiting" not in str(seen["stale"])
    assert seen["answered"] == 4 or seen["ended"]
    assert play.result is not None
    # Over by the rules, before the person left or while "leave?" was on screen: a finished
    # game's exit; otherwise the person left it.
    over_by_rules = GameFiles(play.result.directory).load_meta()["over"] is True
    assert code == (EXIT_OK if seen["ended"] or over_by_rules else EXIT_LEFT)


def test_a_cheater_at_a_dice_table_is_named_in_a_dialog(tmp_path: Path, pipe) -> None:
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await host_room(play, bots, nursery, 2)
        table, screen = await family_screen(play)
        with trio.fail_after(120):
            while screen.dialog is None:
                assert not over(table), "no verdict before the end"
                await answer(pipe, table, screen, 1)
                await trio.sleep(0.01)
        seen["dialog"] = screen.dialog
        seen["drawn"] = {}
        for language in ("en", "hu", "ro"):
            set_language(language)
            seen["drawn"][language] = screen.board.draw(80, 24)  # type: ignore[index]
        set_language("en")
        pipe.send_text(ENTER)
        await until(lambda: screen.dialog is None)
        await until(lambda: play.result is not None, 60)
        pipe.send_text("q")  # the game did not end: leaving it is asked first
        await until(lambda: screen.confirm_quit)
        pipe.send_text("y")

    bots_cheat = {"Bonnie": "wrong-opening"}
    code, play, _bots = run_with_bots(tmp_path, pipe, script, open_bot=False, announce=False,
                                      settings=dice_settings(3, dropouts="off"),
                                      cheats=bots_cheat)
    title, lines = seen["dialog"]  # type: ignore[misc]
    assert title == "The game is stopped"
    assert lines[0].startswith("Bonnie (seat ") and "cheated" in lines[0]
    assert code == EXIT_CHEAT
    assert play.lines_after[0].startswith("Bonnie (seat ")
    for language, rows in seen["drawn"].items():  # type: ignore[union-attr]
        text = text_of(rows)
        assert len(rows) == 24 and all(width_of(t) <= 80 for t in text.split("\n")), language
        assert "\u250c" in text and "\u2518" in text and "Bonnie (" in text, language


def test_eight_dice_seats_fit_80x24_with_chat_and_notes_in_every_language() -> None:
    """The network variant of the shell (chat line, the network's note, news and chat in
    the log, the bots' pace keys) over an 8-seat dice game at a reroll: 24 rows, none wider
    than 80, in en/hu/ro; the chat line keeps the end of a long text in view."""
    from prompt_toolkit.output import DummyOutput

    from p2pbang.table.solo import SoloSession
    from p2pbang.ui.boards import board_for

    sent: list[str] = []
    for language in ("en", "hu", "ro"):
        set_language(language)
        session = SoloSession(GameChoice.make("dice", 8, ["old-saloon"]), 5)
        session.advance()
        with create_pipe_input() as keys:
            note = _("Waiting {seconds} s for {names}.").format(
                seconds=12, names=_("{name} (disconnected)").format(name="Bonnie"))
            screen = GameScreen(session, board_for(session), input=keys,
                                  output=DummyOutput(), send_chat=sent.append,
                                  note=lambda note=note: note, pace_keys=True)
            screen.add_chat("Bonnie", "hello")
            screen.add_line(_("{name} disconnected").format(name="Bonnie"), "class:notice")
            text = text_of(screen.board.draw(80, 24))
            rows = text.split("\n")
            assert len(rows) == 24 and all(width_of(t) == 80 for t in rows), language
            assert "Gus" in text and "<Bonnie> hello" in text, language
            assert _("?: help \u00b7 Tab: chat \u00b7 q: quit") in text, language
            # The pace keys are offered where they fit, and left out (never cut) otherwise.
            full = _("?: help \u00b7 Tab: chat \u00b7 q: quit \u00b7 +/-: pace")
            assert screen.board.keys_line().endswith("+/-: " + full.split("+/-: ")[1])
            assert "\u2026" not in rows[-1], language
            screen._key("tab")
            for key in "y" * 300:
                screen._key(key)
            screen._key("backspace")
            chat = text_of(screen.board.draw(80, 24))
            assert all(width_of(t) == 80 for t in chat.split("\n")), language
            assert _("Say: ").strip() in chat and "yyyy" in chat, language
            screen._key("enter")
            # sent, the keys are the board's again (issue 22, point 17): q asks to leave
            assert sent[-1] == "y" * 199 and not screen.chatting and not screen.chat_text
            screen._key("q")
            assert screen.confirm_quit and not screen.chat_text
            screen._key("n")
            screen._key("tab")
            screen._key("escape")
            assert not screen.chatting


def test_a_person_joins_a_dice_table_by_address(tmp_path: Path, pipe) -> None:
    """``p2pbang join --peer HOST:PORT`` of a table a bot opened for the Dice Game: the room
    says the game, the board comes up, the person plays and leaves."""
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await until(lambda: isinstance(play.screen.widget, WaitingRoom)
                    and "Ace sat down." in widget_text(play))
        seen["room"] = widget_text(play)
        bots.join(nursery, bots.table(), ["Bonnie"])
        table, screen = await family_screen(play)
        seen["answered"] = await answer(pipe, table, screen, 2)
        seen["cut short"] = over(table) or not table.mine.players[table.you].alive
        seen["log"] = "\n".join(entry.text for entry in screen.log)
        pipe.send_text("q")
        await until(lambda: screen.confirm_quit)
        pipe.send_text("y")

    code, play, _bots = run_with_bots(tmp_path, pipe, script, seats=3,
                                      bot_table=dice_settings(3))
    room = str(seen["room"])
    assert "Game: dice" in room and "Table Dice table" in room
    assert "A game of BANG! The Dice Game for 3 players: you and" in str(seen["log"])
    assert seen["answered"] == 2 or seen["cut short"]
    assert code == EXIT_LEFT and play.result is not None and play.result.left


@pytest.mark.parametrize("game,to_the_end", [
    ("dice", False), ("duel", False), pytest.param("dice", True, marks=pytest.mark.slow)])
def test_a_game_left_mid_game_is_resumed_full_screen(tmp_path: Path, pipe, game: str,
                                                     to_the_end: bool) -> None:
    """The person leaves a hosted dice or duel table mid-game (status 4, the bot peers
    wait), then ``p2pbang resume`` (``ResumePlay``) brings the same board back: the log
    told again from the engine's history, the dice of the turn where they were, and play
    goes on (to the end with ``-m slow``)."""
    from prompt_toolkit.output import DummyOutput

    from p2pbang.net.identity import Identity
    from p2pbang.table.resume import resumable_game
    from p2pbang.ui.network.net_app import NetworkRequest
    from p2pbang.ui.network.net_resume import ResumePlay, ResumeRequest
    from p2pbang.ui.shell.stage import Stage, run_program

    from .netkit import BOT_CONFIG, CONFIG

    identity = Identity.generate("Dana")
    home = tmp_path / "person"
    bots = Bots(tmp_path, 3)
    seen: dict[str, object] = {}

    async def program(stage: Stage) -> tuple[int, int]:
        async with trio.open_nursery() as nursery:
            request = NetworkRequest(identity=identity, home=home, identity_dir=home,
                                     listen="127.0.0.1",
                                     settings=dice_settings(3) if game == "dice"
                                     else duel_settings(),
                                     announce=False, mesh_config=CONFIG,
                                     session_config=BOT_CONFIG)
            play = NetworkPlay(request, input=pipe, output=DummyOutput())
            play.screen.app.ttimeoutlen = 0.02
            codes: list[int] = []

            async def person() -> None:
                codes.append(await play(stage))

            nursery.start_soon(person)
            await host_room(play, bots, nursery, 2 if game == "dice" else 1)
            table, screen = await family_screen(play)
            await answer(pipe, table, screen, 2)
            seen["before"] = len(table.mine.history)
            pipe.send_text("q")
            await until(lambda: screen.confirm_quit)
            pipe.send_text("y")
            await until(lambda: bool(codes), 30)
            saved = resumable_game(home, None, identity)
            resume = ResumePlay(ResumeRequest(identity, saved, "127.0.0.1",
                                              session_config=BOT_CONFIG),
                                input=pipe, output=DummyOutput())

            async def again() -> None:
                codes.append(await resume(stage))

            nursery.start_soon(again)
            await until(lambda: resume.table.screen is not None
                        and resume.table.screen.app.is_running, 60)
            table = resume.table
            assert isinstance(table, FamilyNetworkTable)
            screen = table.screen
            assert isinstance(screen, GameScreen)
            seen["log"] = [entry.text for entry in screen.log]
            seen["answered"] = await answer(pipe, table, screen, 100_000 if to_the_end else 1)
            if to_the_end:
                await until(lambda: resume.result is not None, 120)
                pipe.send_text("q")
            else:
                pipe.send_text("q")
                await until(lambda: screen.confirm_quit)
                pipe.send_text("y")
            await until(lambda: len(codes) == 2, 60)
            seen["after"] = resume.lines_after
            nursery.cancel_scope.cancel()
        return codes[0], codes[1]

    first, second = run_program(program)
    assert first == EXIT_LEFT
    log = seen["log"]
    assert isinstance(log, list)
    assert any(line.startswith("Resumed: ") for line in log)
    assert log[0].startswith("A game of BANG! The Dice Game for 3 players: you and" if
                             game == "dice" else "A game of BANG! The Duel for 2 players: ")
    told = [line for line in log if line.startswith(("You roll", "── Turn", "Turn "))]
    assert told, log  # the game so far, told again from the engine's history
    if to_the_end:
        assert second == EXIT_OK, seen["after"]
        assert str(seen["after"][0]).rstrip().endswith(("You win!", "You lose."))
    else:
        assert second == EXIT_LEFT


def test_a_duel_table_named_on_the_command_line_is_found_and_played(tmp_path: Path,
                                                                    pipe) -> None:
    """``p2pbang join NAME`` of a Duel a bot opened and announced (mDNS on loopback; skipped
    where there is no multicast): the room, then the Duel's board, and a move by keys."""
    import secrets

    from p2pbang.net.discovery import multicast_problem

    problem = multicast_problem("127.0.0.1")
    if problem:
        pytest.skip(f"no multicast on loopback here ({problem})")
    name = f"Duel{secrets.token_hex(3)}"  # other test runs may announce tables too
    seen: dict[str, object] = {}

    async def announce(bots: Bots, nursery: trio.Nursery) -> None:
        await bots.open(nursery, name, announce=True,
                        settings=settings_for(name, GameChoice.make("duel", 2, [])))

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        table, screen = await family_screen(play)
        seen["answered"] = await answer(pipe, table, screen, 1)
        seen["log"] = "\n".join(entry.text for entry in screen.log)
        pipe.send_text("q")
        await until(lambda: screen.confirm_quit)
        pipe.send_text("y")

    code, play, _bots = run_with_bots(tmp_path, pipe, script, seats=2, open_bot=False,
                                      setup=announce, table_name=name, find_timeout=3.0)
    assert "A game of BANG! The Duel for 2 players: you and Ace." in str(seen["log"])
    assert seen["answered"] == 1
    assert code == EXIT_LEFT and play.result is not None and play.result.left


def test_an_eight_seat_dice_room_fits_80x24_in_every_language() -> None:
    """The waiting room of an 8-seat Dice Game (7 seated, one free), with the game under the
    title, the invitation and a few lines of news: every player and the free seat shown in
    24 rows of at most 80 cells, in en/hu/ro."""
    from p2pbang.ui.lobby.screen import RoomState, SeatStatus

    seats = tuple(SeatStatus(name, f"{index:08x}", True, True, is_you=index == 0,
                             opened=index == 0, peer_id=f"peer{index}")
                  for index, name in enumerate(["Dana", *BOT_NAMES[:6]]))
    for language in ("en", "hu", "ro"):
        set_language(language)
        state = RoomState("Dice table", seats, 8, news=tuple(
            _("{name} sat down.").format(name=n) for n in BOT_NAMES[:6]),
            invite="p2pbang join --peer 192.168.100.200:45678", game="dice+old-saloon")
        room = WaitingRoom(lambda state=state: state, None, None, lambda: None)
        rows = room.lines(80, 24)
        text = text_of(rows)
        assert len(rows) <= 24 and all(width_of(t) <= 80 for t in text.split("\n")), language
        assert all(name in text for name in ["Dana", *BOT_NAMES[:6]]), language
        assert "dice+old-saloon" in text and "45678" in text, language


def test_a_duel_table_opened_from_the_browsers_form_is_played(tmp_path: Path, pipe) -> None:
    """The browser's "new table" form names the game too: a Duel typed there opens a Duel
    table (announced and bound into the genesis as one), played on the duel board."""
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        typed = {"table": "High chaparral", "seats": "2", "game": "duel"}
        seen["room"] = await open_from_browser(play, pipe, bots, nursery, typed, ["Ace"])
        table, screen = await family_screen(play)
        seen["first"] = text_of(screen.board.draw(80, 24))
        seen["answered"] = await answer(pipe, table, screen, 2)
        pipe.send_text("q")
        await until(lambda: screen.confirm_quit)
        pipe.send_text("y")

    code, play, _bots = run_with_bots(tmp_path, pipe, script, seats=2, open_bot=False,
                                     announce=False)
    assert "Table High chaparral" in str(seen["room"]) and "duel" in str(seen["room"])
    first = str(seen["first"])
    assert first.split("\n")[0].strip().startswith("BANG! The Duel")
    assert "A game of BANG! The Duel for 2 players: you and Ace." in first
    assert seen["answered"] >= 1
    assert code == EXIT_LEFT
    assert play.result is not None
    assert GameFiles(play.result.directory).load_meta()["game"]["game"] == "duel"
