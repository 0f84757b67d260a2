"""A seeded, reproducible stream of unbiased integers (BLAKE2b in counter mode).

Why not the ``random`` module: the dealer package is security code, where ``random`` is
banned so it can never sneak into the cryptographic path; and a hash stream is the same on
every platform and Python version, so a seed names one game forever.
"""

from __future__ import annotations

import hashlib
import struct

# A 64-byte BLAKE2b digest gives eight 64-bit little-endian words.
_UNPACK_WORDS = struct.Struct("<8Q").unpack
_SPAN = 1 << 64
# bound -> the largest multiple of bound at most 2**64: words from there on are redrawn.
# Games ask for the same few bounds (dice faces, card counts), so each is computed once.
_LIMITS: dict[int, int] = {}


class SeededStream:
    """Deterministic integers from a seed: ``below(n)`` is uniform on ``[0, n)``."""

    def __init__(self, seed: int | bytes | str) -> None:
        if isinstance(seed, int):
            seed = seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
        elif isinstance(seed, str):
            seed = seed.encode()
        self._key = hashlib.blake2b(seed, digest_size=64, person=b"p2pbang-seed").digest()
        self._counter = 0
        self._words: list[int] = []

    def _refill(self) -> int:
        """Hash the next block into the (empty) word list, in place, and take its first
        word. The block's words are kept reversed, so each is a ``pop`` from the end; the
        list is filled in place because ``below`` holds on to it between draws."""
        block = hashlib.blake2b(self._counter.to_bytes(8, "little"), key=self._key).digest()
        self._counter += 1
        words = self._words
        words.extend(_UNPACK_WORDS(block))
        words.reverse()
        return words.pop()

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)`` by rejection sampling (no modulo bias).

        Why the words are popped here and not through a method of their own: a game draws
        at nearly every other step, and the call cost more than the draw."""
        limit = _LIMITS.get(bound)
        if limit is None:  # a bound not met before: check it (1 draws nothing)
            if bound <= 0:
                raise ValueError("bound must be positive")
            if bound == 1:
                return 0
            if bound > _SPAN:
                raise ValueError("bound too large")
            limit = _LIMITS[bound] = _SPAN - _SPAN % bound
        words = self._words
        while True:
            word = words.pop() if words else self._refill()
            if word < limit:
                return word % bound

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
