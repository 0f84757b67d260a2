"""The full-screen network program end to end in one process: a person (keystrokes through a
pipe, screens drawn to a DummyOutput) joins a table of bot peers over loopback, waits in the
room, plays by keys, chats, leaves or plays to the end; a cheating bot is named in a dialog;
and the ways a join can fail are explained, with the person choosing again."""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
import trio
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import End, IllegalAction, Pass
from p2pbang.net.identity import Identity
from p2pbang.net.lobby import TableSettings
from p2pbang.table.gamefiles import GameFiles, load_transcript
from p2pbang.ui.bang.card_board import CardBoard
from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.lobby.screen import OpenTableForm, TableBrowser, WaitingRoom
from p2pbang.ui.network.net_app import (
    EXIT_CHEAT,
    EXIT_LEFT,
    EXIT_OK,
    EXIT_USAGE,
    Choice,
    NetworkPlay,
    NetworkRequest,
)
from p2pbang.ui.network.net_table import verdict_lines
from p2pbang.ui.shell.screen import GameScreen
from p2pbang.ui.shell.stage import Stage, run_program
from p2pbang.ui.textfit import width_of

from .netkit import BOT_CONFIG, CONFIG, CTRL_C, DOWN, ENTER, ESC, TAB, Bots, until
from .screens import snapshot


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe_input:
        yield pipe_input


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def person_request(tmp: Path, **kwargs: object) -> NetworkRequest:
    return NetworkRequest(identity=Identity.generate("Dana"), home=tmp / "person",
                          identity_dir=tmp / "person", listen="127.0.0.1",
                          mesh_config=CONFIG, session_config=BOT_CONFIG,
                          **kwargs)  # type: ignore[arg-type]


def text_of(lines: list) -> str:
    return "\n".join("".join(t for _s, t in line) for line in lines)


def widget_text(play: NetworkPlay) -> str:
    return text_of(play.screen.widget.lines(80, 24))


Script = Callable[[NetworkPlay, Bots, trio.Nursery], Awaitable[None]]


def run_with_bots(tmp: Path, pipe, script: Script, seats: int = 4, open_bot: bool = True,
                  cheats: dict[str, str] | None = None,
                  setup: Callable[[Bots, trio.Nursery], Awaitable[None]] | None = None,
                  bot_table: TableSettings | None = None,
                  **request: object) -> tuple[int, NetworkPlay, Bots]:
    """Bots (the first opening the table unless ``open_bot`` is False), the person's program
    and the test's ``script`` in one trio run on one stage; returns the person's status."""
    bots = Bots(tmp, seats, cheats)
    box: dict[str, object] = {}

    async def program(stage: Stage) -> int:
        async with trio.open_nursery() as nursery:
            if open_bot:
                table = await bots.open(nursery, settings=bot_table)
                request.setdefault("peer", f"127.0.0.1:{bots.port}")
                box["table"] = table
            if setup is not None:
                await setup(bots, nursery)
            play = NetworkPlay(person_request(tmp, **request), input=pipe,
                               output=DummyOutput())
            play.screen.app.ttimeoutlen = 0.02
            box["play"] = play
            outcome: list[int] = []

            async def person() -> None:
                outcome.append(await play(stage))

            nursery.start_soon(person)
            await script(play, bots, nursery)
            await until(lambda: bool(outcome), 60)
            nursery.cancel_scope.cancel()
        return outcome[0]

    code = run_program(program)
    assert code is not None
    play = box["play"]
    assert isinstance(play, NetworkPlay)
    return code, play, bots


async def open_from_browser(play: NetworkPlay, pipe, bots: Bots, nursery: trio.Nursery,
                            fields: dict[str, str], bot_names: list[str]) -> str:
    """From the browser, as a person does: ``n``, the new-table form's ``fields`` typed by
    name (table, seats, player, game, expansions, variants), Enter; once the waiting room
    shows its address, ``bot_names`` join by it. Returns the room's text then."""
    from p2pbang.net.discovery import probe_peer

    await until(lambda: play.screen.app.is_running
                and isinstance(play.screen.widget, TableBrowser))
    pipe.send_text("n")
    await until(lambda: isinstance(play.screen.widget, OpenTableForm))
    form = play.screen.widget
    assert isinstance(form, OpenTableForm)
    buffers = {buffer.name: buffer for _label, buffer in form.fields}
    for name, text in fields.items():
        buffers[name].text = text
    pipe.send_text(ENTER)
    await until(lambda: isinstance(play.screen.widget, WaitingRoom)
                and "p2pbang join --peer" in widget_text(play))
    room = widget_text(play)
    port = int(room.split("--peer 127.0.0.1:")[1].split()[0])
    bots.join(nursery, await probe_peer(f"127.0.0.1:{port}"), bot_names)
    return room


