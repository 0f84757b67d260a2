"""What a seat must keep secret, and on disk, to survive a crash: its dealer state.

A restarted peer rebuilds everything public by replaying the log, but two things exist
only in its own memory and are needed again:

* the dealer's secret key (every decryption at the table needs every seat's share);
* the opening of a commit-reveal commitment it has published but not yet revealed: the
  log holds the commitment, and without its nonce and value the seat could never reveal,
  so every public random draw (a random card from a hand, the Sheriff...) would stall.

Both go to the game's ``SecretsFile`` (mode 0600, replaced atomically) *before* the message
that depends on them is signed, so a crash can lose only secrets nothing was built on yet.

``MentalDealer`` exports both (``export_secret_key``, ``pending_opening``) and takes them
back (``secret_key=``, ``restore_opening``); this module keeps them in one versioned record.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgpack

from p2pbang.crypto.commit_reveal import NONCE_BYTES, VALUE_BYTES
from p2pbang.dealer.mental import MentalDealer

SECRETS_VERSION = 1
KEY_BYTES = 32


class SecretsError(ValueError):
    """The stored secrets are not what this version writes."""


@dataclass(frozen=True)
class PendingOpening:
    """The secret half of this seat's commitment for the draw that began at ``round_id``."""

    round_id: int
    nonce: bytes
    value: bytes


@dataclass(frozen=True)
class SeatSecrets:
    dealer_key: bytes
    opening: PendingOpening | None = None

    def encode(self) -> bytes:
        opening = None
        if self.opening is not None:
            opening = [self.opening.round_id, self.opening.nonce, self.opening.value]
        return msgpack.packb({"v": SECRETS_VERSION, "key": self.dealer_key, "open": opening},
                             use_bin_type=True)

    @classmethod
    def decode(cls, data: bytes) -> SeatSecrets:
        try:
            raw = msgpack.unpackb(data, raw=False, max_bin_len=64, max_array_len=3,
                                  max_map_len=3, max_str_len=8)
        except Exception as exc:  # msgpack's many error types all mean "not ours"
            raise SecretsError(f"undecodable secrets: {type(exc).__name__}") from None
        if not isinstance(raw, dict) or raw.get("v") != SECRETS_VERSION:
            raise SecretsError("unknown secrets format")
        key, opening = raw.get("key"), raw.get("open")
        if not isinstance(key, bytes) or len(key) != KEY_BYTES:
            raise SecretsError("the dealer key must be 32 bytes")
        if opening is None:
            return cls(key)
        if (not isinstance(opening, list) or len(opening) != 3
                or not isinstance(opening[0], int)
                or not isinstance(opening[1], bytes) or len(opening[1]) != NONCE_BYTES
                or not isinstance(opening[2], bytes) or len(opening[2]) != VALUE_BYTES):
            raise SecretsError("malformed pending opening")
        return cls(key, PendingOpening(opening[0], opening[1], opening[2]))


def pending_opening(dealer: MentalDealer) -> PendingOpening | None:
    """The opening of the commitment this seat has composed for the running draw."""
    pending = dealer.pending_opening()
    return None if pending is None else PendingOpening(*pending)


def restore_opening(dealer: MentalDealer, saved: PendingOpening | None) -> bool:
    """Give a restarted dealer back the opening of its published commitment.

    Only when the running draw is the one the opening was made for and the dealer has
    none of its own; returns whether it was restored.
    """
    if saved is None:
        return False
    return dealer.restore_opening(saved.round_id, saved.nonce, saved.value)


__all__ = ["PendingOpening", "SeatSecrets", "SecretsError", "pending_opening",
           "restore_opening"]
