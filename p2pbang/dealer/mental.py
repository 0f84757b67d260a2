"""The MentalDealer: answers the engine's chance requests with no trusted party.

Every seat runs one MentalDealer. They talk only through opaque messages on a shared,
ordered medium (the in-memory ``BulletinBoard`` of ``board.py`` here, the replicated signed
log over the network), so the same code runs in one process or across a LAN:

* ``expected_writers()`` names the seats that still owe a message in the current round:
  one seat (a shuffle pass, a transfer) or a set whose messages are independent and
  combined in seat order (keys, decryption shares, commitments, reveals);
* ``outgoing()`` is this seat's message when it is one of them;
* ``receive(seat, payload)`` is called for every message in log order, this seat's own
  included; it checks everything before changing anything, and raises
  ``CheatDetected(seat, reason, payload)`` naming the sender of a bad message, with the
  dealer's state exactly as before.

Construction starts the key round (Schnorr-proven keys; ``done()`` once the joint key is
set). Then each request runs the protocol of docs/crypto.md:

* ``Shuffle``: the public cards enter as trivial encryptions; each seat in seat order
  shuffles and re-randomises with a Bayer-Groth proof that every other seat verifies.
  Reshuffling the discard pile is the same request (its cards are public).
* ``Deal`` to P: the other seats publish decryption shares with Chaum-Pedersen proofs;
  P adds its own privately. If P's own share of the current ciphertext was already
  published (the card was someone else's: stolen, given, Vulture Sam, put back on the
  deck and drawn again), P first re-randomises it with a proof (a *transfer*), so the
  old shares do not combine with the new ones.
* ``Reveal``: every seat whose share is still missing publishes it.
* ``RandomInt``: commit-reveal, all commitments closed and echoed before any reveal.
* ``reveal_own``/``verify_reveals``: a card played from a hand is revealed with its
  holder's proven share, so the holder cannot lie about it; every card of a move is checked
  before any becomes public.
* ``ReorderHand`` (asked by the engine before a random pick from a hand when another
  seat knows one of its cards): the holder shuffles its own hand's ciphertexts with a
  proven re-randomising permutation (the shuffle argument over the hand), then the other
  seats publish shares of the new ciphertexts for it, as for a draw. A previous holder
  who knows one card of the hand can no longer tell which slot holds it, so a public
  random pick from the hand tells it nothing.

The dealer imports nothing of the engine but the chance seam.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from p2pbang.crypto import messages as msg
from p2pbang.crypto import wire
from p2pbang.crypto.commit_reveal import CommitRevealRound, Opening, new_contribution, uniform_below
from p2pbang.crypto.dleq import DecryptionShare, make_share, verify_share
from p2pbang.crypto.elgamal import (
    CardTable,
    Ciphertext,
    card_point,
    check_pile_name,
    trivial_encryption,
    unmask,
)
from p2pbang.crypto.errors import (
    CheatDetected,
    InvalidEncoding,
    ProtocolMisuse,
    VerificationFailed,
)
from p2pbang.crypto.group import L, Point, base_mul, scalar_mul
from p2pbang.crypto.keys import (
    KeyPair,
    VerifiedKey,
    generate_keypair,
    joint_public_key,
    prove_key,
    verify_key,
)
from p2pbang.crypto.rerandomise import rerandomise_with_proof, verify_rerandomisation
from p2pbang.crypto.shuffle import shuffle_and_prove, verify_pass
from p2pbang.engine.chance import (
    ChanceRequest,
    ChanceResult,
    Deal,
    RandomInt,
    ReorderHand,
    Reveal,
    Shuffle,
)

MIN_SESSION_ID, MAX_SESSION_ID = 16, 64


RANDOM_INT_LABEL = b"p2pbang/v1/random-int"


@dataclass
class HiddenSlot:
    """What every dealer knows about one slot: identical on every seat.

    ``shares`` holds the verified decryption shares of the *current* ciphertext by seat;
    a slot whose shares lack exactly one seat is in that seat's hand; with none missing it
    is public (``card`` then says which card). ``seen`` is every seat that ever learnt it.
    """

    pile: str
    ciphertext: Ciphertext
    shares: dict[int, Point] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)
    card: int | None = None

    def missing(self, n_seats: int) -> set[int]:
        return {s for s in range(n_seats) if s not in self.shares}


class MentalDealer:
    """One seat's side of the dealing protocol (see the module docstring).

    ``seat=None`` makes an *observer*: it owes no message and holds no secret that matters,
    but checks every message and learns every public card, exactly like a seat. That is
    what an offline audit of a finished game's log (``p2pbang verify``) or a spectator
    needs.
    """

    def __init__(self, seat: int | None, n_seats: int, session_id: bytes,
                 secret_key: bytes | None = None, escrow_threshold: int | None = None) -> None:
        """``secret_key`` (from ``export_secret_key``) restores a seat after a restart: its
        own messages are then replayed from the log like everyone else's.

        ``escrow_threshold`` ``t`` (2 to n-1; None: no escrow, only cooperative hand-overs)
        adds the escrow rounds after the key round (``dealer/escrow.py``) so that a seat
        that vanishes can be handed over (``begin_handover``)."""
        if not isinstance(n_seats, int) or not 1 <= n_seats <= 64:
            raise ProtocolMisuse("a table has 1 to 64 seats")
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < n_seats):
            raise ProtocolMisuse(f"seat {seat!r} is not at a table of {n_seats}")
        if not isinstance(session_id, bytes) or not (
            MIN_SESSION_ID <= len(session_id) <= MAX_SESSION_ID
        ):
            raise ProtocolMisuse(f"a session id is {MIN_SESSION_ID}-{MAX_SESSION_ID} bytes")
        self.seat = seat
        self.n_seats = n_seats
        self.session_id = session_id
        self._keypair = generate_keypair() if secret_key is None else _restore_keypair(secret_key)
        self._public_keys: dict[int, Point] = {}
        self._joint: Point | None = None
        self._slots: dict[int, HiddenSlot] = {}
        self._known: dict[int, int] = {}
        self._cards = CardTable()
        self._step = 0
        self._outbox: tuple[int, bytes] | None = None
        self.escrow_threshold = escrow_threshold
        self._escrow: Any = None  # the current EscrowBook (dealer/escrow.py), if any
        if escrow_threshold is not None and (
                type(escrow_threshold) is not int or not 2 <= escrow_threshold < n_seats):
            # t = 1 would hand every seat every other seat's whole key (and a two-seat
            # table, the Duel, has no other choice): no escrow then.
            raise ProtocolMisuse(f"an escrow threshold is 2 to {n_seats - 1} at a table of "
                                 f"{n_seats} (escrow needs 3 seats)")
        self._task: _Task = _KeyRound(self)
        self._request: ChanceRequest | None = None
        self._mid_round = False  # some, not all, messages of the current round are in
        self._delivered: dict[int, int] = {}

    # ------------------------------------------------------------------ public state

    @property
    def public_key(self) -> Point:
        if self.seat is None:
            raise ProtocolMisuse("an observer has no key at the table")
        return self._keypair.public

    def export_secret_key(self) -> bytes:
        """This seat's dealer secret (32 bytes), to keep in the user-only secrets file."""
        if self.seat is None:
            raise ProtocolMisuse("an observer has no secret")
        return self._keypair.secret.to_bytes(32, "little")

    def pending_opening(self) -> tuple[int, bytes, bytes] | None:
        """``(round, nonce, value)`` of this seat's commitment for the running public draw,
        once composed and until revealed. The log holds only the commitment: a restarted seat
        needs this secret half back (``restore_opening``) to reveal, or the draw stalls."""
        task = self._task
        if isinstance(task, _RandomTask) and not task.finished and task.opening is not None:
            return task.round_id, task.opening.nonce, task.opening.value
        return None

    def restore_opening(self, round_id: int, nonce: bytes, value: bytes) -> bool:
        """Give a restarted seat back its opening for the running draw ``round_id``; False
        (and nothing changes) when that draw is not running or already has an opening."""
        task = self._task
        if not isinstance(task, _RandomTask) or task.finished or task.opening is not None:
            return False
        if task.round_id != round_id:
            return False
        task.opening = Opening(nonce, value)
        return True

    def pending_escrowed_draw(self) -> tuple[int, bytes, bytes] | None:
        """``(round, secret, dealing)`` of this seat's value for the running escrowed draw,
        once composed and until the draw ends: the log holds only its commitment, and a
        restarted seat needs both back (``restore_escrowed_draw``) to publish its dealing
        and its opening, or the draw stalls."""
        from p2pbang.dealer.escrow_draw import EscrowedDrawTask

        task = self._task
        if (isinstance(task, EscrowedDrawTask) and not task.finished
                and task._secret is not None and task._deal is not None):
            return task.round_id, task._secret.to_bytes(32, "little"), task._deal
        return None

    def restore_escrowed_draw(self, round_id: int, secret: bytes, dealing: bytes) -> bool:
        """Give a restarted seat back its value for the running escrowed draw ``round_id``;
        False (nothing changes) when that draw is not running or already has one."""
        from p2pbang.dealer.escrow_draw import EscrowedDrawTask

        task = self._task
        if (not isinstance(task, EscrowedDrawTask) or task.finished
                or task._secret is not None or task.round_id != round_id):
            return False
        task._secret, task._deal = int.from_bytes(secret, "little"), dealing
        return True

    @property
    def joint_key(self) -> Point:
        if self._joint is None:
            raise ProtocolMisuse("the key round has not finished")
        return self._joint

    @property
    def step(self) -> int:
        """The round counter every seat agrees on; bound into every proof."""
        return self._step

    def known_card(self, slot: int) -> int | None:
        """The card in ``slot`` if this seat has seen it, else None."""
        return self._known.get(slot)

    def slot_state(self, slot: int) -> HiddenSlot:
        """The public bookkeeping of a slot (the same on every seat); do not mutate."""
        return self._slots[slot]

    # ------------------------------------------------------------------ the protocol loop

    def begin(self, request: ChanceRequest) -> None:
        """Start answering ``request``; every seat begins the same requests in order."""
        if not self._task.finished:
            raise ProtocolMisuse("the previous request has not finished")
        task_type = self._task_type(request)
        if task_type is None:
            raise ProtocolMisuse(f"not a chance request: {request!r}")
        try:
            self._task = task_type(self, request)
            self._request = request
        except ValueError as exc:
            raise ProtocolMisuse(f"cannot run {request!r}: {exc}") from None

    def hand_over_problem(self, cooperative: bool = False, seat: int | None = None
                          ) -> str | None:
        """Why seat ``seat`` (any seat when None) cannot start changing hands at the open
        position, or None: the table asks before it proposes, so that every peer can apply
        what it signs."""
        if self._joint is None:
            return "the key round has not finished"
        if not cooperative and (self._escrow is None or not getattr(self._escrow, "ready",
                                                                      False)):
            return "the escrow is not complete yet"
        task = self._task
        if self.handing_over:
            return "another hand-over is running"
        if not task.finished:
            if (self._mid_round or self._request is None
                    or type(task) is not self._task_type(self._request)):
                return "a request is between its rounds"
            if getattr(task, "revealing", False):
                return "a draw's openings are due"
            if isinstance(task, _ReorderTask) and task.plan is not None and (
                    seat is None or seat == task.receiver):
                # Its new holder could not learn the reordered hand: the cards are neither
                # delivered (no share is left after the shuffle) nor its own to open.
                return "the seat's hand is between the two rounds of its reorder"
        return None

    def begin_handover(self, seat: int, *, cooperative: bool, incoming: bool = False,
                       secret_key: bytes | None = None) -> None:
        """Start handing seat ``seat`` to a new holder (``dealer/handover.py``).

        Every present dealer calls it, the leaver's too when ``cooperative``; the incoming
        holder's dealer (an observer that read the whole log) passes ``incoming=True`` and
        becomes seat ``seat``; ``secret_key`` replays a finished hand-over after a restart.
        A request left waiting (at a round boundary: the log applies no part of the
        interrupted position) runs again from its start once the hand-over is done.
        """
        from p2pbang.dealer.handover import HandOverTask

        interrupted = None
        if not self._task.finished:
            task = self._task
            if (self._mid_round or self._request is None
                    or type(task) is not self._task_type(self._request)):
                raise ProtocolMisuse("a hand-over interrupts a request only between rounds")
            if getattr(task, "revealing", False):
                raise ProtocolMisuse("a draw whose openings are due cannot be run again "
                                     "(the last opener would choose); it must complete")
            interrupted = self._request
        try:
            self._task = HandOverTask(self, seat, cooperative, incoming, secret_key,
                                      interrupted)
        except ValueError as exc:
            raise ProtocolMisuse(f"cannot hand over seat {seat!r}: {exc}") from None
        self._outbox = None  # a message composed for the interrupted round is stale

    def _restart(self, request: ChanceRequest) -> None:
        """Run ``request`` again from its start (after a hand-over interrupted it)."""
        self._task = self._task_type(request)(self, request)
        self._request = request

    def _task_type(self, request: object) -> Any:
        """The task answering ``request``; with escrow on a draw is an escrowed one."""
        task_type = _TASKS.get(type(request))
        if task_type is _RandomTask and self.escrow_threshold is not None:
            from p2pbang.dealer.escrow_draw import EscrowedDrawTask

            return EscrowedDrawTask
        return task_type

    def declare_withheld(self, seats: Iterable[int]) -> None:
        """The running escrowed draw goes on without ``seats``' openings: the other seats
        publish their escrow shares of those values instead (``dealer/escrow_draw.py``).
        Every dealer calls it at the same place of the log, before any opening is applied.
        """
        from p2pbang.dealer.escrow_draw import EscrowedDrawTask

        task = self._task
        if not isinstance(task, EscrowedDrawTask) or task.finished or self._mid_round:
            raise ProtocolMisuse("no escrowed draw is waiting for its openings")
        try:
            task.declare_withheld(frozenset(seats))
        except ValueError as exc:
            raise ProtocolMisuse(str(exc)) from None
        # An opening composed before (signed at the position the declaration closed, and
        # never applied) is stale: the openings now carry the withheld values' shares.
        self._outbox = None

    @property
    def handing_over(self) -> bool:
        """Whether a hand-over (``begin_handover``) is running on this dealer."""
        from p2pbang.dealer.handover import HandOverTask

        return isinstance(self._task, HandOverTask) and not self._task.finished

    @property
    def leaver_owes(self) -> bool:
        """Whether a cooperative hand-over still needs the leaver's own round (it is before
        or at round B): the leaving peer stays until then."""
        from p2pbang.dealer.handover import OPEN, PART, HandOverTask

        task = self._task
        return (isinstance(task, HandOverTask) and not task.finished and task.cooperative
                and task.round in (OPEN, PART) and bool(task.switched))

    @property
    def leaver_writes(self) -> bool:
        """Whether the running hand-over waits for the leaver's own round (a cooperative
        hand-over's round B): its part then comes from the seat's old holder."""
        from p2pbang.dealer.handover import PART, HandOverTask

        task = self._task
        return (isinstance(task, HandOverTask) and not task.finished and task.cooperative
                and task.round == PART)

    def awaiting_openings(self) -> bool:
        """Whether the running request is an escrowed draw waiting for its openings (at a
        round boundary): then a silent seat's value is opened by the others
        (``declare_withheld``), since running the draw again would let the last opener
        choose; a hand-over can start only once it completed."""
        task = self._task
        return (not task.finished and not self._mid_round
                and bool(getattr(task, "revealing", False)))

    @property
    def delivered(self) -> dict[int, int]:
        """The cards a finished incoming hand-over gave this dealer (slot -> card): the
        replaced seat's private cards, which its new holder's engine must learn."""
        return dict(self._delivered)

    def expected_writers(self) -> frozenset[int]:
        """Seats that still owe a message in the current round (empty when done)."""
        return frozenset(self._task.owed)

    def outgoing(self) -> bytes | None:
        """This seat's message for the current round, if it owes one (stable if re-asked)."""
        if self.seat not in self._task.owed or not self._task.may_write():
            return None
        if self._outbox is None or self._outbox[0] != self._step:
            self._outbox = (self._step, self._task.compose())
        return self._outbox[1]

    def receive(self, seat: int, payload: bytes) -> None:
        """Take ``seat``'s message: check it fully, then apply it (or raise CheatDetected)."""
        if not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise ProtocolMisuse(f"no seat {seat!r} at this table")
        evidence = payload if isinstance(payload, bytes) else b""
        task = self._task
        if seat not in task.owed:
            raise CheatDetected(seat, task.out_of_turn(seat, payload), evidence)
        own = seat == self.seat and self._outbox == (self._step, payload)
        try:
            message = wire.decode(payload)
            task.accept(seat, message, own)
        except (InvalidEncoding, VerificationFailed) as exc:
            raise CheatDetected(seat, exc.reason, evidence) from None
        task.owed.discard(seat)
        self._mid_round = bool(task.owed)
        if not task.owed:
            self._step += 1
            task.next_round()

    def done(self) -> bool:
        return self._task.finished

    def result(self) -> ChanceResult:
        """The answer to the finished request, as this seat may see it."""
        if not self._task.finished:
            raise ProtocolMisuse("the request has not finished")
        return self._task.result()

    # ------------------------------------------------------------------ own cards

    def reveal_own(self, slot: int) -> tuple[int, bytes]:
        """Reveal a card from this seat's hand: ``(card, payload)`` with a proven share."""
        if self.seat is None:
            raise ProtocolMisuse("an observer holds no cards")
        state = self._slots.get(slot)
        if state is None or slot not in self._known:
            raise ProtocolMisuse(f"slot {slot} is not known to seat {self.seat}")
        if state.card is not None:
            raise ProtocolMisuse(f"slot {slot} is already public: there is nothing to prove")
        if state.missing(self.n_seats) != {self.seat}:
            raise ProtocolMisuse(f"slot {slot} is not in seat {self.seat}'s hand")
        share = make_share(self._keypair, state.ciphertext, self.session_id, self._step,
                           self.seat, _own_context(slot))
        return self._known[slot], msg.own_message(slot, share)

    def verify_reveal(self, seat: int, slot: int, card: int, payload: bytes) -> None:
        """Check ``seat``'s claim that ``slot`` holds ``card``; on success the card is public."""
        self.verify_reveals(seat, [(slot, card, payload)])

    def verify_reveals(self, seat: int, claims: Sequence[tuple[int, int, bytes]]) -> None:
        """Check every ``(slot, card, payload)`` claim of one move by ``seat``, then make the
        cards public: all of them or, on the first bad claim, none (a move whose second card
        fails must not leave its first card face up on the peers that checked it)."""
        if not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise ProtocolMisuse(f"no seat {seat!r} at this table")
        if self._joint is None:
            raise ProtocolMisuse("the key round has not finished")
        checked: list[tuple[int, HiddenSlot, int, Point]] = []
        for slot, card, payload in claims:
            evidence = payload if isinstance(payload, bytes) else b""
            try:
                if any(slot == done[0] for done in checked):
                    raise VerificationFailed(f"slot {slot} is revealed twice")
                state, share = self._check_reveal(seat, slot, card, payload)
            except (InvalidEncoding, VerificationFailed) as exc:
                raise CheatDetected(seat, exc.reason, evidence) from None
            checked.append((slot, state, card, share))
        for slot, state, card, share in checked:
            state.shares[seat] = share
            self._make_public(slot, state, card)

    def _check_reveal(self, seat: int, slot: int, card: int,
                      payload: bytes) -> tuple[HiddenSlot, Point]:
        """The slot's state and the proven share, if the claim holds; changes nothing."""
        claimed_slot, share = msg.parse_own(wire.decode(payload))
        if claimed_slot != slot:
            raise VerificationFailed(f"the proof is for slot {claimed_slot}, not {slot}")
        if not isinstance(card, int) or isinstance(card, bool):
            raise VerificationFailed("the claimed card is not an integer")
        state = self._slots.get(slot)
        if state is None:
            raise VerificationFailed(f"there is no hidden slot {slot}")
        if state.card is not None or not state.missing(self.n_seats):
            # Every seat's share of a public card is known, so anyone could "prove" it;
            # which hand holds a public card is the engine's business, not the dealer's.
            raise VerificationFailed(f"slot {slot} is already public, in no seat's hand")
        if state.missing(self.n_seats) != {seat}:
            raise VerificationFailed(f"slot {slot} is not in seat {seat}'s hand")
        verify_share(self._public_keys[seat], state.ciphertext, share, self.session_id,
                     self._step, seat, _own_context(slot))
        others = [p for s, p in state.shares.items() if s != seat]
        actual = self._cards.identify(state.pile, unmask(state.ciphertext,
                                                         [*others, share.share]))
        if actual != card:
            raise VerificationFailed(f"claims card {card} but slot {slot} holds another")
        return state, share.share

    # ------------------------------------------------------------------ helpers for tasks

    def _slot(self, slot: object) -> HiddenSlot:
        if not isinstance(slot, int) or isinstance(slot, bool) or slot not in self._slots:
            raise ValueError(f"unknown slot {slot!r}")
        return self._slots[slot]

    def _open(self, slot: int, state: HiddenSlot, extra: Iterable[Point] = ()) -> int:
        """Decrypt with every recorded share plus ``extra``; the card must be in the pile.

        Every share and every pass was proven, so failing here means a proof was forged
        (a broken assumption), not a peer's detectable cheating.
        """
        card = self._cards.identify(state.pile, unmask(state.ciphertext,
                                                       [*state.shares.values(), *extra]))
        if card is None:
            raise RuntimeError(f"slot {slot} decrypts to no card of pile {state.pile!r}")
        return card

    def _make_public(self, slot: int, state: HiddenSlot, card: int) -> None:
        state.card = card
        state.seen.update(range(self.n_seats))
        self._known[slot] = card

    def _verify_shares(self, seat: int, items: Sequence[tuple[int, DecryptionShare]]) -> None:
        for slot, share in items:
            verify_share(self._public_keys[seat], self._slots[slot].ciphertext, share,
                         self.session_id, self._step, seat, _share_context(slot))

    def _my_shares(self, slots: Sequence[int]) -> list[tuple[int, DecryptionShare]]:
        return [(slot, make_share(self._keypair, self._slots[slot].ciphertext, self.session_id,
                                  self._step, self.seat, _share_context(slot)))
                for slot in slots]


