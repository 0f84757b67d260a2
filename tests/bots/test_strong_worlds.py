"""One draw per world: every root action of a search plays on in the same sampled world.

The strong bot draws a world once and starts each root action from a copy of it (the
recorded all-seeing inputs replayed into a fresh engine, the dealer's state after the
replay copied). Drawing the world afresh for every root action, from the same rng label,
gives the same world and the same later draws (common random numbers); these tests hold the
copy to that: the same decisions and the same ``last_search`` over whole games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from p2pbang.bots import make_bot
from p2pbang.bots.determinize import SampleFailed, SeatKnowledge, sample_world
from p2pbang.bots.strong import StrongBot
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.choice import GameChoice

from .support import play_fed, seat_positions


class _RedrawingBot(StrongBot):
    """The strong bot as it searched before: every root action draws its world afresh
    (``sample_world`` from a new rng of the round's label): the reference for the copy."""

    def _round(self, knowledge: SeatKnowledge, seat: int, legal: list[Any], label: str,
               deadline: float | None, weight: Any = None) -> list[float] | None:
        scores = []
        for action in legal:
            rng = random.Random(label)
            try:
                world, dealer = sample_world(knowledge, rng, weight)
            except SampleFailed:
                return None
            world.apply(action)
            scores.append(self._playout(world, dealer, seat, label, knowledge.choice.seats,
                                        knowledge.attacks))
        return scores


def _compare_games(choice: GameChoice, seed: str, seat: int, iterations: int,
                   searches: int = 10_000) -> int:
    """Play a game with the strong bot at ``seat`` and sensible bots elsewhere, asking each
    of the seat's decisions also of the redrawing bot: the same answer, the same search
    seen. Stops at the end or after ``searches`` searched decisions; returns how many."""
    bots: list[Any] = [make_bot("sensible", f"{seed}/{s}", choice.game)
                       for s in range(choice.seats)]
    strong = bots[seat] = StrongBot(f"{seed}/{seat}", choice.game, iterations=iterations,
                                    seconds=None)
    reference = _RedrawingBot(f"{seed}/{seat}", choice.game, iterations=iterations,
                              seconds=None)
    compared = 0

    def same_search(game: Any, pending: Decision, action: Any) -> bool:
        nonlocal compared
        if pending.seat == seat:
            assert reference.decide(game, pending) == action
            assert reference.last_search == strong.last_search
            compared += strong.last_search is not None
            strong.last_search = reference.last_search = None
        return compared < searches

    play_fed(choice, seed, bots, [reference], same_search)
    assert strong.fallbacks == reference.fallbacks == 0
    assert (strong.searched, strong.departures, strong.rounds) == (
        reference.searched, reference.departures, reference.rounds)
    return compared


@pytest.mark.parametrize(("choice", "seat"), [
    (GameChoice.make("dice", 6), 2),
    (GameChoice.make("duel", 2), 1),
    (GameChoice.make("bang", 5), 3),
], ids=str)
def test_a_copied_world_searches_as_a_redrawn_one(choice: GameChoice, seat: int) -> None:
    """Each kind of game, its first 25 searched decisions (a whole Dice Game): every decision
    and every search the same."""
    assert _compare_games(choice, f"worlds/{choice.label()}", seat,
                          28 if choice.game == "dice" else 12, 25) > 5


@pytest.mark.slow
@pytest.mark.parametrize(("choice", "seat"), [
    (GameChoice.make("bang", 7), 2),
    (GameChoice.make("bang", 7), 4),
    (GameChoice.make("bang", 6, ("gold-rush",)), 1),
    (GameChoice.make("bang", 8, ("dodge-city",)), 5),
    (GameChoice.make("bang", 6, ("high-noon",)), 2),
    (GameChoice.make("bang", 5, (), ("shadows",)), 0),
    (GameChoice.make("duel", 2), 0),
], ids=str)
def test_a_copied_world_searches_as_a_redrawn_one_in_every_set(choice: GameChoice,
                                                               seat: int) -> None:
    """Whole games of the card game at full tables and with the sets whose hidden cards move
    most (reordered hands, stolen cards, the event decks), and a whole Duel: still the same
    searches."""
    assert _compare_games(choice, f"worlds/{choice.label()}/{seat}", seat, 12) > 5


def test_a_redrawn_world_is_the_same_world() -> None:
    """The premise of the copy: two draws from the same rng label are the same world (the
    same all-seeing log) and its dealer draws the same cards after it."""
    checked = 0
    positions = seat_positions(GameChoice.make("bang", 7), "worlds-premise", 3)
    for _, knowledge in positions:
        one, first = sample_world(knowledge, random.Random("w"))
        two, second = sample_world(knowledge, random.Random("w"))
        assert one.history == two.history
        for _ in range(3):
            _play_on(one, first)
            _play_on(two, second)
        assert one.history == two.history
        checked += 1
    assert checked > 5


def _play_on(world: Any, dealer: Any) -> None:
    """One step of a world: its first legal action, or the sampling dealer's answer."""
    pending = world.pending
    if isinstance(pending, Decision):
        world.apply(world.legal_actions()[0])
    elif not isinstance(pending, End):
        world.apply(dealer.resolve(pending))
