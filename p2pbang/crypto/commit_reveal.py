"""Commit-reveal public randomness: a random integer no coalition short of all can bias.

Every seat commits to a secret random value; only when every commitment is in (the set is
*closed*) and echoed does anyone reveal. The combined seed hashes every revealed value, so
one honest seat's value makes it uniform, and nobody can choose theirs after seeing the
others'. What cannot be prevented is the last revealer walking away after seeing the
result; that abort is attributed to it (docs/crypto.md, the threat model: an abort cannot be
prevented, only attributed), and the table must not re-run the draw.

Rejected, with the offending seat named by the caller:
* a second commitment, a commitment from a non-participant;
* a reveal before the commitment set is closed, a reveal echoing another set, a reveal
  that does not open its commitment, a second reveal.

A commitment equal to another seat's (a copy) is accepted, and convicted at the reveal:
commitments hash the seat, so only the seat that made one can open it, and the copier's
reveal fails (or never comes, and the draw waits for the copier alone). Rejecting the later
of two equal commitments would follow the order parts are applied (by seat) rather than who
copied whom: a lower seat copying a higher one would get the honest seat convicted.

Encodings (normative): ``commitment = SHA-512(frame(b"p2pbang/v1/commit", b"") ||
frame(b"session", sid) || frame(b"round", u64be(round)) || frame(b"seat", u64be(seat)) ||
frame(b"nonce", nonce32) || frame(b"value", value32))[:32]``; ``echo`` is the SHA-512
(first 32 bytes) of the commitments in seat order; the seed is SHA-512 of the echo and the
values in seat order. Integers in ``[0, n)`` come from ``UniformStream`` by rejection
sampling on SHA-512 blocks, so they carry no modulo bias.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed
from p2pbang.crypto.group import SYSTEM_RANDOM, RandomSource
from p2pbang.crypto.transcript import frame, u64

COMMIT_LABEL = b"p2pbang/v1/commit"
ECHO_LABEL = b"p2pbang/v1/commit-reveal/echo"
SEED_LABEL = b"p2pbang/v1/commit-reveal/seed"
UNIFORM_LABEL = b"p2pbang/v1/uniform"
NONCE_BYTES = VALUE_BYTES = DIGEST_BYTES = 32


def commitment_digest(session_id: bytes, round_id: int, seat: int, nonce: bytes,
                      value: bytes) -> bytes:
    h = hashlib.sha512(frame(COMMIT_LABEL, b""))
    for label, data in ((b"session", session_id), (b"round", u64(round_id)),
                        (b"seat", u64(seat)), (b"nonce", nonce), (b"value", value)):
        h.update(frame(label, data))
    return h.digest()[:DIGEST_BYTES]


@dataclass(frozen=True, slots=True)
class Opening:
    """A seat's secret contribution: kept until the reveal."""

    nonce: bytes = field(repr=False)
    value: bytes = field(repr=False)


def new_contribution(session_id: bytes, round_id: int, seat: int,
                     rng: RandomSource = SYSTEM_RANDOM) -> tuple[Opening, bytes]:
    """A fresh secret value and nonce, and the commitment to publish now."""
    opening = Opening(rng.token(NONCE_BYTES), rng.token(VALUE_BYTES))
    return opening, commitment_digest(session_id, round_id, seat, opening.nonce, opening.value)


def _check_bytes(data: object, size: int, what: str) -> bytes:
    if not isinstance(data, bytes) or len(data) != size:
        raise InvalidEncoding(f"{what} is {size} bytes")
    return data


