"""A watcher's offer to take a vanished seat (``protocol/seats.md`` 7.2): the vectors are
recomputed, and an offer that is forged, of another game, malformed or badly named is
refused with the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from p2pbang.net.log import _pack
from p2pbang.net.seat_offer import OFFER_DOMAIN, OfferError, make_offer, read_offer

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "protocol" / "vectors"
                      / "seat_offer.json").read_text())["vectors"]
SESSION = bytes([7]) * 32


@pytest.mark.parametrize("vector", VECTORS)
def test_the_vectors_are_recomputed(vector: dict) -> None:
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(vector["private_key_seed"]))
    session = bytes.fromhex(vector["session"])
    offer = make_offer(key, session, vector["holder_name"])
    assert offer.holder_key.hex() == vector["holder_key"]
    assert offer.signature.hex() == vector["signature"]
    assert offer.encode().hex() == vector["encoding"]
    assert read_offer(bytes.fromhex(vector["encoding"]), session) == offer


def test_an_offer_round_trips() -> None:
    offer = make_offer(Ed25519PrivateKey.generate(), SESSION, "Wanda")
    assert read_offer(offer.encode(), SESSION) == offer


def _forged() -> bytes:
    offer = make_offer(Ed25519PrivateKey.generate(), SESSION, "Wanda")
    other = make_offer(Ed25519PrivateKey.generate(), SESSION, "Wanda")
    return _pack([OFFER_DOMAIN, SESSION, offer.holder_key, "Wanda", other.signature])


@pytest.mark.parametrize("raw,reason", [
    (_forged(), "signature does not check"),
    (make_offer(Ed25519PrivateKey.generate(), bytes(32), "W").encode(), "another game"),
    (b"\x93\x01\x02\x03", "not a seat offer"),
    (b"\xc1", "not msgpack"),
    (_pack([OFFER_DOMAIN, SESSION, bytes(32), "W", bytes(64)]), "small order"),
    (_pack([OFFER_DOMAIN, SESSION, bytes(31), "W", bytes(64)]), "32 bytes"),
    (b"\x00" * 300, "at most"),
])
def test_a_bad_offer_is_refused_with_its_reason(raw: bytes, reason: str) -> None:
    with pytest.raises(OfferError, match=reason):
        read_offer(raw, SESSION)


@pytest.mark.parametrize("name,reason", [("", "empty"), ("a\x07b", "control"),
                                         ("x" * 40, "longer")])
def test_a_bad_name_is_refused(name: str, reason: str) -> None:
    key = Ed25519PrivateKey.generate()
    public = make_offer(key, SESSION, "ok").holder_key
    from p2pbang.net.seat_offer import _signed

    raw = _pack([OFFER_DOMAIN, SESSION, public, name, key.sign(_signed(SESSION, public, name))])
    with pytest.raises(OfferError, match=reason):
        read_offer(raw, SESSION)
