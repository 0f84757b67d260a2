"""The secure channel: Noise_XX_25519_ChaChaPoly_SHA256, and the identity bound to it.

The Noise state machine (CipherState, SymmetricState, HandshakeState) follows the Noise
Protocol Framework, revision 34, section by section, on the primitives of ``cryptography``:
X25519, ChaCha20-Poly1305 (nonce = 4 zero bytes + 64-bit little-endian counter), SHA-256 and
HMAC-SHA256 for the spec's HKDF. It is checked against the published cacophony test vectors
(protocol/vectors/noise_xx.json). Only what p2pbang needs is here: the XX pattern (and NN,
which costs nothing more and lets a second published vector check the symmetric layer).

On top of it, ``perform_handshake`` runs XX over a framed stream and binds the channel to a
player: the handshake payload of each side carries its Ed25519 identity key and a signature,
by that key, of the Noise static key it just used, together with the prologue. XX already
proves that the peer holds the static key's private half; the signature proves the player
owns that static key. The prologue (protocol version + table id) is mixed into the handshake
hash, so a peer of another table or protocol version cannot complete a handshake with us.

Why XX: neither side knows the other's key in advance (players meet in a lobby), and both
must be authenticated. Why a fresh static key per process instead of the identity key
itself: X25519 and Ed25519 keys are different kinds of key, and keeping the long-term
signing key out of Diffie-Hellman keeps each key to one job.
"""

from __future__ import annotations

import secrets
import struct
from dataclasses import dataclass

import trio
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, hmac
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from p2pbang.net import codec
from p2pbang.net.framing import (
    NOISE_MAX_MESSAGE,
    FrameError,
    FrameReader,
    Reassembler,
    encode_frame,
    split_message,
)
from p2pbang.net.identity import (
    MAX_NAME_LEN,
    PUBLIC_KEY_LEN,
    SIGNATURE_LEN,
    Identity,
    peer_id_for,
    validate_display_name,
    verify_signature,
)

DHLEN = 32
HASHLEN = 32
TAGLEN = 16
MAX_NONCE = 2**64 - 1  # reserved by the spec: never used as a nonce

PATTERNS: dict[str, tuple[tuple[str, ...], ...]] = {
    "XX": (("e",), ("e", "ee", "s", "es"), ("s", "se")),
    "NN": (("e",), ("e", "ee")),
}


class NoiseError(Exception):
    """A Noise message failed: bad length, failed authentication, invalid key, wrong order."""


class HandshakeError(Exception):
    """The peer failed the authenticated handshake; the text says why, for the log and UI."""


# --- primitives -------------------------------------------------------------------------------


def _hash(data: bytes) -> bytes:
    digest = hashes.Hash(hashes.SHA256())
    digest.update(data)
    return digest.finalize()


def _hmac(key: bytes, data: bytes) -> bytes:
    mac = hmac.HMAC(key, hashes.SHA256())
    mac.update(data)
    return mac.finalize()


def hkdf(chaining_key: bytes, input_key_material: bytes, outputs: int) -> tuple[bytes, ...]:
    """The Noise spec's HKDF (section 4.3): HMAC-SHA256 extract then 2 or 3 expand blocks."""
    temp_key = _hmac(chaining_key, input_key_material)
    output1 = _hmac(temp_key, b"\x01")
    output2 = _hmac(temp_key, output1 + b"\x02")
    if outputs == 2:
        return output1, output2
    return output1, output2, _hmac(temp_key, output2 + b"\x03")


def generate_x25519() -> X25519PrivateKey:
    """A fresh X25519 key from ``secrets`` (the OS CSPRNG)."""
    return X25519PrivateKey.from_private_bytes(secrets.token_bytes(DHLEN))


