"""The Dice Game's expert policy (the strong level's own moves): legal from its own seat's
view with and without Old Saloon, blind to the hidden roles, better than the sensible bot
where that one errs, and the policy the strong bot plays for its own seat."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.bots.dice import DiceBot
from p2pbang.bots.dice_expert import DiceExpert
from p2pbang.bots.strong import StrongBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Choose, Decision, End, Event, Pass
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.dice.actions import BEER_TARGET, REROLL, SHOOT, Reroll
from p2pbang.engine.dice.faces import (
    ARROW,
    BEER,
    BULLS_EYE_1,
    BULLS_EYE_2,
    DYNAMITE,
    GATLING,
)
from p2pbang.engine.dice.game import DiceGame
from p2pbang.engine.dice.play import play_dice_game
from p2pbang.engine.dice.scenario import choose, keep, roll, table
from p2pbang.engine.family import new_game
from p2pbang.engine.lockstep import Lockstep

from .support import same_on_own_engine

SALOON = ("old-saloon",)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 8), saloon=st.booleans())
def test_its_decisions_are_legal_from_its_own_view(seed: int, players: int,
                                                     saloon: bool) -> None:
    """Whole seeded games, every seat the expert, each deciding on its own seat's engine
    (what a network peer has); every answer is one of that engine's legal actions."""
    expansions = SALOON if saloon else ()
    engines = Lockstep(DiceGame(players, expansions=expansions),
                       [DiceGame(players, viewer=s, expansions=expansions)
                        for s in range(players)])
    bots = [DiceExpert(f"{seed}/{s}") for s in range(players)]
    dealer = LocalDealer(f"expert-legal/{seed}")
    decisions = 0
    while not engines.ended:
        pending = engines.pending
        action = engines.answer(dealer, bots)
        if isinstance(pending, Decision):
            assert action in engines.engine_for(pending.seat).legal_actions()
            decisions += 1
        engines.apply(action)
    assert decisions > players


@pytest.mark.parametrize("fed", [False, True])
@pytest.mark.parametrize("expansions", [(), SALOON])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_same_choice_on_its_own_seat_engine_as_on_the_all_seeing_one(
        seed: int, expansions: tuple[str, ...], fed: bool) -> None:
    """Asked at every decision of a whole 6-player game on both engines: the all-seeing one
    knows every hidden role, the seat's own knows its own; the answers never differ, also
    when each bot hears its own engine's events (the aims and heals it weighs roles by)."""
    players = 6
    engines = Lockstep(DiceGame(players, expansions=expansions),
                       [DiceGame(players, viewer=s, expansions=expansions)
                        for s in range(players)])
    compared = same_on_own_engine(engines, LocalDealer(f"expert-fair/{seed}"),
                                  lambda s: DiceExpert(f"{seed}/{s}"), fed=fed)
    assert compared > 30


def _seat_wins(deals: range, players: int, expert: bool) -> int:
    """The wins of seat ``i mod players`` over deals ``i``, played by the expert or by the
    sensible bot, the sensible bot at every other seat."""
    wins = 0
    for index in deals:
        deal = f"expert-vs-sensible/{index}"
        seat = index % players
        bots: list[Any] = [DiceBot(f"{deal}/{s}") for s in range(players)]
        if expert:
            bots[seat] = DiceExpert(f"{deal}/{seat}")
        _game, end = play_dice_game(players, LocalDealer(deal), bots)
        wins += seat in end.winners
    return wins


def test_it_beats_the_sensible_bot() -> None:
    """The same 150 six-player deals, the rotated seat played by the expert and then by the
    sensible bot (docs/benchmarks.md, "The Dice Game's expert policy", has the figures over
    thousands of deals)."""
    deals = range(150)
    expert, sensible = _seat_wins(deals, 6, True), _seat_wins(deals, 6, False)
    assert expert >= sensible + 6, (expert, sensible)


# ---------------------------------------------------------------------- its key choices
# The laid-out tables of 5 seats: 0 Sheriff, 1 Renegade, 2 Outlaw, 3 Outlaw, 4 Deputy, in
# that order round the table (a Bull's Eye 1 reaches the two neighbours).


