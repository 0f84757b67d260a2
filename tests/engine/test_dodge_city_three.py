"""Dodge City's special rules for 3 players (seed 002, "Reguli speciale pentru 3 jucători"),
one scenario per clause; together they are ruling D12 of faq-scenarios.md.

Default roles at 3: seat 0 Deputy, seat 1 Outlaw, seat 2 Renegade. Targets: the Deputy
hunts the Renegade, the Renegade the Outlaw, the Outlaw the Deputy.
"""

from __future__ import annotations

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import NO_SEAT, Decision, End, Play
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.position import Position
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city
from p2pbang.engine.bang.sets.dodge_city_three import target_of
from p2pbang.engine.choice import ChoiceError, GameChoice

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
THREE = ["willy_the_kid", "black_jack", "pixie_pete"]


def _dealt(seed: int, viewer: int | None = None) -> Game:
    """A dealt 3-player game, advanced to its first decision."""
    game = Game(3, viewer=viewer, choice=GameChoice.make("bang", 3, ["dodge-city"]))
    dealer = LocalDealer(seed)
    while not isinstance(game.pending, Decision):
        game.apply(dealer.resolve(game.pending))
    return game


def _shot_dead(shooter: int, victim: int, **kw) -> Scenario:
    """``shooter`` plays BANG! in his turn at ``victim``, who has one life and no card."""
    table = Scenario(THREE, rules=DODGE_CITY, turn=shooter, hands={shooter: ["bang"]},
                     life={victim: 1}, **kw)
    table.play(shooter, "bang", target=victim)
    return table


@pytest.mark.parametrize("seed", range(6))
def test_the_three_roles_are_dealt_face_up_with_no_sheriff_and_the_deputy_starts(
        seed: int) -> None:
    game = _dealt(seed)
    roles = [p.role for p in game.players]
    assert sorted(roles) == sorted([DEPUTY, OUTLAW, RENEGADE])
    assert all(p.role_public for p in game.players)
    assert game.sheriff == NO_SEAT
    deputy = roles.index(DEPUTY)
    assert game.pending.seat == deputy and game.current == deputy
    # No Sheriff, so nobody starts with an extra life point.
    for p in game.players:
        assert p.max_life == game.rules.character(p.character).life


def test_each_seat_knows_every_role_from_the_deal() -> None:
    truth = _dealt(3)
    for seat in range(3):
        view = _dealt(3, viewer=seat)
        assert [p.role for p in view.players] == [p.role for p in truth.players]


def test_each_role_has_its_own_target() -> None:
    table = Scenario(THREE, rules=DODGE_CITY)
    assert [target_of(table.game, seat) for seat in range(3)] == [2, 0, 1]


def test_the_deputy_eliminating_the_renegade_wins_alone() -> None:
    table = _shot_dead(0, 2)
    assert table.end == End(DEPUTY, (0,))


def test_the_renegade_eliminating_the_outlaw_wins_alone() -> None:
    table = _shot_dead(2, 1)
    assert table.end == End(RENEGADE, (2,))


def test_the_outlaw_eliminating_the_deputy_wins_alone() -> None:
    table = _shot_dead(1, 0)
    assert table.end == End(OUTLAW, (1,))


def test_a_target_eliminated_by_the_other_player_wins_nobody_and_earns_three_cards() -> None:
    """D12, the seed's example: the Outlaw eliminates the Renegade; the Deputy does not win;
    any elimination rewards 3 cards."""
    table = _shot_dead(1, 2)
    assert table.end is None and not table.alive(2)
    assert len(table.game.players[1].hand) == 3
    assert any(e.kind == "reward" and (e.seat, e.target, e.value) == (1, 2, 3)
               for e in table.events)


def test_then_the_last_one_alive_wins_the_deputy_side() -> None:
    """... the Deputy must now eliminate the Outlaw, whatever his first target was."""
    table = Scenario(THREE, rules=DODGE_CITY, dead=[2], turn=0, hands={0: ["bang"]},
                     life={1: 1})
    table.play(0, "bang", target=1)
    assert table.end == End(DEPUTY, (0,))


def test_then_the_last_one_alive_wins_the_outlaw_side() -> None:
    """... and the Outlaw must eliminate the Deputy, his own target as before."""
    table = Scenario(THREE, rules=DODGE_CITY, dead=[2], turn=1, hands={1: ["bang"]},
                     life={0: 1})
    table.play(1, "bang", target=0)
    assert table.end == End(OUTLAW, (1,))


def test_any_role_eliminated_earns_its_killer_three_cards() -> None:
    """The Deputy eliminates the Outlaw (the Renegade's target, not his): 3 cards, not the
    base game's Deputy penalty or Outlaw bounty rules."""
    table = _shot_dead(0, 1)
    assert table.end is None and not table.alive(1)
    assert len(table.game.players[0].hand) == 3


def test_a_target_eliminated_by_no_player_leaves_the_last_one_alive_to_win() -> None:
    """Dynamite eliminates the Renegade at the Renegade's turn start: nobody fired the
    last shot, nobody wins yet and nobody draws a bounty."""
    table = Scenario(THREE, rules=DODGE_CITY, turn=2, phase="start", life={2: 3},
                     tables={2: ["dynamite"]}, deck=["bang:8S"])
    assert not table.alive(2) and table.end is None
    assert not any(e.kind == "reward" for e in table.events)
    assert table.game.current == 0  # the next living seat plays on


def test_jail_may_be_played_on_anyone() -> None:
    """D12: with no Sheriff, Jail may target anyone."""
    table = Scenario(THREE, rules=DODGE_CITY, turn=1, hands={1: ["jail"]})
    assert table.is_legal(1, "jail", 0) and table.is_legal(1, "jail", 2)


def test_beer_still_does_nothing_with_two_players_left() -> None:
    """D12: Beer still fails with two players left."""
    table = Scenario(THREE, rules=DODGE_CITY, dead=[2], turn=1, hands={1: ["bang"],
                     0: ["beer"]}, life={0: 1})
    table.play(1, "bang", target=0)
    table.expect(0)  # the shot: Beer does not answer it
    assert all(not isinstance(a, Play) for a in table.legal())
    table.pass_(0)
    # Not asked to save himself with the Beer: eliminated at once, and the Outlaw wins.
    assert table.end == End(OUTLAW, (1,))


def test_three_seats_need_dodge_city() -> None:
    with pytest.raises(ChoiceError, match="4 to 7 players"):
        GameChoice.make("bang", 3)
    with pytest.raises(ValueError):
        Game(3)
    assert Game(3, rules=DODGE_CITY).n == 3


def test_a_three_player_position_has_exactly_the_three_face_up_roles() -> None:
    with pytest.raises(ValueError, match="roles are renegade, outlaw, deputy"):
        Game.from_position(Position(THREE, ["sheriff", OUTLAW, RENEGADE]), rules=DODGE_CITY)
    with pytest.raises(ValueError, match="roles are renegade, outlaw, deputy"):
        Game.from_position(Position(THREE, [DEPUTY, OUTLAW, OUTLAW]), rules=DODGE_CITY)
