"""A person is asked before their peer agrees to a seat changing hands (protocol/seats.md
4.3): the question names who is away, for how long, the new holder and who runs it; the
full screen takes y / n, the plain interface a line."""

from __future__ import annotations

import io

import pytest
import trio

from p2pbang.table.handovers import SeatQuestion
from p2pbang.ui.i18n import set_language
from p2pbang.ui.network.net_table import NetworkTable
from p2pbang.ui.network.plain_net import PlainNetworkTable
from p2pbang.ui.seat_questions import question_text, short_text

REPLACE = SeatQuestion("replace", 2, "Jo", 63.4, "bot (Ann)", "Ann", False)


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_the_question_names_everyone_in_each_language(language: str) -> None:
    set_language(language)
    try:
        text = question_text(REPLACE, 3)
        assert "Jo" in text and "63" in text and "bot (Ann)" in text and "Ann" in text
        assert "3" in text
        assert "Jo" in short_text(REPLACE) and "bot (Ann)" in short_text(REPLACE)
        mine = question_text(SeatQuestion("replace", 2, "Jo", 60, "bot (Bo)", "Bo", True), 3)
        assert "bot (Bo)" in mine
        for purpose in ("open", "forfeit"):
            assert "Jo" in question_text(SeatQuestion(purpose, 2, "Jo", 61), 3)
    finally:
        set_language("en")


async def test_the_full_screen_asks_and_takes_the_key() -> None:
    table = NetworkTable()
    table._token = trio.lowlevel.current_trio_token()
    answers: list[bool] = []

    async def ask() -> None:
        answers.append(await table.consent(REPLACE))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(ask)
        await trio.sleep(0.05)
        assert table.question is not None
        assert table.note() == short_text(REPLACE)
        table.answer_question(True)  # the y key
    assert answers == [True] and table.question is None


async def test_the_plain_interface_reads_y_or_n() -> None:
    out = io.StringIO()
    table = PlainNetworkTable(io.StringIO("maybe\nn\n"), out)
    assert await table.consent(REPLACE) is False
    text = out.getvalue()
    assert "Jo (seat 3) has been away 63 s." in text and "bot (Ann)" in text
    assert "y to agree, n to wait>" in text and "asked again" in text
    table = PlainNetworkTable(io.StringIO("y\n"), io.StringIO())
    assert await table.consent(REPLACE) is True