def _share_context(slot: int) -> bytes:
    return b"share/slot:" + str(slot).encode("ascii")


def _own_context(slot: int) -> bytes:
    return b"own/slot:" + str(slot).encode("ascii")


def _transfer_context(slot: int) -> bytes:
    return b"transfer/slot:" + str(slot).encode("ascii")


def _distinct_slots(slots: object) -> tuple[int, ...]:
    if (not isinstance(slots, tuple) or not all(type(s) is int for s in slots)
            or len(set(slots)) != len(slots)):
        raise ValueError("slots must be a tuple of distinct integer slot ids")
    return slots


# ---------------------------------------------------------------------- the tasks


class _Task(ABC):
    """One request's rounds. ``owed`` is who still owes a message this round."""

    def __init__(self, dealer: MentalDealer) -> None:
        self.d = dealer
        self.owed: set[int] = set()
        self.finished = False

    @abstractmethod
    def compose(self) -> bytes:
        """This seat's message for the current round."""

    @abstractmethod
    def accept(self, seat: int, message: dict[str, Any], own: bool) -> None:
        """Verify ``seat``'s message, then record it. Raise before recording anything."""

    @abstractmethod
    def next_round(self) -> None:
        """The round is complete (the step has advanced): start the next one or finish."""

    def result(self) -> ChanceResult:
        return ChanceResult(())

    def may_write(self) -> bool:
        """False when another dealer writes in this seat's name this round (a hand-over)."""
        return True

    def out_of_turn(self, seat: int, payload: object) -> str:
        if self.finished:
            return "sent a message while no request was running"
        return "sent a message out of turn"


