"""Proven re-randomisation of one ciphertext, for moving an already seen card to a new owner.

Why (docs/crypto.md): once a card was dealt to A, every other seat published its
share of the current ciphertext. If the card now goes to B and the seats published shares of
that *same* ciphertext again (A's included), everyone could finish decrypting. So B first
replaces ``ct`` by ``ct' = ct + (r*G, r*X)`` with a secret ``r``, and only then do the others
publish shares of ``ct'``; the old shares do not combine with the new ones.

The proof shows ``ct' - ct`` is an encryption of the identity, i.e. that one ``r`` links
``(G, c1' - c1)`` and ``(X, c2' - c2)``: B cannot swap in another card. ``ct' == ct`` is
rejected (``r = 0`` would undo the point of the transfer).
"""

from __future__ import annotations

from p2pbang.crypto.dleq import DleqProof, prove_dleq, verify_dleq
from p2pbang.crypto.elgamal import Ciphertext, rerandomised
from p2pbang.crypto.errors import VerificationFailed
from p2pbang.crypto.group import (
    GENERATOR,
    SYSTEM_RANDOM,
    Point,
    RandomSource,
    nonzero_scalar,
)
from p2pbang.crypto.transcript import Transcript

PROTOCOL = b"p2pbang/v1/rerandomise"


def _transcript(
    session_id: bytes, step: int, seat: int, context: bytes, joint_key: Point,
    old: Ciphertext, new: Ciphertext,
) -> Transcript:
    t = Transcript(PROTOCOL, session_id, step, seat)
    t.append(b"context", context)
    t.append_point(b"X", joint_key)
    t.append(b"old", old.encode())
    t.append(b"new", new.encode())
    return t


def rerandomise_with_proof(
    ct: Ciphertext,
    joint_key: Point,
    session_id: bytes,
    step: int,
    seat: int,
    context: bytes,
    rng: RandomSource = SYSTEM_RANDOM,
) -> tuple[Ciphertext, DleqProof]:
    """A fresh-looking ciphertext of the same card, and the proof that it is one."""
    r = nonzero_scalar(rng)
    new = rerandomised(ct, joint_key, r)
    t = _transcript(session_id, step, seat, context, joint_key, ct, new)
    proof = prove_dleq(t, r, GENERATOR, new.c1 - ct.c1, joint_key, new.c2 - ct.c2, rng)
    return new, proof


def verify_rerandomisation(
    old: Ciphertext,
    new: Ciphertext,
    proof: DleqProof,
    joint_key: Point,
    session_id: bytes,
    step: int,
    seat: int,
    context: bytes,
) -> None:
    """Raise ``VerificationFailed`` unless ``new`` re-randomises ``old`` (and differs)."""
    delta1 = new.c1 - old.c1
    if delta1.is_identity():
        raise VerificationFailed("the new ciphertext is not re-randomised")
    t = _transcript(session_id, step, seat, context, joint_key, old, new)
    try:
        verify_dleq(t, proof, GENERATOR, delta1, joint_key, new.c2 - old.c2)
    except VerificationFailed:
        raise VerificationFailed(
            "the re-randomisation proof does not verify: the card may have been swapped"
        ) from None
