"""Replication without sockets: an in-memory network that reorders, duplicates and drops
messages between Replicators; every honest peer must end with the same log."""

from __future__ import annotations

import hashlib
from collections import deque

import msgpack
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from p2pbang.net.log import (
    EquivocationProof,
    Log,
    LogError,
    Part,
    Reason,
    Roster,
    Turn,
    WritersFn,
)
from p2pbang.net.sync import (
    PeerFault,
    Replicator,
    Step,
    SyncLimits,
    decode_message,
    encode_message,
)

SESSION = hashlib.sha256(b"sync session").digest()
KEYS = [Ed25519PrivateKey.from_private_bytes(bytes([seat + 40]) * 32) for seat in range(8)]
ROSTERS = {n: Roster([key.public_key() for key in KEYS[:n]]) for n in range(1, 9)}


class Network:
    """Peers wired by a message queue the test controls; peer i is seat i, all honest."""

    def __init__(
        self,
        n: int,
        writers: WritersFn | None = None,
        limits: SyncLimits | None = None,
        logs: list[Log] | None = None,
    ) -> None:
        self.n = n
        self.logs = logs or [Log(SESSION, ROSTERS[n], writers) for _ in range(n)]
        self.nodes = [Replicator(self.logs[seat], seat, limits=limits) for seat in range(n)]
        self.queue: deque[tuple[int, int, bytes]] = deque()
        self.rejected: list[tuple[int, object]] = []
        self.faults: list[tuple[int, PeerFault]] = []
        self.proofs: list[tuple[int, EquivocationProof]] = []
        self.messages = 0
        self.mute: set[int] = set()  # seats whose writing the test does by hand

    def post(self, src: int, step: Step) -> None:
        self.rejected.extend((src, r) for r in step.rejected)
        self.faults.extend((src, f) for f in step.faults)
        self.proofs.extend((src, p) for p in step.proofs)
        self.queue.extend((src, dst, data) for dst, data in step.send)

    def connect_all(self) -> None:
        for a in range(self.n):
            for b in range(self.n):
                if a != b:
                    self.post(a, self.nodes[a].connect(b))

    def deliver(self, position: int = 0) -> None:
        self.queue.rotate(-position)
        src, dst, data = self.queue.popleft()
        self.queue.rotate(position)
        self.messages += 1
        if src in self.nodes[dst].connected:
            self.post(dst, self.nodes[dst].receive(src, data))

    def settle(self, limit: int = 10_000_000) -> None:
        while self.queue and limit:
            self.deliver()
            limit -= 1

    def can_write(self, seat: int) -> bool:
        log = self.logs[seat]
        turn = log.open_turn()
        return (
            seat not in self.mute
            and log.halted is None
            and turn is not None
            and seat in turn.seats
            and seat not in {part.seat for part in log.pending_parts()}
        )

    def write(self, seat: int) -> bool:
        if not self.can_write(seat):
            return False
        payload = f"{len(self.logs[seat])}:{seat}".encode()
        self.post(seat, self.nodes[seat].submit(KEYS[seat], "move", payload))
        return True

    def write_all(self) -> bool:
        return any([self.write(seat) for seat in range(self.n)])

    def tick_all(self) -> None:
        for seat in range(self.n):
            self.post(seat, self.nodes[seat].tick())

    def run_to_end(self, rounds: int = 100_000) -> None:
        for _ in range(rounds):
            wrote = self.write_all()
            if not wrote and not self.queue:
                return
            self.settle()
        raise AssertionError("the network did not settle")

    def assert_identical(self, length: int) -> None:
        assert not self.rejected, self.rejected[:3]
        assert not self.faults, self.faults[:3]
        assert not self.proofs
        heads = {log.head_hash for log in self.logs}
        assert [len(log) for log in self.logs] == [length] * self.n
        assert len(heads) == 1
        first = [entry.raw for entry in self.logs[0].entries()]
        for log in self.logs[1:]:
            assert [entry.raw for entry in log.entries()] == first


def rotating(n: int, end: int, every: int = 16) -> WritersFn:
    """Seat i % n writes position i; every ``every``-th position needs all seats at once."""

    def writers(index: int) -> Turn | None:
        if index >= end:
            return None
        if index % every == every - 1:
            return Turn(frozenset(range(n)))
        return Turn.of(index % n)

    return writers