class CommitRevealRound:
    """One draw's commitments and reveals, checked as they arrive."""

    def __init__(self, session_id: bytes, round_id: int, seats: Sequence[int]) -> None:
        self._session = session_id
        self._round = round_id
        self._seats = tuple(sorted(set(seats)))
        if not self._seats:
            raise ValueError("a draw needs at least one seat")
        self._commitments: dict[int, bytes] = {}
        self._values: dict[int, bytes] = {}

    @property
    def seats(self) -> tuple[int, ...]:
        return self._seats

    @property
    def closed(self) -> bool:
        """Every seat has committed: reveals may start."""
        return len(self._commitments) == len(self._seats)

    @property
    def complete(self) -> bool:
        return len(self._values) == len(self._seats)

    def missing_commitments(self) -> frozenset[int]:
        return frozenset(s for s in self._seats if s not in self._commitments)

    def missing_reveals(self) -> frozenset[int]:
        return frozenset(s for s in self._seats if s not in self._values)

    def check_commitment(self, seat: int, digest: object) -> bytes:
        """Raise unless ``seat`` may add ``digest`` now; changes nothing."""
        digest = _check_bytes(digest, DIGEST_BYTES, "a commitment")
        if seat not in self._seats:
            raise VerificationFailed("a seat outside the draw cannot commit")
        if seat in self._commitments:
            raise VerificationFailed("committed twice in one draw")
        return digest

    def add_commitment(self, seat: int, digest: object) -> None:
        self._commitments[seat] = self.check_commitment(seat, digest)

    def echo(self) -> bytes:
        """The closed commitment set, hashed in seat order: every reveal must repeat it."""
        if not self.closed:
            raise VerificationFailed("the commitment set is not closed yet")
        h = hashlib.sha512(frame(ECHO_LABEL, b""))
        h.update(frame(b"session", self._session))
        h.update(frame(b"round", u64(self._round)))
        for seat in self._seats:
            h.update(frame(b"commitment", u64(seat) + self._commitments[seat]))
        return h.digest()[:DIGEST_BYTES]

    def check_reveal(self, seat: int, nonce: object, value: object, echo: object) -> None:
        """Raise unless ``seat``'s reveal is acceptable now; changes nothing."""
        if not self.closed:
            raise VerificationFailed("revealed before the commitment set was closed")
        nonce = _check_bytes(nonce, NONCE_BYTES, "a nonce")
        value = _check_bytes(value, VALUE_BYTES, "a revealed value")
        echo = _check_bytes(echo, DIGEST_BYTES, "an echo")
        if seat not in self._seats:
            raise VerificationFailed("a seat outside the draw cannot reveal")
        if seat in self._values:
            raise VerificationFailed("revealed twice in one draw")
        if echo != self.echo():
            raise VerificationFailed("echoes a different commitment set")
        expected = commitment_digest(self._session, self._round, seat, nonce, value)
        if expected != self._commitments[seat]:
            copied = [other for other, theirs in self._commitments.items()
                      if other != seat and theirs == self._commitments[seat]]
            detail = f" (its commitment is a copy of seat {copied[0]}'s)" if copied else ""
            raise VerificationFailed("the reveal does not open its commitment" + detail)

    def add_reveal(self, seat: int, nonce: bytes, value: bytes, echo: bytes) -> None:
        self.check_reveal(seat, nonce, value, echo)
        self._values[seat] = value

    def seed(self) -> bytes:
        """The combined 64-byte seed (once every seat revealed)."""
        if not self.complete:
            raise VerificationFailed("not every seat has revealed")
        h = hashlib.sha512(frame(SEED_LABEL, b""))
        h.update(frame(b"echo", self.echo()))
        for seat in self._seats:
            h.update(frame(b"value", u64(seat) + self._values[seat]))
        return h.digest()


class UniformStream:
    """Unbiased integers from a public seed (SHA-512 blocks, rejection sampling)."""

    def __init__(self, seed: bytes, label: bytes = b"") -> None:
        self._prefix = frame(UNIFORM_LABEL, label) + frame(b"seed", seed)
        self._counter = 0

    def _block(self) -> int:
        digest = hashlib.sha512(self._prefix + frame(b"counter", u64(self._counter))).digest()
        self._counter += 1
        return int.from_bytes(digest, "big")

    def below(self, bound: int) -> int:
        """Uniform in ``[0, bound)``: take the top ``bits(bound-1)`` bits, retry if too big."""
        if not isinstance(bound, int) or isinstance(bound, bool) or bound <= 0:
            raise ValueError("bound must be a positive integer")
        if bound == 1:
            return 0
        bits = (bound - 1).bit_length()
        if bits > 512:
            raise ValueError("bound too large")
        while True:
            candidate = self._block() >> (512 - bits)
            if candidate < bound:
                return candidate


def uniform_below(seed: bytes, bound: int, label: bytes = b"") -> int:
    return UniformStream(seed, label).below(bound)


def public_permutation(seed: bytes, size: int, label: bytes = b"permutation") -> list[int]:
    """A uniform permutation of ``range(size)`` everyone recomputes (Fisher-Yates)."""
    stream = UniformStream(seed, label)
    perm = list(range(size))
    for i in range(size - 1, 0, -1):
        j = stream.below(i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    return perm
