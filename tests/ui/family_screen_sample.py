"""A sample of the Dice Game's and The Duel's screens, written out whole, to compare two
versions of the UI (the card game's sibling is ``screen_sample.py``).

Why: moving the shell and the boards around must not change what anyone sees, so the same
seeded solo games are drawn before and after and every line compared. Each sample is a whole
solo game with the bots, in one language: the full screen at 80x24 (and larger, and at the
smallest size it draws) with the keys pressed as a person would (shortcuts, arrows, Enter,
Esc, the board's own keys, the help scrolled, a quit asked and refused), every line with
its styles; and the same game in the plain interface.

    PYTHONPATH=. python -m tests.ui.family_screen_sample OUT.json [--seeds 1,2]

Two files are compared with ``--compare A B`` (``sample_kit.py``, as the other samples).
"""

from __future__ import annotations

import io
import random
import sys
from typing import Any

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.ui.plain.board_solo import PlainFamily
from tests.ui.family_screens import new_screen
from tests.ui.sample_kit import Sample, in_languages, run_tool

LANGUAGES = ("en", "hu", "ro")
# (name, game, seats, expansions)
GAMES = (
    ("dice", "dice", 5, ()),
    ("dice-3", "dice", 3, ()),
    ("dice-old-saloon", "dice", 7, ("old-saloon",)),
    ("duel", "duel", 2, ()),
)
MAX_DECISIONS = 60  # the person's decisions drawn per game (the bots play on to the end)
KEYS_PER_DECISION = 10
OTHER_KEYS = ("enter", "enter", "up", "down", "escape", "r", "k", "x", "pageup", "pagedown",
              "home", "end", "+", "-")


def drawn(screen: Any, width: int, height: int) -> list[str]:
    """The screen's rows as text, each followed by its styles."""
    out: list[str] = []
    for line in screen.board.draw(width, height):
        out.append("".join(text for _style, text in line))
        out.append("|".join(style for style, _text in line))
    return out


def screen_game(game: str, seats: int, expansions: tuple[str, ...], seed: int) -> list[str]:
    """One game on the full screen: the screen after each key the person presses."""
    rng = random.Random(seed)
    session = SoloSession(GameChoice.make(game, seats, expansions), seed)
    out: list[str] = []
    with create_pipe_input() as pipe:
        screen = new_screen(session, input=pipe, output=DummyOutput())
        decisions = 0
        while decisions < MAX_DECISIONS:
            screen.add_events(session.advance())
            if isinstance(session.pending, End):
                break
            if not session.your_turn_to_decide():
                continue
            decisions += 1
            out += drawn(screen, 80, 24)
            if decisions % 7 == 1:
                out += drawn(screen, 120, 40) + drawn(screen, 60, 16) + drawn(screen, 59, 16)
            if decisions % 11 == 2:  # the help, scrolled; a quit asked and refused
                for key in ("?", "pagedown", "down", "end", "up", "escape", "q"):
                    screen._key(key)
                    out += drawn(screen, 80, 24)
                screen._key("n")
                out += drawn(screen, 80, 24)[-2:]
            before = session.pending
            for _step in range(KEYS_PER_DECISION):
                keys = [c.key for c in screen.board.choices() if c.key] + list(OTHER_KEYS)
                screen._key(rng.choice(keys))
                out += drawn(screen, 80, 24)[-14:]  # the actions, the detail, the keys
                if session.pending is not before or not session.your_turn_to_decide():
                    break
            if session.pending is before and session.your_turn_to_decide():
                screen.board.act(session.legal_actions()[0])
        out += drawn(screen, 80, 24)
    return out


def plain_game(game: str, seats: int, expansions: tuple[str, ...], seed: int) -> list[str]:
    """The same game in the plain interface, typed to the end with help between."""
    rng = random.Random(seed)
    session = SoloSession(GameChoice.make(game, seats, expansions), seed)
    typed = ["?", "x", "0", "1", "1", "2", "3", "r", "k"]
    out = io.StringIO()
    plain = PlainFamily(session, lambda: rng.choice(
        typed + [c.key for c in plain.board.choices() if c.key][:4]), out)
    plain.run()
    return out.getvalue().splitlines()


def sample(seeds: list[int]) -> Sample:
    """Every game in every language: sample name -> its lines."""
    def draw(language: str) -> Sample:
        found: Sample = {}
        for name, game, seats, expansions in GAMES:
            for seed in seeds:
                key = f"{name}/{seed}/{language}"
                found[f"screen/{key}"] = screen_game(game, seats, expansions, seed)
                found[f"plain/{key}"] = plain_game(game, seats, expansions, seed)
        return found
    return in_languages(LANGUAGES, draw)


def main(argv: list[str] | None = None) -> int:
    return run_tool(argv, __doc__ or "", sample, seeds="1,2")


if __name__ == "__main__":
    sys.exit(main())
