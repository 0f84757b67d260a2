"""One peer's game, driven by the log: the engine for its seat bound to its MentalDealer.

The log is the game. Each position of the log is written by the seats the game names: the
seat whose decision is pending (a *move*), or the seats the dealer's protocol is waiting for
(a *deal* step: keys, shuffle passes, decryption shares, commitments, reveals). Every peer
feeds every entry, its own included, through ``receive`` in log order; so every honest peer's
core walks through the same states, and anything that fails a check raises ``Cheat`` naming
the seat that wrote it, with the evidence, before any state changes.

This module does no I/O: the network runner, the offline verifier and the tests drive it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgpack

from p2pbang.crypto.errors import CheatDetected, ProtocolMisuse
from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.actions import Action, Decision, End, Event
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.wire import WireError
from p2pbang.table.games import TableGame, table_game

MOVE = "move"
DEAL = "deal"
FORFEIT_TEAM = "forfeit"  # the team of a game won because the other seat was away
MAX_MOVE_BYTES = 16 * 1024


class Cheat(Exception):
    """A seat wrote something that fails a rule or a proof; the game stops with this verdict."""

    def __init__(self, seat: int, reason: str, evidence: bytes = b"") -> None:
        super().__init__(f"seat {seat}: {reason}")
        self.seat = seat
        self.reason = reason
        self.evidence = evidence


@dataclass(frozen=True)
class Expected:
    """Who writes the next log position, and what kind of entry it is."""

    seats: frozenset[int]
    kind: str


class TableCore:
    """The game of one seat (``seat=None``: an observer that checks everything and holds no
    secret: spectators and ``p2pbang verify``). ``choice`` is the game the genesis names
    (the base game when omitted); its engine, move codec and the cards a move shows come
    from the registry (``table/games.py``), so the core plays any game of the family."""

    def __init__(self, players: int, seat: int | None, dealer: MentalDealer,
                 choice: GameChoice | None = None) -> None:
        if dealer.seat != seat:
            raise ValueError("the dealer must belong to the same seat")
        choice = choice or GameChoice.make("bang", players)
        if choice.seats != players:
            raise ValueError(f"{choice.label()} is not a game for {players} seats")
        self.seat = seat
        self.players = players
        self.choice = choice
        self.kind: TableGame = table_game(choice)
        self.game = self.kind.engine(choice, seat)
        self.dealer = dealer
        self._chance_running = False
        self._taking: int | None = None  # the seat this core is the incoming holder of
        self._forfeit: End | None = None  # the other seat won: this one was away too long
        self.entries = 0

    # ------------------------------------------------------------------ who writes next

    def expected(self) -> Expected | None:
        """The writers and kind of the next entry; ``None`` once the game is over."""
        if self._forfeit is not None:
            return None
        if not self.dealer.done():
            return Expected(self.dealer.expected_writers(), DEAL)
        pending = self.game.pending
        if isinstance(pending, End):
            return None
        if isinstance(pending, Decision):
            return Expected(frozenset({pending.seat}), MOVE)
        raise AssertionError("a finished chance step was not applied")  # _settle prevents it

    @property
    def over(self) -> End | None:
        if self._forfeit is not None:
            return self._forfeit
        pending = self.game.pending
        return pending if isinstance(pending, End) else None

    def forfeit(self, seat: int) -> None:
        """Seat ``seat`` was away for the dropout wait at a two-seat table and the other
        claimed the game (``protocol/seats.md`` section 9): the game ends, won by forfeit.
        The engine is not asked: no rule of the game decided it, the table did."""
        if self.players != 2 or not 0 <= seat < 2:
            raise Cheat(seat, "only a two-seat game ends by forfeit")
        if self.over is not None:
            raise Cheat(seat, "the game is already over")
        self._forfeit = End(FORFEIT_TEAM, (1 - seat,))

    def my_deal_payload(self) -> bytes | None:
        """This seat's message for the dealer's current round, if it owes one."""
        return self.dealer.outgoing()

    def move_payload(self, action: Action) -> bytes:
        """This seat's move: the action, with a proven reveal of each card it shows."""
        reveals = []
        for slot, _card in self.kind.claims(action):
            public = self.dealer.known_card(slot) if self._is_public(slot) else None
            if public is not None:
                reveals.append([slot, public, b""])  # face up already: nothing to prove
                continue
            card, proof = self.dealer.reveal_own(slot)
            reveals.append([slot, card, proof])
        return msgpack.packb({"a": self.kind.to_wire(action), "r": reveals}, use_bin_type=True)

    def _is_public(self, slot: int) -> bool:
        """Whether the dealer already shows ``slot`` face up to everyone."""
        try:
            return self.dealer.slot_state(slot).card is not None
        except (KeyError, ValueError):
            return False

    # ------------------------------------------------------------------ seats changing hands

    def change_seat(self, seat: int, *, cooperative: bool, incoming: bool = False) -> None:
        """Seat ``seat`` passes to a new holder (``protocol/seats.md`` section 6): every core
        starts the dealer's hand-over rounds at the same place of the log. ``incoming``: this
        core is the new holder's (an observer until now); when the rounds deliver the seat's
        private cards, its engine takes the seat's view. Raises ``Cheat`` (blaming ``seat``'s
        position) when the dealer cannot hand over here: no escrow, or a draw whose openings
        are due (those complete with ``declare_withheld`` first)."""
        if incoming and self.seat is not None:
            raise ValueError("only an observer's core can take a seat")
        try:
            self.dealer.begin_handover(seat, cooperative=cooperative, incoming=incoming)
        except ProtocolMisuse as exc:
            raise Cheat(seat, f"the seat cannot change hands here: {exc}") from None
        if incoming:
            self.seat = seat
            self._taking = seat

    def declare_withheld(self, seat: int) -> None:
        """The running escrowed draw completes without ``seat``'s opening: the others open
        its escrowed value instead (``protocol/seats.md`` section 8)."""
        try:
            self.dealer.declare_withheld({seat})
        except ProtocolMisuse as exc:
            raise Cheat(seat, f"no opening of this seat can be reconstructed here: {exc}") \
                from None

    @property
    def handing_over(self) -> bool:
        return self.dealer.handing_over

    def _took_seat(self) -> None:
        """The incoming hand-over finished: the engine becomes the seat's (its cards told)."""
        seat, self._taking = self._taking, None
        assert seat is not None
        self.game.take_seat(seat, self.dealer.delivered)

    # ------------------------------------------------------------------ applying entries

    def start(self) -> None:
        """Call once before the first entry (and after a restart, before replaying)."""
        self._settle()

    def receive(self, seat: int, kind: str, payload: bytes) -> list[Event]:
        """Apply one part of the log (in log order; the parts of one position in seat order)."""
        expected = self.expected()
        if expected is None:
            raise Cheat(seat, "wrote after the end of the game", payload)
        if seat not in expected.seats:
            raise Cheat(seat, f"wrote out of turn (expected seats {sorted(expected.seats)})",
                        payload)
        if kind != expected.kind:
            raise Cheat(seat, f"wrote a {kind!r} entry where a {expected.kind!r} was due", payload)
        self.entries += 1
        if kind == DEAL:
            try:
                self.dealer.receive(seat, payload)
            except CheatDetected as exc:
                raise Cheat(exc.seat, exc.reason, exc.evidence) from None
            if self._taking is not None and not self.dealer.handing_over:
                self._took_seat()
            return self._settle()
        return self._apply_move(seat, payload)

    def _apply_move(self, seat: int, payload: bytes) -> list[Event]:
        action, reveals = self._decode_move(seat, payload)
        claims = self.kind.claims(action)
        if [r[0] for r in reveals] != [slot for slot, _ in claims]:
            raise Cheat(seat, "the move does not prove exactly the cards it reveals", payload)
        for (slot, card, _proof), (_slot, claimed) in zip(reveals, claims, strict=True):
            if card != claimed:
                raise Cheat(seat, f"proves card {card} in slot {slot} but the move claims "
                            f"{claimed}", payload)
        # The rules first (no state changes on failure), then the proofs, then apply.
        reason = self.game.check(action)
        if reason is not None:
            raise Cheat(seat, f"illegal move: {reason}", payload)
        hidden: list[tuple[int, int, bytes]] = []
        for slot, card, proof in reveals:
            if self._is_public(slot):
                # The engine has checked the card is in the mover's hand; the dealer only
                # proves hidden cards, and refuses a proof for a public one.
                if card != self.dealer.known_card(slot) or proof != b"":
                    raise Cheat(seat, f"slot {slot} is public: it shows its own card", payload)
                continue
            hidden.append((slot, card, proof))
        # Every proof of the move is checked before any card becomes public.
        if hidden:
            try:
                self.dealer.verify_reveals(seat, hidden)
            except CheatDetected as exc:
                raise Cheat(exc.seat, exc.reason, exc.evidence) from None
            except ProtocolMisuse as exc:
                raise Cheat(seat, f"cannot reveal the move's cards: {exc}", payload) from None
        events = self.game.apply(action)
        return events + self._settle()

    def _decode_move(self, seat: int, payload: bytes) -> tuple[Action, list[list[Any]]]:
        if not isinstance(payload, bytes) or len(payload) > MAX_MOVE_BYTES:
            raise Cheat(seat, "move too large or not bytes", b"")
        try:
            raw = msgpack.unpackb(payload, raw=False, strict_map_key=True, max_str_len=64,
                                  max_bin_len=4096, max_array_len=64, max_map_len=4,
                                  max_ext_len=0)
            if not isinstance(raw, dict) or set(raw) != {"a", "r"}:
                raise WireError("a move is a map with keys a and r")
            action = self.kind.from_wire(raw["a"])
            reveals = raw["r"]
            if not isinstance(reveals, list) or not all(
                isinstance(r, list) and len(r) == 3 and isinstance(r[0], int)
                and isinstance(r[1], int) and isinstance(r[2], bytes) for r in reveals
            ):
                raise WireError("reveals are [slot, card, proof] triples")
        except WireError as exc:
            raise Cheat(seat, f"malformed move: {exc}", payload) from None
        except Exception as exc:  # msgpack's many decode errors: all mean garbage
            raise Cheat(seat, f"undecodable move: {type(exc).__name__}", payload) from None
        if not isinstance(action, self.kind.action_types):
            raise Cheat(seat, "a move must be an action", payload)
        return action, reveals

    def _settle(self) -> list[Event]:
        """Start and finish chance steps until a move is due (or the dealer awaits messages)."""
        events: list[Event] = []
        while self.dealer.done():
            pending = self.game.pending
            if isinstance(pending, (Decision, End)):
                break
            if not self._chance_running:
                self.dealer.begin(pending)
                self._chance_running = True
                continue
            self._chance_running = False
            events.extend(self.game.apply(self.dealer.result()))
        return events
