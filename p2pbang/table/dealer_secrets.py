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
class PendingDealing:
    """This seat's value for the escrowed draw that began at ``round_id`` (a table with
    escrow): the secret scalar and the dealing it committed to (``dealer/escrow_draw.py``)."""

    round_id: int
    secret: bytes
    dealing: bytes


MAX_DEALING_BYTES = 64 * 1024


@dataclass(frozen=True)
class SeatSecrets:
    dealer_key: bytes
    opening: PendingOpening | None = None
    dealing: PendingDealing | None = None

    def encode(self) -> bytes:
        opening = None
        if self.opening is not None:
            opening = [self.opening.round_id, self.opening.nonce, self.opening.value]
        record: dict[str, object] = {"v": SECRETS_VERSION, "key": self.dealer_key,
                                     "open": opening}
        if self.dealing is not None:
            record["edraw"] = [self.dealing.round_id, self.dealing.secret,
                               self.dealing.dealing]
        return msgpack.packb(record, use_bin_type=True)

    @classmethod
    def decode(cls, data: bytes) -> SeatSecrets:
        try:
            raw = msgpack.unpackb(data, raw=False, max_bin_len=MAX_DEALING_BYTES,
                                  max_array_len=3, max_map_len=4, max_str_len=8)
        except Exception as exc:  # msgpack's many error types all mean "not ours"
            raise SecretsError(f"undecodable secrets: {type(exc).__name__}") from None
        if not isinstance(raw, dict) or raw.get("v") != SECRETS_VERSION:
            raise SecretsError("unknown secrets format")
        key, opening = raw.get("key"), raw.get("open")
        if not isinstance(key, bytes) or len(key) != KEY_BYTES:
            raise SecretsError("the dealer key must be 32 bytes")
        dealing = _dealing(raw.get("edraw"))
        if opening is None:
            return cls(key, None, dealing)
        if (not isinstance(opening, list) or len(opening) != 3
                or not isinstance(opening[0], int)
                or not isinstance(opening[1], bytes) or len(opening[1]) != NONCE_BYTES
                or not isinstance(opening[2], bytes) or len(opening[2]) != VALUE_BYTES):
            raise SecretsError("malformed pending opening")
        return cls(key, PendingOpening(opening[0], opening[1], opening[2]), dealing)


def _dealing(raw: object) -> PendingDealing | None:
    if raw is None:
        return None
    if (not isinstance(raw, list) or len(raw) != 3 or not isinstance(raw[0], int)
            or not isinstance(raw[1], bytes) or len(raw[1]) != KEY_BYTES
            or not isinstance(raw[2], bytes)):
        raise SecretsError("malformed pending escrowed draw")
    return PendingDealing(raw[0], raw[1], raw[2])


def pending_dealing(dealer: MentalDealer) -> PendingDealing | None:
    """This seat's value for the running escrowed draw, once composed."""
    pending = dealer.pending_escrowed_draw()
    return None if pending is None else PendingDealing(*pending)


def restore_dealing(dealer: MentalDealer, saved: PendingDealing | None) -> bool:
    """Give a restarted dealer back its value for the running escrowed draw."""
    if saved is None:
        return False
    return dealer.restore_escrowed_draw(saved.round_id, saved.secret, saved.dealing)


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


__all__ = ["PendingDealing", "PendingOpening", "SeatSecrets", "SecretsError",
           "pending_dealing", "pending_opening", "restore_dealing", "restore_opening"]
