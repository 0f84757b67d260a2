"""The view model holds only what the seat may see; every event, decision and action of
whole games reads as a sentence in every language, in the second person for the viewer."""

from __future__ import annotations

import pytest

from p2pbang.bots.random_bot import RandomBot
from p2pbang.engine.actions import NO_SEAT, PLAY, Decision, End, Event
from p2pbang.table.solo import SoloSession
from p2pbang.ui.describe import Describer, card_label
from p2pbang.ui.i18n import set_language
from p2pbang.ui.view import build_view, display_names, phase_name, phase_of

QUIET = {"check", "end_turn", "game_over", "seating"}  # told by the events around them


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def play_whole_game(session: SoloSession, seed: int):
    """Yield (events, pending) after every step, the person played by a random bot."""
    me = RandomBot(f"person/{seed}")
    while not isinstance(session.pending, End):
        if session.your_turn_to_decide():
            decision = session.pending
            assert isinstance(decision, Decision)
            yield decision, session.legal_actions()
            events = session.act(me.decide(session.truth, decision))
        else:
            events = session.step_one()
        yield events, None


def test_the_view_shows_other_hands_only_as_counts() -> None:
    session = SoloSession(5, seed=7)
    session.advance()
    view = build_view(session.mine, session.names)
    assert view.you == 0 and view.seats[0].is_you
    assert [c.slot for c in view.hand] == session.mine.players[0].hand
    for seat in view.seats[1:]:
        assert seat.hand_size == len(session.truth.players[seat.seat].hand)
        if not seat.alive:  # the dead show their role, nothing else
            assert seat.role is not None and seat.distance is None
            continue
        assert seat.distance is not None and seat.distance >= 1
        assert seat.role in (None, "sheriff")  # only the Sheriff's role is public
    assert sum(s.role == "sheriff" for s in view.seats) == 1


def test_a_view_needs_a_seat() -> None:
    session = SoloSession(4, seed=1)
    with pytest.raises(ValueError, match="one seat"):
        build_view(session.truth, session.names)


def test_the_default_name_reads_in_the_interface_language() -> None:
    set_language("hu")
    assert display_names(["You", "Ace"], 0) == ["Te", "Ace"]
    assert display_names(["Ann", "Ace"], 0) == ["Ann", "Ace"]
    set_language("en")
    assert display_names(["You", "Ace"], 0)[0] == "You"


def test_the_phase_comes_from_the_current_players_decision() -> None:
    assert phase_of(Decision(2, PLAY), 2) == "play"
    assert phase_of(Decision(1, PLAY), 2) is None
    assert phase_of(None, 2) is None
    assert phase_name("play") == "play phase"


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_read_as_sentences(language: str, seed: int) -> None:
    set_language(language)
    session = SoloSession(4 + seed % 4, seed=seed)
    say = Describer(session.mine, display_names(session.names, session.you))
    kinds: set[str] = set()
    for step, actions in play_whole_game(session, seed):
        if isinstance(step, Decision):
            assert say.decision(step)
            assert all(say.action(step, a) and say.action(step, a, brief=True)
                       for a in actions)
            continue
        for event in step:
            assert isinstance(event, Event)
            kinds.add(event.kind)
            text = say.event(event)
            assert (text is None) == (event.kind in QUIET), event
            if text:
                assert "{" not in text and "}" not in text
        pending = session.mine.pending
        if isinstance(pending, Decision) and pending.seat != session.you:
            assert say.activity(pending) and say.waiting(pending)
    end = session.mine.pending
    assert isinstance(end, End)
    assert say.end(end) and say.outcome(end)
    assert {"turn", "draw", "play", "damage"} <= kinds


def test_the_viewers_own_deeds_are_in_the_second_person() -> None:
    session = SoloSession(4, seed=5)
    say = Describer(session.mine, session.names)
    mine = [Event("draw", 0, value=2), Event("discard", 0, card=0), Event("heal", 0, value=1),
            Event("steal", 0, 1, card=0), Event("missed", 0, 1),
            Event("eliminated", 0, 1, value=2), Event("damage", 0, 1, value=1)]
    for event in mine:
        text = say.event(event)
        assert text is not None and text.startswith("You "), text
    label = card_label(session.mine, 0)
    assert say.event(Event("play", 1, 0, card=0)) == f"Ace plays {label} on you."
    assert say.event(Event("play", 0, NO_SEAT, card=0)) == f"You play {label}."
    assert say.event(Event("draw", 1, value=1)) == "Ace draws 1 card."
    assert say.event(Event("draw", 1, value=3)) == "Ace draws 3 cards."


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_the_help_explains_every_card_character_and_role(language: str) -> None:
    from p2pbang.engine.bang.cards.base import BASE_CARDS, BASE_CHARACTERS
    from p2pbang.ui.helptext import help_sections
    from p2pbang.ui.texts import ROLE_NAMES, card_text

    set_language(language)
    sections = help_sections()
    keys = {key for _title, entries in sections for key, _head, _body in entries}
    assert {f"card:{c.name}" for c in BASE_CARDS} == {k for k in keys if k.startswith("card:")}
    assert {f"character:{c.name}" for c in BASE_CHARACTERS} <= keys
    assert {f"role:{r}" for r in ROLE_NAMES} <= keys
    bodies = {key: body for _t, entries in sections for key, _h, body in entries}
    assert card_text("barrel") in bodies["card:barrel"] and "Q\u2660" in bodies["card:barrel"]
