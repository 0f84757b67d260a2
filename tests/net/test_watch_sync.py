"""The watch messages without sockets: a watcher's answers carry committed entries only,
within the sync limits; the head a watcher is told names no pending part; a follower admits
entries exactly as a player's log does and refuses what does not check."""

from __future__ import annotations

import hashlib

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pbang.net.codec import CodecError, MessageRegistry
from p2pbang.net.log import Log, Roster, Turn
from p2pbang.net.mesh import MeshConfig
from p2pbang.net.sync import ENTRIES, HEAD, SyncLimits, decode_message
from p2pbang.net.watch_sync import (
    WATCH_ASK,
    WATCH_GENESIS,
    WATCH_SYNC,
    entries_reply,
    head_message,
    register_watch_messages,
    watch_mesh_config,
)

SESSION = hashlib.sha256(b"watch session").digest()
KEYS = [Ed25519PrivateKey.from_private_bytes(bytes([seat + 60]) * 32) for seat in range(2)]
ROSTER = Roster([key.public_key() for key in KEYS])


def log_of(entries: int, payload: bytes = b"move") -> Log:
    """``entries`` committed (one writer each, in turn), then a position both seats write,
    where seat 0 has written: one pending part."""

    def writers(index: int) -> Turn:
        return Turn.of(0, 1) if index == entries else Turn.of(index % 2)

    log = Log(SESSION, ROSTER, writers)
    for index in range(entries):
        log.author(index % 2, KEYS[index % 2], "move", payload)
    log.author(0, KEYS[0], "move", b"pending")
    assert len(log) == entries and len(log.pending_parts()) == 1
    return log


def test_an_answer_carries_committed_entries_within_the_limits() -> None:
    log = log_of(40)
    limits = SyncLimits(max_entries_per_reply=16, reply_budget_bytes=10_000)
    reply, count = entries_reply(log, 5, 100, limits)
    message = decode_message(reply, limits)
    assert message["t"] == ENTRIES and message["from"] == 5 and count == 16
    assert message["e"] == [e.raw for e in log.entries(5, 21)] and message["p"] == []
    small = SyncLimits(reply_budget_bytes=1)
    assert entries_reply(log, 0, 100, small)[1] == 1  # one entry always goes
    assert entries_reply(log, 40, 100, limits)[1] == 0  # nothing pending is ever served


def test_a_watchers_head_names_no_pending_part() -> None:
    log = log_of(7)
    head = decode_message(head_message(log), SyncLimits())
    assert (head["t"], head["n"], head["h"], head["p"]) == (HEAD, len(log), log.head_hash, [])


def test_the_messages_and_the_mesh_limits() -> None:
    registry = MessageRegistry()
    register_watch_messages(registry)
    register_watch_messages(registry)  # once per registry, however often asked
    assert all(name in registry for name in (WATCH_ASK, WATCH_GENESIS, WATCH_SYNC))
    with pytest.raises(CodecError):
        registry.validate({"t": WATCH_ASK, "d": b"x" * 257})  # a watcher asks in few bytes
    config = watch_mesh_config(3, MeshConfig(heartbeat_interval=0.5))
    assert (config.max_peers, config.outbox_size, config.heartbeat_interval) == (4, 8, 0.5)
