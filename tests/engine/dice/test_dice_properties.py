"""Property tests over whole dice games for 3 to 8 players: games end, life and arrows stay in
bounds and conserved, replays are identical, and every seat's engine agrees with the
all-seeing one on public facts without ever learning another seat's hidden role."""

from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.bots.dice import DiceBot
from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.chance import RandomInt
from p2pbang.engine.dice.faces import ARROW_TOKENS, SHERIFF
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.dice.play import play_dice_game
from p2pbang.engine.lockstep import Lockstep


def public_facts(game: DiceGame):
    return (
        game.pending, game.current, game.turn, game.arrows, game.chief, list(game.dice),
        list(game.kinds), game.order,
        [(p.life, p.max_life, p.arrows, p.alive, p.character, p.role_public,
          p.role if p.role_public else None) for p in game.players],
    )


def check_bounds(game: DiceGame) -> None:
    assert game.arrow_tokens == ARROW_TOKENS - game.saloon
    assert 0 <= game.arrows <= game.arrow_tokens
    assert game.arrows + sum(p.arrows for p in game.players) == game.arrow_tokens
    assert game.chief == -1 or (game.saloon and game.players[game.chief].alive)
    for p in game.players:
        assert 0 <= p.life <= p.max_life
        if game.turn and isinstance(game.pending, RandomInt):  # between two rolls
            assert p.alive == (p.life > 0)
        assert p.alive or p.arrows == 0


def check_secrets(view: DiceGame) -> None:
    for p in view.players:
        if p.seat != view.viewer and not p.role_public:
            assert p.role is None


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32 - 1), saloon=st.booleans(),
       sensible=st.booleans())
def test_random_games_end_within_bounds_and_views_agree(players, seed, saloon, sensible):
    expansions = ("old-saloon",) if saloon else ()
    bots = [(DiceBot if sensible else RandomBot)(seed + s) for s in range(players)]
    engines = Lockstep(DiceGame(players, expansions=expansions),
                       [DiceGame(players, viewer=s, expansions=expansions)
                        for s in range(players)])
    game, views = engines.truth, engines.views
    dealer = LocalDealer(seed)
    while not engines.ended:
        engines.step(dealer, bots)  # a bot decides from its own seat's engine only
        check_bounds(game)
        for view in views:
            assert public_facts(view) == public_facts(game)
            check_secrets(view)
    end = game.pending
    assert end.winners and all(game.players[s].role_public for s in range(players))
    for view in views:
        assert view.pending == end and [p.role for p in view.players] == [
            p.role for p in game.players]
    replay = DiceGame(players, expansions=expansions)
    for item in game.history:
        replay.apply(item)
    assert public_facts(replay) == public_facts(game)
    if players > 3:
        assert game.players[game.sheriff].role == SHERIFF


@settings(max_examples=20, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32 - 1))
def test_the_play_helper_is_deterministic(players, seed):
    first, end1 = play_dice_game(players, LocalDealer(seed),
                                 [RandomBot(seed + s) for s in range(players)])
    second, end2 = play_dice_game(players, LocalDealer(seed),
                                  [RandomBot(seed + s) for s in range(players)])
    assert end1 == end2 and first.history == second.history


def test_a_choice_of_another_game_is_refused():
    from p2pbang.engine.choice import GameChoice
    from p2pbang.engine.dice.play import play_choice

    try:
        play_choice(GameChoice.make("bang", 4), LocalDealer(0),
                    [RandomBot(s) for s in range(4)])
    except ValueError as error:
        assert "dice game" in str(error)
    else:
        raise AssertionError("a bang choice must be refused")
