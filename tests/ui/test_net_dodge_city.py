"""A Dodge City table over the network in the full-screen program: opened from the browser's
form with the expansion typed in, joined by bot peers over loopback, played by keys at
80x24 with the 3-player table's face-up roles and targets shown.

Slow, and a real check of the table layer too: on a branch without dc-table's commit 7650233
("check a paid card's price proof against its own claim") the first "+1" card anyone plays
is judged a cheat (the core compared the price card's proof with the played card), and this
test fails with that verdict, as it found it."""

from __future__ import annotations

from pathlib import Path

import pytest
import trio

from p2pbang.ui.bang.render import seat_lines
from p2pbang.ui.network.net_app import EXIT_LEFT, EXIT_OK, NetworkPlay

from .netkit import Bots, until
from .screens import snapshot
from .test_net_play import (  # noqa: F401 (pipe and english_afterwards are fixtures)
    answer,
    english_afterwards,
    open_from_browser,
    pipe,
    run_with_bots,
    table_screen,
    widget_text,
)


@pytest.mark.slow
@pytest.mark.parametrize("to_the_end", [False, True])
def test_a_three_player_dodge_city_table_is_played_over_the_network(
        tmp_path: Path, pipe, to_the_end: bool) -> None:  # noqa: F811
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        typed = {"table": "Dodge", "seats": "3", "expansions": "dodge-city"}
        seen["room"] = await open_from_browser(play, pipe, bots, nursery, typed,
                                               ["Ace", "Bonnie"])
        screen = await table_screen(play)
        await until(lambda: bool(screen.board.actions) or not screen.session.mine.players[
            screen.session.you].alive, 60)
        seen["seats"] = "\n".join("".join(t for _s, t in line)
                                  for line in seat_lines(screen.board.view, 80, True, False))
        seen["answered"] = await answer(pipe, screen, 10_000 if to_the_end else 3)
        assert screen.dialog is None, screen.dialog  # no verdict against honest peers
        if not to_the_end:
            pipe.send_text("q")
            await until(lambda: screen.confirm_quit)
            pipe.send_text("y")
            return
        await until(lambda: play.result is not None, 120)
        pipe.send_text("q")

    code, play, _bots = run_with_bots(tmp_path, pipe, script, seats=3, open_bot=False)
    assert "bang+dodge-city" in str(seen["room"])
    seats = str(seen["seats"])
    assert seats.count("\u2192") >= 3  # every role face up with its target
    assert "Sheriff" not in seats  # no Sheriff at the 3-player table
    assert play.table is not None and play.table.screen is not None
    drawn = snapshot(play.table.screen, 80, 24)
    assert len(drawn) == 24 and all(len(line) <= 80 for line in drawn)
    if not to_the_end:
        assert code == EXIT_LEFT
        return
    assert code == EXIT_OK, play.lines_after
    assert any(line.startswith("Game over:") for line in play.lines_after)
