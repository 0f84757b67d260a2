"""How the sensible bot plays Gold Rush and the shadow-gunslinger variant (its rulebook).

Why a module of its own: the base and Dodge City rules stay as they are; this one runs first
in the play phase (nuggets are spent where they help most, before cards are played) and
answers Gold Rush's own decisions (Dutch Will's discard, Josh McCloud's brown card).

- Buying: each purchase in the shop is scored: black equipment by a fixed worth (a Pickaxe
  or Boots help every turn), brown equipment by what its effect does now (a Shot or a
  Bottle's Beer only when someone of mine is hurt, an attack only at a foe). The best one is
  bought when it is worth its price. A shadow buys no black equipment: it is discarded at
  the end of his turn.
- Selling: a Beer goes for a nugget when it would not heal (two players left, a shadow) or
  when I am at full life with a Beer to spare.
- Gold Pan and Raddie Snake turn spare nuggets into cards; Rucksack buys a life when hurt,
  and always when dying; Josh McCloud draws equipment when he has nuggets to spare; Jacky
  Murieta pays for an extra shot at a foe in reach.
- Removing a foe's equipment costs its price plus one: only for the equipment that helps
  him most, with nuggets nothing in the shop is worth.
- The shadow Renegade plays for the side he helps (as its Deputy or Outlaw).
"""

from __future__ import annotations

from collections.abc import Callable

from p2pbang.bots.context import Context
from p2pbang.bots.view import SeatView
from p2pbang.engine.actions import (
    Ability,
    Action,
    Buy,
    Choose,
    RemoveEquipment,
    Sell,
    UseEquipment,
)
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE
from p2pbang.engine.bang.cards.gold_rush import EQUIPMENT_COST
from p2pbang.engine.bang.sets.gold_rush import BOTTLE_USES, PARDNER_USES

# What a black equipment card in front of me is worth, against its price in nuggets.
BLACK_WORTH = {"pickaxe": 6.0, "boots": 4.0, "rucksack": 4.0, "lucky_charm": 3.0,
               "calumet": 3.0, "gold_pan": 3.5, "horseshoe": 3.0, "gun_belt": 2.0}
# What removing a foe's equipment takes from him.
REMOVE_WORTH = {"pickaxe": 5.0, "boots": 4.0, "rucksack": 4.5, "calumet": 3.0,
                "lucky_charm": 2.5, "gold_pan": 2.5, "horseshoe": 2.5, "gun_belt": 1.5}
HIT_WORTH = 3.0  # a wound dealt to a sure foe
HEAL_WORTH = 3.0  # a life point back for someone hurt on my side
CARD_WORTH = 1.2  # one more card in hand
KEEP_FOR_RUCKSACK = 2  # nuggets kept while holding a Rucksack, for the dying window


def side_role(view: SeatView) -> str | None:
    """The role a shadow Renegade plays as: his side's Deputy or Outlaw; None otherwise."""
    side = view.shadow_side(view.me)
    if view.my_role != RENEGADE or side is None:
        return None
    return DEPUTY if side == "sheriff" else OUTLAW


def _hurt(view: SeatView, seat: int) -> bool:
    return not view.life_fixed(seat) and view.life(seat) < view.max_life(seat)


def _heal_worth(ctx: Context, seat: int) -> float:
    """A life point for ``seat``: worth it for me or a friend who is hurt (more when low)."""
    view = ctx.view
    if not _hurt(view, seat):
        return 0.0
    friend = 1.0 if seat == ctx.me else -ctx.side.enemy(seat)
    if friend <= 0:
        return 0.0
    return HEAL_WORTH * min(friend, 1.0) * (1.5 if view.life(seat) <= 2 else 1.0)


def _hit_worth(ctx: Context, seat: int) -> float:
    enemy = ctx.side.enemy(seat)
    return HIT_WORTH * min(enemy, 2.0) / 2.0 if enemy > 0 else 0.0


def buy_worth(ctx: Context, action: Buy) -> float:
    """What buying ``action`` brings me, in the same units as its price."""
    view, me = ctx.view, ctx.me
    name = view.public_name(action.slot)
    if name in BLACK_WORTH:
        if view.life_fixed(me):
            return 0.0  # a shadow: discarded at the end of the turn
        return BLACK_WORTH[name]
    if name == "wanted":
        if view.life_fixed(me) or action.target == me:
            return 0.0
        # On a foe I can likely finish off: the bounty is mine.
        low = view.life(action.target) <= 2
        return 2.5 * (ctx.side.enemy(action.target) > 0) * (1.5 if low else 0.5)
    if name == "shot":
        return _heal_worth(ctx, action.target)
    if name == "union_pacific":
        return 4 * CARD_WORTH
    if name == "rhum":
        return HEAL_WORTH * min(view.max_life(me) - view.life(me), 3) / 1.5 \
            if _hurt(view, me) else 0.0
    if name == "gold_rush":
        missing = view.max_life(me) - view.life(me)
        return 0.0 if view.life_fixed(me) else 2.0 + missing * 1.5
    if name in ("bottle", "pardner"):
        use = (BOTTLE_USES if name == "bottle" else PARDNER_USES)[action.use]
        if use == "beer":
            return _heal_worth(ctx, me) if len(view.alive()) > 2 else 0.0
        if use in ("bang", "duel"):
            return _hit_worth(ctx, action.target) * (0.7 if use == "duel" else 1.0)
        if use in ("panic", "cat_balou"):
            return 0.8 * _hit_worth(ctx, action.target)
        if use == "general_store":
            return 0.5
    return 0.0


