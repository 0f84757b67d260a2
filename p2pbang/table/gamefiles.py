"""Where a game lives on disk, and the files that let it be resumed, replayed and audited.

One directory per game, ``<data home>/games/<session id hex>/`` (``store.game_directory``):

==================  =====================================================================
``genesis.bin``     the signed genesis and every player's signature of it (who, what rules)
``log.bin``         the append-only signed log (``LogStore``), fsync-ed as it grows
``secrets.bin``     this seat's dealer secrets, mode 0600 (``SecretsFile``)
``table.json``      this peer's notes: its seat, the game (``GameChoice.to_wire``, a copy
                    for people: the genesis settings are what binds it), how it plays
                    (person or bot), where the other peers listen, whether it is over
``verdict.json``    written when the game stopped on a cheat: who did what, where
``evidence.bin``    the offending payload or the proof of equivocation, byte for byte
``transcript.p2pb`` the whole game in one self-contained file (genesis, signatures,
                    entries, proofs; the open position's parts if the table gave up on a
                    seat), written at the end: what ``replay``/``verify`` read
==================  =====================================================================

The data home is ``$P2PBANG_HOME`` when set (the identity lives there too, so one
directory is one player), else the platform's per-user data directory.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
import platformdirs

from p2pbang.engine.choice import GameChoice
from p2pbang.net.identity import APP_NAME, HOME_ENV_VAR
from p2pbang.net.lobby import Genesis, LobbyError, verify_genesis, verify_genesis_signature
from p2pbang.net.log import Log
from p2pbang.net.store import (
    LOG_FILE,
    RecordType,
    StoreCorrupted,
    game_directory,
    restore_into,
    scan_log,
)
from p2pbang.table.table_choice import choice_of

GENESIS_FILE = "genesis.bin"
META_FILE = "table.json"
VERDICT_FILE = "verdict.json"
EVIDENCE_FILE = "evidence.bin"
TRANSCRIPT_FILE = "transcript.p2pb"
TRANSCRIPT_TYPE = "p2pbang/transcript"
TRANSCRIPT_VERSION = 1
MAX_TRANSCRIPT_BYTES = 256 * 1024 * 1024


class GameFileError(Exception):
    """A saved game that cannot be read; the message says which file and why."""


def data_home(home: str | Path | None = None) -> Path:
    """The explicit directory, else $P2PBANG_HOME, else the platform's data directory."""
    if home is not None:
        return Path(home)
    override = os.environ.get(HOME_ENV_VAR)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def write_atomically(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Write ``data`` to ``path`` so a crash leaves the old file or the new one, never half
    (a synced temporary file renamed over it)."""
    temp = path.with_name(f".{path.name}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, mode)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(temp, path)


def _pack(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def _unpack(data: bytes, what: str) -> Any:
    """One msgpack value, the whole of ``data``; a damaged file is said in words a player
    reads (cut short, or not one of our files), never as the decoder's exception."""
    if not data:
        raise GameFileError(f"{what}: the file is empty, not a p2pbang saved game")
    # Every declared length is bounded by the bytes there are (one byte an element at
    # least), so a forged header cannot make the decoder reserve more than the file.
    size = len(data)
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=size,
                                max_str_len=size, max_bin_len=size, max_array_len=size,
                                max_map_len=size, max_ext_len=0)
    unpacker.feed(data)
    try:
        value = unpacker.unpack()
    except msgpack.OutOfData:
        raise GameFileError(f"{what}: the file is cut short (copied or saved only in part?): "
                            "its end is missing") from None
    except Exception:  # msgpack raises several unrelated types on garbage
        raise GameFileError(f"{what}: not a p2pbang saved game (its bytes are something "
                            "else)") from None
    if unpacker.tell() != len(data):
        raise GameFileError(f"{what}: not a p2pbang saved game (its bytes are something "
                            "else)")
    return value


def genesis_blob(genesis: Genesis) -> dict[str, Any]:
    """The genesis and its signatures, the signatures by peer id in ascending order: each
    peer collected them in the order they arrived, and a saved game must be the same bytes
    on every peer."""
    return {"genesis": genesis.data,
            "signatures": {peer: genesis.signatures[peer] for peer in sorted(genesis.signatures)}}


