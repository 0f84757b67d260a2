"""The Duel's expert policy (the strong level's own moves): legal from its own seat's view,
blind to the opponent's hand, better than the sensible bot where that one errs, and the
policy the strong bot plays for its own seat."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.bots import make_bot
from p2pbang.bots.duel import DuelBot
from p2pbang.bots.duel_expert import DuelExpert
from p2pbang.bots.search_facts import SearchFacts
from p2pbang.bots.sensible import SensibleBot
from p2pbang.bots.strong import StrongBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, Discard, End, Play
from p2pbang.engine.chance import result_for_viewer
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.duel.actions import ACTIVE, DISCARD, RESPOND_HIT
from p2pbang.engine.duel.catalog import DUEL_CARDS, LAWMEN, OUTLAWS
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.family import new_game
from p2pbang.engine.lockstep import Lockstep
from tests.engine.duel.support import act, end_turn, in_hand, play_duel, start

from .support import same_on_own_engine


def _own_views_game(seed: object, bots: list[Any]) -> tuple[int, End]:
    """A whole game, each bot deciding on its own seat's engine (what a network peer has);
    every answer checked against that engine's legal actions. The decisions counted."""
    judge = DuelGame()
    views = [DuelGame(viewer=0), DuelGame(viewer=1)]
    dealer = LocalDealer(f"expert-view/{seed}")
    decisions = 0
    while not isinstance(judge.pending, End):
        pending = judge.pending
        if isinstance(pending, Decision):
            view = views[pending.seat]
            action = bots[pending.seat].decide(view, view.pending)
            assert action in view.legal_actions(), f"decision {decisions}: {action}"
            decisions += 1
            for game in (judge, *views):
                game.apply(action)
        else:
            result = dealer.resolve(pending)
            judge.apply(result)
            for seat, view in enumerate(views):
                view.apply(result_for_viewer(pending, result, seat))
    return decisions, judge.pending


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_its_decisions_are_legal_from_its_own_view(seed: int) -> None:
    seat = seed % 2
    bots: list[Any] = [DuelBot(f"{seed}/other"), DuelBot(f"{seed}/other")]
    bots[seat] = DuelExpert(seed)
    decisions, end = _own_views_game(seed, bots)
    assert decisions > 20 and end.winners


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_same_choice_on_its_own_seat_engine_as_on_the_all_seeing_one(seed: int) -> None:
    """Asked at every decision of a whole game on both engines: the all-seeing one knows the
    opponent's hand and the piles, the seat's own does not; the answers never differ."""
    engines = Lockstep(DuelGame(), [DuelGame(viewer=0), DuelGame(viewer=1)])
    compared = same_on_own_engine(engines, LocalDealer(f"expert-fair/{seed}"),
                                  lambda seat: DuelExpert(f"{seed}/{seat}"), fed=False)
    assert compared > 50


def test_it_beats_the_sensible_bot() -> None:
    """Sides alternating over 60 seeded deals (it won 81% of 1,000 such deals when it was
    written, docs/benchmarks.md); the sensible bot against itself wins about half."""
    wins = 0
    for seed in range(60):
        seat = seed % 2
        deciders: list[Any] = [DuelBot(f"{seed}/other"), DuelBot(f"{seed}/other")]
        deciders[seat] = DuelExpert(seed)
        _game, end = play_duel(f"expert-vs-sensible/{seed}", deciders)
        wins += end.winners[0] == seat
    assert wins >= 40


def _turn(game: DuelGame, dealer: Any, bot: Any, side: int = LAWMEN) -> list[Any]:
    """``side``'s turn up to its hand limit, its decisions answered by ``bot`` (the other
    side takes whatever comes last in its list: a Pass or a discard)."""
    chosen = []
    while isinstance(game.pending, Decision) and game.current == side \
            and game.pending.kind != DISCARD:
        if game.pending.seat == side:
            action = bot.decide(game, game.pending)
            chosen.append(action)
        else:
            action = game.legal_actions()[-1]
        act(game, dealer, action)
    return chosen


