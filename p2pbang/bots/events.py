"""The sensible bot under an event card (High Noon, A Fistful of Cards).

Why a module of its own: the event in force changes which plays are good (no Duel when The
Sermon forbids answering it with BANG!, two BANG! cards for one Sniper shot, a BANG! at a
foe's Barrel under Ricochet) and adds decisions of its own (Peyote's guess, Ranch's
exchange, The Daltons' discard, Blood Brothers, Hard Liquor, a Missed! for Russian
Roulette). The event in force is public, so reading it keeps the bot within its seat's view.
"""

from __future__ import annotations

from collections.abc import Callable

from p2pbang.bots.cards import BASE_VALUE
from p2pbang.bots.context import Context
from p2pbang.bots.view import SeatView
from p2pbang.engine.actions import (
    BLACK,
    DECLINE,
    EVENT_PICK,
    EXCHANGE,
    GUESS,
    PLAY,
    RED,
    RESPOND_MISSED,
    Action,
    Choose,
    Discard,
    Pass,
    Play,
    PlayPaid,
)
from p2pbang.engine.bang.catalog import DIAMONDS, HEARTS

# A card worth less than this to keep is exchanged under Ranch (cards.BASE_VALUE scale).
_RANCH_BELOW = 4.0
# Worth a Ricochet: a foe's card in play that helps him (a Jail or Dynamite does not).
_RICOCHET_TARGETS = frozenset({"barrel", "mustang", "scope", "volcanic", "schofield",
                               "remington", "rev_carabine", "winchester", "hideout",
                               "binocular"})
# What a card in front of me is worth to me, where it differs from holding it.
_IN_PLAY_WORTH = {"jail": -1.0, "dynamite": 0.0}
_DRAWING = frozenset({"stagecoach", "wells_fargo", "general_store"})
_HARD_LIQUOR_AT = 2  # skip phase 1 for a life at this life or below
_BLOOD_BROTHERS_FROM = 3  # give a friend a life only from this life up


def event_in_force(view: SeatView) -> str | None:
    """The public event card in force (None without one, or in a game without events)."""
    name = getattr(view._game, "event_name", None)
    return None if name is None else name()


def before_rules(ctx: Context) -> Action | None:
    """An event-aware answer that comes before the usual rules, or None to let them run.
    In the play phase it may also drop plays the event makes unwise from ``ctx.legal``."""
    event = event_in_force(ctx.view)
    if event is None or ctx.decision.kind != PLAY:
        return None
    if _nothing_left_to_draw(ctx.view):
        # Abandoned Mine can empty the discard pile while every card is in a hand: a card
        # that draws would be reshuffled alone and drawn back, a loop and not a gain.
        ctx.legal = [a for a in ctx.legal if not (
            type(a) is Play and ctx.view.card_name(a.card) in _DRAWING)]
    if event == "the_sermon":  # a Duel he could not answer with BANG!
        ctx.legal = [a for a in ctx.legal if not (
            type(a) is Play and ctx.view.card_name(a.card) == "duel")]
    if Pass() not in ctx.legal:  # a card that must be played (Law of the West)
        return _forced(ctx)
    if event == "sniper":
        return _sniper(ctx)
    if event == "ricochet":
        chosen = _ricochet(ctx)
        if chosen is None:  # the usual rules must not take a Ricochet for a shot
            ctx.legal = [a for a in ctx.legal if not (type(a) is Play and a.target_slot >= 0
                                                      and _is_bang(ctx, a))]
        return chosen
    return None


def _is_bang(ctx: Context, action: Play) -> bool:
    return ctx.view.card_name(action.card) in ("bang", "missed")


def _nothing_left_to_draw(view: SeatView) -> bool:
    """Public: the deck is empty and so is the discard pile."""
    game = view._game
    return not game.deck and not game.discard


