"""The event pile dealt by the MentalDealer: shuffled with proofs like any pile, each event
revealed before the Sheriff's turn, every seat's engine in agreement (High Noon and A
Fistful of Cards together, so the public draw of the final card is exercised too)."""

from __future__ import annotations

import secrets

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.board import Table
from p2pbang.engine.actions import Ability, Decision, Discard, End, Play, PlayPaid
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import base, fistful, high_noon
from p2pbang.engine.chance import Shuffle

BOTH = RuleSet((base.MODULE, high_noon.MODULE, fistful.MODULE))
SEATS = 4


def _claims(action: object) -> list[tuple[int, int]]:
    if isinstance(action, (Play, Discard)):
        return [(action.slot, action.card)]
    if isinstance(action, PlayPaid):
        return [(action.slot, action.card), (action.cost_slot, action.cost_card)]
    if isinstance(action, Ability):
        return list(zip(action.slots, action.cards, strict=True))
    return []


def test_event_pile_with_mental_dealers() -> None:
    table = Table.create(SEATS, secrets.token_bytes(32))
    engines = [Game(SEATS, viewer=seat, rules=BOTH) for seat in range(SEATS)]
    bots = [RandomBot(seat) for seat in range(SEATS)]
    piles: list[str] = []
    for _ in range(3000):
        pending = engines[0].pending
        if isinstance(pending, End) or len(engines[0].event_shown) >= 2:
            break
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(engines[pending.seat], pending)
            for slot, card in _claims(action):
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
        assert all(e.event_in_force == engines[0].event_in_force for e in engines)
    assert "events" in piles
    shown = engines[0].event_shown
    assert shown, "no event was revealed"
    for slot in shown:
        assert table.dealers[0].slot_state(slot).card == engines[0].event_known[slot]
