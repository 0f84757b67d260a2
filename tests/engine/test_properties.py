"""Property tests: random bot games on any seed and table size end, never crash, conserve every
card, keep life in bounds, replay to the same state, and look the same to every seat's engine
as far as public facts go, while each seat's engine knows no card it was not shown."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.bang.game import Game
from p2pbang.engine.lockstep import Lockstep
from p2pbang.engine.wire import history_hash

from .properties_kit import play_checked, replayed, walk_in_lockstep

games = st.tuples(st.integers(min_value=4, max_value=7), st.integers(0, 2**32 - 1))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_end_and_keep_every_invariant(table: tuple[int, int]) -> None:
    players, seed = table
    game = play_checked(players, seed)
    end = game.pending
    assert isinstance(end, End)
    assert end.winners and all(0 <= s < players for s in end.winners)
    roles = {p.seat: p.role for p in game.players}
    assert all(p.role_public for p in game.players)
    if end.team == "sheriff":
        assert {roles[s] for s in end.winners} <= {"sheriff", "deputy"}
        assert not any(p.alive for p in game.players if p.role in ("outlaw", "renegade"))
    elif end.team == "outlaws":
        assert not game.players[game.sheriff].alive
    else:
        assert [p.seat for p in game.players if p.alive] == list(end.winners)


@settings(max_examples=25, deadline=None)
@given(games)
def test_replaying_the_log_rebuilds_the_same_game(table: tuple[int, int]) -> None:
    players, seed = table
    game = play_checked(players, seed, check=False)
    replay = replayed(game)
    for a, b in zip(game.players, replay.players, strict=True):
        assert (a.life, a.hand, a.table, a.role, a.character) == (
            b.life, b.hand, b.table, b.role, b.character)


def test_same_seed_same_game_other_seed_other_game() -> None:
    a = play_checked(7, 11, check=False)
    b = play_checked(7, 11, check=False)
    c = play_checked(7, 12, check=False)
    assert history_hash(a.history) == history_hash(b.history)
    assert history_hash(a.history) != history_hash(c.history)


def _public_state(game: Game) -> tuple:
    return (
        [(p.life, len(p.hand), tuple(p.table), p.alive, p.character) for p in game.players],
        len(game.deck), tuple(game.discard), tuple(game.store),
        tuple(p.hand for p in game.players),  # slot ids are public, their cards are not
    )


@pytest.mark.parametrize("players,seed", [(4, 1), (5, 2), (6, 3), (7, 4), (7, 5)])
def test_every_seat_engine_walks_the_same_path_knowing_only_its_own_cards(
    players: int, seed: int
) -> None:
    """One engine per seat, each fed only what that seat may see, stays in lockstep with the
    all-seeing engine: same decisions, same public state, and no knowledge of others' hands
    but as they truly are (a card in another hand is known only if it was public once, or
    passed through this seat's own hand)."""
    _truth, steps = walk_in_lockstep(players, seed, public=_public_state)
    assert steps > 50


def test_a_seat_engine_does_not_know_hidden_hands_at_the_start() -> None:
    engines = Lockstep(Game(5), [Game(5, viewer=2)])
    truth, view = engines.truth, engines.views[0]
    dealer = LocalDealer(3)
    while not isinstance(truth.pending, Decision):
        engines.apply(dealer.resolve(truth.pending))
    for p in view.players:
        for slot in p.hand:
            assert (slot in view.known) == (p.seat == 2)
        assert (p.role is not None) == (p.seat in (2, view.sheriff))
