"""Persistence: the append-only log file survives torn writes, refuses corruption, reloads
with full re-verification; the secrets file is private and replaced atomically."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pbang.net import store as store_module
from p2pbang.net.log import Log, LogError, Part, Roster, Turn
from p2pbang.net.store import (
    LOG_FILE,
    LogStore,
    RecordType,
    SecretsExposed,
    SecretsFile,
    StoreCorrupted,
    StoreLocked,
    encode_record,
    game_directory,
    restore_log,
    scan_log,
    set_aside_damaged_log,
)

SESSION = hashlib.sha256(b"store session").digest()
KEYS = [Ed25519PrivateKey.from_private_bytes(bytes([seat + 11]) * 32) for seat in range(3)]
ROSTER = Roster([key.public_key() for key in KEYS])
ME = 0


def writers(index: int) -> Turn:
    """Seat i % 3 writes position i; every fourth position needs all three seats."""
    return Turn.of(0, 1, 2) if index % 4 == 3 else Turn.of(index % 3)


def play(log: Log, store: LogStore, count: int) -> None:
    """Fill ``count`` positions as peer ``ME`` would: own parts journaled before use."""
    for _ in range(count):
        turn = log.open_turn()
        assert turn is not None
        for seat in sorted(turn.seats):
            payload = f"{len(log)}/{seat}".encode()
            if seat == ME:
                part, out = log.author(seat, KEYS[seat], "move", payload)
                store.append_own_part(part)
            else:
                part = Part.create(
                    KEYS[seat], SESSION, len(log), log.head_hash, seat, "move", payload
                )
                out = log.add_part(part, sender=seat)
            assert not out.rejected
            store.append_entries(out.committed)


def make_store(directory: Path, count: int) -> tuple[Log, bytes]:
    with LogStore(directory, SESSION) as store:
        log = Log(SESSION, ROSTER, writers)
        play(log, store, count)
    return log, (directory / LOG_FILE).read_bytes()


def reload(directory: Path) -> tuple[Log, LogStore]:
    store = LogStore(directory, SESSION)
    return restore_log(store, ROSTER, writers), store


def entries_of(log: Log) -> list[bytes]:
    return [entry.raw for entry in log.entries()]


def test_reload_rebuilds_the_same_log(tmp_path: Path) -> None:
    log, _ = make_store(tmp_path, 10)
    restored, store = reload(tmp_path)
    with store:
        assert entries_of(restored) == entries_of(log)
        assert restored.head_hash == log.head_hash
        assert store.torn_bytes == 0
        kinds = [record.type for record in store.records]
        assert kinds.count(RecordType.ENTRY) == 10
        assert kinds.count(RecordType.OWN_PART) == sum(
            1 for entry in log.entries() if ME in entry.seats
        )


def test_appends_after_reload_continue_the_same_file(tmp_path: Path) -> None:
    make_store(tmp_path, 5)
    restored, store = reload(tmp_path)
    with store:
        play(restored, store, 5)
    again, store = reload(tmp_path)
    with store:
        assert len(again) == 10 and again.head_hash == restored.head_hash
        stored = [record.data for record in store.records if record.type is RecordType.ENTRY]
        assert stored == entries_of(again)


def test_truncation_at_every_byte_of_the_last_record_recovers_the_prefix(tmp_path: Path) -> None:
    log, data = make_store(tmp_path / "full", 6)
    full = scan_log(data, SESSION)
    last = full.records[-1]
    assert last.type is RecordType.ENTRY
    expected = entries_of(log)[:-1]
    for cut in range(last.offset, len(data)):
        directory = tmp_path / f"cut{cut}"
        directory.mkdir()
        (directory / LOG_FILE).write_bytes(data[:cut])
        restored, store = reload(directory)
        with store:
            assert store.records == full.records[:-1]
            assert store.torn_bytes == cut - last.offset
            assert (directory / LOG_FILE).stat().st_size == last.offset
            assert entries_of(restored) == expected
            store.append_entries([log.entry(5)])
        again, store = reload(directory)
        with store:
            assert entries_of(again) == entries_of(log) and store.torn_bytes == 0


def test_a_zero_filled_tail_is_a_torn_write(tmp_path: Path) -> None:
    _, data = make_store(tmp_path / "full", 3)
    full = scan_log(data, SESSION)
    last = full.records[-1]
    for cut in (last.offset, last.offset + 3, last.offset + 9, len(data) - 1):
        padded = data[:cut] + bytes(len(data) - cut)
        scan = scan_log(padded, SESSION)
        assert scan.records == full.records[:-1]
        assert scan.torn_bytes == len(data) - last.offset


def test_every_flipped_byte_is_detected_never_misread(tmp_path: Path) -> None:
    _, data = make_store(tmp_path, 4)
    full = scan_log(data, SESSION)
    last = full.records[-1]
    raised = torn = 0
    for offset in range(len(data)):
        for flip in (0x01, 0x80):
            damaged = bytearray(data)
            damaged[offset] ^= flip
            try:
                scan = scan_log(bytes(damaged), SESSION)
            except StoreCorrupted:
                raised += 1
                continue
            # Only damage inside the final record may read as a torn append, and then the
            # intact prefix is returned and the damaged record is cut, not returned.
            assert offset >= last.offset
            assert scan.records == full.records[:-1] and scan.torn_bytes > 0
            torn += 1
    assert raised and torn and raised + torn == 2 * len(data)


def test_a_valid_checksum_does_not_make_a_forged_entry_acceptable(tmp_path: Path) -> None:
    _, data = make_store(tmp_path, 4)
    full = scan_log(data, SESSION)
    victim = next(r for r in full.records if r.type is RecordType.ENTRY)
    forged_entry = bytearray(victim.data)
    forged_entry[-1] ^= 1  # a signature byte; the record is re-checksummed to match
    record = encode_record(RecordType.ENTRY, bytes(forged_entry))
    end = victim.offset + len(encode_record(RecordType.ENTRY, victim.data))
    (tmp_path / LOG_FILE).write_bytes(data[: victim.offset] + record + data[end:])
    store = LogStore(tmp_path, SESSION)
    with store, pytest.raises(StoreCorrupted, match="bad-signature"):
        restore_log(store, ROSTER, writers)


def test_a_game_that_disagrees_with_the_stored_log_refuses_it(tmp_path: Path) -> None:
    make_store(tmp_path, 4)
    store = LogStore(tmp_path, SESSION)
    with store, pytest.raises(StoreCorrupted, match="wrong-author"):
        restore_log(store, ROSTER, lambda index: Turn.of(2))


def test_header_damage_and_foreign_sessions_are_refused(tmp_path: Path) -> None:
    _, data = make_store(tmp_path, 2)
    for bad in (data[:10], b"", b"x" + data[1:]):
        (tmp_path / LOG_FILE).write_bytes(bad)
        with pytest.raises(StoreCorrupted, match="bad header"):
            LogStore(tmp_path, SESSION)
    (tmp_path / LOG_FILE).write_bytes(data)
    with pytest.raises(StoreCorrupted, match="another session"):
        LogStore(tmp_path, hashlib.sha256(b"other").digest())


def test_one_process_at_a_time(tmp_path: Path) -> None:
    first = LogStore(tmp_path, SESSION)
    with pytest.raises(StoreLocked):
        LogStore(tmp_path, SESSION)
    first.close()
    LogStore(tmp_path, SESSION).close()


def test_an_own_part_survives_a_restart_and_is_never_re_signed_differently(
    tmp_path: Path,
) -> None:
    with LogStore(tmp_path, SESSION) as store:
        log = Log(SESSION, ROSTER, writers)
        play(log, store, 3)
        assert log.open_turn() == Turn.of(0, 1, 2)
        part, _ = log.author(ME, KEYS[ME], "share", b"my share")
        store.append_own_part(part)
    restored, store = reload(tmp_path)
    with store:
        assert restored.pending_parts() == (part,)
        assert restored.author(ME, KEYS[ME], "share", b"my share")[0] == part
        with pytest.raises(LogError, match="already signed"):
            restored.author(ME, KEYS[ME], "share", b"a fresh share")


def test_a_pending_own_part_adds_no_entry_on_reload(tmp_path: Path) -> None:
    with LogStore(tmp_path, SESSION) as store:
        log = Log(SESSION, ROSTER, writers)
        play(log, store, 3)
        part, _ = log.author(ME, KEYS[ME], "share", b"0")
        store.append_own_part(part)
    restored, store = reload(tmp_path)
    with store:
        assert len(restored) == 3 and restored.pending_parts() == (part,)
        entry_records = [r for r in store.records if r.type is RecordType.ENTRY]
    with LogStore(tmp_path, SESSION) as store:
        assert [r for r in store.records if r.type is RecordType.ENTRY] == entry_records


def test_an_entry_completed_by_an_own_part_is_journaled_on_reload(tmp_path: Path) -> None:
    # The crash hit after the own part was persisted, before the entry it completed was.
    with LogStore(tmp_path, SESSION) as store:
        part, _ = Log(SESSION, ROSTER, writers).author(ME, KEYS[ME], "move", b"first")
        store.append_own_part(part)
    restored, store = reload(tmp_path)
    with store:
        assert len(restored) == 1 and restored.entry(0).parts == (part,)
    with LogStore(tmp_path, SESSION) as store:
        kinds = [record.type for record in store.records]
        assert kinds == [RecordType.OWN_PART, RecordType.ENTRY]
    restored, store = reload(tmp_path)
    store.close()
    assert len(restored) == 1


def test_game_directory_is_per_session(tmp_path: Path) -> None:
    assert game_directory(tmp_path, SESSION) == tmp_path / "games" / SESSION.hex()


# --- secrets -------------------------------------------------------------------------------


def test_secrets_round_trip_with_mode_0600(tmp_path: Path) -> None:
    old_umask = os.umask(0)
    try:
        secrets_file = SecretsFile(tmp_path / "game", SESSION)
        assert secrets_file.read() is None
        secrets_file.write(b"dealer keys and slot knowledge")
    finally:
        os.umask(old_umask)
    mode = stat.S_IMODE(secrets_file.path.stat().st_mode)
    assert mode == 0o600
    assert stat.S_IMODE((tmp_path / "game").stat().st_mode) == 0o700
    assert secrets_file.read() == b"dealer keys and slot knowledge"
    secrets_file.write(b"")
    assert SecretsFile(tmp_path / "game", SESSION).read() == b""
    assert sorted(p.name for p in (tmp_path / "game").iterdir()) == ["secrets.bin"]


def test_secrets_readable_by_others_are_refused(tmp_path: Path) -> None:
    secrets_file = SecretsFile(tmp_path, SESSION)
    secrets_file.write(b"k")
    secrets_file.path.chmod(0o640)
    with pytest.raises(SecretsExposed):
        secrets_file.read()
    secrets_file.path.chmod(0o600)
    assert secrets_file.read() == b"k"


def test_secrets_damage_and_foreign_sessions_are_detected(tmp_path: Path) -> None:
    secrets_file = SecretsFile(tmp_path, SESSION)
    secrets_file.write(b"secret bytes")
    good = secrets_file.path.read_bytes()
    for offset in range(len(good)):
        damaged = bytearray(good)
        damaged[offset] ^= 0x10
        secrets_file.path.write_bytes(bytes(damaged))
        with pytest.raises(StoreCorrupted):
            secrets_file.read()
    secrets_file.path.write_bytes(good[:-1])
    with pytest.raises(StoreCorrupted):
        secrets_file.read()
    secrets_file.path.write_bytes(good)
    with pytest.raises(StoreCorrupted):
        SecretsFile(tmp_path, hashlib.sha256(b"x").digest()).read()


def test_a_failed_replace_keeps_the_old_secrets(tmp_path: Path, monkeypatch) -> None:
    secrets_file = SecretsFile(tmp_path, SESSION)
    secrets_file.write(b"old")

    def crash(*args: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(store_module.os, "replace", crash)
    with pytest.raises(OSError, match="power cut"):
        secrets_file.write(b"new")
    monkeypatch.undo()
    assert secrets_file.read() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secrets.bin"]


def test_stale_temporary_files_are_swept(tmp_path: Path) -> None:
    stale = tmp_path / ".tmp-secrets.bin.deadbeef"
    stale.write_bytes(b"half a secret")
    SecretsFile(tmp_path, SESSION)
    assert not stale.exists()


def test_secrets_through_a_symlink_are_refused(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_bytes(b"")
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "secrets.bin").symlink_to(target)
    with pytest.raises(store_module.StoreError):
        SecretsFile(tmp_path / "game", SESSION).read()


def test_a_damaged_log_is_set_aside_and_restarted_from_its_intact_prefix(
        tmp_path: Path) -> None:
    """A flipped byte is never skipped, but it need not end the game: the file is kept as
    evidence, the records before the damage are kept, and the rest comes back from the
    peers (the session fetches it before signing anything)."""
    log, data = make_store(tmp_path, 8)
    records = scan_log(data, SESSION).records
    damaged_record = records[len(records) // 2]
    damaged = bytearray(data)
    damaged[damaged_record.offset + 9] ^= 0x40
    (tmp_path / LOG_FILE).write_bytes(bytes(damaged))
    with pytest.raises(StoreCorrupted) as caught:
        LogStore(tmp_path, SESSION)
    kept = set_aside_damaged_log(tmp_path, SESSION, caught.value.offset)
    assert kept.read_bytes() == bytes(damaged) and kept.parent == tmp_path
    assert kept.name.startswith(LOG_FILE + ".damaged")
    restored, store = reload(tmp_path)
    with store:
        assert store.records == records[: len(records) // 2]
        assert entries_of(restored) == entries_of(log)[: len(restored)]
        assert len(restored) < len(log)
    # Damage in the header leaves an empty log (the peers hold every entry).
    (tmp_path / LOG_FILE).write_bytes(b"x" + data[1:])
    with pytest.raises(StoreCorrupted) as caught:
        LogStore(tmp_path, SESSION)
    second = set_aside_damaged_log(tmp_path, SESSION, caught.value.offset)
    assert second != kept and kept.exists()
    restored, store = reload(tmp_path)
    with store:
        assert len(restored) == 0 and store.records == ()
