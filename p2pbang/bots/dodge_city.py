"""How the sensible bot plays Dodge City's cards and characters (the Romanian rulebook).

Why a module of its own: the base rules in ``turn.py`` and ``responses.py`` stay the base
game's; this one adds what Dodge City brings, as play-phase rules slotted into the same
first-rule-that-fires list, and answers for its new decisions (Brawl, Pat Brennan, Vera
Custer, Doc Holyday's target).

- Green cards go into play as soon as they are held (they cost nothing there, and those with
  the Missed! symbol then answer shots out of turn); from the next turn on they are used when
  their effect helps: Pony Express always, Canteen when hurt, the shots at a foe, Can-Can and
  Conestoga like Cat Balou and Panic!, Howitzer like Gatling.
- A "+1" card is paid with the least useful other card of the hand, and only played when
  that price is low enough for what it brings.
- Punch and the green shots do not count as the turn's BANG!, so they come before it.
"""

from __future__ import annotations

from collections.abc import Sequence

from p2pbang.bots.context import Context
from p2pbang.bots.view import SeatView
from p2pbang.engine.actions import (
    DRAW_FROM_DECK,
    FROM_HAND,
    NO_SEAT,
    Ability,
    Action,
    Choose,
    Play,
    PlayPaid,
    UseGreen,
)

# What a foe loses when a card in front of him goes (the base game's loot values, plus the
# Dodge City blue and green cards); a Jail on a foe stays there.
LOOT_VALUE = {"barrel": 5.0, "mustang": 4.0, "scope": 2.5, "volcanic": 2.0, "jail": -3.0,
              "dynamite": 0.0, "hideout": 4.0, "binocular": 2.5, "iron_plate": 3.5,
              "sombrero": 3.0, "ten_gallon_hat": 3.0, "bible": 3.5, "pony_express": 3.0,
              "howitzer": 3.0, "derringer": 2.5, "knife": 2.5, "pepperbox": 2.5,
              "buffalo_rifle": 3.0, "can_can": 2.5, "conestoga": 2.5, "canteen": 2.0}
FROM_HAND_VALUE = 2.0
SHOTS_FROM_PLAY = ("derringer", "knife", "pepperbox", "buffalo_rifle")
# The most a "+1" card's price may be worth to keep (``cards.keep_value``) for it to be paid.
PRICE_LIMIT = {"springfield": 5.0, "rag_time": 5.0, "brawl": 4.0, "whisky": 6.0,
               "tequila": 4.5}
# Vera Custer: how much each ability is worth to borrow for one round (unlisted: 1).
COPY_VALUE = {"jourdonnais": 5.0, "slab_the_killer": 5.0, "willy_the_kid": 4.5,
              "pixie_pete": 4.5, "black_jack": 3.5, "kit_carlson": 3.5, "elena_fuente": 4.0,
              "sid_ketchum": 3.0, "bart_cassidy": 3.0, "el_gringo": 2.5, "suzy_lafayette": 2.0,
              "chuck_wengam": 3.0, "jose_delgado": 2.0, "doc_holyday": 3.5,
              "sean_mallory": 2.0, "herb_hunter": 2.5, "greg_digger": 2.5, "apache_kid": 2.5,
              "pat_brennan": 3.0, "tequila_joe": 1.5, "molly_stark": 2.5, "calamity_janet": 3.0,
              "paul_regret": 2.5, "rose_doolan": 2.5, "lucky_duke": 3.0, "jesse_jones": 2.5,
              "pedro_ramirez": 2.0, "belle_star": 3.5, "vulture_sam": 2.0}
CHUCK_MIN_LIFE = 3  # Chuck Wengam trades a life for two cards only from this life up
DOC_MIN_HAND = 4  # Doc Holyday pays two cards for a shot only with this many in hand


# ---------------------------------------------------------------------- pickers


def uses(ctx: Context, *names: str) -> list[UseGreen]:
    """The legal uses of my green cards in play called ``names``."""
    name = ctx.view.public_name
    return [a for a in ctx.legal if type(a) is UseGreen and name(a.slot) in names]


