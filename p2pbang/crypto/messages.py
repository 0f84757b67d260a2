"""The dealing protocol's messages: builders and strict parsers.

Every message is a canonical msgpack map with a type tag ``t`` (see protocol/crypto.md for
the normative table). Parsers take what the receiver already knows (deck length, which
slots the sender owes) and accept exactly that: no missing, extra or reordered items.
They only check encodings; the proofs are checked by the dealer, which knows the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pbang.crypto import wire
from p2pbang.crypto.commit_reveal import DIGEST_BYTES, NONCE_BYTES, VALUE_BYTES
from p2pbang.crypto.dleq import DLEQ_PROOF_BYTES, SHARE_BYTES, DecryptionShare, DleqProof
from p2pbang.crypto.elgamal import CIPHERTEXT_BYTES, Ciphertext, decode_deck, encode_deck
from p2pbang.crypto.errors import InvalidEncoding
from p2pbang.crypto.group import POINT_BYTES, Point
from p2pbang.crypto.keys import KEY_PROOF_BYTES, KeyProof
from p2pbang.crypto.shuffle import ShuffleProof, decode_proof, encode_proof, proof_bytes

KEY, SHUFFLE, TRANSFER, SHARES, COMMIT, REVEAL, OWN = (
    "key", "shuffle", "transfer", "shares", "commit", "reveal", "own")
MAX_SLOT = 2**32 - 1


def message_kind(message: dict[str, Any]) -> str:
    kind = message.get("t")
    return kind if isinstance(kind, str) else "?"


# --- keys ---------------------------------------------------------------------------------

def key_message(public: Point, proof: KeyProof) -> bytes:
    return wire.encode({"t": KEY, "pk": public.encode(), "proof": proof.encode()})


def parse_key(message: dict[str, Any]) -> tuple[Point, KeyProof]:
    m = wire.fields(message, KEY, {"pk", "proof"})
    public = Point.decode(wire.get_bytes(m["pk"], "pk", POINT_BYTES))
    return public, KeyProof.decode(wire.get_bytes(m["proof"], "proof", KEY_PROOF_BYTES))


# --- shuffle passes -----------------------------------------------------------------------

def shuffle_message(deck: Sequence[Ciphertext], proof: ShuffleProof) -> bytes:
    return wire.encode({"t": SHUFFLE, "deck": encode_deck(deck), "proof": encode_proof(proof)})


def parse_shuffle(message: dict[str, Any], size: int) -> tuple[list[Ciphertext], ShuffleProof]:
    m = wire.fields(message, SHUFFLE, {"deck", "proof"})
    if type(m["deck"]) is not bytes or type(m["proof"]) is not bytes:
        raise InvalidEncoding("a shuffle pass carries a deck and a proof as bytes")
    deck = decode_deck(m["deck"], size)
    proof = decode_proof(wire.get_bytes(m["proof"], "proof", proof_bytes(size)), size)
    return deck, proof


# --- per-slot items: transfers and decryption shares ---------------------------------------

def _items(message: dict[str, Any], kind: str, slots: Sequence[int], width: int) -> list[list]:
    m = wire.fields(message, kind, {"items"})
    items = wire.get_list(m["items"], "items", len(slots))
    for item, slot in zip(items, slots, strict=True):
        wire.get_list(item, "an item", width)
        if wire.get_int(item[0], "a slot", 0, MAX_SLOT) != slot:
            raise InvalidEncoding(f"items must cover slots {list(slots)} in that order")
    return items


def transfer_message(items: Sequence[tuple[int, Ciphertext, DleqProof]]) -> bytes:
    return wire.encode({"t": TRANSFER, "items": [
        [slot, ct.encode(), proof.encode()] for slot, ct, proof in items]})


def parse_transfer(message: dict[str, Any], slots: Sequence[int]
                   ) -> list[tuple[int, Ciphertext, DleqProof]]:
    return [
        (item[0],
         Ciphertext.decode(wire.get_bytes(item[1], "a ciphertext", CIPHERTEXT_BYTES)),
         DleqProof.decode(wire.get_bytes(item[2], "a proof", DLEQ_PROOF_BYTES)))
        for item in _items(message, TRANSFER, slots, 3)
    ]


def shares_message(items: Sequence[tuple[int, DecryptionShare]]) -> bytes:
    return wire.encode({"t": SHARES, "items": [[slot, s.encode()] for slot, s in items]})


def parse_shares(message: dict[str, Any], slots: Sequence[int]
                 ) -> list[tuple[int, DecryptionShare]]:
    return [
        (item[0], DecryptionShare.decode(wire.get_bytes(item[1], "a share", SHARE_BYTES)))
        for item in _items(message, SHARES, slots, 2)
    ]


# --- commit-reveal ------------------------------------------------------------------------

def commit_message(digest: bytes) -> bytes:
    return wire.encode({"t": COMMIT, "c": digest})


def parse_commit(message: dict[str, Any]) -> bytes:
    m = wire.fields(message, COMMIT, {"c"})
    return wire.get_bytes(m["c"], "a commitment", DIGEST_BYTES)


def reveal_message(echo: bytes, nonce: bytes, value: bytes) -> bytes:
    return wire.encode({"t": REVEAL, "echo": echo, "nonce": nonce, "value": value})


def parse_reveal(message: dict[str, Any]) -> tuple[bytes, bytes, bytes]:
    m = wire.fields(message, REVEAL, {"echo", "nonce", "value"})
    return (wire.get_bytes(m["echo"], "an echo", DIGEST_BYTES),
            wire.get_bytes(m["nonce"], "a nonce", NONCE_BYTES),
            wire.get_bytes(m["value"], "a value", VALUE_BYTES))


# --- a card played from one's own hand -------------------------------------------------------

def own_message(slot: int, share: DecryptionShare) -> bytes:
    return wire.encode({"t": OWN, "slot": slot, "share": share.encode()})


def parse_own(message: dict[str, Any]) -> tuple[int, DecryptionShare]:
    m = wire.fields(message, OWN, {"slot", "share"})
    slot = wire.get_int(m["slot"], "slot", 0, MAX_SLOT)
    return slot, DecryptionShare.decode(wire.get_bytes(m["share"], "a share", SHARE_BYTES))
