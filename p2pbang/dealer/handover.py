"""The hand-over of a seat to a new holder, as rounds of a MentalDealer request.

Why and how: protocol/escrow.md section 3 (the proofs are ``crypto/handover.py``). Every
slot whose card is not public is either *switched* (seat ``v`` has no share of it yet: the
deck, hidden piles, ``v``'s own hand) or *re-keyed* (``v``'s share is already recorded: a
card in another hand). The rounds, each with exact ``expected_writers()``:

* A, seat ``v`` (the incoming holder): its new key with a Schnorr proof, and for every
  switched slot a blinded ``c1' = c1 + r*G`` with a proof of ``r``;
* B, for the switched slots: ``sk_v*c1'`` from the leaver (cooperative) or ``s_vj*c1'``
  from every other seat (escrow holders), each with a Chaum-Pedersen proof;
* C, seat ``v`` (the incoming holder): every switched slot's ``c2''`` under the new joint
  key with its proof of knowledge, and its new share of every re-keyed slot. Then every
  dealer switches seat ``v``'s key; the leaver's dealer becomes an observer;
* D, every other seat: shares of ``v``'s former hand for its new holder (a Deal);
* with escrow on, the re-share (``EscrowTask``) ends the request.

A request the hand-over interrupted (between two of its rounds) then runs again from its
start on every dealer, with the ciphertexts and keys as they now are: what its finished
rounds applied stays (a transfer done is not redone), the rest is planned afresh.

A message from seat ``v`` is the incoming holder's in rounds A and C and the leaver's in
round B; ``may_write`` makes only the right dealer compose it, and the reasons of a
``CheatDetected(v, ...)`` say which of the two failed.
"""

from __future__ import annotations

from typing import Any

from p2pbang.crypto import escrow_messages as emsg
from p2pbang.crypto import messages as msg
from p2pbang.crypto.dleq import DecryptionShare, make_share, verify_share
from p2pbang.crypto.elgamal import Ciphertext
from p2pbang.crypto.errors import ProtocolMisuse, VerificationFailed
from p2pbang.crypto.escrow import combine
from p2pbang.crypto.group import Point, scalar_mul
from p2pbang.crypto.handover import (
    LEAVER_PROTOCOL,
    PARTIAL_PROTOCOL,
    Shift,
    handover_context,
    make_partial,
    make_shift,
    prove_switch,
    verify_partial,
    verify_shift,
    verify_switch,
)
from p2pbang.crypto.keys import KeyPair, generate_keypair, prove_key, verify_key
from p2pbang.dealer.mental import MentalDealer, _restore_keypair, _Task
from p2pbang.engine.chance import ChanceRequest, ChanceResult

OPEN, PART, CLOSE, DELIVER, RESHARE = "open", "part", "close", "deliver", "reshare"


def rekey_context(slot: int) -> bytes:
    return b"rekey/slot:%d" % slot


