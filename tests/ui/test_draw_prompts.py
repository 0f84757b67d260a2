"""A draw! prompt says what the draw! needs (issue 10, point 13): Lucky Duke's pick between
two cards names the Barrel, the Dynamite or Jail and the suit that counts."""

from __future__ import annotations

import pytest

from p2pbang.engine.actions import PICK_CHECK
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import set_language

SEATS = ["willy_the_kid", "lucky_duke", "paul_regret", "rose_doolan"]
NAMES = ["Ace", "You", "Bonnie", "Clyde"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def barrel() -> Scenario:
    table = Scenario(SEATS, hands={0: ["bang"]}, tables={1: ["barrel"]},
                     deck=["bang:2D", "beer:6H"])
    table.play(0, "bang", target=1)
    table.barrel(1)
    return table


def at_turn_start(card: str) -> Scenario:
    return Scenario(SEATS, tables={1: [card]}, phase=START, turn=1,
                    deck=["bang:2C", "beer:10H", "saloon", "duel"], viewer=1)


@pytest.mark.parametrize(("make", "needed"), [
    (barrel, "Barrel: which card counts for the draw!? A heart cancels the shot."),
    (lambda: at_turn_start("dynamite"), "A 2 to 9 of spades explodes"),
    (lambda: at_turn_start("jail"), "A heart frees you"),
])
def test_lucky_dukes_pick_says_what_the_draw_needs(make, needed: str) -> None:
    table = make()
    decision = table.expect(1, PICK_CHECK)
    say = Describer(table.game, NAMES)
    assert needed in say.pick_check(decision)
    if table.game.viewer == 1:  # the person's own decision line says it
        assert needed in say.decision(decision)


@pytest.mark.parametrize("language", ("hu", "ro"))
def test_the_three_prompts_differ_in_every_language(language: str) -> None:
    set_language(language)
    prompts = set()
    for make in (barrel, lambda: at_turn_start("dynamite"), lambda: at_turn_start("jail")):
        table = make()
        prompts.add(Describer(table.game, NAMES).pick_check(table.expect(1, PICK_CHECK)))
    assert len(prompts) == 3 and not any("which card" in p for p in prompts)