def test_two_peers_replicate_a_short_game() -> None:
    net = Network(2, rotating(2, 20, every=5))
    net.connect_all()
    net.settle()
    net.run_to_end()
    net.assert_identical(20)


@pytest.mark.parametrize(
    ("peers", "entries"),
    [
        # Every peer verifies every other peer's signatures, all in this one process: 4
        # peers x 10,000 entries is ~42,000 Ed25519 verifications (~7-15 s here), so the
        # full sizes run with the slow set and a shorter log with the default one.
        (2, 2_000),
        pytest.param(2, 10_000, marks=pytest.mark.slow),
        pytest.param(4, 10_000, marks=pytest.mark.slow),
        (8, 2_000),
        pytest.param(8, 10_000, marks=pytest.mark.slow),
    ],
)
def test_peers_replicate_thousands_of_entries(peers: int, entries: int) -> None:
    net = Network(peers, rotating(peers, entries))
    net.connect_all()
    net.settle()
    net.run_to_end()
    net.assert_identical(entries)
    # Multi-writer positions hold every seat's part, in seat order.
    assert net.logs[0].entry(15).seats == tuple(range(peers))


def schedule_writers(schedule: list[frozenset[int]], end: int) -> WritersFn:
    return lambda index: Turn(schedule[index % len(schedule)]) if index < end else None


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    n=st.integers(2, 4),
    data=st.data(),
)
def test_random_delivery_with_duplicates_and_drops_heals_to_identical_logs(
    n: int, data: st.DataObject
) -> None:
    seats = st.frozensets(st.integers(0, n - 1), min_size=1)
    schedule = data.draw(st.lists(seats, min_size=1, max_size=6), label="schedule")
    end = data.draw(st.integers(1, 14), label="entries")
    net = Network(n, schedule_writers(schedule, end))
    net.connect_all()
    operations = data.draw(
        st.lists(
            st.tuples(
                st.sampled_from(["deliver", "deliver", "deliver", "drop", "dup", "write", "tick"]),
                st.integers(0, 10_000),
            ),
            max_size=250,
        ),
        label="operations",
    )
    for operation, number in operations:
        if operation == "write":
            net.write(number % n)
        elif operation == "tick":
            net.post(number % n, net.nodes[number % n].tick())
        elif net.queue:
            position = number % len(net.queue)
            if operation == "deliver":
                net.deliver(position)
            elif operation == "drop":
                del net.queue[position]
            else:
                net.queue.append(net.queue[position])
    # Healing: heartbeats and reliable delivery from here on.
    for _ in range(4 * end + 10):
        net.tick_all()
        net.run_to_end()
        if all(len(log) == end for log in net.logs):
            break
    net.assert_identical(end)


def test_a_peer_that_was_away_catches_up_in_batches() -> None:
    limits = SyncLimits(max_entries_per_reply=7)
    net = Network(3, rotating(2, 60, every=4), limits=limits)  # seats 0, 1 write; 2 watches
    net.connect_all()
    net.settle()
    for seat in (0, 1):
        net.post(seat, net.nodes[seat].disconnect(2))
        net.post(2, net.nodes[2].disconnect(seat))
    net.run_to_end()
    assert len(net.logs[0]) == len(net.logs[1]) == 60 and len(net.logs[2]) == 0
    before = net.messages
    for seat in (0, 1):
        net.post(seat, net.nodes[seat].connect(2))
        net.post(2, net.nodes[2].connect(seat))
    net.settle()
    net.assert_identical(60)
    # 60 entries at 7 per reply take 9 round trips from one peer, not one per entry.
    assert net.messages - before < 40


def test_a_pending_part_whose_messages_were_lost_is_pulled_by_the_others() -> None:
    net = Network(3, rotating(3, 4, every=2))
    net.connect_all()
    net.settle()
    net.write(0)
    net.settle()
    assert all(len(log) == 1 for log in net.logs)
    # Position 1 needs all seats. Seat 0 writes, but its messages are lost.
    net.write(0)
    net.queue.clear()
    pending = net.logs[0].pending_parts()
    assert [p.seat for p in pending] == [0]
    # The others write theirs; the position completes once seat 0's part is pulled.
    net.write(1)
    net.write(2)
    net.settle()
    assert len(net.logs[0]) == 2 and len(net.logs[1]) == len(net.logs[2]) == 1
    # Seats 1 and 2 wait for seat 0's part; the heartbeat's heads show seat 0 is ahead.
    net.tick_all()
    net.run_to_end()
    net.assert_identical(4)
    assert net.logs[1].entry(1).by_seat[0] == pending[0]


