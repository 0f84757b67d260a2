"""ReorderHand: the holder re-randomises the order of its own hand with a proven shuffle,
so that a seat that knew one card of it (it gave or lost that card) cannot tell which slot
holds it when a public random index is drawn from the hand."""

from __future__ import annotations

import pytest

from p2pbang.crypto import messages as msg
from p2pbang.crypto import wire
from p2pbang.crypto.elgamal import rerandomised
from p2pbang.crypto.errors import ProtocolMisuse
from p2pbang.crypto.shuffle import shuffle_and_prove
from p2pbang.dealer.board import Table, TableAborted
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.chance import Deal, ReorderHand, Shuffle

SESSION = b"reorder-session-001"
SEATS = 3
CARDS = tuple(range(8))
SLOTS = tuple(range(100, 108))
HAND = (100, 101, 102, 103)
HOLDER, GIVER = 1, 2


def _table_where_the_giver_knows_one_card() -> tuple[Table, int]:
    """Seat 1 holds 100..102 and 103, which seat 2 drew and then gave it."""
    table = Table.create(SEATS, SESSION)
    table.run(Shuffle("deck", CARDS, SLOTS))
    table.run(Deal(HAND[:3], HOLDER))
    [given] = table.run(Deal((103,), GIVER))[GIVER].values
    table.run(Deal((103,), HOLDER))
    assert table.dealers[GIVER].known_card(103) == given
    return table, given


def test_the_hand_keeps_its_cards_in_an_order_only_the_holder_knows() -> None:
    table, given = _table_where_the_giver_knows_one_card()
    holder = table.dealers[HOLDER]
    before = {slot: holder.known_card(slot) for slot in HAND}
    old = [holder.slot_state(slot).ciphertext for slot in HAND]
    results = table.run(ReorderHand(HOLDER, HAND))
    after = results[HOLDER].values
    assert sorted(after) == sorted(before.values())  # type: ignore[type-var]
    assert all(r.values == (None,) * len(HAND) for s, r in enumerate(results) if s != HOLDER)
    assert {holder.known_card(slot) for slot in HAND} == set(before.values())
    for dealer in table.dealers:
        assert [dealer.slot_state(s).ciphertext for s in HAND] != old  # every one re-randomised
        assert not {dealer.slot_state(s).ciphertext for s in HAND} & set(old)
        assert all(dealer.slot_state(s).seen == {HOLDER} for s in HAND)
    assert all(table.dealers[GIVER].known_card(slot) is None for slot in HAND)
    # The hand still works: every card comes out with the holder's proven share.
    for slot in HAND:
        card, payload = holder.reveal_own(slot)
        for dealer in table.dealers:
            dealer.verify_reveal(HOLDER, slot, card, payload)
    assert given in {table.dealers[0].known_card(slot) for slot in HAND}


def test_the_given_card_lands_anywhere() -> None:
    """The giver's card ends in every slot of the hand over repeated reorders (80 of them:
    a slot missed by chance has odds (3/4)^80, below 1e-9; 24 failed about once in 250)."""
    table, given = _table_where_the_giver_knows_one_card()
    landed = set()
    for _ in range(80):
        table.run(ReorderHand(HOLDER, HAND))
        holder = table.dealers[HOLDER]
        landed.add(next(slot for slot in HAND if holder.known_card(slot) == given))
    assert landed == set(HAND)


def _cheats(table: Table) -> dict[str, bytes]:
    d = table.dealers[0]
    old = [d.slot_state(slot).ciphertext for slot in HAND]
    context = b"reorder/seat:1/slots:100,101,102,103"
    _, proof = shuffle_and_prove(old, d.joint_key, SESSION, d.step, HOLDER, context)
    return {
        "a proof for another context": msg.shuffle_message(
            *shuffle_and_prove(old, d.joint_key, SESSION, d.step, HOLDER, b"pile:deck")),
        "a proof for another step": msg.shuffle_message(
            *shuffle_and_prove(old, d.joint_key, SESSION, d.step + 1, HOLDER, context)),
        "reordered, not re-randomised": msg.shuffle_message(list(reversed(old)), proof),
        "one card replaced": msg.shuffle_message(
            [rerandomised(old[0], d.joint_key, 5), *old[1:]], proof),
        "malformed": wire.encode({"t": "shuffle", "deck": b"x", "proof": b"y"}),
    }


@pytest.mark.parametrize("name", ["a proof for another context", "a proof for another step",
                                  "reordered, not re-randomised", "one card replaced",
                                  "malformed"])
def test_a_bad_reorder_pass_is_blamed_on_the_holder_and_changes_nothing(name: str) -> None:
    table, _ = _table_where_the_giver_knows_one_card()
    old = [table.dealers[0].slot_state(slot).ciphertext for slot in HAND]
    payload = _cheats(table)[name]
    for dealer in table.dealers:
        dealer.begin(ReorderHand(HOLDER, HAND))
    with pytest.raises(TableAborted) as aborted:
        table.deliver(HOLDER, payload)
    assert aborted.value.accused == {HOLDER}
    assert sorted(s for s, _ in aborted.value.detections) == list(range(SEATS))
    for dealer in table.dealers:
        assert [dealer.slot_state(slot).ciphertext for slot in HAND] == old
    table.deliver(HOLDER, table.dealers[HOLDER].outgoing())  # the honest pass goes on
    table.drive()
    assert sorted(table.dealers[HOLDER].result().values) == sorted(  # type: ignore[type-var]
        table.dealers[HOLDER].known_card(slot) for slot in HAND)


def test_only_a_hidden_hand_of_its_holder_can_be_reordered() -> None:
    table, _ = _table_where_the_giver_knows_one_card()
    dealer = table.dealers[0]
    for bad in (ReorderHand(GIVER, HAND), ReorderHand(HOLDER, (100, 104)),
                ReorderHand(HOLDER, (100, 100)), ReorderHand(7, HAND)):
        with pytest.raises(ProtocolMisuse):
            dealer.begin(bad)
    step = dealer.step
    table.run(ReorderHand(HOLDER, (101,)))  # one card: nothing to hide, nothing sent
    assert all(d.step == step and d.done() for d in table.dealers)


def test_the_local_dealer_answers_a_reorder_the_same_way() -> None:
    """Solo play and tests use the seeded LocalDealer: same seed, same new order."""
    answers = []
    for _ in range(2):
        local = LocalDealer("reorder", {100: 3, 101: 5, 102: 7, 103: 1})
        answers.append([local.resolve(ReorderHand(HOLDER, HAND)).values for _ in range(8)])
        assert sorted(local.cards[slot] for slot in HAND) == [1, 3, 5, 7]
        assert tuple(local.cards[slot] for slot in HAND) == answers[-1][-1]
    assert answers[0] == answers[1]
    assert len(set(answers[0])) > 1 and all(sorted(a) == [1, 3, 5, 7] for a in answers[0])
