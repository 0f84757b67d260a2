"""A Fistful of Cards: each of its 15 event cards, one rule per test (sources and readings:
docs/rules/fistful.md).

Seat 0 is the Sheriff (5 lives) of a 4-player table seated by number: seats 1 and 3 are at
distance 1 from seat 0, seat 2 at distance 2. Vulture Sam is the filler: his ability only
acts at an elimination.
"""

from __future__ import annotations

from typing import Any

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import (
    BLACK,
    DECLINE,
    EVENT_PICK,
    EXCHANGE,
    GUESS,
    NO_SLOT,
    PLAY,
    RED,
    RESPOND_MISSED,
    RESPOND_SHOT,
    Choose,
    Decision,
    Discard,
    Pass,
    Play,
    PlayPaid,
    UseGreen,
)
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.rules import RuleSet
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.bang.sets import base, dodge_city, fistful, high_noon
from p2pbang.engine.chance import RandomInt, Shuffle

FISTFUL = RuleSet((base.MODULE, fistful.MODULE))
BOTH = RuleSet((base.MODULE, high_noon.MODULE, fistful.MODULE))
FILL = ["vulture_sam"] * 4


def table_of(characters: list[str] = FILL, **kw: Any) -> Scenario:
    return Scenario(characters, rules=FISTFUL, **kw)


def kinds(table: Scenario, kind: str) -> int:
    return sum(1 for e in table.events if e.kind == kind)


def _setup(rules: RuleSet, seed: int) -> tuple[Game, list[Any]]:
    game = Game(4, rules=rules)
    dealer = LocalDealer(seed)
    requests = []
    while not isinstance(game.pending, Decision):
        requests.append(game.pending)
        game.apply(dealer.resolve(game.pending))
    return game, requests


# ---------------------------------------------------------------------- the pile


def test_the_fistful_pile_holds_fourteen_cards_and_its_final_card_last() -> None:
    game, requests = _setup(FISTFUL, 5)
    shuffle = next(r for r in requests if isinstance(r, Shuffle) and r.pile == "events")
    assert len(shuffle.cards) == 14 and len(game.event_pile) == 14
    assert FISTFUL.events[game.event_final].name == "a_fistful_of_cards"


def test_both_decks_keep_twelve_cards_and_a_final_card_picked_at_random() -> None:
    finals = set()
    for seed in range(8):
        game, requests = _setup(BOTH, seed)
        shuffle = next(r for r in requests if isinstance(r, Shuffle) and r.pile == "events")
        assert len(shuffle.cards) == 26
        assert len(game.event_pile) == 12 and len(game.event_set_aside) == 14
        assert any(isinstance(r, RandomInt) and r.bound == 2 for r in requests)
        finals.add(BOTH.events[game.event_final].name)
    assert finals == {"high_noon", "a_fistful_of_cards"}


# ---------------------------------------------------------------------- the cards


def test_a_fistful_of_cards_one_shot_per_card_in_hand() -> None:
    table = table_of(event="a_fistful_of_cards", turn=1, phase=START,
                     hands={1: ["missed", "beer", "panic"]}, deck=["bang", "bang"])
    table.respond(1, "missed")
    decision = table.expect(1, RESPOND_SHOT)
    assert decision.source == -1
    table.pass_(1)
    table.pass_(1)
    assert table.life(1) == 2
    table.expect(1, PLAY)  # then the turn goes on: phase 1 drew 2
    assert len(table.hand(1)) == 4


def test_abandoned_mine_draws_from_the_discard_and_played_cards_go_on_the_deck() -> None:
    table = table_of(event="abandoned_mine", turn=1, phase=START, hands={1: ["panic"]},
                     discard=["bang", "beer"], deck=["missed"])
    assert sorted(table.hand(1)) == ["bang", "beer", "panic"]
    table.play(1, "beer")
    assert table.discard_pile() == []
    assert table.game.card_name(table.game.known[table.game.deck[-1]]) == "beer"


