"""A person who watches a running table takes over a vanished seat, in a real terminal:
four ``p2pbang bot`` peers (their own OS processes, ``--dropouts escrow``, a two-second
dropout wait) play; a person runs ``p2pbang watch`` in tmux at 80x24, presses t to offer to
take a seat; one bot is killed with SIGKILL for good; the table gives its seat to the
person, whose screen becomes the player's screen with the seat's hand, and who then plays
decisions by keystrokes and leaves. The bots left agree on the log.

In the slow set (a minute of the machine's two cores); the same flow in one process, with
the table checks: ``tests/table/test_watcher_takes_seat.py``.
"""

from __future__ import annotations

import shlex
import signal
import time
from pathlib import Path

import pytest

from p2pbang.table.bot_pace import write_pace

from .test_tmux_net import BOTS, ROOT, BotTable, p2pbang, play_decisions
from .tmux import TMUX, Pane

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (CI installs it); the terminal end-to-end "
                         "tests need a real terminal multiplexer")]
WATCHER = "Wanda"
GAME_OVER = "The game is over"


class PacedEscrowTable(BotTable):
    """Four bots: a 4-seat table with escrow and a two-second dropout wait, each bot
    thinking ``pace`` seconds a move (so that a person has time to step in)."""

    def __init__(self, tmp: Path, pace: float) -> None:
        super().__init__(tmp)
        self.pace = tmp / "pace"
        write_pace(self.pace, pace)

    def _start(self, name: str, *args: str) -> Path:
        if "--open" in args:
            args = (*args, "--dropouts", "escrow", "--dropout-wait", "2")
        return super()._start(name, "--pace-file", str(self.pace), *args)

    def open(self) -> None:
        super().open()  # Ace opens 4 seats; Bonnie and Clyde join
        self._start("Doc", "--peer", f"127.0.0.1:{self.port}")


def test_a_watcher_takes_a_vanished_seat_in_a_real_terminal(tmp_path: Path) -> None:
    table = PacedEscrowTable(tmp_path, pace=0.4)
    pane: Pane | None = None
    try:
        table.open()
        command = " ".join(shlex.quote(part) for part in p2pbang(
            "watch", "--peer", f"127.0.0.1:{table.port}", "--player", WATCHER,
            "--lang", "en"))
        script = (f"cd {shlex.quote(str(ROOT))}; TERM=xterm {command} "
                  f"2> {tmp_path}/stderr; echo EXIT=$?; sleep 120")
        deadline = time.monotonic() + 60
        while pane is None:
            candidate = Pane(f"sh -c {shlex.quote(script)}", tmp_path)
            text = candidate.wait_for(lambda t: "live" in t or "EXIT=" in t, 60)
            if "live" in text:
                pane = candidate
            elif time.monotonic() > deadline:
                raise AssertionError("the watcher never followed the game:\n" + text)
            else:  # the game had not begun yet: watch again
                candidate.close()
                time.sleep(1.0)
        pane.keys("t")
        pane.wait_for(lambda t: "You offered to take a seat" in t, 15)
        victim = table.processes[2]  # Clyde's peer, not the one the watcher reached
        victim.send_signal(signal.SIGKILL)
        text = pane.wait_for(lambda t: "you and" in t or "EXIT=" in t, 90)
        assert "EXIT=" not in text, text
        screen = pane.screen()
        assert all(len(row) <= 80 for row in screen)
        assert "Your hand" in text and "You took over Clyde's seat" in text, text
        screens = play_decisions(pane, 2, GAME_OVER)
        final_screen = "\n".join(pane.screen())
        assert screens or GAME_OVER in final_screen, final_screen
        pane.keys("q")
        text = pane.wait_for(lambda t: "EXIT=" in t or "Leave?" in t, 20)
        if "Leave?" in text:
            pane.keys("y")
            text = pane.wait_for(lambda t: "EXIT=" in t, 20)
        assert "Traceback" not in (tmp_path / "stderr").read_text()
        outs = [(tmp_path / name / "bot.out").read_text(errors="replace")
                for name in (*BOTS, "Doc") if name != BOTS[2]]
        assert any(WATCHER in out and "now plays the seat" in out for out in outs), outs[0]
    finally:
        if pane is not None:
            pane.close()
        table.close()
