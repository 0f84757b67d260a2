"""The sensible bot in Dodge City: legal in every decision over whole games of 3 to 8 players,
it uses what the expansion adds (green cards, "+1" cards, the new characters, 3-player
targets), and a sensible side clearly beats random bots."""

from __future__ import annotations

from collections import Counter

import pytest

from p2pbang.bots.sensible import SensibleBot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import (
    BRAWL_PICK,
    COPY_PICK,
    DRAW_FROM_DECK,
    FROM_HAND,
    PICK_IN_PLAY,
    RESPOND_SHOT,
    SHARE_PICK,
    Ability,
    Choose,
    Decision,
    End,
    Play,
    PlayPaid,
    UseGreen,
)
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city
from p2pbang.engine.choice import GameChoice
from p2pbang.sim.tournament import lineup, play_game

from .support import PLAIN4, ask, is_play, named

DODGE_CITY = RuleSet((base.MODULE, dodge_city.MODULE))
MAX_STEPS = 20_000


def _choice(players: int) -> GameChoice:
    return GameChoice.make("bang", players, ["dodge-city"])


def _play_checked(players: int, seed: int, fed: bool, seen: Counter[str]) -> int:
    """One whole Dodge City game of SensibleBots, every answer checked; counts in ``seen``
    what kinds of move they made."""
    game = Game(players, choice=_choice(players))
    dealer = LocalDealer(f"dc/{seed}")
    bots = [SensibleBot(f"{seed}/{seat}") for seat in range(players)]
    decisions = 0
    for _ in range(MAX_STEPS):
        pending = game.pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):
            legal = game.legal_actions()
            action = bots[pending.seat].decide(game, pending)
            assert action in legal and game.check(action) is None
            seen[_kind_of(game, action)] += 1
            events = game.apply(action)
            decisions += 1
        else:
            events = game.apply(dealer.resolve(pending))
        if fed:
            for bot in bots:
                bot.observe(events)
    else:
        raise AssertionError(f"{players} players, seed {seed}: no end in {MAX_STEPS} steps")
    assert not violations(game, dealer.cards)
    assert all(bot.fallbacks == 0 for bot in bots)
    return decisions


def _kind_of(game: Game, action: object) -> str:
    if isinstance(action, UseGreen):
        return "use_green"
    if isinstance(action, PlayPaid):
        return "paid:" + game.card_name(action.card)
    if isinstance(action, Play) and game.card(action.card).kind == "green":
        return "place_green"
    if isinstance(action, Play):
        return "play:" + game.card_name(action.card)
    if isinstance(action, Ability):
        return "ability"
    return type(action).__name__


def test_every_decision_is_legal_over_every_table_size_and_dodge_city_is_played() -> None:
    seen: Counter[str] = Counter()
    total = sum(_play_checked(players, seed, fed=seed % 2 == 0, seen=seen)
                for players in range(3, 9) for seed in range(5))
    assert total >= 4000, total
    for kind in ("place_green", "use_green", "paid:springfield", "paid:whisky",
                 "paid:brawl", "play:punch", "ability"):
        assert seen[kind] > 0, (kind, seen)


@pytest.mark.slow
def test_many_games_without_a_single_slip() -> None:
    seen: Counter[str] = Counter()
    total = sum(_play_checked(3 + index % 6, index, fed=index % 3 != 0, seen=seen)
                for index in range(600))
    assert total > 60_000, total


# ---------------------------------------------------------------------- scenarios


def _table(**kw) -> Scenario:
    return Scenario(kw.pop("characters", PLAIN4), rules=DODGE_CITY, **kw)


def test_a_green_card_goes_into_play() -> None:
    table = _table(hands={0: ["knife"]})
    assert is_play(table, ask(table), "knife")


def test_a_ready_green_gun_fires_before_the_bang() -> None:
    """The Knife is not the turn's BANG!: used first, the BANG! stays for later."""
    table = _table(hands={0: ["bang"]}, tables={0: ["knife"]})
    action = ask(table)
    assert isinstance(action, UseGreen) and action.target in (1, 3)