# Abandoned Mine, its sources (docs/rules/fistful.md; ``MINE_SOURCES`` in the docstrings
# below): the designer's card list, Miniera Abbandonata "se possibile, il giocatore pesca
# dalla pila degli scarti; in tal caso, per quel turno scarta sempre coperto sul mazzo", and
# the official FAQ (Portuguese edition, pegaoabade.blogspot.com, 2009), Q5: "Se a carta não
# foi usada ela vai para a pilha de descarte normalmente ... todas as cartas usadas por você
# durante o seu turno vão para o monte de compras exceto as cartas de BANG! utilizadas
# durante um duelo"; Q6: "José Delgado sempre descarta normalmente".


def test_abandoned_mine_excess_cards_go_to_the_discard_pile() -> None:
    """FAQ Q5 (sources above the tests): the cards discarded down to the hand limit were not
    used, so they go to the discard pile even after a draw from the discard pile."""
    table = table_of(event="abandoned_mine", turn=1, phase=START, life={1: 2},
                     hands={1: ["missed", "panic"]}, discard=["bang", "beer"])
    assert sorted(table.hand(1)) == ["bang", "beer", "missed", "panic"]
    table.pass_(1)
    table.discard(1, "panic")
    table.discard(1, "missed")
    assert not [e for e in table.events if e.kind == "to_deck"]
    # Seat 2's phase 1 then takes them from the top of the discard pile.
    assert [table.game.card_name(e.card) for e in table.events
            if e.kind == "take_discard" and e.seat == 2] == ["missed", "panic"]


def test_abandoned_mine_a_duel_card_goes_on_the_deck_its_bang_answers_do_not() -> None:
    """FAQ Q5 (sources above the tests): every card he used goes on the deck "exceto as
    cartas de BANG! utilizadas durante um duelo": the Duel card moves, the BANG! he answered
    with in it stays on the discard pile."""
    table = table_of(event="abandoned_mine", turn=1, phase=START, hands={1: ["bang"],
                     2: ["bang"]}, discard=["duel", "beer"])
    table.play(1, "duel", target=2)
    table.respond(2, "bang")
    table.respond(1, "bang")
    table.expect(1, PLAY)
    assert table.life(2) == 3
    assert table.discard_pile() == ["bang", "bang"]
    assert table.game.card_name(table.game.known[table.game.deck[-1]]) == "duel"


def test_abandoned_mine_an_ability_discard_goes_to_the_discard_pile() -> None:
    """FAQ Q6 (sources above the tests): Abandoned Mine does not apply to characters' abilities:
    José Delgado's blue card goes to the discard pile; a card he plays goes on the deck."""
    rules = RuleSet((base.MODULE, dodge_city.MODULE, fistful.MODULE))
    table = Scenario(["vulture_sam", "jose_delgado", "vulture_sam", "vulture_sam"],
                     rules=rules, event="abandoned_mine", turn=1, phase=START,
                     hands={1: ["mustang"]}, discard=["beer", "missed"],
                     deck=["panic", "bang"])
    table.ability(1, "mustang")
    assert table.discard_pile() == ["mustang"]
    table.play(1, "beer")
    assert table.discard_pile() == ["mustang"]
    assert table.game.card_name(table.game.known[table.game.deck[-1]]) == "beer"


def test_abandoned_mine_draws_from_the_deck_when_the_discard_runs_out() -> None:
    table = table_of(event="abandoned_mine", turn=1, phase=START,
                     discard=["bang"], deck=["missed", "duel"])
    assert sorted(table.hand(1)) == ["bang", "missed"]


def test_abandoned_mine_from_the_deck_only_cards_go_to_the_discard_pile() -> None:
    table = table_of(event="abandoned_mine", turn=1, phase=START, deck=["beer", "duel"])
    table.play(1, "beer")
    assert table.discard_pile() == ["beer"]


def test_ambush_the_distance_between_any_two_players_is_one() -> None:
    table = table_of(["vulture_sam", "vulture_sam", "paul_regret", "vulture_sam"],
                     event="ambush", hands={0: ["bang", "panic"], 2: ["beer"]},
                     randoms=[0])
    assert table.is_legal(0, "bang", target=2)  # Paul Regret's +1 does not count
    table.play(0, "panic", target=2, from_hand=True)  # Panic! reaches him too