class _KeyRound(_Task):
    def __init__(self, dealer: MentalDealer) -> None:
        super().__init__(dealer)
        self.verified: dict[int, VerifiedKey] = {}
        self.owed = set(range(dealer.n_seats))

    def compose(self) -> bytes:
        d = self.d
        proof = prove_key(d._keypair, d.session_id, d.seat, d.step)
        return msg.key_message(d._keypair.public, proof)

    def accept(self, seat: int, message: dict[str, Any], own: bool) -> None:
        d = self.d
        public, proof = msg.parse_key(message)
        if seat == d.seat and public != d._keypair.public:
            raise VerificationFailed("a key in this seat's name that is not its key")
        verified = verify_key(public, proof, d.session_id, seat, d.step)
        if len(self.verified) == d.n_seats - 1:
            joint = joint_public_key([*self.verified.values(), verified])
            self.verified[seat] = verified
            d._joint = joint
            d._public_keys = {s: k.public for s, k in self.verified.items()}
        else:
            self.verified[seat] = verified

    def next_round(self) -> None:
        self.finished = True
        if self.d.escrow_threshold is not None:
            from p2pbang.dealer.escrow import EscrowTask

            self.d._task = EscrowTask(self.d)


class _ShuffleTask(_Task):
    def __init__(self, dealer: MentalDealer, request: Shuffle) -> None:
        super().__init__(dealer)
        pile = request.pile
        check_pile_name(pile)
        self.slots = _distinct_slots(request.slots)
        if not isinstance(request.cards, tuple) or len(request.cards) != len(self.slots):
            raise ValueError("a shuffle needs one card per slot")
        for slot in self.slots:
            if type(slot) is not int or not 0 <= slot <= msg.MAX_SLOT:
                raise ValueError(f"bad slot id {slot!r}")
        self.pile = pile
        self.deck = [trivial_encryption(card_point(pile, card)) for card in request.cards]
        dealer._cards.add(pile, request.cards)
        self.context = b"pile:" + pile.encode("ascii")
        self.passer = 0
        self._mine: list[Ciphertext] | None = None
        if self.deck:
            self.owed = {0}
        else:
            self.finished = True

    def compose(self) -> bytes:
        d = self.d
        new, proof = shuffle_and_prove(self.deck, d.joint_key, d.session_id, d.step, d.seat,
                                       self.context)
        self._mine = new
        return msg.shuffle_message(new, proof)

    def accept(self, seat: int, message: dict[str, Any], own: bool) -> None:
        d = self.d
        if own and self._mine is not None:
            self.deck = self._mine
            return
        new, proof = msg.parse_shuffle(message, len(self.deck))
        verify_pass(self.deck, new, proof, d.joint_key, d.session_id, d.step, seat, self.context)
        self.deck = new

    def next_round(self) -> None:
        self.passer += 1
        if self.passer < self.d.n_seats:
            self.owed = {self.passer}
            return
        for slot, ct in zip(self.slots, self.deck, strict=True):
            self.d._slots[slot] = HiddenSlot(self.pile, ct)
            self.d._known.pop(slot, None)
        self.finished = True


