"""End to end in a real terminal, over the network: three bot peers (their own OS processes,
one of which opens the table) and a person who runs ``p2pbang join --peer ...`` in tmux at
80x24. The person waits in the room, plays several decisions by keystrokes, chats, and
leaves; the terminal must then be as it was, the outcome printed, the exit status 0 (left
on purpose, resumable). English by default; Hungarian and Romanian (and a whole game) in the
slow set."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.textfit import width_of

from .tmux import TMUX, Pane, assert_terminal_restored, first_key

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (CI installs it); the terminal end-to-end "
                         "tests need a real terminal multiplexer")
ROOT = Path(__file__).resolve().parents[2]
BOTS = ("Ace", "Bonnie", "Clyde")
PERSON = "Dana"
MARK = "\u25b8"  # the decision you face
OPENED = re.compile(r"table open: listening on [0-9.]+:(\d+)")


def p2pbang(*args: str) -> list[str]:
    return [sys.executable, "-m", "p2pbang.cli", *args]


class BotTable:
    """Three bot peers on loopback: the first opens a 4-seat table, the others join it."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.processes: list[subprocess.Popen] = []
        self.port = 0

    def _start(self, name: str, *args: str) -> Path:
        home = self.tmp / name
        home.mkdir()
        out = home / "bot.out"
        with open(out, "wb") as handle:
            self.processes.append(subprocess.Popen(
                p2pbang("bot", "--home", str(home), "--name", name, "--listen", "127.0.0.1",
                        "--max-wait", "60", *args),
                stdout=handle, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=ROOT))
        return out

    def open(self) -> None:
        out = self._start(BOTS[0], "--open", "--seats", "4", "--table-name", "Saloon")
        deadline = time.monotonic() + 20
        while not self.port:
            found = OPENED.search(out.read_text(errors="replace"))
            if found:
                self.port = int(found.group(1))
            elif time.monotonic() > deadline or self.processes[0].poll() is not None:
                raise AssertionError("the bot never opened its table:\n" + out.read_text())
            else:
                time.sleep(0.05)
        for name in BOTS[1:]:
            self._start(name, "--peer", f"127.0.0.1:{self.port}")

    def close(self) -> None:
        for process in self.processes:  # only the processes this test started
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def start_person(tmp: Path, port: int, language: str, term: str = "xterm") -> Pane:
    command = " ".join(shlex.quote(part) for part in p2pbang(
        "join", "--peer", f"127.0.0.1:{port}", "--lang", language, "--home",
        str(tmp / "person"), "--player", PERSON, "--listen", "127.0.0.1"))
    script = (f"cd {shlex.quote(str(ROOT))}; stty -a > {tmp}/before; "
              f"TERM={term} {command} 2> {tmp}/stderr; echo EXIT=$?; "
              f"stty -a > {tmp}/after; sleep 120")
    return Pane(f"sh -c {shlex.quote(script)}", tmp)


def turn_number(text: str) -> int:
    """The turn counter of the status line (the only number-with-word there in every
    language: "Turn 4", "4. kör", "Tura 4")."""
    found = re.search(r"(?:Turn |Tura )(\d+)|(\d+)\. kör", text.split("\n")[0])
    return int(found.group(1) or found.group(2)) if found else 0


def play_decisions(pane: Pane, count: int, game_over: str) -> list[str]:
    """Answer ``count`` decisions with the first row, waiting for the screen to move each time."""
    screens = []
    answered = 0
    deadline = time.monotonic() + 90
    while answered < count and time.monotonic() < deadline:
        text = pane.wait_for(lambda t: MARK in t or game_over in t or "EXIT=" in t, 60)
        if game_over in text or "EXIT=" in text:
            break
        pane.keys(first_key(text))
        answered += 1
        pane.wait_for(lambda t, before=text: t != before, 30)
        screens.append("\n".join(pane.screen()))
    return screens


def leave_or_see_the_end(pane: Pane) -> str:
    """Press q to leave mid-game. The bots may have ended the game during the chat (the deal
    is random), in which case q leaves the finished game instead: both are right, and each
    must end the way the player was told."""
    pane.keys("q")
    # At a network table of three or more the question offers leaving for good too.
    leave = _("Leave? y: pause (resume later), g: for good (a bot takes your seat), n: stay")
    text = pane.wait_for(lambda t: leave in t or "EXIT=" in t)
    if leave in text:
        pane.keys("y")
        final = pane.wait_for(lambda t: "EXIT=" in t, 30)
        if _("You left the game: 'p2pbang resume' rejoins it.") in final:
            assert "EXIT=0" in final, final  # a deliberate leave is no failure
            return final
    else:
        final = text
    assert "EXIT=0" in final, final
    assert _("Transcript: {path}").split("{")[0] in final, final
    return final


def check_a_network_game(tmp: Path, language: str, decisions: int, to_the_end: bool) -> None:
    set_language(language)
    bots = BotTable(tmp)
    pane: Pane | None = None
    try:
        bots.open()
        pane = start_person(tmp, bots.port, language)
        hand = _("Your hand ({n})").split("(")[0]
        first = pane.wait_for(lambda t: hand in t and "\u2665" in t, 60)
        lines = first.split("\n")
        assert all(width_of(line) <= 80 for line in lines)
        assert "BANG!" in lines[0]
        for name in (*BOTS, PERSON):
            assert any(line[2:].startswith(name) for line in lines), name
        game_over = _("game over")
        start_turn = turn_number(first)
        screens = play_decisions(pane, decisions, game_over)
        assert screens, "the person never had a decision to take"
        for text in screens:
            assert all(width_of(line) <= 80 for line in text.split("\n"))
        last = screens[-1]
        assert turn_number(last) > start_turn or game_over in last
        pane.keys("Tab")
        pane.wait_for(lambda t: _("Enter: send \u00b7 Esc: back") in t)
        pane.keys("howdy partners", "Enter")
        pane.wait_for(lambda t: f"<{PERSON}> howdy partners" in t)
        pane.keys("Escape")
        pane.wait_for(lambda t: _("?: help \u00b7 Tab: chat \u00b7 q: quit") in t)
        if to_the_end:
            deadline = time.monotonic() + 180
            while game_over not in "\n".join(pane.screen()):
                assert time.monotonic() < deadline, "the game never ended"
                play_decisions(pane, 50, game_over)
            pane.wait_for(lambda t: _("Press q to leave.") in t, 60)
            pane.keys("q")
            final = pane.wait_for(lambda t: "EXIT=" in t, 60)
            assert "EXIT=0" in final, final
            assert _("Transcript: {path}").split("{")[0] in final
        else:
            final = leave_or_see_the_end(pane)
        assert "BANG!" not in final.split(_("Game saved: {path}").split("{")[0])[0]
        assert_terminal_restored(tmp)
    finally:
        if pane is not None:
            pane.close()
        bots.close()
        set_language("en")


@pytest.mark.parametrize("language", [
    "en",
    pytest.param("hu", marks=pytest.mark.slow),
    pytest.param("ro", marks=pytest.mark.slow),
])
def test_a_person_joins_bot_peers_plays_chats_and_leaves(tmp_path: Path, language: str) -> None:
    check_a_network_game(tmp_path, language, decisions=5, to_the_end=False)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_a_whole_network_game_in_a_real_terminal(tmp_path: Path, language: str) -> None:
    check_a_network_game(tmp_path, language, decisions=5, to_the_end=True)
