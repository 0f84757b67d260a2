"""Dodge City end to end in a real terminal: ``p2pbang solo --expansions dodge-city`` in tmux
at 80x24, played by keystrokes only (the first row of every menu, so every step of the new
actions is walked through the keys), with 8 seats and with 3; the whole game to its end in
the slow set, a few turns in the default one; the terminal checked to be as it was."""

from __future__ import annotations

import re
import shlex
import sys
import time
from pathlib import Path

import pytest

from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.textfit import width_of
from p2pbang.ui.texts import character_name, role_name

from .test_tmux_e2e import colour_codes
from .tmux import TMUX, Pane, assert_terminal_restored, first_key

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (CI installs it); the terminal end-to-end "
                         "tests need a real terminal multiplexer")
ROOT = Path(__file__).resolve().parents[2]
MARK = "\u25b8"  # the decision line of a decision that is the person's
NAMES8 = ("Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus")


def start(tmp: Path, language: str, players: int, seed: int, env: str = "TERM=xterm") -> Pane:
    game = " ".join(shlex.quote(part) for part in (
        sys.executable, "-m", "p2pbang", "solo", "--expansions", "dodge-city", "--players",
        str(players), "--seed", str(seed), "--lang", language, "--home", str(tmp / "home"),
        "--pace", "0"))
    script = (f"cd {shlex.quote(str(ROOT))}; stty -a > {tmp}/before; "
              f"{env} {game} 2> {tmp}/stderr; echo EXIT=$?; "
              f"stty -a > {tmp}/after; sleep 300")
    return Pane(f"sh -c {shlex.quote(script)}", tmp)


def dealt(players: int, seed: int) -> SoloSession:
    """The same deal the program makes, from the same engine, to know what to look for."""
    session = SoloSession(GameChoice.make("bang", players, ["dodge-city"]), seed)
    while session.mine.current < 0:
        session.step_one()
    return session


def turn_of(text: str) -> int:
    found = re.search(r"\d+", text.split("\n")[0])
    return int(found.group()) if found else 0


def dodge_city_rows() -> tuple[str, ...]:
    """How the rows of Dodge City's own actions start or end, in the current language: a
    "+1" card, its price, a green card used from play."""
    return (_("Play {card} (+1 card)").split("{card}")[1].strip(),
            _("Discard {card} as the +1 cost").split("{card}")[0].strip(),
            _("Use {card} from play").split("{card}")[0].strip())


def key_for(text: str, prefer: tuple[str, ...]) -> str:
    """The key of the first action row that shows one of ``prefer``, else the first row's."""
    for line in text.split("\n"):
        row = re.match(r"^ ([1-9a-z]) (.+?)\s*(\u2502|$)", line)
        if row and any(word in row.group(2) for word in prefer):
            return row.group(1)
    return first_key(text)


def play(pane: Pane, language: str, players: int, seed: int, turns: int | None,
         prefer: tuple[str, ...] = ()) -> list[str]:
    """Play by keys at each of the person's decisions, for ``turns`` game turns or (None) to
    the end: the row showing one of ``prefer`` when there is one, else the first. Every screen must
    fit 80 columns. Returns the screens seen."""
    set_language(language)
    session = dealt(players, seed)
    hand = _("Your hand ({n})").split("(")[0]
    me = session.mine.players[session.you]
    pane.keys("+", "+")  # the computer players at full speed, as a person would set it
    first = pane.wait_for(lambda t: hand in t and character_name(me.character) in t
                          and turn_of(t) > 0, timeout=30)
    lines = first.split("\n")
    assert len(lines) >= 24 and all(width_of(line) <= 80 for line in lines)
    for name in NAMES8[:players - 1]:
        assert any(line[2:].startswith(name) for line in lines), (name, first)
    if players == 3:  # every role face up, each with its target
        for p in session.mine.players:
            assert role_name(p.role) in first
        assert first.count("\u2192") >= 3
    return keep_playing(pane, first, turns, prefer, whole_game_seconds=600)


