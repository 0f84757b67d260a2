"""The actions come one step at a time (issue 10, point 13): the card, then the target, then
the target's card; Sid Ketchum's cards one by one; "End the turn" at every step and always
on screen; every final choice is one of the engine's own legal actions."""

from __future__ import annotations

from p2pbang.engine.actions import ANY_TIME, FROM_HAND, PLAY, Ability, Pass, Play
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.ui.bang.render import action_lines
from p2pbang.ui.bang.steps import BACK, Choice, choices
from p2pbang.ui.describe import Describer, slot_label
from p2pbang.ui.textfit import width_of

NAMES = ["You", "Ace", "Bonnie", "Clyde"]


def table() -> tuple[Scenario, Describer]:
    scenario = Scenario(
        ["sid_ketchum", "jourdonnais", "paul_regret", "rose_doolan"],
        hands={0: ["cat_balou", "bang", "missed", "beer", "panic"], 1: ["bang"], 2: ["beer"]},
        tables={1: ["barrel", "volcanic"], 2: ["mustang"], 3: ["scope"]},
        life={0: 2}, turn=0, viewer=0)
    return scenario, Describer(scenario.game, NAMES)


def labelled(rows: list[Choice], start: str) -> Choice:
    found = [row for row in rows if row.label.startswith(start)]
    assert len(found) == 1, [row.label for row in rows]
    return found[0]


def test_the_first_step_has_a_row_per_card_and_ends_with_end_the_turn() -> None:
    scenario, say = table()
    decision = scenario.expect(0, PLAY)
    actions = scenario.legal()
    assert len(actions) > 20  # the engine's list: every target, every card, every pair
    rows = choices(say, decision, actions, [])
    assert len(rows) <= 8  # fits the middle of an 80x24 screen
    assert rows[-1].label == "End the turn" and isinstance(actions[rows[-1].actions[0]], Pass)


def test_cat_balou_is_the_card_then_the_target_then_the_targets_card() -> None:
    scenario, say = table()
    decision = scenario.expect(0, PLAY)
    actions = scenario.legal()
    first = labelled(choices(say, decision, actions, []), "Play Cat Balou")
    assert not first.final and first.step is not None
    targets = choices(say, decision, actions, [first.step])
    ace = labelled(targets, "On Ace")
    assert [r.label for r in targets][-2:] == ["Back (Esc)", "End the turn"]
    assert targets[-2].step == BACK
    clyde = labelled(targets, "On Clyde")  # no hand, one card in play: one step left, said
    assert clyde.final and clyde.label.endswith(": " + slot_label(
        scenario.game, scenario.in_play_slot(3, "scope")))
    assert "Cat Balou" not in clyde.label  # the card was the step before
    cards = choices(say, decision, actions, [first.step, ace.step])
    barrel = labelled(cards, "Barrel")
    labelled(cards, "A random card from the hand")
    assert barrel.final
    chosen = actions[barrel.actions[0]]
    assert isinstance(chosen, Play) and chosen.target == 1
    assert chosen.target_slot == scenario.in_play_slot(1, "barrel") != FROM_HAND
    assert chosen in scenario.legal()


def test_sid_ketchums_cards_are_chosen_one_by_one() -> None:
    scenario, say = table()
    decision = scenario.expect(0, PLAY)
    actions = scenario.legal()
    pairs = [a for a in actions if isinstance(a, Ability)]
    assert len(pairs) == 10  # five cards, one row per pair before
    ability = labelled(choices(say, decision, actions, []), "Discard two cards")
    firsts = choices(say, decision, actions, [ability.step])
    cards = [row for row in firsts if row.step is not None and row.step[0] == "card"]
    assert len(cards) == 5
    seconds = choices(say, decision, actions, [ability.step, cards[0].step])
    partners = [row for row in seconds if row.step is not None and row.step[0] == "card"]
    assert len(partners) == 4 and all(row.final for row in partners)
    chosen = actions[partners[0].actions[0]]
    assert isinstance(chosen, Ability) and cards[0].step[1] in chosen.slots


def test_a_card_with_one_way_to_play_it_is_one_row_that_says_it_all() -> None:
    scenario, say = table()
    decision = scenario.expect(0, PLAY)
    actions = scenario.legal()
    beer = labelled(choices(say, decision, actions, []), "Play Beer")
    assert beer.final and isinstance(actions[beer.actions[0]], Play)


def test_end_the_turn_stays_on_screen_however_long_the_list() -> None:
    labels = [f"Play card {n}" for n in range(12)] + ["End the turn"]
    for selected in (0, 5, 11, 12):
        lines = action_lines(labels, selected, 40, 4, pinned=12)
        texts = ["".join(t for _s, t in line) for line in lines]
        assert len(texts) == 4 and "End the turn" in texts[-1]
        assert any(labels[selected] in text for text in texts)
        assert all(width_of(text) <= 40 for text in texts)


def test_no_arrow_when_every_row_is_shown() -> None:
    lines = action_lines(["Answer", "Answer again", "Take the hit"], 0, 40, 3, pinned=2)
    assert not any("\u25b2" in t or "\u25bc" in t for line in lines for _s, t in line)
    lines = action_lines([f"row {n}" for n in range(8)] + ["End the turn"], 0, 40, 4, pinned=8)
    marks = ["".join(t for _s, t in line)[-1] for line in lines]
    assert marks == [" ", " ", "\u25bc", " "]  # more below, then the pinned row


def test_the_moment_after_a_hit_offers_sid_ketchums_cards_or_not_now() -> None:
    """Hit on another player's turn, Sid Ketchum reads why he is asked, picks his two cards
    one by one as in his turn, or goes on with "Not now"."""
    scenario = Scenario(["black_jack", "sid_ketchum", "paul_regret", "rose_doolan"],
                        hands={0: ["bang"], 1: ["missed", "beer", "panic"]}, viewer=1)
    bang = Play(scenario.game.players[0].hand[0], scenario.position.hands[0][0], 1)
    scenario.act(bang)  # seat 0's BANG!, hidden from Sid's engine until played
    scenario.pass_(1)
    decision = scenario.expect(1, ANY_TIME)
    say = Describer(scenario.game, NAMES)
    assert say.decision(decision) == "You lost life: use your ability now?"
    actions = scenario.legal()
    rows = choices(say, decision, actions, [])
    assert rows[-1].label == "Not now" and isinstance(actions[rows[-1].actions[0]], Pass)
    ability = labelled(rows, "Discard two cards")
    firsts = choices(say, decision, actions, [ability.step])
    assert len([row for row in firsts if row.step is not None and row.step[0] == "card"]) == 3
    assert say.activity(decision) == "Ace may use an ability after the hit."
