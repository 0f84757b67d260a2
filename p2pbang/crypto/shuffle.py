"""A shuffle-and-re-randomise pass with a Bayer-Groth shuffle argument (m = 1).

Each seat in turn permutes the deck and re-randomises every card; it must convince everyone
that the output is a permutation of re-encryptions of the input *without* revealing the
permutation. We use the argument of J. Bayer and J. Groth, "Efficient Zero-Knowledge
Argument for Correctness of a Shuffle" (EUROCRYPT 2012), in its single-row form m = 1,
n = N, made non-interactive with our transcript. Cut-and-choose was ruled out (docs/crypto.md)
(~25x slower at the needed soundness).

Statement: ``C'[i] = C[pi(i)] + Enc(0; rho[i])`` for a secret permutation ``pi`` and secret
``rho``. With a[i] = pi(i) + 1 (a permutation of 1..N) and Pedersen bases from
``pedersen.py``:

1. commit ``c_A = com(a; r)``; challenge ``x``.
2. ``b[i] = x^a[i]``; commit ``c_B = com(b; s)``; challenges ``y, z``.
3. Product argument (BG section 5.3, single value) that the vector in
   ``y*c_A + c_B - z*sum(G)`` -- i.e. ``y*a + b - z`` -- has product
   ``prod_{k=1..N} (y*k + x^k - z)``: that polynomial identity in y, z forces a to be a
   permutation and b = x^a. Commitments ``c_d``, ``c_delta``, ``c_Delta``.
4. Multi-exponentiation argument (BG section 4, m = 1) that
   ``sum(b[i]*C'[i]) = sum(x^(j+1)*C[j]) + Enc(0; rho)`` with ``rho = sum(b[i]*rho[i])``:
   commitments ``c_A0 = com(a0; r0)`` and ``E0 = sum(a0[i]*C'[i]) - Enc(0; tau0)``.
   (The general form's extra blinders b_k, c_Bk only hide the cross terms of m > 1; with
   one row the only one left, b_0, is revealed by the response, so it is omitted.)
5. One challenge ``e`` for both sub-arguments (they run in parallel), then the responses.

The verifier checks five linear equations in group elements; it folds them into one with
random weights from its own ``secrets`` (a false equation survives with probability 1/L),
so verifying costs about 5N+11 scalar multiplications instead of 7N+.

Also rejected before any algebra: a changed deck length, an output ciphertext equal to an
input ciphertext (a pass that only re-orders links positions), duplicated outputs, and
identity components. The transcript binds protocol label, session, step, seat, the
caller's context (the pile), the joint key, both decks, so a proof never transfers.

Decks of one card cannot be permuted: the pass is a proven re-randomisation (a
Chaum-Pedersen proof under this module's protocol label). An empty deck has no pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from p2pbang.crypto.dleq import DLEQ_PROOF_BYTES, DleqProof, prove_dleq, verify_dleq
from p2pbang.crypto.elgamal import CIPHERTEXT_BYTES, Ciphertext, encode_deck, rerandomised
from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed
from p2pbang.crypto.group import (
    GENERATOR,
    POINT_BYTES,
    SCALAR_BYTES,
    SYSTEM_RANDOM,
    L,
    Point,
    RandomSource,
    decode_scalar,
    encode_scalar,
    multi_scalar_mul,
    nonzero_scalar,
    random_permutation,
)
from p2pbang.crypto.pedersen import blinding_base, commit, commit_permutation, vector_bases
from p2pbang.crypto.transcript import Transcript

PROTOCOL = b"p2pbang/v1/shuffle"
_POINTS = 8  # c_A, c_B, c_d, c_delta, c_Delta, c_A0, E0.c1, E0.c2


@dataclass(frozen=True, slots=True)
class BayerGrothProof:
    """The prover's messages and responses for a deck of ``n >= 2`` cards."""

    c_a: Point
    c_b: Point
    c_d: Point
    c_small_delta: Point
    c_big_delta: Point
    c_a0: Point
    e0: Ciphertext
    a_tilde: tuple[int, ...]  # n
    b_tilde_inner: tuple[int, ...]  # n - 2 (b~_1 .. b~_{n-2}; the ends are implied)
    r_tilde: int
    s_tilde: int
    a_resp: tuple[int, ...]  # n
    r_resp: int
    tau: int

    def encode(self) -> bytes:
        points = (self.c_a, self.c_b, self.c_d, self.c_small_delta, self.c_big_delta, self.c_a0,
                  self.e0.c1, self.e0.c2)
        scalars = (*self.a_tilde, *self.b_tilde_inner, self.r_tilde, self.s_tilde,
                   *self.a_resp, self.r_resp, self.tau)
        return b"".join(p.encode() for p in points) + b"".join(encode_scalar(s) for s in scalars)

    @classmethod
    def decode(cls, data: object, size: int) -> BayerGrothProof:
        if size < 2:
            raise ValueError("a Bayer-Groth proof needs at least two cards")
        expected = proof_bytes(size)
        if not isinstance(data, bytes) or len(data) != expected:
            raise InvalidEncoding(f"a shuffle proof for {size} cards is {expected} bytes")
        points = [Point.decode(data[i * POINT_BYTES : (i + 1) * POINT_BYTES])
                  for i in range(_POINTS)]
        base = _POINTS * POINT_BYTES
        scalars = [decode_scalar(data[base + i * SCALAR_BYTES : base + (i + 1) * SCALAR_BYTES])
                   for i in range((len(data) - base) // SCALAR_BYTES)]
        n = size
        return cls(
            *points[:6],
            Ciphertext(points[6], points[7]),
            a_tilde=tuple(scalars[:n]),
            b_tilde_inner=tuple(scalars[n : 2 * n - 2]),
            r_tilde=scalars[2 * n - 2],
            s_tilde=scalars[2 * n - 1],
            a_resp=tuple(scalars[2 * n : 3 * n]),
            r_resp=scalars[3 * n],
            tau=scalars[3 * n + 1],
        )


ShuffleProof = BayerGrothProof | DleqProof | None
"""What proves a pass: Bayer-Groth for 2+ cards, Chaum-Pedersen for one, nothing for none."""


def proof_bytes(size: int) -> int:
    """Wire size of the proof of a pass over ``size`` cards."""
    if size == 0:
        return 0
    if size == 1:
        return DLEQ_PROOF_BYTES
    return _POINTS * POINT_BYTES + (3 * size + 2) * SCALAR_BYTES


def encode_proof(proof: ShuffleProof) -> bytes:
    return b"" if proof is None else proof.encode()


def decode_proof(data: object, size: int) -> ShuffleProof:
    if size == 0:
        if data != b"":
            raise InvalidEncoding("an empty deck has an empty proof")
        return None
    if size == 1:
        return DleqProof.decode(data)
    return BayerGrothProof.decode(data, size)


def _transcript(
    session_id: bytes, step: int, seat: int, context: bytes, joint_key: Point,
    deck_in: Sequence[Ciphertext], deck_out: Sequence[Ciphertext],
) -> Transcript:
    t = Transcript(PROTOCOL, session_id, step, seat)
    t.append(b"context", context)
    t.append_point(b"X", joint_key)
    t.append_int(b"n", len(deck_in))
    t.append(b"input", encode_deck(deck_in))
    t.append(b"output", encode_deck(deck_out))
    return t


def _powers(x: int, top: int) -> list[int]:
    """``[x^0, x^1, ..., x^top]`` mod L."""
    out = [1] * (top + 1)
    for k in range(1, top + 1):
        out[k] = out[k - 1] * x % L
    return out


def shuffle_and_prove(
    deck: Sequence[Ciphertext],
    joint_key: Point,
    session_id: bytes,
    step: int,
    seat: int,
    context: bytes,
    rng: RandomSource = SYSTEM_RANDOM,
) -> tuple[list[Ciphertext], ShuffleProof]:
    """Permute and re-randomise ``deck`` with fresh secrets; return the new deck and proof."""
    n = len(deck)
    if n == 0:
        return [], None
    perm = random_permutation(n, rng)
    rhos = [nonzero_scalar(rng) for _ in range(n)]
    out = [rerandomised(deck[p], joint_key, rho) for p, rho in zip(perm, rhos, strict=True)]
    t = _transcript(session_id, step, seat, context, joint_key, deck, out)
    if n == 1:
        old, new = deck[0], out[0]
        proof = prove_dleq(t, rhos[0], GENERATOR, new.c1 - old.c1, joint_key, new.c2 - old.c2,
                           rng)
        return out, proof
    return out, _prove(t, out, joint_key, perm, rhos, rng)


def _prove(
    t: Transcript, out: Sequence[Ciphertext], joint_key: Point, perm: Sequence[int],
    rhos: Sequence[int], rng: RandomSource,
) -> BayerGrothProof:
    n = len(out)
    a = [p + 1 for p in perm]
    r = rng.scalar()
    c_a = commit_permutation(a, r)
    t.append_point(b"cA", c_a)
    x = t.challenge(b"x")
    xp = _powers(x, n)
    b = [xp[ai] for ai in a]
    s = rng.scalar()
    c_b = commit(b, s)
    t.append_point(b"cB", c_b)
    y = t.challenge(b"y")
    z = t.challenge(b"z")

    # Single value product argument on a' = y*a + b - z, opened with y*r + s.
    a_prime = [(y * ai + bi - z) % L for ai, bi in zip(a, b, strict=True)]
    opening = (y * r + s) % L
    partial = [a_prime[0]] * n
    for i in range(1, n):
        partial[i] = partial[i - 1] * a_prime[i] % L
    d = [rng.scalar() for _ in range(n)]
    r_d = rng.scalar()
    delta = [d[0], *(rng.scalar() for _ in range(n - 2)), 0]
    s_1, s_x = rng.scalar(), rng.scalar()
    c_d = commit(d, r_d)
    c_small_delta = commit([-delta[i] * d[i + 1] % L for i in range(n - 1)], s_1)
    c_big_delta = commit(
        [(delta[i + 1] - a_prime[i + 1] * delta[i] - partial[i] * d[i + 1]) % L
         for i in range(n - 1)],
        s_x,
    )

    # Multi-exponentiation argument: sum(b[i]*C'[i]) = sum(x^(j+1)*C[j]) + Enc(0; rho).
    a0 = [rng.scalar() for _ in range(n)]
    r0, tau0 = rng.scalar(), rng.scalar()
    c_a0 = commit(a0, r0)
    e0 = Ciphertext(
        multi_scalar_mul([*zip(a0, (ct.c1 for ct in out), strict=True), (L - tau0, GENERATOR)]),
        multi_scalar_mul([*zip(a0, (ct.c2 for ct in out), strict=True), (L - tau0, joint_key)]),
    )
    rho = sum(bi * ri for bi, ri in zip(b, rhos, strict=True)) % L

    for label, point in ((b"cd", c_d), (b"cdelta", c_small_delta), (b"cDelta", c_big_delta),
                         (b"cA0", c_a0)):
        t.append_point(label, point)
    t.append(b"E0", e0.encode())
    e = t.challenge(b"e")

    return BayerGrothProof(
        c_a=c_a,
        c_b=c_b,
        c_d=c_d,
        c_small_delta=c_small_delta,
        c_big_delta=c_big_delta,
        c_a0=c_a0,
        e0=e0,
        a_tilde=tuple((e * ap + di) % L for ap, di in zip(a_prime, d, strict=True)),
        b_tilde_inner=tuple((e * partial[i] + delta[i]) % L for i in range(1, n - 1)),
        r_tilde=(e * opening + r_d) % L,
        s_tilde=(e * s_x + s_1) % L,
        a_resp=tuple((a0i + e * bi) % L for a0i, bi in zip(a0, b, strict=True)),
        r_resp=(r0 + e * s) % L,
        tau=(tau0 + e * rho) % L,
    )


def check_pass_shape(deck_in: Sequence[Ciphertext], deck_out: Sequence[Ciphertext]) -> None:
    """The cheap structural checks, before any algebra (each with its own reason)."""
    if len(deck_out) != len(deck_in):
        raise VerificationFailed(
            f"the pass changed the deck length from {len(deck_in)} to {len(deck_out)}"
        )
    seen_in = {ct.encode() for ct in deck_in}
    seen_out: set[bytes] = set()
    for i, ct in enumerate(deck_out):
        if ct.c1.is_identity() or ct.c2.is_identity():
            raise VerificationFailed(f"output card {i} has an identity component")
        enc = ct.encode()
        if enc in seen_in:
            raise VerificationFailed(
                f"output card {i} equals an input ciphertext: the pass did not re-randomise it"
            )
        if enc in seen_out:
            raise VerificationFailed(f"output card {i} is a duplicate")
        seen_out.add(enc)


def verify_pass(
    deck_in: Sequence[Ciphertext],
    deck_out: Sequence[Ciphertext],
    proof: ShuffleProof,
    joint_key: Point,
    session_id: bytes,
    step: int,
    seat: int,
    context: bytes,
    rng: RandomSource = SYSTEM_RANDOM,
) -> None:
    """Raise ``VerificationFailed`` unless ``deck_out`` is a proven shuffle of ``deck_in``."""
    check_pass_shape(deck_in, deck_out)
    n = len(deck_in)
    if n == 0:
        if proof is not None:
            raise VerificationFailed("an empty pass carries no proof")
        return
    t = _transcript(session_id, step, seat, context, joint_key, deck_in, deck_out)
    if n == 1:
        if not isinstance(proof, DleqProof):
            raise VerificationFailed("a one-card pass is proven by a re-randomisation proof")
        old, new = deck_in[0], deck_out[0]
        try:
            verify_dleq(t, proof, GENERATOR, new.c1 - old.c1, joint_key, new.c2 - old.c2)
        except VerificationFailed:
            raise VerificationFailed("the one-card pass is not a re-randomisation") from None
        return
    if not isinstance(proof, BayerGrothProof) or len(proof.a_tilde) != n:
        raise VerificationFailed(f"a pass of {n} cards needs a Bayer-Groth proof for {n} cards")
    _verify_bayer_groth(t, deck_in, deck_out, proof, joint_key, rng)


def _verify_bayer_groth(
    t: Transcript, deck_in: Sequence[Ciphertext], deck_out: Sequence[Ciphertext],
    proof: BayerGrothProof, joint_key: Point, rng: RandomSource,
) -> None:
    n = len(deck_in)
    t.append_point(b"cA", proof.c_a)
    x = t.challenge(b"x")
    t.append_point(b"cB", proof.c_b)
    y = t.challenge(b"y")
    z = t.challenge(b"z")
    for label, point in ((b"cd", proof.c_d), (b"cdelta", proof.c_small_delta),
                         (b"cDelta", proof.c_big_delta), (b"cA0", proof.c_a0)):
        t.append_point(label, point)
    t.append(b"E0", proof.e0.encode())
    e = t.challenge(b"e")

    xp = _powers(x, n)
    product = 1
    for k in range(1, n + 1):
        product = product * (y * k + xp[k] - z) % L
    a_t = proof.a_tilde
    b_t = [a_t[0], *proof.b_tilde_inner, e * product % L]
    w1, w2, w3, w4, w5 = (nonzero_scalar(rng) for _ in range(5))

    # (P1) com(a~; r~) = e*(y*c_A + c_B - z*sum G) + c_d
    # (P2) com(e*b~[i+1] - b~[i]*a~[i+1]; s~) = e*c_Delta + c_delta
    # (M1) com(a; r) = c_A0 + e*c_B
    # (M2) sum(a[i]*C'[i]) = E0 + e*sum(x^(j+1)*C[j]) + Enc(0; tau), per component
    ez = e * z
    g_coeffs = []
    for i in range(n):
        coeff = w1 * (a_t[i] + ez) + w3 * proof.a_resp[i]
        if i < n - 1:
            coeff += w2 * (e * b_t[i + 1] - b_t[i] * a_t[i + 1])
        g_coeffs.append(coeff % L)
    terms: list[tuple[int, Point]] = list(zip(g_coeffs, vector_bases(n), strict=True))
    terms += [
        ((w1 * proof.r_tilde + w2 * proof.s_tilde + w3 * proof.r_resp) % L, blinding_base()),
        (-w1 * e * y % L, proof.c_a),
        (-(w1 + w3) * e % L, proof.c_b),
        (L - w1, proof.c_d),
        (L - w2, proof.c_small_delta),
        (-w2 * e % L, proof.c_big_delta),
        (L - w3, proof.c_a0),
        (L - w4, proof.e0.c1),
        (L - w5, proof.e0.c2),
        (-w4 * proof.tau % L, GENERATOR),
        (-w5 * proof.tau % L, joint_key),
    ]
    for ai, ct in zip(proof.a_resp, deck_out, strict=True):
        terms.append((w4 * ai % L, ct.c1))
        terms.append((w5 * ai % L, ct.c2))
    for j, ct in enumerate(deck_in):
        factor = e * xp[j + 1]
        terms.append((-w4 * factor % L, ct.c1))
        terms.append((-w5 * factor % L, ct.c2))
    if not multi_scalar_mul(terms).is_identity():
        raise VerificationFailed("the shuffle argument does not verify")


__all__ = [
    "CIPHERTEXT_BYTES",
    "PROTOCOL",
    "BayerGrothProof",
    "ShuffleProof",
    "check_pass_shape",
    "decode_proof",
    "encode_proof",
    "proof_bytes",
    "shuffle_and_prove",
    "verify_pass",
]
