"""A deterministic RandomSource for test vectors and reproducible tests ONLY.

It lives under tests/ on purpose: nothing in the p2pbang package can import it, so seeded
secrets can never reach play. The package itself only ever draws from ``secrets``.
"""

from __future__ import annotations

import hashlib

from p2pbang.crypto.group import L


class SeededRandom:
    """SHA-512 in counter mode over a seed; same seed, same secrets, on every platform."""

    def __init__(self, seed: bytes) -> None:
        self._seed = hashlib.sha512(b"p2pbang/v1/test-vectors/seed" + seed).digest()
        self._counter = 0

    def _block(self) -> bytes:
        self._counter += 1
        return hashlib.sha512(self._seed + self._counter.to_bytes(8, "big")).digest()

    def scalar(self) -> int:
        return int.from_bytes(self._block(), "little") % L

    def below(self, bound: int) -> int:
        if bound <= 0:
            raise ValueError("bound must be positive")
        bits = max(1, (bound - 1).bit_length())
        while True:
            candidate = int.from_bytes(self._block(), "big") >> (512 - bits)
            if candidate < bound:
                return candidate

    def token(self, size: int) -> bytes:
        out = b""
        while len(out) < size:
            out += self._block()
        return out[:size]
