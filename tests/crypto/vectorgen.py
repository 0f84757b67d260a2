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
    }


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
