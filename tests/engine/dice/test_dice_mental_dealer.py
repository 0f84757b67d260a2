"""The MentalDealer answers the dice engine unchanged: a whole game with hidden roles dealt
through the cryptographic protocol, every seat's engine asking for the same steps."""

import pytest

from p2pbang.bots.dice import DiceBot
from p2pbang.engine.actions import End
from p2pbang.engine.chance import Deal
from p2pbang.engine.choice import GameChoice
from tests.engine.mental_kit import play_mentally


@pytest.mark.parametrize("seats,expansions", [(4, ()), (5, ("old-saloon",))])
def test_a_dice_game_through_the_mental_dealer(seats, expansions):
    bots = [DiceBot(seat) for seat in range(seats)]
    played = play_mentally(GameChoice.make("dice", seats, expansions=expansions),
                           lambda engine, decision: bots[decision.seat].decide(engine, decision))
    end = played.game.pending
    assert isinstance(end, End) and all(engine.pending == end for engine in played.engines)
    assert sum(isinstance(request, Deal) for request in played.requests) == seats - 1
    roles = [[p.role for p in engine.players] for engine in played.engines]
    assert all(r == roles[0] for r in roles) and None not in roles[0]
