"""The strong bot's search parts: the evaluation of a cut playout, the challengers of a dice
reroll, and what a search reports."""

from __future__ import annotations

import random

from p2pbang.bots import make_bot, sensible_class
from p2pbang.bots.dice import reroll_neighbours
from p2pbang.bots.evaluate import card_value, dice_value, duel_value
from p2pbang.bots.search_facts import SearchFacts
from p2pbang.bots.strong import MAX_ARMS, StrongBot, challengers
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End, Pass
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.dice.actions import Reroll
from p2pbang.engine.family import SHEETS, new_game
from p2pbang.sim.fit_evaluation import fit


def _played(choice: GameChoice, seed: str, steps: int) -> object:
    """An all-seeing game after ``steps`` inputs of sensible bots (or at its end)."""
    game = new_game(choice, None)
    dealer = LocalDealer(seed)
    bots = [make_bot("sensible", s, choice.game) for s in range(choice.seats)]
    for _ in range(steps):
        pending = game.pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            game.apply(bots[pending.seat].decide(game, pending))
        else:
            game.apply(dealer.resolve(pending))
    return game


def test_the_card_evaluation_follows_the_teams_life() -> None:
    game = _played(GameChoice.make("bang", 7), "eval-a", 40)
    assert not isinstance(game.pending, End)
    sheriff = game.sheriff
    outlaw = next(p.seat for p in game.players if p.role == "outlaw")
    before = card_value(game, sheriff), card_value(game, outlaw)
    assert all(0.0 < v < 1.0 for v in before)
    game.players[sheriff].life -= 2  # a throwaway engine: only the evaluation reads it
    assert card_value(game, sheriff) < before[0]
    assert card_value(game, outlaw) > before[1]


def test_the_dice_and_duel_evaluations_follow_life() -> None:
    dice = _played(GameChoice.make("dice", 6), "eval-b", 10)
    outlaw = next(p.seat for p in dice.players if p.role == "outlaw")
    before = dice_value(dice, outlaw)
    dice.players[dice.sheriff].life -= 3
    assert dice_value(dice, outlaw) > before
    duel = _played(GameChoice.make("duel", 2), "eval-c", 30)
    before = duel_value(duel, 0), duel_value(duel, 1)
    duel.sides[1].figures[0].life -= 1
    assert duel_value(duel, 0) > before[0]
    assert duel_value(duel, 1) < before[1]


def test_a_finished_game_is_scored_by_its_winners() -> None:
    game = _played(GameChoice.make("dice", 5), "eval-d", 100_000)
    end = game.pending
    assert isinstance(end, End)
    for seat in range(5):
        assert dice_value(game, seat) == (1.0 if seat in end.winners else 0.0)


def test_a_refit_finds_the_teams() -> None:
    """200 Dice Games are enough for the signs: the Sheriff's life helps his side and hurts
    the Outlaws (the first weight is the Sheriff's life)."""
    weights = fit("dice", 6, 200)
    assert set(weights) == {"sheriff", "deputy", "outlaw", "renegade"}
    assert all(len(w) == 13 for w in weights.values())
    assert weights["sheriff"][0] > 0 and weights["deputy"][0] > 0
    assert weights["outlaw"][0] < 0 and weights["outlaw"][2] > 0


def test_a_reroll_is_challenged_by_its_neighbours() -> None:
    legal = [Pass(), *(Reroll(tuple(i for i in range(5) if mask >> i & 1))
                       for mask in range(1, 32))]
    rng = random.Random(0)
    default = Reroll((1, 3))
    picked = challengers(default, legal, rng, neighbours=reroll_neighbours)
    assert 0 < len(picked) <= MAX_ARMS - 1
    for action in picked:
        assert isinstance(action, Reroll)
        assert len(set(action.dice) ^ {1, 3}) == 1
    near_pass = challengers(Reroll((2,)), legal, rng, neighbours=reroll_neighbours)
    assert Pass() in near_pass or all(len(a.dice) == 2 for a in near_pass)
    assert all(len(a.dice) == 1 for a in challengers(Pass(), legal, rng,
                                                     neighbours=reroll_neighbours))


def test_a_search_reports_what_it_saw() -> None:
    """Every searched decision records its root actions (the sensible one first), the worlds
    played and each action's mean lead; the answer is one of those actions."""
    choice = GameChoice.make("dice", 5)
    game = new_game(choice, None)
    dealer = LocalDealer("search-a")
    bots = [make_bot("sensible", s, "dice") for s in range(5)]
    strong = bots[0] = StrongBot("s", "dice", iterations=40, seconds=None)
    checked = 0
    while not isinstance(game.pending, End) and checked < 4:
        pending = game.pending
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(game, pending)
            if pending.seat == 0 and strong.last_search is not None:
                roots, rounds, means, _ = strong.last_search
                strong.last_search = None
                assert action in roots and means[0] == 0.0 and rounds > 0
                assert len(roots) == len(set(roots)) <= MAX_ARMS
                checked += 1
            game.apply(action)
        else:
            game.apply(dealer.resolve(pending))
    assert checked == 4 and strong.rounds > 0


def test_duel_challengers_are_the_sensible_runners_up() -> None:
    """In the Duel's play phase the sensible bot ranks the legal actions; the strong bot
    tries its runners-up, in that order."""
    game = _played(GameChoice.make("duel", 2), "rank-a", 0)
    bot = make_bot("sensible", 0, "duel")
    dealer = LocalDealer("rank-a")
    for _ in range(2000):
        pending = game.pending
        if isinstance(pending, Decision):
            legal = game.legal_actions()
            ranked = bot.rank(game, pending, legal)
            if pending.kind == "play" and len(legal) > 3:
                assert ranked is not None and sorted(map(repr, ranked)) == sorted(
                    map(repr, legal))
                default = bot.decide(game, pending)
                picked = challengers(default, legal, random.Random(0), ranked)
                assert picked == [a for a in ranked if a != default][:MAX_ARMS - 1]
                return
            game.apply(bot.decide(game, pending))
        else:
            game.apply(dealer.resolve(pending))
    raise AssertionError("no play phase with four legal actions")


def test_every_games_bot_tells_the_search_what_it_needs() -> None:
    """The search names no game: each game's own bot (the one its sheet names) carries its
    ``SEARCH``, so a game the registry finds is searchable without another table."""
    for sheet in SHEETS:
        facts = sensible_class(sheet.name).SEARCH
        assert isinstance(facts, SearchFacts)
        assert facts.horizon > 0
        assert (facts.role_evidence is None) == (facts.role_factors is None)
