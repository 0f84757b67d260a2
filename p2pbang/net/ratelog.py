"""Say a repeated log line a few times, then count the rest.

A connection flood (a port scanner, a misconfigured peer redialing in a loop) turns every
refused connection into one warning; written out, that grew a player's ``p2pbang.log`` by
about 1.3 GB an hour. The mesh asks a :class:`RepeatLimiter` before logging such a line:
the first few of a kind in a window are written, the rest counted, and the count is written
once the window has passed (or the mesh closes), so nothing disappears without a trace.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

LINES_PER_WINDOW = 5
WINDOW_S = 60.0
# Kinds of line remembered at once; beyond this, all new kinds share one budget (a flood
# from ever new sources must not grow the table either).
MAX_KINDS = 256
_OVERFLOW = ("other sources",)


@dataclass
class _Count:
    started: float
    said: int = 0
    suppressed: int = 0


class RepeatLimiter:
    """Decides, per kind of line, whether to write it now."""

    def __init__(self, per_window: int = LINES_PER_WINDOW, window: float = WINDOW_S,
                 max_kinds: int = MAX_KINDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_window = per_window
        self.window = window
        self.max_kinds = max_kinds
        self.clock = clock
        self._counts: dict[Hashable, _Count] = {}

    def allow(self, kind: Hashable) -> tuple[bool, int]:
        """Whether to write a line of ``kind`` now, and how many of that kind were left out
        in the window that just ended (to say first; 0 when none were)."""
        now = self.clock()
        count = self._counts.get(kind)
        if count is None:
            if len(self._counts) >= self.max_kinds:
                self._drop_finished(now)
            if len(self._counts) >= self.max_kinds:
                kind = _OVERFLOW
                count = self._counts.get(kind)
            if count is None:
                count = self._counts[kind] = _Count(now)
        left_out = 0
        if now - count.started >= self.window:
            left_out = count.suppressed
            count.started, count.said, count.suppressed = now, 0, 0
        if count.said < self.per_window:
            count.said += 1
            return True, left_out
        count.suppressed += 1
        return False, left_out

    def drain(self) -> list[tuple[Hashable, int]]:
        """Every kind with lines left out and not yet reported, with its count; resets."""
        pending = [(kind, c.suppressed) for kind, c in self._counts.items() if c.suppressed]
        self._counts.clear()
        return pending

    def _drop_finished(self, now: float) -> None:
        for kind, count in list(self._counts.items()):
            if now - count.started >= self.window and not count.suppressed:
                del self._counts[kind]


__all__ = ["LINES_PER_WINDOW", "WINDOW_S", "RepeatLimiter"]
