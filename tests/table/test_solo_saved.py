"""Solo games are saved as they are played and replay like network games."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from p2pbang.engine.actions import End
from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.table.solo_record import (
    SoloRecord,
    SoloRecordError,
    is_solo_game,
    load_solo,
    new_record_path,
)
from p2pbang.ui.replay import replay_solo


def _play(tmp_path: Path, seed: int, stop_after: int | None = None) -> SoloSession:
    session = SoloSession(4, seed, opponents="random")
    session.record = SoloRecord(session.choice, seed, session.you, session.names, "random",
                                path=new_record_path(tmp_path, seed))
    session.record.save()
    made = 0
    while True:
        session.advance()
        if isinstance(session.truth.pending, End) or made == stop_after:
            return session
        session.act(session.legal_actions()[-1])
        made += 1


def test_a_finished_solo_game_replays_to_the_same_end(tmp_path: Path) -> None:
    played = _play(tmp_path, seed=3)
    assert played.record is not None and played.record.path is not None
    assert is_solo_game(played.record.path.parent)
    record = load_solo(played.record.path.parent)
    assert record.actions == played.record.actions and record.actions
    out = io.StringIO()
    assert replay_solo(record, out=out) == 0
    text = out.getvalue()
    assert "The table at the end:" in text and "Game over" in text
    end = played.truth.pending
    assert isinstance(end, End)
    for seat in end.winners:
        assert played.names[seat] in text


def test_a_game_left_midway_is_saved_as_far_as_it_went(tmp_path: Path) -> None:
    played = _play(tmp_path, seed=4, stop_after=3)
    assert played.record is not None and played.record.path is not None
    record = load_solo(played.record.path)
    assert len(record.actions) == 3
    out = io.StringIO()
    assert replay_solo(record, out=out) == 1
    assert "left before the end" in out.getvalue()


def test_a_tampered_action_is_refused_not_replayed(tmp_path: Path) -> None:
    played = _play(tmp_path, seed=5, stop_after=2)
    assert played.record is not None and played.record.path is not None
    data = json.loads(played.record.path.read_text())
    data["actions"][0] = ["choose", 99]
    played.record.path.write_text(json.dumps(data))
    out = io.StringIO()
    assert replay_solo(load_solo(played.record.path), out=out) == 1
    assert "FAILED: the saved action" in out.getvalue()


def test_something_else_is_not_a_solo_game(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    path.write_text('{"kind": "something else"}')
    with pytest.raises(SoloRecordError, match="not a saved solo game"):
        load_solo(path)


def test_a_dodge_city_solo_game_has_a_spectator_of_the_same_game() -> None:
    """``replay`` tells a solo game as a spectator saw it: the spectator's engine plays the
    saved choice (a 3-seat Dodge City game was refused as a base game of 3 players)."""
    choice = GameChoice.make("bang", 3, ["dodge-city"])
    session = SoloSession(choice, 5, spectate=True)
    assert session.spectator is not None and session.spectator.n == 3


def test_the_replay_of_ones_own_game_speaks_to_you_in_the_second_person(
        tmp_path: Path) -> None:
    """The default name is "You": the replay says "You play", never "You plays"."""
    played = _play(tmp_path, seed=3)
    assert played.names[played.you] == "You" and played.record is not None
    out = io.StringIO()
    assert replay_solo(load_solo(played.record.path.parent), out=out) == 0
    text = out.getvalue()
    assert "You play " in text and "You draw " in text
    for wrong in ("You plays", "You draws", "You answers", "You loses", "to You",
                  "on You", "from You"):
        assert wrong not in text, wrong


def test_a_chosen_name_is_told_in_the_third_person(tmp_path: Path) -> None:
    session = SoloSession(4, 3, your_name="Zoli", opponents="random")
    session.record = SoloRecord(session.choice, 3, session.you, session.names, "random",
                                path=new_record_path(tmp_path, 3))
    session.record.save()
    while not isinstance(session.truth.pending, End):
        session.advance()
        if not isinstance(session.truth.pending, End):
            session.act(session.legal_actions()[-1])
    out = io.StringIO()
    assert replay_solo(load_solo(session.record.path.parent), out=out) == 0
    text = out.getvalue()
    assert "Zoli plays " in text and "You play " not in text


def test_a_paused_replay_waits_for_enter_before_each_turn_and_stops_at_the_end_of_input(
        tmp_path: Path) -> None:
    played = _play(tmp_path, seed=3)
    assert played.record is not None
    out = io.StringIO()
    assert replay_solo(played.record, out=out, pause=True, inp=io.StringIO("\n\n")) == 0
    told = out.getvalue()
    assert told.count("(Enter for the next turn) ") == 3  # two Enters, then the input ends
    assert "The table at the end:" not in told
