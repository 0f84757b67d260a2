"""How a card reads inside a sentence: its name and corner, or "a card" when hidden.

Its own module so that the sentence modules (``describe.py`` and the expansions' sentence
modules it calls) share it without importing each other.
"""

from __future__ import annotations

from p2pbang.engine.bang.catalog import CardDef
from p2pbang.engine.bang.game import Game
from p2pbang.ui.i18n import _
from p2pbang.ui.texts import card_name


def corner(definition: CardDef) -> str:
    """The printed corner (``Q\u2665``); Gold Rush's equipment has no suit and no rank: ""."""
    return definition.label if definition.suit else ""


def card_label(game: Game, card: int) -> str:
    """``BANG! (Q\u2665)``, an equipment card by its name, or "a card" when hidden (-1)."""
    if card < 0:
        return _("a card")
    definition = game.cards[card]
    if not definition.suit:
        return card_name(definition.name)
    return f"{card_name(definition.name)} ({definition.label})"


def slot_label(game: Game, slot: int) -> str:
    card = game.known.get(slot)
    return _("a card") if card is None else card_label(game, card)
