"""The dice bot: legal on its own seat's engine, sensible choices, and stronger than chance."""

import pytest

from p2pbang.bots.dice import DiceBot
from p2pbang.bots.random_bot import RandomBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Choose, Decision, End, Pass
from p2pbang.engine.dice.actions import REROLL, Reroll
from p2pbang.engine.dice.faces import (
    ARROW,
    BEER,
    BULLS_EYE_1,
    DYNAMITE,
    GATLING,
)
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.dice.scenario import keep, roll, table
from p2pbang.engine.lockstep import Lockstep


@pytest.mark.parametrize("expansions", [(), ("old-saloon",)])
def test_bot_plays_whole_games_on_its_own_seat_engine(expansions):
    for players in range(3, 9):
        engines = Lockstep(DiceGame(players, expansions=expansions),
                           [DiceGame(players, viewer=s, expansions=expansions)
                            for s in range(players)])
        bots = [DiceBot(s) for s in range(players)]
        dealer = LocalDealer(players)
        while not engines.ended:
            pending = engines.pending
            action = engines.answer(dealer, bots)  # a seat decides from its own engine
            if isinstance(pending, Decision):
                assert action in engines.engine_for(pending.seat).legal_actions()
            engines.apply(action)


def test_deputy_never_shoots_the_sheriff_and_outlaw_does():
    # 5 seats: 0 Sheriff, 1 Renegade, 2 Outlaw, 3 Outlaw, 4 Deputy.
    g = table(players=5, first=4)
    roll(g, BULLS_EYE_1, BEER, BEER, GATLING, ARROW)
    keep(g)
    assert DiceBot(0).decide(g, g.pending) == Choose(3)
    g = table(players=5, first=1, roles=("sheriff", "outlaw", "renegade", "outlaw", "deputy"))
    roll(g, BULLS_EYE_1, BEER, BEER, GATLING, ARROW)
    keep(g)
    assert DiceBot(0).decide(g, g.pending) == Choose(0)


def test_bot_rerolls_useless_dice_and_keeps_dynamite():
    g = table(players=4)
    roll(g, DYNAMITE, ARROW, GATLING, BEER, BULLS_EYE_1)
    action = DiceBot(0).decide(g, g.pending)
    assert isinstance(action, Reroll) and 0 not in action.dice and 1 in action.dice
    assert g.pending.kind == REROLL


def test_bot_stops_on_two_dynamites_when_a_third_could_kill():
    g = table(players=4, life={0: 2})
    roll(g, DYNAMITE, DYNAMITE, ARROW, ARROW, GATLING)
    assert DiceBot(0).decide(g, g.pending) == Pass()


class _ByRole:
    """Test harness: the Sheriff's team plays ``team``'s bot, everyone else ``others``."""

    def __init__(self, game: DiceGame, team, others) -> None:
        self._game, self._team, self._others = game, team, others

    def decide(self, game, decision):
        role = self._game.players[decision.seat].role
        bot = self._team if role in ("sheriff", "deputy") else self._others
        return bot.decide(game, decision)


def _sheriff_wins(team_bot, games: int = 150) -> int:
    wins = 0
    for seed in range(games):
        game = DiceGame(5)
        dealer = LocalDealer(seed)
        harness = _ByRole(game, team_bot(seed), RandomBot(seed))
        while not isinstance(game.pending, End):
            pending = game.pending
            game.apply(harness.decide(game, pending) if isinstance(pending, Decision)
                       else dealer.resolve(pending))
        wins += game.pending.team == "sheriff"
    return wins


def test_the_sheriff_team_wins_more_with_the_dice_bot_than_at_random():
    assert _sheriff_wins(DiceBot) > _sheriff_wins(RandomBot) + 20


def test_molly_stark_takes_the_sheriffs_gatling_loss_as_her_deputy_in_one_question():
    from p2pbang.engine.dice.actions import MOLLY_PICK, SKIP
    from p2pbang.engine.dice.scenario import choose

    g = table({4: "molly_stark"}, players=5,
              roles=("sheriff", "renegade", "outlaw", "outlaw", "deputy"), first=3,
              expansions=("old-saloon",))
    choose(g, 0)  # no Saloon die
    roll(g, GATLING, GATLING, GATLING, BEER, BEER)
    keep(g)
    choose(g, 3)
    choose(g, 3)
    assert g.pending == Decision(4, MOLLY_PICK, (0, 1, 2, SKIP), source=3)
    assert DiceBot(4).decide(g, g.pending) == Choose(0)  # the Sheriff, her side
    choose(g, 0)
    assert g.pending == Decision(4, MOLLY_PICK, (1, 2, SKIP), source=3)
    assert DiceBot(4).decide(g, g.pending) == Choose(SKIP)  # not an unknown player's
