"""Speed work must not change the games: seeded random-bot games of the Dice Game give the
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
    (GameChoice.make("dice", 3), 60,
     "4c30cc1d811ad2f3c20f12ee49b98275b08e88f01cfd733582def4675beb62cb"),
    (GameChoice.make("dice", 5), 60,
     "fccc11687fcfff2149610d529f89200bdc305c2c82f17128317a777b90cc1271"),
    (GameChoice.make("dice", 8), 60,
     "cc978b290ffcac631dfb26009afa8e58b47b3bf30bf5df8ffea70466dc69f7e1"),
    # Recomputed for issue 22: Molly Stark is asked once for hits that land together and
    # never for more life than she has (different decisions in the games she plays).
    (GameChoice.make("dice", 8, expansions=("old-saloon",)), 60,
     "192a83669607d7863f59de1b3564164f7dc3a6397aaa0234f3ab1e9a4f65af99"),
]


@pytest.mark.parametrize(("choice", "games", "expected"), CASES,
                         ids=[case[0].label() for case in CASES])
def test_seeded_games_unchanged(choice: GameChoice, games: int, expected: str) -> None:
    assert combined_hash(choice, games) == expected