def x25519_public(key: X25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def _dh(private: X25519PrivateKey, public: bytes) -> bytes:
    try:
        return private.exchange(X25519PublicKey.from_public_bytes(public))
    except ValueError:
        # cryptography refuses an all-zero shared secret (a low-order public key); the spec
        # allows that, and so must we: such a key can only come from a broken or hostile peer.
        raise NoiseError("peer sent an invalid (low-order) Diffie-Hellman key") from None


# --- CipherState, SymmetricState, HandshakeState (spec sections 5.1-5.3) -------------------


class CipherState:
    """A key and a counter nonce. Before a key is set, "encryption" is the identity."""

    def __init__(self, key: bytes | None = None) -> None:
        self._aead: ChaCha20Poly1305 | None = None
        self.n = 0
        if key is not None:
            self.initialize_key(key)

    def initialize_key(self, key: bytes | None) -> None:
        self._aead = None if key is None else ChaCha20Poly1305(key)
        self.n = 0

    @property
    def has_key(self) -> bool:
        return self._aead is not None

    def _nonce(self) -> bytes:
        if self.n >= MAX_NONCE:
            raise NoiseError("nonce space exhausted; the channel must be re-established")
        return b"\x00\x00\x00\x00" + struct.pack("<Q", self.n)

    def encrypt_with_ad(self, ad: bytes, plaintext: bytes) -> bytes:
        if self._aead is None:
            return plaintext
        ciphertext = self._aead.encrypt(self._nonce(), plaintext, ad)
        self.n += 1
        return ciphertext

    def decrypt_with_ad(self, ad: bytes, ciphertext: bytes) -> bytes:
        """Decrypt, or raise NoiseError. On failure the nonce does not advance (spec 5.1)."""
        if self._aead is None:
            return ciphertext
        if len(ciphertext) < TAGLEN:
            raise NoiseError("ciphertext shorter than its authentication tag")
        try:
            plaintext = self._aead.decrypt(self._nonce(), ciphertext, ad)
        except InvalidTag:
            raise NoiseError(
                "message failed authentication (tampered, replayed or out of order)"
            ) from None
        self.n += 1
        return plaintext


class SymmetricState:
    def __init__(self, protocol_name: bytes) -> None:
        if len(protocol_name) <= HASHLEN:
            self.h = protocol_name.ljust(HASHLEN, b"\x00")
        else:
            self.h = _hash(protocol_name)
        self.ck = self.h
        self.cipher = CipherState()

    def mix_key(self, input_key_material: bytes) -> None:
        self.ck, temp_k = hkdf(self.ck, input_key_material, 2)
        self.cipher.initialize_key(temp_k)

    def mix_hash(self, data: bytes) -> None:
        self.h = _hash(self.h + data)

    def encrypt_and_hash(self, plaintext: bytes) -> bytes:
        ciphertext = self.cipher.encrypt_with_ad(self.h, plaintext)
        self.mix_hash(ciphertext)
        return ciphertext

    def decrypt_and_hash(self, ciphertext: bytes) -> bytes:
        plaintext = self.cipher.decrypt_with_ad(self.h, ciphertext)
        self.mix_hash(ciphertext)
        return plaintext

    def split(self) -> tuple[CipherState, CipherState]:
        temp_k1, temp_k2 = hkdf(self.ck, b"", 2)
        return CipherState(temp_k1), CipherState(temp_k2)


class HandshakeState:
    """One side of a Noise handshake for a pattern without pre-messages (XX, NN).

    ``ephemeral`` exists for the published test vectors only, which fix the ephemeral keys;
    in use it is None and a fresh key is drawn for the one "e" token this side writes.
    """

    def __init__(
        self,
        *,
        initiator: bool,
        prologue: bytes,
        static: X25519PrivateKey | None = None,
        pattern: str = "XX",
        ephemeral: X25519PrivateKey | None = None,
    ) -> None:
        self.initiator = initiator
        self.messages = PATTERNS[pattern]
        if static is None and any("s" in m for m in self.messages):
            raise ValueError(f"pattern {pattern} needs a static key")
        self.symmetric = SymmetricState(f"Noise_{pattern}_25519_ChaChaPoly_SHA256".encode())
        self.symmetric.mix_hash(prologue)
        self.s = static
        self.e = ephemeral
        self.rs: bytes | None = None
        self.re: bytes | None = None
        self._index = 0
        self._result: tuple[CipherState, CipherState] | None = None

    @property
    def complete(self) -> bool:
        return self._result is not None

    @property
    def handshake_hash(self) -> bytes:
        return self.symmetric.h

    def _my_turn(self) -> bool:
        return (self._index % 2 == 0) == self.initiator

    def write_message(self, payload: bytes) -> bytes:
        if self.complete or not self._my_turn():
            raise NoiseError("handshake message written out of turn")
        out = bytearray()
        for token in self.messages[self._index]:
            if token == "e":
                if self.e is None:
                    self.e = generate_x25519()
                e_pub = x25519_public(self.e)
                out += e_pub
                self.symmetric.mix_hash(e_pub)
            elif token == "s":
                assert self.s is not None
                out += self.symmetric.encrypt_and_hash(x25519_public(self.s))
            else:
                self._mix_dh(token)
        out += self.symmetric.encrypt_and_hash(payload)
        if len(out) > NOISE_MAX_MESSAGE:
            raise NoiseError("handshake message longer than 65535 bytes")
        self._advance()
        return bytes(out)

    def read_message(self, message: bytes) -> bytes:
        if self.complete or self._my_turn():
            raise NoiseError("handshake message received out of turn")
        if len(message) > NOISE_MAX_MESSAGE:
            raise NoiseError("handshake message longer than 65535 bytes")
        view = memoryview(message)
        for token in self.messages[self._index]:
            if token == "e":
                if len(view) < DHLEN:
                    raise NoiseError("handshake message too short for an ephemeral key")
                self.re = bytes(view[:DHLEN])
                view = view[DHLEN:]
                self.symmetric.mix_hash(self.re)
            elif token == "s":
                size = DHLEN + (TAGLEN if self.symmetric.cipher.has_key else 0)
                if len(view) < size:
                    raise NoiseError("handshake message too short for a static key")
                self.rs = self.symmetric.decrypt_and_hash(bytes(view[:size]))
                view = view[size:]
            else:
                self._mix_dh(token)
        payload = self.symmetric.decrypt_and_hash(bytes(view))
        self._advance()
        return payload

    def _mix_dh(self, token: str) -> None:
        local, remote = {
            "ee": (self.e, self.re),
            "ss": (self.s, self.rs),
            "es": (self.e, self.rs) if self.initiator else (self.s, self.re),
            "se": (self.s, self.re) if self.initiator else (self.e, self.rs),
        }[token]
        if local is None or remote is None:
            raise NoiseError(f"token {token} before the keys it needs")
        self.symmetric.mix_key(_dh(local, remote))

    def _advance(self) -> None:
        self._index += 1
        if self._index == len(self.messages):
            self._result = self.symmetric.split()

    def split(self) -> tuple[CipherState, CipherState]:
        """(send, receive) cipher states for this side, once the handshake is complete."""
        if self._result is None:
            raise NoiseError("handshake not complete")
        first, second = self._result
        return (first, second) if self.initiator else (second, first)


# --- the p2pbang binding: prologue, identity payload ------------------------------------------

PROLOGUE_LABEL = b"p2pbang/noise/prologue"
STATIC_KEY_LABEL = b"p2pbang/noise/static-key-signature/v1"
MAX_TABLE_ID = 64

HANDSHAKE_PAYLOAD = codec.Record(
    {
        "id_key": codec.FixedBin(PUBLIC_KEY_LEN),
        "sig": codec.FixedBin(SIGNATURE_LEN),
        "name": codec.Str(max_len=MAX_NAME_LEN, min_len=1),
        "port": codec.Int(0, 65535),
    }
)
HANDSHAKE_LIMITS = codec.Limits(max_message=1024, max_str_len=256, max_bin_len=128)


def make_prologue(protocol_version: int, table_id: bytes) -> bytes:
    """Label, version (u16 BE), table id length (u8), table id. Both sides must agree."""
    if not 0 <= protocol_version <= 0xFFFF:
        raise ValueError("protocol version is a 16-bit number")
    if not 0 < len(table_id) <= MAX_TABLE_ID:
        raise ValueError(f"table id must be 1..{MAX_TABLE_ID} bytes")
    return PROLOGUE_LABEL + struct.pack(">HB", protocol_version, len(table_id)) + table_id


def static_key_statement(prologue: bytes, static_public: bytes) -> bytes:
    """What the identity key signs: label, prologue (length-prefixed), Noise static key."""
    return STATIC_KEY_LABEL + struct.pack(">H", len(prologue)) + prologue + static_public


@dataclass(frozen=True)
class PeerInfo:
    """Who is at the other end of a channel, as proven by the handshake."""

    peer_id: str
    public_key: bytes
    name: str
    listen_port: int


def _identity_payload(
    identity: Identity, prologue: bytes, static: X25519PrivateKey, listen_port: int
) -> bytes:
    signature = identity.sign(static_key_statement(prologue, x25519_public(static)))
    record = {"id_key": identity.public_key, "sig": signature, "name": identity.name}
    return codec.encode({**record, "port": listen_port})


def _check_identity_payload(
    payload: bytes, remote_static: bytes, prologue: bytes, identity: Identity
) -> PeerInfo:
    try:
        record = codec.decode(payload, HANDSHAKE_LIMITS)
        HANDSHAKE_PAYLOAD(record, "handshake payload")
    except codec.CodecError as exc:
        raise HandshakeError(f"malformed handshake payload: {exc}") from None
    public_key = record["id_key"]
    peer_id = peer_id_for(public_key)
    statement = static_key_statement(prologue, remote_static)
    if not verify_signature(public_key, record["sig"], statement):
        raise HandshakeError(
            f"peer {peer_id}: identity signature over the Noise static key does not verify"
        )
    if public_key == identity.public_key:
        raise HandshakeError("the peer is ourselves (same identity key)")
    try:
        name = validate_display_name(record["name"])
    except ValueError as exc:
        raise HandshakeError(f"peer {peer_id}: bad display name: {exc}") from None
    return PeerInfo(peer_id, public_key, name, record["port"])


# --- the channel -------------------------------------------------------------------------------


class ChannelClosed(Exception):
    """The peer closed the connection cleanly, between messages."""


class SecureChannel:
    """An established Noise transport over a framed stream: whole messages in and out.

    Messages longer than one Noise message are split into chunks (framing.split_message);
    sending takes a lock so chunks of two messages never interleave and nonces stay in step
    with the byte stream. Any failure on receive (framing, authentication, oversize) is
    raised and leaves the channel unusable: the caller disconnects and names the peer.
    """

    MAX_CHUNK = NOISE_MAX_MESSAGE - TAGLEN

    def __init__(
        self,
        stream: trio.abc.Stream,
        reader: FrameReader,
        send_cipher: CipherState,
        recv_cipher: CipherState,
        peer: PeerInfo,
        handshake_hash: bytes,
        max_message: int = codec.DEFAULT_LIMITS.max_message,
    ) -> None:
        self.stream = stream
        self.peer = peer
        self.handshake_hash = handshake_hash
        self.max_message = max_message
        self._reader = reader
        self._send_cipher = send_cipher
        self._recv_cipher = recv_cipher
        self._reassembler = Reassembler(max_message)
        self._send_lock = trio.Lock()
        # Traffic counters (whole messages, and bytes on the wire including framing and tags).
        self.messages_sent = self.messages_received = 0
        self.bytes_sent = self.bytes_received = 0

    def seal(self, message: bytes) -> bytes:
        """Encrypt and frame a whole message (advances the send nonce: send what you seal)."""
        if len(message) > self.max_message:
            raise ValueError(f"message of {len(message)} bytes exceeds {self.max_message}")
        return b"".join(
            encode_frame(self._send_cipher.encrypt_with_ad(b"", chunk))
            for chunk in split_message(message, self.MAX_CHUNK)
        )

    async def send(self, message: bytes) -> None:
        async with self._send_lock:
            sealed = self.seal(message)
            await self.stream.send_all(sealed)
            self.messages_sent += 1
            self.bytes_sent += len(sealed)

    async def receive(self) -> bytes:
        """The next whole message. Raises ChannelClosed, FrameError or NoiseError."""
        while True:
            frame = await self._reader.read_frame()
            if frame is None:
                if self._reassembler.in_progress:
                    raise FrameError("stream ended inside a multi-frame message")
                raise ChannelClosed("peer closed the connection")
            message = self._reassembler.feed(self._recv_cipher.decrypt_with_ad(b"", frame))
            self.bytes_received += len(frame) + 4
            if message is not None:
                self.messages_received += 1
                return message

    async def aclose(self) -> None:
        await self.stream.aclose()


async def perform_handshake(
    stream: trio.abc.Stream,
    reader: FrameReader,
    *,
    identity: Identity,
    prologue: bytes,
    initiator: bool,
    listen_port: int = 0,
    expected_peer: str | None = None,
    max_message: int = codec.DEFAULT_LIMITS.max_message,
) -> SecureChannel:
    """Run Noise XX on ``stream`` and check the peer's identity; return the channel.

    Raises HandshakeError with a reason for every way a peer can fail: the wrong table or
    protocol version (the prologues differ, so authentication fails), a bad signature, an
    identity other than the one expected, ourselves, a malformed or truncated message.
    The caller bounds the time this may take.
    """
    static = generate_x25519()
    state = HandshakeState(initiator=initiator, prologue=prologue, static=static)
    my_payload = _identity_payload(identity, prologue, static, listen_port)
    peer: PeerInfo | None = None
    try:
        for index, _tokens in enumerate(state.messages):
            if (index % 2 == 0) == initiator:
                payload = my_payload if "s" in _tokens else b""
                await stream.send_all(encode_frame(state.write_message(payload)))
            else:
                frame = await reader.read_frame()
                if frame is None:
                    raise HandshakeError("peer closed the connection during the handshake")
                payload = state.read_message(frame)
                if "s" in _tokens:
                    assert state.rs is not None
                    peer = _check_identity_payload(payload, state.rs, prologue, identity)
                elif payload:
                    raise HandshakeError("unexpected payload in the first handshake message")
    except NoiseError as exc:
        raise HandshakeError(
            f"handshake failed: {exc}; the peer may be at another table or protocol version"
        ) from None
    except FrameError as exc:
        raise HandshakeError(f"handshake failed: {exc}") from None
    assert peer is not None
    if expected_peer is not None and peer.peer_id != expected_peer:
        raise HandshakeError(f"expected peer {expected_peer}, but {peer.peer_id} answered")
    send_cipher, recv_cipher = state.split()
    return SecureChannel(
        stream, reader, send_cipher, recv_cipher, peer, state.handshake_hash, max_message
    )