def test_ambush_cards_in_play_still_count() -> None:
    table = table_of(event="ambush", hands={0: ["bang"], 2: ["beer"]},
                     tables={2: ["mustang"]})
    assert not table.is_legal(0, "bang", target=2)
    assert table.is_legal(0, "bang", target=1)


def test_blood_brothers_gives_a_life_point_to_a_chosen_player() -> None:
    table = table_of(event="blood_brothers", turn=1, phase=START, life={3: 2},
                     deck=["beer", "bang"])
    decision = table.expect(1, EVENT_PICK)
    assert decision.options == (DECLINE, 3)
    table.choose(1, 3)
    assert table.life(1) == 3 and table.life(3) == 3
    table.expect(1, PLAY)


def test_blood_brothers_not_with_ones_last_life_point() -> None:
    table = table_of(event="blood_brothers", turn=1, phase=START, life={1: 1, 3: 2},
                     deck=["beer", "bang"])
    table.expect(1, PLAY)


def test_dead_man_the_first_eliminated_comes_back_with_two_life_and_two_cards() -> None:
    table = table_of(event="dead_man", turn=0, hands={0: ["bang"]}, life={1: 1},
                     deck=["beer", "missed", "panic", "duel", "bang", "bang"])
    table.play(0, "bang", target=1)
    assert not table.alive(1)
    table.pass_(0)
    table.expect(1, PLAY)
    assert table.alive(1) and table.life(1) == 2 and len(table.hand(1)) == 4


def test_dead_man_only_the_first_eliminated_returns() -> None:
    table = table_of(event="dead_man", turn=0, hands={0: ["bang"]}, life={1: 1},
                     dead=[2], deck=["beer", "missed", "panic", "duel", "bang", "bang"])
    table.game.eliminated_order[:0] = [2]  # seat 2 fell first, earlier in the game
    table.play(0, "bang", target=1)
    table.pass_(0)
    table.expect(2, PLAY)
    assert table.life(2) == 2 and not table.alive(1)


def test_hard_liquor_skip_phase_one_to_regain_a_life_point() -> None:
    table = table_of(event="hard_liquor", turn=1, phase=START, life={1: 2},
                     deck=["beer", "bang"])
    table.choose(1, fistful.HARD_LIQUOR_HEAL)
    assert table.life(1) == 3 and table.hand(1) == []


def test_hard_liquor_may_draw_as_usual() -> None:
    table = table_of(event="hard_liquor", turn=1, phase=START, life={1: 2},
                     deck=["beer", "bang"])
    table.choose(1, DECLINE)
    assert table.life(1) == 2 and len(table.hand(1)) == 2


def test_the_judge_no_card_is_put_in_play() -> None:
    table = table_of(event="the_judge", hands={0: ["barrel", "jail", "volcanic", "beer"]},
                     life={0: 4})
    played = {table.game.card_name(a.card) for a in table.legal() if isinstance(a, Play)}
    assert played == {"beer"}


def test_lasso_cards_in_play_have_no_effect() -> None:
    table = table_of(event="lasso", hands={0: ["bang"]}, tables={0: ["volcanic"],
                     2: ["mustang"], 1: ["barrel"]})
    assert table.is_legal(0, "bang", target=1)
    assert not table.is_legal(0, "bang", target=2)  # no Mustang; Colt reach 1 vs 2
    table.play(0, "bang", target=1)
    assert table.life(1) == 3  # no Barrel offered: the hit lands


def test_law_of_the_west_the_second_card_is_shown_and_must_be_played() -> None:
    table = table_of(event="law_of_the_west", turn=1, phase=START,
                     hands={1: ["beer"]}, deck=["missed", "bang"], life={1: 3})
    assert kinds(table, "show_draw") == 1
    legal = table.legal()
    assert legal and all(isinstance(a, Play) and table.game.card_name(a.card) == "bang"
                         for a in legal)
    table.play(1, "bang", target=2)  # seat 2 holds no card: the hit lands
    assert table.life(2) == 3 and Pass() in table.legal()


def test_law_of_the_west_a_card_that_cannot_be_played_is_kept() -> None:
    table = table_of(event="law_of_the_west", turn=1, phase=START,
                     deck=["beer", "missed"])
    assert Pass() in table.legal()
    assert "missed" in table.hand(1)


