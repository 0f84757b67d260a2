"""High Noon over the network in the full-screen program: a 4-seat table opened from the
browser's form with "high-noon" typed in, joined by bot peers over loopback (every shuffle,
the event pile's included, proved by every peer), played by keys until the event in force
shows on the person's status line; the same view and sentences as solo play."""

from __future__ import annotations

from pathlib import Path

import pytest
import trio

from p2pbang.engine.actions import End
from p2pbang.ui.sets.event_deck import event_label

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
def test_a_high_noon_table_over_the_network_shows_the_event(tmp_path: Path,
                                                             pipe) -> None:  # noqa: F811
    seen: dict[str, object] = {}

    async def script(play, bots: Bots, nursery: trio.Nursery) -> None:
        typed = {"table": "Noon", "seats": "4", "expansions": "high-noon"}
        seen["room"] = await open_from_browser(play, pipe, bots, nursery, typed,
                                               ["Ace", "Bonnie", "Clyde"])
        screen = await table_screen(play)
        with trio.fail_after(240):
            while screen.session.mine.event_name() is None:
                if isinstance(screen.session.pending, End):
                    break
                await answer(pipe, screen, 1)
                await trio.sleep(0.05)
        game = screen.session.mine
        seen["event"] = game.event_name()
        seen["log"] = [entry.text for entry in screen.log]
        assert screen.dialog is None, screen.dialog  # no verdict against honest peers
        pipe.send_text("q")
        await until(lambda: screen.confirm_quit or play.result is not None)
        pipe.send_text("y")

    _code, play, _bots = run_with_bots(tmp_path, pipe, script, seats=4, open_bot=False)
    assert "high-noon" in str(seen["room"])
    event = seen["event"]
    assert isinstance(event, str), "the game ended before the first event"
    assert play.table is not None and play.table.screen is not None
    rows = snapshot(play.table.screen, 80, 24)  # drawn as the person last saw it
    assert len(rows) == 24 and event_label(event) in rows[0]
    assert any(line.startswith("New event: ") for line in seen["log"])  # type: ignore[union-attr]
