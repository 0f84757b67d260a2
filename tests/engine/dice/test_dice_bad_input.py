"""Bad answers to a reroll get a clear refusal and change nothing, whichever path checks
them (the fast inline one or ``check``)."""

from __future__ import annotations

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Choose, Decision, IllegalAction
from p2pbang.engine.chance import ChanceResult
from p2pbang.engine.dice.actions import REROLL, Reroll
from p2pbang.engine.dice.faces import DYNAMITE
from p2pbang.engine.dice.game import DiceGame


def at_a_reroll_with_a_dynamite() -> DiceGame:
    for seed in range(200):
        game, dealer = DiceGame(4), LocalDealer(seed)
        while not isinstance(game.pending, Decision) or game.pending.kind != REROLL:
            pending = game.pending
            game.apply(game.legal_actions()[0] if isinstance(pending, Decision)
                       else dealer.resolve(pending))
        if DYNAMITE in game.dice and game.players[game.pending.seat].character != "black_jack":
            return game
    raise AssertionError("no seed rolls a Dynamite")


@pytest.mark.parametrize("bad,words", [
    (Reroll([0]), "at least one die index"),  # type: ignore[arg-type]
    (Reroll((9,)), "in 0..4"),
    (Reroll(()), "at least one die index"),
    (Reroll((1, 1)), "distinct"),
    (Choose(1), "Reroll"),
    (ChanceResult((3,)), "choose dice"),
    ("x", "Reroll"),
])
def test_refused_with_a_reason_and_nothing_changes(bad, words: str) -> None:
    game = at_a_reroll_with_a_dynamite()
    before = (len(game.history), game.pending, list(game.dice))
    with pytest.raises(IllegalAction, match=words):
        game.apply(bad)
    assert (len(game.history), game.pending, list(game.dice)) == before


def test_a_dynamite_cannot_be_rerolled() -> None:
    game = at_a_reroll_with_a_dynamite()
    with pytest.raises(IllegalAction, match="Dynamite cannot be rerolled"):
        game.apply(Reroll((game.dice.index(DYNAMITE),)))