class _SharesPlan:
    """Which seat owes shares of which slots (in request order)."""

    def __init__(self, dealer: MentalDealer, slots: Sequence[int], exclude: int | None) -> None:
        self.by_seat: dict[int, list[int]] = {}
        for slot in slots:
            for seat in sorted(dealer._slots[slot].missing(dealer.n_seats)):
                if seat != exclude:
                    self.by_seat.setdefault(seat, []).append(slot)


class _OpenedForOne(_Task):
    """A task that ends with every other seat's proven decryption shares of ``slots`` for one
    seat (``receiver``), who then opens them alone: a deal and a hand's reorder. Their first
    round (the receiver re-randomising, the holder's proven shuffle) is their own
    (``_compose_first``, ``_accept_first``); the shares round, the opening and the result are
    written here once. ``plan`` is None during the first round."""

    receiver: int
    slots: tuple[int, ...]
    # A deal leaves a slot its receiver already knows as it is; a reorder opens every slot
    # again, since what the holder knew was the hand in its old order.
    reopen_known = False

    def __init__(self, dealer: MentalDealer) -> None:
        super().__init__(dealer)
        self.plan: _SharesPlan | None = None
        self._mine: Any = None

    def _start_shares(self) -> None:
        self.plan = _SharesPlan(self.d, self.slots, exclude=self.receiver)
        self.owed = set(self.plan.by_seat)
        if not self.owed:
            self._finish()

    @abstractmethod
    def _compose_first(self) -> bytes:
        """The first round's message (only the receiver writes one)."""

    @abstractmethod
    def _accept_first(self, seat: int, message: dict[str, Any], trusted: bool) -> None:
        """Verify the first round's message (unless ``trusted``: this seat's own), then
        record it."""

    def compose(self) -> bytes:
        if self.plan is None:
            return self._compose_first()
        shares = self.d._my_shares(self.plan.by_seat[self.d.seat])
        self._mine = shares
        return msg.shares_message(shares)

    def accept(self, seat: int, message: dict[str, Any], own: bool) -> None:
        d = self.d
        trusted = own and self._mine is not None
        if self.plan is None:
            self._accept_first(seat, message, trusted)
            return
        shares = self._mine if trusted else msg.parse_shares(message, self.plan.by_seat[seat])
        if not trusted:
            d._verify_shares(seat, shares)
        for slot, share in shares:
            d._slots[slot].shares[seat] = share.share

    def next_round(self) -> None:
        self._mine = None
        if self.plan is None:
            self._start_shares()
        else:
            self._finish()

    def _finish(self) -> None:
        d = self.d
        for slot in self.slots:
            state = d._slots[slot]
            if d.seat == self.receiver and (self.reopen_known or slot not in d._known):
                own_share = scalar_mul(d._keypair.secret, state.ciphertext.c1)
                d._known[slot] = d._open(slot, state, [own_share])
            state.seen.add(self.receiver)
        self.finished = True

    def result(self) -> ChanceResult:
        if self.d.seat != self.receiver:
            return ChanceResult(tuple(None for _ in self.slots))
        return ChanceResult(tuple(self.d._known[slot] for slot in self.slots))


