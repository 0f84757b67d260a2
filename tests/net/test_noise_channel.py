"""The authenticated handshake and the transport channel, over in-memory streams."""

from __future__ import annotations

import pytest
import trio
import trio.testing

from p2pbang.net import codec
from p2pbang.net.framing import FrameError, FrameReader, encode_frame
from p2pbang.net.identity import Identity
from p2pbang.net.noise import (
    ChannelClosed,
    HandshakeError,
    HandshakeState,
    NoiseError,
    SecureChannel,
    generate_x25519,
    make_prologue,
    perform_handshake,
    static_key_statement,
    x25519_public,
)

from .support import unwrapped

TABLE = b"table-0001"


async def _pair(
    alice: Identity,
    bob: Identity,
    *,
    alice_prologue: bytes | None = None,
    bob_prologue: bytes | None = None,
    expected: str | None = None,
) -> tuple[SecureChannel, SecureChannel]:
    left, right = trio.testing.memory_stream_pair()
    results: dict[str, SecureChannel] = {}

    async def side(name, stream, ident, prologue, initiator, expect):
        results[name] = await perform_handshake(
            stream,
            FrameReader(stream),
            identity=ident,
            prologue=prologue or make_prologue(1, TABLE),
            initiator=initiator,
            listen_port=4000 if initiator else 5000,
            expected_peer=expect,
        )

    with unwrapped():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(side, "a", left, alice, alice_prologue, True, expected)
            nursery.start_soon(side, "b", right, bob, bob_prologue, False, None)
    return results["a"], results["b"]


async def test_handshake_authenticates_both_players():
    alice, bob = Identity.generate("Alice"), Identity.generate("Bob")
    a, b = await _pair(alice, bob, expected=bob.peer_id)
    assert a.peer.peer_id == bob.peer_id and a.peer.public_key == bob.public_key
    assert b.peer.peer_id == alice.peer_id and b.peer.name == "Alice"
    assert a.peer.listen_port == 5000 and b.peer.listen_port == 4000
    assert a.handshake_hash == b.handshake_hash
    await a.send(b"hello bob")
    assert await b.receive() == b"hello bob"
    await b.send(b"hello alice")
    assert await a.receive() == b"hello alice"


async def test_large_message_is_split_and_reassembled():
    a, b = await _pair(Identity.generate("A"), Identity.generate("B"))
    big = bytes(range(256)) * 1200  # 307200 bytes: five Noise messages
    async with trio.open_nursery() as nursery:
        nursery.start_soon(a.send, big)
        assert await b.receive() == big
    await a.send(b"")
    assert await b.receive() == b""


async def test_message_over_total_limit_refused_on_both_sides():
    a, b = await _pair(Identity.generate("A"), Identity.generate("B"))
    with pytest.raises(ValueError, match="exceeds"):
        a.seal(b"x" * (a.max_message + 1))
    b._reassembler._max_message = 100_000  # the receiver's own limit is what protects it
    with pytest.raises(FrameError, match="exceeds the limit"), unwrapped():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(a.send, b"y" * 200_000)
            await b.receive()


@pytest.mark.parametrize(
    ("bob_prologue", "what"),
    [(make_prologue(1, b"table-0002"), "table"), (make_prologue(2, TABLE), "version")],
)
async def test_other_table_or_version_fails(bob_prologue, what):
    with pytest.raises(HandshakeError, match="another table or protocol version"):
        await _pair(Identity.generate("A"), Identity.generate("B"), bob_prologue=bob_prologue)


async def test_unexpected_identity_is_named():
    bob, mallory = Identity.generate("Bob"), Identity.generate("Mallory")
    with pytest.raises(HandshakeError, match=f"expected peer {bob.peer_id}.*{mallory.peer_id}"):
        await _pair(Identity.generate("A"), mallory, expected=bob.peer_id)


async def test_talking_to_ourselves_is_refused():
    me = Identity.generate("Me")
    with pytest.raises(HandshakeError, match="ourselves"):
        await _pair(me, me)


async def _forged_responder(stream, payload_for) -> None:
    """A responder that completes Noise correctly but sends a payload of our choosing."""
    prologue = make_prologue(1, TABLE)
    reader = FrameReader(stream)
    static = generate_x25519()
    state = HandshakeState(initiator=False, prologue=prologue, static=static)
    state.read_message(await reader.read_frame())
    await stream.send_all(encode_frame(state.write_message(payload_for(prologue, static))))
    await trio.sleep_forever()


