"""Seats that change hands at the log level: statements, seat changes, the ballot box.

The rules are ``protocol/seats.md``; the decision rule's promise, "never two valid
histories without a provable equivocation", is checked here by a model of honest peers
under every delivery order hypothesis finds.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any

import msgpack
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.net.log import Part
from p2pbang.net.seats import (
    NO_RUNNER,
    NORMAL,
    WAIT,
    BallotBox,
    Proposal,
    Purpose,
    SeatChange,
    SeatFormatError,
    Statement,
    StatementEquivocation,
    check_change,
    raw_public_key,
)

SESSION = hashlib.sha256(b"seats test session").digest()
PREV = hashlib.sha256(b"head before position 40").digest()
INDEX = 40


def seat_keys(n: int) -> list[Ed25519PrivateKey]:
    return [
        Ed25519PrivateKey.from_private_bytes(hashlib.sha256(f"seat {i}".encode()).digest())
        for i in range(n)
    ]


KEYS = seat_keys(4)
RAW = {seat: raw_public_key(key) for seat, key in enumerate(KEYS)}
HOLDER = Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"the new holder").digest())


def replace(seat: int = 2, runner: int = 3, index: int = INDEX, prev: bytes = PREV) -> Proposal:
    return Proposal(SESSION, index, prev, seat, Purpose.REPLACE,
                    raw_public_key(HOLDER), "Bot 3", runner)


def ballots(proposal: Proposal, yes: bool = True) -> list[Statement]:
    return [Statement.ballot(KEYS[voter], proposal, voter, yes)
            for voter in range(4) if voter != proposal.seat]


def box(me: int | None = 0, writers: frozenset[int] = frozenset({2})) -> BallotBox:
    return BallotBox(SESSION, INDEX, PREV, RAW, writers, me)


def part_by(seat: int, payload: bytes = b"move") -> Part:
    return Part.create(KEYS[seat], SESSION, INDEX, PREV, seat, "move", payload)


# --- statements -------------------------------------------------------------------------------


def test_a_ballot_round_trips_and_verifies_under_its_signers_key_only() -> None:
    ballot = Statement.ballot(KEYS[1], replace(), 1, True)
    again = Statement.decode(ballot.raw)
    assert again == ballot and again.yes and not again.is_leave
    assert again.verify(RAW[1])
    assert not again.verify(RAW[0])


def test_a_leave_is_signed_by_the_leaving_seat_itself() -> None:
    proposal = Proposal(SESSION, INDEX, PREV, 2, Purpose.LEAVE, raw_public_key(HOLDER), "Ann", -1)
    leave = Statement.leave(KEYS[2], proposal)
    assert Statement.decode(leave.raw).is_leave
    forged = leave.fields()
    forged[9] = 1  # claims another signer
    with pytest.raises(SeatFormatError, match="leave is signed by the leaving seat"):
        Statement.from_fields(forged)


@pytest.mark.parametrize(
    ("proposal", "message"),
    [
        (Proposal(SESSION, INDEX, PREV, 2, Purpose.REPLACE), "names the new holder"),
        (Proposal(SESSION, INDEX, PREV, 2, Purpose.FORFEIT, raw_public_key(HOLDER)),
         "names no new holder"),
        (Proposal(SESSION, INDEX, PREV, 2, Purpose.REPLACE, raw_public_key(HOLDER), "x", 2),
         "cannot run its new holder"),
        (Proposal(SESSION, INDEX, PREV, 2, Purpose.REPLACE, bytes(32), "x", 1), "holder's key"),
        (Proposal(SESSION, INDEX, PREV, 2, Purpose.OPEN, b"", "x" * 40), "at most 32"),
    ],
)
def test_a_malformed_proposal_is_refused_before_anyone_signs_it(
    proposal: Proposal, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Statement.ballot(KEYS[0], proposal, 0, True)


def test_a_seat_does_not_vote_on_itself_and_nobody_votes_on_a_leave() -> None:
    with pytest.raises(ValueError, match="does not vote on itself"):
        Statement.ballot(KEYS[2], replace(), 2, True)
    leave = Proposal(SESSION, INDEX, PREV, 2, Purpose.LEAVE, raw_public_key(HOLDER), "Ann")
    with pytest.raises(ValueError, match="nobody votes on a leave"):
        Statement.ballot(KEYS[0], leave, 0, True)


@given(st.binary(max_size=300))
@settings(max_examples=300, deadline=None)
def test_garbage_is_refused_as_a_format_error_and_nothing_else(raw: bytes) -> None:
    for decode in (Statement.decode, SeatChange.decode, StatementEquivocation.decode):
        with contextlib.suppress(SeatFormatError):
            decode(raw)


def test_a_non_canonical_encoding_is_refused() -> None:
    ballot = Statement.ballot(KEYS[1], replace(), 1, True)
    fields = ballot.fields()
    # The same array with the position as a uint32 instead of the shortest integer.
    packer = msgpack.Packer(use_bin_type=True)
    loose = bytearray(b"\x9c")
    for number, value in enumerate(fields):
        loose += b"\xce" + INDEX.to_bytes(4, "big") if number == 2 else packer.pack(value)
    with pytest.raises(SeatFormatError, match="canonical"):
        Statement.decode(bytes(loose))


# --- the seat-change entry --------------------------------------------------------------------


def check(change: SeatChange, writers: tuple[int, ...] = (2,)) -> str | None:
    return check_change(change, session=SESSION, index=INDEX, prev=PREV, keys=RAW,
                        writers=writers)


def test_a_yes_ballot_from_every_other_seat_is_a_certificate() -> None:
    change = SeatChange(ballots(replace()))
    assert check(change) is None
    assert SeatChange.decode(change.raw) == change
    assert [s.signer for s in change.statements] == [0, 1, 3]


def test_a_certificate_missing_one_seat_or_holding_a_no_is_refused() -> None:
    yes = ballots(replace())
    assert "every other seat" in (check(SeatChange(yes[:2])) or "")
    no = Statement.ballot(KEYS[3], replace(), 3, False)
    assert "says yes" in (check(SeatChange([*yes[:2], no])) or "")


def test_a_ballot_by_a_non_member_is_refused_and_named() -> None:
    outsider = Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"outsider").digest())
    forged = [*ballots(replace())[:2], Statement.ballot(outsider, replace(), 3, True)]
    assert "seat 3's statement does not verify" in (check(SeatChange(forged)) or "")
    result = box().add(Statement.ballot(outsider, replace(), 3, True), sender=1)
    assert result.problem == "not signed by seat 3" and result.offender == 1


def test_a_seat_change_for_another_position_history_or_seat_is_refused() -> None:
    assert "not for position" in (check(SeatChange(ballots(replace(index=41)))) or "")
    other = hashlib.sha256(b"another history").digest()
    assert "not for position" in (check(SeatChange(ballots(replace(prev=other)))) or "")
    assert "does not owe" in (check(SeatChange(ballots(replace(seat=1, runner=3)))) or "")


def test_the_new_holder_cannot_be_a_seat_already_at_the_table() -> None:
    proposal = Proposal(SESSION, INDEX, PREV, 2, Purpose.REPLACE, RAW[0], "Ann again", -1)
    assert "already a seat's key" in (check(SeatChange(ballots(proposal))) or "")


def test_a_forfeit_is_only_for_two_seats() -> None:
    forfeit = Proposal(SESSION, INDEX, PREV, 2, Purpose.FORFEIT)
    assert "two-seat" in (check(SeatChange(ballots(forfeit))) or "")
    two = {0: RAW[0], 1: RAW[1]}
    duel = Proposal(SESSION, INDEX, PREV, 1, Purpose.FORFEIT)
    claim = SeatChange([Statement.ballot(KEYS[0], duel, 0, True)])
    assert check_change(claim, session=SESSION, index=INDEX, prev=PREV, keys=two,
                        writers=(1,)) is None


def test_a_leave_alone_closes_the_position() -> None:
    proposal = Proposal(SESSION, INDEX, PREV, 2, Purpose.LEAVE, raw_public_key(HOLDER), "Ann")
    change = SeatChange([Statement.leave(KEYS[2], proposal)])
    assert check(change) is None
    forged = SeatChange([Statement.leave(KEYS[1], proposal)])
    assert "does not verify" in (check(forged) or "")


# --- the ballot box: the decision rule --------------------------------------------------------


def test_the_certificate_closes_the_position_when_the_seat_never_wrote() -> None:
    mine = box(me=0)
    for ballot in ballots(replace()):
        assert mine.add(ballot).accepted
    decided = mine.decide(parts_complete=False)
    assert isinstance(decided, SeatChange) and decided.proposal.purpose is Purpose.REPLACE


def test_a_yes_voter_that_then_sees_the_seat_alive_waits_for_a_no() -> None:
    mine = box(me=0)
    mine.add(Statement.ballot(KEYS[0], replace(), 0, True))
    mine.add_part(part_by(2))
    assert mine.alive(2)
    assert mine.decide(parts_complete=True) == WAIT
    assert mine.add(Statement.ballot(KEYS[1], replace(), 1, False)).accepted
    assert mine.decide(parts_complete=True) == NORMAL


def test_a_peer_that_never_voted_yes_closes_normally() -> None:
    mine = box(me=1)
    mine.add(Statement.ballot(KEYS[0], replace(), 0, True))
    assert mine.decide(parts_complete=True) == NORMAL
    assert box(me=None).decide(parts_complete=True) == NORMAL


def test_two_different_ballots_by_one_seat_are_a_proof_naming_it() -> None:
    mine = box(me=0)
    mine.add(Statement.ballot(KEYS[1], replace(), 1, False))
    result = mine.add(Statement.ballot(KEYS[1], replace(), 1, True))
    assert result.offender == 1 and result.proof is not None
    assert result.proof.verify(RAW[1], SESSION) is None
    assert result.proof.verify(RAW[0]) == "the proof is for a different key"
    assert StatementEquivocation.decode(result.proof.encode()) == result.proof
    for ballot in ballots(replace()):
        mine.add(ballot)
    assert mine.decide(parts_complete=True) == WAIT  # the log halts on the proof


def test_a_leave_beside_the_leavers_own_part_is_a_proof() -> None:
    proposal = Proposal(SESSION, INDEX, PREV, 2, Purpose.LEAVE, raw_public_key(HOLDER), "Ann")
    mine = box(me=0)
    mine.add_part(part_by(2))
    result = mine.add(Statement.leave(KEYS[2], proposal))
    assert result.offender == 2 and result.proof is not None
    assert result.proof.verify(RAW[2], SESSION) is None


def test_a_ballot_beside_the_voters_own_part_is_not_a_proof() -> None:
    proof = StatementEquivocation.of(
        RAW[1], Statement.ballot(KEYS[1], replace(), 1, True), part_by(1)
    )
    assert proof.verify(RAW[1]) == "a ballot and a part do not contradict each other"


def test_a_ballot_about_another_position_or_history_is_set_aside_without_blame() -> None:
    other = hashlib.sha256(b"another history").digest()
    mine = box()
    for stale in (replace(prev=other), replace(index=INDEX - 1), replace(index=INDEX + 1)):
        result = mine.add(Statement.ballot(KEYS[3], stale, 3, True), sender=0)
        assert result.offender is None and "of this history" in (result.problem or "")
    assert mine.statements() == ()


# --- the promise: never two histories without an equivocating seat -----------------------------

N_SEATS = 5
SILENT = 2
MODEL_KEYS = seat_keys(N_SEATS)
MODEL_RAW = {seat: raw_public_key(key) for seat, key in enumerate(MODEL_KEYS)}
MODEL_PROPOSAL = Proposal(SESSION, INDEX, PREV, SILENT, Purpose.REPLACE,
                          raw_public_key(HOLDER), "Bot", 3)
MODEL_PART = Part.create(MODEL_KEYS[SILENT], SESSION, INDEX, PREV, SILENT, "move", b"late")


class HonestPeer:
    """One honest seat of the model: votes no once it has seen the silent seat's part."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.box = BallotBox(SESSION, INDEX, PREV, MODEL_RAW, frozenset({SILENT}), seat)
        self.has_part = False
        self.decided: str | None = None
        self.outbox: list[Statement] = []

    def receive_part(self) -> None:
        self.has_part = True
        self.box.add_part(MODEL_PART)

    def receive_proposal(self) -> None:
        if self.box.ballot_for(self.seat, SILENT) is None:
            ballot = Statement.ballot(MODEL_KEYS[self.seat], MODEL_PROPOSAL, self.seat,
                                      not self.has_part)
            self.box.add(ballot)
            self.outbox.append(ballot)

    def settle(self) -> None:
        if self.decided is None:
            outcome = self.box.decide(parts_complete=self.has_part)
            if outcome != WAIT:
                self.decided = "change" if isinstance(outcome, SeatChange) else NORMAL