def test_a_plus_one_card_is_paid_with_the_least_useful_card() -> None:
    """Springfield at seat 2, out of the Colt's reach, paid with the Dynamite, not the
    Beer or the Missed!."""
    table = _table(hands={0: ["springfield", "beer", "missed", "dynamite"]})
    action = ask(table)
    assert isinstance(action, PlayPaid) and named(table, action) == "springfield"
    assert action.target == 2 and table.game.card_name(action.cost_card) == "dynamite"


def test_a_green_card_with_the_missed_symbol_answers_a_shot_out_of_turn() -> None:
    table = _table(turn=1, hands={1: ["bang"], 0: ["beer"]}, tables={0: ["sombrero"]})
    table.play(1, "bang", target=0)
    table.expect(0, RESPOND_SHOT)
    action = ask(table)
    assert isinstance(action, UseGreen)


def test_dodge_comes_before_missed() -> None:
    table = _table(turn=1, hands={1: ["bang"], 0: ["missed", "dodge"]})
    table.play(1, "bang", target=0)
    assert named(table, ask(table)) == "dodge"


def test_elena_fuente_answers_with_her_least_useful_card() -> None:
    table = _table(characters=["elena_fuente", *PLAIN4[1:]], turn=1,
                   hands={1: ["bang"], 0: ["beer", "dynamite", "barrel"]})
    table.play(1, "bang", target=0)
    assert named(table, ask(table)) == "dynamite"


def test_whisky_when_two_lives_are_missing() -> None:
    table = _table(hands={0: ["whisky", "dynamite"]}, life={0: 3})
    action = ask(table)
    assert isinstance(action, PlayPaid) and named(table, action) == "whisky"


def test_brawl_takes_a_foes_best_card_in_play() -> None:
    table = _table(hands={0: ["brawl", "dynamite"], 1: ["beer"]},
                   tables={1: ["barrel", "scope"]})
    table.play_paid(0, "brawl", "dynamite")
    decision = table.expect(0, BRAWL_PICK)
    assert decision.source == 1 and FROM_HAND in decision.options
    assert ask(table) == Choose(table.in_play_slot(1, "barrel"))


def test_sharing_a_dead_players_cards_takes_his_barrel_first() -> None:
    """Vera Custer copying Vulture Sam: the two take the cards one at a time; the bot
    takes the most valuable card in play before a random one of the hand."""
    table = Scenario(["vera_custer", "willy_the_kid", "vulture_sam", "kit_carlson"],
                     ["sheriff", "renegade", "outlaw", "outlaw"], rules=DODGE_CITY,
                     phase="start", life={1: 1}, hands={0: ["bang"], 1: ["saloon"]},
                     tables={0: ["schofield"], 1: ["mustang", "barrel"]},
                     deck=["beer", "duel"])
    table.choose(0, 2)
    table.play(0, "bang", target=1)
    table.pass_(1)
    table.pass_(1)
    table.expect(2, SHARE_PICK)
    assert ask(table) == Choose(table.in_play_slot(1, "barrel"))


def test_pat_brennan_takes_a_foes_barrel_rather_than_drawing() -> None:
    table = _table(characters=["pat_brennan", *PLAIN4[1:]], phase="start",
                   tables={2: ["barrel"]})
    table.expect(0, PICK_IN_PLAY)
    assert ask(table) == Choose(table.in_play_slot(2, "barrel"))


def _pat_and_vera_alone(turn: int, barrel: int) -> Scenario:
    """Pat Brennan (seat 0) and Vera Custer (seat 2) left alone at Dodge City's three-player
    table, a Barrel in front of seat ``barrel`` the only card in play, seat ``turn`` about to
    draw. Vera copies Pat (the only other player alive, so without a choice): whatever one
    takes from the other, the other can take back on the next turn, and neither would ever
    draw again."""
    table = Scenario(["pat_brennan", "willy_the_kid", "vera_custer"], rules=DODGE_CITY,
                     roles=[OUTLAW, DEPUTY, RENEGADE], dead=[1], phase="start", turn=turn,
                     tables={barrel: ["barrel"]}, deck=["bang", "beer"])
    table.expect(turn, PICK_IN_PLAY)
    return table


