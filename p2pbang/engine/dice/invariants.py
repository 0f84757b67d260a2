"""Invariants of a dice game in progress, for selfplay and property tests (all-seeing engine).

Why these: they are what a wrong rule would break first and what no single scenario test
covers over thousands of games. Arrow tokens are conserved (the middle plus every player's,
the Indian Chief's Arrow held by at most one living player), life stays between 0 and the
character's maximum, the dead hold nothing and are out of the ring, the dice are a roll's
worth of valid codes, and a finished game has every role face up and names its winners.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from p2pbang.engine.actions import NO_SEAT, End
from p2pbang.engine.chance import RandomInt
from p2pbang.engine.contract import NO_CARDS
from p2pbang.engine.dice.faces import (
    ARROW_TOKENS,
    DIE_FACES,
    MAX_DICE,
    ROLE_CARDS,
    THREE_PLAYER_ROLES,
)
from p2pbang.engine.dice.game import DiceGame

_CODES = frozenset(code for faces in DIE_FACES for code in faces)


def violations(game: DiceGame, dealer_cards: Mapping[int, int] = NO_CARDS) -> list[str]:
    """Every broken invariant of ``game``, described; an empty list when all hold. The
    family's one shape (``engine/contract.py``): ``dealer_cards`` is not read here."""
    if game.turn == 0:
        return []  # still seating and dealing
    problems: list[str] = []
    held = sum(p.arrows for p in game.players)
    if not 0 <= game.arrows <= game.arrow_tokens:
        problems.append(f"{game.arrows} arrows in the middle, of {game.arrow_tokens}")
    if game.arrows + held != game.arrow_tokens:
        problems.append(f"arrows not conserved: {game.arrows} in the middle + {held} held "
                        f"!= {game.arrow_tokens}")
    # The Chief's Arrow is in a game only as an expansion's token in place of an arrow.
    chief_in_game = game.arrow_tokens < ARROW_TOKENS
    if game.chief != NO_SEAT and not (chief_in_game and game.players[game.chief].alive):
        problems.append(f"the Chief's Arrow is held by seat {game.chief}, not a living player")
    between_rolls = isinstance(game.pending, RandomInt)
    for p in game.players:
        if not 0 <= p.life <= p.max_life:
            problems.append(f"seat {p.seat} has {p.life} of {p.max_life} life")
        if between_rolls and p.alive != (p.life > 0):
            problems.append(f"seat {p.seat} alive={p.alive} with {p.life} life")
        if not p.alive and p.arrows:
            problems.append(f"dead seat {p.seat} holds {p.arrows} arrows")
    ring = game.alive_seats()
    if sorted(ring) != sorted(p.seat for p in game.players if p.alive):
        problems.append("the ring of living players does not match who is alive")
    if not 0 <= len(game.dice) <= MAX_DICE or any(code not in _CODES for code in game.dice):
        problems.append(f"impossible dice {game.dice}")
    roles = Counter(p.role for p in game.players)
    expected = Counter(THREE_PLAYER_ROLES if game.n == 3 else ROLE_CARDS[: game.n])
    if roles != expected:
        problems.append(f"roles {dict(roles)} are not the deal for {game.n} players")
    if isinstance(game.pending, End):
        if not all(p.role_public for p in game.players):
            problems.append("the game ended with a role still hidden")
        if not game.pending.winners:
            problems.append("the game ended with no winner")
    return problems
