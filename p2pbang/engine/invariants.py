"""Invariants of a game in progress, checked after every step by selfplay and property tests.

They need the whole truth (an all-seeing engine and the dealer's slot -> card map): every
physical card is in exactly one place (equipment cards too: their pile, the shop, in front
of a player or their discard pile), life stays within bounds, nuggets are never negative, the
dead hold nothing.
"""

from __future__ import annotations

from p2pbang.engine.actions import DYING, PICK_CHECK, Decision, End
from p2pbang.engine.game import Game
from p2pbang.engine.sets.shadows import is_shadow

MAX_HIT = 3  # the most life one blow takes (Dynamite)


def violations(game: Game, dealer_cards: dict[int, int]) -> list[str]:
    """Every broken invariant of ``game``, described; an empty list when all hold."""
    problems: list[str] = []
    pending = game.pending
    if not isinstance(pending, (Decision, End)):
        # Mid-step (a chance request answered next): cards being drawn or flipped are in
        # the dealer's hands for a moment. Everything is checked at the next settled point.
        return problems
    places: list[tuple[str, int]] = [("deck", s) for s in game.deck]
    places += [("discard", s) for s in game.discard]
    places += [("store", s) for s in game.store]
    places += [("equipment pile", s) for s in game.equipment_deck]
    places += [("shop", s) for s in game.shop]
    places += [("equipment discard", s) for s in game.equipment_discard]
    if isinstance(pending, Decision) and pending.kind == PICK_CHECK:
        places += [("draw! cards", s) for s in pending.options]
    for p in game.players:
        places += [(f"hand {p.seat}", s) for s in p.hand]
        places += [(f"in play {p.seat}", s) for s in p.table]
        places += [(f"equipment {p.seat}", s) for s in p.equipment]
    slots = [slot for _, slot in places]
    if len(set(slots)) != len(slots):
        problems.append("a slot is in two places")
    cards = []
    for where, slot in places:
        card = dealer_cards.get(slot)
        if card is None:
            problems.append(f"slot {slot} ({where}) was never dealt a card")
            continue
        known = game.known.get(slot)
        if known is not None and known != card:
            problems.append(f"slot {slot} ({where}): engine believes {known}, dealer has {card}")
        cards.append(card)
    if sorted(cards) != list(range(len(game.cards))):
        problems.append(f"cards not conserved: {len(cards)} placed, {len(set(cards))} distinct")
    dying_seat = pending.seat if isinstance(pending, Decision) and pending.kind == DYING else None
    for p in game.players:
        if p.nuggets < 0:
            problems.append(f"seat {p.seat} has {p.nuggets} nuggets")
        for slot in p.equipment:
            if slot not in game.known:
                problems.append(f"seat {p.seat} has face-down equipment")
        if not p.alive:
            if p.hand or p.table or p.equipment or p.life != 0:
                problems.append(f"eliminated seat {p.seat} still holds cards or life")
            continue
        low = 1 if p.seat != dying_seat else 1 - MAX_HIT
        if is_shadow(game, p.seat):
            # A shadow gunslinger on his turn: at the table with no life at all.
            if p.life != 0:
                problems.append(f"shadow seat {p.seat} has {p.life} life")
        elif not low <= p.life <= p.max_life:
            problems.append(f"seat {p.seat} life {p.life} outside {low}..{p.max_life}")
        for slot in p.table:
            if slot not in game.known:
                problems.append(f"seat {p.seat} has a face-down card in play")
    for slot in (*game.discard, *game.shop, *game.equipment_discard):
        if slot not in game.known:
            problems.append("a face-down card in a discard pile or the shop")
    deck_size = game.rules.deck_size
    for slot in (*game.deck, *game.discard, *(s for p in game.players for s in p.hand)):
        card = dealer_cards.get(slot)
        if card is not None and card >= deck_size:
            problems.append(f"equipment card {card} among the playing cards")
    return problems