# --- misbehaviour --------------------------------------------------------------------------


def inject(net: Network, src: int, dst: int, message: dict) -> None:
    net.queue.append((src, dst, encode_message(message)))


def part_message(part: Part) -> dict:
    return {"t": "part", "p": part.raw}


def test_an_author_showing_different_entries_to_different_peers_is_caught() -> None:
    net = Network(4, rotating(4, 10, every=100))
    net.connect_all()
    net.settle()
    a = Part.create(KEYS[0], SESSION, 0, SESSION, 0, "move", b"bang seat 1")
    b = Part.create(KEYS[0], SESSION, 0, SESSION, 0, "move", b"bang seat 2")
    # Seat 0 is malicious: its replicator is bypassed and it sends version a to seats 1
    # and 2, version b to seat 3.
    net.mute.add(0)
    inject(net, 0, 1, part_message(a))
    inject(net, 0, 2, part_message(a))
    inject(net, 0, 3, part_message(b))
    net.settle()
    net.run_to_end()
    for seat in (1, 2, 3):
        proof = net.logs[seat].halted
        assert proof is not None and proof.verify(ROSTERS[4].raw_key(0), SESSION) is None
        assert proof.seat == 0
    assert {proof for _, proof in net.proofs} == {net.logs[1].halted}
    # Before the proof, seat 3 saw seat 1's next part name the other history: a wrong
    # previous hash is the symptom a fork shows; the proof then names who forked.
    symptoms = {Reason.WRONG_PREV, Reason.HALTED, Reason.EQUIVOCATION}
    assert all(r.offender == 0 or r.reason in symptoms for _, r in net.rejected)
    assert not net.faults


def test_a_double_decryption_share_is_caught_while_the_position_is_pending() -> None:
    net = Network(4, rotating(4, 10, every=1))  # every position needs all four seats
    net.connect_all()
    net.settle()
    a = Part.create(KEYS[3], SESSION, 0, SESSION, 3, "share", b"share a")
    b = Part.create(KEYS[3], SESSION, 0, SESSION, 3, "share", b"share b")
    inject(net, 3, 0, part_message(a))
    inject(net, 3, 1, part_message(b))
    net.settle()
    # Nobody else has written, so no later part can expose it: the heartbeat's heads, which
    # carry digests of pending parts, do.
    assert all(log.halted is None for log in net.logs)
    net.tick_all()
    net.settle()
    for seat in (0, 1, 2):
        assert net.logs[seat].halted is not None and net.logs[seat].halted.seat == 3
    assert not net.faults


def payload_steered_log() -> Log:
    """A game where each entry's payload names the next writer, so two histories can have
    different writers at the same position."""
    holder: list[Log] = []

    def writers(index: int) -> Turn | None:
        if index == 0:
            return Turn.of(0)
        if index >= 4:
            return None
        return Turn.of(holder[0].entry(index - 1).parts[0].payload[0])

    holder.append(Log(SESSION, ROSTERS[3], writers))
    return holder[0]


def test_a_fork_is_traced_back_to_the_seat_that_forked() -> None:
    net = Network(3, logs=[payload_steered_log() for _ in range(3)])
    for seat in (1, 2):
        net.post(seat, net.nodes[seat].connect(0))
    net.settle()
    # Seat 0 forks: to seat 1 "seat 1 moves next", to seat 2 "seat 2 moves next", while 1
    # and 2 cannot talk. Each extends its own history, so their heads differ at index 1 by
    # parts of different seats: the probe has to walk back to index 0 to find the proof.
    a = Part.create(KEYS[0], SESSION, 0, SESSION, 0, "move", bytes([1]))
    b = Part.create(KEYS[0], SESSION, 0, SESSION, 0, "move", bytes([2]))
    net.post(1, net.nodes[1].receive(0, encode_message(part_message(a))))
    net.post(2, net.nodes[2].receive(0, encode_message(part_message(b))))
    net.post(1, net.nodes[1].submit(KEYS[1], "move", bytes([1])))
    net.post(2, net.nodes[2].submit(KEYS[2], "move", bytes([2])))
    net.queue.clear()
    assert len(net.logs[1]) == len(net.logs[2]) == 2
    assert net.logs[1].head_hash != net.logs[2].head_hash
    net.post(1, net.nodes[1].connect(2))
    net.post(2, net.nodes[2].connect(1))
    net.settle()
    for seat in (1, 2):
        proof = net.logs[seat].halted
        assert proof is not None and (proof.seat, proof.index) == (0, 0)
        assert proof.verify(ROSTERS[3].raw_key(0), SESSION) is None


