"""Crash-safe persistence of one peer's log, and of its secrets, in a game directory.

A peer that crashes or loses power must come back with exactly what it had promised the
table: every entry it committed and, above all, every part it signed, so that it never signs
a different part for the same position after a restart (that would be equivocation, proven
against an honest player). Hence:

* The log file is append-only: length-prefixed, checksummed records, each one written and
  ``fsync``-ed before anything depending on it is sent. A crash can only damage the record
  being appended, so a damaged *last* record is a torn write, cut off and reported; damage
  anywhere else is corruption, refused loudly, never silently skipped.
* Reloading re-verifies everything through :class:`~p2pbang.net.log.Log` (signatures, chain,
  authorship): the disk is trusted for durability, not for validity.
* Secrets (the dealer's keys, per-slot knowledge: opaque bytes from the caller) live in a
  separate file, mode 0600, replaced atomically (temp file, fsync, rename, fsync directory),
  and refused on load when other users could read it.

The byte formats are specified in ``protocol/log.md``.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import stat
import struct
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path

from p2pbang.net.log import (
    SESSION_ID_BYTES,
    Entry,
    EquivocationProof,
    Limits,
    Log,
    LogFormatError,
    Part,
    Roster,
    SeatChangeEntry,
    WritersFn,
    decode_entry,
)

LOG_FILE = "log.bin"
SECRETS_FILE = "secrets.bin"
LOCK_FILE = "lock"
LOG_MAGIC = b"p2pbLOG1"
SECRETS_MAGIC = b"p2pbSEC1"
FILE_HEADER_BYTES = len(LOG_MAGIC) + SESSION_ID_BYTES + 4
RECORD_HEADER = struct.Struct(">II")  # body length, CRC-32 of those 4 length bytes
RECORD_TRAILER = struct.Struct(">I")  # CRC-32 of the body
MAX_RECORD_BODY = 64 * 1024 * 1024
MAX_SECRETS_BYTES = 64 * 1024 * 1024
_TEMP_PREFIX = ".tmp-"


class RecordType(IntEnum):
    """First byte of a record body: what the rest of the body is."""

    ENTRY = 0x45  # "E": a committed entry's canonical bytes
    OWN_PART = 0x50  # "P": a part this peer signed, persisted before it was sent
    PROOF = 0x58  # "X": an equivocation proof that halted the log
    OWN_STATEMENT = 0x53  # "S": a leave or ballot this peer signed (protocol/seats.md)


class StoreError(Exception):
    """The game directory cannot be used as asked."""


class StoreCorrupted(StoreError):
    """Stored bytes are damaged or invalid somewhere a crash cannot explain."""

    def __init__(self, path: Path, offset: int | None, detail: str) -> None:
        where = f"{path}" if offset is None else f"{path} at byte {offset}"
        super().__init__(f"{where}: {detail}")
        self.path = path
        self.offset = offset
        self.detail = detail


class StoreLocked(StoreError):
    """Another process already has this game directory open."""


class SecretsExposed(StoreError):
    """The secrets file is readable or writable by someone other than its owner."""


@dataclass(frozen=True, slots=True)
class Record:
    type: RecordType
    data: bytes
    offset: int


@dataclass(frozen=True, slots=True)
class Scan:
    """The readable prefix of a log file, and the torn tail cut after it (if any)."""

    records: tuple[Record, ...]
    valid_length: int
    torn_bytes: int
    torn_reason: str | None


def game_directory(base: Path, session_id: bytes) -> Path:
    """Where one game's files live under ``base`` (platformdirs' data dir in play)."""
    return Path(base) / "games" / session_id.hex()


def _crc(data: bytes) -> int:
    return zlib.crc32(data) & 0xFFFFFFFF


def encode_file_header(magic: bytes, session_id: bytes) -> bytes:
    head = magic + session_id
    return head + struct.pack(">I", _crc(head))


def encode_record(kind: RecordType, data: bytes) -> bytes:
    body = bytes([kind]) + data
    if len(body) > MAX_RECORD_BODY:
        raise StoreError(f"a record of {len(body)} bytes exceeds {MAX_RECORD_BODY}")
    length = struct.pack(">I", len(body))
    return (
        RECORD_HEADER.pack(len(body), _crc(length)) + body + RECORD_TRAILER.pack(_crc(body))
    )


def scan_log(data: bytes, session_id: bytes, path: Path = Path(LOG_FILE)) -> Scan:
    """Parse a log file's bytes: the records, and where a torn final append begins.

    A crash mid-append leaves, after the last complete record, a prefix of the next one,
    possibly padded with zeros by the file system. Anything else that does not parse is
    corruption and raises :class:`StoreCorrupted`: a flipped bit is reported, not skipped.
    """
    stored_session = data[len(LOG_MAGIC) : len(LOG_MAGIC) + SESSION_ID_BYTES]
    header = encode_file_header(LOG_MAGIC, stored_session)
    if len(data) < FILE_HEADER_BYTES or data[:FILE_HEADER_BYTES] != header:
        raise StoreCorrupted(path, 0, "not a p2pbang log file (bad header)")
    if stored_session != session_id:
        raise StoreCorrupted(path, 0, "the log file belongs to another session")
    records: list[Record] = []
    offset = FILE_HEADER_BYTES
    size = len(data)

    def torn(reason: str) -> Scan:
        return Scan(tuple(records), offset, size - offset, reason)

    while offset < size:
        if size - offset < RECORD_HEADER.size:
            return torn("partial record header")
        length, length_crc = RECORD_HEADER.unpack_from(data, offset)
        if length_crc != _crc(data[offset : offset + 4]):
            if not any(data[offset:]):
                return torn("zero-filled tail")
            raise StoreCorrupted(path, offset, "record header checksum mismatch")
        if not 1 <= length <= MAX_RECORD_BODY:
            raise StoreCorrupted(path, offset, f"impossible record length {length}")
        body_start = offset + RECORD_HEADER.size
        end = body_start + length + RECORD_TRAILER.size
        if end > size:
            return torn("record cut short")
        body = data[body_start : body_start + length]
        (body_crc,) = RECORD_TRAILER.unpack_from(data, body_start + length)
        if body_crc != _crc(body):
            if end == size:
                return torn("last record checksum mismatch")
            raise StoreCorrupted(path, offset, "record checksum mismatch")
        try:
            kind = RecordType(body[0])
        except ValueError:
            raise StoreCorrupted(path, offset, f"unknown record type {body[0]:#x}") from None
        records.append(Record(kind, body[1:], offset))
        offset = end
    return Scan(tuple(records), offset, 0, None)


def _fsync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _atomic_create(path: Path, data: bytes, mode: int) -> None:
    """Write ``data`` to ``path`` so that ``path`` holds either the old or the new bytes."""
    temp = path.with_name(f"{_TEMP_PREFIX}{path.name}.{secrets.token_hex(8)}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    fd = os.open(temp, flags, mode)
    try:
        os.fchmod(fd, mode)  # the umask may have narrowed it; never widen beyond ``mode``
        _write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        temp.unlink(missing_ok=True)
        raise
    os.close(fd)
    try:
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_directory(path.parent)


def _remove_stale_temps(directory: Path, name: str) -> None:
    for stale in directory.glob(f"{_TEMP_PREFIX}{name}.*"):
        stale.unlink(missing_ok=True)


def _prepare_directory(directory: Path) -> Path:
    directory = Path(directory)
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    return directory


class LogStore:
    """The append-only log file of one game, opened by one process at a time.

    Implements the journal that ``sync.Replicator`` writes through: entries as they are
    committed, own parts before they are sent, the proof that halted the game.
    """

    def __init__(self, directory: Path, session_id: bytes) -> None:
        """Open (creating if needed) the log in ``directory``; cut a torn tail if any."""
        if type(session_id) is not bytes or len(session_id) != SESSION_ID_BYTES:
            raise ValueError("a session id is 32 bytes")
        self.directory = _prepare_directory(directory)
        self.session_id = session_id
        self.path = self.directory / LOG_FILE
        self._fd = -1
        self._lock_fd = self._lock()
        try:
            self._scan = self._open_file()
        except BaseException:
            self.close()
            raise

    def _lock(self) -> int:
        fd = os.open(self.directory / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreLocked(f"{self.directory} is in use by another process") from None
        return fd

    def _open_file(self) -> Scan:
        _remove_stale_temps(self.directory, LOG_FILE)
        if not self.path.exists():
            _atomic_create(self.path, encode_file_header(LOG_MAGIC, self.session_id), 0o600)
        scan = scan_log(self.path.read_bytes(), self.session_id, self.path)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        if scan.torn_bytes:
            os.ftruncate(self._fd, scan.valid_length)
            os.fsync(self._fd)
        return scan

    # -- what was on disk at open --

    @property
    def records(self) -> tuple[Record, ...]:
        return self._scan.records

    @property
    def torn_bytes(self) -> int:
        """How many bytes of a torn final append were cut off when the store was opened."""
        return self._scan.torn_bytes

    @property
    def torn_reason(self) -> str | None:
        return self._scan.torn_reason

    # -- appending (the sync Journal) --

    def append(self, records: Iterable[tuple[RecordType, bytes]]) -> None:
        """Append records durably: one write, then ``fsync``, before returning."""
        if self._fd < 0:
            raise StoreError("the store is closed")
        data = b"".join(encode_record(kind, payload) for kind, payload in records)
        if data:
            _write_all(self._fd, data)
            os.fsync(self._fd)

    def append_entries(self, entries: Iterable[Entry | SeatChangeEntry]) -> None:
        self.append((RecordType.ENTRY, entry.raw) for entry in entries)

    def append_own_part(self, part: Part) -> None:
        self.append([(RecordType.OWN_PART, part.raw)])

    def append_proof(self, proof: EquivocationProof) -> None:
        self.append([(RecordType.PROOF, proof.encode())])

    def append_own_statement(self, raw: bytes) -> None:
        """A leave or ballot this peer signed, kept so a restart never signs a different one."""
        self.append([(RecordType.OWN_STATEMENT, raw)])

    def own_statements(self) -> tuple[bytes, ...]:
        """Every leave or ballot this peer signed, in the order it signed them."""
        return tuple(r.data for r in self.records if r.type is RecordType.OWN_STATEMENT)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
        if self._lock_fd >= 0:
            os.close(self._lock_fd)
            self._lock_fd = -1

    def __enter__(self) -> LogStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


DAMAGED_SUFFIX = ".damaged"


def set_aside_damaged_log(directory: Path, session_id: bytes, offset: int | None) -> Path:
    """Keep a damaged ``log.bin`` as evidence and start it again from its intact prefix.

    ``offset`` is where :class:`StoreCorrupted` found the damage (the start of the first
    bad record; None or inside the file header: no record is kept). The damaged file is
    renamed to ``log.bin.damaged`` (``-2``, ``-3``... if that exists) and a new ``log.bin``
    holds the records before the damage, which were checked as they were read. Nothing is
    skipped: whatever followed is lost locally, and the caller must fetch it back from the
    peers before it signs anything (``sync.Replicator.in_step_with``), or it could sign a
    second part for a position it had already signed.
    """
    directory = Path(directory)
    path = directory / LOG_FILE
    lock = os.open(directory / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise StoreLocked(f"{directory} is in use by another process") from None
        data = path.read_bytes()
        kept = encode_file_header(LOG_MAGIC, session_id)
        if offset is not None and FILE_HEADER_BYTES <= offset <= len(data):
            prefix = data[:offset]
            scan = scan_log(prefix, session_id, path)  # the intact prefix must read whole
            if scan.torn_bytes == 0:
                kept = prefix
        aside = directory / f"{LOG_FILE}{DAMAGED_SUFFIX}"
        number = 1
        while aside.exists():
            number += 1
            aside = directory / f"{LOG_FILE}{DAMAGED_SUFFIX}-{number}"
        os.link(path, aside)
        _atomic_create(path, kept, 0o600)
        return aside
    finally:
        os.close(lock)


def restore_log(
    store: LogStore, roster: Roster, writers: WritersFn, limits: Limits | None = None
) -> Log:
    """Rebuild the log from the store, re-verifying every entry as if it came off the wire
    (see ``restore_into``)."""
    log = Log(store.session_id, roster, writers, limits)
    restore_into(log, store)
    return log


def restore_into(log: Log, store: LogStore) -> int:
    """Reload ``store`` into ``log`` (new and empty), re-verifying every record; return the
    number of entries.

    The caller builds the ``Log`` when its ``writers`` callback must read that very log while
    entries are re-admitted (a table session). Own parts come back as pending parts, so the
    peer re-sends them instead of signing new ones. Entries the own parts completed without
    an entry record yet (a crash in between) are appended to the store, so the file again
    holds one record per entry.
    """
    path = store.path
    settled = 0
    for record in store.records:
        try:
            if record.type is RecordType.ENTRY:
                entry = decode_entry(record.data, log.limits)
                if entry.index != settled:
                    detail = f"entry for position {entry.index} where {settled} was due"
                    raise StoreCorrupted(path, record.offset, detail)
                out = log.add_entry(entry)
                if out.rejected or len(log) <= settled or log.entry(settled) != entry:
                    reasons = "; ".join(str(r) for r in out.rejected) or "not committed"
                    raise StoreCorrupted(path, record.offset, f"entry {settled}: {reasons}")
                settled += 1
            elif record.type is RecordType.OWN_STATEMENT:
                continue  # the replicator reads them back (LogStore.own_statements)
            elif record.type is RecordType.OWN_PART:
                out = log.add_part(Part.decode(record.data, log.limits))
                if out.rejected:
                    reasons = "; ".join(str(r) for r in out.rejected)
                    raise StoreCorrupted(path, record.offset, f"own part: {reasons}")
            else:
                problem = log.adopt_proof(EquivocationProof.decode(record.data))
                if problem is not None:
                    raise StoreCorrupted(path, record.offset, f"proof: {problem}")
        except LogFormatError as exc:
            raise StoreCorrupted(path, record.offset, str(exc)) from None
    store.append_entries(log.entries(settled))
    return len(log)


class SecretsFile:
    """This peer's private state for one game, readable by its owner only.

    The content is opaque to the store; it is rewritten whole each time (it is small, and a
    whole-file atomic replace is the simplest thing that can never be half-written).
    """

    def __init__(self, directory: Path, session_id: bytes) -> None:
        if type(session_id) is not bytes or len(session_id) != SESSION_ID_BYTES:
            raise ValueError("a session id is 32 bytes")
        self.directory = _prepare_directory(directory)
        self.session_id = session_id
        self.path = self.directory / SECRETS_FILE
        _remove_stale_temps(self.directory, SECRETS_FILE)

    def write(self, data: bytes) -> None:
        """Replace the secrets with ``data``, atomically and durably, mode 0600."""
        if type(data) is not bytes or len(data) > MAX_SECRETS_BYTES:
            raise StoreError(f"secrets are a byte string of at most {MAX_SECRETS_BYTES} bytes")
        head = encode_file_header(SECRETS_MAGIC, self.session_id) + struct.pack(">I", len(data))
        body = head + data
        _atomic_create(self.path, body + struct.pack(">I", _crc(body)), 0o600)

    def read(self) -> bytes | None:
        """The stored secrets, or ``None`` if none were written for this game yet."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot open: {exc.strerror}") from None
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise StoreError(f"{self.path} is not a regular file")
            if info.st_uid != os.geteuid() or info.st_mode & 0o077:
                raise SecretsExposed(
                    f"{self.path} has mode {stat.S_IMODE(info.st_mode):o} or another owner; "
                    "it must be 600 and yours"
                )
            data = handle.read(MAX_SECRETS_BYTES + 256)
        return self._parse(data)

    def _parse(self, data: bytes) -> bytes:
        header = encode_file_header(SECRETS_MAGIC, self.session_id)
        fixed = len(header) + 4
        if len(data) < fixed + 4 or data[: len(header)] != header:
            raise StoreCorrupted(self.path, 0, "bad header or another session's secrets")
        (length,) = struct.unpack_from(">I", data, len(header))
        if len(data) != fixed + length + 4:
            raise StoreCorrupted(self.path, len(header), "length does not match the file")
        (crc,) = struct.unpack_from(">I", data, fixed + length)
        if crc != _crc(data[: fixed + length]):
            raise StoreCorrupted(self.path, None, "checksum mismatch")
        return data[fixed : fixed + length]

    def delete(self) -> None:
        """Forget the secrets (after the game, once the transcript no longer needs them)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        _fsync_directory(self.directory)
