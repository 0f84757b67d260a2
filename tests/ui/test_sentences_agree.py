"""Sentences agree in number and person in every language: the Renegade wins, a card taken
from the viewer says "from you" in the sentence itself, a reward is not told twice, and
counted words follow each language's plural rule (issue 10, point 12)."""

from __future__ import annotations

import pytest

from p2pbang.engine.actions import NO_SEAT, RESPOND_SHOT, Decision, End, Event
from p2pbang.table.solo import SoloSession
from p2pbang.ui.describe import Describer, card_label
from p2pbang.ui.i18n import set_language

LANGUAGES = ("en", "hu", "ro")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


@pytest.fixture
def say() -> Describer:
    session = SoloSession(4, seed=5)  # seat 0 is "you"; the others Ace, Bonnie, Clyde
    return Describer(session.mine, session.names)


def test_each_team_wins_with_a_verb_that_agrees(say: Describer) -> None:
    assert say.end(End("renegade", (2,))) == "Game over: the Renegade wins (Bonnie)."
    assert say.end(End("outlaws", (1, 2))) == "Game over: the Outlaws win (Ace, Bonnie)."
    assert say.end(End("sheriff", (0, 3))).startswith(
        "Game over: the Sheriff and his Deputies win")


@pytest.mark.parametrize("language", ("hu", "ro"))
def test_the_verdicts_are_translated_whole(say: Describer, language: str) -> None:
    set_language(language)
    texts = {say.end(End(team, (1,))) for team in ("sheriff", "outlaws", "renegade")}
    assert len(texts) == 3 and not any("Game over" in text for text in texts)


def test_cards_taken_from_the_viewer_say_so_in_the_sentence(say: Describer) -> None:
    assert say.event(Event("take_all", 3, 0, value=1)) == "Clyde takes 1 card from you."
    assert say.event(Event("take_all", 3, 0, value=4)) == "Clyde takes all 4 of your cards."
    assert say.event(Event("take_all", 3, 1, value=1)) == "Clyde takes 1 card from Ace."
    assert say.event(Event("take_all", 0, 1, value=2)) == "You take all 2 cards from Ace."
    assert say.event(Event("take_all", 3, 1, value=0)) is None  # nothing was taken
    label = card_label(say.game, 0)
    assert say.event(Event("steal", 3, 0, card=0)) == f"Clyde takes {label} from you."
    assert say.event(Event("pass_dynamite", 3, 0)) == "The Dynamite passes from Clyde to you."
    assert say.event(Event("pass_dynamite", 0, 3)) == "You pass the Dynamite to Clyde."
    assert say.event(Event("damage", 3, 0, value=1)).startswith("Clyde loses 1 life to you")


@pytest.mark.parametrize("language", ("hu", "ro"))
def test_no_translation_fills_a_name_with_you(say: Describer, language: str) -> None:
    """The Hungarian "Clyde elveszi: BANG! (A♦), tőle: te." came from "you" in a name slot."""
    set_language(language)
    you = say.whom(0)
    events = [Event("steal", 3, 0, card=0), Event("take_all", 3, 0, value=1),
              Event("take_all", 3, 0, value=3), Event("pass_dynamite", 3, 0),
              Event("forced_discard", 3, 0, card=0), Event("play", 3, 0, card=0),
              Event("damage", 3, 0, value=2), Event("eliminated", 3, 0, value=2)]
    for event in events:
        text = say.event(event)
        assert text is not None and f": {you}" not in text and f" {you}." not in text, text
    shot = Decision(3, RESPOND_SHOT, source=0, needed=1)
    assert f": {you}" not in say.activity(shot)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reward_is_told_once(say: Describer, language: str) -> None:
    """The reward's 3 cards are told by the draw event that follows it, not twice."""
    set_language(language)
    reward = say.event(Event("reward", 1, 3, value=3))
    draw = say.event(Event("draw", 1, value=3))
    assert reward is not None and draw is not None and "3" not in reward and "3" in draw


def test_life_is_counted_in_the_plural(say: Describer) -> None:
    text = say.event(Event("character", 1, NO_SEAT, value=4))
    assert text is not None and text.endswith("(4 lives).")
    set_language("ro")
    assert say.event(Event("character", 1, NO_SEAT, value=4)).endswith("(4 vieți).")


@pytest.mark.parametrize(("language", "one", "many"), [
    ("en", "deck: 1 card ", "deck: 7 cards "), ("ro", "teanc: 1 carte ", "teanc: 7 cărți ")])
def test_the_plain_tables_deck_is_counted_in_the_plural(language: str, one: str,
                                                        many: str) -> None:
    from dataclasses import replace

    from p2pbang.ui.plain import render_table
    from p2pbang.ui.view import build_view

    set_language(language)
    session = SoloSession(4, seed=5)
    session.advance()
    view = build_view(session.mine, session.names)
    assert one in render_table(replace(view, deck_size=1), session.names)
    assert many in render_table(replace(view, deck_size=7), session.names)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_replay_hint_is_in_the_interface_language(language: str) -> None:
    from p2pbang.ui.texts import replay_hint

    set_language(language)
    hint = replay_hint(4, 1234)
    assert "'p2pbang solo --players 4 --seed 1234'" in hint  # the command as typed
    assert ("deals this game again" in hint) == (language == "en")


def test_each_hit_of_a_batch_tells_the_life_right_after_it(say: Describer) -> None:
    """Issue 10, point 10: a batch of hits told after the batch was applied said the life at
    its end for every hit ("0 left" five times for a player who lives on). Each damage event
    carries the life right after it, and that is what the sentence says."""
    clyde = 3
    now = say.game.players[clyde].life
    hits = [Event("damage", clyde, 1, value=1, life=life) for life in (now + 2, now + 1, now)]
    told = [say.event(hit) for hit in hits]
    assert [t is not None and f"({life} left)" in t
            for t, life in zip(told, (now + 2, now + 1, now), strict=True)] == [True] * 3
    mine = say.event(Event("damage", say.game.viewer, clyde, value=2, life=1))
    assert mine is not None and mine.endswith("(1 left).")