@given(st.lists(st.tuples(st.sampled_from(["part", "proposal", "ballots"]),
                          st.integers(0, N_SEATS - 1), st.integers(0, N_SEATS - 1)),
                max_size=60))
@settings(max_examples=400, deadline=None)
def test_honest_peers_never_close_the_position_two_ways(events: list[tuple[str, int, int]]) -> None:
    """Whatever reaches whom and when, every honest peer that decides decides the same."""
    peers = {seat: HonestPeer(seat) for seat in range(N_SEATS) if seat != SILENT}
    for what, to, source in events:
        if to == SILENT:
            continue
        peer = peers[to]
        if what == "part":
            peer.receive_part()
        elif what == "proposal":
            peer.receive_proposal()
        elif source in peers:
            for ballot in peers[source].outbox:
                peer.box.add(ballot)
        peer.settle()
    # Let everything through at the end: all that was sent arrives everywhere.
    for peer in peers.values():
        for other in peers.values():
            for ballot in other.outbox:
                peer.box.add(ballot)
        peer.settle()
    decisions = {peer.decided for peer in peers.values() if peer.decided is not None}
    assert len(decisions) <= 1, {seat: peer.decided for seat, peer in peers.items()}
    assert not any(peer.box.proofs for peer in peers.values())


def test_the_model_reaches_both_outcomes() -> None:
    """A control: the model is not trivially agreeing (each outcome happens)."""
    peers = {seat: HonestPeer(seat) for seat in range(N_SEATS) if seat != SILENT}
    for peer in peers.values():
        peer.receive_proposal()
    for peer in peers.values():
        for other in peers.values():
            for ballot in other.outbox:
                peer.box.add(ballot)
        peer.settle()
    assert {peer.decided for peer in peers.values()} == {"change"}
    alive = {seat: HonestPeer(seat) for seat in range(N_SEATS) if seat != SILENT}
    alive[0].receive_part()
    for peer in alive.values():
        peer.receive_proposal()
    for peer in alive.values():
        for other in alive.values():
            for ballot in other.outbox:
                peer.box.add(ballot)
        peer.receive_part()
        peer.settle()
    assert {peer.decided for peer in alive.values()} == {NORMAL}