def _forced(ctx: Context) -> Action:
    """The shown card must be played: at a foe if it can be, else where it hurts least."""
    side = ctx.side
    return ctx.pick(ctx.legal, lambda a: side.enemy(getattr(a, "target", -1))
                    if getattr(a, "target", -1) >= 0 else 0.0) or ctx.legal[0]


def _sniper(ctx: Context) -> Action | None:
    shots = [a for a in ctx.legal if type(a) is PlayPaid
             and ctx.view.card_name(a.card) == "bang"
             and ctx.view.card_name(a.cost_card) == "bang" and ctx.side.enemy(a.target) > 0]
    return ctx.pick(shots, lambda a: (ctx.side.enemy(a.target), -ctx.view.life(a.target)))


def _ricochet(ctx: Context) -> Action | None:
    """A spare BANG! (one I cannot fire anyway, or one of several) at a foe's good card."""
    view = ctx.view
    shots = [a for a in ctx.legal if type(a) is Play and a.target_slot >= 0
             and view.card_name(a.card) == "bang"
             and view.public_name(a.target_slot) in _RICOCHET_TARGETS
             and ctx.side.enemy(a.target) > 0]
    if not shots:
        return None
    can_shoot = any(type(a) is Play and a.target_slot < 0 and view.card_name(a.card) == "bang"
                    for a in ctx.legal)
    if can_shoot and ctx.names["bang"] < 2:
        return None
    return ctx.pick(shots, lambda a: ctx.side.enemy(a.target))


def event_pick(ctx: Context) -> Action:
    event = event_in_force(ctx.view)
    options = ctx.decision.options
    if event == "the_daltons":  # the blue card that helps me least (a Jail first)
        view = ctx.view
        return Choose(min(options, key=lambda slot: (
            _IN_PLAY_WORTH.get(view.public_name(slot),
                               BASE_VALUE.get(view.public_name(slot), 3.0)), slot)))
    if event == "hard_liquor":
        low = ctx.view.life(ctx.me) <= _HARD_LIQUOR_AT
        return Choose(options[-1] if low and len(options) > 1 else DECLINE)
    if event == "blood_brothers" and ctx.view.life(ctx.me) >= _BLOOD_BROTHERS_FROM:
        friends = [s for s in options if s != DECLINE and ctx.side.enemy(s) < 0]
        friend = ctx.pick(friends, lambda s: -ctx.view.life(s))
        if friend is not None:
            return Choose(friend)
    return Choose(DECLINE) if DECLINE in options else Choose(options[0])


def guess(ctx: Context) -> Action:
    """Peyote: the colour most of the cards I cannot see are (my hand, the cards in play
    and the discard pile are seen)."""
    view = ctx.view
    game = view._game
    seen = {card for _, card, _ in ctx.hand}
    for seat in view.alive():
        seen.update(game.known[slot] for slot in game.players[seat].table)
    seen.update(game.known[slot] for slot in game.discard)
    red = black = 0
    for card, suit in enumerate(game.suits):
        if card in seen:
            continue
        if suit in (HEARTS, DIAMONDS):
            red += 1
        else:
            black += 1
    return Choose(RED if red >= black else BLACK)


def exchange(ctx: Context) -> Action:
    """Ranch: swap my least useful card while it is worth little."""
    worst = ctx.least_valued_slots(1)
    if worst:
        slot, card = worst[0]
        if ctx.value(ctx.view.card_name(card)) < _RANCH_BELOW:
            return Discard(slot, card)
    return Pass()


def respond_missed(ctx: Context) -> Action:
    """A Missed! against Russian Roulette (2 life points at stake) or a Ricochet at one of
    my cards worth keeping."""
    plays = [a for a in ctx.legal if type(a) is Play]
    if not plays:
        return Pass()
    return ctx.pick(plays, lambda a: -ctx.value(ctx.view.card_name(a.card))) or plays[0]


CHOOSERS: dict[str, Callable[[Context], Action]] = {
    EVENT_PICK: event_pick,
    GUESS: guess,
    EXCHANGE: exchange,
    RESPOND_MISSED: respond_missed,
}


