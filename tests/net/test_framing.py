"""Frames: the limit is checked before the body; truncation and garbage are named errors."""

from __future__ import annotations

import pytest
import trio
import trio.testing
from hypothesis import given
from hypothesis import strategies as st

from p2pbang.net.framing import (
    MAX_FRAME,
    FrameError,
    FrameReader,
    Reassembler,
    encode_frame,
    split_message,
)


async def _reader_with(data: bytes, *, close: bool = True) -> FrameReader:
    send, receive = trio.testing.memory_stream_one_way_pair()
    await send.send_all(data)
    if close:
        await send.aclose()
    return FrameReader(receive)


async def test_frames_round_trip_and_clean_eof():
    reader = await _reader_with(encode_frame(b"one") + encode_frame(b"two" * 1000))
    assert await reader.read_frame() == b"one"
    assert await reader.read_frame() == b"two" * 1000
    assert await reader.read_frame() is None


async def test_frame_claiming_4gb_is_refused_before_reading_the_body():
    # The stream stays open and holds nothing past the header: a reader that tried to read
    # the body would block forever, so finishing inside the deadline proves it did not.
    reader = await _reader_with(b"\xff\xff\xff\xff", close=False)
    with trio.fail_after(1), pytest.raises(FrameError, match="4294967295 bytes exceeds"):
        await reader.read_frame()


async def test_one_byte_over_the_limit_is_refused():
    reader = await _reader_with((MAX_FRAME + 1).to_bytes(4, "big"), close=False)
    with trio.fail_after(1), pytest.raises(FrameError, match="exceeds the limit of 65535"):
        await reader.read_frame()


async def test_empty_frame_is_refused():
    reader = await _reader_with(b"\x00\x00\x00\x00")
    with pytest.raises(FrameError, match="empty frame"):
        await reader.read_frame()


@pytest.mark.parametrize("data", [b"\x00\x00", b"\x00\x00\x00\x05ab"])
async def test_truncated_frame_is_named(data):
    reader = await _reader_with(data)
    with pytest.raises(FrameError, match="stream ended inside a frame"):
        await reader.read_frame()


async def test_frames_trickling_in_byte_by_byte():
    send, receive = trio.testing.memory_stream_one_way_pair()
    payload = encode_frame(b"slow") + encode_frame(b"loris")
    reader = FrameReader(receive)

    async def trickle():
        for byte in payload:
            await send.send_all(bytes([byte]))
            await trio.sleep(0)
        await send.aclose()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(trickle)
        assert await reader.read_frame() == b"slow"
        assert await reader.read_frame() == b"loris"
        assert await reader.read_frame() is None


def test_encode_frame_refuses_what_a_reader_would_refuse():
    with pytest.raises(ValueError):
        encode_frame(b"")
    with pytest.raises(ValueError):
        encode_frame(b"x" * (MAX_FRAME + 1))


@given(st.binary(max_size=5000), st.integers(min_value=2, max_value=700))
def test_split_then_reassemble_is_identity(data, max_chunk):
    chunks = split_message(data, max_chunk)
    assert all(len(c) <= max_chunk for c in chunks)
    reassembler = Reassembler(max_message=len(data))
    results = [reassembler.feed(c) for c in chunks]
    assert results[:-1] == [None] * (len(chunks) - 1)
    assert results[-1] == data
    assert not reassembler.in_progress


def test_reassembler_refuses_bad_flags_and_oversize_as_it_goes():
    reassembler = Reassembler(max_message=10)
    with pytest.raises(FrameError, match="flag"):
        reassembler.feed(b"\x07abc")
    with pytest.raises(FrameError, match="without its flag"):
        reassembler.feed(b"")
    reassembler = Reassembler(max_message=10)
    assert reassembler.feed(b"\x01" + b"a" * 6) is None
    with pytest.raises(FrameError, match="exceeds the limit of 10"):
        reassembler.feed(b"\x01" + b"a" * 5)  # refused before the last chunk ever arrives