def test_a_second_shot_is_not_wasted_on_a_target_the_first_one_kills() -> None:
    """The Sheriff aims two Bull's Eyes at his neighbours, one of them at 1 life: the
    sensible bot aims both at him (the shots land together, after the last aim); the
    expert's second one hits the other neighbour."""
    for bot, twice in ((DiceBot(0), True), (DiceExpert(0), False)):
        game = table(players=5, life={1: 1})
        roll(game, BULLS_EYE_1, BULLS_EYE_1, ARROW, BEER, GATLING)
        keep(game)
        targets = []
        while isinstance(game.pending, Decision) and game.pending.kind == SHOOT:
            target = bot.decide(game, game.pending).value
            targets.append(target)
            choose(game, target)
        assert targets[0] == 1 and (targets[1] == 1) == twice


def test_the_renegade_keeps_the_sheriff_alive_while_others_are() -> None:
    """A Renegade a little hurt holds a Beer while the Sheriff is at 2 life: the Outlaws
    would win at his death, so the expert heals the Sheriff; the sensible bot itself."""
    for bot, healed in ((DiceBot(0), 1), (DiceExpert(0), 0)):
        game = table(players=5, first=1, life={0: 2, 1: 6})
        roll(game, BEER, ARROW, ARROW, DYNAMITE, GATLING)
        keep(game)
        assert game.pending.kind == BEER_TARGET
        assert bot.decide(game, game.pending) == Choose(healed)


def _renegades_turn_after_the_sheriffs_shots(three_alive: bool, sheriff_life: int) -> Any:
    """Seat 1's (the Renegade's) Beer, the Renegade a little hurt: the Sheriff's two shots
    in his turn have just killed the Deputy (seat 4) and, with ``three_alive``, an Outlaw
    (seat 3); three seats are left then, the Sheriff, the Renegade and the other Outlaw."""
    game = table(players=5, life={0: sheriff_life, 1: 5, 3: 1 if three_alive else 5, 4: 1})
    roll(game, BULLS_EYE_1, BULLS_EYE_2, GATLING, GATLING, DYNAMITE)
    keep(game)
    choose(game, 4)
    choose(game, 3)
    roll(game, BEER, GATLING, DYNAMITE, DYNAMITE, ARROW)
    keep(game)
    assert len(game.alive_seats()) == (3 if three_alive else 4)
    assert game.pending.kind == BEER_TARGET and game.pending.seat == 1
    return game


def test_the_renegade_of_the_last_three_keeps_its_beer_for_itself() -> None:
    """Given the Sheriff at 3 life and the Renegade hurt, when four are alive the expert
    Renegade still heals the Sheriff (his death would let the Outlaws win); when only one
    more seat is left beside them, it drinks the Beer itself: the Sheriff is the foe of its
    last duel, worth nothing to it while in danger, a little of a foe while safe."""
    expert = DiceExpert(0)
    four = _renegades_turn_after_the_sheriffs_shots(three_alive=False, sheriff_life=3)
    assert expert.decide(four, four.pending) == Choose(0)
    three = _renegades_turn_after_the_sheriffs_shots(three_alive=True, sheriff_life=3)
    assert expert.worth(three, 1)[0] == 0.0
    assert expert.decide(three, three.pending) == Choose(1)
    safe = _renegades_turn_after_the_sheriffs_shots(three_alive=True, sheriff_life=8)
    assert expert.worth(safe, 1)[0] > 0 > expert.worth(four, 1)[0]


def test_a_deputy_keeps_no_gatling_that_would_kill_the_sheriff() -> None:
    """Two Gatlings showing and the Sheriff at 1 life: a third would kill him. The sensible
    Deputy keeps the two and rolls for the third; the expert rolls them again."""
    for bot, kept in ((DiceBot(0), True), (DiceExpert(0), False)):
        game = table(players=5, first=4, life={0: 1})
        roll(game, GATLING, GATLING, ARROW, ARROW, BULLS_EYE_2)
        action = bot.decide(game, game.pending)
        rolled = action.dice if isinstance(action, Reroll) else ()
        assert (0 not in rolled and 1 not in rolled) == kept, action