def paid(ctx: Context, name: str) -> list[PlayPaid]:
    """The legal plays of the "+1" card ``name``, each paid with my least useful other card
    (one action per target), and only when that price is low enough."""
    card_name = ctx.view.card_name
    best: dict[tuple[int, int], tuple[float, PlayPaid]] = {}
    for action in ctx.legal:
        if type(action) is not PlayPaid or card_name(action.card) != name:
            continue
        price = ctx.value(card_name(action.cost_card))
        if price > PRICE_LIMIT.get(name, 4.0):
            continue
        key = (action.target, action.target_slot)
        if key not in best or price < best[key][0]:
            best[key] = (price, action)
    return [action for _, action in best.values()]


def best_target(ctx: Context, actions: Sequence[Action]) -> Action | None:
    """The action aimed at my worst foe (ties: the one closest to death)."""
    side, view = ctx.side, ctx.view
    hostile = [a for a in actions if getattr(a, "target", NO_SEAT) != NO_SEAT
               and side.enemy(a.target) > 0]
    return ctx.pick(hostile, lambda a: (side.enemy(a.target), -view.life(a.target)))


def loot_value(ctx: Context, target_slot: int) -> float:
    if target_slot == FROM_HAND:
        return FROM_HAND_VALUE
    name = ctx.view.public_name(target_slot)
    return LOOT_VALUE.get(name, 1.0 + 0.75 * (ctx.view.weapon_reach(name) or 0))


def best_loot(ctx: Context, actions: Sequence[Action]) -> Action | None:
    """Taking or discarding a foe's card: his best one in play, or one from his hand."""
    candidates: list[tuple[float, Action]] = []
    for action in actions:
        enemy = ctx.side.enemy(action.target)
        loot = loot_value(ctx, action.target_slot)
        if enemy > 0 and loot > 0:
            candidates.append((enemy + loot / 2, action))
    best = ctx.pick(candidates, lambda candidate: candidate[0])
    return None if best is None else best[1]


def hurt(ctx: Context, seat: int) -> int:
    return ctx.view.max_life(seat) - ctx.view.life(seat)


# ---------------------------------------------------------------------- play-phase rules


def draw_more(ctx: Context) -> Action | None:
    """Pony Express: three cards, free."""
    return next(iter(uses(ctx, "pony_express")), None)


def place_green(ctx: Context) -> Action | None:
    """Every green card goes into play (the engine offers it only when none of that name is
    there): it waits a turn, then works; with the Missed! symbol, also out of turn."""
    greens = [a for a in ctx.legal if type(a) is Play and ctx.view.card_kind(a.card) == "green"]
    if greens:
        return greens[0]
    return next(iter(ctx.plays("binocular", "hideout")), None)


def heal(ctx: Context) -> Action | None:
    """Canteen and Whisky for me when hurt (Whisky when two life points are missing, or one
    with little else to do); Tequila for me or the most hurt friend."""
    me = ctx.me
    if hurt(ctx, me) >= 1:
        canteen = uses(ctx, "canteen")
        if canteen:
            return canteen[0]
    whisky = paid(ctx, "whisky")
    if whisky and (hurt(ctx, me) >= 2 or (hurt(ctx, me) == 1 and ctx.view.life(me) <= 2)):
        return whisky[0]
    tequila = [a for a in paid(ctx, "tequila") if hurt(ctx, a.target) >= 1
               and (a.target == me or ctx.side.enemy(a.target) < 0)]
    return ctx.pick(tequila, lambda a: (a.target == me, hurt(ctx, a.target))) if tequila else None


def take_away(ctx: Context) -> Action | None:
    """Conestoga and Rag Time reach anyone, Can-Can discards: a foe's best card."""
    action = best_loot(ctx, uses(ctx, "conestoga"))
    if action is None:
        action = best_loot(ctx, paid(ctx, "rag_time"))
    if action is None:
        action = best_loot(ctx, uses(ctx, "can_can"))
    return action


def volley(ctx: Context, volley_value: float) -> Action | None:
    """Howitzer (free, from play) like a Gatling; Brawl when my foes lose more than my
    friends (it takes no life, so it cannot kill a friend)."""
    if volley_value > 0:
        howitzer = uses(ctx, "howitzer")
        if howitzer:
            return howitzer[0]
        brawl = paid(ctx, "brawl")
        if brawl:
            return brawl[0]
    return None


def free_shots(ctx: Context) -> Action | None:
    """Shots that are not the turn's BANG!: Punch, and the green guns from play."""
    action = best_target(ctx, [a for a in ctx.plays("punch") if a.target != NO_SEAT])
    if action is None:
        action = best_target(ctx, uses(ctx, *SHOTS_FROM_PLAY))
    return action


