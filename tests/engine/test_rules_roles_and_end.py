"""Roles, rewards and penalties, the end of the game, turn order, hand limit, reshuffles.

Rules authority: the base rulebooks in shared/seeds (001 Hungarian, 002 Romanian): "Penalties
and rewards", "End of the game", the turn's three phases. Seat 0 is the Sheriff; four players
are Sheriff, Outlaw, Outlaw, Renegade, five add a Deputy at seat 4.
"""

from __future__ import annotations

from collections import Counter

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import (
    DISCARD,
    PLAY,
    RESPOND_SHOT,
    Decision,
    Discard,
    End,
    Pass,
    Play,
)
from p2pbang.engine.bang.cards.base import BASE_CARDS, DEPUTY, OUTLAW, RENEGADE, SHERIFF
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.position import START
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.engine.chance import Shuffle, result_for_viewer

FILL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]
FILL5 = [*FILL, "willy_the_kid"]
PLAIN = ["willy_the_kid", "slab_the_killer", "vulture_sam", "calamity_janet"]


def everything_else(*placed: str) -> list[str]:
    """Every card not named in ``placed``: stacked on the discard pile, it empties the deck."""
    left = Counter(card.name for card in BASE_CARDS)
    left.subtract(spec.partition(":")[0] for spec in placed)
    return [name for name, count in left.items() for _ in range(count)]


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_setup_deals_roles_characters_life_and_hands(players: int) -> None:
    """Setup: the role deck for the table size, one character each, life from the character
    (+1 for the Sheriff), as many cards as life points; the Sheriff shows his role."""
    game = Game(players)
    dealer = LocalDealer(players)
    # Run the setup up to the first turn's start, before the Sheriff's phase 1.
    while not any(event.kind == "turn" for event in game.apply(dealer.resolve(game.pending))):
        assert not isinstance(game.pending, (Decision, End))
    expected = {4: Counter({SHERIFF: 1, RENEGADE: 1, OUTLAW: 2}),
                5: Counter({SHERIFF: 1, RENEGADE: 1, OUTLAW: 2, DEPUTY: 1}),
                6: Counter({SHERIFF: 1, RENEGADE: 1, OUTLAW: 3, DEPUTY: 1}),
                7: Counter({SHERIFF: 1, RENEGADE: 1, OUTLAW: 3, DEPUTY: 2})}[players]
    assert Counter(p.role for p in game.players) == expected
    sheriff = game.players[game.sheriff]
    assert sheriff.role == SHERIFF and sheriff.role_public
    assert not any(p.role_public for p in game.players if p is not sheriff)
    assert len({p.character for p in game.players}) == players
    for p in game.players:
        assert len(p.hand) == p.life == p.max_life
    assert sheriff.max_life in (4, 5)  # 3 or 4 on the card, +1
    assert game.current == game.sheriff  # "the Sheriff starts"


def test_another_seat_does_not_see_hidden_roles() -> None:
    """Roles other than the Sheriff's stay secret: a seat's engine knows only its own."""
    game = Game(5, viewer=2)
    dealer = LocalDealer(11)
    while not isinstance(game.pending, (Decision, End)):
        request = game.pending
        game.apply(result_for_viewer(request, dealer.resolve(request), 2))
    known = [p.seat for p in game.players if p.role is not None]
    assert sorted(known) == sorted({2, game.sheriff})


# ---------------------------------------------------------------------- rewards, penalties


