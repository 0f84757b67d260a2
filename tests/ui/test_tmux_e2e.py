"""End to end in a real terminal: the full-screen solo game in tmux at 80x24, played by
keystrokes, read back with ``capture-pane``, in English, Hungarian and Romanian, under
TERM=xterm and TERM=screen; then left, and the terminal checked to be as it was."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

from p2pbang.table.solo import SoloSession
from p2pbang.ui.i18n import set_language
from p2pbang.ui.textfit import width_of
from p2pbang.ui.texts import character_name, role_name

from .tmux import TMUX, Pane, assert_terminal_restored, first_key

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (CI installs it); the terminal end-to-end "
                         "tests need a real terminal multiplexer")
ROOT = Path(__file__).resolve().parents[2]
SEED, PLAYERS = 3, 4  # the person survives the first turns of this deal
EXPECT = {  # strings that must appear whole at 80 columns
    "en": {"you": "You", "hand": "Your hand (",
           "hints": "?: help \u00b7 Tab: chat \u00b7 q: quit",
           "confirm": "Leave the game? y: yes, n: no", "turn": r"Turn (\d+)"},
    "hu": {"you": "Te", "hand": "A kezed (",
           "hints": "?: súgó \u00b7 Tab: csevegés \u00b7 q: kilépés",
           "confirm": "Kilépsz a játékból? y: igen, n: nem", "turn": r"(\d+)\. kör"},
    "ro": {"you": "Tu", "hand": "Mâna ta (",
           "hints": "?: ajutor \u00b7 Tab: chat \u00b7 q: ieșire",
           "confirm": "Părăsești jocul? y: da, n: nu", "turn": r"Tura (\d+)"},
}


def start(tmp: Path, language: str, term: str, env: str = "") -> Pane:
    game = " ".join(shlex.quote(part) for part in (
        sys.executable, "-m", "p2pbang.ui.app", "--players", str(PLAYERS), "--seed",
        str(SEED), "--speed", "0", "--lang", language))
    script = (f"cd {shlex.quote(str(ROOT))}; stty -a > {tmp}/before; "
              f"TERM={term} {env} {game} 2> {tmp}/stderr; echo EXIT=$?; "
              f"stty -a > {tmp}/after; sleep 120")
    return Pane(f"sh -c {shlex.quote(script)}", tmp)


def dealt_character() -> str:
    """The person's character in this seed's deal, from the same engine the program runs."""
    session = SoloSession(PLAYERS, SEED)
    while session.mine.current < 0:
        session.step_one()
    return session.mine.players[session.you].character


def turn_of(text: str, pattern: str) -> int:
    found = re.search(pattern, text.split("\n")[0])
    return int(found.group(1)) if found else 0


def play_and_check(pane: Pane, language: str, quit_keys: tuple[str, ...]) -> None:
    set_language(language)
    expect = EXPECT[language]
    mark = "\u25b8"  # the decision you face
    first = pane.wait_for(lambda t: mark in t and expect["hand"] in t)
    lines = first.split("\n")
    assert all(width_of(line) <= 80 for line in lines)
    assert "BANG!" in lines[0]
    seat_names = ("Ace", "Bonnie", "Clyde", expect["you"])
    for name in seat_names:
        assert any(line[2:].startswith(name) for line in lines), name
    assert "\u2665" in first  # life
    assert role_name("sheriff") in first
    assert expect["hints"] in first  # the key hints, not cut off
    start_turn = turn_of(first, expect["turn"])
    screens = [first]
    for _step in range(60):  # several turns of decisions, one keystroke each
        text = pane.wait_for(lambda t: mark in t or "EXIT=" in t)
        if turn_of(text, expect["turn"]) >= start_turn + 4:
            break
        pane.keys(first_key(text))
        pane.wait_for(lambda t, before=text: t != before)
        screens.append("\n".join(pane.screen()))
    last = screens[-1]
    assert turn_of(last, expect["turn"]) > start_turn  # the game moved on
    assert last != first
    for text in screens:
        assert all(width_of(line) <= 80 for line in text.split("\n"))
    assert character_name(dealt_character()) in first  # the person's character, this deal
    pane.keys(*quit_keys)


@pytest.mark.parametrize(("language", "term", "quit_keys"), [
    ("en", "xterm", ("q", "y")),
    ("hu", "screen", ("C-c",)),
    ("ro", "xterm", ("q", "y")),
    pytest.param("en", "screen", ("C-c",), marks=pytest.mark.slow),
    pytest.param("hu", "xterm", ("q", "y"), marks=pytest.mark.slow),
    pytest.param("ro", "screen", ("C-c",), marks=pytest.mark.slow),
])
def test_a_solo_game_in_a_real_terminal(tmp_path: Path, language: str, term: str,
                                        quit_keys: tuple[str, ...]) -> None:
    pane = start(tmp_path, language, term)
    try:
        play_and_check(pane, language, quit_keys)
        final = pane.wait_for(lambda t: "EXIT=" in t)
        assert "EXIT=0" in final, final  # finished or left: both on purpose
        assert "BANG!" not in final  # the alternate screen is gone: the shell is back
        assert_terminal_restored(tmp_path)
    finally:
        pane.close()
        set_language("en")


def test_the_confirmation_is_shown_whole_and_no_keeps_playing(tmp_path: Path) -> None:
    pane = start(tmp_path, "hu", "screen")
    try:
        pane.wait_for(lambda t: "\u25b8" in t)
        pane.keys("q")
        pane.wait_for(lambda t: EXPECT["hu"]["confirm"] in t)
        pane.keys("n")
        text = pane.wait_for(lambda t: EXPECT["hu"]["confirm"] not in t)
        assert "EXIT=" not in text
        pane.keys("?")
        help_text = pane.wait_for(lambda t: "Súgó" in t)
        assert "Fel/Le/PgUp/PgDn" in help_text
        pane.keys("Escape")
        pane.wait_for(lambda t: "Súgó" not in t)
        pane.keys("C-c")
        assert "EXIT=0" in pane.wait_for(lambda t: "EXIT=" in t)
    finally:
        pane.close()


SGR = re.compile(r"\x1b\[([0-9;]*)m")


def colour_codes(lines: list[str]) -> set[str]:
    """The colour parameters (foreground/background) in the screen's SGR sequences."""
    found = set()
    for params in SGR.findall("\n".join(lines)):
        parts = params.split(";")
        i = 0
        while i < len(parts):
            code = int(parts[i] or 0)
            if code in (38, 48):  # extended colour: 38;5;N or 38;2;R;G;B
                found.add(";".join(parts[i:i + (3 if parts[i + 1:i + 2] == ["5"] else 5)]))
                i += 3 if parts[i + 1:i + 2] == ["5"] else 5
                continue
            if 30 <= code <= 37 or 40 <= code <= 47 or 90 <= code <= 97 or 100 <= code <= 107:
                found.add(str(code))
            i += 1
    return found


