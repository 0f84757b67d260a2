"""The published test vectors (protocol/vectors/log.json) are recomputed from fixed keys,
and the key facts are re-derived with plain hashlib / msgpack / zlib / Ed25519, so another
implementation can trust them. Regenerate with ``python tests/net/test_log_vectors.py``."""

from __future__ import annotations

import hashlib
import json
import struct
import sys
import zlib
from pathlib import Path
from typing import Any

import msgpack
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from p2pbang.net.log import (
    PART_DOMAIN,
    EquivocationProof,
    Log,
    Part,
    Reason,
    Roster,
    Turn,
    public_key_problem,
)
from p2pbang.net.store import (
    LOG_MAGIC,
    SECRETS_MAGIC,
    RecordType,
    encode_file_header,
    encode_record,
)
from p2pbang.net.sync import encode_message

VECTORS = Path(__file__).resolve().parents[2] / "protocol" / "vectors" / "log.json"
SEEDS = [hashlib.sha256(f"p2pbang log vector seat {seat}".encode()).digest() for seat in range(3)]
KEYS = [Ed25519PrivateKey.from_private_bytes(seed) for seed in SEEDS]
SESSION = hashlib.sha256(b"p2pbang log vector session").digest()
OTHER_SESSION = hashlib.sha256(b"p2pbang log vector other session").digest()
SCHEDULE = [(0,), (1, 2), (0,), (0,)]
CONTENT = {
    (0, 0): ("move", b"\x82\xa4play\xa4bang\xa6target\x02"),
    (1, 1): ("share", bytes(range(32))),
    (1, 2): ("share", bytes(range(32, 64))),
    (2, 0): ("move", b""),
}
SECRETS = b"dealer secret key and what this seat knows of each slot"


def raw_public(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def writers(index: int) -> Turn | None:
    return Turn.of(*SCHEDULE[index]) if index < len(SCHEDULE) else None


def part_vector(part: Part) -> dict[str, Any]:
    return {
        "seat": part.seat,
        "kind": part.kind,
        "payload": part.payload.hex(),
        "signed_message": part.signed_message().hex(),
        "signature": part.signature.hex(),
        "encoding": part.raw.hex(),
    }


def rejection_cases(log: Log) -> list[dict[str, Any]]:
    index, head = len(log), log.head_hash
    good = Part.create(KEYS[0], SESSION, index, head, 0, "move", b"ok")
    forged = bytearray(good.raw)
    forged[-1] ^= 1
    stranger = Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"stranger").digest())
    cases = [
        ("signature bit flipped", bytes(forged)),
        ("signed by a seat that is not the writer",
         Part.create(KEYS[2], SESSION, index, head, 2, "move", b"ok").raw),
        ("previous hash is not the head",
         Part.create(KEYS[0], SESSION, index, SESSION, 0, "move", b"ok").raw),
        ("another session",
         Part.create(KEYS[0], OTHER_SESSION, index, head, 0, "move", b"ok").raw),
        ("index as a 4-byte integer (not canonical)",
         good.raw[:35] + b"\xce" + index.to_bytes(4, "big") + good.raw[36:]),
        ("settled position, not one of its writers",
         Part.create(KEYS[2], SESSION, 0, SESSION, 2, "move", b"late").raw),
        ("seat outside the roster", Part.create(stranger, SESSION, index, head, 5, "m", b"").raw),
    ]
    vectors = []
    for case, raw in cases:
        out = log.add_part(raw, sender=1)
        assert not out.committed and len(out.rejected) == 1
        rejection = out.rejected[0]
        vectors.append(
            {
                "case": case,
                "part": raw.hex(),
                "received_from": 1,
                "reason": rejection.reason.value,
                "offender": rejection.offender,
            }
        )
    return vectors


