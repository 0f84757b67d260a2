"""End to end in a real terminal: a person runs ``p2pbang host --game dice --seats 4 --bots 3``
and ``p2pbang host --game duel --bots 1`` in tmux at 80x24 (the bot peers are the host's own
child processes, over loopback), waits in the room, plays by keystrokes on the full-screen
board (dice kept with k, rows taken with 1), chats, and leaves with q y (status 0, the
resume hint printed) with the terminal as it was. The slow set plays whole games to their
end, and a dice game left mid-way and taken up again with ``p2pbang resume``."""

from __future__ import annotations

import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from p2pbang.ui.dice.dice_texts import t as dice_t
from p2pbang.ui.i18n import _, set_language
from p2pbang.ui.textfit import width_of

from .tmux import TMUX, Pane, first_key, restored_terminal

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
ROOT = Path(__file__).resolve().parents[2]
RULE = "\u2502"  # between the actions and the log: drawn only while the person decides


@dataclass(frozen=True)
class Words:
    """What the test reads on the screen, in the language the game is played in."""

    reroll: str  # the start of the decision line at a reroll
    over: str
    out: str
    title: str  # the dice board's status line starts with it
    game: str
    pace0: str
    say: str
    chat_key: str
    leave: str
    left: str
    opened: str
    rejoin: str  # the resume hint on stderr, in the game's language (--lang)


def words(language: str) -> Words:
    set_language(language)
    try:
        return Words(
            reroll=dice_t("ask.reroll", n=0)[:20],
            over=dice_t("over").split(".")[0], out=_(
                "You are out, but stay to the end: your keys deal the others' cards.")[:12],
            title=" " + dice_t("title"), game=_("Game: {game}").format(game="dice"),
            pace0=dice_t("pace").format(seconds=0.0), say=_("Say: ").strip(),
            chat_key=_("?: help \u00b7 Tab: chat \u00b7 q: quit").split(" \u00b7 ")[1],
            # At a network table of three or more the question offers leaving for good too.
            leave=_("Leave? y: pause (resume later), g: for good (a bot takes your seat), "
                    "n: stay").split("?")[0], opened=_("(opened the table)"),
            left=_("You left the game: 'p2pbang resume' rejoins it."),
            rejoin=_("to rejoin this game: {command}").format(
                command="p2pbang resume --home"))
    finally:
        set_language("en")


EN = words("en")
OVER = EN.over


def in_terminal(tmp: Path, *args: str) -> Pane:
    """``p2pbang ARGS`` in an 80x24 tmux pane, with ``stty -a`` before and after."""
    command = " ".join(shlex.quote(part) for part in (sys.executable, "-m", "p2pbang.cli",
                                                      *args))
    script = (f"cd {shlex.quote(str(ROOT))}; stty -a > {tmp}/before; "
              f"TERM=xterm {command} 2> {tmp}/stderr; echo EXIT=$?; "
              f"stty -a > {tmp}/after; sleep 120")
    return Pane(f"sh -c {shlex.quote(script)}", tmp)


def host(tmp: Path, home: Path, *args: str) -> Pane:
    return in_terminal(tmp, "host", *args, "--listen", "127.0.0.1", "--no-announce",
                       "--home", str(home), "--player", "Dana")


def finished(pane: Pane, tmp: Path) -> str:
    """The pane once the command ended, the terminal as it was (leaving after the end may
    wait for the other peers to confirm it)."""
    return restored_terminal(pane, tmp, 90)


def deciding(text: str, said: Words = EN) -> bool:
    return RULE in text or said.over in text or "EXIT=" in text


def play(pane: Pane, decisions: int, timeout: float = 60, to_the_end: bool = False,
         said: Words = EN) -> str:
    """Answer the person's decisions by keys: k at a reroll (keep the dice), else the first
    row's key (or a card's first way's). Returns the screen after the last one, at the end
    of the game, or (unless ``to_the_end``) once the person is out of a dice game."""
    text = ""
    for _decision in range(decisions):
        text = pane.wait_for(lambda t: deciding(t, said) or (said.out in t and not to_the_end),
                             timeout)
        if said.over in text or "EXIT=" in text or (said.out in text and not to_the_end):
            return text
        pane.keys("k" if said.reroll in text else first_key(text))
        pane.wait_for(lambda t, before=text: t != before, timeout)
    return pane.wait_for(lambda t: True)


def full_speed(pane: Pane, said: Words = EN) -> None:
    """+ four times: the host's bot peers move without pausing (their pace file)."""
    pane.keys("+", "+", "+", "+")
    pane.wait_for(lambda t: said.pace0 in t)


