"""The equipment pile dealt by MentalDealers: shuffled with proofs like any pile, every card
put up for sale revealed to all, every seat's engine agreeing on the shop, the equipment and
the nuggets until equipment has been bought and the shop refilled."""

from __future__ import annotations

import secrets

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.board import Table
from p2pbang.engine.actions import Buy, Decision, End, revealed_cards
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import base, gold_rush
from p2pbang.engine.bang.sets.gold_rush import state as gold_state
from p2pbang.engine.chance import Shuffle

GOLD_RUSH = RuleSet((base.MODULE, gold_rush.MODULE))
SEATS = 4


def _public(game: Game) -> tuple[object, ...]:
    gold = gold_state(game)
    return (tuple(gold.shop), tuple(gold.discard), len(gold.deck), tuple(gold.nuggets),
            tuple(tuple(p.equipment) for p in game.players))


def test_equipment_pile_with_mental_dealers() -> None:
    table = Table.create(SEATS, secrets.token_bytes(32))
    engines = [Game(SEATS, viewer=seat, rules=GOLD_RUSH) for seat in range(SEATS)]
    bots = [RandomBot(seat) for seat in range(SEATS)]
    piles: list[str] = []
    bought = 0
    for _ in range(4000):
        pending = engines[0].pending
        if isinstance(pending, End) or (bought >= 2 and isinstance(pending, Decision)):
            break
        if isinstance(pending, Decision):
            legal = engines[pending.seat].legal_actions()
            buys = [a for a in legal if isinstance(a, Buy)]
            action = buys[0] if buys else bots[pending.seat].decide(engines[pending.seat],
                                                                   pending)
            bought += isinstance(action, Buy)
            for slot, card in revealed_cards(action):
                if table.dealers[0].slot_state(slot).card is not None:
                    continue  # face up already: the engine checks the hand
                shown, payload = table.dealers[pending.seat].reveal_own(slot)
                assert shown == card
                for dealer in table.dealers:
                    dealer.verify_reveal(pending.seat, slot, card, payload)
            for engine in engines:
                engine.apply(action)
        else:
            if isinstance(pending, Shuffle):
                piles.append(pending.pile)
            results = table.run(pending)
            for engine, result in zip(engines, results, strict=True):
                engine.apply(result)
        assert all(_public(e) == _public(engines[0]) for e in engines)
    assert "equipment" in piles
    assert bought >= 2
    game = engines[0]
    assert len(gold_state(game).shop) == 3
    for slot in gold_state(game).shop:
        assert table.dealers[0].slot_state(slot).card == game.known[slot]
        assert game.known[slot] in GOLD_RUSH.equipment_ids