async def table_screen(play: NetworkPlay) -> GameScreen:
    await until(lambda: play.table is not None and play.table.screen is not None
                and play.table.screen.app.is_running, 30)
    assert play.table is not None and play.table.screen is not None
    return play.table.screen


def person_alive(screen: GameScreen) -> bool:
    return screen.session.mine.players[screen.session.you].alive


async def answer(pipe, screen: GameScreen, decisions: int) -> int:
    """Press the first row's key at each of the person's decisions; returns how many were
    answered."""
    answered = 0
    while answered < decisions:
        await until(lambda: bool(screen.board.actions) or isinstance(screen.session.pending, End)
                    or screen.dialog is not None or not person_alive(screen), 60)
        if not screen.board.actions:
            break
        before = len(screen.session.mine.history)
        while len(screen.session.mine.history) <= before:  # "1" at each step until it acts
            steps = len(screen.board.steps)
            keys = screen.board.keys
            pipe.send_text(keys[0] if keys and keys[0] else "1")
            await until(lambda before=before, steps=steps: len(screen.session.mine.history)
                        > before or len(screen.board.steps) > steps, 60)
        answered += 1
    return answered


async def play_until_the_verdict(pipe, screen: GameScreen) -> None:
    """Take the person's decisions until the verdict dialog opens (a bounded wait: a game
    that ends without one fails the test instead of spinning)."""
    with trio.fail_after(60):
        while screen.dialog is None:
            assert not isinstance(screen.session.pending, End), "no verdict before the end"
            await answer(pipe, screen, 1)
            await trio.sleep(0.01)


def test_a_person_joins_by_address_waits_plays_chats_and_leaves(tmp_path: Path, pipe) -> None:
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await until(lambda: isinstance(play.screen.widget, WaitingRoom)
                    and "Ace sat down." in widget_text(play))  # the list, then the news
        seen["room"] = widget_text(play)
        assert seen["room"]
        bots.join(nursery, bots.table(), ["Bonnie", "Clyde"])
        screen = await table_screen(play)
        table = play.table
        assert table is not None
        # A decision answered twice is refused with a reason, and so is a choice when the
        # decision is not the person's; neither changes anything.
        await until(lambda: bool(screen.board.actions), 60)
        action = screen.board.actions[0]
        before = len(screen.session.mine.history)
        table.act(action)
        assert screen.board.actions == [] and "on its way" in table.note()
        with pytest.raises(IllegalAction, match="already on its way"):
            table.act(action)
        await until(lambda: len(screen.session.mine.history) > before, 60)
        with trio.fail_after(60):
            while table._my_decision() is not None:  # play on until another seat decides
                await answer(pipe, screen, 1)
        with pytest.raises(IllegalAction, match="not your decision"):
            table.act(Pass())
        seen["answered"] = await answer(pipe, screen, 3)
        seen["cut short"] = not person_alive(screen) or isinstance(
            screen.session.pending, End)
        pipe.send_text(TAB + "hello table" + ENTER)
        await until(lambda: any("<Dana> hello table" in e.text for e in screen.log))
        pipe.send_text(ESC)
        await trio.sleep(0.1)
        pipe.send_text("q")
        await until(lambda: screen.confirm_quit)
        pipe.send_text("y")

    code, play, bots = run_with_bots(tmp_path, pipe, script)
    room = str(seen["room"])
    assert "Table Saloon" in room and "Dana" in room and "(you)" in room
    assert "Ace" in room and "(opened the table)" in room
    assert "Waiting for 2 more players to sit down." in room
    assert "free seat" in room and "Ace sat down." in room
    assert f"p2pbang join --peer 127.0.0.1:{bots.port}" in room
    assert seen["answered"] == 3 or seen["cut short"]  # unless the person was shot dead
    assert code == EXIT_LEFT
    assert play.result is not None and play.result.left and play.result.transcript is None
    assert "You left the game: 'p2pbang resume' rejoins it." in play.lines_after
    meta = GameFiles(play.result.directory).load_meta()
    assert meta["over"] is False and meta["player"] == "person"  # p2pbang resume takes it