def test_forwarded_forgeries_blame_the_forwarder() -> None:
    net = Network(3, rotating(3, 5))
    net.connect_all()
    net.settle()
    genuine = Part.create(KEYS[0], SESSION, 0, SESSION, 0, "move", b"x")
    forged = bytearray(genuine.raw)
    forged[-3] ^= 0x40
    inject(net, 2, 1, {"t": "part", "p": bytes(forged)})
    net.settle()
    assert [(seat, r.reason, r.offender) for seat, r in net.rejected] == [
        (1, Reason.BAD_SIGNATURE, 2)
    ]
    assert len(net.logs[1]) == 0


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\xc1",
        msgpack.packb([1, 2]),
        msgpack.packb({"t": "nope"}),
        msgpack.packb({"t": "fetch", "from": 0}),
        msgpack.packb({"t": "fetch", "from": 0, "max": 5, "extra": 1}),
        msgpack.packb({"t": "fetch", "from": -1, "max": 5}),
        msgpack.packb({"t": "fetch", "from": 0, "max": 10**6}),
        msgpack.packb({"t": "fetch", "from": True, "max": 1}),
        msgpack.packb({"t": "part", "p": "text"}),
        msgpack.packb({"t": "head", "s": SESSION, "n": 0, "h": SESSION, "p": [[1, b"x"]]}),
        msgpack.packb(
            {"t": "head", "s": SESSION, "n": 0, "h": SESSION, "p": [[1, SESSION], [1, SESSION]]}
        ),
        msgpack.packb({"t": "entries", "from": 0, "e": [1], "p": []}),
        msgpack.packb({"t": "proof", "x": b"not a proof"}),
        msgpack.packb({"t": "head", "s": b"\0" * 32, "n": 0, "h": SESSION, "p": []}),
        msgpack.packb({"t": "head", "s": SESSION, "n": 0, "h": b"\1" * 32, "p": []}),
        b"\xd4\x01\x00",
        b"\x81\xa1t\xa4part" + b"\x00" * 3,
    ],
)
def test_malformed_messages_are_faults_of_the_sender_and_change_nothing(data: bytes) -> None:
    log = Log(SESSION, ROSTERS[3], rotating(3, 5))
    node = Replicator(log, 0)
    node.connect(1)
    step = node.receive(1, data)
    assert [fault.peer for fault in step.faults] == [1]
    assert step.send == [] and not step.committed
    assert len(log) == 0 and log.halted is None


def test_oversized_messages_are_refused_before_decoding() -> None:
    limits = SyncLimits(max_message_bytes=1000)
    node = Replicator(Log(SESSION, ROSTERS[2], rotating(2, 5)), 0, limits=limits)
    step = node.receive(1, encode_message({"t": "part", "p": b"x" * 2000}))
    assert step.faults and "exceeds" in step.faults[0].detail


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_crash_the_replicator(data: bytes) -> None:
    log = Log(SESSION, ROSTERS[2], rotating(2, 5))
    node = Replicator(log, 0)
    node.connect(1)
    step = node.receive(1, data)
    assert len(log) == 0
    assert all(fault.peer == 1 for fault in step.faults)


def test_a_forged_proof_is_a_fault_and_does_not_halt() -> None:
    a = Part.create(KEYS[1], SESSION, 3, SESSION, 1, "move", b"a")
    b = Part.create(KEYS[1], SESSION, 3, SESSION, 1, "move", b"b")
    wrong_key = EquivocationProof.from_parts(ROSTERS[2].raw_key(0), a, b)
    log = Log(SESSION, ROSTERS[2], rotating(2, 5))
    node = Replicator(log, 0)
    step = node.receive(1, encode_message({"t": "proof", "x": wrong_key.encode()}))
    assert step.faults and log.halted is None
    good = EquivocationProof.from_parts(ROSTERS[2].raw_key(1), a, b)
    node.connect(1)
    step = node.receive(1, encode_message({"t": "proof", "x": good.encode()}))
    assert step.proofs == [good] and log.halted == good


