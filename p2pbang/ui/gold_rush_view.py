"""Gold Rush and the shadow gunslingers in the view model: nuggets, equipment, the shop and
who plays a shadow turn, read from one seat's engine like the rest of ``view.py``.

All of it is public (nuggets are counters on the table, equipment and the shop lie face up,
a shadow turn is announced), so every seat's view shows the same; ``view.build_view``
calls these to fill the fields it has for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.sets import gold_rush, shadows


@dataclass(frozen=True)
class ShopCard:
    """A face-up equipment card for sale: its printed cost and what the viewer pays now
    (Pretty Luzena's first purchase of a turn costs one less)."""

    slot: int
    card: int
    name: str
    kind: str  # "black" or "gold_brown"
    cost: int
    price: int


def has_gold_rush(game: Game) -> bool:
    """Whether the game deals equipment (nuggets and the shop come with it)."""
    return bool(game.rules.equipment_ids)


def has_shadows(game: Game) -> bool:
    """Whether the eliminated come back as shadows (the variant's rules are in force)."""
    return shadows.MODULE in game.rules.modules


def nuggets(game: Game, seat: int) -> int | None:
    """A seat's nuggets, or None in a game without them (nothing to show)."""
    return game.players[seat].nuggets if has_gold_rush(game) else None


def is_shadow(game: Game, seat: int) -> bool:
    """Whether ``seat`` plays a shadow turn now: eliminated, but on the table for it."""
    return shadows.is_shadow(game, seat)


def shop(game: Game, you: int) -> tuple[ShopCard, ...]:
    """The three cards for sale, in the order they were put up, with the viewer's price."""
    cards = []
    for slot in game.shop:
        card = game.known.get(slot)
        if card is None:  # not yet revealed: the shop is being refilled
            continue
        definition = game.cards[card]
        cards.append(ShopCard(slot, card, definition.name, definition.kind,
                              gold_rush.EQUIPMENT_COST[definition.name],
                              gold_rush.price(game, you, card)))
    return tuple(cards)