@pytest.mark.parametrize(("killer", "roles"), [
    (0, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"]),
    (3, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"]),
    (2, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"]),
    (4, ["sheriff", "outlaw", "outlaw", "renegade", "deputy"]),
])
def test_killing_an_outlaw_rewards_anyone_with_three_cards(killer: int,
                                                           roles: list[str]) -> None:
    """"Any player eliminating an Outlaw (even an Outlaw) draws 3 cards from the deck"."""
    table = Scenario(FILL5, roles=roles, hands={killer: ["duel"]}, life={1: 1}, turn=killer,
                     deck=["beer", "missed", "gatling"])
    table.play(killer, "duel", target=1)
    assert not table.alive(1)
    assert table.hand(killer) == ["beer", "missed", "gatling"]
    (reward,) = [e for e in table.events if e.kind == "reward"]
    assert reward.seat == killer and reward.target == 1 and reward.value == 3


@pytest.mark.parametrize("victim", [3, 4])
def test_killing_the_renegade_or_a_deputy_draws_nothing(victim: int) -> None:
    """Only an Outlaw's elimination is rewarded (seat 1, an Outlaw, kills here)."""
    table = Scenario(FILL5, hands={1: ["duel"]}, life={victim: 1}, turn=1,
                     deck=["beer", "missed", "gatling"])
    table.play(1, "duel", target=victim)
    assert not table.alive(victim)
    assert table.hand(1) == []
    assert "reward" not in table.event_kinds() and "penalty" not in table.event_kinds()


def test_only_the_sheriff_is_penalised_for_a_deputy() -> None:
    """The penalty is for the Sheriff: a Deputy killed by anyone else costs nothing."""
    table = Scenario(FILL5, hands={3: ["duel", "beer"]}, tables={3: ["barrel"]},
                     life={4: 1}, turn=3)
    table.play(3, "duel", target=4)
    assert not table.alive(4)
    assert table.hand(3) == ["beer"] and table.in_play(3) == ["barrel"]


def test_sheriff_penalty_applies_through_a_gatling() -> None:
    """A Deputy killed by the Sheriff's Gatling: the Sheriff is responsible (B3), so he
    discards everything."""
    table = Scenario(FILL5, hands={0: ["gatling", "beer"], 1: ["beer"], 2: ["beer"],
                                   3: ["beer"]}, tables={0: ["scope"]}, life={4: 1})
    table.play(0, "gatling")
    for seat in (1, 2, 3):
        table.pass_(seat)
    assert not table.alive(4)
    assert table.hand(0) == [] and table.in_play(0) == []


def test_elimination_reveals_the_role_publicly() -> None:
    """"When you are eliminated, show your role card": every seat's engine learns it."""
    table = Scenario(FILL5, hands={0: ["bang"]}, life={4: 1}, viewer=1)
    (slot,) = table.game.players[0].hand
    assert table.game.players[4].role is None
    table.act(Play(slot, table.game.initial_cards[slot], 4))
    assert table.game.players[4].role == DEPUTY and table.game.players[4].role_public
    (elimination,) = [e for e in table.events if e.kind == "eliminated"]
    assert elimination.seat == 4 and elimination.target == 0


# ---------------------------------------------------------------------- end of the game


def test_the_game_ends_in_the_middle_of_a_gatling() -> None:
    """The end is checked at once: the Sheriff falls to the first Gatling shot, and the
    players after him are never asked."""
    table = Scenario(FILL, hands={3: ["gatling"], 1: ["missed"], 2: ["missed"]},
                     life={0: 1}, turn=3)
    table.play(3, "gatling")
    assert table.end is not None and table.end.team == "outlaws"
    assert table.end.winners == (1, 2)
    assert table.life(1) == 4 and table.hand(1) == ["missed"]


def test_the_sheriff_wins_mid_gatling_when_the_last_outlaw_falls() -> None:
    """All Outlaws and the Renegade dead: the Sheriff and his Deputies win, even though a
    Deputy was still to be shot."""
    table = Scenario(FILL5, roles=["sheriff", "renegade", "outlaw", "deputy", "outlaw"],
                     hands={0: ["gatling"], 3: ["missed"]}, life={1: 1, 2: 1}, dead=[4])
    table.play(0, "gatling")
    assert table.end is not None and table.end.team == "sheriff"
    assert table.end.winners == (0, 3)
    assert table.hand(3) == ["missed"]


def test_after_the_end_nothing_is_accepted() -> None:
    """A finished game refuses every further input and lists no legal action."""
    table = Scenario(FILL, hands={3: ["bang"]}, life={0: 1}, dead=[1, 2], turn=3)
    table.play(3, "bang", target=0)
    assert table.end is not None
    assert table.legal() == []
    assert "over" in table.reject(Pass())


def test_all_roles_are_revealed_at_the_end() -> None:
    """At the end every role is shown (the winners must be known to every seat)."""
    table = Scenario(FILL5, hands={3: ["bang"]}, life={0: 1}, dead=[1, 2], turn=3, viewer=0)
    (slot,) = table.game.players[3].hand
    table.act(Play(slot, table.game.initial_cards[slot], 0))
    assert all(p.role_public for p in table.game.players)
    assert table.game.players[4].role == DEPUTY and table.game.players[3].role == RENEGADE


# ---------------------------------------------------------------------- turns


def test_turn_order_goes_left_and_skips_the_dead() -> None:
    """Play goes clockwise; an eliminated player has no more turns."""
    table = Scenario(PLAIN, dead=[1], deck=["beer", "missed"])
    table.end_turn(0)
    table.expect(2, PLAY)
    assert table.game.current == 2
    assert table.hand(2) == ["beer", "missed"]


def test_the_current_player_dying_in_his_own_duel_ends_his_turn() -> None:
    """Eliminated in his own turn (a Duel he lost), the next player plays; the winner of
    the Duel eliminated him and draws the reward for an Outlaw."""
    table = Scenario(PLAIN, hands={1: ["duel"], 2: ["bang"]}, life={1: 1}, turn=1,
                     deck=["beer", "missed", "gatling", "saloon", "panic"])
    table.play(1, "duel", target=2)
    table.respond(2, "bang")  # seat 1 holds nothing to answer: he loses and dies
    assert not table.alive(1)
    assert table.hand(2)[:3] == ["beer", "missed", "gatling"]
    table.expect(2, PLAY)
    assert table.game.current == 2


def test_the_current_player_killed_by_dynamite_loses_his_turn() -> None:
    """Dynamite kills at the start of the turn: no Jail check, no draw, the next plays."""
    table = Scenario(FILL, tables={1: ["dynamite", "jail"]}, life={1: 1}, phase=START,
                     turn=1, deck=["missed:2S", "beer", "missed"])
    assert not table.alive(1)
    assert "jail_check" not in table.event_kinds()
    table.expect(2, PLAY)
    assert table.hand(2) == ["beer", "missed"]


def test_hand_limit_at_the_end_of_the_turn_is_the_current_life() -> None:
    """Phase 3: discard down to as many cards as your current life points; you choose."""
    table = Scenario(FILL, hands={1: ["bang", "beer", "duel", "panic"]}, life={1: 2}, turn=1)
    table.end_turn(1)
    decision = table.expect(1, DISCARD)
    assert decision.needed == 2
    assert Pass() not in table.legal()
    table.discard(1, "panic")
    assert table.expect(1, DISCARD).needed == 1
    table.discard(1, "bang")
    assert table.hand(1) == ["beer", "duel"]
    assert table.discard_pile() == ["panic", "bang"]
    table.expect(2)


def test_no_discard_within_the_hand_limit() -> None:
    """As many cards as life points: nothing to discard."""
    table = Scenario(FILL, hands={1: ["bang", "beer"]}, life={1: 2}, turn=1)
    table.end_turn(1)
    assert table.game.current == 2
    assert table.hand(1) == ["bang", "beer"]


def test_discard_phase_accepts_only_a_hand_card() -> None:
    """Phase 3 takes a discard of one of his hand cards, nothing else."""
    table = Scenario(FILL, hands={1: ["bang", "beer"], 2: ["duel"]}, life={1: 1}, turn=1)
    table.end_turn(1)
    slot, card = table.slot_of(2, "duel")
    assert "not in seat 1's hand" in table.reject(Discard(slot, card))
    assert "not legal" in table.reject(Pass())


# ---------------------------------------------------------------------- reshuffles


def test_a_draw_check_reshuffles_an_empty_deck() -> None:
    """A "draw!" with an empty deck takes the top card of the reshuffled discard pile."""
    rest = everything_else("bang", "barrel", "beer:6H")
    table = Scenario(FILL, hands={0: ["bang"]}, tables={1: ["barrel"]},
                     discard=[*rest, "beer:6H"])
    assert table.deck_size() == 0
    table.play(0, "bang", target=1)
    table.expect(1, RESPOND_SHOT)
    table.barrel(1)
    # The scripted reshuffle keeps the order: the BANG! just played is on top.
    assert any(isinstance(r, Shuffle) for r in table.dealer.requests)
    assert table.life(1) == 3
    assert table.discard_pile() == ["bang"]


def test_phase_one_draw_reshuffles_mid_draw() -> None:
    """One card left in the deck: phase 1 takes it, then reshuffles for the second."""
    rest = everything_else("saloon")
    table = Scenario(PLAIN, deck=["saloon"], discard=rest, phase=START)
    assert table.hand(0)[0] == "saloon" and len(table.hand(0)) == 2
    assert "reshuffle" in table.event_kinds()
    assert table.deck_size() == 80 - 2


def test_setup_game_refuses_more_than_seven_players() -> None:
    """The base game seats 4 to 7 players."""
    with pytest.raises(ValueError):
        Game(8)
    with pytest.raises(ValueError):
        Game(3)
