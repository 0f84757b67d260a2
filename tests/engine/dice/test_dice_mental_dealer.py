"""The MentalDealer answers the dice engine unchanged: a whole game with hidden roles dealt
through the cryptographic protocol, every seat's engine asking for the same steps."""

import secrets

import pytest

from p2pbang.bots.dice import DiceBot
from p2pbang.dealer.board import Table
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.chance import Deal
from p2pbang.engine.dice.game import DiceGame


@pytest.mark.parametrize("seats,expansions", [(4, ()), (5, ("old-saloon",))])
def test_a_dice_game_through_the_mental_dealer(seats, expansions):
    table = Table.create(seats, secrets.token_bytes(32))
    engines = [DiceGame(seats, viewer=seat, expansions=expansions) for seat in range(seats)]
    bots = [DiceBot(seat) for seat in range(seats)]
    deals = 0
    for _ in range(5000):
        pending = engines[0].pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(engines[pending.seat], pending)
            for engine in engines:
                engine.apply(action)
            continue
        assert all(engine.pending == pending for engine in engines)
        deals += isinstance(pending, Deal)
        for engine, result in zip(engines, table.run(pending), strict=True):
            engine.apply(result)
    end = engines[0].pending
    assert isinstance(end, End) and all(engine.pending == end for engine in engines)
    assert deals == seats - 1
    roles = [[p.role for p in engine.players] for engine in engines]
    assert all(r == roles[0] for r in roles) and None not in roles[0]
