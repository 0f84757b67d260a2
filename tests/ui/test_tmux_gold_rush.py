"""Gold Rush with the shadow gunslingers end to end in a real terminal: ``p2pbang solo
--expansions gold-rush --variant shadows`` in tmux at 80x24, played by keystrokes only.

The default set plays a few turns and sees the shop with its prices and everyone's nuggets;
the slow set plays whole games in which the person buys what they can and takes every hit,
so they are eliminated and come back for shadow turns, to the end of the game; the terminal
is checked to be as it was."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.textfit import width_of
from p2pbang.ui.texts import character_name, role_name

from .test_tmux_dodge_city import MARK, keep_playing, leave_and_check, turn_of
from .tmux import TMUX, Pane

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (CI installs it); the terminal end-to-end "
                         "tests need a real terminal multiplexer")
ROOT = Path(__file__).resolve().parents[2]
PLAYERS = 5


def start(tmp: Path, language: str, seed: int) -> Pane:
    game = " ".join(shlex.quote(part) for part in (
        sys.executable, "-m", "p2pbang", "solo", "--expansions", "gold-rush", "--variant",
        "shadows", "--players", str(PLAYERS), "--seed", str(seed), "--lang", language,
        "--home", str(tmp / "home"), "--pace", "0"))
    script = (f"cd {shlex.quote(str(ROOT))}; stty -a > {tmp}/before; "
              f"TERM=xterm {game} 2> {tmp}/stderr; echo EXIT=$?; "
              f"stty -a > {tmp}/after; sleep 300")
    return Pane(f"sh -c {shlex.quote(script)}", tmp)


def dealt(seed: int) -> SoloSession:
    """The same deal the program makes, to know the person's character and role."""
    session = SoloSession(GameChoice.make("bang", PLAYERS, ["gold-rush"], ["shadows"]), seed)
    while session.mine.current < 0:
        session.step_one()
    return session


def gold_rows() -> tuple[str, ...]:
    """How the rows of buying and selling start, in the current language."""
    return (_("Buy {card} ({price})").split("{card}")[0].strip(),
            _("Play {card} for a nugget").split("{card}")[1].strip())


def losing_rows() -> tuple[str, ...]:
    """The rows that take a hit or accept elimination: the way to become a shadow."""
    return (_("Take the hit (lose 1 life)"), _("Give up the Duel (lose 1 life)"),
            _("Lose 1 life"), _("Accept elimination"))


def shop_rule(text: str) -> str:
    """The hand panel's title rule, where the shop is."""
    hand = _("Your hand ({n})").split("(")[0]
    return next(line for line in text.split("\n") if hand in line and "\u2500" in line)


def play(pane: Pane, language: str, seed: int, turns: int | None,
         prefer: tuple[str, ...]) -> list[str]:
    """Keys at each of the person's decisions for ``turns`` turns or (None) to the end: the
    row showing one of ``prefer``, else the first. Every screen must fit 80 columns."""
    set_language(language)
    me = dealt(seed).mine.players[0]
    pane.keys("+", "+")  # the computer players at full speed
    first = pane.wait_for(lambda t: _("Shop:") in t and character_name(me.character) in t
                          and turn_of(t) > 0, timeout=30)
    lines = first.split("\n")
    assert len(lines) >= 24 and all(width_of(line) <= 80 for line in lines)
    rule = shop_rule(first)
    assert _("Shop:") in rule and len(re.findall(r"\$\d", rule)) == 3, rule
    seats = [line for line in lines[1:2 + PLAYERS] if re.search(r" \$\d+ ", line)]
    assert len(seats) >= PLAYERS - 1, first  # everyone's nuggets (the dead say their role)
    return keep_playing(pane, first, turns, prefer, whole_game_seconds=900)


@pytest.mark.parametrize(("language", "seed"), [("en", 3)])
def test_a_few_gold_rush_turns_by_keystrokes_show_the_shop(tmp_path: Path, language: str,
                                                           seed: int) -> None:
    pane = start(tmp_path, language, seed)
    try:
        set_language(language)
        screens = play(pane, language, seed, turns=3, prefer=gold_rows())
        over = _("Press q to leave.") in screens[-1]
        assert over or turn_of(screens[-1]) > turn_of(screens[0])
        if over:
            leave_and_check(pane, tmp_path, ("q",), "0")
        else:
            leave_and_check(pane, tmp_path, ("q", "y"), "0")
    finally:
        pane.close()
        set_language("en")


def shadow_seen(screens: list[str], role: str) -> bool:
    """Whether a screen showed the person deciding in a shadow turn: their own row (the
    current one, marked >) reads "shadow <role>" while the decision is theirs."""
    word = _("shadow {role}").format(role=role_name(role))
    for text in screens:
        rows = text.split("\n")
        mine = [r for r in rows[1:10] if r.startswith("> ") and word in r]
        if mine and any(r.startswith(" " + MARK) for r in rows):
            return True
    return False


@pytest.mark.slow
# Deals in which the person (not the Sheriff: an Outlaw, or in English the Renegade, who
# then sides with the weaker side as a shadow) is eliminated before the game ends.
@pytest.mark.parametrize(("language", "seed"), [("en", 1), ("hu", 3), ("ro", 8)])
def test_a_whole_gold_rush_game_with_a_shadow_turn_by_keystrokes(
        tmp_path: Path, language: str, seed: int) -> None:
    pane = start(tmp_path, language, seed)
    try:
        set_language(language)
        role = dealt(seed).mine.players[0].role
        assert role != "sheriff"  # the Sheriff's end is the game's: no shadow turn
        screens = play(pane, language, seed, turns=None,
                       prefer=(*losing_rows(), *gold_rows()))
        last = screens[-1]
        assert _("Press q to leave.") in last, last
        assert _("game over") in last.split("\n")[0]
        assert shadow_seen(screens, role), "no shadow turn for the person:\n" + last
        leave_and_check(pane, tmp_path, ("q",), "0")
        saved = next((tmp_path / "home" / "solo").glob("*/solo.json")).read_text()
        assert '"buy"' in saved or '"sell"' in saved  # a purchase or a sale made by keys
    finally:
        pane.close()
        set_language("en")