def _names(game: DuelGame, chosen: list[Any]) -> list[str]:
    return [DUEL_CARDS[a.card].name for a in chosen if isinstance(a, Play)]


def test_it_keeps_the_dynamite_the_sensible_bot_lights() -> None:
    """Only the outlaws' deck has one: their first turn, after the lawmen pass."""
    for bot, lit in ((DuelBot(), True), (DuelExpert(), False)):
        game, dealer = start([], ["dynamite"])
        end_turn(game, dealer)
        assert ("dynamite" in _names(game, _turn(game, dealer, bot, OUTLAWS))) == lit


def test_indians_wait_when_they_would_cost_its_own_rearguard_a_life() -> None:
    """No hit card in hand to answer its own Indians: the rearguard would lose a life for an
    uncertain one of each enemy character; the sensible bot plays them anyway."""
    game, dealer = start(["indians"], [])
    assert "indians" in _names(game, _turn(game, dealer, DuelBot()))
    game, dealer = start(["indians"], [])
    assert "indians" not in _names(game, _turn(game, dealer, DuelExpert()))


def test_a_derringer_is_avoided_with_the_least_useful_card_not_a_missed() -> None:
    game, dealer = start(["derringer"], ["missed"])
    act(game, dealer, Play(*in_hand(game, LAWMEN, "derringer"), OUTLAWS * 2 + ACTIVE))
    assert game.pending.kind == RESPOND_HIT
    assert DuelBot().decide(game, game.pending) == Play(*in_hand(game, OUTLAWS, "missed"))
    answer = DuelExpert().decide(game, game.pending)
    assert isinstance(answer, Discard) and DUEL_CARDS[answer.card].name != "missed"


def test_the_barrel_it_equips_is_brought_to_the_front() -> None:
    """Equipment goes on the own rearguard, where it sleeps; the expert moves the token so
    the Barrel works through the opponent's turn. The sensible bot leaves it asleep."""
    for bot, works in ((DuelBot(), False), (DuelExpert(), True)):
        game, dealer = start(["barrel"], [])
        chosen = _turn(game, dealer, bot)
        assert "barrel" in _names(game, chosen)
        front = game.figure(LAWMEN, ACTIVE)
        assert ("barrel" in [DUEL_CARDS[game.known[s]].name for s in front.table]) == works


def test_the_strong_bot_plays_the_expert_for_its_own_seat_only() -> None:
    """The Duel's facts name the expert: it gives the strong bot's default answer and plays
    the strong seat in the playouts, while the other seat stays the sensible bot (the model
    of the opponent). The card game names its own (tests/bots/test_bang_expert.py)."""
    assert DuelBot.SEARCH.policy_class() is DuelExpert
    assert isinstance(StrongBot(1, "bang")._fallback, SensibleBot)
    asked: dict[int, int] = {0: 0, 1: 0}

    class Counting(DuelExpert):
        def decide(self, game: DuelGame, decision: Decision) -> Any:
            asked[decision.seat] += 1
            return super().decide(game, decision)

    strong = StrongBot("own", "duel", iterations=8, seconds=None)
    assert isinstance(strong._fallback, DuelExpert)
    strong._own = Counting
    game = new_game(GameChoice.make("duel", 2), None)
    dealer = LocalDealer("expert-own")
    other = make_bot("sensible", 1, "duel")
    while strong.rounds == 0:
        assert not isinstance(game.pending, End)
        pending = game.pending
        if isinstance(pending, Decision):
            bot = strong if pending.seat == 0 else other
            game.apply(bot.decide(game, pending))
        else:
            game.apply(dealer.resolve(pending))
    assert asked[0] > 0 and asked[1] == 0


def test_a_policy_must_be_a_bot_class_under_the_bots_package() -> None:
    facts = SearchFacts(horizon=1, value=lambda game, seat: 0.5,
                        sample=lambda game, seat: None, policy="os:system")
    with pytest.raises(ValueError, match=r"under p2pbang\.bots"):
        facts.policy_class()
