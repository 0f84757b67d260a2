"""Length-prefixed frames on a byte stream, and the split of long messages into frames.

A TCP stream has no message boundaries, so every frame is a 4-byte big-endian length then
that many bytes. The length is checked against the limit *before* a single body byte is
read or buffered: a peer that claims a 4 GB frame costs us four bytes, not four gigabytes.

One frame carries one Noise message, which the Noise spec caps at 65535 bytes. Application
messages can be larger (a shuffled deck with its proof), so each is cut into chunks that each
fit a Noise message; a one-byte flag on every chunk says whether more follow. Reassembly
enforces a total limit as the chunks arrive, not after.
"""

from __future__ import annotations

import struct

import trio

HEADER = struct.Struct(">I")
NOISE_MAX_MESSAGE = 65535
MAX_FRAME = NOISE_MAX_MESSAGE
CHUNK_LAST = 0x00
CHUNK_MORE = 0x01
READ_SIZE = 65536


class FrameError(Exception):
    """The peer broke the framing rules; the reason says how. The connection is unusable."""


class FrameReader:
    """Reads whole frames from a trio stream, with the size limit checked before the body.

    Keeps its own buffer because ``receive_some`` returns arbitrary slices of the stream.
    """

    def __init__(self, stream: trio.abc.ReceiveStream, max_frame: int = MAX_FRAME) -> None:
        self._stream = stream
        self._max_frame = max_frame
        self._buffer = bytearray()

    async def read_frame(self) -> bytes | None:
        """The next frame's body, or None when the peer closed the stream between frames.

        Raises FrameError for an empty or oversized frame, or when the stream ends inside
        one (a truncated frame).
        """
        if not await self._fill(HEADER.size, allow_eof=True):
            return None
        (length,) = HEADER.unpack_from(self._buffer)
        if length == 0:
            raise FrameError("empty frame")
        if length > self._max_frame:
            raise FrameError(f"frame of {length} bytes exceeds the limit of {self._max_frame}")
        del self._buffer[: HEADER.size]
        await self._fill(length, allow_eof=False)
        body = bytes(self._buffer[:length])
        del self._buffer[:length]
        return body

    async def _fill(self, needed: int, *, allow_eof: bool) -> bool:
        while len(self._buffer) < needed:
            data = await self._stream.receive_some(READ_SIZE)
            if not data:
                if allow_eof and not self._buffer:
                    return False
                raise FrameError(
                    f"stream ended inside a frame ({len(self._buffer)} of {needed} bytes)"
                )
            self._buffer += data
        return True


def encode_frame(body: bytes, max_frame: int = MAX_FRAME) -> bytes:
    """Length prefix plus body. Refuses what the receiving side would refuse."""
    if not 0 < len(body) <= max_frame:
        raise ValueError(f"frame body must be 1..{max_frame} bytes, got {len(body)}")
    return HEADER.pack(len(body)) + body


def split_message(data: bytes, max_chunk: int) -> list[bytes]:
    """Cut ``data`` into chunks of at most ``max_chunk`` bytes, each with its flag byte first.

    An empty message is one empty last chunk, so every message is at least one chunk.
    """
    room = max_chunk - 1
    if room < 1:
        raise ValueError("a chunk needs room for the flag byte and some data")
    pieces = [data[i : i + room] for i in range(0, len(data), room)] or [b""]
    last = len(pieces) - 1
    return [bytes([CHUNK_LAST if i == last else CHUNK_MORE]) + p for i, p in enumerate(pieces)]


class Reassembler:
    """Collects chunks into whole messages, refusing any message over ``max_message``."""

    def __init__(self, max_message: int) -> None:
        self._max_message = max_message
        self._parts: list[bytes] = []
        self._size = 0

    @property
    def in_progress(self) -> bool:
        return bool(self._parts)

    def feed(self, chunk: bytes) -> bytes | None:
        """Add one chunk; return the whole message when this chunk completes it."""
        if not chunk:
            raise FrameError("chunk without its flag byte")
        flag = chunk[0]
        if flag not in (CHUNK_LAST, CHUNK_MORE):
            raise FrameError(f"unknown chunk flag {flag:#04x}")
        self._size += len(chunk) - 1
        if self._size > self._max_message:
            raise FrameError(f"message exceeds the limit of {self._max_message} bytes")
        self._parts.append(chunk[1:])
        if flag == CHUNK_MORE:
            return None
        message = b"".join(self._parts)
        self._parts.clear()
        self._size = 0
        return message
