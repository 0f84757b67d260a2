"""Property tests: random bot games on any seed and table size end, never crash, conserve every
card, keep life in bounds, replay to the same state, and look the same to every seat's engine
as far as public facts go, while each seat's engine knows no card it was not shown."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.chance import Deal, result_for_viewer
from p2pbang.engine.game import Game
from p2pbang.engine.invariants import violations
from p2pbang.engine.runner import play_out
from p2pbang.engine.wire import history_hash, pack, unpack

games = st.tuples(st.integers(min_value=4, max_value=7), st.integers(0, 2**32 - 1))


def _play(players: int, seed: int, check: bool = True) -> tuple[Game, LocalDealer]:
    game = Game(players)
    dealer = LocalDealer(seed)
    bots = [RandomBot(f"{seed}/{seat}") for seat in range(players)]

    def after(g: Game) -> None:
        problems = violations(g, dealer.cards)
        assert not problems, problems

    play_out(game, dealer, bots, after_step=after if check else None)
    return game, dealer


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_end_and_keep_every_invariant(table: tuple[int, int]) -> None:
    players, seed = table
    game, _ = _play(players, seed)
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
    game, _ = _play(players, seed, check=False)
    replay = Game(players)
    for item in game.history:
        replay.apply(unpack(pack(item)))
    assert replay.pending == game.pending
    assert history_hash(replay.history) == history_hash(game.history)
    for a, b in zip(game.players, replay.players, strict=True):
        assert (a.life, a.hand, a.table, a.role, a.character) == (
            b.life, b.hand, b.table, b.role, b.character)


def test_same_seed_same_game_other_seed_other_game() -> None:
    a, _ = _play(7, 11, check=False)
    b, _ = _play(7, 11, check=False)
    c, _ = _play(7, 12, check=False)
    assert history_hash(a.history) == history_hash(b.history)
    assert history_hash(a.history) != history_hash(c.history)


def _public_state(game: Game) -> tuple:
    return (
        game.pending if not isinstance(game.pending, Deal) else ("deal", game.pending),
        [(p.life, len(p.hand), tuple(p.table), p.alive, p.character) for p in game.players],
        len(game.deck), tuple(game.discard), tuple(game.store),
        tuple(p.hand for p in game.players),  # slot ids are public, their cards are not
    )


@pytest.mark.parametrize("players,seed", [(4, 1), (5, 2), (6, 3), (7, 4), (7, 5)])
def test_every_seat_engine_walks_the_same_path_knowing_only_its_own_cards(
    players: int, seed: int
) -> None:
    """One engine per seat, each fed only what that seat may see, stays in lockstep with the
    all-seeing engine: same decisions, same public state, and no knowledge of others' hands."""
    truth = Game(players)
    views = [Game(players, viewer=seat) for seat in range(players)]
    dealer = LocalDealer(seed)
    bots = [RandomBot(seat) for seat in range(players)]
    steps = 0
    while not isinstance(truth.pending, End):
        pending = truth.pending
        if isinstance(pending, Decision):
            # The deciding seat chooses from its own engine's legal actions: proof that a
            # seat's hand is all a decision needs.
            action = bots[pending.seat].decide(views[pending.seat], pending)
            assert action in truth.legal_actions()
            truth.apply(action)
            for view in views:
                view.apply(action)
        else:
            result = dealer.resolve(pending)
            truth.apply(result)
            for seat, view in enumerate(views):
                view.apply(result_for_viewer(pending, result, seat))
        for seat, view in enumerate(views):
            assert _public_state(view) == _public_state(truth)
            for other in view.players:
                if other.seat == seat or not other.alive:
                    continue
                for slot in other.hand:
                    # A card in another hand is known only if it was public once (General
                    # Store, Black Jack's shown card, a card taken from the discard or from
                    # in play) or passed through this seat's own hand.
                    if slot in view.known:
                        assert view.known[slot] == truth.known[slot]
        steps += 1
    assert all(view.pending == truth.pending for view in views)
    assert steps > 50


def test_a_seat_engine_does_not_know_hidden_hands_at_the_start() -> None:
    truth = Game(5)
    view = Game(5, viewer=2)
    dealer = LocalDealer(3)
    while not isinstance(truth.pending, Decision):
        result = dealer.resolve(truth.pending)
        view.apply(result_for_viewer(truth.pending, result, 2))
        truth.apply(result)
    for p in view.players:
        for slot in p.hand:
            assert (slot in view.known) == (p.seat == 2)
        assert (p.role is not None) == (p.seat in (2, view.sheriff))
