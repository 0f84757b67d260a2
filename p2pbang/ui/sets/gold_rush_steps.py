"""Gold Rush's actions as steps (see ``steps.py``): a shop card, then its use, then its
target and the target's card; removing equipment: the player, then the card with its price.

Selling a Beer, Gold Pan, Rucksack and the characters' paid abilities are one row each (no
choice follows them). The grouping only orders the engine's own legal actions, so the last
step always takes one of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from p2pbang.engine.actions import NO_SEAT, Action, Buy, Decision, RemoveEquipment
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.sets import gold_rush
from p2pbang.ui.i18n import _
from p2pbang.ui.labels import slot_label
from p2pbang.ui.sets.gold_rush_sentences import BORROWED
from p2pbang.ui.sets.gold_rush_texts import nuggets_label
from p2pbang.ui.texts import card_name

if TYPE_CHECKING:
    from p2pbang.ui.describe import Describer

Step = tuple[str, int]
STEP_KINDS = frozenset({"buy", "use", "remove", "equip"})


def paths(game: Game, action: Action) -> list[tuple[Step, ...]] | None:
    """The steps to a Gold Rush action, or None when it is not one with steps: a purchase
    is the shop card, its use (Bottle, Pardner), its target and the target's card; a
    removal the player, then the equipment card."""
    if isinstance(action, Buy):
        path: tuple[Step, ...] = (("buy", action.slot),)
        if game.card_name(game.known[action.slot]) in BORROWED:
            path += (("use", action.use),)
        if action.target != NO_SEAT:
            path += (("target", action.target),)
            if action.target_slot >= 0 or action.target_slot == -2:  # a card, or from hand
                path += (("slot", action.target_slot),)
        return [path]
    if isinstance(action, RemoveEquipment):
        return [(("remove", 0), ("target", action.target), ("equip", action.slot))]
    return None


def _bought(actions: Sequence[Action], members: Sequence[int]) -> int:
    """The shop slot of the purchase the rows lead to (all of them buy the same card)."""
    first = actions[members[0]]
    assert isinstance(first, Buy)
    return first.slot


def step_label(say: Describer, decision: Decision, actions: Sequence[Action],
               members: Sequence[int], step: Step) -> str | None:
    """The words for one of Gold Rush's steps, None for any other step."""
    game = say.game
    what, value = step
    if what == "buy":
        card = game.known[value]
        price = nuggets_label(gold_rush.price(game, decision.seat, card))
        return _("Buy {card} ({price})").format(card=slot_label(game, value), price=price)
    if what == "use":
        name = game.card_name(game.known[_bought(actions, members)])
        return _("As {card}").format(card=card_name(BORROWED[name][value]))
    if what == "remove":
        return _("Remove a player's equipment (price + 1)")
    if what == "equip":
        cost = gold_rush.EQUIPMENT_COST[game.card_name(game.known[value])]
        return _("{card}: pay {price}").format(card=slot_label(game, value),
                                               price=nuggets_label(cost + 1))
    return None


def step_name(say: Describer, steps: Sequence[Step], index: int) -> str | None:
    """A step already taken, named in the path shown above the menu ("Bottle → as BANG! →
    Ace"); None for a step that is not Gold Rush's."""
    game = say.game
    what, value = steps[index]
    if what in ("buy", "equip"):
        return slot_label(game, value)
    if what == "use" and index > 0 and steps[index - 1][0] == "buy":
        name = game.card_name(game.known[steps[index - 1][1]])
        return _("as {card}").format(card=card_name(BORROWED[name][value]))
    if what == "remove":
        return _("Remove equipment")
    return None