class _DealTask(_OpenedForOne):
    def __init__(self, dealer: MentalDealer, request: Deal) -> None:
        super().__init__(dealer)
        if not isinstance(request.seat, int) or not 0 <= request.seat < dealer.n_seats:
            raise ValueError(f"no seat {request.seat!r}")
        self.receiver = request.seat
        self.slots = _distinct_slots(request.slots)
        states = [dealer._slot(slot) for slot in self.slots]
        # The receiver's share of the current ciphertext is public: others could finish
        # decrypting, so the receiver re-randomises first (docs/crypto.md).
        self.transfers = [slot for slot, state in zip(self.slots, states, strict=True)
                          if self.receiver in state.shares and state.card is None]
        if self.transfers:
            self.owed = {self.receiver}
        else:
            self._start_shares()

    def _compose_first(self) -> bytes:
        d = self.d
        items = []
        for slot in self.transfers:
            new, proof = rerandomise_with_proof(
                d._slots[slot].ciphertext, d.joint_key, d.session_id, d.step, d.seat,
                _transfer_context(slot))
            items.append((slot, new, proof))
        self._mine = items
        return msg.transfer_message(items)

    def _accept_first(self, seat: int, message: dict[str, Any], trusted: bool) -> None:
        d = self.d
        items = self._mine if trusted else msg.parse_transfer(message, self.transfers)
        if not trusted:
            for slot, new, proof in items:
                verify_rerandomisation(d._slots[slot].ciphertext, new, proof, d.joint_key,
                                       d.session_id, d.step, seat, _transfer_context(slot))
        for slot, new, _ in items:
            state = d._slots[slot]
            state.ciphertext = new
            state.shares = {}


