"""The play phase: which card to play next, or end the turn when nothing useful remains.

Why this order: cards that draw come first (more cards, more choices), then equipment (a
longer reach or a Barrel makes every later play better), healing, taking cards away from
foes, Jail, the cards that hit everybody (they drain Missed! and BANG! cards, so a BANG! or
a Duel played afterwards lands more often), then BANG! and Duel. The engine asks again
after each play, so each call returns the first rule that fires.
"""

from __future__ import annotations

from collections.abc import Callable

from p2pbang.bots import dodge_city
from p2pbang.bots.allegiance import NEVER
from p2pbang.bots.cards import expected_bangs
from p2pbang.bots.context import Context
from p2pbang.engine.actions import FROM_HAND, NO_SEAT, Ability, Action, Pass, Play

# What an opponent loses when Panic! or Cat Balou takes a card in front of him. A Jail in
# front of a foe stays (it hurts him); a Dynamite is nobody's friend.
_LOOT_VALUE = {"barrel": 5.0, "mustang": 4.0, "scope": 2.5, "volcanic": 2.0,
               "jail": -3.0, "dynamite": 0.0}
_FROM_HAND_VALUE = 2.0
_DYNAMITE_MIN_LIFE = 4

Rule = Callable[[Context], Action | None]


def first_rule(ctx: Context, rules: tuple[Rule, ...]) -> Action:
    """The action of the first of ``rules`` that proposes one, else the end of the turn:
    the play phase of the sensible bot (``RULES``) and of a policy that replaces some of
    its rules (``bang_expert.py``)."""
    for rule in rules:
        action = rule(ctx)
        if action is not None:
            return action
    return Pass()


def choose_play(ctx: Context) -> Action:
    return first_rule(ctx, _RULES)


def _draw_cards(ctx: Context) -> Action | None:
    return next(iter(ctx.plays("wells_fargo") + ctx.plays("stagecoach")), None)


def _equipment(ctx: Context) -> Action | None:
    """Barrel, Mustang, Scope (the engine lists them only when not yet in play), a weapon
    that reaches further, a Volcanic instead of the Colt .45."""
    gear = ctx.plays("barrel", "mustang", "scope")
    if gear:
        return gear[0]
    view = ctx.view
    reach = view.reach(ctx.me)
    weapons = [a for a in ctx.legal if type(a) is Play
               and (view.weapon_reach(view.card_name(a.card)) or 0) > reach]
    if weapons:
        return ctx.pick(weapons, lambda a: view.weapon_reach(view.card_name(a.card)) or 0)
    volcanic = ctx.plays("volcanic")
    if volcanic and reach == 1 and "volcanic" not in view.in_play_names(ctx.me):
        return volcanic[0]
    return None


def _heal(ctx: Context) -> Action | None:
    view, me = ctx.view, ctx.me
    alive = len(view.alive())
    if alive > 2 and view.life(me) < view.max_life(me):
        beers = ctx.plays("beer")
        if beers:
            return beers[0]
    saloons = ctx.plays("saloon")
    if saloons and _gift_value(ctx, hurt_only=True) > 0:
        return saloons[0]
    return None


def _gift_value(ctx: Context, hurt_only: bool) -> float:
    """What a card that gives every living player something (Saloon: a life; General
    Store: a card) is worth to me: my share, minus my foes' shares, plus my friends'."""
    view, side = ctx.view, ctx.side
    total = 0.0
    for seat in view.alive():
        if hurt_only and view.life(seat) >= view.max_life(seat):
            continue
        total += 1.5 if seat == ctx.me else -_clamp(side.enemy(seat), 1.0)
    return total


def _take_away(ctx: Context) -> Action | None:
    """Panic! (the card comes to me) before Cat Balou (it is only discarded)."""
    for name in ("panic", "cat_balou"):
        action = _best_loot(ctx, ctx.plays(name))
        if action is not None:
            return action
    return None


def _best_loot(ctx: Context, actions: list[Play]) -> Play | None:
    view, side = ctx.view, ctx.side
    candidates: list[tuple[float, Play]] = []
    for action in actions:
        enemy = side.enemy(action.target)
        if enemy <= 0:
            continue
        if action.target_slot == FROM_HAND:
            loot = _FROM_HAND_VALUE
        else:
            name = view.public_name(action.target_slot)
            loot = _LOOT_VALUE.get(name, 1.0 + 0.75 * (view.weapon_reach(name) or 0))
        if loot > 0:
            candidates.append((enemy + loot / 2, action))
    best = ctx.pick(candidates, lambda candidate: candidate[0])
    return None if best is None else best[1]


