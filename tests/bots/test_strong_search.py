"""The strong bot's search parts: the evaluation of a cut playout, the challengers of a dice
reroll, and what a search reports."""

from __future__ import annotations

import math
import random

import pytest

from p2pbang.bots import make_bot, sensible_class, strong
from p2pbang.bots.dice import reroll_neighbours
from p2pbang.bots.evaluate import card_value, dice_value, duel_value
from p2pbang.bots.search_facts import SearchFacts
from p2pbang.bots.strong import MAX_ARMS, MIN_ROUNDS, StrongBot, challengers, settled
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End, Pass
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.dice.actions import Reroll
from p2pbang.engine.family import SHEETS, new_game
from p2pbang.sim.fit_evaluation import _regress, fit, held_out, losses, samples

from .support import play_fed


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


def test_the_regression_recovers_weights_of_features_on_different_scales() -> None:
    """Given labels drawn from a known logistic model whose features' scales differ tenfold
    (a team's life sum of 20-40, a 0/1 flag), the fit finds its weights back (plain SGD on
    the raw features, the fit before, ended at 0.48, -1.69, 1.45 and -14.6)."""
    rng = random.Random(7)
    truth = (0.3, -1.2, 0.8, -9.0)  # three weights, then the intercept
    xs, ys = [], []
    for _ in range(6000):
        x = [rng.uniform(20, 40), float(rng.random() < 0.3), rng.uniform(0, 2)]
        z = truth[-1] + sum(w * v for w, v in zip(truth, x, strict=False))
        xs.append(x)
        ys.append(1.0 if rng.random() < 1 / (1 + math.exp(-z)) else 0.0)
    weights = _regress(xs, ys, random.Random(0))
    assert len(weights) == 4
    for got, want in zip(weights, truth, strict=True):
        assert abs(got - want) < 0.1 * max(1.0, abs(want))


def test_the_held_out_check_scores_the_refit_and_the_shipped_model() -> None:
    assert losses([1.0, 0.0], [1.0, 0.0]) < (1e-6, 1e-6)
    assert losses([0.5, 0.5], [1.0, 0.0]) == (pytest.approx(math.log(2)), 0.25)
    data = samples("dice", 6, 20, seed="held-out-test")
    weights = fit("dice", 6, 60)
    table = held_out(data, weights)
    assert set(table) == set(data) == {"sheriff", "deputy", "outlaw", "renegade"}
    for key, (count, refit, shipped) in table.items():
        assert count == len(data[key][1]) > 0
        assert all(0.0 < v < 1.0 for v in (*refit, *shipped))


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


def _sums(rows: list[list[float]]) -> tuple[list[float], list[float]]:
    """The per-action sums of leads and of their squares over ``rows`` (one per world)."""
    leads = [sum(row[i] for row in rows) for i in range(len(rows[0]))]
    squares = [sum(row[i] ** 2 for row in rows) for i in range(len(rows[0]))]
    return leads, squares


def test_a_search_is_settled_only_when_no_challenger_can_still_pass() -> None:
    behind = [[0.0, -0.02 + 0.001 * (i % 3), -0.05] for i in range(MIN_ROUNDS)]
    leads, squares = _sums(behind)
    assert settled(leads, squares, MIN_ROUNDS, 100)
    assert not settled(leads, squares, MIN_ROUNDS - 1, 100)  # too few worlds to tell
    ahead = [[0.0, 0.05 + 0.001 * (i % 3), -0.05] for i in range(MIN_ROUNDS)]
    assert not settled(*_sums(ahead), MIN_ROUNDS, 100)
    # Behind on average but noisy: its optimistic end still passes the bar.
    noisy = [[0.0, (-0.3, 0.28)[i % 2], 0.0] for i in range(MIN_ROUNDS)]
    assert not settled(*_sums(noisy), MIN_ROUNDS, 100)
    # ... and settled when the budget's last world could not make it pass: at
    # MIN_ROUNDS worlds the bar is two standard errors of those same worlds.
    assert settled(*_sums(noisy), MIN_ROUNDS, MIN_ROUNDS)