class _RevealTask(_Task):
    def __init__(self, dealer: MentalDealer, request: Reveal) -> None:
        super().__init__(dealer)
        self.slots = _distinct_slots(request.slots)
        for slot in self.slots:
            dealer._slot(slot)
        self.plan = _SharesPlan(dealer, self.slots, exclude=None)
        self._mine: list[tuple[int, DecryptionShare]] | None = None
        self.owed = set(self.plan.by_seat)
        if not self.owed:
            self._finish()

    def compose(self) -> bytes:
        shares = self.d._my_shares(self.plan.by_seat[self.d.seat])
        self._mine = shares
        return msg.shares_message(shares)

    def accept(self, seat: int, message: dict[str, Any], own: bool) -> None:
        d = self.d
        if own and self._mine is not None:
            shares = self._mine
        else:
            shares = msg.parse_shares(message, self.plan.by_seat[seat])
            d._verify_shares(seat, shares)
        for slot, share in shares:
            d._slots[slot].shares[seat] = share.share

    def next_round(self) -> None:
        self._finish()

    def _finish(self) -> None:
        d = self.d
        for slot in self.slots:
            state = d._slots[slot]
            if state.card is None:
                d._make_public(slot, state, d._open(slot, state))
        self.finished = True

    def result(self) -> ChanceResult:
        return ChanceResult(tuple(self.d._slots[slot].card for slot in self.slots))


