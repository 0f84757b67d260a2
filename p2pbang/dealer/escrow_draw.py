"""Public draws (``RandomInt``) whose openings are escrowed: withholding one gains nothing.

Why (protocol/escrow.md section 7; protocol/seats.md section 8): in a plain commit-reveal
draw the last seat to open sees the others' values first and may withhold its own, choosing
between "this result" and "no result". At a table with escrow on, every seat's value is a
scalar ``a_i`` Feldman-shared among the others, so a withheld opening is rebuilt by the
holders and the result is the one fixed when the commitments closed. Three rounds of every
seat:

1. ``dcommit``: a hash of the seat's whole escrow message (nothing of ``a_i`` is public
   before every seat committed: with the shares themselves on the log first, ``t`` holders
   could rebuild an honest value before committing their own and choose the result);
2. ``ddeal``: that message: ``A_i = a_i*G``, the Feldman commitments, the masked shares;
   each holder checks its share;
3. ``dopen``: ``a_i``, the seat's complaints about bad shares (judged as in the key escrow),
   and, after ``declare_withheld``, its shares of the withheld values.

The seed hashes the echo of the commitments and every ``a_i`` in seat order; the integer
comes from ``UniformStream`` like a plain draw's.
"""

from __future__ import annotations

from typing import Any

from p2pbang.crypto import escrow_messages as emsg
from p2pbang.crypto import wire
from p2pbang.crypto.commit_reveal import uniform_below
from p2pbang.crypto.errors import InvalidEncoding, VerificationFailed
from p2pbang.crypto.escrow import (
    EscrowDealing,
    commitments,
    deal_escrow,
    draw_commitment,
    draw_echo,
    draw_seed,
    interpolate_scalar,
    make_complaint,
    public_share,
    receive_share,
)
from p2pbang.crypto.group import SYSTEM_RANDOM, Point, base_mul, nonzero_scalar
from p2pbang.crypto.keys import KeyPair
from p2pbang.dealer.escrow import settle_complaints
from p2pbang.dealer.mental import RANDOM_INT_LABEL, MentalDealer, _Task
from p2pbang.engine.chance import ChanceResult, RandomInt

COMMIT, DEAL, OPEN = "commit", "deal", "open"


