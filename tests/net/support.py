"""Helpers shared by the network tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


def sole_exception(error: BaseException) -> BaseException:
    """The single leaf of nested one-member exception groups (trio nurseries wrap errors)."""
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return error


@contextmanager
def unwrapped() -> Iterator[None]:
    """Re-raise a nursery's lone exception bare, so ``pytest.raises`` can match it."""
    try:
        yield
    except BaseExceptionGroup as group:
        raise sole_exception(group) from None