def test_messages_round_trip_through_the_strict_decoder() -> None:
    limits = SyncLimits()
    for message in (
        {"t": "head", "s": SESSION, "n": 3, "h": SESSION, "p": [[0, SESSION]]},
        {"t": "fetch", "from": 7, "max": 0},
        {"t": "entries", "from": 1, "e": [b"a"], "p": [b"b"]},
        {"t": "part", "p": b"x"},
        {"t": "proof", "x": b"y"},
    ):
        assert decode_message(encode_message(message), limits) == message


# --- journaling order ----------------------------------------------------------------------


class RecordingJournal:
    def __init__(self, events: list[tuple[str, bytes]]) -> None:
        self.events = events

    def append_own_part(self, part: Part) -> None:
        self.events.append(("part", part.raw))

    def append_entries(self, entries) -> None:
        self.events.extend(("entry", entry.raw) for entry in entries)

    def append_proof(self, proof: EquivocationProof) -> None:
        self.events.append(("proof", proof.encode()))


def test_own_parts_and_entries_are_journaled_before_the_step_is_returned() -> None:
    events: list[tuple[str, bytes]] = []
    log = Log(SESSION, ROSTERS[2], rotating(2, 5, every=2))
    node = Replicator(log, 0, journal=RecordingJournal(events))
    node.connect(1)
    step = node.submit(KEYS[0], "move", b"first")
    assert events == [("part", log.entry(0).parts[0].raw), ("entry", log.entry(0).raw)]
    assert any(decode_message(data, SyncLimits())["t"] == "part" for _, data in step.send)
    again = node.submit(KEYS[0], "move", b"x")  # position 1 needs both seats
    assert events[-1] == ("part", log.pending_parts()[0].raw)
    with pytest.raises(LogError):
        node.submit(KEYS[0], "move", b"y")  # a second, different part: refused locally
    assert again.committed == []
    a = Part.create(KEYS[1], SESSION, 9, SESSION, 1, "move", b"a")
    b = Part.create(KEYS[1], SESSION, 9, SESSION, 1, "move", b"b")
    node.receive(1, encode_message(part_message(a)))
    step = node.receive(1, encode_message(part_message(b)))
    assert events[-1][0] == "proof" and step.proofs
    assert any(decode_message(data, SyncLimits())["t"] == "proof" for _, data in step.send)


def test_unknown_peers_are_a_programming_error() -> None:
    node = Replicator(Log(SESSION, ROSTERS[2], rotating(2, 5)), 0)
    for peer in (0, 2, -1):
        with pytest.raises(ValueError):
            node.connect(peer)



def test_a_restarted_peer_is_in_step_only_once_it_holds_every_head_including_its_own_part(
) -> None:
    """A peer whose files lost a tail must not sign before it holds what the others hold:
    here it forgot a committed entry and its own part of the open position."""
    net = Network(3, rotating(3, 6, every=3))
    net.connect_all()
    net.settle()
    for seat in (0, 1):
        assert net.write(seat)
        net.settle()
    assert net.write(0)  # position 2 needs every seat: seat 0's part is pending everywhere
    net.settle()
    [forgotten] = net.logs[0].pending_parts()
    assert net.nodes[1].in_step_with([0, 2]) and len(net.logs[0]) == 2
    # Seat 0 restarts from a log that kept only entry 0 (a restored backup).
    restored = Log(SESSION, ROSTERS[3], rotating(3, 6, every=3))
    restored.add_entry(net.logs[1].entry(0))
    net.logs[0] = restored
    net.nodes[0] = Replicator(restored, 0)
    for seat in (1, 2):
        net.post(seat, net.nodes[seat].disconnect(0))
    net.queue.clear()
    assert not net.nodes[0].in_step_with([1, 2])  # nobody has told it anything yet
    for seat in (1, 2):
        net.post(0, net.nodes[0].connect(seat))
        net.post(seat, net.nodes[seat].connect(0))
    assert not net.nodes[0].in_step_with([1, 2])
    net.settle()
    assert net.nodes[0].in_step_with([1, 2])
    assert len(restored) == 2 and list(restored.pending_parts()) == [forgotten]
    net.run_to_end()
    net.assert_identical(6)
