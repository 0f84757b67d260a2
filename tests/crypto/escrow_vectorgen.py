"""Generate protocol/vectors/escrow.json from fixed seeds (test-vector path ONLY).

Three seats, threshold 2: seat 1's escrow, a complaint, and a hand-over of seat 1 as a
vanished seat for one card. Pads, shares, public shares, Lagrange coefficients, ``D'``
and ``c2''`` follow from the listed secrets and must be reproduced; the proofs must verify
(the order a prover draws its nonces in is not normative).

Regenerate (only when the protocol version changes) with:
    python -m tests.crypto.escrow_vectorgen
"""

from __future__ import annotations

import json
from typing import Any

from p2pbang.crypto import escrow_messages as emsg
from p2pbang.crypto.commit_reveal import uniform_below
from p2pbang.crypto.dleq import make_share
from p2pbang.crypto.elgamal import card_point, encrypt
from p2pbang.crypto.escrow import (
    commitments,
    deal_escrow,
    draw_commitment,
    draw_echo,
    draw_seed,
    eval_point,
    holders_of,
    interpolate_scalar,
    lagrange_at_zero,
    make_complaint,
    open_share,
    pad,
    public_share,
)
from p2pbang.crypto.group import base_mul, encode_scalar, scalar_mul, sum_points
from p2pbang.crypto.handover import (
    PARTIAL_PROTOCOL,
    handover_context,
    make_partial,
    make_shift,
    prove_switch,
)
from p2pbang.crypto.keys import KeyPair, prove_key

from .seeded import SeededRandom
from .vectorgen import SESSION, VECTOR_DIR

NAME = "escrow.json"
SEATS, THRESHOLD, DEALER, EPOCH, V = 3, 2, 1, 3, 1


def _hex(value: Any) -> str:
    return value.encode().hex() if hasattr(value, "encode") else encode_scalar(value).hex()


def generate() -> dict[str, Any]:
    rng = SeededRandom(b"escrow")
    keys = [KeyPair(s, base_mul(s)) for s in (rng.scalar() or 1 for _ in range(SEATS))]
    pks = [k.public for k in keys]
    joint = sum_points(pks)
    dealing = deal_escrow(keys[DEALER], DEALER, pks, THRESHOLD, SESSION, EPOCH, rng)
    commits = commitments(pks[DEALER], dealing)
    holders = []
    shares = {}
    for j in holders_of(DEALER, SEATS):
        dh = scalar_mul(keys[j].secret, dealing.ephemeral)
        shares[j] = open_share(dealing, DEALER, j, dh, SESSION, EPOCH)
        holders.append({"holder": j, "x": eval_point(j), "K": _hex(dh),
                        "pad": _hex(pad(SESSION, EPOCH, DEALER, j, dealing.ephemeral, dh)),
                        "share": _hex(shares[j]),
                        "public_share": _hex(public_share(commits, j))})
    complaint = make_complaint(keys[0], 0, DEALER, dealing, SESSION, 4, EPOCH, rng)

    rho = rng.scalar()
    ct = encrypt(card_point("deck", 5), joint, rho)
    slot = 7
    context = handover_context(V, slot)
    shift, shift_proof = make_shift(ct.c1, SESSION, 5, V, context, rng)
    partials = {j: make_partial(PARTIAL_PROTOCOL, shares[j], public_share(commits, j), shift.c1,
                                SESSION, 6, j, context, rng) for j in shares}
    lambdas = lagrange_at_zero(shares)
    d_prime = sum_points(scalar_mul(lambdas[j], p.share) for j, p in partials.items())
    new_secret = rng.scalar() or 1
    new = KeyPair(new_secret, base_mul(new_secret))
    switched, switch_proof = prove_switch(ct, shift, d_prime, new.secret, joint, SESSION, 7, V,
                                          context, rng)
    delivery = {j: make_share(keys[j], switched, SESSION, 8, j, b"share/slot:7", rng)
                for j in shares}
    draw = _draw(keys, rng)
    return {
        "description": "escrow (Feldman VSS, masked shares, a complaint), a hand-over of "
                       "a vanished seat for one card, an escrowed draw with a withheld opening",
        "session": SESSION.hex(), "seats": SEATS, "threshold": THRESHOLD,
        "secret_keys": [_hex(k.secret) for k in keys], "public_keys": [_hex(p) for p in pks],
        "joint_key": _hex(joint),
        "escrow": {"dealer": DEALER, "epoch": EPOCH, "E": _hex(dealing.ephemeral),
                   "commitments": [_hex(c) for c in commits], "holders": holders,
                   "message": emsg.escrow_message(dealing).hex()},
        "complaint": {"accuser": 0, "dealer": DEALER, "step": 4, "K": _hex(complaint[0]),
                      "proof": complaint[1].encode().hex(),
                      "message": emsg.complain_message([(DEALER, *complaint)]).hex()},
        "handover": {
            "seat": V, "slot": slot, "context": context.decode(), "card": ["deck", 5],
            "ciphertext": ct.encode().hex(), "r": _hex(shift.r),
            "new_key": {"secret": _hex(new.secret), "public": _hex(new.public),
                        "proof": prove_key(new, SESSION, V, 5, rng).encode().hex()},
            "shift": {"step": 5, "c1'": _hex(shift.c1), "proof": shift_proof.encode().hex()},
            "partials": [{"holder": j, "step": 6, "partial": p.encode().hex()}
                         for j, p in partials.items()],
            "lagrange": {str(j): _hex(lam) for j, lam in lambdas.items()},
            "D'": _hex(d_prime),
            "switch": {"step": 7, "c2''": _hex(switched.c2),
                       "proof": switch_proof.encode().hex()},
            "delivery": [{"seat": j, "step": 8, "share": s.encode().hex()}
                         for j, s in delivery.items()],
        },
        "draw": draw,
    }


def _draw(keys: list[KeyPair], rng: SeededRandom) -> dict[str, Any]:
    """An escrowed RandomInt(6^5) at round 9 whose seat 2 withholds its opening."""
    pks = [k.public for k in keys]
    round_id, bound, withheld = 9, 6**5, 2
    values = [rng.scalar() or 1 for _ in keys]
    deals, digests, dealings = [], [], []
    for seat, a in enumerate(values):
        dealing = deal_escrow(KeyPair(a, base_mul(a)), seat, pks, THRESHOLD, SESSION, round_id,
                              rng)
        deal = emsg.draw_deal_message(base_mul(a), dealing)
        deals.append(deal)
        dealings.append(dealing)
        digests.append(draw_commitment(SESSION, round_id, seat, deal))
    echo = draw_echo(SESSION, round_id, digests)
    seed = draw_seed(echo, values)
    rec = {}
    for j in holders_of(withheld, len(keys)):
        dh = scalar_mul(keys[j].secret, dealings[withheld].ephemeral)
        rec[j] = open_share(dealings[withheld], withheld, j, dh, SESSION, round_id)
    assert interpolate_scalar(rec) == values[withheld]
    return {
        "round": round_id, "bound": bound, "withheld": withheld,
        "values": [_hex(a) for a in values], "deals": [d.hex() for d in deals],
        "commitments": [c.hex() for c in digests], "echo": echo.hex(), "seed": seed.hex(),
        "result": uniform_below(seed, bound, b"p2pbang/v1/random-int"),
        "recovery_shares": {str(j): _hex(s) for j, s in rec.items()},
    }


def main() -> None:
    (VECTOR_DIR / NAME).write_text(json.dumps(generate(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {VECTOR_DIR / NAME}")


if __name__ == "__main__":
    main()
