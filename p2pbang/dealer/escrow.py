"""The escrow rounds of a MentalDealer: every seat escrows its key, then complaints.

Why: a seat that vanishes can only be handed over if ``t`` others can stand in for its key
(protocol/escrow.md section 2; the construction is ``crypto/escrow.py``). Two rounds of
every seat, run right after the key round when the dealer is built with
``escrow_threshold`` and again at the end of every hand-over (the re-share):

1. ``escrow``: each seat's Feldman commitments and its masked shares, one per other seat.
   Each holder unmasks and checks its own share on receipt, and remembers a bad one.
2. ``complain``: each seat lists the dealers whose share to it failed (usually none), each
   with its proven Diffie-Hellman value. Every dealer judges every complaint: a bad share
   raises ``CheatDetected`` naming the *dealer*, a good one names the false *accuser*.

The ``EscrowBook`` is what every seat knows afterwards: the dealings (hence the public
shares ``S_ij``), and for a seat its own checked shares of the others' keys.
"""

from __future__ import annotations

from typing import Any

from p2pbang.crypto import escrow_messages as emsg
from p2pbang.crypto import wire
from p2pbang.crypto.errors import CheatDetected, VerificationFailed
from p2pbang.crypto.escrow import (
    EscrowDealing,
    commitments,
    deal_escrow,
    judge_complaint,
    make_complaint,
    public_share,
    receive_share,
)
from p2pbang.crypto.group import Point
from p2pbang.dealer.mental import MentalDealer, _Task


class EscrowBook:
    """One escrow epoch: every seat's dealing, this seat's shares, the public shares."""

    def __init__(self, threshold: int, epoch: int, keys: dict[int, Point]) -> None:
        self.threshold = threshold
        self.epoch = epoch
        self.keys = dict(keys)
        self.dealings: dict[int, EscrowDealing] = {}
        self.my_shares: dict[int, int] = {}
        self.ready = False
        self._public: dict[tuple[int, int], Point] = {}

    def public_share(self, dealer: int, holder: int) -> Point:
        """``S_ij = s_ij * G``, from the dealer's commitments (cached)."""
        key = (dealer, holder)
        if key not in self._public:
            commits = commitments(self.keys[dealer], self.dealings[dealer])
            self._public[key] = public_share(commits, holder)
        return self._public[key]


class EscrowTask(_Task):
    """The two escrow rounds (see the module docstring)."""

    def __init__(self, dealer: MentalDealer) -> None:
        super().__init__(dealer)
        if dealer.escrow_threshold is None:
            raise ValueError("this table has no escrow")
        self.book = EscrowBook(dealer.escrow_threshold, dealer.step, dealer._public_keys)
        dealer._escrow = self.book
        self.complaining = False
        self.bad_dealers: list[int] = []
        self._mine: EscrowDealing | None = None
        self.owed = set(range(dealer.n_seats))

    def compose(self) -> bytes:
        d = self.d
        if not self.complaining:
            keys = [self.book.keys[s] for s in range(d.n_seats)]
            self._mine = deal_escrow(d._keypair, d.seat, keys, self.book.threshold,
                                     d.session_id, self.book.epoch)
            return emsg.escrow_message(self._mine)
        items = [(dealer, *make_complaint(d._keypair, d.seat, dealer, self.book.dealings[dealer],
                                          d.session_id, d.step, self.book.epoch))
                 for dealer in self.bad_dealers]
        return emsg.complain_message(items)

    def accept(self, seat: int, message: dict[str, Any], own: bool) -> None:
        d = self.d
        book = self.book
        if not self.complaining:
            if own and self._mine is not None:
                book.dealings[seat] = self._mine
                return
            dealing = emsg.parse_escrow(message, book.threshold, d.n_seats)
            share = None
            if d.seat is not None and d.seat != seat:
                share = receive_share(d._keypair, d.seat, dealing, seat, book.keys[seat],
                                      d.session_id, book.epoch)
                if share is None:
                    self.bad_dealers.append(seat)
            book.dealings[seat] = dealing
            if share is not None:
                book.my_shares[seat] = share
            return
        settle_complaints(d, seat, emsg.parse_complain(message, d.n_seats), book.keys,
                          book.keys, book.dealings, book.epoch, "escrow share",
                          wire.encode(message))

    def next_round(self) -> None:
        self._mine = None
        if not self.complaining:
            self.complaining = True
            self.owed = set(range(self.d.n_seats))
            return
        self.book.ready = True
        self.finished = True


def settle_complaints(d: Any, seat: int, complaints: Any, keys: Any, points: Any,
                      dealings: Any, epoch: int, what: str, evidence: bytes) -> None:
    """Judge seat ``seat``'s complaints about the escrow shares it was dealt, key shares
    or a draw's value shares alike (``protocol/escrow.md`` section 2): a share that fails its
    Feldman check convicts its dealer, one that checks out convicts the accuser."""
    for dealer, dh, proof in complaints:
        if dealer == seat:
            raise VerificationFailed("a seat cannot complain about its own escrow")
        verdict = judge_complaint(seat, keys[seat], dealer, points[dealer], dealings[dealer],
                                  dh, proof, d.session_id, d.step, epoch)
        if verdict == dealer:
            raise CheatDetected(dealer, f"its {what} for seat {seat} fails the Feldman check "
                                f"(proven by seat {seat}'s complaint)", evidence)
        raise VerificationFailed(f"a false complaint: seat {dealer}'s {what} for seat {seat} "
                                 f"checks out")