def keep_playing(pane: Pane, first: str, turns: int | None, prefer: tuple[str, ...],
                 whole_game_seconds: float) -> list[str]:
    """From the screen ``first``, answer every decision by keystrokes (``key_for``) for
    ``turns`` turns, or to the end of the game when ``turns`` is None; every screen seen
    fits 80 columns. Returns the screens."""
    over = _("Press q to leave.")
    start_turn = turn_of(first)
    screens = [first]
    deadline = time.monotonic() + (whole_game_seconds if turns is None else 120)
    while time.monotonic() < deadline:
        text = pane.wait_for(lambda t: MARK in t or over in t or "EXIT=" in t, timeout=60)
        if over in text or "EXIT=" in text:
            screens.append(text)
            break
        if turns is not None and turn_of(text) >= start_turn + turns:
            break
        pane.keys(key_for(text, prefer))
        pane.wait_for(lambda t, before=text: t != before, timeout=30)
        screens.append("\n".join(pane.screen()))
    for text in screens:
        assert all(width_of(line) <= 80 for line in text.split("\n")), text
    return screens


def leave_and_check(pane: Pane, tmp: Path, keys: tuple[str, ...], code: str) -> None:
    pane.keys(*keys)
    final = pane.wait_for(lambda t: "EXIT=" in t, timeout=30)
    assert f"EXIT={code}" in final, final
    assert_terminal_restored(tmp)


@pytest.mark.parametrize(("language", "players", "seed"), [
    ("hu", 8, 4),
    ("en", 3, 2),
])
def test_a_few_dodge_city_turns_by_keystrokes(tmp_path: Path, language: str, players: int,
                                              seed: int) -> None:
    pane = start(tmp_path, language, players, seed)
    try:
        set_language(language)
        screens = play(pane, language, players, seed, turns=3, prefer=dodge_city_rows())
        over = _("Press q to leave.") in screens[-1]  # a short game may end this soon
        assert over or turn_of(screens[-1]) > turn_of(screens[0])
        if over:
            leave_and_check(pane, tmp_path, ("q",), "0")
        else:
            leave_and_check(pane, tmp_path, ("q", "y"), "0")
    finally:
        pane.close()
        set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize(("language", "players", "seed", "moves"), [
    # what these deals let the person do by keys: a "+1" card in one, a green card in another
    ("en", 8, 2, ("play_paid",)),
    ("hu", 8, 7, ("use_green",)),
    ("ro", 3, 5, ()),
    ("hu", 3, 9, ()),
])
def test_a_whole_dodge_city_game_by_keystrokes(tmp_path: Path, language: str, players: int,
                                               seed: int, moves: tuple[str, ...]) -> None:
    pane = start(tmp_path, language, players, seed)
    try:
        set_language(language)
        screens = play(pane, language, players, seed, turns=None, prefer=dodge_city_rows())
        last = screens[-1]
        assert _("Press q to leave.") in last, last
        assert _("game over") in last.split("\n")[0]
        leave_and_check(pane, tmp_path, ("q",), "0")
        # the person's own "+1" cards and green cards used from play, chosen by keys
        saved = next((tmp_path / "home" / "solo").glob("*/solo.json")).read_text()
        for move in moves:
            assert f'"{move}"' in saved, move
    finally:
        pane.close()
        set_language("en")


def test_green_cards_keep_their_meaning_without_colour(tmp_path: Path) -> None:
    """With NO_COLOR no colour code is sent, yet a green card in play is still told apart:
    italic (its attribute) and its readiness mark."""
    pane = start(tmp_path, "en", 8, 4, env="TERM=xterm-256color NO_COLOR=1")
    try:
        pane.keys("+", "+")
        marked = ""
        for _step in range(200):
            text = pane.wait_for(lambda t: MARK in t or "EXIT=" in t or "q to leave" in t,
                                 timeout=60)
            rows = text.split("\n")[2:10]  # the seats
            if any("\u2713" in r or "\u25cb" in r for r in rows):
                marked = text
                break
            if "EXIT=" in text or "q to leave" in text:
                break
            pane.keys(first_key(text))
            pane.wait_for(lambda t, before=text: t != before, timeout=30)
        assert marked, "no green card came into play in this deal"
        lines = pane.screen(escapes=True)
        assert colour_codes(lines) == set()
        escaped = "\n".join(lines)
        assert "\x1b[3m" in escaped or ";3m" in escaped or "[3;" in escaped  # italic
        pane.keys("C-c")
        pane.wait_for(lambda t: "EXIT=" in t)
    finally:
        pane.close()
