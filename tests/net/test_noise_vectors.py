"""The Noise state machine reproduces the published cacophony vectors byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

from p2pbang.net import codec
from p2pbang.net.framing import encode_frame
from p2pbang.net.identity import Identity, peer_id_for, verify_signature
from p2pbang.net.noise import (
    HandshakeState,
    NoiseError,
    make_prologue,
    static_key_statement,
    x25519_public,
)

VECTORS = Path(__file__).resolve().parents[2] / "protocol" / "vectors" / "noise_xx.json"


def _vectors() -> list[dict]:
    return json.loads(VECTORS.read_text())["vectors"]


def _key(hex_key: str | None) -> X25519PrivateKey | None:
    return None if hex_key is None else X25519PrivateKey.from_private_bytes(bytes.fromhex(hex_key))


def _sides(vector: dict) -> tuple[HandshakeState, HandshakeState]:
    pattern = vector["name"].split("_")[1]
    init = HandshakeState(
        initiator=True,
        prologue=bytes.fromhex(vector["init_prologue"]),
        static=_key(vector.get("init_static")),
        ephemeral=_key(vector["init_ephemeral"]),
        pattern=pattern,
    )
    resp = HandshakeState(
        initiator=False,
        prologue=bytes.fromhex(vector["resp_prologue"]),
        static=_key(vector.get("resp_static")),
        ephemeral=_key(vector["resp_ephemeral"]),
        pattern=pattern,
    )
    return init, resp


@pytest.mark.parametrize("vector", _vectors(), ids=lambda v: v["name"])
def test_vector(vector):
    assert vector["name"].endswith("_25519_ChaChaPoly_SHA256")
    init, resp = _sides(vector)
    handshake_len = len(init.messages)
    transport = None
    for index, message in enumerate(vector["messages"]):
        payload = bytes.fromhex(message["payload"])
        expected = bytes.fromhex(message["ciphertext"])
        initiator_sends = index % 2 == 0
        if index < handshake_len:
            writer, reader = (init, resp) if initiator_sends else (resp, init)
            assert writer.write_message(payload) == expected
            assert reader.read_message(expected) == payload
            if index == handshake_len - 1:
                assert init.complete and resp.complete
                assert init.handshake_hash == resp.handshake_hash
                transport = (init.split(), resp.split())
        else:
            (i_send, i_recv), (r_send, r_recv) = transport
            send, recv = (i_send, r_recv) if initiator_sends else (r_send, i_recv)
            assert send.encrypt_with_ad(b"", payload) == expected
            assert recv.decrypt_with_ad(b"", expected) == payload


def test_xx_vector_exposes_remote_statics():
    vector = next(v for v in _vectors() if "_XX_" in v["name"])
    init, resp = _sides(vector)
    msgs = vector["messages"]
    resp.read_message(init.write_message(bytes.fromhex(msgs[0]["payload"])))
    init.read_message(resp.write_message(bytes.fromhex(msgs[1]["payload"])))
    resp.read_message(init.write_message(bytes.fromhex(msgs[2]["payload"])))
    static_pub = _key(vector["resp_static"]).public_key().public_bytes_raw()
    assert init.rs == static_pub
    assert resp.rs == _key(vector["init_static"]).public_key().public_bytes_raw()


def test_tampered_vector_message_is_rejected():
    vector = next(v for v in _vectors() if "_XX_" in v["name"])
    init, resp = _sides(vector)
    msgs = vector["messages"]
    resp.read_message(init.write_message(bytes.fromhex(msgs[0]["payload"])))
    second = bytearray(resp.write_message(bytes.fromhex(msgs[1]["payload"])))
    second[40] ^= 0x01  # inside the encrypted static key
    with pytest.raises(NoiseError, match="authentication"):
        init.read_message(bytes(second))


def test_different_prologue_fails_at_the_first_encrypted_message():
    vector = next(v for v in _vectors() if "_XX_" in v["name"])
    vector = dict(vector, resp_prologue=b"another table".hex())
    init, resp = _sides(vector)
    resp.read_message(init.write_message(b""))
    with pytest.raises(NoiseError):
        init.read_message(resp.write_message(b""))


def test_out_of_turn_and_short_messages_are_errors():
    vector = next(v for v in _vectors() if "_XX_" in v["name"])
    init, resp = _sides(vector)
    with pytest.raises(NoiseError, match="out of turn"):
        resp.write_message(b"")
    with pytest.raises(NoiseError, match="too short"):
        resp.read_message(b"\x01" * 31)
    with pytest.raises(NoiseError, match="not complete"):
        init.split()


P2PBANG = VECTORS.with_name("noise_p2pbang.json")


def test_p2pbang_binding_vector():

    from p2pbang.net.noise import (  # noqa: F401 - API in use
        perform_handshake,
    )

    doc = json.loads(P2PBANG.read_text())
    for entry in doc["peer_ids"]:
        key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(entry["ed25519_seed"]))
        public = Identity(key, "x").public_key
        assert public.hex() == entry["public_key"]
        assert peer_id_for(public) == entry["peer_id"]

    hs = doc["handshake"]
    prologue = make_prologue(hs["protocol_version"], bytes.fromhex(hs["table_id"]))
    assert prologue.hex() == hs["prologue"]
    for side in ("init", "resp"):
        static = _key(hs[f"{side}_static"])
        statement = static_key_statement(prologue, x25519_public(static))
        assert statement.hex() == hs[f"{side}_static_key_statement"]
        payload = codec.decode_canonical(bytes.fromhex(hs[f"{side}_payload"]))
        assert payload["name"] == hs[f"{side}_name"] and payload["port"] == hs[f"{side}_port"]
        assert verify_signature(payload["id_key"], payload["sig"], statement)
        seed = bytes.fromhex(hs[f"{side}_identity_seed"])
        owner = Identity(Ed25519PrivateKey.from_private_bytes(seed), "x")
        assert payload["id_key"] == owner.public_key

    init = HandshakeState(
        initiator=True, prologue=prologue,
        static=_key(hs["init_static"]), ephemeral=_key(hs["init_ephemeral"]),
    )
    resp = HandshakeState(
        initiator=False, prologue=prologue,
        static=_key(hs["resp_static"]), ephemeral=_key(hs["resp_ephemeral"]),
    )
    payloads = [b"", bytes.fromhex(hs["resp_payload"]), bytes.fromhex(hs["init_payload"])]
    for index, (expected, payload) in enumerate(zip(hs["messages"], payloads, strict=True)):
        writer, reader = (init, resp) if index % 2 == 0 else (resp, init)
        message = writer.write_message(payload)
        assert message.hex() == expected
        assert reader.read_message(message) == payload
    assert init.handshake_hash.hex() == hs["handshake_hash"] == resp.handshake_hash.hex()
    send, _ = init.split()
    _, receive = resp.split()
    plaintext = bytes.fromhex(hs["first_transport_plaintext"])
    frame = encode_frame(send.encrypt_with_ad(b"", b"\x00" + plaintext))
    assert frame.hex() == hs["first_transport_frame"]
    assert receive.decrypt_with_ad(b"", frame[4:]) == b"\x00" + plaintext
    assert codec.decode(plaintext) == {"t": "mesh.ping", "n": 1}
