"""Escrow at set-up and seats changing hands in mid-game, on the in-memory board.

The functional tests play a hand-over (cooperative and of a vanished seat) in the middle
of dealing, then go on: deal to the new holder, play a card of the replaced hand with a
verifiable reveal, move a card out of another hand, hand over a second seat. The
adversarial tests let one seat (or the incoming holder) post a doctored message: every
dealer must raise CheatDetected naming the right seat, with the reason saying which of a
seat's two writers failed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from p2pbang.crypto import escrow_messages as emsg
from p2pbang.crypto import wire
from p2pbang.crypto.dleq import DecryptionShare
from p2pbang.crypto.errors import ProtocolMisuse
from p2pbang.crypto.escrow import make_complaint
from p2pbang.crypto.group import GENERATOR, L, base_mul, encode_scalar, scalar_mul, sum_points
from p2pbang.crypto.handover import LEAVER_PROTOCOL, handover_context, make_partial
from p2pbang.crypto.keys import generate_keypair, prove_key
from p2pbang.crypto.linear import LinearProof
from p2pbang.dealer.board import Table, TableAborted
from p2pbang.engine.chance import Deal, RandomInt, Reveal, Shuffle

SESSION = b"handover-session-01"
CARDS = tuple(range(16))
SLOTS = tuple(range(100, 116))


def _table(seats: int = 4, escrow: int | None = 3, observers: int = 1) -> Table:
    table = Table.create(seats, SESSION, escrow_threshold=escrow, observers=observers)
    table.run(Shuffle("deck", CARDS, SLOTS))
    return table


def _all(table: Table):
    return [*table.dealers, *table.observers]


def _kind(payload: bytes) -> str:
    return wire.decode(payload)["t"]


def _on_kind(seat: int, kind: str, change: Callable[[bytes], bytes]):
    state = {"done": False}

    def tamper(who: int, payload: bytes) -> bytes:
        if who == seat and not state["done"] and _kind(payload) == kind:
            state["done"] = True
            return change(payload)
        return payload

    return tamper


def _blamed(aborted: pytest.ExceptionInfo[TableAborted], seat: int, reason: str = "") -> None:
    exc = aborted.value
    assert exc.accused == {seat}, exc
    if reason:
        assert all(reason in d.reason for _, d in exc.detections), exc.detections[0][1].reason


# ---------------------------------------------------------------------- escrow set-up


def test_escrow_gives_every_holder_a_checked_share_of_every_other_key() -> None:
    table = _table(5, escrow=3)
    for dealer in table.dealers:
        book = dealer._escrow
        assert book.ready and book.threshold == 3
        assert sorted(book.my_shares) == [s for s in range(5) if s != dealer.seat]
        for owner, share in book.my_shares.items():
            assert base_mul(share) == book.public_share(owner, dealer.seat)
    kinds = [_kind(e.payload) for e in table.board.entries[:15]]
    assert kinds == ["key"] * 5 + ["escrow"] * 5 + ["complain"] * 5


def test_without_escrow_the_dealer_is_unchanged_and_no_seat_can_vanish() -> None:
    table = _table(3, escrow=None)
    assert [_kind(e.payload) for e in table.board.entries[:4]] == ["key"] * 3 + ["shuffle"]
    with pytest.raises(ProtocolMisuse, match="escrow"):
        table.dealers[0].begin_handover(1, cooperative=False)
    with pytest.raises(ProtocolMisuse):
        Table.create(3, SESSION, escrow_threshold=3)
    # t = 1 would give every seat every key; the Duel (two seats) has no escrow at all.
    with pytest.raises(ProtocolMisuse, match="3 seats"):
        Table.create(3, SESSION, escrow_threshold=1)
    with pytest.raises(ProtocolMisuse, match="3 seats"):
        Table.create(2, SESSION, escrow_threshold=1)


# ---------------------------------------------------------------------- playing on


@pytest.mark.parametrize("cooperative", [True, False])
def test_hand_over_in_mid_game_then_the_game_goes_on(cooperative: bool) -> None:
    table = _table(4, escrow=3, observers=2)
    hand = table.run(Deal((100, 101, 102), 1))[1].values
    other = table.run(Deal((103, 104), 2))[2].values
    old_key = table.dealers[1].public_key
    new = table.hand_over(1, cooperative=cooperative)
    assert table.dealers[1] is new and new.seat == 1 and new.public_key != old_key
    assert tuple(new.known_card(s) for s in (100, 101, 102)) == hand
    assert new.result().values == hand
    assert table.dealers[0].result().values == (None, None, None)
    assert all(d.joint_key == new.joint_key for d in _all(table))
    assert new.joint_key == sum_points(d.public_key for d in table.dealers)
    # The re-share ran: every seat holds a share of the new key.
    assert all(d._escrow.ready for d in table.dealers)
    assert 1 in table.dealers[0]._escrow.my_shares
    # A new card to the new holder; a card of the old hand played with a proven reveal.
    drawn = table.run(Deal((105,), 1))[1].values
    card, payload = new.reveal_own(101)
    assert card == hand[1]
    for dealer in _all(table):
        dealer.verify_reveal(1, 101, card, payload)
        assert dealer.known_card(101) == hand[1]
    # A card of seat 2's hand (re-keyed during the hand-over) moves to the new holder.
    assert table.run(Deal((103,), 1))[1].values == (other[0],)
    # The new holder's card moves on to seat 0 (a transfer under the new key).
    assert table.run(Deal((102,), 0))[0].values == (hand[2],)
    # A second seat vanishes later: the game still goes on.
    second = table.hand_over(3, cooperative=False)
    assert second.seat == 3
    rest = table.run(Reveal(SLOTS[6:]))[0].values
    seen = [*hand, *other, *drawn, *rest]
    assert sorted(seen) == sorted(set(seen)) and set(seen) <= set(CARDS)
    assert table.run(Deal((100,), 3))[3].values == (hand[0],)


def test_a_cooperative_leave_works_without_escrow() -> None:
    table = _table(3, escrow=None)
    hand = table.run(Deal((100, 101), 0))[0].values
    new = table.hand_over(0, cooperative=True)
    assert (new.known_card(100), new.known_card(101)) == hand
    assert table.run(Deal((102,), 0))[0].values[0] in CARDS
    assert new._escrow is None


def test_leaving_with_an_empty_hand_and_an_empty_deck() -> None:
    table = Table.create(3, SESSION, escrow_threshold=2, observers=1)
    new = table.hand_over(2, cooperative=False)
    assert new.seat == 2 and table.dealers[0].joint_key == new.joint_key


def test_a_hand_over_is_refused_mid_round_and_while_a_draws_openings_are_due() -> None:
    table = _table(3, escrow=2)
    for dealer in _all(table):
        dealer.begin(Deal((100,), 0))
    table.deliver(1, table.dealers[1].outgoing())  # one of the two shares is in
    with pytest.raises(ProtocolMisuse, match="between rounds"):
        table.dealers[0].begin_handover(2, cooperative=False)
    table.drive()
    with pytest.raises(ProtocolMisuse, match="observer"):
        table.dealers[0].begin_handover(1, cooperative=True, incoming=True)
    for dealer in _all(table):
        dealer.begin(RandomInt(6))
    for _ in range(2):  # the commitments, then (escrow on) the escrowed values
        for seat in range(3):
            table.deliver(seat, table.dealers[seat].outgoing())
    with pytest.raises(ProtocolMisuse, match="openings"):
        table.dealers[0].begin_handover(2, cooperative=False)


def test_a_deal_waiting_for_the_vanished_seat_runs_again_after_the_hand_over() -> None:
    table = _table(4, escrow=3)
    hand = table.run(Deal((100, 101), 1))[1].values
    other = table.run(Deal((103,), 2))[2].values
    for dealer in _all(table):
        dealer.begin(Deal((103,), 0))
    table.deliver(0, table.dealers[0].outgoing())  # the transfer; the shares wait for 1
    assert table.dealers[0].expected_writers() == {1, 2, 3}
    new = table.hand_over(1, cooperative=False)  # drives the Deal to its end too
    assert all(d.done() for d in _all(table))
    assert table.dealers[0].result().values == other
    assert (new.known_card(100), new.known_card(101)) == hand


def test_a_shuffle_interrupted_by_a_leave_runs_again() -> None:
    table = _table(3, escrow=None)
    roles = (200, 201, 202)
    for dealer in _all(table):
        dealer.begin(Shuffle("roles", (0, 1, 2), roles))
    table.deliver(0, table.dealers[0].outgoing())  # seat 0's pass; seat 1 leaves
    table.hand_over(1, cooperative=True)
    assert all(d.done() for d in _all(table))
    assert sorted(table.run(Reveal(roles))[0].values) == [0, 1, 2]


# ---------------------------------------------------------------------- escrow cheats


def _bad_share_for(holder_index: int) -> Callable[[bytes], bytes]:
    def change(payload: bytes) -> bytes:
        message = wire.decode(payload)
        shares = bytearray(message["shares"])
        chunk = slice(32 * holder_index, 32 * holder_index + 32)
        value = (int.from_bytes(shares[chunk], "little") + 1) % L
        shares[chunk] = encode_scalar(value)
        message["shares"] = bytes(shares)
        return wire.encode(message)

    return change


def test_a_wrong_escrow_share_is_proven_by_complaint_and_blamed_on_its_dealer() -> None:
    with pytest.raises(TableAborted) as aborted:
        Table.create(4, SESSION, escrow_threshold=3,
                     tamper=_on_kind(2, "escrow", _bad_share_for(1)))  # holder seat 1
    _blamed(aborted, 2, "fails the Feldman check (proven by seat 1's complaint)")
    assert len(aborted.value.detections) == 4


def test_a_false_complaint_is_blamed_on_the_accuser() -> None:
    holder: dict[str, Table] = {}

    def accuse(payload: bytes) -> bytes:
        dealer = holder["table"].dealers[3]
        book = dealer._escrow
        dh, proof = make_complaint(dealer._keypair, 3, 0, book.dealings[0], SESSION,
                                   dealer.step, book.epoch)
        return emsg.complain_message([(0, dh, proof)])

    from p2pbang.dealer.board import BulletinBoard
    from p2pbang.dealer.mental import MentalDealer

    table = Table([MentalDealer(s, 4, SESSION, escrow_threshold=3) for s in range(4)],
                  BulletinBoard())
    holder["table"] = table
    with pytest.raises(TableAborted) as aborted:
        table.drive(_on_kind(3, "complain", accuse))
    _blamed(aborted, 3, "false complaint")


def test_a_complaint_with_an_unproven_key_is_blamed_on_the_accuser() -> None:
    def garbage(payload: bytes) -> bytes:
        kp = generate_keypair()
        from p2pbang.crypto.dleq import DleqProof

        return emsg.complain_message([(1, kp.public, DleqProof(1, 2))])

    with pytest.raises(TableAborted) as aborted:
        Table.create(3, SESSION, escrow_threshold=2, tamper=_on_kind(0, "complain", garbage))
    _blamed(aborted, 0, "complaint's key proof")


def test_a_complaint_against_oneself_is_refused() -> None:
    def self_accuse(payload: bytes) -> bytes:
        kp = generate_keypair()
        from p2pbang.crypto.dleq import DleqProof

        return emsg.complain_message([(2, kp.public, DleqProof(1, 2))])

    with pytest.raises(TableAborted) as aborted:
        Table.create(3, SESSION, escrow_threshold=2, tamper=_on_kind(2, "complain", self_accuse))
    _blamed(aborted, 2, "its own escrow")


# ---------------------------------------------------------------------- hand-over cheats


def _handover_abort(cooperative: bool, seat: int, kind: str, change) -> tuple[Table, dict]:
    table = _table(4, escrow=3)
    hand = table.run(Deal((100, 101), 1))[1].values
    table.run(Deal((102,), 2))
    before = {s: table.dealers[0].slot_state(s).ciphertext for s in SLOTS}
    info = {"table": table, "hand": hand, "before": before}
    with pytest.raises(TableAborted) as aborted:
        table.hand_over(1, cooperative=cooperative, tamper=_on_kind(seat, kind, change(info)))
    info["aborted"] = aborted
    return table, info


def test_a_wrong_partial_decryption_is_blamed_on_its_holder() -> None:
    def change(info):
        def doctor(payload: bytes) -> bytes:
            message = wire.decode(payload)
            first = DecryptionShare.decode(message["items"][0][1])
            message["items"][0][1] = DecryptionShare(first.share + GENERATOR,
                                                     first.proof).encode()
            return wire.encode(message)
        return doctor

    table, info = _handover_abort(False, 2, "ho-part", change)
    _blamed(info["aborted"], 2, "partial decryption")
    # Nothing changed: every slot keeps its ciphertext.
    assert all(table.dealers[0].slot_state(s).ciphertext == ct
               for s, ct in info["before"].items())


def test_a_partial_made_with_the_holders_own_key_instead_of_its_share_is_refused() -> None:
    def change(info):
        def doctor(payload: bytes) -> bytes:
            table = info["table"]
            dealer = next(d for d in table.dealers if d.seat == 3)
            task = dealer._task
            items = [(slot, make_partial(b"p2pbang/v1/handover/partial", dealer._keypair.secret,
                                         dealer._keypair.public, task.shifted[slot], SESSION,
                                         dealer.step, 3, handover_context(1, slot)))
                     for slot in task.switched]
            return emsg.part_message(items)
        return doctor

    _, info = _handover_abort(False, 3, "ho-part", change)
    _blamed(info["aborted"], 3, "partial decryption")


def test_a_leaver_publishing_its_share_of_the_unblinded_c1_is_refused() -> None:
    """The dangerous variant (sk_v*c1 opens the hand to everyone) never passes the check."""
    def change(info):
        def doctor(payload: bytes) -> bytes:
            table = info["table"]
            leaver = next(d for d in table.dealers if d.seat == 1 and not d._task.incoming)
            task = leaver._task
            items = [(slot, make_partial(LEAVER_PROTOCOL, leaver._keypair.secret,
                                         leaver._keypair.public,
                                         leaver.slot_state(slot).ciphertext.c1, SESSION,
                                         leaver.step, 1, handover_context(1, slot)))
                     for slot in task.switched]
            return emsg.part_message(items)
        return doctor

    _, info = _handover_abort(True, 1, "ho-part", change)
    _blamed(info["aborted"], 1, "the leaver: ")


def test_a_swapped_card_in_the_key_switch_is_blamed_on_the_incoming_holder() -> None:
    def change(info):
        def doctor(payload: bytes) -> bytes:
            message = wire.decode(payload)
            from p2pbang.crypto.elgamal import card_point
            from p2pbang.crypto.group import Point

            c2 = Point.decode(message["items"][0][1])
            delta = card_point("deck", 1) - card_point("deck", 0)
            message["items"][0][1] = (c2 + delta).encode()
            return wire.encode(message)
        return doctor

    table, info = _handover_abort(True, 1, "ho-close", change)
    _blamed(info["aborted"], 1, "the incoming holder: ")
    assert all(d.slot_state(s).ciphertext == ct for d in table.dealers
               for s, ct in info["before"].items())
    # The honest message still completes the hand-over: nobody's state was touched.
    table.deliver(1, table._writer_message(1))
    table.drive()
    assert tuple(table.dealers[1].known_card(s) for s in (100, 101)) == info["hand"]


def test_a_rogue_new_key_is_refused() -> None:
    """pk_new = Z - (X - pk_v) would give the incoming holder the whole new joint key."""
    def change(info):
        def doctor(payload: bytes) -> bytes:
            table = info["table"]
            message = wire.decode(payload)
            dealer = table.dealers[0]
            attacker = generate_keypair()
            rest = dealer.joint_key - dealer._public_keys[1]
            message["pk"] = (attacker.public - rest).encode()
            message["proof"] = prove_key(attacker, SESSION, 1, dealer.step).encode()
            return wire.encode(message)
        return doctor

    _, info = _handover_abort(False, 1, "ho-open", change)
    _blamed(info["aborted"], 1, "the incoming holder: ")


def test_an_unproven_blinding_is_refused() -> None:
    """c1' picked freely (another slot's c1) would make the table compute sk_v*that."""
    def change(info):
        def doctor(payload: bytes) -> bytes:
            table = info["table"]
            message = wire.decode(payload)
            target = table.dealers[0].slot_state(102).ciphertext.c1
            message["items"][0][1] = target.encode()
            message["items"][0][2] = LinearProof(1, (2,)).encode()
            return wire.encode(message)
        return doctor

    _, info = _handover_abort(False, 1, "ho-open", change)
    _blamed(info["aborted"], 1, "the incoming holder: ")


def test_a_wrong_delivery_share_is_blamed_on_its_seat() -> None:
    def change(info):
        def doctor(payload: bytes) -> bytes:
            message = wire.decode(payload)
            first = DecryptionShare.decode(message["items"][0][1])
            message["items"][0][1] = DecryptionShare(scalar_mul(2, first.share),
                                                     first.proof).encode()
            return wire.encode(message)
        return doctor

    _, info = _handover_abort(False, 0, "shares", change)
    _blamed(info["aborted"], 0, "share")


def test_a_restarted_incoming_holder_replays_the_hand_over_with_its_saved_key() -> None:
    from p2pbang.dealer.mental import MentalDealer

    table = _table(3, escrow=2)
    hand = table.run(Deal((100, 101), 2))[2].values
    log: list[tuple[int, bytes]] = []

    def record(seat: int, payload: bytes) -> bytes:
        log.append((seat, payload))
        return payload

    saved = generate_keypair().secret.to_bytes(32, "little")
    new = table.observers.pop(0)
    table.observers.append(new)
    for dealer in table.dealers:
        dealer.begin_handover(2, cooperative=False)
    # Stand-in for table.hand_over with a chosen key: the vanished seat 2 is dropped.
    gone = table.dealers.pop(2)
    new.begin_handover(2, cooperative=False, incoming=True, secret_key=saved)
    table.drive(record)
    table.observers.remove(new)
    table.dealers.insert(2, new)
    assert gone is not new and (new.known_card(100), new.known_card(101)) == hand
    assert new.export_secret_key() == saved
    # Replay the log from the start: the requests in the same order, then the hand-over.
    board = table.board.entries
    cut = len(board) - len(log)
    fresh = MentalDealer(None, 3, SESSION, escrow_threshold=2)
    requests = iter([Shuffle("deck", CARDS, SLOTS), Deal((100, 101), 2)])
    for entry in board[:cut]:
        if fresh.done():
            fresh.begin(next(requests))
        fresh.receive(entry.seat, entry.payload)
    assert fresh.done()
    fresh.begin_handover(2, cooperative=False, incoming=True, secret_key=saved)
    for seat, payload in log:
        fresh.receive(seat, payload)
    assert fresh.done() and fresh.seat == 2
    assert (fresh.known_card(100), fresh.known_card(101)) == hand
    assert fresh.joint_key == new.joint_key
    assert fresh._escrow.my_shares == new._escrow.my_shares


def test_a_vanished_seats_dealer_that_turns_up_follows_as_an_observer() -> None:
    table = _table(3, escrow=2)
    table.run(Deal((100,), 1))
    gone = table.dealers[1]
    log: list[tuple[int, bytes]] = []

    def record(seat: int, payload: bytes) -> bytes:
        log.append((seat, payload))
        return payload

    gone.begin_handover(1, cooperative=False)
    new = table.hand_over(1, cooperative=False, tamper=record)
    for seat, payload in log:
        assert gone.outgoing() is None  # it never writes in the new holder's name
        gone.receive(seat, payload)
    assert gone.done() and gone.seat is None
    assert gone.joint_key == new.joint_key and gone.known_card(100) is not None
    with pytest.raises(ProtocolMisuse):
        gone.export_secret_key()


def test_an_incoming_holder_that_lost_its_blinding_says_so() -> None:
    table = _table(3, escrow=2)
    table.run(Deal((100,), 1))

    def forget(seat: int, payload: bytes) -> bytes:
        if _kind(payload) == "ho-part":
            table.observers[-1]._task.shifts.clear()  # as after a restart
        return payload

    with pytest.raises(ProtocolMisuse, match="blinding scalars"):
        table.hand_over(1, cooperative=False, tamper=forget)
