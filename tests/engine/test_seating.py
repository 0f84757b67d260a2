"""Seat order around the table is one public random permutation; turns and distances follow
it, whatever the seats' numbers."""

from __future__ import annotations

import itertools
import math

from p2pbang.engine.actions import PLAY
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.chance import ChanceResult, RandomInt, permutation_from_code


def test_every_code_is_a_different_permutation() -> None:
    for n in (4, 5, 7):
        perms = {tuple(permutation_from_code(code, n)) for code in range(math.factorial(n))}
        assert perms == set(itertools.permutations(range(n)))


def test_the_first_chance_step_draws_the_seating() -> None:
    game = Game(6)
    assert game.pending == RandomInt(math.factorial(6))
    game.apply(ChanceResult((719,)))  # the last code: seats in reverse
    assert game.order == [5, 4, 3, 2, 1, 0]
    assert game.seats_from(2) == [2, 1, 0, 5, 4, 3]


def test_turns_and_distances_follow_the_seating_not_the_seat_numbers() -> None:
    """Clockwise 0, 2, 1, 3: seat 2 sits between 0 and 1, so it plays right after 0."""
    table = Scenario(["willy_the_kid", "bart_cassidy", "rose_doolan", "sid_ketchum"],
                     hands={0: ["bang"]}, order=[0, 2, 1, 3])
    game = table.game
    assert (game.distance(0, 2), game.distance(0, 1), game.distance(0, 3)) == (1, 2, 1)
    assert not table.is_legal(0, "bang", 1)  # two seats away, out of a Colt's reach
    assert table.is_legal(0, "bang", 2)
    table.end_turn(0)
    table.expect(2, PLAY)  # Rose Doolan, next clockwise, is playing her turn
