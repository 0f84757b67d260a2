"""Gold Rush in the view model: nuggets and the shop, read from one seat's engine like the
rest of ``view.py``.

All of it is public (nuggets are counters on the table, equipment and the shop lie face up),
so every seat's view shows the same; ``view.build_view`` asks for these (through
``gold_rush.py``) to fill the fields it has for them.
"""

from __future__ import annotations

from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.sets import gold_rush
from p2pbang.ui.view import ShopCard


def has_gold_rush(game: Game) -> bool:
    """Whether the game deals equipment (nuggets and the shop come with it)."""
    return bool(game.rules.equipment_ids)


def nuggets(game: Game, seat: int) -> int | None:
    """A seat's nuggets, or None in a game without them (nothing to show)."""
    gold = gold_rush.state_or_none(game)
    return None if gold is None else gold.nuggets[seat]


def shop(game: Game, you: int) -> tuple[ShopCard, ...]:
    """The three cards for sale, in the order they were put up, with the viewer's price."""
    gold = gold_rush.state_or_none(game)
    if gold is None:  # a game without Gold Rush: nothing for sale
        return ()
    cards = []
    for slot in gold.shop:
        card = game.known.get(slot)
        if card is None:  # not yet revealed: the shop is being refilled
            continue
        definition = game.cards[card]
        cards.append(ShopCard(slot, card, definition.name, definition.kind,
                              gold_rush.EQUIPMENT_COST[definition.name],
                              gold_rush.price(game, you, card)))
    return tuple(cards)
