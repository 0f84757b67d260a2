"""Hidden roles, as the card game and the Dice Game both deal them: the Sheriff face up, the
other role cards shuffled and dealt face down, one to each other seat, in slots of their own.

Why shared: both games deal, check and hand over a hidden role the same way (each with its
own role cards); the rules and the checks are written once here. A seat taken by an observer
(``engine/contract.py``, taking a seat) takes its role card with it once it is dealt.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any

from p2pbang.engine.actions import NO_SLOT
from p2pbang.engine.chance import Deal, Shuffle


def deal_face_down(players: Sequence[Any], seats: Sequence[int], in_play: Sequence[int],
                   sheriff_id: int, slots: tuple[int, ...],
                   role_cards: Sequence[str]) -> Generator[Any, Any, None]:
    """Shuffle the role cards in play but the Sheriff's into ``slots`` and deal one to each
    of ``seats`` in turn; a seat's engine (and the all-seeing one) learns its own role."""
    yield Shuffle("roles", tuple(i for i in in_play if i != sheriff_id), slots)
    for seat, slot in zip(seats, slots, strict=True):
        player = players[seat]
        player.role_slot = slot
        result = yield Deal((slot,), seat)
        if result.values[0] is not None:
            player.role = role_cards[result.values[0]]


def dealt_role_slot(pending: Any, role_slot: int) -> int:
    """A seat's role slot once its role card is dealt, else ``NO_SLOT``: the slot is named
    just before its ``Deal``, and counts once that is over."""
    if role_slot < 0 or (isinstance(pending, Deal) and pending.slots == (role_slot,)):
        return NO_SLOT
    return role_slot


def role_claim_refusal(players: Sequence[Any], player: Any, role_id: int,
                       in_play: Sequence[int], role_cards: Sequence[str],
                       sheriff_id: int) -> str | None:
    """Why "``player`` holds role card ``role_id``" contradicts what an engine knows, or
    ``None``: no such card in play (the Sheriff's is face up), another role shown for the
    seat, or every card of that role shown elsewhere. ``players`` have ``role`` and
    ``role_public``; ``in_play`` are the role card ids of the game, ``role_cards`` their
    roles by id."""
    if role_id not in in_play or role_id == sheriff_id:
        return f"no such role card in play: {role_id}"
    role = role_cards[role_id]
    if player.role is not None and player.role != role:
        return f"seat {player.seat} is known to be {player.role}, not {role}"
    shown = sum(1 for p in players if p is not player and p.role_public and p.role == role)
    if shown >= sum(1 for i in in_play if role_cards[i] == role):
        return f"every {role} card in play is shown elsewhere"
    return None


def missing_role_refusal(seat: int, player: Any, role_slot: int,
                         cards: Mapping[int, int]) -> str | None:
    """A seat whose role is dealt and still hidden takes its role card with it."""
    if role_slot != NO_SLOT and not player.role_public and role_slot not in cards:
        return f"seat {seat}'s role card (slot {role_slot}) is missing"
    return None
