"""A whole Duel game dealt by two MentalDealers (threshold ElGamal, shuffle proofs): the
Duel's piles and card ids need nothing special from the cryptographic dealer."""

from __future__ import annotations

import pytest

from p2pbang.bots.duel import DuelBot
from p2pbang.dealer.board import Table
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.duel.game import DuelGame


@pytest.mark.slow
def test_a_duel_game_with_mental_dealers_plays_to_the_end() -> None:
    table = Table.create(2, session_id=b"duel-mental-test".ljust(32, b"\0"))
    views = [DuelGame(viewer=0), DuelGame(viewer=1)]
    bots = [DuelBot(0), DuelBot(1)]
    while not isinstance(views[0].pending, End):
        pending = views[0].pending
        assert pending == views[1].pending
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(views[pending.seat], pending)
            for view in views:
                view.apply(action)
        else:
            results = table.run(pending)
            for view, result in zip(views, results, strict=True):
                view.apply(result)
    assert views[1].pending == views[0].pending
    assert any(side.on_common for side in views[0].sides)  # the common pile was dealt too