def test_no_runner_is_the_documented_sentinel() -> None:
    assert NO_RUNNER == -1


# --- test vectors ------------------------------------------------------------------------------

VECTORS = Path(__file__).resolve().parents[2] / "protocol" / "vectors" / "seats.json"


def build_vectors() -> dict[str, Any]:
    """Every byte string of ``protocol/seats.md`` section 3 and 5, from fixed seeds."""
    proposal = replace()
    yes = ballots(proposal)
    no = Statement.ballot(KEYS[1], proposal, 1, False)
    leave_proposal = Proposal(SESSION, INDEX, PREV, 2, Purpose.LEAVE, raw_public_key(HOLDER),
                              "Ann", NO_RUNNER)
    leave = Statement.leave(KEYS[2], leave_proposal)
    certificate = SeatChange(yes)
    left = SeatChange([leave])
    proof = StatementEquivocation.of(RAW[1], yes[1], no)
    return {
        "seat_seeds": [hashlib.sha256(f"seat {i}".encode()).hexdigest() for i in range(4)],
        "seat_keys": [RAW[i].hex() for i in range(4)],
        "holder_seed": hashlib.sha256(b"the new holder").hexdigest(),
        "session": SESSION.hex(),
        "index": INDEX,
        "prev": PREV.hex(),
        "replace_ballots": [
            {"signer": s.signer, "signed_message": s.signed_message().hex(),
             "signature": s.signature.hex(), "encoding": s.raw.hex()} for s in yes
        ],
        "no_ballot": no.raw.hex(),
        "leave": {"signed_message": leave.signed_message().hex(), "encoding": leave.raw.hex()},
        "certificate": {"encoding": certificate.raw.hex(), "hash": certificate.hash.hex()},
        "leave_change": {"encoding": left.raw.hex(), "hash": left.hash.hex()},
        "ballot_equivocation": proof.encode().hex(),
    }


