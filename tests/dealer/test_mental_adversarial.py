"""Cheating seats at a MentalDealer table: every attack rejected and blamed on the cheater.

Each test lets one seat post a doctored message through the board; every dealer (the
cheater's own included, since the bytes are not what it composed) must raise
CheatDetected naming that seat, and no dealer's state may change: the honest message
posted afterwards completes the request normally.
"""

from __future__ import annotations

from collections.abc import Callable

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.crypto import messages as msg
from p2pbang.crypto import wire
from p2pbang.crypto.commit_reveal import commitment_digest
from p2pbang.crypto.dleq import DecryptionShare, make_share
from p2pbang.crypto.elgamal import Ciphertext, card_point, encrypt, rerandomised
from p2pbang.crypto.errors import CheatDetected, ProtocolMisuse
from p2pbang.crypto.group import GENERATOR, hash_to_point, sum_points
from p2pbang.crypto.keys import generate_keypair, prove_key
from p2pbang.crypto.shuffle import shuffle_and_prove
from p2pbang.dealer.board import BulletinBoard, Table, TableAborted
from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.chance import Deal, RandomInt, Reveal, Shuffle

SESSION = b"adversarial-sess-01"
SEATS = 3
CARDS = tuple(range(8))
SLOTS = tuple(range(100, 108))


def _only(seat: int, change: Callable[[bytes], bytes]) -> Callable[[int, bytes], bytes]:
    state = {"done": False}

    def tamper(who: int, payload: bytes) -> bytes:
        if who == seat and not state["done"]:
            state["done"] = True
            return change(payload)
        return payload

    return tamper


def _assert_blamed(aborted: pytest.ExceptionInfo[TableAborted], seat: int, table: Table,
                   reason: str = "") -> None:
    exc = aborted.value
    assert exc.accused == {seat}
    assert sorted(detector for detector, _ in exc.detections) == list(range(len(table.dealers)))
    if reason:
        honest = [d for detector, d in exc.detections if detector != seat]
        assert all(reason in d.reason for d in honest), honest[0].reason


def _recover(table: Table, seat: int) -> None:
    """Post the cheater's honest message instead and finish: nobody's state was touched."""
    table.deliver(seat, table.dealers[seat].outgoing())
    table.drive()
    assert all(d.done() for d in table.dealers)


def _shuffled_table() -> Table:
    table = Table.create(SEATS, SESSION)
    table.run(Shuffle("deck", CARDS, SLOTS))
    return table


# ---------------------------------------------------------------------- keys


def test_rogue_key_is_rejected_and_blamed() -> None:
    """The last seat publishes g^x - sum(others) with a proof for its own x only."""
    table = Table([MentalDealer(s, SEATS, SESSION) for s in range(SEATS)], BulletinBoard())

    def tamper(seat: int, payload: bytes) -> bytes:
        if seat != SEATS - 1:
            return payload
        others = [msg.parse_key(wire.decode(e.payload))[0] for e in table.board.entries]
        attacker = generate_keypair()
        rogue_key = attacker.public - sum_points(others)
        return msg.key_message(rogue_key, prove_key(attacker, SESSION, seat))

    with pytest.raises(TableAborted) as aborted:
        table.drive(tamper)
    _assert_blamed(aborted, SEATS - 1, table, "proof of knowledge")
    _recover(table, SEATS - 1)


def test_key_proof_replayed_from_another_seat_is_rejected() -> None:
    copied: dict[str, bytes] = {}

    def tamper(seat: int, payload: bytes) -> bytes:
        if seat == 0:
            copied["key"] = payload
            return payload
        return copied["key"] if seat == 1 else payload

    with pytest.raises(TableAborted) as aborted:
        Table.create(SEATS, SESSION, tamper=tamper)
    assert aborted.value.accused == {1}


