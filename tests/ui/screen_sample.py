"""A sample of the card game's screens, written out whole, to compare two versions of the UI.

Why: a change meant to move code without changing what anyone sees (the set modules under
``ui/sets/``) is checked by drawing the same seeded games before and after and comparing
every line. Each sample is a whole solo game with the bots, in one language, for one set
(or a mix of sets): the full screen at 80x24 (and taller, wider at some decisions) with the
menu walked step by step, the help and the players page now and then (their whole text, and
as drawn), and the same game
played in the plain interface with its commands typed (``?``, ``t``, ``h``, ``s``, ``e``,
``c NAME``).

    PYTHONPATH=. python -m tests.ui.screen_sample OUT.json [--seeds 1,2]

Two files written by two versions are compared with ``cmp`` (or ``--compare A B``, which
names the first samples that differ).
"""

from __future__ import annotations

import io
import random
import sys

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.ui.bang import players_page
from p2pbang.ui.plain import PlainSolo, explain
from tests.ui.sample_kit import Sample, in_languages, run_tool
from tests.ui.screens import card_screen, snapshot

LANGUAGES = ("en", "hu", "ro")
# (name, seats, expansions, variants): every set alone, and mixes
GAMES = (
    ("base", 5, (), ()),
    ("dodge-city", 6, ("dodge-city",), ()),
    ("dodge-city-3", 3, ("dodge-city",), ()),
    ("high-noon", 5, ("high-noon",), ()),
    ("fistful", 5, ("fistful",), ()),
    ("gold-rush", 5, ("gold-rush",), ()),
    ("gold-rush-shadows", 6, ("gold-rush",), ("shadows",)),
    ("events-dodge-city", 7, ("dodge-city", "fistful", "high-noon"), ()),
    ("everything", 8, ("dodge-city", "fistful", "gold-rush", "high-noon"), ("shadows",)),
)
MAX_DECISIONS = 60  # the person's decisions drawn per game (the bots play on to the end)
TERMS = ("ba", "sid", "pep", "gold", "thirst", "pick", "we")


def screen_game(seats: int, choice: GameChoice, seed: int) -> list[str]:
    """One game on the full screen: the screen at each of the person's steps."""
    rng = random.Random(seed)
    session = SoloSession(choice, seed=seed)
    out: list[str] = []
    with create_pipe_input() as pipe:
        screen = card_screen(session, input=pipe, output=DummyOutput())
        decisions = 0
        while decisions < MAX_DECISIONS:
            screen.add_events(session.advance())
            if isinstance(session.pending, End):
                break
            decisions += 1
            out += snapshot(screen, 80, 24)
            if decisions % 7 == 1:
                out += snapshot(screen, 120, 40)
            if decisions % 11 == 2:  # the help and the players page whole, then on screen
                out += [repr(section) for section in screen.board._help_sections()]
                out += [repr(section) for section in players_page.sections(screen.board.view)]
                screen.board.toggle_help()
                out += snapshot(screen, 80, 24)
                screen.board.toggle_help()
                screen.board.toggle_players()
                out += snapshot(screen, 100, 30)
                screen.board.toggle_players()
            taken = len(session.mine.history)
            for _step in range(8):  # walk the menu until an action is taken
                rows = screen.board.choices
                screen.board.selected = rng.randrange(len(rows))
                out += snapshot(screen, 80, 24)[-6:]  # the actions, the detail line
                board = screen.board
                if not board.take(board.selected) or len(session.mine.history) != taken:
                    break
            if len(session.mine.history) == taken and not isinstance(session.pending, End):
                screen.board.steps.clear()
                screen.board.take(len(screen.board.choices) - 1)  # the last row: never a step
        out += snapshot(screen, 80, 24)
    return out


def plain_game(seats: int, choice: GameChoice, seed: int) -> list[str]:
    """The same game in the plain interface, typed to the end with commands between."""
    rng = random.Random(seed)
    session = SoloSession(choice, seed=seed)
    commands = ["?", "t", "h", "s", "e", *(f"c {t}" for t in TERMS)]

    class Typed(io.StringIO):
        def readline(self, size: int = -1) -> str:
            if rng.random() < 0.15:
                return rng.choice(commands) + "\n"
            return str(rng.choice((1, 1, 2, 3))) + "\n"

    out = io.StringIO()
    PlainSolo(session, Typed(), out).run()
    return out.getvalue().splitlines()


def sample(seeds: list[int]) -> Sample:
    """Every game in every language: sample name -> its lines."""
    def draw(language: str) -> Sample:
        found: Sample = {}
        for name, seats, expansions, variants in GAMES:
            choice = GameChoice.make("bang", seats, expansions, variants)
            for seed in seeds:
                key = f"{name}/{seed}/{language}"
                found[f"screen/{key}"] = screen_game(seats, choice, seed)
                found[f"plain/{key}"] = plain_game(seats, choice, seed)
        found[f"explain/{language}"] = [explain(t) for t in TERMS]
        return found
    return in_languages(LANGUAGES, draw)


def main(argv: list[str] | None = None) -> int:
    return run_tool(argv, __doc__ or "", sample, seeds="1,2")


if __name__ == "__main__":
    sys.exit(main())
