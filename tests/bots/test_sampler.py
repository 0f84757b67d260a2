"""The strong bot's sampler draws a world wherever one exists, and every world it draws fits
everything the seat knows.

Why whole games: the real game is always a consistent world, so a position where the sampler
draws nothing is the sampler's failure, never the position's. The hard cases are hidden hand
reorders (before a random pick from a hand): a card the seat sees after one was somewhere in
that hand before it, not necessarily in the slot it is seen in, and a hand may have been
dealt, robbed and refilled in between."""

from __future__ import annotations

import random
from typing import Any

import pytest

from p2pbang.bots import sensible_class
from p2pbang.bots.determinize import SampleFailed, SeatKnowledge, sample_world
from p2pbang.bots.roles import role_weight
from p2pbang.engine.chance import ReorderHand
from p2pbang.engine.choice import GameChoice

from .support import seat_positions


def check_fits(world: Any, knowledge: SeatKnowledge) -> None:
    """The world is at the seat's position and holds every card where the seat knows it."""
    view = knowledge.view
    assert len(world.history) == len(knowledge.history)
    assert world.pending == view.pending
    assert world.legal_actions() == view.legal_actions()
    for slot, card in view.known.items():
        assert world.known.get(slot) == card, f"slot {slot}: the seat knows card {card}"


def seen_after_a_hidden_reorder(knowledge: SeatKnowledge) -> bool:
    """Whether the seat has learned a card of a hand reordered out of its sight."""
    return any(var.value is not None
               for index, variables in knowledge.hidden.items()
               if isinstance(knowledge.requests[index], ReorderHand)
               for var in variables)


@pytest.mark.parametrize("deal,seat", [("bench-bots/9/3", 3), ("bench-bots/9/5", 5)])
def test_a_card_seen_after_a_hidden_reorder_is_drawn(deal: str, seat: int) -> None:
    """Seven seats, base game: the seat learns a card of a hand that was robbed and then
    reordered out of its sight. Every position of the game is drawn, and fits the view."""
    choice = GameChoice.make("bang", 7)
    weigh = sensible_class("bang").SEARCH
    reordered = 0
    for number, (_, knowledge) in enumerate(seat_positions(choice, deal, seat)):
        rng = random.Random(number)
        try:
            world, _ = sample_world(knowledge, rng, role_weight(knowledge, weigh))
        except SampleFailed as exc:
            pytest.fail(f"decision {number}: no world drawn ({exc})")
        check_fits(world, knowledge)
        reordered += seen_after_a_hidden_reorder(knowledge)
    assert reordered > 0


@pytest.mark.parametrize("choice", [
    GameChoice.make("bang", 4),
    GameChoice.make("bang", 8, ("dodge-city",)),
    GameChoice.make("bang", 6, ("high-noon",)),
    GameChoice.make("bang", 5, ("fistful",)),
    GameChoice.make("bang", 6, ("gold-rush",)),
    GameChoice.make("bang", 5, (), ("shadows",)),
], ids=GameChoice.label)
def test_every_position_is_drawn_with_every_set(choice: GameChoice) -> None:
    """A whole game of each set: a world at every decision, fitting the view (the sampler
    before this one drew none at some positions of the 8-seat Dodge City game here)."""
    weigh = sensible_class("bang").SEARCH
    seat = choice.seats - 1
    drawn = 0
    for number, (_, knowledge) in enumerate(seat_positions(choice, f"sampler/{choice}", seat)):
        try:
            world, _ = sample_world(knowledge, random.Random(number),
                                    role_weight(knowledge, weigh))
        except SampleFailed as exc:
            pytest.fail(f"decision {number}: no world drawn ({exc})")
        check_fits(world, knowledge)
        drawn += 1
    assert drawn > 5