def test_a_hurt_sheriff_with_arrows_does_not_risk_the_indians() -> None:
    """The Sheriff at 2 life holds 3 arrows and one is left in the middle: one Arrow rolled
    brings the Indians and kills him. The sensible bot rolls again a die it has no use for
    anyway; the expert keeps its dice."""
    for bot, risks in ((DiceBot(0), True), (DiceExpert(0), False)):
        game = table(players=5, life={0: 2}, arrows={0: 3, 2: 3, 3: 2})
        roll(game, BEER, BEER, BULLS_EYE_2, BULLS_EYE_1, GATLING)
        assert game.pending.kind == REROLL
        action = bot.decide(game, game.pending)
        assert isinstance(action, Reroll) == risks, action


def test_an_outlaw_spares_a_seat_that_shot_the_sheriff() -> None:
    """Seat 3 took two lives from the Sheriff with shots: likely a fellow Outlaw. With the
    Sheriff out of reach, the expert Outlaw's Bull's Eye 2 goes to the other seat in reach."""
    game = table(players=5, first=1, roles=("sheriff", "outlaw", "renegade", "outlaw",
                                            "deputy"))
    game.damage[3, 0] += 2  # the public tally, as two of seat 3's shots would have left it
    roll(game, BULLS_EYE_2, ARROW, BEER, BEER, DYNAMITE)
    keep(game)
    assert game.pending.kind == SHOOT and set(game.pending.options) == {3, 4}
    assert DiceExpert(0).decide(game, game.pending) == Choose(4)


def test_an_aim_past_the_sheriff_says_the_shooter_is_no_outlaw() -> None:
    """Seat 1 has the Sheriff (seat 0) in its Bull's Eye's reach and aims at seat 2: the
    sensible bot's Outlaws never do that. An expert that heard it rates seat 1 an Outlaw far
    less than one that did not; an aim with the Sheriff out of reach says nothing."""
    game = table(players=5, first=1)
    events = roll(game, BULLS_EYE_1, BULLS_EYE_2, ARROW, DYNAMITE, GATLING)
    events += keep(game)
    assert game.pending.kind == SHOOT and set(game.pending.options) == {0, 2}
    events += choose(game, 2)
    assert game.pending.kind == SHOOT and 0 not in game.pending.options
    events += choose(game, 3)
    heard, deaf = DiceExpert(0), DiceExpert(0)
    heard.observe(events)
    for me in (3, 4):  # an Outlaw and the Deputy asking
        assert heard.role_odds(game, me)[1]["outlaw"] < deaf.role_odds(game, me)[1][
            "outlaw"] / 3
    assert heard.role_odds(game, 2)[1]["outlaw"] < deaf.role_odds(game, 2)[1]["outlaw"]


def test_a_beer_for_the_sheriff_says_the_giver_is_no_outlaw() -> None:
    """Seat 4 gives the hurt Sheriff a Beer in its turn: an expert that heard it rates seat
    4 an Outlaw far less; a Beer the Sheriff drinks himself says nothing of anybody."""
    game = table(players=5, first=4, life={0: 5})
    events = roll(game, BEER, ARROW, ARROW, DYNAMITE, GATLING)
    events += keep(game)
    assert game.pending.kind == BEER_TARGET
    events += choose(game, 0)
    heard, deaf = DiceExpert(0), DiceExpert(0)
    heard.observe(events)
    assert heard.role_odds(game, 2)[4]["outlaw"] < deaf.role_odds(game, 2)[4]["outlaw"] / 3
    own = table(players=5, life={0: 5})
    events = roll(own, BEER, ARROW, ARROW, DYNAMITE, GATLING) + keep(own) + choose(own, 0)
    heard = DiceExpert(0)
    heard.observe(events)
    assert own.players[0].life == 6
    assert heard.role_odds(own, 2) == deaf.role_odds(own, 2)


def test_the_strong_bot_plays_the_expert_for_its_own_seat() -> None:
    """The Dice Game's facts name the expert: it gives the strong bot's default answer."""
    assert DiceBot.SEARCH.policy_class() is DiceExpert
    assert isinstance(StrongBot(1, "dice")._fallback, DiceExpert)


