"""Generate protocol/vectors/crypto-*.json from fixed seeds (test-vector path ONLY).

Every secret here comes from ``SeededRandom``, which exists only under tests/: the game
never uses it. Another implementation uses the files to check, byte for byte, what is
deterministic (hash-to-group, card encodings, Pedersen bases, transcripts and challenges,
commitments, unbiased integers, message encodings) and that it *accepts* our proofs. The
order in which a prover draws its secrets is not normative, so the proofs themselves are
only expected to verify, not to be reproduced.

Regenerate (only when the protocol version changes) with:
    python -m tests.crypto.vectorgen
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from p2pbang.crypto import messages as msg
from p2pbang.crypto.commit_reveal import (
    CommitRevealRound,
    UniformStream,
    commitment_digest,
    public_permutation,
)
from p2pbang.crypto.dleq import make_share
from p2pbang.crypto.elgamal import card_label, card_point, encode_deck, trivial_encryption
from p2pbang.crypto.group import GENERATOR, L, base_mul, encode_scalar, hash_to_point
from p2pbang.crypto.keys import KeyPair, prove_key
from p2pbang.crypto.pedersen import G_LABEL_PREFIX, H_LABEL, blinding_base, vector_bases
from p2pbang.crypto.rerandomise import rerandomise_with_proof
from p2pbang.crypto.shuffle import encode_proof, shuffle_and_prove
from p2pbang.crypto.transcript import Transcript

from .seeded import SeededRandom

VECTOR_DIR = Path(__file__).resolve().parents[2] / "protocol" / "vectors"
SESSION = bytes.fromhex("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff")


def _keypair(rng: SeededRandom) -> KeyPair:
    secret = rng.scalar() or 1
    return KeyPair(secret, base_mul(secret))


def primitives() -> dict[str, Any]:
    labels = [b"p2pbang/v1/test", b""]
    return {
        "description": "ristretto255 constants, hash-to-group, card encodings, Pedersen bases",
        "group_order": str(L),
        "generator": GENERATOR.encode().hex(),
        "hash_to_point": [{"label": lab.hex(), "point": hash_to_point(lab).encode().hex()}
                          for lab in labels],
        "cards": [{"pile": pile, "card": card, "label": card_label(pile, card).decode(),
                   "point": card_point(pile, card).encode().hex()}
                  for pile, card in (("deck", 0), ("deck", 1), ("deck", 79), ("roles", 0))],
        "pedersen": {
            "H_label": H_LABEL.decode(),
            "H": blinding_base().encode().hex(),
            "G_label_prefix": G_LABEL_PREFIX.decode(),
            "G": [p.encode().hex() for p in vector_bases(4)],
        },
        "transcript": _transcript_vector(),
        "rejected_points": _rejected_points(),
    }


# RFC 9496 appendix A.2, "Invalid Encodings", in the RFC's groups and order.
RFC9496_INVALID = {
    "non-canonical field encoding": [
        "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ],
    "negative field element": [
        "0100000000000000000000000000000000000000000000000000000000000000",
        "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
        "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
        "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
        "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
        "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
        "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    ],
    "non-square x^2": [
        "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
        "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
        "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
        "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
        "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
        "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
        "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
        "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    ],
    "negative x*y": [
        "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
        "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
        "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
        "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
        "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
        "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
        "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
        "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    ],
    "s = -1 (y = 0)": [
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ],
}


def _with_bit_255(encoding: bytes) -> str:
    return (encoding[:-1] + bytes([encoding[-1] | 0x80])).hex()


def _rejected_points() -> list[dict[str, str]]:
    """Encodings every receiver MUST reject: RFC 9496's, then valid points with bit 255 set
    (libsodium ignores that bit; the identity among them would pass as a key or share)."""
    out = [{"reason": reason, "encoding": enc}
           for reason, encodings in RFC9496_INVALID.items() for enc in encodings]
    high_bit = [("identity", bytes(32)), ("generator", GENERATOR.encode()),
                ("2G", base_mul(2).encode()), ("card deck/0", card_point("deck", 0).encode())]
    out += [{"reason": f"bit 255 set ({name})", "encoding": _with_bit_255(enc)}
            for name, enc in high_bit]
    return out


def _transcript_vector() -> dict[str, Any]:
    t = Transcript(b"p2pbang/v1/example", SESSION, 3, 1)
    t.append(b"data", b"hello")
    t.append_point(b"P", GENERATOR)
    first = t.challenge(b"x")
    second = t.challenge(b"y")
    return {
        "protocol": "p2pbang/v1/example", "session": SESSION.hex(), "step": 3, "seat": 1,
        "fields": [["data", b"hello".hex()], ["P", GENERATOR.encode().hex()]],
        "challenges": [["x", encode_scalar(first).hex()], ["y", encode_scalar(second).hex()]],
    }


def proofs() -> dict[str, Any]:
    rng = SeededRandom(b"proofs")
    keys = [_keypair(rng) for _ in range(3)]
    joint = keys[0].public + keys[1].public + keys[2].public
    key_proofs = [
        {"seat": seat, "step": 0, "pk": kp.public.encode().hex(),
         "proof": prove_key(kp, SESSION, seat, 0, rng).encode().hex()}
        for seat, kp in enumerate(keys)
    ]
    deck = [trivial_encryption(card_point("deck", i)) for i in range(4)]
    passes = []
    for seat in range(3):
        out, proof = shuffle_and_prove(deck, joint, SESSION, 1, seat, b"pile:deck", rng)
        passes.append({"seat": seat, "step": 1, "context": "pile:deck",
                       "input": encode_deck(deck).hex(), "output": encode_deck(out).hex(),
                       "proof": encode_proof(proof).hex()})
        deck = out
    one = [trivial_encryption(card_point("roles", 2))]
    one_out, one_proof = shuffle_and_prove(one, joint, SESSION, 2, 0, b"pile:roles", rng)
    ct = deck[0]
    shares = [{"seat": seat, "step": 4, "context": "share/slot:0",
               "share": make_share(kp, ct, SESSION, 4, seat, b"share/slot:0", rng).encode().hex()}
              for seat, kp in enumerate(keys)]
    new, rproof = rerandomise_with_proof(ct, joint, SESSION, 5, 2, b"transfer/slot:0", rng)
    return {
        "description": "Schnorr keys, shuffle passes (Bayer-Groth m=1), one-card pass, "
                       "decryption shares, a re-randomisation; every proof must verify",
        "session": SESSION.hex(),
        "secret_keys": [encode_scalar(kp.secret).hex() for kp in keys],
        "joint_key": joint.encode().hex(),
        "keys": key_proofs,
        "shuffle_passes": passes,
        "one_card_pass": {"seat": 0, "step": 2, "context": "pile:roles",
                          "input": encode_deck(one).hex(), "output": encode_deck(one_out).hex(),
                          "proof": encode_proof(one_proof).hex()},
        "ciphertext": ct.encode().hex(),
        "decryption_shares": shares,
        "rerandomisation": {"seat": 2, "step": 5, "context": "transfer/slot:0",
                            "old": ct.encode().hex(), "new": new.encode().hex(),
                            "proof": rproof.encode().hex()},
    }


def randomness() -> dict[str, Any]:
    rng = SeededRandom(b"randomness")
    round_id = 9
    contributions = [(rng.token(32), rng.token(32)) for _ in range(3)]
    draw = CommitRevealRound(SESSION, round_id, range(3))
    digests = []
    for seat, (nonce, value) in enumerate(contributions):
        digest = commitment_digest(SESSION, round_id, seat, nonce, value)
        draw.add_commitment(seat, digest)
        digests.append(digest)
    for seat, (nonce, value) in enumerate(contributions):
        draw.add_reveal(seat, nonce, value, draw.echo())
    seed = draw.seed()
    stream = UniformStream(seed, b"p2pbang/v1/random-int")
    return {
        "description": "commit-reveal: commitments, echo, combined seed, unbiased integers",
        "session": SESSION.hex(),
        "round": round_id,
        "contributions": [{"seat": s, "nonce": n.hex(), "value": v.hex(),
                           "commitment": digests[s].hex()}
                          for s, (n, v) in enumerate(contributions)],
        "echo": draw.echo().hex(),
        "seed": seed.hex(),
        "uniform": {"label": "p2pbang/v1/random-int",
                    "draws": [[bound, stream.below(bound)] for bound in (2, 3, 6, 7, 80, 1000)]},
        "permutation": {"label": "permutation", "size": 7,
                        "value": public_permutation(seed, 7)},
    }


def messages() -> dict[str, Any]:
    rng = SeededRandom(b"messages")
    kp = _keypair(rng)
    ct = trivial_encryption(card_point("deck", 3))
    share_ct = shuffle_and_prove([ct], kp.public, SESSION, 1, 0, b"pile:deck", rng)[0][0]
    share = make_share(kp, share_ct, SESSION, 2, 0, b"share/slot:7", rng)
    new, proof = rerandomise_with_proof(share_ct, kp.public, SESSION, 3, 0, b"transfer/slot:7",
                                        rng)
    examples = {
        "key": msg.key_message(kp.public, prove_key(kp, SESSION, 0, 0, rng)),
        "shares": msg.shares_message([(7, share)]),
        "transfer": msg.transfer_message([(7, new, proof)]),
        "commit": msg.commit_message(bytes(range(32))),
        "reveal": msg.reveal_message(bytes(32), bytes([1]) * 32, bytes([2]) * 32),
        "own": msg.own_message(7, share),
    }
    return {"description": "canonical msgpack encodings of the dealing messages",
            "messages": {kind: data.hex() for kind, data in examples.items()}}


def generate_all() -> dict[str, dict[str, Any]]:
    return {
        "crypto-primitives.json": primitives(),
        "crypto-proofs.json": proofs(),
        "crypto-randomness.json": randomness(),
        "crypto-messages.json": messages(),
    }


def main() -> None:
    VECTOR_DIR.mkdir(parents=True, exist_ok=True)
    for name, content in generate_all().items():
        (VECTOR_DIR / name).write_text(json.dumps(content, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {VECTOR_DIR / name}")


if __name__ == "__main__":
    main()