class EscrowedDrawTask(_Task):
    """``RandomInt`` at a table with escrow on (see the module docstring)."""

    def __init__(self, dealer: MentalDealer, request: RandomInt) -> None:
        super().__init__(dealer)
        bound = request.bound
        if not isinstance(bound, int) or isinstance(bound, bool) or not 1 <= bound < 2**64:
            raise ValueError("a random integer needs a bound in [1, 2^64)")
        if dealer.escrow_threshold is None:
            raise ValueError("this table has no escrow")
        self.bound = bound
        self.threshold = dealer.escrow_threshold
        self.round_id = dealer.step
        self.keys = dict(dealer._public_keys)
        self.stage = COMMIT
        self.revealing = False
        self.commitments: dict[int, bytes] = {}
        self.points: dict[int, Point] = {}
        self.dealings: dict[int, EscrowDealing] = {}
        self.my_shares: dict[int, int] = {}
        self.bad_dealers: list[int] = []
        self.values: dict[int, int] = {}
        self.withheld: tuple[int, ...] = ()
        self.recovered: dict[int, dict[int, int]] = {}
        self.value: int | None = None
        self._secret: int | None = None
        self._deal: bytes | None = None
        if bound == 1:
            self.value = 0
            self.finished = True
        else:
            self.owed = set(range(dealer.n_seats))

    # ------------------------------------------------------------------ writing

    def compose(self) -> bytes:
        d = self.d
        if self.stage == COMMIT:
            secret = nonzero_scalar(SYSTEM_RANDOM)
            point = base_mul(secret)
            keys = [self.keys[s] for s in range(d.n_seats)]
            dealing = deal_escrow(KeyPair(secret, point), d.seat, keys, self.threshold,
                                  d.session_id, self.round_id)
            self._secret, self._deal = secret, emsg.draw_deal_message(point, dealing)
            digest = draw_commitment(d.session_id, self.round_id, d.seat, self._deal)
            return wire.encode({"t": emsg.D_COMMIT, "c": digest})
        if self._deal is None or self._secret is None:
            raise RuntimeError("this seat's draw secret was lost: it cannot go on")
        if self.stage == DEAL:
            return self._deal
        complaints = [(dealer, *make_complaint(d._keypair, d.seat, dealer, self.dealings[dealer],
                                               d.session_id, d.step, self.round_id))
                      for dealer in self.bad_dealers]
        recovered = [(w, self.my_shares.get(w, 0)) for w in self.withheld]
        return emsg.draw_open_message(self._secret, complaints, recovered)

    # ------------------------------------------------------------------ checking

    def accept(self, seat: int, message: dict[str, Any], own: bool) -> None:
        d = self.d
        kind = message.get("t")
        if self.stage == COMMIT:
            if kind in (emsg.D_DEAL, emsg.D_OPEN):
                raise VerificationFailed("revealed before the commitment set was closed")
            m = wire.fields(message, emsg.D_COMMIT, {"c"})
            digest = wire.get_bytes(m["c"], "a commitment", 32)
            for other, theirs in self.commitments.items():
                if theirs == digest:
                    raise VerificationFailed(f"copied seat {other}'s commitment")
            self.commitments[seat] = digest
            return
        if self.stage == DEAL:
            payload = wire.encode(message)
            if draw_commitment(d.session_id, self.round_id, seat, payload) != \
                    self.commitments[seat]:
                raise VerificationFailed("the escrowed value does not match its commitment")
            point, dealing = emsg.parse_draw_deal(message, self.threshold, d.n_seats)
            share = None
            if d.seat is not None and d.seat != seat:
                share = receive_share(d._keypair, d.seat, dealing, seat, point, d.session_id,
                                      self.round_id)
                if share is None:
                    self.bad_dealers.append(seat)
            self.points[seat], self.dealings[seat] = point, dealing
            if share is not None:
                self.my_shares[seat] = share
            return
        self._accept_open(seat, message)

    def _accept_open(self, seat: int, message: dict[str, Any]) -> None:
        d = self.d
        value, complaints, recovered = emsg.parse_draw_open(message, d.n_seats, self.withheld)
        settle_complaints(d, seat, complaints, self.keys, self.points, self.dealings,
                          self.round_id, "escrow share of its drawn value",
                          wire.encode(message))
        if base_mul(value) != self.points[seat]:
            raise VerificationFailed("the opening is not the value it committed to")
        for w, share in recovered:
            commits = commitments(self.points[w], self.dealings[w])
            if base_mul(share) != public_share(commits, seat):
                raise VerificationFailed(f"a wrong escrow share of seat {w}'s withheld value")
        self.values[seat] = value
        for w, share in recovered:
            self.recovered.setdefault(w, {})[seat] = share

    # ------------------------------------------------------------------ rounds

    def declare_withheld(self, seats: frozenset[int]) -> None:
        """The table gave up on ``seats``' openings: the others rebuild them instead."""
        n = self.d.n_seats
        if self.stage != OPEN or self.owed != set(range(n)) - set(self.withheld):
            raise ValueError("openings can be declared withheld only before any is applied")
        if not seats or not seats <= set(range(n)):
            raise ValueError(f"no such seats {sorted(seats)!r}")
        withheld = tuple(sorted(set(self.withheld) | set(seats)))
        if n - len(withheld) < self.threshold:
            raise ValueError(f"{n - len(withheld)} holders cannot rebuild a value "
                             f"(the threshold is {self.threshold})")
        self.withheld = withheld
        self.owed = set(range(n)) - set(withheld)

    def next_round(self) -> None:
        n = self.d.n_seats
        if self.stage == COMMIT:
            self.stage = DEAL
            self.owed = set(range(n))
            return
        if self.stage == DEAL:
            self.stage, self.revealing = OPEN, True
            self.owed = set(range(n))
            return
        for w in self.withheld:
            self.values[w] = interpolate_scalar(self.recovered[w])
            if base_mul(self.values[w]) != self.points[w]:
                raise RuntimeError("verified shares rebuilt another value (a broken proof)")
        echo = draw_echo(self.d.session_id, self.round_id,
                         [self.commitments[s] for s in range(n)])
        seed = draw_seed(echo, [self.values[s] for s in range(n)])
        self.value = uniform_below(seed, self.bound, RANDOM_INT_LABEL)
        self.finished = True

    def out_of_turn(self, seat: int, payload: object) -> str:
        if seat in self.withheld:
            return "its opening was declared withheld and rebuilt from the escrow"
        try:
            if self.stage == COMMIT and wire.decode(payload).get("t") in (emsg.D_DEAL,
                                                                          emsg.D_OPEN):
                return "revealed before the commitment set was closed"
        except InvalidEncoding:
            pass
        return super().out_of_turn(seat, payload)

    def result(self) -> ChanceResult:
        return ChanceResult((self.value,))