@pytest.mark.parametrize("no_color", [False, True])
def test_colours_follow_no_color_and_meaning_survives_without_them(tmp_path: Path,
                                                                  no_color: bool) -> None:
    pane = start(tmp_path, "en", "xterm-256color", "NO_COLOR=1" if no_color else "")
    try:
        pane.wait_for(lambda t: "\u25b8" in t)
        lines = pane.screen(escapes=True)
        if no_color:
            assert colour_codes(lines) == set()
        else:
            assert colour_codes(lines)  # card kinds, life, roles in colour
        text = "\n".join(lines)
        assert "\x1b[7m" in text or ";7m" in text or "[7;" in text  # reverse: status, choice
        assert "\x1b[1m" in text or ";1m" in text or "[1;" in text  # bold: blue cards, you
        pane.keys("C-c")
        pane.wait_for(lambda t: "EXIT=" in t)
    finally:
        pane.close()


def test_a_resize_redraws_the_layout_for_the_new_size(tmp_path: Path) -> None:
    pane = start(tmp_path, "en", "screen")
    try:
        pane.wait_for(lambda t: "\u25b8" in t)
        pane.resize(130, 40)
        wide = pane.wait_for(lambda t: "\u2500\u2500 Log " in t)  # the log's own column
        assert max(width_of(line) for line in wide.split("\n")) > 100
        pane.resize(80, 24)
        narrow = pane.wait_for(lambda t: "\u2500\u2500 Log " not in t and "\u25b8" in t)
        assert all(width_of(line) <= 80 for line in narrow.split("\n"))
        pane.keys("C-c")
        pane.wait_for(lambda t: "EXIT=" in t)
    finally:
        pane.close()
