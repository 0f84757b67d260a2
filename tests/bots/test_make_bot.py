"""``make_bot`` builds either kind of bot; an unknown kind is refused with the known ones."""

from __future__ import annotations

import pytest

from p2pbang.bots import BOT_KINDS, RandomBot, SensibleBot, make_bot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision
from p2pbang.engine.bang.game import Game


def test_make_bot_kinds() -> None:
    assert isinstance(make_bot("random", 3), RandomBot)
    assert isinstance(make_bot("sensible", 3), SensibleBot)
    assert BOT_KINDS == ("random", "sensible", "strong")


def test_an_unknown_kind_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="random, sensible"):
        make_bot("clever", 1)


def test_same_seed_same_choices() -> None:
    """Ties are broken by the seed, so one deal and one seed give one game."""
    def moves(seed: str) -> list:
        game = Game(5)
        dealer = LocalDealer("deal")
        bots = [make_bot("sensible", f"{seed}/{s}") for s in range(5)]
        taken = []
        while len(taken) < 150 and game.result is None:
            pending = game.pending
            if isinstance(pending, Decision):
                taken.append(bots[pending.seat].decide(game, pending))
                game.apply(taken[-1])
            else:
                game.apply(dealer.resolve(pending))
        return taken

    assert moves("a") == moves("a")
