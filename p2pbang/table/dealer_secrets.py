"""What a seat must keep secret, and on disk, to survive a crash: its dealer state.

A restarted peer rebuilds everything public by replaying the log, but two things exist
only in its own memory and are needed again:

* the dealer's secret key (every decryption at the table needs every seat's share);
* the opening of a commit-reveal commitment it has published but not yet revealed: the
  log holds the commitment, and without its nonce and value the seat could never reveal,
  so every public random draw (a random card from a hand, the Sheriff...) would stall.

Both go to the game's ``SecretsFile`` (mode 0600, replaced atomically) *before* the message
that depends on them is signed, so a crash can lose only secrets nothing was built on yet.

``MentalDealer`` exposes the key (``export_secret_key``) but not the pending opening, so
:func:`pending_opening` and :func:`restore_opening` read and write the dealer's running
commit-reveal task directly. That is the one place in p2pbang reaching into the dealer's
private state; a public accessor pair on ``MentalDealer`` would replace these two functions.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgpack

from p2pbang.crypto.commit_reveal import NONCE_BYTES, VALUE_BYTES, Opening
from p2pbang.dealer import mental
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


def _random_task(dealer: MentalDealer) -> mental._RandomTask | None:
    task = getattr(dealer, "_task", None)
    if isinstance(task, mental._RandomTask) and not task.finished:
        return task
    return None


def pending_opening(dealer: MentalDealer) -> PendingOpening | None:
    """The opening of the commitment this seat has composed for the running draw."""
    task = _random_task(dealer)
    if task is None or task.opening is None:
        return None
    return PendingOpening(task.round_id, task.opening.nonce, task.opening.value)


def restore_opening(dealer: MentalDealer, saved: PendingOpening | None) -> bool:
    """Give a restarted dealer back the opening of its published commitment.

    Only when the running draw is the one the opening was made for and the dealer has
    none of its own; returns whether it was restored.
    """
    task = _random_task(dealer)
    if saved is None or task is None or task.opening is not None:
        return False
    if task.round_id != saved.round_id:
        return False
    task.opening = Opening(saved.nonce, saved.value)
    return True


__all__ = ["PendingOpening", "SeatSecrets", "SecretsError", "pending_opening",
           "restore_opening"]