def test_vectors_file_matches_a_fresh_computation() -> None:
    assert json.loads(VECTORS.read_text()) == build_vectors()


def test_vectors_check_out_with_plain_primitives() -> None:
    """Another implementation's view: hash and signatures from the file's bytes alone."""
    data = json.loads(VECTORS.read_text())
    keys = {i: bytes.fromhex(k) for i, k in enumerate(data["seat_keys"])}
    for ballot in data["replace_ballots"]:
        fields = msgpack.unpackb(bytes.fromhex(ballot["encoding"]))
        assert fields[0] == "p2pbang/seat/ballot/v1" and fields[9] == ballot["signer"]
        signed = msgpack.packb(fields[:-1], use_bin_type=True)
        assert signed.hex() == ballot["signed_message"]
        Ed25519PublicKey.from_public_bytes(keys[ballot["signer"]]).verify(fields[-1], signed)
    raw = bytes.fromhex(data["certificate"]["encoding"])
    assert hashlib.sha256(raw).hexdigest() == data["certificate"]["hash"]
    change = msgpack.unpackb(raw)
    assert change[:2] == ["p2pbang/seat/change/v1", "replace"]
    assert [s[9] for s in change[2]] == [0, 1, 3]


if __name__ == "__main__":  # regenerate: python tests/net/test_seats.py
    VECTORS.write_text(json.dumps(build_vectors(), indent=1) + "\n")
