"""The one lockstep runner (``engine/lockstep.py``): an all-seeing engine and one engine per
viewer, fed the same inputs, each chance result masked for its viewer; for every game of the
family (``engine.family.SHEETS``)."""

from __future__ import annotations

from typing import Any

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, IllegalAction
from p2pbang.engine.chance import ChanceResult, result_for_viewer
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import SPECTATOR
from p2pbang.engine.family import SHEETS, game_kind
from p2pbang.engine.lockstep import Lockstep
from p2pbang.sim.selfplay import play_game, random_bots

# Each game at its fewest seats (the card game at 4, the Dice Game at 3, The Duel at 2).
CHOICES = [GameChoice.make(sheet.name, sheet.seat_range()[0]) for sheet in SHEETS]


def _lockstep(choice: GameChoice) -> Lockstep:
    return Lockstep.of(game_kind(choice), choice, [*range(choice.seats), SPECTATOR])


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_a_lockstep_game_is_the_seeded_game_and_each_view_holds_its_masked_log(
        choice: GameChoice) -> None:
    """Random bots deciding from their own seat's engine play the very game the all-seeing
    loop plays (the same log hash), and each view's log is the truth's masked for it."""
    kind = game_kind(choice)
    engines = _lockstep(choice)
    requests: list[Any] = []
    dealer, bots = LocalDealer("lockstep"), random_bots(choice, "lockstep")
    while not engines.ended:
        requests.append(engines.pending)
        engines.step(dealer, bots)
        for view in engines.views:
            assert view.pending == engines.truth.pending
    plain, _end = play_game(choice, "lockstep")
    assert kind.history_hash(engines.truth.history) == kind.history_hash(plain.history)
    for view in engines.views:
        masked = [result_for_viewer(request, item, view.viewer)
                  if isinstance(item, ChanceResult) else item
                  for request, item in zip(requests, engines.truth.history, strict=True)]
        assert view.history == masked
    assert engines.view_of(1) is engines.views[1] and engines.engine_for(0) is engines.views[0]


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_play_out_reaches_the_same_end(choice: GameChoice) -> None:
    engines = _lockstep(choice)
    end = engines.play_out(LocalDealer("lockstep"), random_bots(choice, "lockstep"))
    assert end == engines.truth.pending == play_game(choice, "lockstep")[1]
    with pytest.raises(ValueError, match="over"):
        engines.answer(LocalDealer("lockstep"), random_bots(choice, "lockstep"))


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_a_refused_input_changes_no_engine(choice: GameChoice) -> None:
    """Judged by the truth or by a viewer's own engine first, an illegal input raises
    ``IllegalAction`` and leaves every engine where it was."""
    engines = _lockstep(choice)
    dealer, bots = LocalDealer("refused"), random_bots(choice, "refused")
    while not isinstance(engines.pending, Decision):
        engines.step(dealer, bots)
    seat = engines.pending.seat
    before = [len(game.history) for game in (engines.truth, *engines.views)]
    for first in (None, seat):
        with pytest.raises(IllegalAction):
            engines.apply(object(), first=first)
        assert [len(game.history) for game in (engines.truth, *engines.views)] == before
    engines.apply(engines.answer(dealer, bots), first=seat)
    assert all(len(view.history) == before[0] + 1 for view in engines.views)


def test_no_bots_needed_where_no_seat_has_a_view() -> None:
    """A seat without a view of its own decides from the truth (the all-seeing loop)."""
    choice = CHOICES[0]
    engines = Lockstep.of(game_kind(choice), choice, [SPECTATOR])
    assert engines.engine_for(0) is engines.truth and engines.view_of(0) is None


def test_an_all_seeing_view_or_a_seeing_truth_is_refused() -> None:
    choice = CHOICES[0]
    kind = game_kind(choice)
    with pytest.raises(ValueError, match="all-seeing"):
        Lockstep(kind.new_game(choice, 0))
    with pytest.raises(ValueError, match="not for everyone"):
        Lockstep(kind.new_game(choice, None), [kind.new_game(choice, None)])


def test_every_game_of_the_family_is_covered() -> None:
    assert {choice.game for choice in CHOICES} == {sheet.name for sheet in SHEETS}
