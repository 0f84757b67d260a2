"""Seat changes between replicators: ballots travel as ``seat`` messages, every honest peer
closes the stalled position the same way (``protocol/seats.md`` sections 4 and 5)."""

from __future__ import annotations

import hashlib
from collections import deque

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pbang.net.log import Log, LogError, Roster, SeatChangeEntry, Turn
from p2pbang.net.seats import Proposal, Purpose, Statement, raw_public_key
from p2pbang.net.sync import SEAT, Replicator, Step, encode_message

SESSION = hashlib.sha256(b"sync seats session").digest()
N = 4
KEYS = [Ed25519PrivateKey.from_private_bytes(bytes([seat + 90]) * 32) for seat in range(N)]
HOLDER = Ed25519PrivateKey.from_private_bytes(bytes([200]) * 32)
SILENT = 2


class Table:
    """Four replicators on a lossless in-memory network; position i is written by seat i % 4
    (the active holder of that game seat), until position 8 closes the log."""

    def __init__(self) -> None:
        self.logs: list[Log] = []
        for _ in range(N):
            self.logs.append(Log(SESSION, Roster([k.public_key() for k in KEYS]),
                                 self._writers_for(len(self.logs))))
        self.nodes = [Replicator(log, seat) for seat, log in enumerate(self.logs)]
        self.queue: deque[tuple[int, int, bytes]] = deque()
        self.faults: list[object] = []
        self.seat_proofs: list[tuple[int, object]] = []
        for a in range(N):
            for b in range(N):
                if a != b:
                    self.post(a, self.nodes[a].connect(b))
        self.settle()

    def _writers_for(self, owner: int):  # type: ignore[no-untyped-def]
        def writers(index: int) -> Turn | None:
            if index >= 8:
                return None
            return Turn.of(self.logs[owner].active_seats[index % N])
        return writers

    def post(self, src: int, step: Step) -> None:
        self.faults.extend(step.faults)
        self.faults.extend(step.rejected)
        self.seat_proofs.extend((src, proof) for proof in step.seat_proofs)
        self.queue.extend((src, dst, data) for dst, data in step.send)

    def settle(self, hold: set[tuple[int, int]] | None = None) -> None:
        """Deliver everything, keeping back messages on the ``hold`` links (src, dst)."""
        kept: deque[tuple[int, int, bytes]] = deque()
        while self.queue:
            src, dst, data = self.queue.popleft()
            if hold and (src, dst) in hold:
                kept.append((src, dst, data))
                continue
            self.post(dst, self.nodes[dst].receive(src, data))
        self.queue = kept

    def write(self, seat: int) -> None:
        self.post(seat, self.nodes[seat].submit(KEYS[seat], "move", f"{seat}".encode()))

    def play_to(self, index: int) -> None:
        while len(self.logs[0]) < index:
            self.write(len(self.logs[0]) % N)
            self.settle()

    def proposal(self) -> Proposal:
        log = self.logs[0]
        return Proposal(SESSION, len(log), log.head_hash, SILENT, Purpose.REPLACE,
                        raw_public_key(HOLDER), "Bot", 3)

    def vote(self, seat: int, yes: bool, proposal: Proposal) -> None:
        self.post(seat, self.nodes[seat].vote(KEYS[seat], proposal, yes))


def test_every_other_seat_votes_yes_and_every_peer_closes_the_position_the_same_way() -> None:
    table = Table()
    table.play_to(2)  # position 2 is seat 2's, and seat 2 has vanished
    proposal = table.proposal()
    for seat in (3, 0, 1):
        table.vote(seat, True, proposal)
        table.settle()
    others = [table.logs[seat] for seat in (0, 1, 3)]
    assert all(len(log) == 3 and isinstance(log.entry(2), SeatChangeEntry) for log in others)
    assert len({log.head_hash for log in others}) == 1
    assert all(log.active_seats == (0, 1, 4, 3) for log in others)
    assert not table.faults and not table.seat_proofs


def test_a_seat_that_is_only_slow_is_not_robbed() -> None:
    """Seat 2's part reaches seat 0 first: seat 0 votes no, everyone closes normally."""
    table = Table()
    table.play_to(2)
    proposal = table.proposal()
    table.write(SILENT)
    table.settle(hold={(SILENT, 1), (SILENT, 3)})  # only seat 0 sees it for now
    assert len(table.logs[0]) == 3  # seat 0 closed position 2 normally
    table.vote(1, True, proposal)
    table.vote(3, True, proposal)
    table.settle(hold={(SILENT, 1), (SILENT, 3)})
    with pytest.raises(LogError):  # seat 0 is past position 2: no ballot about it any more
        table.nodes[0].vote(KEYS[0], proposal, False)
    # Seat 0 proposes nothing; the yes voters hold the part back until a no arrives...
    table.settle()
    assert len(table.logs[1]) == 2 and len(table.logs[3]) == 2  # waiting, part in hand
    # ...which a peer that holds the part answers with (protocol/seats.md 4.3).
    late = Proposal(SESSION, 2, table.logs[1].head_hash, SILENT, Purpose.REPLACE,
                    raw_public_key(HOLDER), "Bot", 3)
    ballot = Statement.ballot(KEYS[0], late, 0, False)
    for seat in (1, 3):
        table.post(seat, table.nodes[seat].receive(0, encode_message({"t": SEAT, "x": ballot.raw})))
    table.settle()
    assert len({log.head_hash for log in table.logs}) == 1
    assert not any(isinstance(log.entry(2), SeatChangeEntry) for log in table.logs)


def test_two_different_ballots_by_one_seat_stop_every_peer_that_sees_both() -> None:
    table = Table()
    table.play_to(2)
    proposal = table.proposal()
    yes = Statement.ballot(KEYS[1], proposal, 1, True)
    no = Statement.ballot(KEYS[1], proposal, 1, False)
    table.post(0, table.nodes[0].receive(1, encode_message({"t": SEAT, "x": yes.raw})))
    table.post(3, table.nodes[3].receive(1, encode_message({"t": SEAT, "x": no.raw})))
    table.settle()
    found = {seat for seat, _ in table.seat_proofs}
    assert found >= {0, 3}
    assert all(proof.verify(raw_public_key(KEYS[1])) is None for _, proof in table.seat_proofs)


def test_a_restarted_peer_never_signs_a_different_ballot() -> None:
    table = Table()
    table.play_to(2)
    proposal = table.proposal()
    first = Statement.ballot(KEYS[0], proposal, 0, True)
    restarted = Replicator(table.logs[0], 0)
    table.logs[0].close_rule = None
    restarted.restore_statements([first.raw])
    with pytest.raises(LogError, match="already signed another statement"):
        restarted.vote(KEYS[0], proposal, False)
    restarted.vote(KEYS[0], proposal, True)  # the very same ballot again is harmless
    box = restarted.ballot_box()
    assert box is not None and box.ballot_for(0, SILENT) == first


def test_a_malformed_seat_message_is_a_fault_of_its_sender() -> None:
    table = Table()
    table.play_to(2)
    step = table.nodes[0].receive(3, encode_message({"t": SEAT, "x": b"garbage"}))
    assert [fault.peer for fault in step.faults] == [3]