def test_it_never_rolls_a_locked_dynamite() -> None:
    """Two Dynamites showing are locked: a Pass or a reroll of the other dice."""
    game = table(players=4)
    roll(game, DYNAMITE, DYNAMITE, BULLS_EYE_2, BULLS_EYE_1, ARROW)
    action = DiceExpert(0).decide(game, game.pending)
    assert action in game.legal_actions()
    assert isinstance(action, Pass) or not {0, 1} & set(action.dice)


def test_the_packed_roll_distribution_counts_every_face() -> None:
    """A reroll is weighed over the counts its rolled dice show, packed into one integer a
    count per symbol (``dice_expert._pack``): over every mix of the three die kinds, the
    chances sum to one and each symbol's mean count is what the faces say (a double face
    counts twice)."""
    from itertools import product

    from p2pbang.bots import dice_expert
    from p2pbang.engine.dice.faces import DIE_FACES, DOUBLE

    mask = (1 << dice_expert.RADIX) - 1
    for kinds in product(range(len(DIE_FACES)), repeat=3):
        outcomes = dice_expert._outcomes((0, 0, *kinds))
        assert abs(sum(p for _packed, p in outcomes) - 1.0) < 1e-9
        for symbol in range(dice_expert.SYMBOLS):
            mean = sum(p * ((packed >> (dice_expert.RADIX * symbol)) & mask)
                       for packed, p in outcomes)
            faces = [(code, kind) for kind in (0, 0, *kinds) for code in DIE_FACES[kind]]
            wanted = sum(1 + code // DOUBLE for code, _kind in faces
                         if code % DOUBLE == symbol) / 6
            assert abs(mean - wanted) < 1e-9, (kinds, symbol)
        assert dice_expert._pack(dice_expert._unpack(outcomes[-1][0])) == outcomes[-1][0]


def _fed_until_a_pass(seed: str) -> tuple[Any, StrongBot, Any, int]:
    """Six sensible seats and a strong bot listening (fed every event, as a table feeds its
    bots), played until a hidden seat has aimed past the Sheriff in reach and another seat,
    hidden to it, is to decide; then the truth, the strong bot, the deciding seat's
    knowledge, and the seat that aimed."""
    from p2pbang.bots.determinize import SeatKnowledge

    game = DiceGame(6)
    dealer = LocalDealer(seed)
    bots: list[Any] = [DiceBot(f"{seed}/{s}") for s in range(6)]
    strong = StrongBot(seed, "dice", iterations=8, seconds=None)
    while not isinstance(game.pending, End):
        pending = game.pending
        if isinstance(pending, Decision):
            passed = [s for s in strong._fallback._event_factors(game)
                      if s not in (pending.seat, game.sheriff) and game.players[s].alive
                      and not game.players[s].role_public]
            if passed:
                knowledge = SeatKnowledge(game.choice, pending.seat)
                knowledge.sync(game)
                return game, strong, knowledge, passed[0]
            events = game.apply(bots[pending.seat].decide(game, pending))
        else:
            events = game.apply(dealer.resolve(pending))
        strong.observe(events)
    raise AssertionError("nobody aimed past the Sheriff in a whole game")


def test_the_strong_bots_worlds_deal_roles_as_the_expert_reads_them() -> None:
    """A seat that aimed past the Sheriff in reach is seldom an Outlaw in the worlds the
    strong bot searches: they are dealt by the expert's reading of the table's events,
    which the damage tally alone (``roles.py``) does not see."""
    import random

    from p2pbang.bots.determinize import sample_world
    from p2pbang.bots.roles import role_weight

    _game, strong, knowledge, seat = _fed_until_a_pass("worlds-a")
    outlaws: Counter[str] = Counter()
    for name, weight in (("expert", strong._role_weight(knowledge, knowledge.seat)),
                         ("tally", role_weight(knowledge, DiceBot.SEARCH))):
        for draw in range(200):
            world, _dealer = sample_world(knowledge, random.Random(draw), weight)
            outlaws[name] += world.players[seat].role == "outlaw"
    assert outlaws["expert"] < outlaws["tally"] / 2, outlaws


