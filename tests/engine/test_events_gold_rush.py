"""The event decks together with Gold Rush and the shadow gunslingers: random bot games end,
keep every invariant (equipment and event cards included) and replay to the same log hash.
The turn loop's combined path (``EventFlow._next_turn_dead``) gives the dead their shadow
turns under the events, and Ghost Town's ghosts buy, use and leave equipment like anyone."""

from __future__ import annotations

from collections import Counter

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import End
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.sets import base, dodge_city, fistful, gold_rush, high_noon, shadows
from p2pbang.engine.runner import play_out
from p2pbang.engine.wire import history_hash

COMBINATIONS = {
    "high-noon+shadows": (base.MODULE, high_noon.MODULE, shadows.MODULE),
    "high-noon+gold-rush": (base.MODULE, high_noon.MODULE, gold_rush.MODULE),
    "events+gold-rush+shadows": (base.MODULE, high_noon.MODULE, fistful.MODULE,
                                 gold_rush.MODULE, shadows.MODULE),
    "all": (base.MODULE, dodge_city.MODULE, high_noon.MODULE, fistful.MODULE,
            gold_rush.MODULE, shadows.MODULE),
}
WATCHED = ("shadow_enters", "shadow_leaves", "ghost_leaves", "event")


@pytest.mark.parametrize("name", sorted(COMBINATIONS))
def test_event_games_with_gold_rush_and_shadows_keep_every_invariant(name: str) -> None:
    rules = RuleSet(COMBINATIONS[name])
    seen: Counter[str] = Counter()
    for index in range(30):
        players = 4 + index % 4
        game = Game(players, rules=rules)
        dealer = LocalDealer(f"{name}/{index}")

        def after(g: Game, dealer: LocalDealer = dealer) -> None:
            problems = violations(g, dealer.cards)
            assert not problems, problems
            seen.update(e.kind for e in g.events if e.kind in WATCHED)

        bots = [RandomBot(f"{index}/{s}") for s in range(players)]
        play_out(game, dealer, bots, after_step=after)
        assert isinstance(game.pending, End) and game.pending.winners
        replay = Game(players, rules=rules)
        for item in game.history:
            replay.apply(item)
        assert history_hash(replay.history) == history_hash(game.history)
    assert seen["event"] > 0
    if "shadows" in name:
        assert seen["shadow_enters"] > 0
        assert 0 < seen["shadow_leaves"] <= seen["shadow_enters"]  # a game may end in one