def genesis_from_blob(blob: Any, what: str) -> Genesis:
    """Re-verify a stored genesis and its players' signatures: the disk proves nothing."""
    if (not isinstance(blob, dict) or not isinstance(blob.get("genesis"), bytes)
            or not isinstance(blob.get("signatures"), dict)):
        raise GameFileError(f"{what}: not a stored genesis")
    try:
        genesis = verify_genesis(blob["genesis"])
    except LobbyError as exc:
        raise GameFileError(f"{what}: the genesis does not verify: {exc}") from None
    signatures: dict[str, bytes] = {}
    for peer_id, signature in blob["signatures"].items():
        if not isinstance(signature, bytes) or not verify_genesis_signature(
                genesis, str(peer_id), signature):
            raise GameFileError(f"{what}: the genesis signature of {peer_id} does not verify")
        signatures[str(peer_id)] = signature
    return Genesis(genesis.data, genesis.session_id, genesis.table_id, genesis.version,
                   genesis.settings, genesis.seats, signatures)


@dataclass
class Transcript:
    """A whole game as bytes: enough for anyone to re-check it offline.

    ``open_parts`` are the signed parts of the open position of a game that stopped before
    its end (a seat withheld its part and the table gave up on it): they show which seats
    wrote and so name the one that did not. Empty for a finished game, and then left out
    of the encoding, which is the same bytes on every peer."""

    genesis: Genesis
    entries: list[bytes]
    proofs: list[bytes] = field(default_factory=list)
    open_parts: list[bytes] = field(default_factory=list)

    def encode(self) -> bytes:
        extra = {"open": self.open_parts} if self.open_parts else {}
        return _pack({"type": TRANSCRIPT_TYPE, "v": TRANSCRIPT_VERSION,
                      **genesis_blob(self.genesis),
                      "entries": self.entries, "proofs": self.proofs, **extra})

    @classmethod
    def decode(cls, data: bytes, what: str = "transcript") -> Transcript:
        raw = _unpack(data, what)
        if not isinstance(raw, dict) or raw.get("type") != TRANSCRIPT_TYPE:
            raise GameFileError(f"{what}: not a p2pbang transcript")
        if raw.get("v") != TRANSCRIPT_VERSION:
            raise GameFileError(f"{what}: transcript version {raw.get('v')!r} is not supported")
        entries, proofs = raw.get("entries"), raw.get("proofs")
        if not isinstance(entries, list) or not all(isinstance(e, bytes) for e in entries):
            raise GameFileError(f"{what}: the entries must be a list of byte strings")
        if not isinstance(proofs, list) or not all(isinstance(p, bytes) for p in proofs):
            raise GameFileError(f"{what}: the proofs must be a list of byte strings")
        open_parts = raw.get("open", [])
        if not isinstance(open_parts, list) or not all(isinstance(p, bytes) for p in open_parts):
            raise GameFileError(f"{what}: the open parts must be a list of byte strings")
        return cls(genesis_from_blob(raw, what), entries, proofs, open_parts)

    @property
    def choice(self) -> GameChoice:
        """The game this transcript plays, as its signed genesis names it (a game saved
        before expansions existed has no options there: the base game).
        ``UnplayableTable`` when this version cannot play it."""
        return choice_of(self.genesis.settings)


