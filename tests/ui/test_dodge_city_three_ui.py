"""Dodge City's 3-player table in the interfaces: roles face up, each player's target on the
table and in the plain lines, the goal said with the target, every role's victory and the
bounty of every elimination in words (seed 002, "Reguli speciale pentru 3 jucători")."""

from __future__ import annotations

import io

import pytest

from p2pbang.engine.actions import End, Event
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city
from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo import SoloSession
from p2pbang.ui.bang.render import seat_lines
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import set_language
from p2pbang.ui.plain import PlainSolo, render_table
from p2pbang.ui.view import build_view

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
THREE = ["willy_the_kid", "black_jack", "pixie_pete"]
NAMES = ["You", "Ace", "Bonnie"]  # roles by default: Deputy, Outlaw, Renegade


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def text_of(line: list[tuple[str, str]]) -> str:
    return "".join(t for _s, t in line)


def test_every_role_and_target_shows_on_the_table() -> None:
    table = Scenario(THREE, rules=DODGE_CITY, viewer=0)
    view = build_view(table.game, NAMES)
    assert view.roles_face_up
    assert [(s.role, s.target) for s in view.seats] == [
        ("deputy", 2), ("outlaw", 0), ("renegade", 1)]
    rows = [text_of(line) for line in seat_lines(view, 80, True, False)]
    assert "Deputy \u2192 Bonnie" in rows[1]
    assert "Outlaw \u2192 You" in rows[2] and "Renegade \u2192 Ace" in rows[3]
    plain = render_table(view, NAMES)
    assert "Deputy, target: Bonnie" in plain and "Outlaw, target: You" in plain


def test_the_goal_names_the_target_until_someone_is_out() -> None:
    table = Scenario(THREE, rules=DODGE_CITY, viewer=0)
    say = Describer(table.game, NAMES)
    assert say.goal(0).startswith("Eliminate Bonnie yourself to win at once")
    after = Scenario(THREE, rules=DODGE_CITY, viewer=0, dead=[1])
    assert Describer(after.game, NAMES).goal(0) == "Be the last one standing."
    assert all(s.target is None for s in build_view(after.game, NAMES).seats)


@pytest.mark.parametrize("language", ["en", "hu", "ro"])
def test_roles_bounties_and_each_victory_are_said(language: str) -> None:
    set_language(language)
    table = Scenario(THREE, rules=DODGE_CITY, viewer=0)
    say = Describer(table.game, NAMES)
    texts = {
        say.event(Event("role", 0, value=4)), say.event(Event("role", 1, value=2)),
        say.event(Event("reward", 0, 1, value=3)), say.event(Event("reward", 2, 1, value=3)),
        say.end(End("deputy", (0,))), say.end(End("outlaw", (1,))),
        say.end(End("renegade", (2,))),
    }
    assert len(texts) == 7 and all(t and "{" not in t for t in texts)
    if language == "en":
        assert say.event(Event("role", 0, value=4)) == "You are the Deputy."
        assert say.event(Event("role", 1, value=2)) == "Ace is the Outlaw."
        assert say.event(Event("reward", 2, 1, value=3)) == (
            "Bonnie earns the bounty for eliminating a player.")
        assert say.end(End("deputy", (0,))) == "Game over: the Deputy wins (You)."
        assert say.end(End("outlaw", (1,))) == "Game over: the Outlaw wins (Ace)."


def test_the_hunter_who_hits_his_target_wins_and_the_screen_says_so() -> None:
    table = Scenario(THREE, rules=DODGE_CITY, viewer=0, hands={0: ["bang"]}, life={2: 1},
                     deck=["beer", "missed", "bang"])
    events = table.play(0, "bang", target=2)
    say = Describer(table.game, NAMES)
    lines = [t for t in (say.event(e) for e in events) if t]
    assert "You eliminate Bonnie! Bonnie was the Renegade." in lines
    assert isinstance(table.game.pending, End)
    assert say.end(table.game.pending) == "Game over: the Deputy wins (You)."


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_three_player_game_in_the_plain_interface(seed: int) -> None:
    session = SoloSession(GameChoice.make("bang", 3, ["dodge-city"]), seed=seed)

    class Ones(io.StringIO):
        def readline(self, size: int = -1) -> str:
            return "1\n"

    out = io.StringIO()
    assert PlainSolo(session, Ones(), out).run() == 0
    text = out.getvalue()
    assert "Eliminate the Sheriff" not in text and "Protect the Sheriff" not in text
    assert ", target: " in text and "Game over:" in text
    assert "You are the " in text  # the face-up deal is told
