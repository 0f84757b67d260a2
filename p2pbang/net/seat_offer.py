"""A watcher's offer to take a seat that is being replaced (``protocol/seats.md`` 7.2).

A watcher holds no seat and no key of the table. To take a vanished seat it makes a fresh
identity key and offers it: ``[domain, session, holder_key, holder_name, signature]``,
canonical msgpack like every statement (``protocol/log.md`` section 1), signed by the
offered key itself. The signature proves that whoever offers holds the key (nobody can
offer another person's key, which would give them a seat they cannot play) and binds the
offer to one game (it cannot be replayed at another table). The offer gives nothing
away: a seat is handed over only by the certificate of section 4, and the proposer names
the first offer it holds as the new holder instead of a bot.
"""

from __future__ import annotations

from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from p2pbang.net.log import (
    PUBLIC_KEY_BYTES,
    SESSION_ID_BYTES,
    SIGNATURE_BYTES,
    LogFormatError,
    _pack,
    _unpack,
    public_key_problem,
)
from p2pbang.net.seats import MAX_HOLDER_NAME, raw_public_key

OFFER_DOMAIN = "p2pbang/seat/offer/v1"
RECLAIM_DOMAIN = "p2pbang/seat/reclaim/v1"
OFFER_FIELDS = 5
MAX_OFFER_BYTES = 256


class OfferError(ValueError):
    """Bytes that are not a well-formed offer of this session, correctly signed."""


@dataclass(frozen=True, slots=True)
class SeatOffer:
    """A checked offer: the key and name a seat's new holder would have."""

    session: bytes
    holder_key: bytes
    holder_name: str
    signature: bytes

    def encode(self) -> bytes:
        return _pack([OFFER_DOMAIN, self.session, self.holder_key, self.holder_name,
                      self.signature])


def _signed(session: bytes, holder_key: bytes, holder_name: str) -> bytes:
    return _pack([OFFER_DOMAIN, session, holder_key, holder_name])


def make_offer(key: Ed25519PrivateKey, session: bytes, name: str) -> SeatOffer:
    """Offer ``key`` (a fresh identity) as the holder of a vanished seat of ``session``."""
    name = name[:MAX_HOLDER_NAME]
    public = raw_public_key(key)
    return SeatOffer(session, public, name, key.sign(_signed(session, public, name)))


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a holder's display name, or None."""
    if type(name) is not str or not name.strip():
        return "the name is empty"
    if len(name) > MAX_HOLDER_NAME:
        return f"the name is longer than {MAX_HOLDER_NAME} characters"
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        return "the name holds a control character"
    return None


def read_offer(raw: bytes, session: bytes) -> SeatOffer:
    """Decode and check an offer for ``session``; :class:`OfferError` says what is wrong."""
    if type(raw) is not bytes or len(raw) > MAX_OFFER_BYTES:
        raise OfferError("an offer is a byte string of at most "
                         f"{MAX_OFFER_BYTES} bytes")
    try:
        obj = _unpack(raw, OFFER_FIELDS)
    except LogFormatError as exc:
        raise OfferError(exc.detail) from None
    if type(obj) is not list or len(obj) != OFFER_FIELDS or obj[0] != OFFER_DOMAIN:
        raise OfferError("not a seat offer")
    _domain, their_session, key, name, signature = obj
    if type(their_session) is not bytes or len(their_session) != SESSION_ID_BYTES:
        raise OfferError("the session id is not 32 bytes")
    if their_session != session:
        raise OfferError("the offer is for another game")
    if type(key) is not bytes or len(key) != PUBLIC_KEY_BYTES:
        raise OfferError("the key is not 32 bytes")
    problem = public_key_problem(key) or name_problem(name)
    if problem is not None:
        raise OfferError(problem)
    if type(signature) is not bytes or len(signature) != SIGNATURE_BYTES:
        raise OfferError("the signature is not 64 bytes")
    try:
        Ed25519PublicKey.from_public_bytes(key).verify(signature, _signed(session, key, name))
    except InvalidSignature:
        raise OfferError("the signature does not check: the offer is not by its key's "
                         "holder") from None
    offer = SeatOffer(session, key, name, signature)
    if offer.encode() != raw:
        raise OfferError("the offer is not canonically encoded")
    return offer


def _claimed(session: bytes, seat: int, holder_key: bytes) -> bytes:
    return _pack([RECLAIM_DOMAIN, session, seat, holder_key])


def make_claim(old_key: Ed25519PrivateKey, offer: SeatOffer, seat: int) -> bytes:
    """A returning player's claim to take log seat ``seat`` back from the bot that plays it:
    signed by the key the seat had in the genesis, naming the offer's fresh key."""
    return old_key.sign(_claimed(offer.session, seat, offer.holder_key))


def claim_problem(claim: bytes, offer: SeatOffer, seat: int, old_key: bytes) -> str | None:
    """Why ``claim`` is not the genesis holder's of ``seat`` (key ``old_key``), or None."""
    if type(claim) is not bytes or len(claim) != SIGNATURE_BYTES:
        return "the claim is not a 64-byte signature"
    try:
        Ed25519PublicKey.from_public_bytes(old_key).verify(
            claim, _claimed(offer.session, seat, offer.holder_key))
    except InvalidSignature:
        return "the claim is not signed by the seat's own player"
    return None


__all__ = [
    "MAX_OFFER_BYTES",
    "OFFER_DOMAIN",
    "RECLAIM_DOMAIN",
    "OfferError",
    "SeatOffer",
    "claim_problem",
    "make_claim",
    "make_offer",
    "name_problem",
    "read_offer",
]