async def _handshake_against(payload_for):
    left, right = trio.testing.memory_stream_pair()
    with unwrapped():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_forged_responder, right, payload_for)
            try:
                await perform_handshake(
                    left,
                    FrameReader(left),
                    identity=Identity.generate("Alice"),
                    prologue=make_prologue(1, TABLE),
                    initiator=True,
                )
            finally:
                nursery.cancel_scope.cancel()


async def test_signature_over_another_static_key_is_rejected():
    mallory = Identity.generate("Mallory")

    def payload(prologue, static):
        other = x25519_public(generate_x25519())  # signs a key it does not use
        sig = mallory.sign(static_key_statement(prologue, other))
        return codec.encode({"id_key": mallory.public_key, "sig": sig, "name": "M", "port": 1})

    with pytest.raises(HandshakeError, match=f"{mallory.peer_id}.*does not verify"):
        await _handshake_against(payload)


async def test_stolen_identity_key_without_private_half_is_rejected():
    victim, mallory = Identity.generate("Victim"), Identity.generate("Mallory")

    def payload(prologue, static):
        sig = mallory.sign(static_key_statement(prologue, x25519_public(static)))
        return codec.encode({"id_key": victim.public_key, "sig": sig, "name": "V", "port": 1})

    with pytest.raises(HandshakeError, match=f"{victim.peer_id}.*does not verify"):
        await _handshake_against(payload)


@pytest.mark.parametrize(
    ("payload", "match"),
    [
        (lambda p, s: b"\xc1", "malformed"),
        (lambda p, s: codec.encode({"id_key": b"k" * 32}), "missing field"),
        (lambda p, s: codec.encode([1, 2]), "expected map"),
        (lambda p, s: b"", "malformed"),
    ],
)
async def test_malformed_payload_is_rejected(payload, match):
    with pytest.raises(HandshakeError, match=match):
        await _handshake_against(payload)


async def test_bad_display_name_in_payload_is_rejected():
    mallory = Identity.generate("Mallory")

    def payload(prologue, static):
        sig = mallory.sign(static_key_statement(prologue, x25519_public(static)))
        return codec.encode(
            {"id_key": mallory.public_key, "sig": sig, "name": "\x1b[31mred", "port": 1}
        )

    with pytest.raises(HandshakeError, match="bad display name"):
        await _handshake_against(payload)


async def test_garbage_and_truncation_during_handshake():
    left, right = trio.testing.memory_stream_pair()

    async def garbage():
        await right.send_all(encode_frame(b"\x00" * 10))  # not a Noise message 2 at all

    with pytest.raises(HandshakeError, match="handshake failed"), unwrapped():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(garbage)
            await perform_handshake(
                left,
                FrameReader(left),
                identity=Identity.generate("A"),
                prologue=make_prologue(1, TABLE),
                initiator=True,
            )

    left, right = trio.testing.memory_stream_pair()
    await right.send_all(b"\x00\x00\x01\x00abc")
    await right.aclose()
    with pytest.raises(HandshakeError, match="inside a frame"):
        await perform_handshake(
            left,
            FrameReader(left),
            identity=Identity.generate("A"),
            prologue=make_prologue(1, TABLE),
            initiator=False,
        )


async def test_replayed_transport_message_is_rejected():
    a, b = await _pair(Identity.generate("A"), Identity.generate("B"))
    sealed = a.seal(b"pay 10 gold")
    await a.stream.send_all(sealed)
    assert await b.receive() == b"pay 10 gold"
    await a.stream.send_all(sealed)  # the same bytes again
    with pytest.raises(NoiseError, match="replayed"):
        await b.receive()


async def test_tampered_and_reordered_transport_messages_are_rejected():
    a, b = await _pair(Identity.generate("A"), Identity.generate("B"))
    a.seal(b"one")  # sealed, never sent: the next one arrives early
    second = a.seal(b"two")
    await a.stream.send_all(second)
    with pytest.raises(NoiseError):
        await b.receive()

    a, b = await _pair(Identity.generate("A"), Identity.generate("B"))
    sealed = bytearray(a.seal(b"three"))
    sealed[-1] ^= 0x80
    await a.stream.send_all(bytes(sealed))
    with pytest.raises(NoiseError, match="authentication"):
        await b.receive()


async def test_clean_close_and_close_inside_a_message():
    a, b = await _pair(Identity.generate("A"), Identity.generate("B"))
    await a.aclose()
    with pytest.raises(ChannelClosed):
        await b.receive()

    a, b = await _pair(Identity.generate("A"), Identity.generate("B"))
    sealed = a.seal(b"z" * 100_000)
    first_frame_len = 4 + int.from_bytes(sealed[:4], "big")
    await a.stream.send_all(sealed[:first_frame_len])
    await a.aclose()
    with pytest.raises(FrameError, match="inside a multi-frame"):
        await b.receive()
