"""Key escrow: Feldman verifiable secret sharing of a seat's key, shares encrypted on the log.

Why: with n-of-n threshold ElGamal one vanished seat ends the game. Each seat ``i`` shares
its secret ``sk_i`` with a polynomial ``f_i`` of degree ``t-1`` (``f_i(0) = sk_i``) among
the other seats, so that ``t`` of them can later compute ``sk_i * P`` for a point ``P``
(``handover.py``) without anyone learning ``sk_i``. Feldman commitments ``C_ik = a_k*G``
make every share checkable: ``C_i0`` is ``pk_i`` itself, so the escrow is tied to the key
already proven in the key round and a seat cannot escrow some other secret.

The shares travel on the public log, masked by hashed Diffie-Hellman: one ephemeral
``E = e*G`` per dealing, holder ``j``'s pad is a hash of ``e*pk_j = sk_j*E`` and of the
context. A holder whose share fails its check publishes a *complaint*: ``K = sk_j*E`` with a
Chaum-Pedersen proof. Anyone then unmasks that one share and checks it, convicting either
the dealer (bad share) or the accuser (good share): the blame is always provable.

Evaluation points are ``x_j = j + 1`` (never 0, which is the secret's). Encodings and
labels: protocol/escrow.md section 2.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from p2pbang.crypto.dleq import DleqProof, prove_dleq, verify_dleq
from p2pbang.crypto.errors import VerificationFailed
from p2pbang.crypto.group import (
    GENERATOR,
    SYSTEM_RANDOM,
    L,
    Point,
    RandomSource,
    base_mul,
    multi_scalar_mul,
    nonzero_scalar,
    scalar_from_wide,
    scalar_mul,
)
from p2pbang.crypto.keys import KeyPair
from p2pbang.crypto.transcript import Transcript, frame, u64

PAD_LABEL = b"p2pbang/v1/escrow/pad"
COMPLAINT_PROTOCOL = b"p2pbang/v1/escrow/complaint"


def eval_point(seat: int) -> int:
    """Seat ``j``'s evaluation point ``x_j = j + 1``."""
    return seat + 1


def holders_of(dealer: int, n_seats: int) -> list[int]:
    """The seats holding ``dealer``'s shares, in the order its message lists them."""
    return [j for j in range(n_seats) if j != dealer]


def check_threshold(threshold: int, n_seats: int) -> None:
    if type(threshold) is not int or not 1 <= threshold <= n_seats - 1:
        raise ValueError(f"an escrow threshold is 1 to {n_seats - 1} at a table of {n_seats}")


@dataclass(frozen=True, slots=True)
class EscrowDealing:
    """One seat's escrow message: ``E``, ``C_1..C_{t-1}``, one masked share per holder."""

    ephemeral: Point
    coefficients: tuple[Point, ...]
    masked: tuple[int, ...]


def pad(session_id: bytes, epoch: int, dealer: int, holder: int, ephemeral: Point,
        dh: Point) -> int:
    """The mask of ``holder``'s share of ``dealer``'s key: a hash of ``sk_j*E = e*pk_j``."""
    h = hashlib.sha512(frame(PAD_LABEL, b""))
    for label, data in ((b"session", session_id), (b"epoch", u64(epoch)),
                        (b"dealer", u64(dealer)), (b"holder", u64(holder)),
                        (b"E", ephemeral.encode()), (b"K", dh.encode())):
        h.update(frame(label, data))
    return scalar_from_wide(h.digest())


def _evaluate(coefficients: Sequence[int], x: int) -> int:
    value = 0
    for a in reversed(coefficients):
        value = (value * x + a) % L
    return value


def deal_escrow(keypair: KeyPair, dealer: int, public_keys: Sequence[Point], threshold: int,
                session_id: bytes, epoch: int, rng: RandomSource = SYSTEM_RANDOM
                ) -> EscrowDealing:
    """Share ``keypair.secret`` among every other seat (``public_keys`` is indexed by seat)."""
    n_seats = len(public_keys)
    check_threshold(threshold, n_seats)
    poly = [keypair.secret, *(nonzero_scalar(rng) for _ in range(threshold - 1))]
    e = nonzero_scalar(rng)
    ephemeral = base_mul(e)
    masked = []
    for j in holders_of(dealer, n_seats):
        share = _evaluate(poly, eval_point(j))
        masked.append((share + pad(session_id, epoch, dealer, j, ephemeral,
                                   scalar_mul(e, public_keys[j]))) % L)
    return EscrowDealing(ephemeral, tuple(base_mul(a) for a in poly[1:]), tuple(masked))


def commitments(public_key: Point, dealing: EscrowDealing) -> tuple[Point, ...]:
    """``C_0 .. C_{t-1}`` with ``C_0`` the dealer's proven public key."""
    return (public_key, *dealing.coefficients)


def public_share(commits: Sequence[Point], holder: int) -> Point:
    """``S = sum x^k * C_k``: what ``holder``'s share times G must be."""
    x = eval_point(holder)
    return multi_scalar_mul((pow(x, k, L), c) for k, c in enumerate(commits))


def masked_share(dealing: EscrowDealing, dealer: int, holder: int) -> int:
    return dealing.masked[holders_of(dealer, len(dealing.masked) + 1).index(holder)]


def open_share(dealing: EscrowDealing, dealer: int, holder: int, dh: Point,
               session_id: bytes, epoch: int) -> int:
    """Unmask ``holder``'s share with ``dh = sk_holder * E`` (not checked here)."""
    return (masked_share(dealing, dealer, holder)
            - pad(session_id, epoch, dealer, holder, dealing.ephemeral, dh)) % L


