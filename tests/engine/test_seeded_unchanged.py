"""Speed work and refactoring must not change the games: seeded random-bot games of every game
of the family (``engine.family.SHEETS``) give the same logs as the engine did before.

Why one combined hash: a game's log hash covers every input (decisions and chance results),
so one digest over many seeded games catches any change in what the engine lists as legal,
in which order, or in how it resolves. The Dice Game's and The Duel's constants were computed
by the engine at commit 3c268b1 (before the speed work, docs/benchmarks.md, dice/duel
section); the card game's at commit 2120b23 (before the one self-play loop, docs/benchmarks.md,
"One stack above the engine"), each with ``combined_hash(choice, games)`` below. A change
that fixes a rule bug changes them: recompute them then, and say so in the commit.
"""

from __future__ import annotations

import hashlib

import pytest

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import SHEETS, game_kind
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
    (GameChoice.make("bang", 4), 40,
     "7aeca05a8e07c46fb78ef1a8ebae783fcb18c58562e3f4c0dd5dfc55742aa4b7"),
    (GameChoice.make("bang", 7), 40,
     "97f1e493c2f055dc06346f1e337bfa5a8dd37c9393f53870b5ea66877378e14f"),
    (GameChoice.make("bang", 8, expansions=("dodge-city",)), 20,
     "0fa92a6f0fbd757eb29e7d053a47b2ae0ca0f497f14fff01dfad9405268bb05c"),
    (GameChoice.make("bang", 7, expansions=("high-noon", "fistful")), 20,
     "58706a0ab05183decd38ee4f4b56f218bdb5a461b0b0c19e9a27ea7c7d7e51f2"),
    (GameChoice.make("bang", 7, expansions=("gold-rush",), variants=("shadows",)), 20,
     "f50f3ec388372c54fd0bf0227f27abc1ddedbb99fc6acd1e349e78e0b51616dd"),
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
    (GameChoice.make("duel", 2), 40,
     "5c47a8d6e51a807c29c4c5dbc3f281bbaeeb5d93af644c7bc0193bc8c7e301f3"),
]


@pytest.mark.parametrize(("choice", "games", "expected"), CASES,
                         ids=[case[0].label() for case in CASES])
def test_seeded_games_unchanged(choice: GameChoice, games: int, expected: str) -> None:
    assert combined_hash(choice, games) == expected


def test_every_game_of_the_registry_has_its_seeded_games() -> None:
    assert {choice.game for choice, _games, _expected in CASES} == {s.name for s in SHEETS}
