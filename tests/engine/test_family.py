"""The family registry: one place answers "which engine, codec and invariants" for each game,
and what it hands out really plays, encodes and checks that game."""

from __future__ import annotations

import pytest

from p2pbang.bots import DiceBot, DuelBot, RandomBot, SensibleBot, make_bot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.bang.game import Game
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.dice.actions import Reroll
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.duel.actions import MoveToken
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.family import GAME_KINDS, game_kind, new_game
from p2pbang.engine.runner import play_out

CHOICES = [GameChoice.make("bang", 5), GameChoice.make("dice", 4),
           GameChoice.make("dice", 8, ["old-saloon"]), GameChoice.make("duel", 2)]


def test_each_game_has_its_own_engine() -> None:
    assert isinstance(new_game(GameChoice.make("bang", 4)), Game)
    dice = new_game(GameChoice.make("dice", 6, ["old-saloon"]), viewer=2)
    assert isinstance(dice, DiceGame) and dice.saloon and dice.viewer == 2 and dice.n == 6
    assert isinstance(new_game(GameChoice.make("duel", 2), viewer=1), DuelGame)


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="engines: bang, dice, duel"):
        game_kind("poker")


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_a_played_game_keeps_its_invariants_and_replays_to_the_same_hash(choice) -> None:
    kind = game_kind(choice)
    game = kind.new_game(choice, None)
    dealer = LocalDealer("family")
    bots = [make_bot("random", f"family/{s}", choice.game) for s in range(choice.seats)]
    problems: list[str] = []
    play_out(game, dealer, bots,
             after_step=lambda g: problems.extend(kind.violations(g, dealer.cards)))
    assert problems == []
    again = kind.new_game(choice, None)
    for item in game.history:
        again.apply(kind.unpack(kind.pack(item)))  # through the codec, as a log would
    assert again.pending == game.pending
    assert kind.history_hash(again.history) == kind.history_hash(game.history)


def test_the_codecs_carry_each_games_own_actions() -> None:
    dice, duel = GAME_KINDS["dice"], GAME_KINDS["duel"]
    assert dice.from_wire(dice.to_wire(Reroll((0, 3)))) == Reroll((0, 3))
    assert dice.unpack(dice.pack(Reroll((1,)))) == Reroll((1,))
    assert duel.unpack(duel.pack(MoveToken())) == MoveToken()


def test_the_dice_invariants_catch_a_lost_arrow() -> None:
    game = DiceGame(5)
    dealer = LocalDealer(1)
    while game.turn == 0:
        game.apply(dealer.resolve(game.pending))
    assert GAME_KINDS["dice"].violations(game, {}) == []
    game.arrows -= 1  # an arrow token vanishes
    assert any("arrows not conserved" in p for p in GAME_KINDS["dice"].violations(game, {}))


def test_make_bot_picks_each_games_sensible_bot() -> None:
    assert isinstance(make_bot("sensible", 1), SensibleBot)
    assert isinstance(make_bot("sensible", 1, "dice"), DiceBot)
    assert isinstance(make_bot("sensible", 1, "duel"), DuelBot)
    assert isinstance(make_bot("random", 1, "duel"), RandomBot)
    with pytest.raises(ValueError, match="no bots for game 'poker'"):
        make_bot("random", 1, "poker")
