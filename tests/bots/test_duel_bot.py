"""The Duel bot: legal moves from its own seat's view only, sensible choices, and it beats
the random bot."""

from __future__ import annotations

from p2pbang.bots.duel import DuelBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Pass, Play
from p2pbang.engine.duel.actions import ACTIVE, RESPOND_HIT, MoveToken
from p2pbang.engine.duel.catalog import LAWMEN, OUTLAWS
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.lockstep import Lockstep
from tests.engine.duel.support import act, in_hand, play_duel, random_duel_bot, start


def test_bots_play_whole_games_from_their_own_views() -> None:
    for seed in range(3):
        engines = Lockstep(DuelGame(), [DuelGame(viewer=0), DuelGame(viewer=1)])
        bots = [DuelBot(seed), DuelBot(seed + 100)]
        # Each bot decides from its own view; an illegal action would raise.
        engines.play_out(LocalDealer(f"bot-view/{seed}"), bots)


def test_the_bot_beats_the_random_bot() -> None:
    wins = 0
    for seed in range(20):
        bot_seat = seed % 2
        deciders = [DuelBot(seed), random_duel_bot(seed)]
        if bot_seat == 1:
            deciders.reverse()
        _game, end = play_duel(f"bot-vs-random/{seed}", deciders)
        wins += end.winners[0] == bot_seat
    assert wins >= 16


def test_the_bot_dodges_when_it_can() -> None:
    game, dealer = start(["colt"], ["missed"])
    act(game, dealer, Play(*in_hand(game, LAWMEN, "colt"), OUTLAWS * 2 + ACTIVE))
    assert game.pending.kind == RESPOND_HIT
    choice = DuelBot().decide(game, game.pending)
    assert choice == Play(*in_hand(game, OUTLAWS, "missed"))


def test_the_bot_shoots_and_brings_a_healthier_character_forward() -> None:
    game, dealer = start(["colt"], [])
    bot = DuelBot()
    choice = bot.decide(game, game.pending)
    assert isinstance(choice, Play) and choice.target == OUTLAWS * 2 + ACTIVE
    game.figure(LAWMEN, ACTIVE).life = 1
    game._legal_cache = None
    act(game, dealer, choice)
    if game.pending.kind == RESPOND_HIT:
        act(game, dealer, Pass())
    chosen = []
    while game.pending.kind == "play" and game.pending.seat == LAWMEN:
        action = bot.decide(game, game.pending)
        chosen.append(action)
        act(game, dealer, action)
        while game.pending.seat == OUTLAWS:  # the outlaws take whatever comes
            act(game, dealer, game.legal_actions()[-1])
    assert MoveToken() in chosen
    assert game.figure(LAWMEN, ACTIVE).life > 1
