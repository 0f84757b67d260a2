"""Bad chance results are refused with a reason and leave the Duel as it was.

Why here: ``apply`` takes the plainest deals and reveals on a fast path (``_plain_cards``);
every other answer must still reach ``check`` and be refused the same way.
"""

from __future__ import annotations

import pytest

from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, IllegalAction
from p2pbang.engine.chance import ChanceResult, Deal, Reveal
from p2pbang.engine.duel.catalog import DUEL_CARDS
from p2pbang.engine.duel.game import DuelGame


def _at_card_request(kind: type, size: int,
                     played: bool = False) -> tuple[DuelGame, LocalDealer]:
    """A seeded game stopped at its first ``kind`` request of at least ``size`` cards that
    are not characters (with ``played``: once some card is known to lie elsewhere)."""
    for seed in range(50):
        game, dealer = DuelGame(), LocalDealer(f"bad-chance/{seed}")
        for _ in range(2000):
            pending = game.pending
            if (type(pending) is kind and len(pending.slots) >= size
                    and not any(slot in game.char_slots for slot in pending.slots)
                    and (not played or set(game.known) - set(pending.slots))):
                return game, dealer
            if isinstance(pending, Decision):
                game.apply(game.legal_actions()[-1])
            else:
                game.apply(dealer.resolve(pending))
            if game.result is not None:
                break
    raise AssertionError(f"no {kind.__name__} of {size} cards in the seeded games")


def _refused(game: DuelGame, result: ChanceResult, reason: str) -> None:
    before = (game.pending, len(game.history), dict(game.known))
    with pytest.raises(IllegalAction, match=reason):
        game.apply(result)
    assert (game.pending, len(game.history), dict(game.known)) == before


def test_given_a_deal_when_one_card_fills_two_slots_then_refused() -> None:
    game, dealer = _at_card_request(Deal, 2)
    values = dealer.resolve(game.pending).values
    _refused(game, ChanceResult((values[0],) * len(values)), "two slots")


def test_given_a_deal_when_a_card_is_known_elsewhere_then_refused() -> None:
    game, dealer = _at_card_request(Deal, 1, played=True)
    elsewhere = next(card for slot, card in game.known.items()
                     if slot not in game.pending.slots)
    values = list(dealer.resolve(game.pending).values)
    values[0] = elsewhere
    _refused(game, ChanceResult(tuple(values)), "elsewhere")


@pytest.mark.parametrize(("value", "reason"), [(len(DUEL_CARDS), "no such card"),
                                               (-1, "no such card"),
                                               (True, "integers")])
def test_given_a_deal_when_a_value_is_no_card_then_refused(value: object, reason: str) -> None:
    game, dealer = _at_card_request(Deal, 1)
    values = list(dealer.resolve(game.pending).values)
    values[0] = value
    _refused(game, ChanceResult(tuple(values)), reason)


def test_given_a_reveal_when_a_card_is_missing_or_the_count_is_wrong_then_refused() -> None:
    game, dealer = _at_card_request(Reveal, 1)
    values = dealer.resolve(game.pending).values
    _refused(game, ChanceResult((None,) * len(values)), "every card")
    _refused(game, ChanceResult((*values, values[0])), "expected")


def test_given_a_deal_when_the_dealer_answers_then_applied() -> None:
    game, dealer = _at_card_request(Deal, 1)
    request = game.pending
    result = dealer.resolve(request)
    game.apply(result)
    assert [game.known[slot] for slot in request.slots] == list(result.values)