def test_a_budget_short_of_the_minimum_worlds_is_settled_at_once() -> None:
    """The search never departs on fewer than MIN_ROUNDS worlds: a budget that cannot
    reach them has nothing to look for, whatever the leads."""
    ahead = [[0.0, 0.5]]
    assert settled(*_sums(ahead), 1, MIN_ROUNDS - 1)
    assert not settled(*_sums(ahead), 1, MIN_ROUNDS)


def _strong_decisions(bot: StrongBot, seed: str, limit: int) -> list[object]:
    choice = GameChoice.make("dice", 5)
    game = new_game(choice, None)
    dealer = LocalDealer(seed)
    bots: list[object] = [make_bot("sensible", s, "dice") for s in range(5)]
    bots[0] = bot
    taken: list[object] = []
    while not isinstance(game.pending, End) and len(taken) < limit:
        pending = game.pending
        if isinstance(pending, Decision):
            action = bots[pending.seat].decide(game, pending)
            if pending.seat == 0:
                taken.append(action)
            game.apply(action)
        else:
            game.apply(dealer.resolve(pending))
    return taken


def test_searches_stop_early_when_settled_and_stay_reproducible() -> None:
    """With the iteration budget alone, a settled search stops before it and says so; the
    same seed and view still give the same decisions."""
    first = StrongBot("early", "dice", iterations=200, seconds=None)
    second = StrongBot("early", "dice", iterations=200, seconds=None)
    taken = _strong_decisions(first, "early-a", 12)
    assert taken == _strong_decisions(second, "early-a", 12)
    assert first.searched > 0 and 0 < first.early_stops <= first.searched
    assert first.rounds < first.searched * 200 // 2  # far fewer worlds than the budget


