"""An in-memory bulletin board and a driver that runs N MentalDealers in one process.

The board stands in for the network's replicated log: an append-only list of
(seat, payload) entries that every dealer reads in the same order. The driver asks the
dealers who must write next, takes each writer's message (in seat order when several owe
one) and hands it to every dealer. Tests use the ``tamper`` hook to play a cheating seat;
the benchmark uses the driver to time a whole table in one process.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from p2pbang.crypto.errors import CheatDetected, ProtocolMisuse
from p2pbang.dealer.mental import MentalDealer
from p2pbang.engine.chance import ChanceRequest, ChanceResult

Tamper = Callable[[int, bytes], bytes]
"""``tamper(seat, honest_payload) -> payload actually posted`` (for adversarial tests)."""


@dataclass(frozen=True, slots=True)
class Entry:
    index: int
    seat: int
    payload: bytes


@dataclass
class BulletinBoard:
    """Append-only, totally ordered messages: what every seat sees, in the same order."""

    entries: list[Entry] = field(default_factory=list)

    def post(self, seat: int, payload: bytes) -> Entry:
        entry = Entry(len(self.entries), seat, payload)
        self.entries.append(entry)
        return entry

    def bytes_by_seat(self) -> dict[int, int]:
        totals: dict[int, int] = {}
        for entry in self.entries:
            totals[entry.seat] = totals.get(entry.seat, 0) + len(entry.payload)
        return totals

    def messages_by_seat(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for entry in self.entries:
            counts[entry.seat] = counts.get(entry.seat, 0) + 1
        return counts


class TableAborted(Exception):
    """A message failed the checks: ``detections`` lists (detecting seat, CheatDetected)."""

    def __init__(self, detections: list[tuple[int, CheatDetected]]) -> None:
        accused = sorted({d.seat for _, d in detections})
        super().__init__(f"cheating detected, blamed on seat(s) {accused}: "
                         f"{detections[0][1].reason}")
        self.detections = detections

    @property
    def accused(self) -> set[int]:
        return {d.seat for _, d in self.detections}


@dataclass
class Table:
    """N dealers around one board."""

    dealers: list[MentalDealer]
    board: BulletinBoard
    observers: list[MentalDealer] = field(default_factory=list)
    """Dealers with no seat that read every message (a spectator, a seat's next holder)."""

    @classmethod
    def create(cls, n_seats: int, session_id: bytes | None = None,
               tamper: Tamper | None = None, escrow_threshold: int | None = None,
               observers: int = 0) -> Table:
        """A table whose key round (and escrow rounds, with a threshold) has run (raises
        TableAborted if a key or an escrow was bad)."""
        session = session_id if session_id is not None else secrets.token_bytes(32)
        table = cls([MentalDealer(seat, n_seats, session, escrow_threshold=escrow_threshold)
                     for seat in range(n_seats)], BulletinBoard(),
                    [MentalDealer(None, n_seats, session, escrow_threshold=escrow_threshold)
                     for _ in range(observers)])
        table.drive(tamper)
        return table

    def drive(self, tamper: Tamper | None = None) -> None:
        """Deliver messages until every dealer is done with the current request."""
        while True:
            writers = self.dealers[0].expected_writers()
            for dealer in [*self.dealers[1:], *self.observers]:
                if dealer.expected_writers() != writers:
                    raise ProtocolMisuse("the dealers disagree on whose message comes next")
            if not writers:
                break
            for seat in sorted(writers):
                payload = self._writer_message(seat)
                if payload is None:
                    raise ProtocolMisuse(f"seat {seat} owes a message but has none")
                if tamper is not None:
                    payload = tamper(seat, payload)
                self.deliver(seat, payload)
        if not all(dealer.done() for dealer in [*self.dealers, *self.observers]):
            raise ProtocolMisuse("no one owes a message but the request is not finished")

    def deliver(self, seat: int, payload: bytes) -> None:
        """Post one message and give it to every dealer; collect every detection."""
        self.board.post(seat, payload)
        detections: list[tuple[int, CheatDetected]] = []
        for dealer in [*self.dealers, *self.observers]:
            try:
                dealer.receive(seat, payload)
            except CheatDetected as cheat:
                detections.append((dealer.seat, cheat))
        if detections:
            raise TableAborted(detections)

    def run(self, request: ChanceRequest, tamper: Tamper | None = None) -> list[ChanceResult]:
        """Every dealer begins ``request``; drive it; return each seat's view of the result."""
        for dealer in [*self.dealers, *self.observers]:
            dealer.begin(request)
        self.drive(tamper)
        return [dealer.result() for dealer in self.dealers]


    def _writer_message(self, seat: int) -> bytes | None:
        """Seat ``seat``'s message: its dealer's, or during a hand-over the one dealer
        (the leaver or the incoming holder) that writes in its name this round."""
        payloads = [p for p in (d.outgoing() for d in [*self.dealers, *self.observers]
                                if d.seat == seat) if p is not None]
        return payloads[0] if len(payloads) == 1 else None

    def hand_over(self, seat: int, *, cooperative: bool, incoming: int = 0,
                  tamper: Tamper | None = None) -> MentalDealer:
        """Hand ``seat`` to ``observers[incoming]`` and drive the hand-over to its end.

        A vanished seat's dealer is dropped first (it reads and writes nothing more); a
        leaver's takes part, then is dropped. The incoming dealer takes the seat's place.
        """
        new = self.observers.pop(incoming)
        old = self.dealers[seat]
        present = [d for d in self.dealers if d is not old or cooperative]
        self.dealers = present
        for dealer in [*present, *self.observers]:
            dealer.begin_handover(seat, cooperative=cooperative)
        self.observers.append(new)
        new.begin_handover(seat, cooperative=cooperative, incoming=True)
        try:
            self.drive(tamper)
        finally:
            self.observers.remove(new)
            if cooperative:
                self.dealers.remove(old)
            self.dealers.insert(seat, new)
        return new


def run_requests(table: Table, requests: Sequence[ChanceRequest]) -> list[list[ChanceResult]]:
    """Run several requests in order (convenience for tests and the benchmark)."""
    return [table.run(request) for request in requests]