class _RandomTask(_Task):
    def __init__(self, dealer: MentalDealer, request: RandomInt) -> None:
        super().__init__(dealer)
        bound = request.bound
        if not isinstance(bound, int) or isinstance(bound, bool) or not 1 <= bound < 2**64:
            raise ValueError("a random integer needs a bound in [1, 2^64)")
        self.bound = bound
        self.value: int | None = None
        self.round_id = dealer.step
        self.draw = CommitRevealRound(dealer.session_id, self.round_id, range(dealer.n_seats))
        self.opening: Opening | None = None
        self.revealing = False
        if bound == 1:
            self.value = 0
            self.finished = True
        else:
            self.owed = set(range(dealer.n_seats))

    def compose(self) -> bytes:
        d = self.d
        if not self.revealing:
            self.opening, digest = new_contribution(d.session_id, self.round_id, d.seat)
            return msg.commit_message(digest)
        if self.opening is None:
            raise ProtocolMisuse("this seat's commitment was lost: it cannot reveal")
        return msg.reveal_message(self.draw.echo(), self.opening.nonce, self.opening.value)

    def accept(self, seat: int, message: dict[str, Any], own: bool) -> None:
        if not self.revealing:
            if msg.message_kind(message) == msg.REVEAL:
                raise VerificationFailed("revealed before the commitment set was closed")
            self.draw.add_commitment(seat, msg.parse_commit(message))
            return
        echo, nonce, value = msg.parse_reveal(message)
        self.draw.add_reveal(seat, nonce, value, echo)

    def next_round(self) -> None:
        if not self.revealing:
            self.revealing = True
            self.owed = set(range(self.d.n_seats))
            return
        self.value = uniform_below(self.draw.seed(), self.bound, RANDOM_INT_LABEL)
        self.finished = True

    def out_of_turn(self, seat: int, payload: object) -> str:
        if not self.finished and not self.revealing:
            try:
                if msg.message_kind(wire.decode(payload)) == msg.REVEAL:
                    return "revealed before the commitment set was closed"
            except InvalidEncoding:
                pass
        return super().out_of_turn(seat, payload)

    def result(self) -> ChanceResult:
        return ChanceResult((self.value,))


