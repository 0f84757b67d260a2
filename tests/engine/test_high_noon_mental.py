"""The event pile dealt by the MentalDealer: shuffled with proofs like any pile, each event
revealed before the Sheriff's turn, every seat's engine in agreement (High Noon and A
Fistful of Cards together, so the public draw of the final card is exercised too)."""

from __future__ import annotations

from p2pbang.bots.random_bot import RandomBot
from p2pbang.engine.choice import GameChoice
from tests.engine.mental_kit import play_mentally

SEATS = 4


def test_event_pile_with_mental_dealers() -> None:
    bots = [RandomBot(seat) for seat in range(SEATS)]
    played = play_mentally(
        GameChoice.make("bang", SEATS, expansions=("high-noon", "fistful")),
        lambda engine, decision: bots[decision.seat].decide(engine, decision),
        until=lambda game: len(game.event_shown) >= 2,
        agree=lambda game: game.event_in_force, steps=3000)
    assert "events" in played.piles
    shown = played.game.event_shown
    assert shown, "no event was revealed"
    for slot in shown:
        assert played.table.dealers[0].slot_state(slot).card == played.game.event_known[slot]