def test_key_proof_from_another_session_is_rejected() -> None:
    def replay(payload: bytes) -> bytes:
        kp = generate_keypair()
        return msg.key_message(kp.public, prove_key(kp, b"another-session-01", 2))

    with pytest.raises(TableAborted) as aborted:
        Table.create(SEATS, SESSION, tamper=_only(2, replay))
    assert aborted.value.accused == {2}


# ---------------------------------------------------------------------- shuffle passes


def _doctor_pass(change: Callable[[list[Ciphertext], Table], list[Ciphertext]],
                 holder: dict) -> Callable[[bytes], bytes]:
    def doctor(payload: bytes) -> bytes:
        message = wire.decode(payload)
        deck, proof = msg.parse_shuffle(message, len(CARDS))
        return msg.shuffle_message(change(deck, holder["table"]), proof)

    return doctor


def _run_shuffle_with(cheater: int, change) -> tuple[Table, pytest.ExceptionInfo]:
    table = Table.create(SEATS, SESSION)
    holder = {"table": table}
    for dealer in table.dealers:
        dealer.begin(Shuffle("deck", CARDS, SLOTS))
    with pytest.raises(TableAborted) as aborted:
        table.drive(_only(cheater, change(holder)))
    return table, aborted


def test_inserted_fresh_encryption_of_a_chosen_card_is_rejected() -> None:
    def change(holder):
        def insert(deck, table):
            deck[0] = encrypt(card_point("deck", 7), table.dealers[0].joint_key, 12345)
            return deck
        return _doctor_pass(insert, holder)

    table, aborted = _run_shuffle_with(1, change)
    _assert_blamed(aborted, 1, table, "does not verify")
    _recover(table, 1)


def test_duplicated_card_is_rejected() -> None:
    def change(holder):
        def duplicate(deck, table):
            deck[1] = rerandomised(deck[0], table.dealers[0].joint_key, 777)
            return deck
        return _doctor_pass(duplicate, holder)

    table, aborted = _run_shuffle_with(2, change)
    _assert_blamed(aborted, 2, table, "does not verify")
    _recover(table, 2)


@pytest.mark.parametrize("delta", [-1, 1])
def test_changed_deck_length_is_rejected(delta: int) -> None:
    def change(holder):
        def resize(payload: bytes) -> bytes:
            message = wire.decode(payload)
            deck, proof = msg.parse_shuffle(message, len(CARDS))
            joint = holder["table"].dealers[0].joint_key
            deck = deck[:-1] if delta < 0 else [*deck, encrypt(card_point("deck", 3), joint, 9)]
            return msg.shuffle_message(deck, proof)
        return resize

    table, aborted = _run_shuffle_with(1, change)
    _assert_blamed(aborted, 1, table, "deck of 8 cards")
    _recover(table, 1)


def test_dropped_card_with_a_proof_for_the_shorter_deck_is_rejected() -> None:
    def change(holder):
        def drop(payload: bytes) -> bytes:
            table = holder["table"]
            deck_in = table.dealers[0]._task.deck  # the input every seat holds
            joint = table.dealers[0].joint_key
            out, proof = shuffle_and_prove(deck_in[:-1], joint, SESSION, table.dealers[0].step,
                                           0, b"pile:deck")
            return msg.shuffle_message(out, proof)
        return drop

    table, aborted = _run_shuffle_with(0, change)
    _assert_blamed(aborted, 0, table)
    _recover(table, 0)


def test_reordering_without_rerandomising_is_rejected() -> None:
    def change(holder):
        def reorder(payload: bytes) -> bytes:
            _, proof = msg.parse_shuffle(wire.decode(payload), len(CARDS))
            deck_in = holder["table"].dealers[0]._task.deck
            return msg.shuffle_message(list(reversed(deck_in)), proof)
        return reorder

    table, aborted = _run_shuffle_with(1, change)
    _assert_blamed(aborted, 1, table, "did not re-randomise")
    _recover(table, 1)