class _ReorderTask(_OpenedForOne):
    """Round 1: the holder's proven shuffle of its hand. Round 2: the others' shares."""

    reopen_known = True

    def __init__(self, dealer: MentalDealer, request: ReorderHand) -> None:
        super().__init__(dealer)
        if not isinstance(request.seat, int) or not 0 <= request.seat < dealer.n_seats:
            raise ValueError(f"no seat {request.seat!r}")
        self.receiver = request.seat
        self.slots = _distinct_slots(request.slots)
        states = [dealer._slot(slot) for slot in self.slots]
        # Run again after a hand-over interrupted it between its rounds (MentalDealer.
        # begin_handover): the holder's shuffle is applied and the hand-over switched its
        # ciphertexts (no share is left): only the others' shares remain to be given.
        self.resumed = bool(states) and all(
            state.card is None and not state.shares and self.receiver in state.seen
            for state in states)
        for slot, state in zip(self.slots, states, strict=True):
            if self.resumed:
                break
            if state.card is not None or state.missing(dealer.n_seats) != {self.receiver}:
                raise ValueError(f"slot {slot} is not hidden in seat {self.receiver}'s hand")
        if len({state.pile for state in states}) > 1:
            raise ValueError("a hand to reorder holds cards of one pile")
        # Who still knows every card of the hand still knows the hand, in any order.
        self.seen = set.intersection(*(state.seen for state in states)) if states else set()
        self.context = b"reorder/seat:%d/slots:" % self.receiver + b",".join(
            str(slot).encode("ascii") for slot in self.slots)
        if len(self.slots) < 2:
            self.finished = True  # one card or none: there is no order to hide
        elif self.resumed:
            self.plan = _SharesPlan(dealer, self.slots, exclude=self.receiver)
            self.owed = set(self.plan.by_seat)
        else:
            self.owed = {self.receiver}

    def _compose_first(self) -> bytes:
        d = self.d
        old = [d._slots[slot].ciphertext for slot in self.slots]
        new, proof = shuffle_and_prove(old, d.joint_key, d.session_id, d.step, d.seat,
                                       self.context)
        self._mine = new
        return msg.shuffle_message(new, proof)

    def _accept_first(self, seat: int, message: dict[str, Any], trusted: bool) -> None:
        d = self.d
        old = [d._slots[slot].ciphertext for slot in self.slots]
        if trusted:
            new = self._mine
        else:
            new, proof = msg.parse_shuffle(message, len(old))
            verify_pass(old, new, proof, d.joint_key, d.session_id, d.step, seat, self.context)
        for slot, ct in zip(self.slots, new, strict=True):
            state = d._slots[slot]
            state.ciphertext, state.shares = ct, {}
            state.seen = {self.receiver, *self.seen}
            d._known.pop(slot, None)


_TASKS: dict[type, type[_Task]] = {
    ReorderHand: _ReorderTask,
    Shuffle: _ShuffleTask,
    Deal: _DealTask,
    Reveal: _RevealTask,
    RandomInt: _RandomTask,
}


def _restore_keypair(secret_key: bytes) -> KeyPair:
    if not isinstance(secret_key, bytes) or len(secret_key) != 32:
        raise ProtocolMisuse("a dealer secret key is 32 bytes")
    secret = int.from_bytes(secret_key, "little")
    if not 0 < secret < L:
        raise ProtocolMisuse("a dealer secret key is a non-zero scalar below the group order")
    return KeyPair(secret, base_mul(secret))