def test_peyote_a_right_guess_keeps_the_card_and_guesses_again() -> None:
    table = table_of(event="peyote", turn=1, phase=START,
                     deck=["beer:6H", "bang:AS", "missed"])
    table.choose(1, RED)
    table.expect(1, GUESS)
    table.choose(1, RED)  # the Ace of Spades is black: discarded, phase 1 over
    table.expect(1, PLAY)
    assert table.hand(1) == ["beer"] and table.discard_pile() == ["bang"]


def test_peyote_after_a_right_guess_he_may_stop() -> None:
    """Peyote (designer's Italian text, docs/rules/fistful.md): "se ha indovinato, la tiene e
    può indovinare ancora" - he may guess again, so he may also stop (``Pass``) and keep
    what he has. The first guess replaces his draw and cannot be declined."""
    table = table_of(event="peyote", turn=1, phase=START,
                     deck=["beer:6H", "bang:AS", "missed"])
    table.expect(1, GUESS)
    assert Pass() not in table.legal()
    table.choose(1, RED)
    table.expect(1, GUESS)
    assert Pass() in table.legal()
    deck = table.deck_size()
    table.pass_(1)
    table.expect(1, PLAY)
    assert table.hand(1) == ["beer"] and table.discard_pile() == []
    assert table.deck_size() == deck


def test_peyote_a_wrong_first_guess_draws_nothing() -> None:
    table = table_of(event="peyote", turn=1, phase=START, deck=["beer:6H", "missed"])
    table.choose(1, BLACK)
    assert table.hand(1) == [] and table.discard_pile() == ["beer"]


def test_ranch_discard_any_number_and_draw_as_many() -> None:
    table = table_of(event="ranch", turn=1, phase=START, hands={1: ["missed", "panic"]},
                     deck=["beer", "bang", "duel", "gatling"])
    table.expect(1, EXCHANGE)
    table.discard(1, "missed")
    table.discard(1, "panic")
    table.pass_(1)
    assert sorted(table.hand(1)) == ["bang", "beer", "duel", "gatling"]
    table.expect(1, PLAY)


def test_ranch_once_only() -> None:
    table = table_of(event="ranch", turn=1, phase=START, hands={1: ["missed"]},
                     deck=["beer", "bang", "duel"])
    table.pass_(1)
    table.expect(1, PLAY)


def test_ricochet_a_bang_against_a_card_in_play_at_any_distance() -> None:
    table = table_of(event="ricochet", hands={0: ["bang", "bang"], 2: ["beer"]},
                     tables={2: ["barrel"]})
    slot, card = table.slot_of(0, "bang")
    target_slot = table.in_play_slot(2, "barrel")
    table.act(Play(slot, card, 2, target_slot))
    table.expect(2, RESPOND_MISSED)
    assert table.legal() == [Pass()]
    table.pass_(2)
    assert table.in_play(2) == [] and "barrel" in table.discard_pile()
    assert table.game.bangs_played == 0
    assert table.is_legal(0, "bang", target=1)


def test_ricochet_a_missed_saves_the_card() -> None:
    table = table_of(event="ricochet", hands={0: ["bang"], 2: ["missed"]},
                     tables={2: ["barrel"]})
    slot, card = table.slot_of(0, "bang")
    table.act(Play(slot, card, 2, table.in_play_slot(2, "barrel")))
    table.respond(2, "missed")
    assert table.in_play(2) == ["barrel"]


def test_russian_roulette_from_the_sheriff_until_one_lacks_a_missed() -> None:
    table = table_of(turn=3, events=["russian_roulette"],
                     hands={0: ["missed"], 1: ["missed"], 2: ["bang"]}, deck=["beer"] * 4)
    table.pass_(3)
    table.respond(0, "missed")
    table.respond(1, "missed")
    table.pass_(2)
    assert table.life(2) == 2
    table.expect(0, PLAY)


