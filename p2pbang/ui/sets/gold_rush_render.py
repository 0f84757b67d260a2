"""Drawing Gold Rush on the table screen: nuggets per seat, the shop with its prices,
equipment in front of each player.

Pure functions from the view model to styled lines, like ``render.py``, which asks for them
(through ``gold_rush.py``) where its seat rows and hand title have a place for them. The
shop sits on the hand panel's title rule, which is otherwise empty, so 8 seats still fit at
80x24; when the names do not fit they are shortened to a fair share (every card and price
stays on the screen), and a wider screen shows them whole.
"""

from __future__ import annotations

from p2pbang.engine.actions import Action, Buy, RemoveEquipment
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.sets import gold_rush
from p2pbang.ui.i18n import _
from p2pbang.ui.sets.gold_rush_texts import NUGGET_MARK
from p2pbang.ui.textfit import Line, cut, fit_line, pad, pad_left, width_of
from p2pbang.ui.texts import card_name, card_text, kind_name
from p2pbang.ui.view import CardView, SeatView, TableView

EQUIPMENT_KINDS = frozenset({gold_rush.BLACK, gold_rush.GOLD_BROWN})


def nugget_width(view: TableView) -> int:
    """Cells of the nugget column ("$12"), 0 in a game without nuggets."""
    counts = [s.nuggets for s in view.seats if s.nuggets is not None]
    if not counts:
        return 0
    return max(width_of(f"{NUGGET_MARK}{n}") for n in counts)


def nugget_cells(seat: SeatView, width: int) -> Line:
    """A seat's nuggets in the column ``width`` cells wide (and the space after it)."""
    if width == 0 or seat.nuggets is None:
        return []
    style = "class:nugget" if seat.nuggets else "class:dim"
    return [(style, pad_left(f"{NUGGET_MARK}{seat.nuggets}", width) + " ")]


def equipment_mark(card: CardView) -> Line:
    """The mark after an equipment card in play: it was bought with gold (a glyph, not only
    a colour, for terminals without colour)."""
    if card.kind in EQUIPMENT_KINDS:
        return [("class:nugget", NUGGET_MARK)]
    return []


def shop_title(view: TableView, room: int) -> Line:
    """The shop on the hand panel's title rule: "Shop: Pickaxe $4, Shot $1, Wanted $2",
    names shortened to fair shares when ``room`` cells are too few (prices never cut)."""
    if not view.shop or room <= 0:
        return []
    head = " " + _("Shop:") + " "
    prices = [f" {NUGGET_MARK}{c.price}" for c in view.shop]
    names = [card_name(c.name) for c in view.shop]
    fixed = width_of(head) + sum(width_of(p) for p in prices) + 2 * (len(names) - 1) + 1
    if fixed + sum(width_of(n) for n in names) > room:
        names = _shares(names, room - fixed)
    line: Line = [("class:title", head)]
    for i, (card, name, price) in enumerate(zip(view.shop, names, prices, strict=True)):
        if i:
            line.append(("class:title", ", "))
        line += [(f"class:card.{card.kind}", name), ("class:nugget", price)]
    line.append(("class:title", " "))
    if sum(width_of(t) for _s, t in line) > room:
        return []  # not even the shortest names fit: the help and the actions still tell
    return line


def _shares(names: list[str], room: int) -> list[str]:
    """Names cut to share ``room`` cells: short ones whole, the rest evenly (3 at least)."""
    order = sorted(range(len(names)), key=lambda i: width_of(names[i]))
    cells = {}
    left = room
    for rank, i in enumerate(order):
        share = max(3, left // (len(names) - rank))
        cells[i] = min(width_of(names[i]), share)
        left -= cells[i]
    return [n if width_of(n) <= cells[i] else cut(n, cells[i]) for i, n in enumerate(names)]


def card_detail(game: Game, card: int, action: Action, seat: int) -> str:
    """The line under the actions for an equipment card: its name, kind, price and effect
    (what the viewer pays for a purchase; the price plus one for a removal)."""
    name = game.cards[card].name
    cost = gold_rush.EQUIPMENT_COST[name]
    if isinstance(action, Buy):
        cost = gold_rush.price(game, seat, card)
    elif isinstance(action, RemoveEquipment):
        cost += 1
    return (f"{card_name(name)} {NUGGET_MARK}{cost} \u00b7 {kind_name(game.cards[card].kind)}: "
            f"{card_text(name)}")


TALL = 32  # from this many rows the shop's cards get a row each, with their texts


def shop_rows(view: TableView, height: int) -> int:
    """Rows the hand panel asks for the shop's cards on a tall screen (0 otherwise: the
    title rule names them, the help and the detail line tell the rest)."""
    return len(view.shop) if view.shop and height >= TALL else 0


def shop_lines(view: TableView, width: int, rows: int) -> list[Line]:
    """The shop's cards under the hand, one a row with price and effect, when the panel
    has a row left for each (a tall screen: ``shop_rows``)."""
    if not view.shop or rows < len(view.shop):
        return []
    head = _("Shop:")
    head_w = width_of(head) + 2
    name_w = max(width_of(card_name(c.name)) for c in view.shop)
    price_w = max(width_of(f"{NUGGET_MARK}{c.price}") for c in view.shop)
    lines = []
    for i, c in enumerate(view.shop):
        line: Line = [("class:title", pad(" " + head if i == 0 else "", head_w)),
                      (f"class:card.{c.kind}", pad(card_name(c.name), name_w)),
                      ("class:nugget", " " + pad_left(f"{NUGGET_MARK}{c.price}", price_w)),
                      ("class:text", "  " + card_text(c.name))]
        lines.append(fit_line(line, width))
    return lines