def test_valid_proof_for_another_step_or_seat_is_rejected() -> None:
    for fake_step_delta, fake_seat in ((1, 1), (0, 2)):
        def change(holder, fake_step_delta=fake_step_delta, fake_seat=fake_seat):
            def replay(payload: bytes) -> bytes:
                dealer = holder["table"].dealers[1]
                out, proof = shuffle_and_prove(dealer._task.deck, dealer.joint_key, SESSION,
                                               dealer.step + fake_step_delta, fake_seat,
                                               b"pile:deck")
                return msg.shuffle_message(out, proof)
            return replay

        table, aborted = _run_shuffle_with(1, change)
        _assert_blamed(aborted, 1, table, "does not verify")


def test_pass_replayed_from_an_earlier_shuffle_is_rejected() -> None:
    table = _shuffled_table()
    earlier = next(e.payload for e in table.board.entries
                   if e.seat == 1 and wire.decode(e.payload)["t"] == "shuffle")
    for dealer in table.dealers:
        dealer.begin(Shuffle("deck", CARDS, tuple(range(200, 208))))
    with pytest.raises(TableAborted) as aborted:
        table.drive(_only(1, lambda _: earlier))
    _assert_blamed(aborted, 1, table)
    _recover(table, 1)


def test_pass_for_the_wrong_pile_is_rejected() -> None:
    def change(holder):
        def other_pile(payload: bytes) -> bytes:
            dealer = holder["table"].dealers[0]
            out, proof = shuffle_and_prove(dealer._task.deck, dealer.joint_key, SESSION,
                                           dealer.step, 0, b"pile:roles")
            return msg.shuffle_message(out, proof)
        return other_pile

    table, aborted = _run_shuffle_with(0, change)
    _assert_blamed(aborted, 0, table, "does not verify")


# ---------------------------------------------------------------------- decryption shares


def _deal_with(table: Table, request, cheater: int, change) -> pytest.ExceptionInfo:
    for dealer in table.dealers:
        dealer.begin(request)
    with pytest.raises(TableAborted) as aborted:
        table.drive(_only(cheater, change))
    return aborted


def _doctor_shares(slots, edit) -> Callable[[bytes], bytes]:
    def doctor(payload: bytes) -> bytes:
        items = msg.parse_shares(wire.decode(payload), slots)
        return msg.shares_message(edit(items))
    return doctor


def test_random_point_as_share_is_rejected() -> None:
    table = _shuffled_table()
    edit = _doctor_shares((100,), lambda items: [
        (100, DecryptionShare(hash_to_point(b"junk"), items[0][1].proof))])
    aborted = _deal_with(table, Deal((100,), 2), 0, edit)
    _assert_blamed(aborted, 0, table, "proof does not verify")
    _recover(table, 0)


def test_share_of_another_card_is_rejected() -> None:
    table = _shuffled_table()
    edit = _doctor_shares((100, 101), lambda items: [(100, items[1][1]), (101, items[0][1])])
    aborted = _deal_with(table, Deal((100, 101), 2), 1, edit)
    _assert_blamed(aborted, 1, table)
    _recover(table, 1)


def test_valid_proof_for_another_ciphertext_is_rejected() -> None:
    table = _shuffled_table()

    def edit(items):
        dealer = table.dealers[0]
        other_ct = dealer.slot_state(105).ciphertext
        forged = make_share(dealer._keypair, other_ct, SESSION, dealer.step, 0, b"share/slot:100")
        return [(100, forged)]

    aborted = _deal_with(table, Deal((100,), 2), 0, _doctor_shares((100,), edit))
    _assert_blamed(aborted, 0, table, "does not verify")
    _recover(table, 0)


