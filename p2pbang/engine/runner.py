"""Drive a game to its end: chance requests to a dealer, decisions to deciders (bots, people)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from p2pbang.engine.actions import Action, Decision, End
from p2pbang.engine.chance import ChanceRequest, ChanceResult
from p2pbang.engine.contract import GameState


class Dealer(Protocol):
    def resolve(self, request: ChanceRequest) -> ChanceResult: ...


class Decider(Protocol):
    def decide(self, game: GameState, decision: Decision) -> Action: ...


def play_out(game: GameState, dealer: Dealer, deciders: Sequence[Decider],
             after_step: Callable[[GameState], None] | None = None,
             max_steps: int = 1_000_000) -> End:
    """Run ``game`` until it ends; ``after_step(game)`` runs after every applied input."""
    for _ in range(max_steps):
        pending = game.pending
        if isinstance(pending, End):
            return pending
        if isinstance(pending, Decision):
            game.apply(deciders[pending.seat].decide(game, pending))
        else:
            game.apply(dealer.resolve(pending))
        if after_step is not None:
            after_step(game)
    raise RuntimeError(f"game did not end within {max_steps} steps")
