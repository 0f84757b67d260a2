"""The plain line interface: a whole solo game by typed numbers; mistakes get a clear answer."""

from __future__ import annotations

import io

from p2pbang.table.solo import SoloSession
from p2pbang.ui.plain import PlainSolo, explain


class ChoosingInput(io.StringIO):
    """Answers every prompt with the given lines, then with "1" until the game ends."""

    def __init__(self, first: list[str]) -> None:
        super().__init__()
        self.first = list(first)
        self.lines_read = 0

    def readline(self, size: int = -1) -> str:
        self.lines_read += 1
        if self.lines_read > 5000:
            return ""
        return (self.first.pop(0) if self.first else "1") + "\n"


def test_a_whole_solo_game_is_played_to_the_end() -> None:
    out = io.StringIO()
    code = PlainSolo(SoloSession(4, seed=3), ChoosingInput([]), out).run()
    text = out.getvalue()
    assert code == 0
    assert "Game over:" in text
    assert "Your role:" in text and "Your hand" in text


def test_mistyped_choices_are_explained_and_asked_again() -> None:
    out = io.StringIO()
    session = SoloSession(4, seed=3)
    PlainSolo(session, ChoosingInput(["banana", "99", "", "?", "q"]), out).run()
    text = out.getvalue()
    assert "Type the number of an action" in text
    assert "There is no action 99" in text
    assert "Commands:" in text
    assert text.rstrip().endswith("Goodbye.")


def test_end_of_input_quits_cleanly() -> None:
    out = io.StringIO()
    assert PlainSolo(SoloSession(5, seed=1), io.StringIO(""), out).run() == 0


def test_the_interface_never_shows_another_seats_hand() -> None:
    session = SoloSession(6, seed=8)
    out = io.StringIO()
    PlainSolo(session, ChoosingInput([]), out).run()
    draws = [line for line in out.getvalue().splitlines()
             if " draws " in line and line.rstrip().endswith(("card.", "cards."))]
    assert draws  # bots drew cards, and the lines say how many, never which
    for line in draws:
        assert "(" not in line


def test_explain_finds_cards_and_characters_by_word() -> None:
    assert "Sid Ketchum" in explain("sid") and "Bart" not in explain("sid")
    assert "Barrel" in explain("barrel")
    assert "No card or character" in explain("zzz")


def test_the_plain_interface_speaks_the_chosen_language() -> None:
    from p2pbang.ui.i18n import set_language

    set_language("hu")
    try:
        out = io.StringIO()
        PlainSolo(SoloSession(4, seed=3), ChoosingInput(["c hordó", "q"]), out).run()
        text = out.getvalue()
        assert "A szereped:" in text and "Hordó:" in text and "Viszlát!" in text
    finally:
        set_language("en")
