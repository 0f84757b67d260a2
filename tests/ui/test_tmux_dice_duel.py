"""End to end in a real terminal: the Dice Game and The Duel in tmux at 80x24, played by
keystrokes (dice marked and rerolled, targets picked, cards played), read back with
``capture-pane``, left with q y or Ctrl-C, and the terminal checked to be as it was.
Whole games to their end are in the slow set."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

from p2pbang.ui.textfit import width_of

from .tmux import TMUX, Pane, first_key, restored_terminal

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
ROOT = Path(__file__).resolve().parents[2]
MARK = "\u25b8"  # the decision line
RULE = "\u2502"  # between the actions and the log: drawn only while the person decides
REROLL_ASK = {"en": "Mark the dice to roll again", "hu": "Jelöld meg, melyik kockát",
              "ro": "Marchează zarurile"}
TURN = {"en": r"Turn (\d+)", "hu": r"(\d+)\. kör", "ro": r"Tura (\d+)"}
OVER = {"en": "The game is over", "hu": "Vége a játéknak", "ro": "Jocul s-a terminat"}


def start(tmp: Path, *args: str) -> Pane:
    game = " ".join(shlex.quote(part) for part in (
        sys.executable, "-m", "p2pbang", "solo", "--pace", "0", "--home", str(tmp), *args))
    script = (f"cd {shlex.quote(str(ROOT))}; stty -a > {tmp}/before; "
              f"TERM=xterm {game} 2> {tmp}/stderr; echo EXIT=$?; "
              f"stty -a > {tmp}/after; sleep 120")
    return Pane(f"sh -c {shlex.quote(script)}", tmp)


def turn_of(text: str, language: str) -> int:
    found = re.search(TURN[language], text.split("\n")[0])
    return int(found.group(1)) if found else 0


def terminal_restored(pane: Pane, tmp: Path) -> str:
    return restored_terminal(pane, tmp)


def yours(text: str) -> bool:
    """The person faces a decision (the actions panel is up) or the game is over."""
    return RULE in text or any(over in text for over in OVER.values()) or "EXIT=" in text


def press(pane: Pane, key: str, before: str) -> str:
    pane.keys(key)
    return pane.wait_for(lambda t: t != before)


def play_dice(pane: Pane, language: str, turns: int, steps: int) -> str:
    """Answer decisions by keys until ``turns`` more turns went by (or the game ended):
    at a reroll, mark die 1 (unless it is locked) and roll, then keep; else take row 1."""
    first = pane.wait_for(yours)
    start_turn = turn_of(first, language)
    text = first
    for _ in range(steps):
        text = pane.wait_for(yours)
        assert all(width_of(line) <= 80 for line in text.split("\n"))
        if OVER[language] in text or turn_of(text, language) >= start_turn + turns:
            break
        if REROLL_ASK[language] in text:
            marked = press(pane, "2", text)
            # The die is marked: roll it; it was a locked Dynamite: keep them all.
            press(pane, "r" if "\u21bb" in marked else "k", marked)
        else:
            press(pane, "1", text)
    return text


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_dice_in_a_real_terminal(tmp_path: Path, language: str) -> None:
    pane = start(tmp_path, "--game", "dice", "--players", "8", "--seed", "4",
                 "--lang", language)
    try:
        first = pane.wait_for(lambda t: MARK in t)
        for name in ("Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus"):
            assert name in first
        assert "/" in first.split("\n")[2]  # life
        last = play_dice(pane, language, turns=3, steps=80)
        assert turn_of(last, language) > turn_of(first, language)
        pane.keys("q", "y")
        final = terminal_restored(pane, tmp_path)
        assert "EXIT=0" in final
    finally:
        pane.close()


@pytest.mark.parametrize("language", ["en", "hu"])
def test_duel_in_a_real_terminal(tmp_path: Path, language: str) -> None:
    pane = start(tmp_path, "--game", "duel", "--seed", "4", "--lang", language)
    try:
        first = pane.wait_for(yours)
        assert ("Lawmen" if language == "en" else "A törvény emberei") in first
        assert "\u2665" in first
        start_turn = turn_of(first, language)
        text = first
        for _ in range(60):
            text = pane.wait_for(yours)
            assert all(width_of(line) <= 80 for line in text.split("\n"))
            if turn_of(text, language) >= start_turn + 4 or OVER[language] in text:
                break
            press(pane, first_key(text), text)  # the cards keep their keys for the turn
        assert turn_of(text, language) > start_turn
        pane.keys("C-c")
        final = terminal_restored(pane, tmp_path)
        assert "EXIT=0" in final
    finally:
        pane.close()


@pytest.mark.slow
@pytest.mark.parametrize("args", [("--game", "dice", "--players", "3", "--seed", "9"),
                                  ("--game", "dice", "--players", "6", "--seed", "2"),
                                  ("--game", "duel", "--seed", "5")])
def test_whole_games_to_the_end_in_a_real_terminal(tmp_path: Path, args: tuple[str, ...]) -> None:
    pane = start(tmp_path, *args, "--lang", "en")
    try:
        if args[1] == "dice":
            text = play_dice(pane, "en", turns=10_000, steps=3000)
        else:
            text = ""
            for _ in range(5000):
                text = pane.wait_for(yours)
                if OVER["en"] in text:
                    break
                press(pane, first_key(text), text)
        assert OVER["en"] in text
        pane.keys("Enter")
        assert "EXIT=0" in terminal_restored(pane, tmp_path)
    finally:
        pane.close()