def _spend(ctx: Context) -> Action | None:
    """The best purchase worth its price, with nuggets kept for a Rucksack."""
    view, me = ctx.view, ctx.me
    nuggets = view.nuggets(me)
    keep = KEEP_FOR_RUCKSACK if any(n == "rucksack" for _, n in view.equipment(me)) else 0
    best: tuple[float, Action] | None = None
    for action in ctx.legal:
        if type(action) is not Buy:
            continue
        cost = EQUIPMENT_COST[view.public_name(action.slot)]
        if nuggets - cost < keep and not view.life_fixed(me):
            continue
        worth = buy_worth(ctx, action)
        margin = worth - cost
        if worth > 0 and margin >= -0.5 and (best is None or margin > best[0]):
            best = (margin, action)
    return None if best is None else best[1]


def _sell(ctx: Context) -> Action | None:
    sells = [a for a in ctx.legal if type(a) is Sell]
    if not sells:
        return None
    view, me = ctx.view, ctx.me
    useless = view.life_fixed(me) or len(view.alive()) <= 2
    spare = view.life(me) >= view.max_life(me) and ctx.names["beer"] >= 2
    return sells[0] if useless or spare else None


def _equipment_use(ctx: Context) -> Action | None:
    """Rucksack when hurt, Gold Pan with nuggets to spare."""
    view, me = ctx.view, ctx.me
    for action in ctx.legal:
        if type(action) is not UseEquipment:
            continue
        name = view.public_name(action.slot)
        if name == "rucksack" and view.life(me) <= view.max_life(me) - 1 \
                and view.life(me) <= 2:
            return action
        if name == "gold_pan" and view.nuggets(me) >= 3:
            return action
    return None


def _character(ctx: Context) -> Action | None:
    """Jacky Murieta's paid shot at a foe in reach; Raddie Snake's and Josh McCloud's
    purchases with nuggets to spare."""
    if Ability((), ()) not in ctx.legal:
        return None
    view, me = ctx.view, ctx.me
    name = view.character(me)
    nuggets = view.nuggets(me)
    if name == "jacky_murieta":
        in_reach = [s for s in view.others() if ctx.side.enemy(s) > 0]
        return Ability((), ()) if in_reach and nuggets >= 2 else None
    if name == "raddie_snake" and nuggets >= 3:
        return Ability((), ())
    if name == "josh_mccloud" and nuggets >= 4:
        return Ability((), ())
    return None


def _remove(ctx: Context) -> Action | None:
    view = ctx.view
    best: tuple[float, Action] | None = None
    for action in ctx.legal:
        if type(action) is not RemoveEquipment or ctx.side.enemy(action.target) <= 0:
            continue
        name = view.public_name(action.slot)
        margin = REMOVE_WORTH.get(name, 0.0) - EQUIPMENT_COST[name] - 1
        if margin >= 0 and (best is None or margin > best[0]):
            best = (margin, action)
    return None if best is None else best[1]


PLAY_RULES: tuple[Callable[[Context], Action | None], ...] = (
    _equipment_use, _spend, _sell, _character, _remove)


def with_gold(base_play: Callable[[Context], Action]) -> Callable[[Context], Action]:
    """The play phase: Gold Rush's spending first, then the cards (``base_play``)."""

    def play(ctx: Context) -> Action:
        if not ctx.view.gold_rush:
            return base_play(ctx)
        for rule in PLAY_RULES:
            action = rule(ctx)
            if action is not None:
                return action
        return base_play(ctx)

    return play


def with_rucksack(base_dying: Callable[[Context], Action]) -> Callable[[Context], Action]:
    """Dying: a Beer first (it costs a card, not two nuggets), else the Rucksack."""

    def dying(ctx: Context) -> Action:
        if ctx.plays("beer"):
            return base_dying(ctx)
        rucksack = [a for a in ctx.legal if type(a) is UseEquipment]
        return rucksack[0] if rucksack else base_dying(ctx)

    return dying


def discard_pick(ctx: Context) -> Action:
    """Dutch Will discards the less useful of his two new cards."""
    names = {slot: name for slot, _, name in ctx.hand}
    slot = min(ctx.decision.options, key=lambda s: (ctx.value(names[s]), s))
    return Choose(slot)


def equipment_use(ctx: Context) -> Action:
    """Josh McCloud's brown card: the use worth most now (the first on a tie)."""
    slot = ctx.view.equipment_discard_top()
    uses = ctx.view.pending_equipment_uses()
    worth = [buy_worth(ctx, Buy(slot, use, target, target_slot))
             for use, target, target_slot in uses]
    best = max(range(len(uses)), key=lambda i: (worth[i], -i))
    return Choose(ctx.decision.options[best])
