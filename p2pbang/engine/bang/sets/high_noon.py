"""The rules of the High Noon event cards (the Romanian rulebook, rulings D13-D18).

Each event is an ``EventRules`` of modifiers and hooks the turn loop asks while it is in
force; the engine itself names no event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.engine.actions import EVENT_PICK, NO_SEAT, Decision
from p2pbang.engine.bang.cards.high_noon import HIGH_NOON_EVENTS
from p2pbang.engine.bang.catalog import HEARTS, SPADES
from p2pbang.engine.bang.rules import EventRules, RuleModule, Step

if TYPE_CHECKING:
    from p2pbang.engine.bang.game import Game

BLUE_KINDS = frozenset({"blue", "weapon"})  # blue-bordered: Jail and Dynamite too (D17)


def the_daltons(game: Game) -> Step:
    """Everyone with blue cards in play discards one of them (his pick), Sheriff first."""
    for seat in game.seats_from(game.first_seat):
        player = game.players[seat]
        blue = tuple(slot for slot in player.table
                     if game.cards[game.known[slot]].kind in BLUE_KINDS)
        if not blue:
            continue
        chosen = blue[0]
        if len(blue) > 1:
            choice = yield from game.decide(Decision(seat, EVENT_PICK, options=blue))
            chosen = choice.value
        player.table.remove(chosen)
        game.discard.append(chosen)
        game.event("forced_discard", seat, card=game.known[chosen])


def the_doctor(game: Game) -> Step:
    """The player(s) with the fewest life points regain one."""
    fewest = min(game.players[seat].life for seat in game.ring)
    for seat in game.seats_from(game.first_seat):
        if game.players[seat].life == fewest:
            game.heal(seat, 1)
    return
    yield


def is_eliminated(game: Game, seat: int) -> bool:
    return not game.players[seat].alive


def ghost_returns(game: Game, seat: int) -> Step:
    """Ghost Town: back for his own turn with no life to lose; he draws 3 in phase 1 and is
    gone again at the end of the turn (the engine's ghost mechanism)."""
    game.bring_back(seat, 0, ghost=True)
    return
    yield


def high_noon(game: Game, seat: int) -> Step:
    """Each player loses 1 life point at the start of his turn."""
    yield from game.damage(seat, 1, NO_SEAT)
    return game.players[seat].alive


EVENT_RULES: dict[str, EventRules] = {
    "blessing": EventRules(suit=HEARTS),
    "curse": EventRules(suit=SPADES),
    "the_daltons": EventRules(on_enter=the_daltons),
    "the_doctor": EventRules(on_enter=the_doctor),
    "ghost_town": EventRules(ghosts=True, returns_from_dead=is_eliminated,
                             revive=ghost_returns),
    "gold_rush": EventRules(counter_clockwise=True),
    "hangover": EventRules(no_abilities=True),
    "the_reverend": EventRules(beer_forbidden=True),
    "the_sermon": EventRules(no_bang_in_own_turn=True),
    "shootout": EventRules(bangs_per_turn=2),
    "thirst": EventRules(draw_delta=-1),
    "train_arrival": EventRules(draw_delta=1),
    "high_noon": EventRules(turn_start=high_noon),
}

MODULE = RuleModule("high-noon", (), (), {}, {}, {}, events=HIGH_NOON_EVENTS,
                    event_rules=EVENT_RULES, order=2)
