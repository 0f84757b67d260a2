"""Every decision outside the play phase: response windows, the hand limit, character picks.

Why these answers:
- a shot: the Barrel first (it costs nothing), then Missed!; never spend a Missed! on a shot
  it cannot cancel (Slab the Killer's BANG! needs two);
- a lethal hit: a Beer, else Sid Ketchum's ability, else there is nothing to do;
- a Duel: answer with a BANG! when my hand most likely holds more of them than the
  challenger's, or when losing the life would hurt too much; let a friend win;
- the hand limit, Kit Carlson's put-back, General Store and Pedro Ramirez: keep what is
  worth most (``cards.keep_value``);
- Lucky Duke picks the "draw!" card that goes his way; Jesse Jones draws from a foe's hand.
"""

from __future__ import annotations

from p2pbang.bots.cards import draw_succeeds, expected_bangs
from p2pbang.bots.context import Context
from p2pbang.engine.actions import (
    DRAW_FROM_DECK,
    DRAW_FROM_DISCARD,
    Ability,
    Action,
    Choose,
    Discard,
    Pass,
    Play,
    UseBarrel,
    UseGreen,
)

_TAKE_FROM_DISCARD_AT = 6.0  # Pedro Ramirez: a BANG!, Missed!, Beer or better is worth it


# The order in which answers to a shot are spent: Dodge draws a card, the Bible too; a green
# card in play is good for nothing else, a Missed! in hand still is (lowest first).
_SHOT_ANSWER_RANK = {"dodge": 0, "bible": 1, "iron_plate": 2, "sombrero": 2,
                     "ten_gallon_hat": 2, "missed": 3}


def respond_shot(ctx: Context) -> Action:
    if UseBarrel() in ctx.legal:
        return UseBarrel()
    dodges = _shot_answers(ctx)
    if dodges and len(dodges) >= ctx.decision.needed:
        return dodges[0]
    return Pass()


def _shot_answers(ctx: Context) -> list[Action]:
    """Every card that may cancel the shot, in my hand or (green) in play, cheapest first:
    by ``_SHOT_ANSWER_RANK``, then (Elena Fuente's any card, Calamity Janet's BANG!) the
    least useful card first."""
    view = ctx.view

    def cost(action: Action) -> tuple[int, float, int]:
        if type(action) is UseGreen:
            name = view.public_name(action.slot)
            return (_SHOT_ANSWER_RANK.get(name, 2), 0.0, action.slot)
        assert isinstance(action, Play)
        name = view.card_name(action.card)
        return (_SHOT_ANSWER_RANK.get(name, 4), ctx.value(name), action.slot)

    return sorted((a for a in ctx.legal if type(a) in (Play, UseGreen)), key=cost)


def respond_indians(ctx: Context) -> Action:
    answers = _answers(ctx, prefer="bang")
    return answers[0] if answers else Pass()


def respond_duel(ctx: Context) -> Action:
    answers = _answers(ctx, prefer="bang")
    if not answers:
        return Pass()
    view, me = ctx.view, ctx.me
    rival = ctx.decision.source
    if ctx.side.enemy(rival) < 0 and view.life(me) > 1:
        return Pass()  # a friend: better I lose a life than make him lose one
    if view.hand_size(rival) == 0:
        return answers[0]  # he cannot answer back: one card wins the Duel
    if len(answers) > expected_bangs(view, rival) or view.life(me) <= 2:
        return answers[0]
    return Pass()


def _answers(ctx: Context, prefer: str) -> list[Play]:
    """The cards I may answer with (Calamity Janet: BANG! and Missed! alike), ``prefer`` first
    and, for her, the kind I hold more of before the other."""
    plays = [a for a in ctx.legal if type(a) is Play]
    card_name = ctx.view.card_name
    return sorted(plays, key=lambda a: (card_name(a.card) != prefer,
                                        -ctx.names[card_name(a.card)], a.slot))


def dying(ctx: Context) -> Action:
    beers = ctx.plays("beer")
    if beers:
        return beers[0]
    abilities = [a for a in ctx.legal if type(a) is Ability]
    if abilities:
        return ctx.cheapest_ability(abilities)
    return Pass()


# Sid Ketchum after a hit out of his turn: two cards for a life at this life or below.
_HEAL_AT_LIFE = 2


def any_time(ctx: Context) -> Action:
    """Right after a hit out of my turn (Sid Ketchum): two cards for a life when I am low,
    or when my hand holds more than I could keep at the end of my turn anyway."""
    abilities = [a for a in ctx.legal if type(a) is Ability]
    life = ctx.view.life(ctx.me)
    if abilities and (life <= _HEAL_AT_LIFE or len(ctx.hand) >= life + 2):
        return ctx.cheapest_ability(abilities)
    return Pass()


def discard(ctx: Context) -> Action:
    """At the hand limit: Sid Ketchum pays two surplus cards for a life; everybody else drops
    the least useful card."""
    abilities = [a for a in ctx.legal if type(a) is Ability]
    if abilities and ctx.decision.needed >= 2:
        return ctx.cheapest_ability(abilities)
    discards = [a for a in ctx.legal if type(a) is Discard]
    (slot, card), = ctx.least_valued_slots(1)
    wanted = Discard(slot, card)
    return wanted if wanted in discards else discards[0]


def draw_source(ctx: Context) -> Action:
    """Jesse Jones draws his first card from a foe's hand (it hurts the foe and costs me
    nothing); Pedro Ramirez takes the discard pile's top card when it is a good one."""
    options = ctx.decision.options
    if DRAW_FROM_DISCARD in options:
        top = ctx.view.discard_top()
        if top is not None and ctx.value(top) >= _TAKE_FROM_DISCARD_AT:
            return Choose(DRAW_FROM_DISCARD)
        return Choose(DRAW_FROM_DECK)
    view, side = ctx.view, ctx.side
    foes = [seat for seat in options
            if seat >= 0 and side.enemy(seat) > 0 and view.hand_size(seat) > 0]
    seat = ctx.pick(foes, lambda s: (side.enemy(s), view.hand_size(s)))
    return Choose(DRAW_FROM_DECK if seat is None else seat)


def put_back(ctx: Context) -> Action:
    """Kit Carlson puts back the least useful of the three cards he drew."""
    drawn = {slot: name for slot, _, name in ctx.hand if slot in ctx.decision.options}
    slot = min(ctx.decision.options, key=lambda s: (ctx.value(drawn[s]), s))
    return Choose(slot)


def pick_check(ctx: Context) -> Action:
    """Lucky Duke keeps the "draw!" card that succeeds. Which check this is follows from
    public facts: on his own turn a Dynamite (checked first) or a Jail in front of him; any
    other time it is a Barrel against a shot."""
    view, me = ctx.view, ctx.me
    check = "barrel_check"
    if view.current == me:
        in_play = view.in_play_names(me)
        if "dynamite" in in_play:
            check = "dynamite_check"
        elif "jail" in in_play:
            check = "jail_check"
    options = ctx.decision.options
    good = [slot for slot in options if draw_succeeds(view.public_card(slot), check)]
    return Choose(good[0] if good else options[0])


def store_pick(ctx: Context) -> Action:
    """General Store: the card worth most to me."""
    view = ctx.view
    slot = ctx.pick(list(ctx.decision.options), lambda s: ctx.value(view.public_name(s)))
    return Choose(ctx.decision.options[0] if slot is None else slot)