@pytest.mark.parametrize(("turn", "barrel"), [(0, 2), (2, 0)], ids=["pat", "vera_as_pat"])
def test_pat_brennan_draws_rather_than_take_what_can_be_taken_back(turn: int,
                                                                   barrel: int) -> None:
    # Given Pat Brennan and Vera Custer alone, the other's Barrel in play
    table = _pat_and_vera_alone(turn, barrel)
    # When the one to draw chooses how, Then he draws two cards from the deck
    assert ask(table) == Choose(DRAW_FROM_DECK)


def test_the_deal_where_pat_brennan_and_vera_custer_traded_a_barrel_for_ever_ends() -> None:
    # Given the three-player deal where Pat Brennan and Vera Custer, left alone, took the
    # same Barrel from each other every turn (found by playing 400 deals of sensible bots)
    game = Game(3, choice=_choice(3))
    dealer = LocalDealer("stall/363")
    bots = [SensibleBot(f"stall/363/{seat}") for seat in range(3)]
    # When the sensible bots play it, Then it ends
    for _ in range(MAX_STEPS):
        pending = game.pending
        if isinstance(pending, End):
            break
        events = game.apply(bots[pending.seat].decide(game, pending)
                            if isinstance(pending, Decision) else dealer.resolve(pending))
        for bot in bots:
            bot.observe(events)
    assert isinstance(game.pending, End)
    assert {game.players[seat].character for seat in range(3)} >= {"pat_brennan",
                                                                   "vera_custer"}


def test_vera_custer_borrows_the_best_ability_at_the_table() -> None:
    table = _table(characters=["vera_custer", "black_jack", "slab_the_killer", "pedro_ramirez"],
                   phase="start")
    table.expect(0, COPY_PICK)
    assert ask(table) == Choose(2)


def test_chuck_wengam_trades_a_spare_life_for_cards() -> None:
    table = _table(characters=["chuck_wengam", *PLAIN4[1:]], hands={0: ["dynamite"]},
                   life={0: 4})
    assert ask(table) == Ability((), ())


def test_chuck_wengam_keeps_his_last_lives() -> None:
    table = _table(characters=["chuck_wengam", *PLAIN4[1:]], hands={0: ["dynamite"]},
                   life={0: 2})
    assert not isinstance(ask(table), Ability)


@pytest.mark.parametrize("me,target", [(0, 2), (1, 0), (2, 1)])
def test_at_three_players_the_bot_shoots_its_own_target(me: int, target: int) -> None:
    """Deputy (0) hunts the Renegade (2), the Outlaw (1) the Deputy, the Renegade the
    Outlaw; all three sit at distance 1."""
    table = _table(characters=PLAIN4[:3], turn=me, hands={me: ["bang"]})
    assert is_play(table, ask(table), "bang", target)


# ---------------------------------------------------------------------- tournaments


def test_a_sensible_sheriff_team_beats_random_bots_in_dodge_city() -> None:
    def sheriff_rate(team: str) -> float:
        wins = 0
        for seed in range(150):
            players = 4 + seed % 5
            record = play_game(players, seed, lineup(team, "random"), choice=_choice(players))
            assert record.fallbacks == 0
            wins += record.team == "sheriff"
        return wins / 150

    sensible, random_rate = sheriff_rate("sensible"), sheriff_rate("random")
    print(f"Dodge City, Sheriff's team wins: sensible {sensible:.1%}, random {random_rate:.1%}")
    assert sensible >= random_rate + 0.25


@pytest.mark.parametrize("role", [DEPUTY, OUTLAW, RENEGADE])
def test_a_sensible_player_wins_most_three_player_games_against_two_random_bots(
        role: str) -> None:
    kinds = {r: "random" for r in (DEPUTY, OUTLAW, RENEGADE)} | {role: "sensible"}
    wins = sum(play_game(3, seed, kinds, choice=_choice(3)).team == role
               for seed in range(150))
    assert wins / 150 >= 0.55  # a random seat wins about a third
