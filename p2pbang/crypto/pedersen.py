"""Pedersen vector commitments with bases nobody chose.

``com(v; r) = r*H + sum(v[i] * G[i])``. Binding rests on nobody knowing a relation between
H and the G[i]; so the bases are hash-to-group images of fixed public labels
(``b"p2pbang/v1/pedersen/H"``, ``b"p2pbang/v1/pedersen/G/" + decimal i``), not points
someone generated. The shuffle argument commits to vectors as long as the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from p2pbang.crypto.group import Point, hash_to_point, multi_scalar_mul, scalar_mul

H_LABEL = b"p2pbang/v1/pedersen/H"
G_LABEL_PREFIX = b"p2pbang/v1/pedersen/G/"


@lru_cache(maxsize=1)
def blinding_base() -> Point:
    return hash_to_point(H_LABEL)


@lru_cache(maxsize=64)
def vector_bases(size: int) -> tuple[Point, ...]:
    """``G[0] .. G[size-1]``; a prefix of the same infinite sequence for every size."""
    return tuple(hash_to_point(G_LABEL_PREFIX + str(i).encode("ascii")) for i in range(size))


def commit(values: Sequence[int], blind: int) -> Point:
    """``blind*H + sum(values[i]*G[i])``."""
    bases = vector_bases(len(values))
    return multi_scalar_mul([(blind, blinding_base()), *zip(values, bases, strict=True)])


def commit_permutation(values: Sequence[int], blind: int) -> Point:
    """``commit(values, blind)`` for ``values`` a permutation of ``1..n``, by additions only.

    ``sum(a[i]*G[i]) = sum over k of S_k`` with ``S_k`` the sum of the ``G[i]`` whose
    ``a[i] >= k``: about ``2n`` additions instead of ``n`` scalar multiplications (an
    addition costs about a quarter of a multiplication here).
    """
    size = len(values)
    if sorted(values) != list(range(1, size + 1)):
        raise ValueError("commit_permutation takes a permutation of 1..n")
    bases = vector_bases(size)
    position = {value: i for i, value in enumerate(values)}
    running: Point | None = None
    total: Point | None = None
    for k in range(size, 0, -1):
        base = bases[position[k]]
        running = base if running is None else running + base
        total = running if total is None else total + running
    blinded = scalar_mul(blind, blinding_base())
    return blinded if total is None else (total + blinded if blind else total)

