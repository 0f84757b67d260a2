"""A player's long-term identity: an Ed25519 key and a display name, kept on this machine.

Every message a peer signs (the Noise static key it uses on a channel, its genesis signature,
its log entries) is signed with this key, so the key *is* the player as far as the other peers
are concerned. It is created on first run, written once with mode 0600 and never sent
anywhere; only the public key travels.

The peer id is a short hash of the public key. It is what the UI shows and what the mesh uses
to decide who dials whom, so it must be stable (same key, same id) and cheap to compare. It is
not a security boundary on its own: wherever it matters the full public key is checked too.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import secrets
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)

APP_NAME = "p2pbang"
HOME_ENV_VAR = "P2PBANG_HOME"
IDENTITY_FILE = "identity.json"
IDENTITY_FILE_VERSION = 1
PUBLIC_KEY_LEN = 32
SIGNATURE_LEN = 64
MAX_NAME_LEN = 32
PEER_ID_DOMAIN = b"p2pbang/peer-id/v1\x00"
PEER_ID_BYTES = 10  # 80 bits: collisions among 8 players are out of the question


class IdentityError(Exception):
    """The identity file is unusable (unreadable, malformed, or readable by others)."""


def parse_key_fingerprint(text: str) -> str:
    """A key fingerprint as a person types it (the 16 characters of a peer id, any case,
    spaces and dashes allowed) to the peer id; ValueError says what is wrong.

    All 16 characters, never a prefix: a prefix of a long-lived key's id is a target an
    attacker can grind keys against."""
    cleaned = "".join(ch for ch in text if ch not in " -").lower()
    alphabet = set("abcdefghijklmnopqrstuvwxyz234567")
    if len(cleaned) != 16 or not set(cleaned) <= alphabet:
        raise ValueError(f"a key fingerprint is the 16 letters and digits 2-7 of a peer id "
                         f"(as the table's opener shows it), not {text!r}")
    return cleaned


def peer_id_for(public_key: bytes) -> str:
    """The short stable id of a public key: 16 lowercase base32 characters.

    Domain-separated SHA-256, truncated to 80 bits. Base32 keeps it case-insensitive and free
    of look-alike punctuation, so a player can read it out loud to another.
    """
    if len(public_key) != PUBLIC_KEY_LEN:
        raise ValueError(f"an Ed25519 public key is {PUBLIC_KEY_LEN} bytes, got {len(public_key)}")
    digest = hashlib.sha256(PEER_ID_DOMAIN + public_key).digest()[:PEER_ID_BYTES]
    return base64.b32encode(digest).decode("ascii").lower()


def validate_display_name(name: str) -> str:
    """Normalise and check a display name; return it or raise ValueError saying why.

    NFC-normalised, stripped, 1 to 32 characters, no control or format characters (they could
    rewrite a terminal line or hide text in the UI of every other player).
    """
    if not isinstance(name, str):
        raise ValueError("a display name is text")
    cleaned = unicodedata.normalize("NFC", name).strip()
    if not cleaned:
        raise ValueError("a display name cannot be empty")
    if len(cleaned) > MAX_NAME_LEN:
        raise ValueError(f"a display name has at most {MAX_NAME_LEN} characters")
    for char in cleaned:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ValueError(f"a display name cannot contain the character U+{ord(char):04X}")
    return cleaned


def verify_signature(public_key: bytes, signature: bytes, message: bytes) -> bool:
    """True when ``signature`` is a valid Ed25519 signature of ``message`` by ``public_key``.

    Every malformed input (wrong lengths, a key that is not a curve point) is simply False:
    callers turn False into a rejection naming the peer, and must never see an exception
    from hostile bytes.
    """
    if len(public_key) != PUBLIC_KEY_LEN or len(signature) != SIGNATURE_LEN:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


@dataclass(frozen=True)
class Identity:
    """This player's signing key and display name."""

    private_key: Ed25519PrivateKey
    name: str

    @property
    def public_key(self) -> bytes:
        return self.private_key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    @property
    def peer_id(self) -> str:
        return peer_id_for(self.public_key)

    def sign(self, message: bytes) -> bytes:
        return self.private_key.sign(message)

    @classmethod
    def generate(cls, name: str) -> Identity:
        """A fresh identity in memory only (tests, benchmarks, throw-away bots).

        The seed comes from ``secrets`` (the OS CSPRNG), as every secret in p2pbang does.
        """
        seed = secrets.token_bytes(32)
        return cls(Ed25519PrivateKey.from_private_bytes(seed), validate_display_name(name))


def identity_dir(directory: Path | str | None = None) -> Path:
    """Where the identity lives: the explicit directory, else $P2PBANG_HOME, else the
    platform's per-user config directory for "p2pbang"."""
    if directory is not None:
        return Path(directory)
    override = os.environ.get(HOME_ENV_VAR)
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def load_or_create_identity(
    name: str | None = None, directory: Path | str | None = None
) -> Identity:
    """Load this player's identity, creating it on first run.

    ``name`` is required the first time; given later it renames the player (the key stays).
    The file is created with mode 0600 in a 0700 directory, written to a temporary file and
    renamed, so a crash never leaves half a key behind.
    """
    path = identity_dir(directory) / IDENTITY_FILE
    if path.exists():
        identity = _read_identity(path)
        if name is not None:
            new_name = validate_display_name(name)
            if new_name != identity.name:
                identity = Identity(identity.private_key, new_name)
                _write_identity(path, identity)
        return identity
    if name is None:
        raise IdentityError(f"no identity at {path} yet: choose a display name to create one")
    identity = Identity.generate(name)
    _write_identity(path, identity)
    return identity


def _read_identity(path: Path) -> Identity:
    if os.name == "posix":
        mode = path.stat().st_mode
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise IdentityError(
                f"{path} is readable by other users (mode {stat.S_IMODE(mode):o}); "
                f"anyone who read it can impersonate you. Run: chmod 600 {path}"
            )
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        if record.get("version") != IDENTITY_FILE_VERSION:
            raise IdentityError(f"{path}: unknown identity file version {record.get('version')!r}")
        seed = bytes.fromhex(record["ed25519_seed"])
        if len(seed) != 32:
            raise IdentityError(f"{path}: the key seed must be 32 bytes")
        key = Ed25519PrivateKey.from_private_bytes(seed)
        return Identity(key, validate_display_name(record["name"]))
    except IdentityError:
        raise
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise IdentityError(f"{path}: unreadable identity file ({exc})") from exc


def _write_identity(path: Path, identity: Identity) -> None:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    seed = identity.private_key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    record = {
        "version": IDENTITY_FILE_VERSION,
        "name": identity.name,
        "ed25519_seed": seed.hex(),
        "public_key": identity.public_key.hex(),
        "peer_id": identity.peer_id,
    }
    data = (json.dumps(record, indent=2) + "\n").encode("utf-8")
    tmp = path.with_name(path.name + ".tmp")
    if tmp.exists():
        tmp.unlink()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, path)
