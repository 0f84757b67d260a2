"""Rulings U1-U4 (faq-scenarios) and illegal moves refused with no state change."""

from __future__ import annotations

import pytest

from p2pbang.engine.actions import Choose, Decision, IllegalAction, Pass, Play
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.duel.actions import (
    ACTIVE,
    PLAY,
    REARGUARD,
    RESPOND_HIT,
    MoveToken,
    Reload,
)
from p2pbang.engine.duel.catalog import LAWMEN, OUTLAWS
from p2pbang.engine.duel.game import DuelGame

from .support import act, in_hand, start


def snapshot(game) -> tuple:
    return (
        len(game.history), game.pending, game.token_moved,
        [(s.active, tuple(s.hand), [(f.character, f.life, tuple(f.table)) for f in s.figures])
         for s in game.sides],
        tuple(game.discard),
    )


def leave_one_character(game, side: int) -> None:
    """Scenario setup: ``side`` is down to its active character, nobody in reserve."""
    s = game.sides[side]
    s.figures = [s.figures[s.active]]
    s.active = 0
    s.reserve = []
    game._legal_cache = None  # the table changed behind the engine's back


def test_u4_the_active_token_moves_once_per_turn() -> None:
    game, dealer = start([], [])
    before = game.figure(LAWMEN, ACTIVE)
    act(game, dealer, MoveToken())
    assert game.figure(LAWMEN, ACTIVE) is not before
    assert MoveToken() not in game.legal_actions()
    frozen = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(MoveToken())
    assert snapshot(game) == frozen


def test_illegal_plays_change_nothing() -> None:
    game, _dealer = start(["colt", "missed"], [])
    frozen = snapshot(game)
    colt = in_hand(game, LAWMEN, "colt")
    missed = in_hand(game, LAWMEN, "missed")
    for bad in (Play(*colt, target=OUTLAWS * 2 + REARGUARD),  # BANG! at the sleeping rearguard
                Play(*colt, target=LAWMEN * 2 + ACTIVE),  # at your own character
                Play(*missed, target=OUTLAWS * 2),  # a dodge card in the play phase
                Play(colt[0], missed[1], target=OUTLAWS * 2),  # a slot claiming another card
                Choose(3), Reload(*missed)):
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert snapshot(game) == frozen


def test_only_one_bang_card_per_turn() -> None:
    game, dealer = start(["colt", "peacemaker"], [])
    act(game, dealer, Play(*in_hand(game, LAWMEN, "colt"), target=OUTLAWS * 2))
    act(game, dealer, Pass())
    assert game.pending.kind == PLAY
    peacemaker = in_hand(game, LAWMEN, "peacemaker")
    assert not any(isinstance(a, Play) and a.card == peacemaker[1] for a in game.legal_actions())


def test_u1_gatling_against_a_lone_character_hits_it_once() -> None:
    game, dealer = start(["gatling"], [])
    leave_one_character(game, OUTLAWS)
    act(game, dealer, Play(*in_hand(game, LAWMEN, "gatling")))
    assert game.pending == Decision(OUTLAWS, RESPOND_HIT, (OUTLAWS * 2,), LAWMEN, 1, 0)
    act(game, dealer, Pass())
    # then your own rearguard (never your active), and nobody else
    assert game.pending.seat == LAWMEN and game.pending.kind == RESPOND_HIT
    assert game.pending.options[0] == LAWMEN * 2 + REARGUARD
    act(game, dealer, Pass())
    assert game.pending.kind == PLAY
    assert game.sides[OUTLAWS].figures[0].life == 3
    assert game.figure(LAWMEN, ACTIVE).life == 4
    assert game.figure(LAWMEN, REARGUARD).life == 4


def test_u2_eliminations_wait_until_the_whole_card_resolved() -> None:
    game, dealer = start(["gatling"], [])
    victim = game.figure(OUTLAWS, ACTIVE)
    mine = game.figure(LAWMEN, REARGUARD)
    victim.life = 1
    mine.life = 1
    law_hand = len(game.sides[LAWMEN].hand)
    outlaw_hand = len(game.sides[OUTLAWS].hand)
    act(game, dealer, Play(*in_hand(game, LAWMEN, "gatling")))
    act(game, dealer, Pass())  # the outlaws' active is at 0 life ...
    assert victim in game.sides[OUTLAWS].figures  # ... but stays until the Gatling is done
    assert game.pending.kind == RESPOND_HIT and game.pending.seat == LAWMEN
    act(game, dealer, Pass())  # the lawmen's rearguard loses its last life too
    assert game.pending.options[0] == OUTLAWS * 2 + REARGUARD
    act(game, dealer, Pass())  # and the outlaws' rearguard takes its hit
    assert game.pending.kind == PLAY
    assert victim not in game.sides[OUTLAWS].figures
    assert mine not in game.sides[LAWMEN].figures
    # the next characters entered in the same positions, the token did not move
    assert game.figure(OUTLAWS, ACTIVE).name == "the_daltons"
    assert game.figure(LAWMEN, REARGUARD).name == "bill_tilghman"
    # each owner drew 2 (the gatling left the lawmen's hand)
    assert len(game.sides[LAWMEN].hand) == law_hand - 1 + 2
    assert len(game.sides[OUTLAWS].hand) == outlaw_hand + 2


def test_u3_reload_is_ignored_while_both_sides_have_two_characters() -> None:
    game, dealer = start(["canteen"], [])
    canteen = in_hand(game, LAWMEN, "canteen")
    assert Reload(*canteen) not in game.legal_actions()
    leave_one_character(game, OUTLAWS)
    assert Reload(*canteen) in game.legal_actions()
    before = len(game.sides[LAWMEN].hand)
    act(game, dealer, Reload(*canteen))
    assert len(game.sides[LAWMEN].hand) == before  # one discarded, one drawn
    assert game.known[game.discard[-1]] == canteen[1]


def test_the_engine_refuses_another_game_choice_and_bad_viewers() -> None:
    with pytest.raises(ValueError):
        DuelGame(choice=GameChoice.make("bang", 4))
    for viewer in (2, -2, "0"):
        with pytest.raises(ValueError):
            DuelGame(viewer=viewer)
