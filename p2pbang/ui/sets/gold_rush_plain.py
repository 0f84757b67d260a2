"""Gold Rush in the plain line interface: words where the full screen has marks (nuggets,
equipment, the shop), and the ``s`` command that reads out the shop and everyone's gold and
equipment with the cards' texts.

Used by ``plain.py`` (solo) and ``plain_net.py`` (network), so both say the same.
"""

from __future__ import annotations

from p2pbang.engine.bang.game import Game
from p2pbang.ui.i18n import N_, _
from p2pbang.ui.sets.gold_rush_texts import nuggets_label
from p2pbang.ui.sets.gold_rush_view import has_gold_rush
from p2pbang.ui.texts import card_name, card_text
from p2pbang.ui.view import SeatView, TableView

HELP = N_("  s          show the shop, everyone's nuggets and equipment")


def plain_help(game: Game) -> str | None:
    """The help line of the ``s`` command, in a game with the shop (read from the engine, so
    the help needs no view of the table)."""
    return _(HELP) if has_gold_rush(game) else None


def has_gold(view: TableView) -> bool:
    """Whether the game has nuggets and a shop to speak of."""
    return any(s.nuggets is not None for s in view.seats)


def nugget_words(seat: SeatView) -> str:
    """A seat's nuggets after its hand size ("" in a game without them)."""
    return "" if seat.nuggets is None else ", " + nuggets_label(seat.nuggets)


def seat_words(seat: SeatView) -> str:
    """What a seat line adds after the cards in play: its equipment, in words."""
    if not seat.equipment:
        return ""
    return "  " + _("equipment: {cards}").format(
        cards=", ".join(card_name(c.name) for c in seat.equipment))


def shop_line(view: TableView) -> list[str]:
    """The shop in one line for the table: "Shop: Pickaxe (4 nuggets), Shot (1 nugget)"."""
    if not view.shop:
        return []
    return [_("Shop: {cards}").format(cards=", ".join(
        f"{card_name(c.name)} ({nuggets_label(c.price)})" for c in view.shop))]


def report(view: TableView) -> str:
    """The answer to ``s``: the shop with prices and texts, then each player's nuggets and
    equipment with texts (the dead keep their nuggets for their shadow turns)."""
    if not has_gold(view):
        return _("This game has no gold nuggets and no shop.")
    lines = [_("The shop:")]
    for c in view.shop:
        lines.append("  " + _("{card} ({price}): {text}").format(
            card=card_name(c.name), price=nuggets_label(c.price), text=card_text(c.name)))
    if not view.shop:
        lines.append("  " + _("(nothing for sale)"))
    for seat in view.around_you():
        lines.append(_("{name}: {nuggets}").format(name=seat.name,
                                                   nuggets=nuggets_label(seat.nuggets or 0)))
        for c in seat.equipment:
            lines.append(f"    {card_name(c.name)}: {card_text(c.name)}")
    return "\n".join(lines)