def to_the_end(pane: Pane, tmp: Path) -> str:
    """With the board up: the bot peers at full speed (+ four times), every decision
    answered until the game is over, q; the pane once the command ended."""
    pane.wait_for(lambda t: t.startswith(" BANG!"), 60)
    full_speed(pane)
    end = play(pane, 100_000, timeout=120, to_the_end=True)
    assert OVER in end, end
    pane.keys("q")
    final = finished(pane, tmp)
    assert "EXIT=0" in final, final
    assert "You win!" in final or "You lose." in final, final
    return final


def leave(pane: Pane, said: Words = EN) -> None:
    pane.keys("q")
    pane.wait_for(lambda t: said.leave in t)
    pane.keys("y")


@pytest.mark.parametrize("language", ["en", pytest.param("hu", marks=pytest.mark.slow),
                                      pytest.param("ro", marks=pytest.mark.slow)])
def test_a_person_hosts_a_dice_table_with_bot_peers_in_full_screen(tmp_path: Path,
                                                                    language: str) -> None:
    said = words(language)
    pane = host(tmp_path, tmp_path / "home", "--game", "dice", "--seats", "4", "--bots", "3",
                "--lang", language)
    try:
        room = pane.wait_for(lambda t: said.game in t, 30)
        board = pane.wait_for(lambda t: t.startswith(said.title), 60)
        rows = board.split("\n")
        assert all(width_of(row) <= 80 for row in rows) and len(rows) >= 24
        assert "Dana" in board and "Ace" in board and "Bonnie" in board and "Clyde" in board
        full_speed(pane, said)
        play(pane, 4, said=said)
        # Chat while the table waits for the person (or, once out, with the bots slowed
        # down), so that the line is not scrolled away by the moves before it is read.
        text = pane.wait_for(lambda t: RULE in t or said.out in t or said.over in t, 60)
        if RULE not in text:
            pane.keys("-", "-", "-", "-")
        pane.keys("Tab")
        pane.wait_for(lambda t: said.say in t)
        pane.keys("hello from tmux", "Enter", "Escape")
        pane.wait_for(lambda t: "<Dana> hello from tmux" in t and said.chat_key in t)
        leave(pane, said)
        final = finished(pane, tmp_path)
    finally:
        pane.close()
    assert "Dana" in room and said.opened in room
    assert "EXIT=0" in final and said.left in final
    assert said.rejoin in (tmp_path / "stderr").read_text()


# Slow: the Duel by keys at a network table with a bot peer is
# tests/ui/test_family_net_screen.py::test_a_duel_against_a_bot_peer_by_keys (in-process), and
# `host --bots` in a real terminal is the Dice Game case above.
@pytest.mark.slow
def test_a_person_hosts_a_duel_against_a_bot_peer_in_full_screen(tmp_path: Path) -> None:
    pane = host(tmp_path, tmp_path / "home", "--game", "duel", "--bots", "1")
    try:
        pane.wait_for(lambda t: "Game: duel" in t, 30)
        board = pane.wait_for(lambda t: "BANG!" in t.split("\n")[0] and RULE in t, 60)
        assert "Ace" in board
        after = play(pane, 5)
        if OVER in after:  # a very short duel: q closes the ended game
            pane.keys("q")
        else:
            leave(pane)
        final = finished(pane, tmp_path)
    finally:
        pane.close()
    assert "EXIT=0" in final


@pytest.mark.slow
@pytest.mark.parametrize("game", [("dice", "--seats", "4", "--bots", "3",
                                   "--expansions", "old-saloon"),
                                  ("duel", "--bots", "1")], ids=["dice", "duel"])
def test_a_whole_network_game_in_full_screen(tmp_path: Path, game: tuple[str, ...]) -> None:
    pane = host(tmp_path, tmp_path / "home", "--game", *game)
    try:
        final = to_the_end(pane, tmp_path)
    finally:
        pane.close()
    assert "Transcript: " in final


@pytest.mark.slow
def test_a_dice_game_left_and_resumed_in_full_screen(tmp_path: Path) -> None:
    """Left mid-game with q y (the host stops its bots, which keep their files), then
    ``p2pbang resume`` restarts them and the board comes back with the game told so far,
    and is played to its end."""
    home = tmp_path / "home"
    first = tmp_path / "first"
    first.mkdir()
    pane = host(first, home, "--game", "dice", "--seats", "3", "--bots", "2")
    try:
        pane.wait_for(lambda t: t.startswith(" BANG! Dice"), 60)
        play(pane, 3)
        leave(pane)
        assert "EXIT=0" in finished(pane, first)
    finally:
        pane.close()
    again = tmp_path / "again"
    again.mkdir()
    pane = in_terminal(again, "resume", "--home", str(home), "--listen", "127.0.0.1")
    try:
        board = pane.wait_for(lambda t: t.startswith(" BANG! Dice"), 60)
        assert re.search(r"Turn \d+", board.split("\n")[0])  # where the game was left
        to_the_end(pane, again)
    finally:
        pane.close()
