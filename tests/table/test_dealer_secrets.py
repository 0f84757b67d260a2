"""A seat's secrets survive a crash: the dealer key, and the opening of a commitment that is
in the log but not yet revealed (without it the table could never finish that draw)."""

from __future__ import annotations

import msgpack
import pytest

from p2pbang.crypto.errors import ProtocolMisuse
from p2pbang.dealer.mental import MentalDealer
from p2pbang.net.log import Entry
from p2pbang.table.core import DEAL, TableCore
from p2pbang.table.dealer_secrets import (
    PendingOpening,
    SeatSecrets,
    SecretsError,
    pending_opening,
    restore_opening,
)

from .signed_table import SignedTable, random_choosers

SEAT = 2


def test_secrets_round_trip() -> None:
    plain = SeatSecrets(b"k" * 32)
    assert SeatSecrets.decode(plain.encode()) == plain
    full = SeatSecrets(b"k" * 32, PendingOpening(7, b"n" * 32, b"v" * 32))
    assert SeatSecrets.decode(full.encode()) == full


@pytest.mark.parametrize("raw,words", [
    (b"\xc1", "undecodable"),
    (msgpack.packb({"v": 2, "key": b"k" * 32}), "unknown secrets format"),
    (msgpack.packb({"v": 1, "key": b"short"}), "32 bytes"),
    (msgpack.packb({"v": 1, "key": b"k" * 32, "open": [1, b"n", b"v" * 32]}), "malformed"),
    (msgpack.packb({"v": 1, "key": b"k" * 32, "open": ["1", b"n" * 32, b"v" * 32]}),
     "malformed"),
])
def test_damaged_secrets_are_refused(raw: bytes, words: str) -> None:
    with pytest.raises(SecretsError, match=words):
        SeatSecrets.decode(raw)


def _to_commitment(table: SignedTable) -> PendingOpening:
    """Play until SEAT has composed a commitment for a public draw; write that position."""
    choosers = random_choosers(table.players, seed=4)
    while True:
        turn = table.logs[0].open_turn()
        assert turn is not None, "the game ended without a draw"
        table.logs[SEAT].open_turn()
        core = table.cores[SEAT]
        if SEAT in turn.seats and core.expected().kind == DEAL:
            core.my_deal_payload()
            opening = pending_opening(core.dealer)
            if opening is not None:
                table.step(choosers)
                return opening
        table.step(choosers)


def test_a_seat_restarted_between_commit_and_reveal_reveals_the_same_value() -> None:
    table = SignedTable(4)
    opening = _to_commitment(table)
    # The seat crashes now: a fresh core from its dealer key replays the log.
    session = table.genesis.session_id
    secret = table.cores[SEAT].dealer.export_secret_key()
    reborn = TableCore(4, SEAT, MentalDealer(SEAT, 4, session, secret_key=secret))
    reborn.start()
    for entry in table.logs[SEAT].entries():
        for part in Entry.decode(entry.raw).parts:
            reborn.receive(part.seat, part.kind, part.payload)
    table.logs[SEAT].open_turn()
    assert reborn.expected() == table.cores[SEAT].expected()
    # Control: without the saved opening the seat cannot reveal at all.
    with pytest.raises(ProtocolMisuse, match="commitment was lost"):
        reborn.my_deal_payload()
    assert not restore_opening(reborn.dealer, PendingOpening(opening.round_id + 1,
                                                             opening.nonce, opening.value))
    assert restore_opening(reborn.dealer, opening)
    assert not restore_opening(reborn.dealer, opening)  # it has one now
    # The very reveal the seat would have sent had it not crashed.
    assert reborn.my_deal_payload() == table.cores[SEAT].my_deal_payload()


def test_no_opening_is_pending_outside_a_draw() -> None:
    table = SignedTable(4)
    assert pending_opening(table.cores[0].dealer) is None
    assert not restore_opening(table.cores[0].dealer, PendingOpening(0, b"n" * 32, b"v" * 32))
    assert not restore_opening(table.cores[0].dealer, None)


def test_an_escrowed_draws_value_survives_a_restart() -> None:
    """With escrow a draw's value is escrowed and committed first: a seat restarted between
    its commitment and its dealing gets both back from its secrets file."""
    from p2pbang.dealer.mental import MentalDealer
    from p2pbang.engine.chance import RandomInt
    from p2pbang.table.dealer_secrets import (
        PendingDealing,
        SeatSecrets,
        pending_dealing,
        restore_dealing,
    )

    session = b"s" * 32
    dealers = [MentalDealer(s, 3, session, escrow_threshold=2) for s in range(3)]
    while not dealers[0].done():  # the key round and the escrow
        parts = [(s, d.outgoing()) for s, d in enumerate(dealers)
                 if s in dealers[0].expected_writers()]
        for seat, payload in parts:
            for dealer in dealers:
                dealer.receive(seat, payload)
    for dealer in dealers:
        dealer.begin(RandomInt(6))
    commits = [(s, d.outgoing()) for s, d in enumerate(dealers)]
    saved = pending_dealing(dealers[1])
    assert isinstance(saved, PendingDealing)
    again = SeatSecrets.decode(SeatSecrets(b"k" * 32, None, saved).encode())
    assert again.dealing == saved
    # A restarted seat 1 (the log replayed) publishes the very dealing it committed to.
    restarted = MentalDealer(1, 3, session, escrow_threshold=2,
                             secret_key=dealers[1].export_secret_key())
    assert restarted.pending_escrowed_draw() is None
    dealing_before = None
    for seat, payload in commits:
        for dealer in dealers:
            dealer.receive(seat, payload)
    dealing_before = dealers[1].outgoing()
    assert dealing_before is not None
    assert not restore_dealing(restarted, saved)  # its draw is not running yet