def test_sniper_two_bangs_as_one_which_two_missed_cancel() -> None:
    table = table_of(event="sniper", hands={0: ["bang", "bang", "bang"],
                                            1: ["missed", "missed"]})
    (a_slot, a_card), (b_slot, b_card) = sorted(
        (s, table.game.known[s]) for s in table.game.players[0].hand)[:2]
    action = PlayPaid(a_slot, a_card, 1, NO_SLOT, b_slot, b_card)
    assert action in table.legal()
    table.act(action)
    decision = table.expect(1, RESPOND_SHOT)
    assert decision.needed == 2
    table.respond(1, "missed")
    table.respond(1, "missed")
    assert table.life(1) == 4
    assert not table.is_legal(0, "bang", target=1)  # it was his BANG! of the turn


def test_sniper_one_missed_is_not_enough() -> None:
    table = table_of(event="sniper", hands={0: ["bang", "bang"], 1: ["missed"]})
    (a_slot, a_card), (b_slot, b_card) = sorted(
        (s, table.game.known[s]) for s in table.game.players[0].hand)
    table.act(PlayPaid(a_slot, a_card, 1, NO_SLOT, b_slot, b_card))
    table.respond(1, "missed")
    assert table.life(1) == 3


def test_vendetta_hearts_gives_another_turn_once() -> None:
    table = table_of(event="vendetta", turn=1, deck=["beer:6H", "bang", "missed",
                                                     "panic:JH", "duel"])
    table.pass_(1)
    table.expect(1, PLAY)  # Hearts: another turn
    assert table.hand(1) == ["bang", "missed"]
    table.pass_(1)
    table.expect(2, PLAY)  # no draw! for Vendetta after the extra turn


def test_vendetta_no_hearts_no_extra_turn() -> None:
    table = table_of(event="vendetta", turn=1, deck=["bang:AS", "beer", "missed"])
    table.pass_(1)
    table.expect(2, PLAY)


# ---------------------------------------------------------------------- bad input


def test_a_guess_that_is_not_red_or_black_is_refused() -> None:
    table = table_of(event="peyote", turn=1, phase=START, deck=["beer", "missed"])
    assert "not legal" in table.reject(Choose(7))


def test_ranch_refuses_a_card_not_in_the_hand() -> None:
    table = table_of(event="ranch", turn=1, phase=START, hands={1: ["missed"], 2: ["beer"]},
                     deck=["bang", "duel", "panic"])
    slot, card = table.game.players[2].hand[0], table.game.known[table.game.players[2].hand[0]]
    assert "not in seat 1's hand" in table.reject(Discard(slot, card))


def test_two_bangs_as_one_only_under_sniper() -> None:
    table = table_of(event="ranch", hands={0: ["bang", "bang"]})
    (a_slot, a_card), (b_slot, b_card) = sorted(
        (s, table.game.known[s]) for s in table.game.players[0].hand)
    table.reject(PlayPaid(a_slot, a_card, 1, NO_SLOT, b_slot, b_card))


def test_a_ricochet_at_ones_own_card_is_refused() -> None:
    table = table_of(event="ricochet", hands={0: ["bang"]}, tables={0: ["barrel"]})
    slot, card = table.slot_of(0, "bang")
    table.reject(Play(slot, card, 0, table.in_play_slot(0, "barrel")))


def test_blood_brothers_refuses_a_seat_not_offered() -> None:
    table = table_of(event="blood_brothers", turn=1, phase=START, life={3: 2},
                     deck=["beer", "bang"])
    table.reject(Choose(2))  # seat 2 lacks no life


# ---------------------------------------------------------------------- readings


def test_lasso_jail_is_still_checked_at_the_turns_start() -> None:
    """docs/rules/fistful.md: Lasso silences cards in play as Belle Star does."""
    table = table_of(event="lasso", turn=1, phase=START, tables={1: ["jail"]},
                     deck=["bang:AS", "beer", "missed"])
    table.expect(2, PLAY)


def test_the_judge_a_green_card_already_in_play_is_still_used() -> None:
    dodge = RuleSet((base.MODULE, dodge_city.MODULE, fistful.MODULE))
    table = Scenario(FILL, rules=dodge, event="the_judge", hands={0: ["knife"]},
                     tables={0: ["derringer"]})
    table.game.placed_turn[table.in_play_slot(0, "derringer")] = -1
    assert any(isinstance(a, UseGreen) for a in table.legal())
    assert not any(isinstance(a, Play) for a in table.legal())
