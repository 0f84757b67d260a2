"""Speed work must not change the games: seeded random-bot games of The Duel give the
same logs as the engine did before the speed-ups (docs/benchmarks.md, dice/duel section).

Why one combined hash: a game's log hash covers every input (decisions and chance results),
so one digest over many seeded games catches any change in what the engine lists as legal,
in which order, or in how it resolves. The constants were computed by the engine at commit
3c268b1 (before the speed work) with ``combined_hash(choice, games)`` below. A change that
fixes a rule bug changes them: recompute them then, and say so in the commit.
"""

from __future__ import annotations

import hashlib

import pytest

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import game_kind
from p2pbang.sim.selfplay import play_one


def combined_hash(choice: GameChoice, games: int, seed: int = 7) -> str:
    """SHA-256 over the log hashes of ``games`` seeded random-bot games of ``choice``."""
    kind = game_kind(choice)
    digest = hashlib.sha256()
    for index in range(games):
        game, problems = play_one(choice, f"{seed}/{index}", check=False)
        assert not problems, problems
        assert isinstance(game.pending, End)
        digest.update(kind.history_hash(game.history).encode())
    return digest.hexdigest()


CASES = [
    (GameChoice.make("duel", 2), 40,
     "5c47a8d6e51a807c29c4c5dbc3f281bbaeeb5d93af644c7bc0193bc8c7e301f3"),
]


@pytest.mark.parametrize(("choice", "games", "expected"), CASES,
                         ids=[case[0].label() for case in CASES])
def test_seeded_games_unchanged(choice: GameChoice, games: int, expected: str) -> None:
    assert combined_hash(choice, games) == expected