def test_a_clock_too_short_for_the_minimum_worlds_skips_the_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a timed search showed that the clock cannot reach MIN_ROUNDS worlds, the next
    decisions are settled before they start, but one in PROBE_EVERY + 1 measures again."""
    monkeypatch.setattr(strong, "PROBE_EVERY", 2)
    bot = StrongBot("clock", "dice", iterations=400, seconds=1e-6)
    _strong_decisions(bot, "clock-a", 40)
    started = bot.searched - bot.early_stops
    assert bot.searched >= 4 and bot.early_stops > 0
    assert started == -(-bot.searched // 3)  # the first, then every third
    assert bot.rounds == started  # each started search plays its first world only
    assert bot.departures == 0


def test_a_short_clock_searches_fewer_root_actions() -> None:
    """When the last timed search's pace says the clock cannot reach the minimum worlds of
    every root action, the search tries the policy's choice and its first challengers, as
    many as it reaches that many worlds of, never fewer than two; without a clock, or at a
    pace that reaches them all, every root action."""
    bot = StrongBot("arms", "dice", iterations=400, seconds=1.0)
    assert bot._arms(4) == 4  # no pace measured yet
    for worlds, arms in [(0.1, 2), (2.5, 2), (3.5, 3), (4.2, 4), (100.0, 4)]:
        bot._pace = 1.0 / (bot._min_rounds * worlds)
        assert bot._arms(4) == arms
    assert bot._arms(3) == 3
    untimed = StrongBot("arms", "dice", iterations=400, seconds=None)
    untimed._pace = 1.0
    assert untimed._arms(4) == 4
    # At a table: a pace that reaches the minimum worlds of two root actions only.
    choice = GameChoice.make("dice", 5)
    game = new_game(choice, None)
    dealer = LocalDealer("arms-a")
    bots: list[object] = [make_bot("sensible", s, "dice") for s in range(5)]
    bots[0] = bot
    sizes = []
    while not isinstance(game.pending, End) and len(sizes) < 6:
        pending = game.pending
        if isinstance(pending, Decision):
            if pending.seat == 0:
                bot._pace, bot.last_search = 1.0 / (bot._min_rounds * 2.5), None
            action = bots[pending.seat].decide(game, pending)
            if pending.seat == 0 and bot.last_search is not None:
                sizes.append(len(bot.last_search[0]))
            game.apply(action)
        else:
            game.apply(dealer.resolve(pending))
    assert sizes == [2] * 6


@pytest.mark.parametrize("confidence", [1.5, None])
def test_the_stop_answers_as_the_whole_budget_would(monkeypatch: pytest.MonkeyPatch,
                                                    confidence: float | None) -> None:
    """Every decision of a Dice Game seat, searched with the stop and again to the whole
    budget (``settled`` never true), same seed and view: the same answers, one of them a
    departure (so a stop that gave up on a winning challenger would show), fewer worlds.
    At a bar of 1.5 standard errors (the Dice Game's before), every answer; at the Dice
    Game's own bar of one (``None``), whose optimism is narrower, the stop gives up on one
    challenger the whole budget takes (a departure only ever lost, never made: 1 of 70
    decisions in five such games)."""
    bots: list[object] = [make_bot("sensible", f"bench-bots/0/1/{s}", "dice")
                          for s in range(6)]
    early = bots[0] = StrongBot("bench-bots/0/1/0", "dice", iterations=40, seconds=None)
    whole = StrongBot("bench-bots/0/1/0", "dice", iterations=40, seconds=None)
    if confidence is not None:
        early._confidence = whole._confidence = confidence
    lost = 0

    def whole_budget(game: object, pending: Decision, action: object) -> None:
        nonlocal lost
        if pending.seat == 0 and len(game.legal_actions()) > 1:
            with monkeypatch.context() as patch:
                patch.setattr(strong, "settled", lambda *args: False)
                answer = whole.decide(game, pending)
            if answer != action:
                assert early.last_search is not None
                assert action == early.last_search[0][0]  # the policy's: given up
                lost += 1

    play_fed(GameChoice.make("dice", 6), "bench-bots/0/1", bots, [whole], whole_budget)
    assert lost == (0 if confidence is not None else 1)
    assert whole.departures >= 1 and early.departures == whole.departures - lost
    assert early.early_stops > 0 and early.rounds < whole.rounds


def test_a_game_may_set_its_own_bar_for_a_departure() -> None:
    """The Dice Game's facts lower the bar (4 worlds, 1 standard error); the card game and
    the Duel keep the search's (MIN_ROUNDS, CONFIDENCE), so their answers are unchanged."""
    from p2pbang.bots import sensible_class

    assert sensible_class("dice").SEARCH.min_rounds == 4
    assert sensible_class("dice").SEARCH.confidence == 1.0
    for game in ("bang", "duel"):
        facts = sensible_class(game).SEARCH
        assert facts.min_rounds is None and facts.confidence is None
        bot = StrongBot(1, game)
        assert (bot._min_rounds, bot._confidence) == (MIN_ROUNDS, strong.CONFIDENCE)
    ahead = [[0.0, 0.05 + 0.001 * (i % 3), -0.05] for i in range(4)]
    assert settled(*_sums(ahead), 1, 4 - 1, min_rounds=4)
    assert not settled(*_sums(ahead), 1, 4, min_rounds=4)
    assert settled(*_sums(ahead), 1, 4)  # the search's own bar needs MIN_ROUNDS worlds
    # The same standard errors set how optimistic a challenger's end is: one behind on
    # average, still in the race at the search's 2, is out at a bar of 0.5.
    behind = [[0.0, x, 0.0] for x in (0.1, -0.3) * 3]
    leads, squares = _sums(behind)
    assert not settled(leads, squares, 6, 100)
    assert settled(leads, squares, 6, 100, confidence=0.5)
