"""A game of any of the family's engines dealt by MentalDealers, one a seat.

Why one loop: the tests that check a game's piles need nothing special from the
cryptographic dealer (the Dice Game's roles, The Duel's decks, the card game's event and
equipment piles) each wrote the same loop: an engine per seat, a move applied to every
engine after its shown cards were proven by their owner's share, a chance request answered
by ``dealer.board.Table`` (threshold ElGamal, shuffle and decryption proofs) and each seat's
answer applied to its own engine.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from p2pbang.dealer.board import Table
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.chance import Shuffle
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import game_kind


@dataclass
class MentalGame:
    """The seats' engines and their dealers, and what was dealt: ``piles`` shuffled,
    ``requests`` answered (every chance request, in order)."""

    engines: list[Any]
    table: Table
    piles: list[str] = field(default_factory=list)
    requests: list[Any] = field(default_factory=list)

    @property
    def game(self) -> Any:
        return self.engines[0]


def play_mentally(choice: GameChoice, choose: Callable[[Any, Decision], Any], *,
                  until: Callable[[Any], bool] = lambda game: False,
                  agree: Callable[[Any], Hashable] = lambda game: game.pending,
                  steps: int = 5000, session_id: bytes | None = None) -> MentalGame:
    """Play ``choice`` with one engine and one MentalDealer a seat until the game ends,
    ``until(seat 0's engine)`` holds at a decision, or ``steps`` steps.

    ``choose(engine, decision)``: the deciding seat's move, from that seat's own engine.
    Every card a move shows (the game's ``claims``) is revealed by its owner with a proof
    every dealer verifies; after each step every engine must agree on ``agree(engine)``
    (by default the pending step, which is public)."""
    sheet = game_kind(choice)
    seats = choice.seats
    table = Table.create(seats, session_id or secrets.token_bytes(32))
    played = MentalGame([sheet.engine.from_choice(choice, seat) for seat in range(seats)],
                        table)
    engines = played.engines
    for _ in range(steps):
        pending = engines[0].pending
        if isinstance(pending, End) or (isinstance(pending, Decision) and until(engines[0])):
            break
        if isinstance(pending, Decision):
            action = choose(engines[pending.seat], pending)
            for slot, card in sheet.claims(action):
                if table.dealers[0].slot_state(slot).card is not None:
                    continue  # face up already: the engines check it against the hand
                shown, payload = table.dealers[pending.seat].reveal_own(slot)
                assert shown == card, f"seat {pending.seat} claims {card} in slot {slot}"
                for dealer in table.dealers:
                    dealer.verify_reveal(pending.seat, slot, card, payload)
            for engine in engines:
                engine.apply(action)
        else:
            played.requests.append(pending)
            if isinstance(pending, Shuffle):
                played.piles.append(pending.pile)
            for engine, result in zip(engines, table.run(pending), strict=True):
                engine.apply(result)
        first = agree(engines[0])
        assert all(agree(engine) == first for engine in engines[1:])
    return played


__all__ = ["MentalGame", "play_mentally"]
