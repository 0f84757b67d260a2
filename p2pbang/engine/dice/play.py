"""Play a whole dice game: the helper ``selfplay --game dice`` and ``bench engine --game dice``
wire to. The dealer is passed in (the engine imports no dealer: dependencies point down)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.runner import Dealer, Decider, play_out


def play_dice_game(players: int, dealer: Dealer, deciders: Sequence[Decider],
                   expansions: Iterable[str] = (),
                   after_step: Callable[[object], None] | None = None) -> tuple[DiceGame, End]:
    """Run an all-seeing dice game for ``players`` seats to its end; return it and its end."""
    if len(deciders) != players:
        raise ValueError(f"{players} seats need {players} deciders, not {len(deciders)}")
    game = DiceGame(players, expansions=expansions)
    end = play_out(game, dealer, deciders, after_step=after_step, max_steps=200_000)
    return game, end


def play_choice(choice: GameChoice, dealer: Dealer, deciders: Sequence[Decider],
                after_step: Callable[[object], None] | None = None) -> tuple[DiceGame, End]:
    """``play_dice_game`` for a table's ``GameChoice`` (what ``selfplay --game dice`` has)."""
    game = DiceGame.from_choice(choice)
    if len(deciders) != choice.seats:
        raise ValueError(f"{choice.seats} seats need {choice.seats} deciders")
    return game, play_out(game, dealer, deciders, after_step=after_step, max_steps=200_000)