class HandOverTask(_Task):
    """Seat ``v`` changes hands (see the module docstring)."""

    def __init__(self, dealer: MentalDealer, seat: int, cooperative: bool, incoming: bool,
                 secret_key: bytes | None, interrupted: ChanceRequest | None = None) -> None:
        super().__init__(dealer)
        self.interrupted = interrupted
        n = dealer.n_seats
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"no seat {seat!r}")
        if dealer._joint is None:
            raise ValueError("the key round has not finished")
        if n < 2:
            raise ValueError("a table of one has nobody to hand over to")
        if not cooperative and (dealer._escrow is None or not dealer._escrow.ready):
            raise ValueError("a vanished seat needs a completed escrow (escrow is off or "
                             "its re-share has not finished)")
        self.v = seat
        self.cooperative = bool(cooperative)
        self.incoming = bool(incoming)
        if incoming:
            if dealer.seat is not None:
                raise ValueError("the incoming holder's dealer must be an observer")
            dealer.seat = seat
            self.new_key: KeyPair | None = (generate_keypair() if secret_key is None
                                            else _restore_keypair(secret_key))
        else:
            self.new_key = None
        self.leaving = cooperative and not incoming and dealer.seat == seat
        states = dealer._slots
        hidden = sorted(s for s, st in states.items() if st.card is None)
        self.switched = [s for s in hidden if seat not in states[s].shares]
        self.rekeyed = [s for s in hidden if seat in states[s].shares]
        self.hand = [s for s in self.switched if states[s].missing(n) == {seat}]
        self.shifts: dict[int, Shift] = {}
        self.shifted: dict[int, Point] = {}
        self.partials: dict[int, dict[int, Point]] = {s: {} for s in self.switched}
        self.pk_new: Point | None = None
        self._mine: Any = None
        self.reshare: Any = None  # the EscrowTask of the re-share, once it runs
        self.round = OPEN
        self.owed = {seat}

    # ------------------------------------------------------------------ who writes

    def may_write(self) -> bool:
        if self.round == RESHARE:
            return True
        if self.round in (OPEN, CLOSE):
            return self.incoming
        if self.round == PART and self.cooperative:
            return self.leaving
        return not self.leaving

    def _who(self) -> str:
        if self.round in (OPEN, CLOSE):
            return "the incoming holder: "
        return "the leaver: " if self.round == PART and self.cooperative else ""

    def compose(self) -> bytes:
        d = self.d
        if self.round == RESHARE:
            return self.reshare.compose()
        if self.round == OPEN:
            assert self.new_key is not None
            items = []
            for slot in self.switched:
                shift, proof = make_shift(d._slots[slot].ciphertext.c1, d.session_id, d.step,
                                          self.v, handover_context(self.v, slot))
                self.shifts[slot] = shift
                items.append((slot, shift.c1, proof))
            key_proof = prove_key(self.new_key, d.session_id, self.v, d.step)
            return emsg.open_message(self.new_key.public, key_proof, items)
        if self.round == PART:
            return emsg.part_message(self._my_partials())
        if self.round == CLOSE:
            return self._compose_close()
        return msg.shares_message(d._my_shares(self.hand))

    def _my_partials(self) -> list[tuple[int, DecryptionShare]]:
        d = self.d
        if self.cooperative:
            protocol, secret, public = LEAVER_PROTOCOL, d._keypair.secret, d._keypair.public
        else:
            book = d._escrow
            protocol, secret = PARTIAL_PROTOCOL, book.my_shares[self.v]
            public = book.public_share(self.v, d.seat)
        return [(slot, make_partial(protocol, secret, public, self.shifted[slot], d.session_id,
                                    d.step, d.seat, handover_context(self.v, slot)))
                for slot in self.switched]

    def _compose_close(self) -> bytes:
        d = self.d
        assert self.new_key is not None
        if any(slot not in self.shifts for slot in self.switched):
            # Round A's blinding scalars live only in this process's memory.
            raise ProtocolMisuse("the incoming holder lost its blinding scalars (a restart "
                                 "during the hand-over): the hand-over must run again")
        items = []
        for slot in self.switched:
            new, proof = prove_switch(d._slots[slot].ciphertext, self.shifts[slot],
                                      self._d_prime(slot), self.new_key.secret, d.joint_key,
                                      d.session_id, d.step, self.v,
                                      handover_context(self.v, slot))
            items.append((slot, new.c2, proof))
        rekey = [(slot, make_share(self.new_key, d._slots[slot].ciphertext, d.session_id,
                                   d.step, self.v, rekey_context(slot)))
                 for slot in self.rekeyed]
        return emsg.close_message(items, rekey)

    def _d_prime(self, slot: int) -> Point:
        partials = self.partials[slot]
        return partials[self.v] if self.cooperative else combine(partials)

    # ------------------------------------------------------------------ checking

    def accept(self, seat: int, message: dict[str, Any], own: bool) -> None:
        if self.round == RESHARE:
            self.reshare.accept(seat, message, own)
            return
        try:
            self._accept(seat, message)
        except VerificationFailed as exc:
            raise VerificationFailed(self._who() + exc.reason) from None

    def _accept(self, seat: int, message: dict[str, Any]) -> None:
        d = self.d
        if self.round == OPEN:
            pk, key_proof, items = emsg.parse_open(message, self.switched)
            verify_key(pk, key_proof, d.session_id, self.v, d.step)
            if pk in d._public_keys.values():
                raise VerificationFailed("the new key is already a seat's key")
            for slot, shifted, proof in items:
                verify_shift(d._slots[slot].ciphertext.c1, shifted, proof, d.session_id, d.step,
                             self.v, handover_context(self.v, slot))
            self.pk_new = pk
            self.shifted = {slot: shifted for slot, shifted, _ in items}
            return
        if self.round == PART:
            items = emsg.parse_part(message, self.switched)
            if self.cooperative:
                protocol, public = LEAVER_PROTOCOL, d._public_keys[self.v]
            else:
                protocol, public = PARTIAL_PROTOCOL, d._escrow.public_share(self.v, seat)
            for slot, partial in items:
                verify_partial(protocol, public, self.shifted[slot], partial, d.session_id,
                               d.step, seat, handover_context(self.v, slot))
            for slot, partial in items:
                self.partials[slot][seat] = partial.share
            return
        if self.round == CLOSE:
            self._accept_close(message)
            return
        shares = msg.parse_shares(message, self.hand)
        d._verify_shares(seat, shares)
        for slot, share in shares:
            d._slots[slot].shares[seat] = share.share

    def _accept_close(self, message: dict[str, Any]) -> None:
        d = self.d
        assert self.pk_new is not None
        items, rekey = emsg.parse_close(message, self.switched, self.rekeyed)
        switched = []
        for slot, c2_new, proof in items:
            old = d._slots[slot].ciphertext
            new = Ciphertext(self.shifted[slot], c2_new)
            verify_switch(old, new, self._d_prime(slot), proof, self.pk_new, d.joint_key,
                          d.session_id, d.step, self.v, handover_context(self.v, slot))
            switched.append((slot, new))
        for slot, share in rekey:
            verify_share(self.pk_new, d._slots[slot].ciphertext, share, d.session_id, d.step,
                         self.v, rekey_context(slot))
        for slot, new in switched:
            state = d._slots[slot]
            state.ciphertext, state.shares = new, {}
        for slot, share in rekey:
            state = d._slots[slot]
            old = state.ciphertext
            state.ciphertext = Ciphertext(old.c1, old.c2 - state.shares[self.v] + share.share)
            state.shares[self.v] = share.share
        self._switch_key()

    def _switch_key(self) -> None:
        d = self.d
        assert self.pk_new is not None
        d._joint = d.joint_key - d._public_keys[self.v] + self.pk_new
        d._public_keys[self.v] = self.pk_new
        d._escrow = None
        if self.incoming:
            assert self.new_key is not None
            d._keypair = self.new_key
        elif d.seat == self.v:
            d.seat = None  # the leaver (or a vanished seat's stale dealer) is out

    # ------------------------------------------------------------------ rounds

    def next_round(self) -> None:
        self._mine = None
        d = self.d
        if self.round == RESHARE:
            self.reshare.next_round()
            self.owed = self.reshare.owed
            if self.reshare.finished:
                self._done()
            return
        if self.round == OPEN:
            self.round = PART
            if self.switched:
                self.owed = ({self.v} if self.cooperative
                             else {s for s in range(d.n_seats) if s != self.v})
                return
        if self.round == PART:
            self.round = CLOSE
            if self.switched or self.rekeyed:
                self.owed = {self.v}
                return
            self._switch_key()
        if self.round == CLOSE:
            self.round = DELIVER
            if self.hand:
                self.owed = {s for s in range(d.n_seats) if s != self.v}
                return
        self._finish()

    def _finish(self) -> None:
        d = self.d
        if self.incoming:
            for slot in self.hand:
                state = d._slots[slot]
                own = scalar_mul(d._keypair.secret, state.ciphertext.c1)
                d._known[slot] = d._open(slot, state, [own])
            d._delivered = {slot: d._known[slot] for slot in self.hand}
        for slot in self.hand:
            d._slots[slot].seen.add(self.v)
        if d.escrow_threshold is None:
            self._done()
            return
        from p2pbang.dealer.escrow import EscrowTask

        self.round = RESHARE
        self.reshare = EscrowTask(d)
        self.owed = self.reshare.owed

    def _done(self) -> None:
        self.finished = True
        if self.interrupted is not None:
            self.d._restart(self.interrupted)

    def result(self) -> ChanceResult:
        """The replaced hand's cards as this dealer knows them (the new holder: all)."""
        return ChanceResult(tuple(self.d._known.get(slot) for slot in self.hand))
