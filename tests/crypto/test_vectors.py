"""protocol/vectors/crypto-*.json: recomputed from their seeds, and every proof in them
verified from the bytes alone, the way another implementation would use them."""

from __future__ import annotations

import json

import pytest

from p2pbang.crypto import messages as msg
from p2pbang.crypto import wire
from p2pbang.crypto.commit_reveal import commitment_digest, public_permutation
from p2pbang.crypto.dleq import DecryptionShare, DleqProof, verify_share
from p2pbang.crypto.elgamal import Ciphertext, unmask
from p2pbang.crypto.errors import InvalidEncoding
from p2pbang.crypto.group import Point, decode_scalar, scalar_mul
from p2pbang.crypto.keys import KeyProof, joint_public_key, verify_key
from p2pbang.crypto.rerandomise import verify_rerandomisation
from p2pbang.crypto.shuffle import decode_proof, verify_pass

from .vectorgen import VECTOR_DIR, generate_all


def _load(name: str) -> dict:
    return json.loads((VECTOR_DIR / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(generate_all()))
def test_vectors_are_reproduced_exactly(name: str) -> None:
    assert _load(name) == json.loads(json.dumps(generate_all()[name]))


def _deck(hex_data: str) -> list[Ciphertext]:
    data = bytes.fromhex(hex_data)
    return [Ciphertext.decode(data[i:i + 64], allow_trivial=True) for i in range(0, len(data), 64)]


def test_every_proof_in_the_vectors_verifies_from_bytes() -> None:
    v = _load("crypto-proofs.json")
    session = bytes.fromhex(v["session"])
    verified = [verify_key(Point.decode(bytes.fromhex(k["pk"])),
                           KeyProof.decode(bytes.fromhex(k["proof"])), session, k["seat"],
                           k["step"]) for k in v["keys"]]
    joint = joint_public_key(verified)
    assert joint.encode().hex() == v["joint_key"]
    for p in [*v["shuffle_passes"], v["one_card_pass"]]:
        deck_in, deck_out = _deck(p["input"]), _deck(p["output"])
        proof = decode_proof(bytes.fromhex(p["proof"]), len(deck_in))
        verify_pass(deck_in, deck_out, proof, joint, session, p["step"], p["seat"],
                    p["context"].encode())
    ct = Ciphertext.decode(bytes.fromhex(v["ciphertext"]))
    shares = []
    for s in v["decryption_shares"]:
        share = DecryptionShare.decode(bytes.fromhex(s["share"]))
        verify_share(verified[s["seat"]].public, ct, share, session, s["step"], s["seat"],
                     s["context"].encode())
        shares.append(share.share)
    # The three shares open the ciphertext to a card, and the secret keys agree.
    secrets_ = [decode_scalar(bytes.fromhex(h)) for h in v["secret_keys"]]
    assert unmask(ct, shares) == unmask(ct, [scalar_mul(sum(secrets_), ct.c1)])
    r = v["rerandomisation"]
    verify_rerandomisation(Ciphertext.decode(bytes.fromhex(r["old"])),
                           Ciphertext.decode(bytes.fromhex(r["new"])),
                           DleqProof.decode(bytes.fromhex(r["proof"])), joint, session,
                           r["step"], r["seat"], r["context"].encode())


def test_every_rejected_point_in_the_vectors_is_rejected() -> None:
    rejected = _load("crypto-primitives.json")["rejected_points"]
    assert len(rejected) == 33
    for case in rejected:
        with pytest.raises(InvalidEncoding):
            Point.decode(bytes.fromhex(case["encoding"]), allow_identity=True)


def test_commitments_and_permutation_recomputed_from_the_file() -> None:
    v = _load("crypto-randomness.json")
    session = bytes.fromhex(v["session"])
    for c in v["contributions"]:
        digest = commitment_digest(session, v["round"], c["seat"], bytes.fromhex(c["nonce"]),
                                   bytes.fromhex(c["value"]))
        assert digest.hex() == c["commitment"]
    perm = public_permutation(bytes.fromhex(v["seed"]), v["permutation"]["size"])
    assert perm == v["permutation"]["value"]


def test_message_examples_parse() -> None:
    v = _load("crypto-messages.json")["messages"]
    parsed = {kind: wire.decode(bytes.fromhex(data)) for kind, data in v.items()}
    msg.parse_key(parsed["key"])
    msg.parse_shares(parsed["shares"], [7])
    msg.parse_transfer(parsed["transfer"], [7])
    msg.parse_commit(parsed["commit"])
    msg.parse_reveal(parsed["reveal"])
    assert msg.parse_own(parsed["own"])[0] == 7
