"""Invariants of a game in progress, checked after every step by selfplay and property tests.

They need the whole truth (an all-seeing engine and the dealer's slot -> card map): every
physical card is in exactly one place (equipment cards too: their pile, the shop, in front
of a player or their discard pile), life stays within bounds, nuggets are never negative, the
dead hold nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from p2pbang.engine.actions import DYING, PICK_CHECK, Decision, End
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.sets.gold_rush import state_or_none
from p2pbang.engine.bang.sets.shadows import is_shadow

MAX_HIT = 3  # the most life one blow takes (Dynamite)


def violations(game: Game, dealer_cards: Mapping[int, int]) -> list[str]:
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
    gold = state_or_none(game)
    if gold is not None:
        places += [("equipment pile", s) for s in gold.deck]
        places += [("shop", s) for s in gold.shop]
        places += [("equipment discard", s) for s in gold.discard]
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
    for seat, nuggets in enumerate(gold.nuggets if gold is not None else ()):
        if nuggets < 0:
            problems.append(f"seat {seat} has {nuggets} nuggets")
    for p in game.players:
        for slot in p.equipment:
            if slot not in game.known:
                problems.append(f"seat {p.seat} has face-down equipment")
        if p.seat in game.ghosts:  # back for his turn only: no life to keep in bounds
            if not p.alive or p.life != 0:
                problems.append(f"ghost seat {p.seat} is not a living seat at 0 life")
            continue
        if not p.alive:
            # Two heirs take a dead player's cards one at a time (game.sharing): until then
            # they are still his.
            cards_left = p.seat != game.sharing and (p.hand or p.table)
            if cards_left or p.equipment or p.life != 0:
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
    face_up_piles = (*gold.shop, *gold.discard) if gold is not None else ()
    for slot in (*game.discard, *face_up_piles):
        if slot not in game.known:
            problems.append("a face-down card in a discard pile or the shop")
    deck_size = game.rules.deck_size
    for slot in (*game.deck, *game.discard, *(s for p in game.players for s in p.hand)):
        card = dealer_cards.get(slot)
        if card is not None and card >= deck_size:
            problems.append(f"equipment card {card} among the playing cards")
    problems += _seen_record_problems(game)
    if game.rules.events:
        problems += event_violations(game, dealer_cards)
    return problems


def _seen_record_problems(game: Game) -> list[str]:
    """The record a hand is reordered by: a face-up card is in no one's secret, and a
    hidden card in a hand was shown at least to its holder."""
    problems = []
    seen_by = game.seen_by
    for slot in [*game.discard, *game.store, *(s for p in game.players for s in p.table)]:
        if slot in seen_by:
            problems.append(f"face-up slot {slot} is recorded as a hidden card")
    for slot in game.face_up.intersection(seen_by):
        problems.append(f"slot {slot}, shown to everyone, is recorded as a hidden card")
    for p in game.players:
        for slot in p.hand:
            if slot in seen_by and p.seat not in seen_by[slot]:
                problems.append(f"seat {p.seat} holds slot {slot} it was never shown")
    return problems


def event_violations(game: Game, dealer_cards: Mapping[int, int]) -> list[str]:
    """The event pile: every event slot in one place (the pile, set aside, or shown), each
    holding a distinct ordinary event card; the event in force is the last one shown, or the
    final card once the pile is spent."""
    problems: list[str] = []
    places = game.event_pile + game.event_set_aside + game.event_shown
    if len(set(places)) != len(places) or set(places) != game._event_slots:
        problems.append("an event slot is lost or in two places")
    ordinary = {i for cards, _final in game.rules.event_decks for i in cards}
    held = [dealer_cards.get(slot) for slot in places]
    if any(card not in ordinary for card in held) or len(set(held)) != len(held):
        problems.append("the event pile does not hold distinct ordinary event cards")
    for slot, event_id in game.event_known.items():
        if dealer_cards.get(slot) != event_id:
            problems.append(f"event slot {slot}: engine believes {event_id}")
    if game.event_shown and game._event_pile_on:
        last = game.event_known[game.event_shown[-1]]
        if game.event_in_force not in (last, game.event_final):
            problems.append("the event in force is not the last one shown")
        if game.event_in_force == game.event_final and game.event_pile:
            problems.append("the final event came before the pile was spent")
    return problems
