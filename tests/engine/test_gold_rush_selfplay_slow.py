"""Many random-bot games with Gold Rush and the shadows (slow: run with -m slow): every step
keeps the invariants, every game ends and replays to the same log hash."""

from __future__ import annotations

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import base, dodge_city, gold_rush, shadows
from p2pbang.engine.runner import play_out
from p2pbang.engine.wire import history_hash

COMBINATIONS = {
    "gold-rush": (base.MODULE, gold_rush.MODULE),
    "shadows": (base.MODULE, shadows.MODULE),
    "gold-rush+shadows": (base.MODULE, gold_rush.MODULE, shadows.MODULE),
    "all": (base.MODULE, dodge_city.MODULE, gold_rush.MODULE, shadows.MODULE),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMBINATIONS))
def test_many_games_keep_every_invariant_and_replay(name: str) -> None:
    rules = RuleSet(COMBINATIONS[name])
    for index in range(200):
        players = 4 + index % 4
        game = Game(players, rules=rules)
        dealer = LocalDealer(f"{name}/{index}")

        def after(g: Game, dealer: LocalDealer = dealer) -> None:
            problems = violations(g, dealer.cards)
            assert not problems, problems

        bots = [RandomBot(f"{index}/{s}") for s in range(players)]
        play_out(game, dealer, bots, after_step=after)
        replay = Game(players, rules=rules)
        for item in game.history:
            replay.apply(item)
        assert history_hash(replay.history) == history_hash(game.history)
