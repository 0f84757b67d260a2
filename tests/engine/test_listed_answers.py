"""The card game's shortcut for listed answers, and its chance checks written out, take and
refuse exactly what ``check`` does.

Why: ``Game.apply`` takes an answer without ``check`` when it is one of the very objects
``legal_actions`` listed for the pending decision (the bots' answers, at nearly every step),
and the Deal and Reveal checks have a plain-card path of their own. An equal object that is
not the listed one (off the network), an object listed for an earlier decision, and a
forged field that compares equal (``True == 1``) must still be refused with the deciding
seat named, and change nothing.
"""

from __future__ import annotations

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, IllegalAction, Pass, Play, UseBarrel
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.scenario import Scenario, game_state
from p2pbang.engine.chance import ChanceResult, Deal, Reveal, check_result_shape

FILL = ["black_jack", "kit_carlson", "jesse_jones", "pedro_ramirez"]


def test_an_equal_copy_of_a_listed_answer_goes_through_check_and_is_taken() -> None:
    table = Scenario(FILL, hands={0: ["bang", "beer"]})
    listed = next(a for a in table.game.legal_actions()
                  if isinstance(a, Play) and a.target == 1)
    copy = Play(listed.slot, listed.card, listed.target, listed.target_slot)
    assert copy == listed and copy is not listed
    life = table.life(1)
    table.act(copy)
    assert table.life(1) == life - 1  # no card to answer with: the BANG! hits


def test_a_forged_field_equal_to_a_listed_one_is_refused() -> None:
    """``Play(slot, card, True)`` equals the listed ``Play(slot, card, 1)``: it must not be
    taken as the listed answer (a bool is not a seat)."""
    table = Scenario(FILL, hands={0: ["bang", "beer"]})
    listed = next(a for a in table.game.legal_actions()
                  if isinstance(a, Play) and a.target == 1)
    forged = Play(listed.slot, listed.card, True)
    assert forged == listed
    assert table.reject(forged) == "Play.target must be an integer"


def test_an_answer_listed_for_an_earlier_decision_is_checked_again() -> None:
    """The listed Beer, played once, is not in the hand at the next decision of the same
    seat: the very same object is refused there, attributed to seat 0."""
    table = Scenario(FILL, hands={0: ["beer", "bang"]}, life={0: 3})
    beer = next(a for a in table.game.legal_actions()
                if isinstance(a, Play) and table.game.card_name(a.card) == "beer")
    table.act(beer)
    assert table.game.pending == Decision(0, "play")
    assert table.reject(beer) == f"slot {beer.slot} is not in seat 0's hand"


def test_a_separately_made_pass_or_barrel_is_taken() -> None:
    """The legal actions list one shared ``Pass()``; any other equal one answers too."""
    table = Scenario(FILL, hands={0: ["bang"]}, tables={1: ["barrel"]})
    listed = table.game.legal_actions()
    assert listed[-1] == Pass()
    slot, card = table.slot_of(0, "bang")
    table.act(Play(slot, card, 1))
    assert table.game.pending.kind == "respond_shot"
    assert UseBarrel() in table.game.legal_actions()
    table.act(UseBarrel())  # not the listed object
    assert table.game.pending == Decision(0, "play")
    table.game.apply(Pass())


@pytest.mark.parametrize("values, reason", [
    ((1.0,), "card values must be integers"),
    ((True,), "card values must be integers"),
    (("1",), "card values must be integers"),
    ((None,), "a public reveal must show every card"),
    ((None, 1.0), "card values must be integers"),  # the integers first, as before
    ((1, 2), "expected 1 card values, got 2"),
])
def test_reveal_shapes_are_refused_with_the_same_reasons(values: tuple, reason: str) -> None:
    assert check_result_shape(Reveal((5,) if len(values) != 2 or reason.startswith(
        "expected") else (5, 6)), ChanceResult(values)) == reason


def test_deal_shapes_allow_hidden_cards_and_refuse_the_rest() -> None:
    assert check_result_shape(Deal((5, 6), 0), ChanceResult((None, None))) is None
    assert check_result_shape(Deal((5, 6), 0), ChanceResult((3, 4))) is None
    assert check_result_shape(Deal((5,), 0), ChanceResult((False,))) == (
        "card values must be integers")
    assert check_result_shape(Deal((5,), 0), ChanceResult(())) == "expected 1 card values, got 0"


def test_a_dealt_card_that_contradicts_what_the_engine_knows_is_refused() -> None:
    """The plain-card path of the Deal check: a slot's known card, a card known elsewhere,
    a card outside the catalog; the state is unchanged and the right card is then taken."""
    game = Game(4)
    dealer = LocalDealer(3)
    while not (isinstance(game.pending, Deal) and game.pending.slots[0] not in game._role_slots
               and game.current != -1):
        game.apply(dealer.resolve(game.pending) if not isinstance(game.pending, Decision)
                   else game.legal_actions()[-1])
    request = game.pending
    good = dealer.resolve(request)
    before = game_state(game)
    held_elsewhere = game.known[game.players[game.sheriff].hand[0]] if game.players[
        game.sheriff].hand else game.known[game.discard[-1]]
    for bad, reason in [
        ((held_elsewhere, *good.values[1:]), "known to be elsewhere"),
        ((len(game.cards), *good.values[1:]), "no such card"),
        ((-1, *good.values[1:]), "no such card"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(ChanceResult(bad))
        assert game_state(game) == before
    game.apply(good)