def share_is_valid(share: int, commits: Sequence[Point], holder: int) -> bool:
    return base_mul(share) == public_share(commits, holder)


def receive_share(holder: KeyPair, holder_seat: int, dealing: EscrowDealing, dealer: int,
                  dealer_key: Point, session_id: bytes, epoch: int) -> int | None:
    """This holder's checked share of ``dealer``'s key, or None when it fails (complain)."""
    dh = scalar_mul(holder.secret, dealing.ephemeral)
    share = open_share(dealing, dealer, holder_seat, dh, session_id, epoch)
    return share if share_is_valid(share, commitments(dealer_key, dealing), holder_seat) else None


def _complaint_transcript(session_id: bytes, step: int, accuser: int, dealer: int,
                          epoch: int) -> Transcript:
    t = Transcript(COMPLAINT_PROTOCOL, session_id, step, accuser)
    t.append_int(b"dealer", dealer)
    t.append_int(b"epoch", epoch)
    return t


def make_complaint(holder: KeyPair, accuser: int, dealer: int, dealing: EscrowDealing,
                   session_id: bytes, step: int, epoch: int,
                   rng: RandomSource = SYSTEM_RANDOM) -> tuple[Point, DleqProof]:
    """``(K, proof)``: this holder's DH value for ``dealer``'s dealing, proven."""
    dh = scalar_mul(holder.secret, dealing.ephemeral)
    t = _complaint_transcript(session_id, step, accuser, dealer, epoch)
    proof = prove_dleq(t, holder.secret, GENERATOR, holder.public, dealing.ephemeral, dh, rng)
    return dh, proof


def judge_complaint(accuser: int, accuser_key: Point, dealer: int, dealer_key: Point,
                    dealing: EscrowDealing, dh: Point, proof: DleqProof, session_id: bytes,
                    step: int, epoch: int) -> int:
    """The seat a complaint convicts: ``dealer`` if the share is bad, else ``accuser``.

    Raises ``VerificationFailed`` (the accuser's fault) if ``dh`` is not proven.
    """
    t = _complaint_transcript(session_id, step, accuser, dealer, epoch)
    try:
        verify_dleq(t, proof, GENERATOR, accuser_key, dealing.ephemeral, dh)
    except VerificationFailed:
        raise VerificationFailed("the complaint's key proof does not verify") from None
    share = open_share(dealing, dealer, accuser, dh, session_id, epoch)
    return accuser if share_is_valid(share, commitments(dealer_key, dealing), accuser) else dealer


def lagrange_at_zero(seats: Iterable[int]) -> dict[int, int]:
    """``lambda_j`` for interpolating at 0 over the evaluation points of ``seats``."""
    points = {s: eval_point(s) for s in seats}
    if len(points) == 0:
        raise ValueError("interpolation needs at least one share")
    coefficients = {}
    for j, xj in points.items():
        num, den = 1, 1
        for m, xm in points.items():
            if m != j:
                num = num * xm % L
                den = den * (xm - xj) % L
        coefficients[j] = num * pow(den, -1, L) % L
    return coefficients


def combine(partials: dict[int, Point]) -> Point:
    """``sum lambda_j * d_j``: ``sk * P`` from ``t`` or more proven partials ``s_j * P``."""
    lambdas = lagrange_at_zero(partials)
    return multi_scalar_mul((lambdas[j], d) for j, d in partials.items())


# --- escrowed draws (a withheld opening is rebuilt by the holders) ----------------------------

DRAW_COMMIT_LABEL = b"p2pbang/v1/escrowed-draw/commit"
DRAW_ECHO_LABEL = b"p2pbang/v1/escrowed-draw/echo"
DRAW_SEED_LABEL = b"p2pbang/v1/escrowed-draw/seed"


def draw_commitment(session_id: bytes, round_id: int, seat: int, deal_message: bytes) -> bytes:
    """``SHA-512(...)[:32]`` binding a seat's whole escrow message for the draw ``round_id``:
    nothing of its value (not even ``A = a*G``) is public before every seat committed."""
    h = hashlib.sha512(frame(DRAW_COMMIT_LABEL, b""))
    for label, data in ((b"session", session_id), (b"round", u64(round_id)),
                        (b"seat", u64(seat)), (b"deal", deal_message)):
        h.update(frame(label, data))
    return h.digest()[:32]


def draw_echo(session_id: bytes, round_id: int, commitments_by_seat: Sequence[bytes]) -> bytes:
    h = hashlib.sha512(frame(DRAW_ECHO_LABEL, b""))
    h.update(frame(b"session", session_id))
    h.update(frame(b"round", u64(round_id)))
    for seat, digest in enumerate(commitments_by_seat):
        h.update(frame(b"commitment", u64(seat) + digest))
    return h.digest()[:32]


def draw_seed(echo: bytes, values_by_seat: Sequence[int]) -> bytes:
    """The draw's 64-byte seed: every seat's committed scalar, in seat order."""
    h = hashlib.sha512(frame(DRAW_SEED_LABEL, b""))
    h.update(frame(b"echo", echo))
    for seat, value in enumerate(values_by_seat):
        h.update(frame(b"value", u64(seat) + value.to_bytes(32, "little")))
    return h.digest()


def interpolate_scalar(shares: dict[int, int]) -> int:
    """``f(0)`` from ``t`` or more shares ``f(x_j)`` (each already checked)."""
    lambdas = lagrange_at_zero(shares)
    return sum(lambdas[j] * s for j, s in shares.items()) % L
