"""The log closes a position with a seat change and goes on with the seat's new holder.

``protocol/seats.md`` sections 5 and 6.1: a certificate (or a leave) replaces the silent
writer's part, pending parts are dropped, the holder joins the roster as a log seat of its
own, and the change travels by catch-up and survives a reload like any entry.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pbang.net.log import Log, Part, Reason, Roster, SeatChangeEntry, Turn, decode_entry
from p2pbang.net.seats import (
    NORMAL,
    BallotBox,
    Proposal,
    Purpose,
    SeatChange,
    Statement,
    raw_public_key,
)
from p2pbang.net.store import LogStore, restore_into

SESSION = hashlib.sha256(b"log seats session").digest()


def key(label: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(label.encode()).digest())


KEYS = [key(f"seat {i}") for i in range(4)]
HOLDER = key("bot for seat 2")
HOLDER_SEAT = 4  # the next log seat after the genesis's four


class Script:
    """Writers by position: 0 by seat 0; 1 a shares round of seats 1-3; then the active
    holder of game seat 2 (log seat 2, or 4 once replaced) writes every position."""

    def __init__(self) -> None:
        self.log: Log | None = None

    def __call__(self, index: int) -> Turn | None:
        if index == 0:
            return Turn.of(0)
        if index == 1:
            return Turn.of(1, 2, 3)
        if index >= 6:
            return None
        assert self.log is not None
        return Turn.of(self.log.active_seats[2])


def new_log(may_close: object = None) -> Log:
    script = Script()
    log = Log(SESSION, Roster([k.public_key() for k in KEYS]), script,
              may_close=may_close)  # type: ignore[arg-type]
    script.log = log
    return log


def write(log: Log, seat: int, signer: Ed25519PrivateKey, payload: bytes) -> None:
    _, outcome = log.author(seat, signer, "deal", payload)
    assert not outcome.rejected, outcome.rejected


def certificate(log: Log, about: int = 2, voters: tuple[int, ...] = (0, 1, 3)) -> SeatChange:
    proposal = Proposal(SESSION, len(log), log.head_hash, about, Purpose.REPLACE,
                        raw_public_key(HOLDER), "Bot", 3)
    return SeatChange(Statement.ballot(KEYS[v], proposal, v, True) for v in voters)


def stalled_at_the_shares_round() -> Log:
    log = new_log()
    write(log, 0, KEYS[0], b"keys")
    write(log, 1, KEYS[1], b"share 1")
    write(log, 3, KEYS[3], b"share 3")
    assert len(log) == 1 and len(log.pending_parts()) == 2  # seat 2 never answers
    return log


def test_a_certificate_closes_the_stalled_position_and_the_holder_writes_on() -> None:
    log = stalled_at_the_shares_round()
    outcome = log.add_seat_change(certificate(log))
    assert not outcome.rejected and len(log) == 2
    assert isinstance(log.entry(1), SeatChangeEntry) and log.pending_parts() == ()
    assert log.active_seats == (0, 1, HOLDER_SEAT, 3)
    assert len(log.roster) == 5 and log.roster.raw_key(HOLDER_SEAT) == raw_public_key(HOLDER)
    write(log, HOLDER_SEAT, HOLDER, b"the holder's first part")
    assert len(log) == 3 and log.entry(2).prev == log.entry(1).hash


def test_the_replaced_seat_can_no_longer_write() -> None:
    log = stalled_at_the_shares_round()
    log.add_seat_change(certificate(log))
    late = Part.create(KEYS[2], SESSION, 2, log.head_hash, 2, "deal", b"I am back")
    outcome = log.add_part(late, sender=2)
    assert [r.reason for r in outcome.rejected] == [Reason.WRONG_AUTHOR]
    assert outcome.rejected[0].offender == 2 and len(log) == 2


def test_an_incomplete_or_foreign_certificate_changes_nothing_and_names_the_sender() -> None:
    log = stalled_at_the_shares_round()
    before = (len(log), log.head_hash, log.pending_parts())
    outcome = log.add_seat_change(certificate(log, voters=(0, 1)), sender=3)
    assert [r.reason for r in outcome.rejected] == [Reason.BAD_SEAT_CHANGE]
    assert outcome.rejected[0].offender == 3
    assert "every other seat" in outcome.rejected[0].detail
    proposal = Proposal(SESSION, 1, log.head_hash, 0, Purpose.REPLACE,
                        raw_public_key(HOLDER), "Bot", 3)
    not_a_writer = SeatChange(Statement.ballot(KEYS[v], proposal, v, True) for v in (1, 2, 3))
    outcome = log.add_seat_change(not_a_writer, sender=1)
    assert "does not owe position 1" in outcome.rejected[0].detail
    assert (len(log), log.head_hash, log.pending_parts()) == before


def test_a_leave_closes_the_position_by_the_leavers_own_signature() -> None:
    log = stalled_at_the_shares_round()
    proposal = Proposal(SESSION, 1, log.head_hash, 2, Purpose.LEAVE,
                        raw_public_key(HOLDER), "Ann", -1)
    outcome = log.add_seat_change(SeatChange([Statement.leave(KEYS[2], proposal)]))
    assert not outcome.rejected and log.active_seats[2] == HOLDER_SEAT


def test_a_seat_change_travels_by_catch_up_like_any_entry() -> None:
    log = stalled_at_the_shares_round()
    log.add_seat_change(certificate(log))
    write(log, HOLDER_SEAT, HOLDER, b"after")
    fresh = new_log()
    for index, entry in enumerate(log.entries()):
        decoded = decode_entry(entry.raw)
        outcome = fresh.add_entry(decoded, sender=0, expected_index=index)
        assert not outcome.rejected, outcome.rejected
    assert fresh.head_hash == log.head_hash and fresh.active_seats == log.active_seats


def test_a_seat_change_survives_a_reload_from_the_log_file(tmp_path: Path) -> None:
    log = stalled_at_the_shares_round()
    log.add_seat_change(certificate(log))
    write(log, HOLDER_SEAT, HOLDER, b"after")
    with LogStore(tmp_path, SESSION) as store:
        store.append_entries(log.entries())
    fresh = new_log()
    with LogStore(tmp_path, SESSION) as reopened:
        assert restore_into(fresh, reopened) == 3
    assert fresh.head_hash == log.head_hash
    assert isinstance(fresh.entry(1), SeatChangeEntry)


def test_the_close_rule_holds_a_complete_entry_until_it_allows() -> None:
    """Rule 2: a peer that voted yes waits, with every part in hand, for a no."""
    boxes: list[BallotBox] = []
    log = new_log(may_close=lambda index: all(
        b.decide(parts_complete=True) == NORMAL for b in boxes if b.index == index))
    write(log, 0, KEYS[0], b"keys")
    box = BallotBox(SESSION, 1, log.head_hash, {s: raw_public_key(k) for s, k in enumerate(KEYS)},
                    frozenset({1, 2, 3}), me=0)
    proposal = Proposal(SESSION, 1, log.head_hash, 2, Purpose.REPLACE,
                        raw_public_key(HOLDER), "Bot", 3)
    box.add(Statement.ballot(KEYS[0], proposal, 0, True))
    boxes.append(box)
    for seat in (1, 2, 3):
        write(log, seat, KEYS[seat], f"share {seat}".encode())
    assert len(log) == 1 and len(log.pending_parts()) == 3  # held back
    box.add(Statement.ballot(KEYS[1], proposal, 1, False))  # seat 1 saw seat 2's part
    assert [e.index for e in log.settle().committed] == [1]