def test_share_replayed_from_an_earlier_step_is_rejected() -> None:
    table = _shuffled_table()
    table.run(Deal((100,), 2))
    table.run(Reveal((100,)))  # seat 2's share of slot 100 now on the board, one step back
    old = next(e.payload for e in reversed(table.board.entries) if e.seat == 2)
    # A fresh Reveal of another slot: replaying the old bytes names the wrong slot.
    aborted = _deal_with(table, Reveal((101,)), 2, lambda _: old)
    _assert_blamed(aborted, 2, table, "items must cover")
    _recover(table, 2)


@pytest.mark.parametrize("edit", [
    lambda items: [],
    lambda items: [*items, items[0]],
    lambda items: list(reversed(items)),
])
def test_missing_extra_or_reordered_items_are_rejected(edit) -> None:
    table = _shuffled_table()

    def doctor(payload: bytes) -> bytes:
        items = msg.parse_shares(wire.decode(payload), (102, 103))
        return msg.shares_message(edit(items))

    aborted = _deal_with(table, Deal((102, 103), 0), 1, doctor)
    _assert_blamed(aborted, 1, table)
    _recover(table, 1)


@pytest.mark.parametrize("bad", [
    b"",
    b"\xc1",
    b"\x81\xa1t\xa6shares",
    msgpack.packb({"items": [], "t": "shares"}) + b"\x00",
    msgpack.packb({"t": "shares", "items": []}),  # keys not in canonical order
    msgpack.packb({"items": [[100, b"x" * 96]], "t": "shares"}, use_bin_type=True),
    msgpack.packb({"items": [[100, "x" * 96]], "t": "shares"}, use_bin_type=True),
    msgpack.packb({"items": [[True, b"x" * 96]], "t": "shares"}, use_bin_type=True),
    msgpack.packb({"items": 1.5, "t": "shares"}),
    msgpack.packb([1, 2, 3]),
    msgpack.packb({"t": "commit", "c": b"\x00" * 32}, use_bin_type=True),
    b"\x91" * 5000,
])
def test_garbage_is_rejected_and_blamed(bad: bytes) -> None:
    table = _shuffled_table()
    aborted = _deal_with(table, Deal((100,), 2), 1, lambda _: bad)
    _assert_blamed(aborted, 1, table)
    _recover(table, 1)


# ---------------------------------------------------------------------- transfers


def test_transfer_that_swaps_the_card_is_rejected() -> None:
    table = _shuffled_table()
    table.run(Deal((100,), 1))
    swap_to = table.dealers[0].slot_state(101).ciphertext

    def swap(payload: bytes) -> bytes:
        [(slot, _, proof)] = msg.parse_transfer(wire.decode(payload), [100])
        return msg.transfer_message([(slot, rerandomised(swap_to, table.dealers[0].joint_key, 5),
                                      proof)])

    aborted = _deal_with(table, Deal((100,), 2), 2, swap)
    _assert_blamed(aborted, 2, table, "swapped")
    _recover(table, 2)


def test_transfer_that_keeps_the_old_ciphertext_is_rejected() -> None:
    table = _shuffled_table()
    table.run(Deal((100,), 1))
    old = table.dealers[0].slot_state(100).ciphertext

    def keep(payload: bytes) -> bytes:
        [(slot, _, proof)] = msg.parse_transfer(wire.decode(payload), [100])
        return msg.transfer_message([(slot, old, proof)])

    aborted = _deal_with(table, Deal((100,), 2), 2, keep)
    _assert_blamed(aborted, 2, table, "not re-randomised")
    _recover(table, 2)


# ---------------------------------------------------------------------- own reveals


def _held(table: Table, seat: int, slot: int) -> int:
    return table.run(Deal((slot,), seat))[seat].values[0]


def test_owner_lying_about_its_card_is_rejected() -> None:
    table = _shuffled_table()
    card = _held(table, 1, 104)
    _, payload = table.dealers[1].reveal_own(104)
    lie = (card + 1) % len(CARDS)
    for dealer in table.dealers:
        with pytest.raises(CheatDetected) as caught:
            dealer.verify_reveal(1, 104, lie, payload)
        assert caught.value.seat == 1 and "holds another" in caught.value.reason
        assert dealer.slot_state(104).card is None  # unchanged
    for dealer in table.dealers:
        dealer.verify_reveal(1, 104, card, payload)  # the truth still goes through


