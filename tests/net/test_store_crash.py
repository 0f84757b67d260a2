"""A peer process killed with SIGKILL while writing its log restarts, reloads, catches up
from another peer, and ends with every entry exactly once.

The writer runs this file as a script (``python test_store_crash.py writer DIR``), so the
kill hits a real, separate OS process in the middle of its appends and fsyncs.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pbang.net.log import Log, Part, Roster, Turn
from p2pbang.net.store import LOG_FILE, LogStore, RecordType, restore_log
from p2pbang.net.sync import Replicator, encode_message

SESSION = hashlib.sha256(b"crash session").digest()
KEYS = [Ed25519PrivateKey.from_private_bytes(bytes([seat + 90]) * 32) for seat in range(3)]
ROSTER = Roster([key.public_key() for key in KEYS])
ME = 0
KILL_AFTER_BYTES = 40_000
REPO = Path(__file__).resolve().parents[2]


def writers(index: int) -> Turn:
    """Seat i % 3 writes position i; every fifth position needs all three seats."""
    return Turn.of(0, 1, 2) if index % 5 == 4 else Turn.of(index % 3)


def payload(index: int, seat: int) -> bytes:
    return f"move {index} by seat {seat}".encode()


def foreign_part(log: Log, seat: int) -> bytes:
    part = Part.create(
        KEYS[seat], SESSION, len(log), log.head_hash, seat, "move", payload(len(log), seat)
    )
    return encode_message({"t": "part", "p": part.raw})


def play_as_me(node: Replicator, positions: int) -> None:
    """Fill positions as seat ``ME`` sees them: its own parts written, the others' received."""
    log = node.log
    for _ in range(positions):
        turn = log.open_turn()
        assert turn is not None
        for seat in sorted(turn.seats):
            if seat == ME:
                node.submit(KEYS[ME], "move", payload(len(log), ME))
            else:
                step = node.receive(seat, foreign_part(log, seat))
                assert not step.rejected and not step.faults


def reference_log(length: int) -> Log:
    """Another peer's complete copy of the same game (signing is deterministic)."""
    log = Log(SESSION, ROSTER, writers)
    while len(log) < length:
        index = len(log)
        for seat in sorted(writers(index).seats):
            part = Part.create(KEYS[seat], SESSION, index, log.head_hash, seat, "move",
                               payload(index, seat))
            assert not log.add_part(part).rejected
    return log


def pump(nodes: dict[int, Replicator]) -> None:
    """Connect the nodes and deliver messages until none are left."""
    queue: deque[tuple[int, int, bytes]] = deque()
    for seat, node in nodes.items():
        for peer in nodes:
            if peer != seat:
                queue.extend((seat, dst, data) for dst, data in node.connect(peer).send)
    while queue:
        src, dst, data = queue.popleft()
        step = nodes[dst].receive(src, data)
        assert not step.rejected and not step.faults, (step.rejected, step.faults)
        queue.extend((dst, to, message) for to, message in step.send)


def test_sigkilled_writer_restarts_and_catches_up_without_loss_or_duplicates(
    tmp_path: Path,
) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    writer = subprocess.Popen(
        [sys.executable, __file__, "writer", str(tmp_path)], env=env, cwd=REPO
    )
    log_file = tmp_path / LOG_FILE
    deadline = time.monotonic() + 60
    try:
        while not (log_file.exists() and log_file.stat().st_size > KILL_AFTER_BYTES):
            assert writer.poll() is None, "the writer exited before it was killed"
            assert time.monotonic() < deadline, "the writer wrote too slowly"
            time.sleep(0.005)
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    assert writer.returncode == -signal.SIGKILL

    with LogStore(tmp_path, SESSION) as store:
        restored = restore_log(store, ROSTER, writers)
        survived = len(restored)
        assert survived > 0
        full = reference_log(survived + 40)
        # The valid prefix came back exactly.
        for index in range(survived):
            assert restored.entry(index) == full.entry(index)
        mine = Replicator(restored, ME, journal=store)
        pump({ME: mine, 1: Replicator(full, 1)})
        assert len(restored) == len(full) and restored.head_hash == full.head_hash

    with LogStore(tmp_path, SESSION) as store:
        entries = [r.data for r in store.records if r.type is RecordType.ENTRY]
        assert entries == [entry.raw for entry in full.entries()]
        own = [Part.decode(r.data) for r in store.records if r.type is RecordType.OWN_PART]
        assert len({part.index for part in own}) == len(own)
        assert all(full.entry(part.index).by_seat[ME] == part for part in own)
        assert store.torn_bytes == 0
        again = restore_log(store, ROSTER, writers)
        assert again.head_hash == full.head_hash


def run_writer(directory: Path) -> None:
    """The process that gets killed: seat ``ME`` playing as fast as its disk allows."""
    with LogStore(directory, SESSION) as store:
        node = Replicator(Log(SESSION, ROSTER, writers), ME, journal=store)
        play_as_me(node, 1_000_000)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "writer":
        run_writer(Path(sys.argv[2]))
    else:
        sys.exit("usage: test_store_crash.py writer DIRECTORY")
