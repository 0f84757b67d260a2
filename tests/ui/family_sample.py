"""A sample of the Dice Game's and The Duel's plain solo interface, written out whole, to
compare two versions of the plain interfaces.

Why: a change meant to move code without changing what anyone reads (the plain interfaces'
one table of commands, ``ui/plain/``) is checked by playing the same seeded games before and
after and comparing every line. Each sample is a whole solo game with the bots, in one
language: the person's lines typed (the dice to roll again, ``k``, the rows' keys) with
commands and mistakes between (``?``, ``help``, ``t``, an empty line, nonsense), each typed
line written into the sample too.

    PYTHONPATH=. python -m tests.ui.family_sample OUT.json [--seeds 1,2,3]

Two files written by two versions are compared with ``cmp`` (or ``--compare A B``, which
names the first samples that differ).
"""

from __future__ import annotations

import io
import random
import sys

from p2pbang.engine.choice import GameChoice
from p2pbang.engine.dice.actions import REROLL
from p2pbang.table.solo import SoloSession
from p2pbang.ui.plain.board_solo import PlainFamily
from tests.ui.sample_kit import Sample, in_languages, run_tool

LANGUAGES = ("en", "hu", "ro")
GAMES = (("dice", 3, ()), ("dice", 5, ()), ("dice", 8, ("old-saloon",)), ("duel", 2, ()))
TYPED = ("?", "help", "t", "nonsense", "", "  ", "h", "c x", "Q?", "99", "0")
MAX_LINES = 4000  # then the input ends: a game left is a sample too


def plain_game(game: str, seats: int, expansions: tuple[str, ...], seed: int) -> list[str]:
    """One game typed to its end (or to ``MAX_LINES``), every line it printed."""
    rng = random.Random(seed)
    out = io.StringIO()
    choice = GameChoice.make(game, seats, list(expansions))
    plain = PlainFamily(SoloSession(choice, seed), out=out)
    typed = 0

    def read() -> str:
        nonlocal typed
        typed += 1
        if typed > MAX_LINES:
            raise EOFError
        session = plain.session
        if rng.random() < 0.12:
            line = rng.choice(TYPED)
        elif game == "dice" and session.mine.pending.kind == REROLL:
            dice = [str(i + 1) for i in range(len(session.mine.dice)) if rng.random() < 0.4]
            line = " ".join(dice) if dice and rng.random() < 0.6 else rng.choice(("k", "K"))
        else:
            keys = [c.key for c in plain.board.choices() if c.key]
            line = rng.choice(keys) if keys else "1"
        out.write(f"[typed {line!r}]\n")
        return line

    plain._read = read
    code = plain.run()
    return [*out.getvalue().splitlines(), f"exit {code}"]


def sample(seeds: list[int]) -> Sample:
    """Every game in every language: sample name -> its lines."""
    def draw(language: str) -> Sample:
        found: Sample = {}
        for game, seats, expansions in GAMES:
            for seed in seeds:
                name = f"{game}-{seats}{''.join('-' + e for e in expansions)}"
                found[f"{name}/{seed}/{language}"] = plain_game(game, seats, expansions, seed)
        return found
    return in_languages(LANGUAGES, draw)


def main(argv: list[str] | None = None) -> int:
    return run_tool(argv, __doc__ or "", sample, seeds="1,2,3")


if __name__ == "__main__":
    sys.exit(main())
