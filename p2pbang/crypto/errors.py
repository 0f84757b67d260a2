"""The ways a cryptographic check can fail, kept apart so callers can attribute them.

Three layers, on purpose:

* ``InvalidEncoding`` and ``VerificationFailed`` are raised by the constructions in this
  package. They say *what* is wrong (a bad point, a bad proof) but not *who* sent it: the
  constructions do not know about seats on the wire.
* ``CheatDetected`` is raised by the protocol layer (the MentalDealer), which knows which seat
  wrote the offending message. It names that seat and keeps the evidence (the raw payload),
  because every failed check is attributed and kept (docs/crypto.md, the threat model).
* ``ProtocolMisuse`` is a local programming error (a request the dealer cannot run, a call
  out of order). It is nobody's cheating and must never be blamed on a peer.
"""

from __future__ import annotations


class CryptoError(Exception):
    """Base of the failures of a cryptographic check; ``reason`` is a readable sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidEncoding(CryptoError, ValueError):
    """Bytes that do not decode to a valid value: wrong length, non-canonical, not a point."""


class VerificationFailed(CryptoError):
    """A well-formed value that fails its proof or its consistency check."""


class CheatDetected(Exception):
    """A peer sent something that fails a check: ``seat`` is the peer, ``evidence`` its bytes.

    Raised by the dealer *before* it changes any state, so the local view stays exactly as it
    was; the table decides what to do (stop, and show who cheated and why).
    """

    def __init__(self, seat: int, reason: str, evidence: bytes = b"") -> None:
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason
        self.evidence = evidence


class ProtocolMisuse(RuntimeError):
    """The local caller used the dealer wrongly (out of order, an impossible request)."""