class GameFiles:
    """The files of one game directory (see the module docstring)."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    @classmethod
    def for_session(cls, home: Path, session_id: bytes) -> GameFiles:
        return cls(game_directory(home, session_id))

    def path(self, name: str) -> Path:
        return self.directory / name

    def create(self) -> None:
        self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)

    # -- genesis --

    def save_genesis(self, genesis: Genesis) -> None:
        self.create()
        write_atomically(self.path(GENESIS_FILE), _pack(genesis_blob(genesis)))

    def load_genesis(self) -> Genesis:
        path = self.path(GENESIS_FILE)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise GameFileError(f"{path}: {exc.strerror}") from None
        return genesis_from_blob(_unpack(data, str(path)), str(path))

    # -- this peer's notes --

    def save_meta(self, meta: Mapping[str, Any]) -> None:
        self.create()
        text = json.dumps(dict(meta), indent=2, sort_keys=True) + "\n"
        write_atomically(self.path(META_FILE), text.encode("utf-8"))

    def load_meta(self) -> dict[str, Any]:
        path = self.path(META_FILE)
        try:
            value = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise GameFileError(f"{path}: unreadable ({exc})") from None
        if not isinstance(value, dict):
            raise GameFileError(f"{path}: not a table note")
        return value

    def update_meta(self, **changes: Any) -> dict[str, Any]:
        meta = self.load_meta() if self.path(META_FILE).exists() else {}
        meta.update(changes)
        self.save_meta(meta)
        return meta

    # -- the verdict and its evidence --

    def save_verdict(self, description: Mapping[str, Any], evidence: bytes) -> None:
        self.create()
        write_atomically(self.path(EVIDENCE_FILE), evidence)
        text = json.dumps(dict(description), indent=2, sort_keys=True) + "\n"
        write_atomically(self.path(VERDICT_FILE), text.encode("utf-8"))

    # -- the transcript --

    def write_transcript(self, genesis: Genesis, log: Log) -> Path:
        """The game as this peer's log holds it; a log still open (the table gave up on a
        seat) adds the signed parts of its open position, which name who did not write."""
        still_open = log.open_turn() is not None and log.halted is None
        open_parts = [part.raw for part in log.pending_parts()] if still_open else []
        transcript = Transcript(genesis, [entry.raw for entry in log.entries()],
                                [proof.encode() for proof in log.proofs], open_parts)
        path = self.path(TRANSCRIPT_FILE)
        write_atomically(path, transcript.encode(), 0o644)
        return path


    def drop_transcript(self) -> None:
        """Remove a transcript the log has outgrown (the game was resumed since)."""
        self.path(TRANSCRIPT_FILE).unlink(missing_ok=True)


def load_transcript(path: Path) -> Transcript:
    """A transcript file, or a game directory (its genesis and its log file)."""
    path = Path(path)
    if path.is_dir():
        if (path / TRANSCRIPT_FILE).exists():
            return load_transcript(path / TRANSCRIPT_FILE)
        return transcript_from_directory(path)
    try:
        size = path.stat().st_size
        if size > MAX_TRANSCRIPT_BYTES:
            raise GameFileError(f"{path}: {size} bytes is too large for a transcript")
        data = path.read_bytes()
    except OSError as exc:
        raise GameFileError(f"{path}: {exc.strerror}") from None
    return Transcript.decode(data, str(path))


def transcript_from_directory(directory: Path) -> Transcript:
    """A game directory's genesis and log file as a transcript (own parts left out)."""
    files = GameFiles(directory)
    if not files.path(GENESIS_FILE).exists():
        raise GameFileError(f"{directory} is not a saved game: it holds neither a "
                            f"{TRANSCRIPT_FILE} nor a {GENESIS_FILE} (a game's directory is "
                            "games/<session id>/ in the data home)")
    genesis = files.load_genesis()
    log_path = Path(directory) / LOG_FILE
    if not log_path.exists():
        raise GameFileError(f"{directory}: the game's genesis is there but no log "
                            f"({LOG_FILE}): nothing of the game itself to read")
    try:
        scan = scan_log(log_path.read_bytes(), genesis.session_id, log_path)
    except OSError as exc:
        raise GameFileError(f"{log_path}: {exc.strerror}") from None
    except StoreCorrupted as exc:
        raise GameFileError(str(exc)) from None
    entries = [r.data for r in scan.records if r.type is RecordType.ENTRY]
    proofs = [r.data for r in scan.records if r.type is RecordType.PROOF]
    return Transcript(genesis, entries, proofs)


def unfinished_games(home: Path) -> list[GameFiles]:
    """Games under ``home`` whose notes say they are not over, newest first."""
    games = []
    root = Path(home) / "games"
    if not root.is_dir():
        return []
    for directory in root.iterdir():
        files = GameFiles(directory)
        if not files.path(META_FILE).exists():
            continue
        try:
            meta = files.load_meta()
        except GameFileError:
            continue
        if not meta.get("over"):
            games.append((files.path(META_FILE).stat().st_mtime, files))
    return [files for _, files in sorted(games, key=lambda item: -item[0])]


__all__ = [
    "GameFileError",
    "GameFiles",
    "Transcript",
    "data_home",
    "genesis_from_blob",
    "load_transcript",
    "restore_into",
    "transcript_from_directory",
    "unfinished_games",
]