def far_shots(ctx: Context) -> Action | None:
    """Springfield, paid, at a foe my BANG! cannot reach (or when the BANG! is spent)."""
    reachable = {a.target for a in ctx.plays("bang")}
    shots = [a for a in paid(ctx, "springfield") if a.target not in reachable]
    return best_target(ctx, shots)


def character(ctx: Context) -> Action | None:
    """Chuck Wengam trades a life for two cards while he has lives to spare; José Delgado
    turns a blue card he would not put in play into two cards; Doc Holyday pays two of his
    least useful cards for a shot at a foe when his hand is large."""
    abilities = [a for a in ctx.legal if type(a) is Ability]
    if not abilities:
        return None
    view, me = ctx.view, ctx.me
    name = view.character(me)
    empty = [a for a in abilities if not a.slots]
    if empty:
        return empty[0] if view.life(me) >= CHUCK_MIN_LIFE and len(ctx.hand) <= 4 else None
    single = [a for a in abilities if len(a.slots) == 1]
    if single:
        return ctx.pick(single, lambda a: -ctx.value(view.card_name(a.cards[0])))
    if name == "doc_holyday" and len(ctx.hand) >= DOC_MIN_HAND \
            and any(ctx.side.enemy(s) > 0 for s in view.others()):
        return ctx.cheapest_ability(abilities)
    return None


# ---------------------------------------------------------------------- other decisions


def brawl_pick(ctx: Context) -> Action:
    """For each player the Brawl hits: from a foe the best card in play (or his hand), from a
    friend what hurts him least (his hand, or a Jail or Dynamite in front of him)."""
    victim = ctx.decision.source
    options = ctx.decision.options
    enemy = ctx.side.enemy(victim)
    scored = [(loot_value(ctx, slot) * (1 if enemy > 0 else -1), slot) for slot in options]
    best = ctx.pick(scored, lambda item: item[0])
    return Choose(options[0] if best is None else best[1])


def share_pick(ctx: Context) -> Action:
    """Taking an eliminated player's cards one at a time with another seat (Vera Custer
    copying Vulture Sam): the most valuable card in play, or a random one of his hand."""
    options = ctx.decision.options
    best = ctx.pick(list(options), lambda slot: loot_value(ctx, slot))
    return Choose(options[0] if best is None else best)


def pick_in_play(ctx: Context) -> Action:
    """Pat Brennan: a foe's valuable card in play rather than two from the deck, but never
    one its owner can take back on his own draw (``_takes_back``): two such players would
    trade one card back and forth and neither would ever draw again, a game without end."""
    view = ctx.view
    candidates = []
    for slot in ctx.decision.options:
        if slot == DRAW_FROM_DECK:
            continue
        owner = next(s for s in view.others() if slot in dict(view.in_play(s)))
        if _takes_back(view, owner):
            continue
        value = loot_value(ctx, slot) + (2.0 if ctx.side.enemy(owner) > 0 else -2.0)
        if value >= 5.0:
            candidates.append((value, slot))
    best = ctx.pick(candidates, lambda item: item[0])
    return Choose(DRAW_FROM_DECK if best is None else best[1])


def _takes_back(view: SeatView, owner: int) -> bool:
    """Whether ``owner`` may take a card in play instead of drawing on his next turn: he is
    Pat Brennan, or Vera Custer while a Pat Brennan lives for her to copy."""
    character = view.character(owner)
    if character == "pat_brennan":
        return True
    return character == "vera_custer" and any(
        view.character(seat) == "pat_brennan" for seat in view.alive() if seat != owner)


def copy_pick(ctx: Context) -> Action:
    """Vera Custer borrows the most useful ability at the table for one round."""
    view = ctx.view
    seat = ctx.pick(list(ctx.decision.options),
                    lambda s: COPY_VALUE.get(view.character(s), 1.0))
    return Choose(ctx.decision.options[0] if seat is None else seat)


def target_pick(ctx: Context) -> Action:
    """Doc Holyday's shot: my worst foe, the one closest to death on a tie."""
    side, view = ctx.side, ctx.view
    seat = ctx.pick(list(ctx.decision.options),
                    lambda s: (side.enemy(s), -view.life(s)))
    return Choose(ctx.decision.options[0] if seat is None else seat)
