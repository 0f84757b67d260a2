"""A whole Duel game dealt by two MentalDealers (threshold ElGamal, shuffle proofs): the
Duel's piles and card ids need nothing special from the cryptographic dealer."""

from __future__ import annotations

import pytest

from p2pbang.bots.duel import DuelBot
from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from tests.engine.mental_kit import play_mentally


@pytest.mark.slow
def test_a_duel_game_with_mental_dealers_plays_to_the_end() -> None:
    bots = [DuelBot(0), DuelBot(1)]
    played = play_mentally(GameChoice.make("duel", 2),
                           lambda engine, decision: bots[decision.seat].decide(engine, decision),
                           session_id=b"duel-mental-test".ljust(32, b"\0"), steps=100_000)
    assert isinstance(played.game.pending, End)
    assert played.engines[1].pending == played.game.pending
    assert any(side.on_common for side in played.game.sides)  # the common pile was dealt too
