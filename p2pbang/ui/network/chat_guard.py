"""How much chat one sender may put on the screen: a token bucket per sender.

The mesh already bounds each message (``table.chat`` carries at most 200 characters) and the
channel names the sender, but a peer could still send lines as fast as the network carries
them and bury the game's log under them. Each sender may show a burst of lines, then one
line per interval; what goes beyond is dropped, and the person is told once per flood, not
once per dropped line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

BURST = 5
INTERVAL = 1.0  # seconds per line once the burst is spent


@dataclass
class _Bucket:
    tokens: float
    stamp: float
    flooding: bool = False


class ChatGuard:
    """``admit(sender)`` says whether a line is shown and whether to say lines are dropped."""

    def __init__(self, burst: int = BURST, interval: float = INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.interval = interval
        self.clock = clock
        self._buckets: dict[int, _Bucket] = {}

    def admit(self, sender: int) -> tuple[bool, bool]:
        """(show this line, first line dropped in this flood: tell the person)."""
        now = self.clock()
        bucket = self._buckets.setdefault(sender, _Bucket(float(self.burst), now))
        bucket.tokens = min(float(self.burst),
                            bucket.tokens + (now - bucket.stamp) / self.interval)
        bucket.stamp = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            bucket.flooding = False
            return True, False
        first = not bucket.flooding
        bucket.flooding = True
        return False, first


__all__ = ["BURST", "INTERVAL", "ChatGuard"]