@pytest.mark.parametrize("to_the_end", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_a_table_opened_from_the_browser_is_played(tmp_path: Path, pipe,
                                                   to_the_end: bool) -> None:
    """No table named: the browser; n opens the form; the bots join by the invitation's
    address; decisions are taken by keys; left mid-game (status 4, files kept), or played
    to the end and left with q (status 0, transcript written)."""
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        seen["room"] = await open_from_browser(play, pipe, bots, nursery,
                                               {"table": "Dusty", "seats": "4"},
                                               ["Ace", "Bonnie", "Clyde"])
        screen = await table_screen(play)
        seen["answered"] = await answer(pipe, screen, 10_000 if to_the_end else 3)
        if not to_the_end:
            pipe.send_text("q")
            await until(lambda: screen.confirm_quit)
            pipe.send_text("y")
            return
        await until(lambda: play.result is not None, 60)  # the others confirmed the end
        pipe.send_text("q")

    code, play, bots = run_with_bots(tmp_path, pipe, script, open_bot=False)
    assert "Table Dusty" in str(seen["room"]) and "(opened the table)" in str(seen["room"])
    if not to_the_end:
        assert seen["answered"] == 3 and code == EXIT_LEFT
        assert play.result is not None and play.result.left
        return
    assert code == EXIT_OK, play.lines_after
    result = play.result
    assert result is not None and result.ok and result.transcript is not None
    assert all(r.ok and r.head == result.head for r in bots.results)
    transcript = load_transcript(result.transcript)
    assert len(transcript.entries) == result.entries
    assert any(line.startswith("Game over:") for line in play.lines_after)
    assert play.table is not None and play.table.screen is not None
    end = "\n".join(snapshot(play.table.screen, 80, 24))
    assert "game over" in end.split("\n")[0] and "Press q to leave." in end
    assert "Game saved: " in end  # the session's end, in the log panel


def test_a_cheating_bot_is_named_in_a_dialog(tmp_path: Path, pipe) -> None:
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        bots.join(nursery, bots.table(), ["Bonnie", "Clyde"])
        screen = await table_screen(play)
        await play_until_the_verdict(pipe, screen)
        seen["dialog"] = screen.dialog
        pipe.send_text(ENTER)
        await until(lambda: screen.dialog is None)
        await until(lambda: play.result is not None, 60)
        pipe.send_text("q")
        await until(lambda: screen.confirm_quit)
        pipe.send_text("y")

    code, play, _bots = run_with_bots(tmp_path, pipe, script, cheats={"Clyde": "wrong-share"})
    title, lines = seen["dialog"]  # type: ignore[misc]
    assert title == "The game is stopped"
    assert lines[0].startswith("Clyde (seat ") and "cheated in a dealing message" in lines[0]
    assert lines[1].startswith("What failed: ")
    assert code == EXIT_CHEAT
    assert play.result is not None and play.result.verdict is not None
    assert play.lines_after[0].startswith("Clyde (seat ")


def test_failed_joins_are_explained_and_the_person_chooses_again(tmp_path: Path,
                                                                 pipe) -> None:
    """Nothing listens at the address: explained. A full table: its own words. Each time
    the browser comes back, and q leaves."""
    seen: list[str] = []

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await until(lambda: isinstance(play.screen.widget, TableBrowser)
                    and "Could not join" in play.browser.message, 20)
        seen.append(play.browser.message)
        # A full table: open one with the bots and fill it.
        table = await bots.open(nursery, "Full house")
        bots.join(nursery, table, ["Bonnie", "Clyde", "Ezra"])
        await until(lambda: bots.lobby is not None and len(bots.lobby.roster()) == 4, 20)
        pipe.send_text("a")
        await until(lambda: play.browser.asking_address)
        pipe.send_text("nowhere" + ENTER)  # no port: explained in place, the text kept
        await until(lambda: "port" in play.browser.message)
        seen.append(play.browser.message)
        play.browser.address.text = f"127.0.0.1:{bots.port}"
        pipe.send_text(ENTER)
        await until(lambda: "full" in play.browser.message or "begun" in play.browser.message,
                    20)
        seen.append(play.browser.message)
        await until(lambda: isinstance(play.screen.widget, TableBrowser))
        pipe.send_text("q")

    closed = _closed_port()
    code, _play, _bots = run_with_bots(tmp_path, pipe, script, open_bot=False,
                                       peer=f"127.0.0.1:{closed}")
    assert code == EXIT_LEFT
    assert seen[0].startswith("Could not join: ")
    assert "port" in seen[1]
    # Refused while the bots sign the start, or once they have: either way, in words.
    assert seen[2] in ("That table is full.", "The game at that table has already begun.")


def _closed_port() -> int:
    """A loopback port nobody listens on (bound, then released)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_host_whose_table_cannot_open_says_why(tmp_path: Path, pipe) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])

        async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
            return None

        code, play, _bots = run_with_bots(
            tmp_path, pipe, script, open_bot=False, port=port, announce=False,
            settings=TableSettings("Saloon", "bang", 4))
    assert code == EXIT_USAGE
    assert play.lines_after and play.lines_after[0].startswith("Could not open the table: ")


def test_the_network_table_fits_80x24_with_a_verdict_over_it(tmp_path: Path, pipe) -> None:
    """A short game with a cheater; then the table with the verdict dialog over it, drawn at
    80x24 in each language: the seat named, the whole box shown, nothing wider."""
    box: dict[str, GameScreen] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        bots.join(nursery, bots.table(), ["Bonnie", "Clyde"])
        screen = await table_screen(play)
        box["screen"] = screen
        await play_until_the_verdict(pipe, screen)
        await until(lambda: play.result is not None, 60)
        pipe.send_text(CTRL_C)  # leaves at once, the dialog still up

    code, play, _bots = run_with_bots(tmp_path, pipe, script,
                                      cheats={"Bonnie": "wrong-share"})
    assert code == EXIT_CHEAT
    screen = box["screen"]
    assert play.table is not None and play.table.stopped_by is not None
    for language in ("en", "hu", "ro"):
        set_language(language)
        screen.show_dialog(_("The game is stopped"),
                           verdict_lines(play.table.stopped_by, play.table.names))
        screen.changed()
        rows = snapshot(screen, 80, 24)
        assert len(rows) == 24 and all(width_of(row) <= 80 for row in rows), language
        text = "\n".join(rows)
        assert _("The game is stopped") in text and "Bonnie (" in text, language
        assert "\u250c" in text and "\u2518" in text, language  # the whole box is shown
        assert _("Enter: close") in text, language


def test_ctrl_c_while_a_table_does_not_answer_leaves_at_once(tmp_path: Path, pipe) -> None:
    """A listener that accepts and never answers: the person is not held hostage by it."""
    import socket

    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = int(silent.getsockname()[1])

        async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
            await until(lambda: "Asking" in play.browser.message)
            pipe.send_text(CTRL_C)

        started = time.monotonic()
        code, _play, _bots = run_with_bots(tmp_path, pipe, script, open_bot=False,
                                           peer=f"127.0.0.1:{port}")
        took = time.monotonic() - started
    assert code == EXIT_LEFT
    assert took < 4.0  # the question would wait 5 s for its answer


def test_a_table_named_on_the_command_line_is_found_on_the_lan(tmp_path: Path, pipe) -> None:
    """Two tables share the name: the browser lists both and asks the person to choose;
    Enter joins the selected one. (mDNS on loopback; skipped where there is no multicast.)"""
    from p2pbang.net.discovery import multicast_problem

    problem = multicast_problem("127.0.0.1")
    if problem:
        pytest.skip(f"no multicast on loopback here ({problem})")
    name = f"Twin{secrets.token_hex(3)}"  # other test runs may announce tables too
    seen: dict[str, object] = {}

    async def announce_two(bots: Bots, nursery: trio.Nursery) -> None:
        await bots.open(nursery, name, announce=True)
        await Bots(tmp_path / "other", 4).open(nursery, name, announce=True)

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await until(lambda: "Several" in play.browser.message or "No table" in
                    play.browser.message or isinstance(play.screen.widget, WaitingRoom), 20)
        seen["message"] = play.browser.message
        tables = play.browser.tables()
        seen["listed"] = sum(t.name == name for t in tables)
        # Other tables may be on the LAN too (other test runs): go down to ours.
        row = next(i for i, t in enumerate(tables) if t.name == name)
        pipe.send_text(DOWN * row + ENTER)
        await until(lambda: isinstance(play.screen.widget, WaitingRoom)
                    and f"Table {name}" in widget_text(play), 20)
        pipe.send_text(CTRL_C)

    code, _play, _bots = run_with_bots(tmp_path, pipe, script, open_bot=False,
                                       setup=announce_two, table_name=name, find_timeout=3.0)
    assert seen["message"] == f"Several tables are called {name}: choose one."
    assert seen["listed"] == 2
    assert code == EXIT_LEFT


def test_leaving_the_room_goes_back_to_the_browser(tmp_path: Path, pipe) -> None:
    """Esc in the waiting room leaves the table (the opener sees it); a leave meant for the
    room already gone does nothing; q then leaves the browser."""
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await until(lambda: isinstance(play.screen.widget, WaitingRoom)
                    and "Ace sat down." in widget_text(play))
        pipe.send_text(ESC)
        await until(lambda: isinstance(play.screen.widget, TableBrowser))
        assert bots.lobby is not None
        await until(lambda: len(bots.lobby.roster()) == 1)  # the opener saw us go
        play._post(Choice("leave"))  # as a second Esc would, had it reached the room
        await trio.sleep(0.2)
        seen["running"] = play.screen.app.is_running
        pipe.send_text("q")

    code, _play, _bots = run_with_bots(tmp_path, pipe, script)
    assert seen["running"] is True
    assert code == EXIT_LEFT


def test_sigterm_mid_game_restores_the_terminal_and_keeps_the_game(tmp_path: Path,
                                                                   pipe) -> None:
    """A dropped SSH connection (SIGHUP) or a SIGTERM ends the program at once; the screen
    is taken down and the game's files stay as after a crash, for p2pbang resume."""
    import os
    import signal

    bots = Bots(tmp_path, 4)
    box: dict[str, object] = {}

    async def program(stage: Stage) -> int:
        async with trio.open_nursery() as nursery:
            await bots.open(nursery)
            bots.join(nursery, bots.table(), ["Bonnie", "Clyde"])
            play = NetworkPlay(person_request(tmp_path, peer=f"127.0.0.1:{bots.port}"),
                               input=pipe, output=DummyOutput())
            box["play"] = play
            nursery.start_soon(play, stage)
            screen = await table_screen(play)
            box["screen"] = screen
            await answer(pipe, screen, 2)
            os.kill(os.getpid(), signal.SIGTERM)
            await trio.sleep_forever()
        return 0

    assert run_program(program) is None
    play, screen = box["play"], box["screen"]
    assert isinstance(play, NetworkPlay) and isinstance(screen.board, CardBoard)
    assert not screen.app.is_running and play.result is None
    games = list((tmp_path / "person" / "games").iterdir())
    assert len(games) == 1
    assert GameFiles(games[0]).load_meta()["over"] is False


def test_a_card_game_left_and_resumed_tells_its_log_again(tmp_path: Path, pipe) -> None:
    """Issue 22, point 21: after ``p2pbang resume`` (``ResumePlay``) the card game's log
    shows the game so far, told from this seat's engine history, with the person's
    character and role at its start (not late, at the next turn), as the dice game does."""
    from p2pbang.table.resume import resumable_game
    from p2pbang.ui.network.net_resume import ResumePlay, ResumeRequest

    bots = Bots(tmp_path, 4)
    seen: dict[str, object] = {}

    async def program(stage: Stage) -> tuple[int, int]:
        async with trio.open_nursery() as nursery:
            await bots.open(nursery)
            bots.join(nursery, bots.table(), ["Bonnie", "Clyde"])
            request = person_request(tmp_path, peer=f"127.0.0.1:{bots.port}")
            play = NetworkPlay(request, input=pipe, output=DummyOutput())
            play.screen.app.ttimeoutlen = 0.02
            codes: list[int] = []

            async def person() -> None:
                codes.append(await play(stage))

            nursery.start_soon(person)
            screen = await table_screen(play)
            await answer(pipe, screen, 2)
            seen["before"] = [entry.text for entry in screen.log]
            pipe.send_text("q")
            await until(lambda: screen.confirm_quit)
            pipe.send_text("y")
            await until(lambda: bool(codes), 30)
            saved = resumable_game(request.home, None, request.identity)
            resume = ResumePlay(ResumeRequest(request.identity, saved, "127.0.0.1",
                                              session_config=BOT_CONFIG),
                                input=pipe, output=DummyOutput())

            async def again() -> None:
                codes.append(await resume(stage))

            nursery.start_soon(again)
            await until(lambda: resume.table.screen is not None
                        and resume.table.screen.app.is_running, 60)
            screen = resume.table.screen
            assert isinstance(screen.board, CardBoard)
            seen["after"] = [entry.text for entry in screen.log]
            pipe.send_text("q")
            await until(lambda: screen.confirm_quit)
            pipe.send_text("y")
            await until(lambda: len(codes) == 2, 60)
            nursery.cancel_scope.cancel()
        return codes[0], codes[1]

    assert run_program(program) == (EXIT_LEFT, EXIT_LEFT)
    before, after = seen["before"], seen["after"]
    assert isinstance(before, list) and isinstance(after, list)
    resumed = next(i for i, line in enumerate(after) if line.startswith("Resumed: "))
    told = after[resumed + 1:]
    dealt = before.index("Every peer shuffles and proves it; the cards are being dealt.")
    game_lines = before[dealt + 1:]  # what the person read live, the game's first turn on
    assert sum(line.startswith("Your role: ") for line in game_lines) == 1
    assert any(line.startswith("--- Turn ") for line in game_lines)
    assert told[:len(game_lines)] == game_lines, told[:6]  # word for word, in place
    assert sum(line.startswith("Your role: ") for line in told) == 1  # not again later