def test_bad_own_reveals_are_rejected() -> None:
    table = _shuffled_table()
    card = _held(table, 1, 104)
    other = _held(table, 2, 105)
    _, payload = table.dealers[1].reveal_own(104)
    _, payload_105 = table.dealers[2].reveal_own(105)
    dealer = table.dealers[0]
    holder = table.dealers[1]
    stale = msg.own_message(104, make_share(holder._keypair, holder.slot_state(104).ciphertext,
                                            SESSION, holder.step + 1, 1, b"own/slot:104"))
    wrong_share = msg.own_message(104, DecryptionShare(
        GENERATOR, msg.parse_own(wire.decode(payload))[1].proof))
    cases = [
        (1, 105, card, payload, "is for slot 104"),           # proof for another slot
        (1, 105, other, payload_105, "not in seat 1's hand"),  # someone else's card
        (2, 104, card, payload, "not in seat 2's hand"),      # seat 1's proof as seat 2's
        (1, 104, card, stale, "does not verify"),             # a proof for another step
        (1, 104, card, wrong_share, "does not verify"),
        (1, 104, card, b"garbage", "malformed"),
        (1, 104, True, payload, "not an integer"),
        (1, 999, card, msg.own_message(999, msg.parse_own(wire.decode(payload))[1]),
         "no hidden slot"),
    ]
    for seat, slot, claimed, data, reason in cases:
        with pytest.raises(CheatDetected) as caught:
            dealer.verify_reveal(seat, slot, claimed, data)  # type: ignore[arg-type]
        assert caught.value.seat == seat and reason in caught.value.reason, caught.value.reason


def test_a_move_of_two_cards_is_checked_whole_before_either_becomes_public() -> None:
    """The second claim fails (a lie, or the first card claimed twice): the first, valid
    one is not made public either, and the honest pair still goes through afterwards."""
    table = _shuffled_table()
    first, second = _held(table, 1, 104), _held(table, 1, 106)
    _, proof_104 = table.dealers[1].reveal_own(104)
    _, proof_106 = table.dealers[1].reveal_own(106)
    lie = next(c for c in CARDS if c not in (first, second))
    for bad in ([(104, first, proof_104), (106, lie, proof_106)],
                [(104, first, proof_104), (104, first, proof_104)]):
        for dealer in table.dealers:
            with pytest.raises(CheatDetected) as caught:
                dealer.verify_reveals(1, bad)
            assert caught.value.seat == 1
            assert dealer.slot_state(104).card is None and dealer.slot_state(106).card is None
    for dealer in table.dealers:
        dealer.verify_reveals(1, [(104, first, proof_104), (106, second, proof_106)])
        assert (dealer.slot_state(104).card, dealer.slot_state(106).card) == (first, second)


def test_unheld_card_cannot_be_revealed_as_own() -> None:
    table = _shuffled_table()
    _held(table, 1, 104)
    dealer = table.dealers[2]
    share = make_share(dealer._keypair, dealer.slot_state(104).ciphertext, SESSION, dealer.step,
                       2, b"own/slot:104")
    for d in table.dealers:
        with pytest.raises(CheatDetected, match="not in seat 2's hand"):
            d.verify_reveal(2, 104, 0, msg.own_message(104, share))


# ---------------------------------------------------------------------- commit-reveal


def _random_with(table: Table, tamper) -> pytest.ExceptionInfo:
    for dealer in table.dealers:
        dealer.begin(RandomInt(6))
    with pytest.raises(TableAborted) as aborted:
        table.drive(tamper)
    return aborted


