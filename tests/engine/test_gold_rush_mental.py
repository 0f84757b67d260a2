"""The equipment pile dealt by MentalDealers: shuffled with proofs like any pile, every card
put up for sale revealed to all, every seat's engine agreeing on the shop, the equipment and
the nuggets until equipment has been bought and the shop refilled."""

from __future__ import annotations

from p2pbang.bots.random_bot import RandomBot
from p2pbang.engine.actions import Buy, Decision
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.sets.gold_rush import state as gold_state
from p2pbang.engine.choice import GameChoice
from tests.engine.mental_kit import play_mentally

SEATS = 4


def _public(game: Game) -> tuple[object, ...]:
    gold = gold_state(game)
    return (tuple(gold.shop), tuple(gold.discard), len(gold.deck), tuple(gold.nuggets),
            tuple(tuple(p.equipment) for p in game.players))


def test_equipment_pile_with_mental_dealers() -> None:
    bots = [RandomBot(seat) for seat in range(SEATS)]
    bought = []

    def buy_first(engine: Game, decision: Decision) -> object:
        buys = [a for a in engine.legal_actions() if isinstance(a, Buy)]
        action = buys[0] if buys else bots[decision.seat].decide(engine, decision)
        if isinstance(action, Buy):
            bought.append(action)
        return action

    played = play_mentally(GameChoice.make("bang", SEATS, expansions=("gold-rush",)),
                           buy_first, until=lambda game: len(bought) >= 2, agree=_public,
                           steps=4000)
    assert "equipment" in played.piles
    assert len(bought) >= 2
    game = played.game
    assert len(gold_state(game).shop) == 3
    for slot in gold_state(game).shop:
        assert played.table.dealers[0].slot_state(slot).card == game.known[slot]
        assert game.known[slot] in game.rules.equipment_ids