def _jail(ctx: Context) -> Action | None:
    return _best_target(ctx, ctx.plays("jail"))


def _general_store(ctx: Context) -> Action | None:
    stores = ctx.plays("general_store")
    if stores and _gift_value(ctx, hurt_only=False) > 0:
        return stores[0]
    return None


def _everybody(ctx: Context) -> Action | None:
    """Indians! and Gatling hit every other player: worth it when they hurt my foes more
    than my friends, and never when they could kill the one I must keep alive."""
    for name in ("indians", "gatling"):
        actions = ctx.plays(name)
        if actions and _volley_value(ctx) > 0:
            return actions[0]
    return None


def _volley_value(ctx: Context) -> float:
    view, side = ctx.view, ctx.side
    total = 0.0
    for seat in view.others():
        enemy = side.enemy(seat)
        if enemy <= NEVER and view.life(seat) <= 1:
            return -1.0
        total += _clamp(enemy, 1.5)
    return total


def _shoot(ctx: Context) -> Action | None:
    """BANG! at the best foe in reach; Calamity Janet fires a Missed! as one only when she
    holds no BANG! (the Missed! is as good a defence, the BANG! is not lost)."""
    for name in ("bang", "missed"):
        shots = [a for a in ctx.plays(name) if a.target != NO_SEAT]
        if shots:
            return _best_target(ctx, shots)
    return None


def _duel(ctx: Context) -> Action | None:
    """A Duel is lost by whoever runs out of BANG! cards first: only against a foe whose
    hand most likely holds fewer of them than mine (with a margin when a loss would kill)."""
    view = ctx.view
    mine = _bang_count(ctx)
    margin = 0.5 if view.life(ctx.me) <= 1 else 0.0
    fair = [a for a in ctx.plays("duel")
            if mine - expected_bangs(view, a.target) >= margin]
    return _best_target(ctx, fair)


def _bang_count(ctx: Context) -> int:
    count = ctx.names["bang"]
    if ctx.view.character(ctx.me) == "calamity_janet":
        count += ctx.names["missed"]
    return count


def _overflow(ctx: Context) -> Action | None:
    """Cards I would discard at the end of the turn anyway: Sid Ketchum turns two of them
    into a life; a Dynamite is better in play than in the discard pile if I can stand it."""
    view, me = ctx.view, ctx.me
    excess = len(ctx.hand) - view.life(me)
    if excess <= 0:
        return None
    # Two cards for a life (Sid Ketchum); Doc Holyday's two-card shot is dodge_city's.
    abilities = [a for a in ctx.legal if type(a) is Ability and len(a.slots) == 2]
    if abilities and excess >= 2 and view.character(me) != "doc_holyday":
        return ctx.cheapest_ability(abilities)
    dynamite = ctx.plays("dynamite")
    if dynamite and view.life(me) >= _DYNAMITE_MIN_LIFE:
        return dynamite[0]
    return None


def _best_target(ctx: Context, actions: list[Play]) -> Play | None:
    """The play aimed at my worst foe (ties: the one closest to death); None when every
    target is a friend or unclear."""
    side, view = ctx.side, ctx.view
    hostile = [a for a in actions if side.enemy(a.target) > 0]
    return ctx.pick(hostile, lambda a: (side.enemy(a.target), -view.life(a.target)))


def _dodge_city_volley(ctx: Context) -> Action | None:
    return dodge_city.volley(ctx, _volley_value(ctx))


def _clamp(value: float, bound: float) -> float:
    return max(-bound, min(bound, value))


_RULES: tuple[Rule, ...] = (
    _draw_cards,
    dodge_city.draw_more,
    _equipment,
    dodge_city.place_green,
    _heal,
    dodge_city.heal,
    _take_away,
    dodge_city.take_away,
    _jail,
    _general_store,
    _everybody,
    _dodge_city_volley,
    dodge_city.free_shots,
    _shoot,
    dodge_city.far_shots,
    _duel,
    dodge_city.character,
    _overflow,
)
