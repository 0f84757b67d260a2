"""The plain network table's ``+`` and ``-``: the pace of the bot peers a host started, a step
of the solo speeds at a time, written where the bots read it before every move (the full
screen's keys do the same)."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

from p2pbang.engine.bang.game import Game
from p2pbang.table.bot_pace import read_pace, write_pace
from p2pbang.ui.network.plain_card import CardPlainPart
from p2pbang.ui.network.plain_net import PlainNetworkTable
from p2pbang.ui.plain.commands import AGAIN, Commands, choose_number


def _table(pace: Path | None) -> tuple[PlainNetworkTable, io.StringIO, SimpleNamespace]:
    out = io.StringIO()
    table = PlainNetworkTable(io.StringIO(""), out, pace=pace)
    table.names = ["You", "A", "B", "C"]
    return table, out, SimpleNamespace(game=Game(4, viewer=0))


def commands(table: PlainNetworkTable, core: SimpleNamespace) -> Commands:
    """The card game's commands at that table, the table's own after them."""
    return CardPlainPart(table, core.game, 0).commands()


def test_plus_and_minus_step_the_bots_pace_and_say_it(tmp_path: Path) -> None:
    pace = tmp_path / "bots" / "pace"
    write_pace(pace, 0.3)
    table, out, core = _table(pace)
    assert commands(table, core).answer("+", choose_number(3, table.print)) is AGAIN
    assert read_pace(pace) == 0.6
    for _ in range(5):
        commands(table, core).answer("-", choose_number(3, table.print))
    assert read_pace(pace) == 0.0  # the fastest step, not below
    said = out.getvalue().splitlines()
    assert said[0] == "The bots now wait 0.6 s before each move."
    assert said[-1] == "The bots now wait 0 s before each move."
    commands(table, core).answer("?", choose_number(3, table.print))
    assert "  + / -      the bot peers you started move slower / faster" in out.getvalue()


def test_without_bots_of_its_own_a_peer_has_no_pace_to_set() -> None:
    table, out, core = _table(None)
    assert commands(table, core).answer("+", choose_number(3, table.print)) is AGAIN
    assert "Type the number of an action" in out.getvalue()
    commands(table, core).answer("?", choose_number(3, table.print))
    assert "+ / -" not in out.getvalue()