@pytest.mark.parametrize(("copier", "original"), [(1, 0), (0, 2)])
def test_a_copied_commitment_convicts_the_copier_whatever_the_seat_order(
        copier: int, original: int) -> None:
    """A copy cannot be opened by the copier (a commitment hashes its seat), while the seat
    copied opens its own. Rejecting the later of two equal commitments blamed the honest
    seat whenever a lower seat copied a higher one (parts are applied in seat order, and
    over a network the copier can see the other's part first). So the copy is accepted and
    convicted when it cannot be opened."""
    table = Table.create(SEATS, SESSION)
    commits: dict[int, bytes] = {}

    def tamper(seat: int, payload: bytes) -> bytes:
        if wire.decode(payload)["t"] != "commit":
            return payload
        commits[seat] = payload
        if seat == copier:
            theirs = commits.get(original) or table.dealers[original].outgoing()
            assert theirs is not None and wire.decode(theirs)["t"] == "commit"
            return theirs
        return payload

    aborted = _random_with(table, tamper)
    _assert_blamed(aborted, copier, table, "does not open")
    assert "copy of seat" in aborted.value.detections[0][1].reason
    # The others' reveals go through, the copied seat's included: the draw then waits for
    # the copier alone (an abort attributed to it).
    for seat in sorted(table.dealers[0].expected_writers() - {copier}):
        table.deliver(seat, table.dealers[seat].outgoing())
    assert all(d.expected_writers() == {copier} for d in table.dealers)


def test_reveal_before_the_set_is_closed_is_rejected() -> None:
    table = Table.create(SEATS, SESSION)
    early = msg.reveal_message(b"\x00" * 32, b"\x01" * 32, b"\x02" * 32)
    aborted = _random_with(table, _only(0, lambda _: early))
    _assert_blamed(aborted, 0, table, "before the commitment set was closed")
    # Seat 0 commits properly; a reveal from it while others still commit is refused too.
    table.deliver(0, table.dealers[0].outgoing())
    with pytest.raises(TableAborted) as again:
        table.deliver(0, early)
    _assert_blamed(again, 0, table, "before the commitment set was closed")
    table.drive()
    assert len({d.result().values for d in table.dealers}) == 1


def test_reveal_not_opening_the_commitment_is_rejected() -> None:
    table = Table.create(SEATS, SESSION)

    def tamper(seat: int, payload: bytes) -> bytes:
        message = wire.decode(payload)
        if seat == 2 and message["t"] == "reveal":
            return msg.reveal_message(message["echo"], message["nonce"], b"\x09" * 32)
        return payload

    aborted = _random_with(table, tamper)
    _assert_blamed(aborted, 2, table, "does not open")
    _recover(table, 2)


def test_reveal_echoing_another_commitment_set_is_rejected() -> None:
    table = Table.create(SEATS, SESSION)

    def tamper(seat: int, payload: bytes) -> bytes:
        message = wire.decode(payload)
        if seat == 1 and message["t"] == "reveal":
            return msg.reveal_message(b"\x05" * 32, message["nonce"], message["value"])
        return payload

    aborted = _random_with(table, tamper)
    _assert_blamed(aborted, 1, table, "different commitment set")
    _recover(table, 1)


def test_commitment_bound_to_another_round_cannot_open() -> None:
    table = Table.create(SEATS, SESSION)
    nonce, value = b"\x01" * 32, b"\x02" * 32
    stale = commitment_digest(SESSION, 0, 1, nonce, value)  # made for round 0, not this one

    def tamper(seat: int, payload: bytes) -> bytes:
        kind = wire.decode(payload)["t"]
        if seat == 1 and kind == "commit":
            return msg.commit_message(stale)
        if seat == 1 and kind == "reveal":
            return msg.reveal_message(wire.decode(payload)["echo"], nonce, value)
        return payload

    aborted = _random_with(table, tamper)
    _assert_blamed(aborted, 1, table, "does not open")


