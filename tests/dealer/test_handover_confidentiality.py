"""Confidentiality across a hand-over: the replaced seat's cards reach its new holder only.

The coalition gets everything it could have: its members' secret keys and every point in
every message ever posted (decoded from the board, whatever field it came in), plus
``D' = sk_v*c1'`` (public in a cooperative leave, combinable by anyone from the holders'
partials otherwise). The attack strips the coalition's own key parts from the old and the
new ciphertext and then tries every published point, and every published point next to
``D'``. Each test also runs the attack where it *must* work (a control): publishing
``sk_v*c1`` or ``sk_new*c1'`` directly, or ``t`` holders pooling their escrow shares (the
threshold the table chose), so a broken attack cannot pass for a secure protocol.
"""

from __future__ import annotations

import contextlib

import pytest

from p2pbang.crypto import wire
from p2pbang.crypto.elgamal import CardTable, Ciphertext
from p2pbang.crypto.errors import InvalidEncoding
from p2pbang.crypto.escrow import combine
from p2pbang.crypto.group import Point, scalar_mul, sum_points
from p2pbang.dealer.board import Table
from p2pbang.engine.chance import Deal, Shuffle

SESSION = b"handover-confid-01"
CARDS = tuple(range(12))
SLOTS = tuple(range(100, 112))
SEATS = 4
V = 1
HAND = (100, 101, 102)
OTHER_HAND = (103,)  # seat 2's


def _collect(value: object, pool: set[Point]) -> None:
    if isinstance(value, dict):
        for item in value.values():
            _collect(item, pool)
    elif isinstance(value, list):
        for item in value:
            _collect(item, pool)
    elif isinstance(value, bytes) and len(value) % 32 == 0:
        for i in range(0, len(value), 32):
            with contextlib.suppress(InvalidEncoding):
                pool.add(Point.decode(value[i:i + 32]))


def board_points(table: Table) -> set[Point]:
    pool: set[Point] = set()
    for entry in table.board.entries:
        _collect(wire.decode(entry.payload), pool)
    return pool


def opens(base: Point, pool: set[Point], d_prime: Point | None = None) -> set[int]:
    """Every card ``base`` minus (or plus) one published point, or next to ``D'``, gives."""
    lookup = CardTable()
    lookup.add("deck", CARDS)
    candidates = [base, *(base - p for p in pool), *(base + p for p in pool)]
    if d_prime is not None:
        shifted = base - d_prime
        candidates += [shifted, *(shifted + p for p in pool), *(shifted - p for p in pool)]
    return {c for c in (lookup.identify("deck", x) for x in candidates) if c is not None}


def _played(cooperative: bool):
    table = Table.create(SEATS, SESSION, escrow_threshold=SEATS - 1, observers=1)
    table.run(Shuffle("deck", CARDS, SLOTS))
    hand = table.run(Deal(HAND, V))[V].values
    table.run(Deal(OTHER_HAND, 2))
    old = {s: table.dealers[0].slot_state(s).ciphertext for s in SLOTS}
    old_shares = {s: dict(table.dealers[0].slot_state(s).shares) for s in SLOTS}
    books = {d.seat: d._escrow for d in table.dealers}
    leaver_secret = table.dealers[V]._keypair.secret
    secrets_before = {d.seat: d._keypair.secret for d in table.dealers}
    new = table.hand_over(V, cooperative=cooperative)
    return table, new, hand, old, old_shares, books, leaver_secret, secrets_before


@pytest.fixture(scope="module", params=[True, False], ids=["cooperative", "vanished"])
def played(request):
    return _played(request.param)


def _secret(table: Table, seat: int) -> int:
    return table.dealers[seat]._keypair.secret


def test_no_remaining_seat_knows_the_replaced_hand_but_its_new_holder(played) -> None:
    table, new, hand, *_ = played
    assert tuple(new.known_card(s) for s in HAND) == hand
    for dealer in table.dealers:
        if dealer is not new:
            assert all(dealer.known_card(s) is None for s in HAND)


def test_all_other_seats_together_cannot_open_the_replaced_hand(played) -> None:
    """Old ciphertext: needs sk_v*c1; new one: needs sk_new*c1'. Neither is ever public."""
    table, new, hand, old, old_shares, _, leaver_secret, _ = played
    coalition = [s for s in range(SEATS) if s != V]
    pool = board_points(table)
    for slot, card in zip(HAND, hand, strict=True):
        ct_old = old[slot]
        base_old = ct_old.c2 - sum_points(old_shares[slot].values())  # = M + sk_v*c1
        ct_new = table.dealers[0].slot_state(slot).ciphertext
        base_new = ct_new.c2 - sum_points(scalar_mul(_secret(table, s), ct_new.c1)
                                          for s in coalition)  # = M + sk_new*c1'
        d_prime = scalar_mul(leaver_secret, ct_new.c1)  # public, or combinable by anyone
        assert opens(base_old, pool, d_prime) == set()
        assert opens(base_new, pool, d_prime) == set()
        # Controls: either value the lead's construction never publishes opens the card.
        assert opens(base_old, {scalar_mul(leaver_secret, ct_old.c1)}) == {card}
        assert opens(base_new, {scalar_mul(new._keypair.secret, ct_new.c1)}) == {card}


def test_the_escrow_threshold_is_what_it_says(played) -> None:
    """t = n-1 holders (all the others) pooling their old escrow shares can rebuild
    sk_v*c1 (the table's chosen threshold); n-2 of them cannot."""
    _, _, hand, old, old_shares, books, _, _ = played
    holders = [s for s in range(SEATS) if s != V]
    slot, card = HAND[0], hand[0]
    ct_old = old[slot]
    base_old = ct_old.c2 - sum_points(old_shares[slot].values())
    partials = {j: scalar_mul(books[j].my_shares[V], ct_old.c1) for j in holders}
    assert opens(base_old, {combine(partials)}) == {card}
    for left_out in holders:
        fewer = {j: p for j, p in partials.items() if j != left_out}
        assert opens(base_old, {combine(fewer), *fewer.values()}) == set()


def test_the_deck_and_other_hands_stay_closed_to_all_but_one_seat(played) -> None:
    table, *_ = played
    pool = board_points(table)
    for slot in [*SLOTS[len(HAND) + len(OTHER_HAND):], *OTHER_HAND]:
        state = table.dealers[0].slot_state(slot)
        ct: Ciphertext = state.ciphertext
        for outsider in range(SEATS):
            if slot in OTHER_HAND and outsider != 2:
                continue  # seat 2 knows its own card: only the others without it count
            inside = [s for s in range(SEATS) if s != outsider]
            base = ct.c2 - sum_points(scalar_mul(_secret(table, s), ct.c1) for s in inside)
            assert opens(base, pool) == set(), (slot, outsider)


def test_a_departed_player_and_all_but_the_new_holder_can_open_the_old_deck(played) -> None:
    """The documented limit (docs/crypto.md): the log keeps the deck's old ciphertexts,
    which the departed key and every remaining seat but the new holder's together open.
    The new holder is the one seat protecting the deck after a hand-over."""
    table, _, _, old, _, _, leaver_secret, secrets_before = played
    slot = SLOTS[-1]
    ct = old[slot]
    total = leaver_secret + sum(secrets_before[s] for s in range(SEATS) if s != V)
    assert opens(ct.c2 - scalar_mul(total, ct.c1), set()) != set()
    # Without the departed key they cannot.
    part = sum(secrets_before[s] for s in range(SEATS) if s != V)
    assert opens(ct.c2 - scalar_mul(part, ct.c1), board_points(table)) == set()
