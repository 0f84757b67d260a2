"""The escrow's and the hand-over's messages: builders and strict parsers.

Same rules as ``messages.py`` (canonical msgpack, exact fields, exactly the owed items in
order); the table is protocol/escrow.md section 7. Parsers check encodings only: the
dealer checks the proofs, since it knows the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from p2pbang.crypto import wire
from p2pbang.crypto.dleq import DLEQ_PROOF_BYTES, SHARE_BYTES, DecryptionShare, DleqProof
from p2pbang.crypto.errors import InvalidEncoding
from p2pbang.crypto.escrow import EscrowDealing
from p2pbang.crypto.group import POINT_BYTES, SCALAR_BYTES, Point, decode_scalar, encode_scalar
from p2pbang.crypto.keys import KEY_PROOF_BYTES, KeyProof
from p2pbang.crypto.linear import LinearProof, proof_bytes
from p2pbang.crypto.messages import MAX_SLOT

ESCROW, COMPLAIN, HO_OPEN, HO_PART, HO_CLOSE = (
    "escrow", "complain", "ho-open", "ho-part", "ho-close")


def _chunks(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)]


# --- escrow ---------------------------------------------------------------------------------

def escrow_message(dealing: EscrowDealing) -> bytes:
    return wire.encode({
        "t": ESCROW, "e": dealing.ephemeral.encode(),
        "cs": b"".join(c.encode() for c in dealing.coefficients),
        "shares": b"".join(encode_scalar(s) for s in dealing.masked)})


def parse_escrow(message: dict[str, Any], threshold: int, n_seats: int) -> EscrowDealing:
    m = wire.fields(message, ESCROW, {"e", "cs", "shares"})
    ephemeral = Point.decode(wire.get_bytes(m["e"], "e", POINT_BYTES))
    cs = wire.get_bytes(m["cs"], "the commitments", POINT_BYTES * (threshold - 1))
    shares = wire.get_bytes(m["shares"], "the shares", SCALAR_BYTES * (n_seats - 1))
    return EscrowDealing(ephemeral, tuple(Point.decode(c) for c in _chunks(cs, POINT_BYTES)),
                         tuple(decode_scalar(s) for s in _chunks(shares, SCALAR_BYTES)))


def complain_message(items: Sequence[tuple[int, Point, DleqProof]]) -> bytes:
    return wire.encode({"t": COMPLAIN, "items": [
        [dealer, dh.encode(), proof.encode()] for dealer, dh, proof in items]})


def parse_complain(message: dict[str, Any], n_seats: int
                   ) -> list[tuple[int, Point, DleqProof]]:
    m = wire.fields(message, COMPLAIN, {"items"})
    items = m["items"]
    if type(items) is not list or len(items) > n_seats:
        raise InvalidEncoding("complaints must be a list of at most one per seat")
    out = []
    for item in items:
        wire.get_list(item, "a complaint", 3)
        dealer = wire.get_int(item[0], "a dealer seat", 0, n_seats - 1)
        if out and dealer <= out[-1][0]:
            raise InvalidEncoding("complaints must name distinct dealers in increasing order")
        out.append((dealer, Point.decode(wire.get_bytes(item[1], "K", POINT_BYTES)),
                    DleqProof.decode(wire.get_bytes(item[2], "a proof", DLEQ_PROOF_BYTES))))
    return out


# --- hand-over --------------------------------------------------------------------------------

def _items(message: dict[str, Any], key: str, slots: Sequence[int], width: int) -> list[list]:
    items = wire.get_list(message[key], key, len(slots))
    for item, slot in zip(items, slots, strict=True):
        wire.get_list(item, "an item", width)
        if wire.get_int(item[0], "a slot", 0, MAX_SLOT) != slot:
            raise InvalidEncoding(f"{key} must cover slots {list(slots)} in that order")
    return items


def open_message(pk_new: Point, key_proof: KeyProof,
                 items: Sequence[tuple[int, Point, LinearProof]]) -> bytes:
    return wire.encode({"t": HO_OPEN, "pk": pk_new.encode(), "proof": key_proof.encode(),
                        "items": [[s, c1.encode(), p.encode()] for s, c1, p in items]})


def parse_open(message: dict[str, Any], slots: Sequence[int]
               ) -> tuple[Point, KeyProof, list[tuple[int, Point, LinearProof]]]:
    m = wire.fields(message, HO_OPEN, {"pk", "proof", "items"})
    pk = Point.decode(wire.get_bytes(m["pk"], "pk", POINT_BYTES))
    proof = KeyProof.decode(wire.get_bytes(m["proof"], "proof", KEY_PROOF_BYTES))
    return pk, proof, [
        (item[0], Point.decode(wire.get_bytes(item[1], "c1'", POINT_BYTES)),
         LinearProof.decode(wire.get_bytes(item[2], "a proof", proof_bytes(1)), 1))
        for item in _items(m, "items", slots, 3)]


def part_message(items: Sequence[tuple[int, DecryptionShare]]) -> bytes:
    return wire.encode({"t": HO_PART, "items": [[s, p.encode()] for s, p in items]})


def parse_part(message: dict[str, Any], slots: Sequence[int]
               ) -> list[tuple[int, DecryptionShare]]:
    m = wire.fields(message, HO_PART, {"items"})
    return [(item[0], DecryptionShare.decode(wire.get_bytes(item[1], "a partial", SHARE_BYTES)))
            for item in _items(m, "items", slots, 2)]


def close_message(items: Sequence[tuple[int, Point, LinearProof]],
                  rekey: Sequence[tuple[int, DecryptionShare]]) -> bytes:
    return wire.encode({"t": HO_CLOSE,
                        "items": [[s, c2.encode(), p.encode()] for s, c2, p in items],
                        "rekey": [[s, share.encode()] for s, share in rekey]})


def parse_close(message: dict[str, Any], slots: Sequence[int], rekey_slots: Sequence[int]
                ) -> tuple[list[tuple[int, Point, LinearProof]],
                           list[tuple[int, DecryptionShare]]]:
    m = wire.fields(message, HO_CLOSE, {"items", "rekey"})
    items = [(item[0], Point.decode(wire.get_bytes(item[1], "c2''", POINT_BYTES)),
              LinearProof.decode(wire.get_bytes(item[2], "a proof", proof_bytes(2)), 2))
             for item in _items(m, "items", slots, 3)]
    rekey = [(item[0], DecryptionShare.decode(wire.get_bytes(item[1], "a share", SHARE_BYTES)))
             for item in _items(m, "rekey", rekey_slots, 2)]
    return items, rekey


# --- escrowed draws ---------------------------------------------------------------------------

D_COMMIT, D_DEAL, D_OPEN = "dcommit", "ddeal", "dopen"


def draw_deal_message(value_point: Point, dealing: EscrowDealing) -> bytes:
    return wire.encode({
        "t": D_DEAL, "A": value_point.encode(), "e": dealing.ephemeral.encode(),
        "cs": b"".join(c.encode() for c in dealing.coefficients),
        "shares": b"".join(encode_scalar(s) for s in dealing.masked)})


def parse_draw_deal(message: dict[str, Any], threshold: int, n_seats: int
                    ) -> tuple[Point, EscrowDealing]:
    m = wire.fields(message, D_DEAL, {"A", "e", "cs", "shares"})
    value_point = Point.decode(wire.get_bytes(m["A"], "A", POINT_BYTES))
    inner = {"t": ESCROW, "e": m["e"], "cs": m["cs"], "shares": m["shares"]}
    return value_point, parse_escrow(inner, threshold, n_seats)


def draw_open_message(value: int, complaints: Sequence[tuple[int, Point, DleqProof]],
                      recovered: Sequence[tuple[int, int]]) -> bytes:
    return wire.encode({
        "t": D_OPEN, "a": encode_scalar(value),
        "items": [[dealer, dh.encode(), proof.encode()] for dealer, dh, proof in complaints],
        "rec": [[seat, encode_scalar(share)] for seat, share in recovered]})


def parse_draw_open(message: dict[str, Any], n_seats: int, withheld: Sequence[int]
                    ) -> tuple[int, list[tuple[int, Point, DleqProof]], list[tuple[int, int]]]:
    m = wire.fields(message, D_OPEN, {"a", "items", "rec"})
    value = decode_scalar(wire.get_bytes(m["a"], "a", SCALAR_BYTES))
    complaints = parse_complain({"t": COMPLAIN, "items": m["items"]}, n_seats)
    rec = wire.get_list(m["rec"], "rec", len(withheld))
    recovered = []
    for item, seat in zip(rec, withheld, strict=True):
        wire.get_list(item, "a recovered share", 2)
        if wire.get_int(item[0], "a seat", 0, n_seats - 1) != seat:
            raise InvalidEncoding(f"rec must cover seats {list(withheld)} in that order")
        recovered.append((seat, decode_scalar(wire.get_bytes(item[1], "a share",
                                                             SCALAR_BYTES))))
    return value, complaints, recovered