# ---------------------------------------------------------------------- turn order, fuzz


def test_message_out_of_turn_is_rejected() -> None:
    table = _shuffled_table()
    for dealer in table.dealers:
        dealer.begin(Deal((100,), 2))
    with pytest.raises(TableAborted) as aborted:
        table.deliver(2, b"anything")  # the receiver owes nothing in a plain deal
    _assert_blamed(aborted, 2, table, "out of turn")
    table.drive()
    with pytest.raises(TableAborted) as idle:
        table.deliver(0, b"anything")
    _assert_blamed(idle, 0, table, "no request")


class _FuzzTables:
    """One shuffled table shared by the fuzz examples, handing out never-used slots."""

    table: Table | None = None
    next_slot = 0

    @classmethod
    def slot(cls) -> tuple[Table, int]:
        if cls.table is None or cls.next_slot >= 100 + FUZZ_CARDS:
            cls.table = Table.create(SEATS, SESSION)
            cls.table.run(Shuffle("deck", tuple(range(FUZZ_CARDS)),
                                  tuple(range(100, 100 + FUZZ_CARDS))))
            cls.next_slot = 100
        cls.next_slot += 1
        return cls.table, cls.next_slot - 1


FUZZ_CARDS = 60


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_fuzzed_payloads_in_every_phase_are_blamed_never_crash(data: bytes) -> None:
    table, slot = _FuzzTables.slot()
    _, other = _FuzzTables.slot()
    if other < slot:  # a fresh table was made for the second slot
        table, slot = _FuzzTables.table, other
        _, other = _FuzzTables.slot()
    for request, seat in ((Deal((slot,), 1), 0), (RandomInt(3), 2), (Reveal((other,)), 1)):
        for dealer in table.dealers:
            dealer.begin(request)
        with pytest.raises(TableAborted) as aborted:
            table.deliver(seat, data)
        assert aborted.value.accused == {seat}
        table.drive()  # the honest messages still complete the request


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["key", "shuffle", "transfer", "shares", "commit", "reveal", "own"]),
       st.dictionaries(st.sampled_from(["items", "c", "echo", "nonce", "value", "deck", "proof",
                                        "pk", "slot", "share"]),
                       st.one_of(st.integers(-5, 300), st.binary(max_size=100),
                                 st.lists(st.lists(st.one_of(st.integers(0, 200),
                                                             st.binary(max_size=100)),
                                                   max_size=3), max_size=3)),
                       max_size=4))
def test_structured_garbage_is_blamed_never_crashes(kind: str, fields: dict) -> None:
    payload = wire.encode({"t": kind, **fields})
    table, slot = _FuzzTables.slot()
    for dealer in table.dealers:
        dealer.begin(Deal((slot,), 2))
    with pytest.raises(TableAborted) as aborted:
        table.deliver(0, payload)
    assert aborted.value.accused == {0}
    table.drive()


def test_a_public_slot_cannot_be_revealed_as_own_by_any_seat() -> None:
    """Once a slot is public nobody's hand holds it for the dealer: a proven share of it
    proves nothing about who holds it, so the dealer refuses it itself (the engine alone
    knows which hand a public card is in)."""
    table = _shuffled_table()
    card = _held(table, 1, 104)
    _, payload = table.dealers[1].reveal_own(104)
    for dealer in table.dealers:
        dealer.verify_reveal(1, 104, card, payload)
    for seat, dealer in enumerate(table.dealers):
        share = make_share(dealer._keypair, dealer.slot_state(104).ciphertext, SESSION,
                           dealer.step, seat, b"own/slot:104")
        for verifier in table.dealers:
            with pytest.raises(CheatDetected, match="already public") as caught:
                verifier.verify_reveal(seat, 104, card, msg.own_message(104, share))
            assert caught.value.seat == seat
        with pytest.raises(ProtocolMisuse, match="already public"):
            dealer.reveal_own(104)
