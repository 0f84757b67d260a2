"""High Noon and A Fistful of Cards end to end in a real terminal: ``p2pbang solo
--expansions high-noon`` (and both decks) in tmux at 80x24, played by keystrokes only (the
first row of every menu, so the event cards' own decisions are walked through the keys):
the event in force is seen on the status line and in the help; the whole game to its end in
the slow set; the terminal checked to be as it was."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest

from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.sets.event_deck import EVENT_LABEL
from p2pbang.ui.textfit import width_of

from .test_tmux_dodge_city import leave_and_check
from .tmux import TMUX, Pane, first_key

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (CI installs it); the terminal end-to-end "
                         "tests need a real terminal multiplexer")
ROOT = Path(__file__).resolve().parents[2]
MARK = "\u25b8"  # the decision line of a decision that is the person's


def start(tmp: Path, language: str, expansions: str, seed: int, players: int = 4) -> Pane:
    game = " ".join(shlex.quote(part) for part in (
        sys.executable, "-m", "p2pbang", "solo", "--expansions", expansions, "--players",
        str(players), "--seed", str(seed), "--lang", language, "--home", str(tmp / "home"),
        "--pace", "0"))
    script = (f"cd {shlex.quote(str(ROOT))}; stty -a > {tmp}/before; "
              f"TERM=xterm {game} 2> {tmp}/stderr; echo EXIT=$?; "
              f"stty -a > {tmp}/after; sleep 300")
    return Pane(f"sh -c {shlex.quote(script)}", tmp)


def event_shown(text: str) -> bool:
    """Whether the status line names an event in force ("Event: ...", translated)."""
    return _(EVENT_LABEL).split("{name}")[0] in text.split("\n")[0]


def play(pane: Pane, until_event: bool, seconds: float) -> list[str]:
    """Take the first row at each of the person's decisions, until the status line
    shows an event (``until_event``) or the game ends. Every screen must fit 80 columns."""
    over = _("Press q to leave.")
    pane.keys("+", "+")  # the computer players at full speed
    screens: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = pane.wait_for(lambda t: MARK in t or over in t or "EXIT=" in t, timeout=60)
        screens.append(text)
        if over in text or "EXIT=" in text or (until_event and event_shown(text)):
            break
        pane.keys(first_key(text))
        pane.wait_for(lambda t, before=text: t != before, timeout=30)
    for text in screens:
        assert all(width_of(line) <= 80 for line in text.split("\n")), text
    return screens


def test_the_event_in_force_is_seen_by_keystrokes(tmp_path: Path) -> None:
    """A few turns of High Noon: the first event comes before the Sheriff's second turn;
    the status line names it, the log announced it, the help opens on it."""
    pane = start(tmp_path, "en", "high-noon", 3)
    try:
        set_language("en")
        screens = play(pane, until_event=True, seconds=120)
        last = screens[-1]
        assert event_shown(last), last
        help_title = _("Event in force")
        pane.keys("?", "Home")  # the help's first section: the event in force
        pane.wait_for(lambda t: help_title in t)
        pane.keys("Escape")
        pane.wait_for(lambda t: MARK in t or "Press q" in t)
        if "Press q to leave." in "\n".join(pane.screen()):
            leave_and_check(pane, tmp_path, ("q",), "0")
        else:
            leave_and_check(pane, tmp_path, ("q", "y"), "0")
    finally:
        pane.close()


RANCH = "Ranch: discard a card to draw a new one for it, or keep your hand."
PEYOTE = "Peyote: is the deck's top card red or black? Right: you keep it, guess again."
ROULETTE = "Russian Roulette: discard a Missed!, or lose 2 lives."
LIQUOR = "Hard Liquor: skip drawing to regain 1 life?"


@pytest.mark.slow
@pytest.mark.parametrize(("language", "expansions", "seed", "asked"), [
    # what these deals ask the person (the same deals in the plain interface say so)
    ("en", "high-noon,fistful", 2, (RANCH, PEYOTE, ROULETTE, LIQUOR)),
    ("ro", "high-noon", 5, ()),
    ("hu", "high-noon,fistful", 6, (RANCH, PEYOTE, ROULETTE)),
    ("hu", "dodge-city,fistful", 3, ()),  # 8 seats
])
def test_a_whole_game_with_events_by_keystrokes(tmp_path: Path, language: str,
                                                expansions: str, seed: int,
                                                asked: tuple[str, ...]) -> None:
    players = 8 if "dodge-city" in expansions else 4
    pane = start(tmp_path, language, expansions, seed, players)
    try:
        set_language(language)
        screens = play(pane, until_event=False, seconds=600)
        last = screens[-1]
        assert _("Press q to leave.") in last, last
        assert _("game over") in last.split("\n")[0]
        assert any(event_shown(text) for text in screens)
        for question in asked:  # on the decision line, cut to the screen's width
            opening = _(question)[:30]
            assert any(opening in text for text in screens), question
        leave_and_check(pane, tmp_path, ("q",), "0")
    finally:
        pane.close()
        set_language("en")
