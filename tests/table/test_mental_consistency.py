"""Cross-check of the two dealers: a game dealt by MentalDealers and one dealt by the
LocalDealer both give the engine a consistent game: every card in exactly one place, each
seat's engine agreeing with the truth, and hands known only to their owners."""

from __future__ import annotations

import random

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import PICK_CHECK, Decision, End
from p2pbang.engine.bang.game import Game
from p2pbang.engine.chance import Deal, ReorderHand
from p2pbang.engine.lockstep import Lockstep
from p2pbang.table.local_bus import LocalTable


def _zones(game: Game) -> list[int]:
    slots = list(game.deck) + list(game.discard) + list(game.store)
    for p in game.players:
        slots += p.hand + p.table
    return slots


def check_consistent(truth: Game, seats: list[Game]) -> bool:
    """At a settled point after the deal (mid-step, a drawn card is in the dealer's hands)."""
    pending = truth.pending
    if truth.turn < 1 or not isinstance(pending, (Decision, End)):
        return False
    slots = _zones(truth)
    if isinstance(pending, Decision) and pending.kind == PICK_CHECK:
        slots += list(pending.options)
    assert len(slots) == len(set(slots)) == len(truth.cards)
    placed = [truth.known[s] for s in slots if s in truth.known]
    assert len(placed) == len(set(placed))  # no card in two places
    for s in slots:
        if s not in truth.deck:
            assert s in truth.known  # every dealt card is known to someone
    for view in seats:
        for slot, card in view.known.items():
            if slot in truth.known:
                assert truth.known[slot] == card
        for other in view.players:
            if other.seat == view.viewer:
                assert all(slot in view.known for slot in other.hand)
    return True


def merged_truth(cores) -> Game:
    """An all-seeing engine fed, for every private deal or reorder, the receiver's own
    result."""
    players = len(cores)
    truth = Game(players)
    histories = [core.game.history for core in cores]
    for index, item in enumerate(histories[0]):
        pending = truth.pending
        if isinstance(pending, (Deal, ReorderHand)):
            # A reordered hand is shown to its holder alone, like a deal: without its
            # answer the truth forgot the hand (a random deal sometimes asks for one).
            item = histories[pending.seat][index]
        truth.apply(item)
    return truth


@pytest.mark.parametrize("seed", [3])
def test_a_mental_poker_game_is_consistent_and_private(seed: int) -> None:
    players = 4
    table = LocalTable.create(players)
    rngs = [random.Random(f"{seed}/{s}") for s in range(players)]
    choosers = [lambda core, d, r=rngs[s]: r.choice(core.game.legal_actions())
                for s in range(players)]
    steps = checked = 0
    while table.step(choosers):
        steps += 1
        if steps % 3 == 0:
            checked += check_consistent(merged_truth(table.cores), [c.game for c in table.cores])
    truth = merged_truth(table.cores)
    assert check_consistent(truth, [c.game for c in table.cores])
    assert checked > 10
    assert isinstance(truth.pending, End) and truth.pending == table.cores[0].over


def test_a_local_dealer_game_passes_the_same_checks() -> None:
    players = 4
    engines = Lockstep(Game(players), [Game(players, viewer=s) for s in range(players)])
    truth, views = engines.truth, engines.views
    dealer = LocalDealer(5)
    rng = random.Random(5)
    checked = 0
    while not engines.ended:
        pending = truth.pending
        if isinstance(pending, Decision):
            engines.apply(rng.choice(views[pending.seat].legal_actions()))
        else:
            engines.apply(dealer.resolve(pending))
        checked += check_consistent(truth, views)
    assert checked > 30
