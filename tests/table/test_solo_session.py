"""One solo session and one record for every game of the family.

The files under ``solo_files/`` were written by the two solo sessions and records the program
had before they were made one (the card game's ``SoloSession``/``SoloRecord`` and the family's
``FamilySoloSession``/``FamilySoloRecord``), each by playing the seeded game to its end with
the person choosing ``legal[len(history) % len(legal)]``; the hashes are those games' log
hashes then. The one session must play the same games (the card game's bots now decide from
their own seat's engine) and the one record must write the same bytes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from p2pbang.engine.actions import End, IllegalAction
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import SPECTATOR
from p2pbang.engine.family import game_kind
from p2pbang.table.solo import SoloSession
from p2pbang.table.solo_record import (
    FAMILY_SOLO_KIND,
    SOLO_KIND,
    SoloRecord,
    SoloRecordError,
    is_solo_game,
    load_solo,
)

FILES = Path(__file__).parent / "solo_files"

# file -> the log hash of the whole game it records, as the two old sessions played it.
PLAYED = {
    "bang-4-3.json": "b61da170a5a13f2b264d973b2c5e92d6c3377354907f6b02467276021ff09087",
    "bang-5-8.json": "f3bcbbce1be945640048ce9dbdae02dbfebae0dea1eb09d56f174cd690ec538c",
    "bang-6-12.json": "739f29479838f9c2b5427febf9e479660b72e136d75e45c194051f1ce5542b51",
    "dice-4-21.json": "990492a1baac9e06cd428991c8eb7249bc7b6a0878ff4f74373fb2b7c0410f64",
    "dice-5-5.json": "afeb681a9cd1c7fa0fd6b754b89545bf28ecd2f6dbc5413151b95b60c782b7ac",
    "duel-2-4.json": "bcff5b536be8666ed421eff76a6f9519260a20cda21966ea461a5858b778f46c",
}


def _play_again(saved: SoloRecord) -> tuple[SoloSession, SoloRecord]:
    """The saved settings played again by a person choosing as the files' person did."""
    session = SoloSession(saved.choice, saved.seed, saved.you, saved.names[saved.you],
                          saved.opponents)
    session.record = SoloRecord(saved.choice, saved.seed, session.you, session.names,
                                saved.opponents)
    while True:
        session.advance()
        if isinstance(session.truth.pending, End):
            return session, session.record
        legal = session.legal_actions()
        session.act(legal[len(session.truth.history) % len(legal)])


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_the_one_session_plays_the_same_games_and_writes_the_same_files(name: str) -> None:
    written = (FILES / name).read_bytes()
    saved = load_solo(FILES / name)
    session, record = _play_again(saved)
    assert game_kind(saved.choice).history_hash(session.truth.history) == PLAYED[name]
    assert record.actions == saved.actions
    assert record.encode() == written


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_every_seat_engine_agrees_with_the_truth_and_knows_no_more(name: str) -> None:
    saved = load_solo(FILES / name)
    session = SoloSession(saved.choice, saved.seed, saved.you, opponents=saved.opponents,
                          spectate=True)
    session.advance()
    engines = session.engines
    assert [view.viewer for view in engines.views] == [*range(saved.choice.seats), SPECTATOR]
    for view in engines.views:
        assert view.pending == session.truth.pending
        assert len(view.history) == len(session.truth.history)
    assert session.mine is engines.view_of(saved.you)


def test_the_file_kind_follows_the_game() -> None:
    layouts = {json.loads((FILES / name).read_text())["kind"] for name in PLAYED
               if name.startswith("bang")}
    assert layouts == {SOLO_KIND}
    for name in PLAYED:
        saved = load_solo(FILES / name)
        assert saved.kind == json.loads((FILES / name).read_text())["kind"]
        assert saved.players == saved.choice.seats
    assert load_solo(FILES / "dice-4-21.json").kind == FAMILY_SOLO_KIND


def test_a_card_game_file_from_before_the_expansions_is_the_base_game(tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    path.write_text(json.dumps({
        "kind": "p2pbang solo game", "version": 1, "players": 4, "seed": 3, "you": 0,
        "names": ["You", "Ace", "Bonnie", "Clyde"], "opponents": "random",
        "actions": [["pass"]]}))
    record = load_solo(tmp_path)
    assert record.choice == GameChoice.make("bang", 4)
    assert record.actions == [game_kind("bang").from_wire(["pass"])]


@pytest.mark.parametrize(("kind", "game"), [(SOLO_KIND, "dice"), (FAMILY_SOLO_KIND, "bang")])
def test_a_game_in_the_other_games_layout_is_refused(kind: str, game: str,
                                                     tmp_path: Path) -> None:
    choice = GameChoice.make(game, 4)
    path = tmp_path / "solo.json"
    path.write_text(json.dumps({
        "kind": kind, "version": 1, "players": 4, "choice": choice.to_wire(), "seed": 1,
        "you": 0, "names": ["a", "b", "c", "d"], "opponents": "random", "actions": []}))
    with pytest.raises(SoloRecordError, match="damaged saved game"):
        load_solo(path)


def test_a_solo_file_of_another_name_is_known_by_its_kind(tmp_path: Path) -> None:
    other = tmp_path / "kept.json"
    other.write_bytes((FILES / "duel-2-4.json").read_bytes())
    assert is_solo_game(other) and load_solo(other).choice.game == "duel"
    (tmp_path / "notes.json").write_text('{"kind": "something else"}')
    assert not is_solo_game(tmp_path / "notes.json")
    assert not is_solo_game(tmp_path)  # a directory without ``solo.json``


def test_a_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 2"):
        SoloSession(GameChoice.make("duel", 2), 1, you=2)


def test_an_illegal_move_changes_no_engine() -> None:
    session = SoloSession(GameChoice.make("dice", 4), 21, opponents="random")
    session.advance()
    engines = [session.truth, *session.engines.views]
    before = [len(game.history) for game in engines]
    with pytest.raises(IllegalAction):
        session.act(object())
    assert [len(game.history) for game in engines] == before
