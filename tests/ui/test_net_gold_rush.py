"""A Gold Rush table over the network in the full-screen program: opened from the browser's
form with the expansion typed in, joined by bot peers over loopback, played by keys at
80x24; the network table reads the same view and sentences as solo play, so everyone's
nuggets, the shop with its prices and the purchases show there too."""

from __future__ import annotations

from pathlib import Path

import pytest
import trio

from p2pbang.ui.bang.render import hand_title, seat_lines
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
def test_a_gold_rush_table_is_played_over_the_network(
        tmp_path: Path, pipe, to_the_end: bool) -> None:  # noqa: F811
    seen: dict[str, object] = {}

    async def script(play: NetworkPlay, bots: Bots, nursery: trio.Nursery) -> None:
        typed = {"table": "Gold", "seats": "4", "expansions": "gold-rush", "variants": "shadows"}
        seen["room"] = await open_from_browser(play, pipe, bots, nursery, typed,
                                               ["Ace", "Bonnie", "Clyde"])
        screen = await table_screen(play)
        await until(lambda: bool(screen.board.actions) or not screen.session.mine.players[
            screen.session.you].alive, 60)
        seen["seats"] = "\n".join("".join(t for _s, t in line)
                                  for line in seat_lines(screen.board.view, 80, True, False))
        seen["shop"] = "".join(t for _s, t in hand_title(screen.board.view, 80))
        seen["answered"] = await answer(pipe, screen, 10_000 if to_the_end else 3)
        seen["log"] = "\n".join(entry.text for entry in screen.log)
        assert screen.dialog is None, screen.dialog  # no verdict against honest peers
        if not to_the_end:
            pipe.send_text("q")
            await until(lambda: screen.confirm_quit)
            pipe.send_text("y")
            return
        # Eliminated, the person still plays his shadow turns: answer them until the end.
        with trio.fail_after(300):
            while play.result is None:
                if screen.board.actions:
                    await answer(pipe, screen, 1)
                await trio.sleep(0.05)
        pipe.send_text("q")

    code, play, _bots = run_with_bots(tmp_path, pipe, script, seats=4, open_bot=False)
    assert "bang+gold-rush+shadows" in str(seen["room"])
    seats = str(seen["seats"]).split("\n")
    assert "$" in seats[0] and all("$" in row for row in seats[1:5]), seats
    assert "Shop:" in str(seen["shop"]) and str(seen["shop"]).count("$") == 3
    assert "New in the shop:" in str(seen["log"])
    assert play.table is not None and play.table.screen is not None
    drawn = snapshot(play.table.screen, 80, 24)
    assert len(drawn) == 24 and all(len(line) <= 80 for line in drawn)
    if not to_the_end:
        assert code == EXIT_LEFT
        return
    assert code == EXIT_OK, play.lines_after
    assert any(line.startswith("Game over:") for line in play.lines_after)
