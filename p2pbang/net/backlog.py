"""How many bytes each peer has made us hold, and the inboxes that give them back.

A message received from a peer waits in an inbox until the layer above reads it (the log's
inbox is not read at all before the genesis). Counting messages does not bound memory: a
hostile peer sends the largest messages the protocol allows. So the mesh charges every
queued message's size to its sender in a ``HeldBytes`` ledger, and a ``MeteredInbox``
credits it back when the message is read. A peer at its limit must wait for the reader; one
that stays there is disconnected by the mesh.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import trio


@dataclass(frozen=True)
class Incoming:
    """A message from an authenticated peer, already decoded and shape-checked.

    ``size`` is its length on the wire, charged to the peer while the message waits."""

    peer_id: str
    message: dict[str, Any]
    size: int = 0


@dataclass
class HeldBytes:
    """Bytes of received, still unread messages, per sending peer, bounded by ``limit``."""

    limit: int
    _held: dict[str, int] = field(default_factory=dict)
    _released: trio.Event = field(default_factory=trio.Event)

    def of(self, peer_id: str) -> int:
        return self._held.get(peer_id, 0)

    def total(self) -> int:
        return sum(self._held.values())

    async def reserve(self, peer_id: str, size: int, patience: float) -> bool:
        """Charge ``size`` bytes to ``peer_id``, waiting up to ``patience`` seconds for room.

        False (nothing charged) when the peer is still over its limit after that long."""
        if size > self.limit:
            return False
        with trio.move_on_after(patience):
            while self.of(peer_id) + size > self.limit:
                await self._released.wait()
            self._held[peer_id] = self.of(peer_id) + size
            return True
        return False

    def release(self, peer_id: str, size: int) -> None:
        left = self.of(peer_id) - size
        if left > 0:
            self._held[peer_id] = left
        else:
            self._held.pop(peer_id, None)
        self._released.set()
        self._released = trio.Event()


class MeteredInbox(trio.abc.ReceiveChannel[Incoming]):
    """A receive channel of ``Incoming`` that credits each message's size back when read."""

    def __init__(self, receive: trio.MemoryReceiveChannel[Incoming], ledger: HeldBytes) -> None:
        self._receive = receive
        self._ledger = ledger

    async def receive(self) -> Incoming:
        incoming = await self._receive.receive()
        self._ledger.release(incoming.peer_id, incoming.size)
        return incoming

    def receive_nowait(self) -> Incoming:
        incoming = self._receive.receive_nowait()
        self._ledger.release(incoming.peer_id, incoming.size)
        return incoming

    def close(self) -> None:
        """Stop reading; what was still queued is dropped, so its bytes are credited back."""
        while True:
            try:
                self.receive_nowait()
            except (trio.WouldBlock, trio.EndOfChannel, trio.ClosedResourceError):
                break
        self._receive.close()

    async def aclose(self) -> None:
        self.close()
        await trio.lowlevel.checkpoint()