def build_vectors() -> dict[str, Any]:
    roster = Roster([key.public_key() for key in KEYS])
    log = Log(SESSION, roster, writers)
    entries = []
    own_part = None
    while len(log) < 3:
        index = len(log)
        parts = []
        for seat in SCHEDULE[index]:
            kind, payload = CONTENT[(index, seat)]
            part = Part.create(KEYS[seat], SESSION, index, log.head_hash, seat, kind, payload)
            out = log.add_part(part)
            assert not out.rejected
            parts.append(part)
            own_part = own_part or part
        entry = log.entry(index)
        entries.append(
            {
                "index": index,
                "prev": entry.prev.hex(),
                "parts": [part_vector(part) for part in parts],
                "encoding": entry.raw.hex(),
                "hash": entry.hash.hex(),
            }
        )
    a = Part.create(KEYS[1], SESSION, 5, log.head_hash, 1, "move", b"to the left")
    b = Part.create(KEYS[1], SESSION, 5, log.head_hash, 1, "move", b"to the right")
    proof = EquivocationProof.from_parts(raw_public(KEYS[1]), a, b)
    assert own_part is not None
    records = [(RecordType.OWN_PART, own_part.raw)] + [
        (RecordType.ENTRY, log.entry(i).raw) for i in range(len(log))
    ]
    log_file = encode_file_header(LOG_MAGIC, SESSION) + b"".join(
        encode_record(kind, data) for kind, data in records
    )
    secrets_head = encode_file_header(SECRETS_MAGIC, SESSION) + struct.pack(">I", len(SECRETS))
    secrets_file = secrets_head + SECRETS
    secrets_file += struct.pack(">I", zlib.crc32(secrets_file))
    head_message = {
        "t": "head", "s": SESSION, "n": len(log), "h": log.head_hash, "p": []
    }
    messages = {
        "head": head_message,
        "fetch": {"t": "fetch", "from": 1, "max": 256},
        "entries": {"t": "entries", "from": 2, "e": [log.entry(2).raw], "p": []},
        "part": {"t": "part", "p": own_part.raw},
        "proof": {"t": "proof", "x": proof.encode()},
    }
    identity = (1).to_bytes(32, "little")
    return {
        "description": "p2pbang log v1 vectors; every byte string is hex. See protocol/log.md.",
        "session_id": SESSION.hex(),
        "seats": [
            {"seat": seat, "ed25519_seed": SEEDS[seat].hex(), "public_key": raw_public(key).hex()}
            for seat, key in enumerate(KEYS)
        ],
        "writers": [list(seats) for seats in SCHEDULE[:3]],
        "entries": entries,
        "head_hash": log.head_hash.hex(),
        "rejections_at_position_3": rejection_cases(log),
        "equivocation": {
            "seat": 1,
            "index": 5,
            "part_a": a.raw.hex(),
            "part_b": b.raw.hex(),
            "proof": proof.encode().hex(),
        },
        "weak_public_keys": [
            {"key": identity.hex(), "problem": public_key_problem(identity)},
            {
                "key": (2**255 - 20).to_bytes(32, "little").hex(),
                "problem": public_key_problem((2**255 - 20).to_bytes(32, "little")),
            },
        ],
        "store": {
            "log_file": log_file.hex(),
            "log_records": [kind.name for kind, _ in records],
            "secrets_data": SECRETS.hex(),
            "secrets_file": secrets_file.hex(),
        },
        "sync_messages": {name: encode_message(m).hex() for name, m in messages.items()},
    }


def test_vectors_file_matches_a_fresh_computation() -> None:
    assert json.loads(VECTORS.read_text()) == build_vectors()


def test_vectors_check_out_with_plain_primitives() -> None:
    vectors = json.loads(VECTORS.read_text())
    session = bytes.fromhex(vectors["session_id"])
    keys = {
        seat["seat"]: Ed25519PublicKey.from_public_bytes(bytes.fromhex(seat["public_key"]))
        for seat in vectors["seats"]
    }
    for seat in vectors["seats"]:
        private = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(seat["ed25519_seed"]))
        assert raw_public(private).hex() == seat["public_key"]
    prev = session
    for entry in vectors["entries"]:
        assert bytes.fromhex(entry["prev"]) == prev
        fields = []
        for part in entry["parts"]:
            payload = bytes.fromhex(part["payload"])
            message = msgpack.packb(
                [PART_DOMAIN, session, entry["index"], prev, part["seat"], part["kind"], payload]
            )
            assert message.hex() == part["signed_message"]
            signature = bytes.fromhex(part["signature"])
            keys[part["seat"]].verify(signature, message)  # raises if wrong
            field = [session, entry["index"], prev, part["seat"], part["kind"], payload, signature]
            assert msgpack.packb(field).hex() == part["encoding"]
            fields.append(field)
        encoding = msgpack.packb(fields)
        assert encoding.hex() == entry["encoding"]
        prev = hashlib.sha256(encoding).digest()
        assert prev.hex() == entry["hash"]
    assert prev.hex() == vectors["head_hash"]
    reasons = {case["reason"] for case in vectors["rejections_at_position_3"]}
    assert reasons == {
        Reason.BAD_SIGNATURE.value, Reason.WRONG_AUTHOR.value, Reason.WRONG_PREV.value,
        Reason.WRONG_SESSION.value, Reason.BAD_ENCODING.value, Reason.WRONG_INDEX.value,
        Reason.UNKNOWN_SEAT.value,
    }
    log_file = bytes.fromhex(vectors["store"]["log_file"])
    assert log_file[:8] == b"p2pbLOG1" and log_file[8:40] == session
    assert struct.unpack(">I", log_file[40:44])[0] == zlib.crc32(log_file[:40])
    offset, kinds = 44, []
    while offset < len(log_file):
        length, length_crc = struct.unpack_from(">II", log_file, offset)
        assert length_crc == zlib.crc32(log_file[offset : offset + 4])
        body = log_file[offset + 8 : offset + 8 + length]
        assert struct.unpack_from(">I", log_file, offset + 8 + length)[0] == zlib.crc32(body)
        kinds.append(body[:1])
        offset += 8 + length + 4
    assert kinds == [b"P", b"E", b"E", b"E"]
    proof = EquivocationProof.decode(bytes.fromhex(vectors["equivocation"]["proof"]))
    assert proof.verify(keys[1], session) is None


if __name__ == "__main__":
    VECTORS.parent.mkdir(parents=True, exist_ok=True)
    VECTORS.write_text(json.dumps(build_vectors(), indent=1) + "\n")
    sys.stdout.write(f"wrote {VECTORS}\n")
