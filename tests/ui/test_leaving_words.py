"""Leaving on purpose is no failure: the process exits 0, and every way out of the lobby
(the table list, the waiting room, the plain picker, Ctrl-C at a plain table) says in a word
what happened, so a person never wonders whether the program crashed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import trio

from p2pbang.net.lobby import TableSettings
from p2pbang.ui.lobby.screen import TableBrowser, WaitingRoom
from p2pbang.ui.network.net_app import EXIT_LEFT, NetworkPlay

from .netkit import CTRL_C, Bots, until
from .test_net_play import english_afterwards, pipe, run_with_bots  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parents[2]


def test_quitting_the_table_list_says_nothing_was_joined(tmp_path: Path, pipe) -> None:  # noqa: F811
    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await until(lambda: play.screen.app.is_running
                    and isinstance(play.screen.widget, TableBrowser))
        pipe.send_text("q")

    code, play, _bots = run_with_bots(tmp_path, pipe, script, open_bot=False)
    assert code == EXIT_LEFT
    assert play.lines_after == ["You left without joining a table."]


def test_leaving_the_waiting_room_says_the_game_never_began(tmp_path: Path, pipe) -> None:  # noqa: F811
    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        await until(lambda: play.screen.app.is_running
                    and isinstance(play.screen.widget, WaitingRoom))
        pipe.send_text(CTRL_C)

    code, play, _bots = run_with_bots(tmp_path, pipe, script, open_bot=False, announce=False,
                                      settings=TableSettings("Saloon", "bang", 4))
    assert code == EXIT_LEFT
    assert play.lines_after == ["You left the table before the game began."]


def test_the_plain_picker_given_up_is_a_leave_in_words(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    from p2pbang.commands.table_commands import EXIT_OK, _exit_code, _run, choose_table

    async def empty_answer() -> str | None:
        return ""

    async def pick() -> int:
        await choose_table([], "on the LAN", lambda text: None, empty_answer)
        return 2

    assert _exit_code(_run(pick)) == EXIT_OK
    assert "No table chosen: you joined none." in capsys.readouterr().err


def _wait_for(path: Path, words: str, process: subprocess.Popen, seconds: float) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
        if words in text:
            return text
        assert process.poll() is None, text
        time.sleep(0.05)
    raise AssertionError(f"no {words!r} in {path.read_text()!r}")


def test_ctrl_c_in_the_plain_waiting_room_exits_0_and_says_the_game_never_began(
        tmp_path: Path) -> None:
    out, err = tmp_path / "out", tmp_path / "err"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open(out, "w") as stdout, open(err, "w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "p2pbang", "host", "--plain", "--seats", "4",
             "--listen", "127.0.0.1", "--no-announce", "--home", str(tmp_path / "home")],
            stdin=subprocess.PIPE, stdout=stdout, stderr=stderr, env=env)
        try:
            _wait_for(out, "Waiting room", process, 30)
            process.send_signal(signal.SIGINT)
            assert process.wait(timeout=30) == 0, err.read_text()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    said = err.read_text()
    assert "You left the table before the game began." in said, said
    assert "You left the game" not in said and "Traceback" not in said


def test_quitting_a_plain_solo_game_exits_0(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "p2pbang", "solo", "--players", "4",
                           "--seed", "5", "--plain", "--home", str(tmp_path)], input="q\n",
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert "Goodbye." in done.stdout