def test_the_strong_bots_own_playout_seat_starts_with_what_it_heard() -> None:
    """The expert playing the strong seat in a playout starts from the table bot's events:
    the same role odds, and its own copy of them (the playout's events are its own)."""
    game, strong, knowledge, seat = _fed_until_a_pass("worlds-a")
    me = knowledge.seat
    fresh = DiceExpert(1)
    fresh.carry_memory(strong._fallback)
    assert fresh.role_odds(game, me) == strong._fallback.role_odds(game, me)
    assert fresh.role_odds(game, me) != DiceExpert(1).role_odds(game, me)
    fresh.observe([Event("eliminated", seat)])
    assert strong._fallback._out != fresh._out


@pytest.mark.parametrize("expansions", [(), pytest.param(SALOON, marks=pytest.mark.slow)])
def test_the_fed_strong_bot_decides_the_same_on_its_own_engine(
        expansions: tuple[str, ...]) -> None:
    """The strong Dice Game bot fed its engine's events (which its worlds' roles and its
    own policy read) decides the same on the all-seeing engine and on its seat's own."""
    players = 5
    engines = Lockstep(DiceGame(players, expansions=expansions),
                       [DiceGame(players, viewer=s, expansions=expansions)
                        for s in range(players)])
    compared = same_on_own_engine(engines, LocalDealer("strong-fed"),
                                  lambda s: StrongBot(f"fed/{s}", "dice", iterations=8,
                                                      seconds=None))
    assert compared > 30


def test_its_reroll_ranking_offers_each_way_of_keeping_once() -> None:
    """For the strong bot's challengers: the rerolls best first by the expert's worth, one
    per way of keeping (two Arrows rolled again are one choice, whichever two), the expert's
    own choice first and standing for its way of keeping; other decisions: no ranking."""
    game = table(players=5)
    roll(game, ARROW, ARROW, BULLS_EYE_1, BEER, GATLING)
    bot = DiceExpert(0)
    legal = game.legal_actions()
    chosen = bot.decide(game, game.pending)
    ranked = bot.rank(game, game.pending, legal)
    assert ranked is not None and ranked[0] == chosen
    assert set(ranked) <= set(legal) and len(ranked) == len(set(ranked))
    ways = set()
    for action in ranked:
        rolled = action.dice if isinstance(action, Reroll) else ()
        kept = tuple(sorted(game.pending.options[i] for i in range(5) if i not in rolled))
        assert kept not in ways
        ways.add(kept)
    assert Reroll((0,)) in ranked or Reroll((1,)) in ranked
    assert not (Reroll((0,)) in ranked and Reroll((1,)) in ranked)
    keep(game)
    assert game.pending.kind == SHOOT
    assert bot.rank(game, game.pending, game.legal_actions()) is None


def test_the_strong_bot_challenges_a_reroll_with_the_experts_runners_up() -> None:
    """The strong Dice Game bot's root actions at a reroll are the expert's choice and its
    next best ways of keeping, in the expert's order."""
    choice = GameChoice.make("dice", 5)
    game = new_game(choice, None)
    dealer = LocalDealer("runners-up")
    bots: list[Any] = [DiceBot(s) for s in range(5)]
    strong = bots[0] = StrongBot("r", "dice", iterations=24, seconds=None)
    checked = 0
    while not isinstance(game.pending, End) and checked < 3:
        pending = game.pending
        if isinstance(pending, Decision):
            if pending.seat == 0 and pending.kind == REROLL:
                strong.last_search = None
                action = strong.decide(game, pending)
                if strong.last_search is not None:
                    roots = strong.last_search[0]
                    expert = DiceExpert(0)
                    ranked = expert.rank(game, pending, game.legal_actions())
                    assert ranked is not None and len(ranked) > 1
                    assert roots[1:] == [a for a in ranked if a != roots[0]][:len(roots) - 1]
                    checked += 1
            else:
                action = bots[pending.seat].decide(game, pending)
            game.apply(action)
        else:
            game.apply(dealer.resolve(pending))
    assert checked == 3
