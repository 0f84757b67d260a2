"""A finished card game or Duel holds no cycle: dropped, it is freed at once, not by the
collector.

Why: the game's flow is a generator whose frame holds the game, which holds the generator.
While a game is played that cycle is needed; once it is over, ``apply`` refuses every input,
and a simulation or ``bench engine`` that plays game after game would otherwise leave each
one, with its lists and dictionaries, to the garbage collector's passes (the Dice Game
already hands its flow over at the end in the same way).
"""

from __future__ import annotations

import gc
import weakref

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End, IllegalAction, Pass
from p2pbang.engine.chance import ChanceResult
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import game_kind
from p2pbang.sim.selfplay import random_bots


def _finished(choice: GameChoice, seed: str):
    game = game_kind(choice).new_game(choice, None)
    dealer = LocalDealer(seed)
    bots = random_bots(choice, seed)
    while game.result is None:
        pending = game.pending
        if type(pending) is Decision:
            game.apply(bots[pending.seat].decide(game, pending))
        else:
            game.apply(dealer.resolve(pending))
    return game


@pytest.mark.parametrize("name, seats", [("bang", 4), ("bang", 7), ("duel", 2)])
def test_a_finished_game_is_freed_without_the_collector(name: str, seats: int) -> None:
    choice = GameChoice.make(name, seats)
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        game = _finished(choice, f"freed/{seats}")
        gone = weakref.ref(game)
        del game
        assert gone() is None
    finally:
        if enabled:
            gc.enable()


@pytest.mark.parametrize("choice", [GameChoice.make("bang", 5), GameChoice.make("duel", 2)])
def test_a_finished_game_still_waits_at_its_end_and_refuses_any_input(
        choice: GameChoice) -> None:
    game = _finished(choice, "freed/end")
    end, history = game.pending, list(game.history)
    assert isinstance(end, End) and game.result == end
    for answer in (Pass(), ChanceResult((1,))):
        assert game.check(answer) == "the game is over"
        with pytest.raises(IllegalAction, match="the game is over"):
            game.apply(answer)
        assert game.pending is end and game.history == history
    assert game.legal_actions() == []
