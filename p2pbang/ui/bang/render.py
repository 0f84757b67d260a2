"""Drawing the table screen: pure functions from the view model to styled lines.

Nothing here touches a terminal: each function gets the cells it may use and returns lines
cut to that width, so the layout is tested as plain data (at 80x24 in every language) and
the prompt-toolkit windows only copy the lines out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from p2pbang.ui import sets
from p2pbang.ui.i18n import _
from p2pbang.ui.textfit import Line, cut, fit_line, line_width, pad, pad_left, width_of, wrap
from p2pbang.ui.texts import card_name, card_text, character_name, character_text, role_name
from p2pbang.ui.view import CardView, SeatView, TableView

WIDE = 110  # from this many columns the log gets its own column on the right
SHORTCUTS = "123456789abdefghijkmnoprstuvwxyz"  # c (chat), l, q (quit) are commands


def shortcut(index: int) -> str:
    return SHORTCUTS[index] if index < len(SHORTCUTS) else " "


def card_style(kind: str) -> str:
    return f"class:card.{kind}"


@dataclass(frozen=True)
class Plan:
    """Where everything goes on a screen of ``width`` x ``height`` cells.

    Rows from the top: status, seats (with an optional header), the hand (a title and its
    rows), the decision, the middle (actions, and the log beside them or alone), a detail
    line and the chat line. From ``WIDE`` columns the log has its own right-hand column.
    """

    width: int
    height: int
    main_width: int
    log_column: int  # width of the right-hand log column (0: the log is in the middle)
    header: bool
    seat_lines: int  # 1 or 2 rows per seat
    hand_rows: int
    middle_rows: int
    actions_width: int  # in the middle; the log has the rest (when log_column is 0)
    detail_rows: int = 1  # the selected card's full text: a second row when it needs one


def plan_layout(width: int, height: int, players: int, hand_cards: int, actions: int,
                deciding: bool, longest_action: int = 40, compact_hand_rows: int = 1,
                detail_rows: int = 1) -> Plan:
    """Share the rows and columns out: the seats always, then the decision, then the hand,
    then the log; more room gives a header row, two rows per seat, a log column.

    The hand gets a row per card when that leaves the actions (up to six) their rows;
    otherwise it is drawn compact, names and corners only, in ``compact_hand_rows``."""
    wide = width >= WIDE
    log_column = max(34, width * 2 // 5) if wide else 0
    main_width = width - log_column - (1 if wide else 0)
    detail_rows = max(1, min(2, detail_rows))
    fixed = 4 + detail_rows  # status, hand title, decision, detail, chat
    rest = max(0, height - fixed - players)
    want_hand = max(1, hand_cards)
    want_middle = max(actions, 4) if deciding else 4
    header = rest >= 10
    if header:
        rest -= 1
    seat_lines = 1
    if rest - players >= want_hand + want_middle + 4:
        seat_lines = 2
        rest -= players
    room = rest - (min(want_middle, 6) if deciding else 3)
    hand_rows = want_hand if want_hand <= room else max(1, min(compact_hand_rows, room))
    middle_rows = rest - hand_rows
    if not deciding:
        actions_width = 0
    elif wide:
        actions_width = main_width
    else:
        actions_width = min(longest_action + 6, main_width * 2 // 3)
        actions_width = max(actions_width, min(main_width, 30))
    if detail_rows > 1 and middle_rows < 3 + (1 if deciding else 0):
        return plan_layout(width, height, players, hand_cards, actions, deciding,
                           longest_action, compact_hand_rows, 1)  # no room: one row, cut
    return Plan(width, height, main_width, log_column, header, seat_lines, hand_rows,
                max(middle_rows, 0), actions_width, detail_rows)


# ------------------------------------------------------------------------ status

def status_line(view: TableView, names: Sequence[str], phase: str | None, width: int) -> Line:
    """Turn, whose turn and which phase on the left; the deck and discard pile on the right."""
    left: Line = [("class:status.title", " BANG! ")]
    if view.turn > 0 and view.current >= 0:
        left.append(("class:status", " " + _("Turn {n}").format(n=view.turn) + " \u00b7 "))
        left.append(("class:status.current", names[view.current]))
        if phase:
            left.append(("class:status", " \u00b7 " + phase))
    else:
        left.append(("class:status", " " + _("Dealing...")))
    left += sets.joined(lambda ui_set: ui_set.status_part(view))  # the event in force
    deck = _("Deck {n}").format(n=view.deck_size)
    right = deck
    if view.discard_top is not None:
        top = view.discard_top
        right += " \u00b7 " + _("Discard: {card}").format(
            card=f"{card_name(top.name)} {top.label}")
    used = sum(width_of(t) for _s, t in left)
    if used > width and phase and view.event is not None:  # the event's name before the phase
        left = [part for part in left if part[1] != " \u00b7 " + phase]
        used = sum(width_of(t) for _s, t in left)
    apart = 3 if view.event is not None else 1  # the event's name apart from the deck
    for text in (right + " ", deck + " "):  # the deck alone when the discard does not fit
        if used + width_of(text) + apart <= width:
            gap = width - used - width_of(text)
            return [*left, ("class:status", " " * gap), ("class:status", text)]
    return fit_line(left, width, "class:status")


# ------------------------------------------------------------------------ seats

def _life(seat: SeatView) -> Line:
    lost = max(0, seat.max_life - max(seat.life, 0))
    return [("class:life", "\u2665" * max(seat.life, 0)), ("class:life.lost", "\u00b7" * lost)]


READY_MARK = "\u2713"  # a green card in play that can be used now
WAITING_MARK = "\u25cb"  # a green card in play that works from the next turn on
PAID_MARK = "+1"  # a card that costs one more hand card to play


def green_mark(card: CardView) -> Line:
    """A green card's readiness as a mark of its own (a glyph, not only a colour)."""
    if card.ready is None:
        return []
    if card.ready:
        return [("class:green.ready", READY_MARK)]
    return [("class:green.waiting", WAITING_MARK)]


def _in_play(cards: Sequence[CardView], labels: bool, width: int | None = None,
             silenced: bool = False) -> Line:
    """The cards in play, with green cards' readiness; when ``width`` cells are too few for
    the whole names, each name is shortened to a fair share (every card stays listed).
    ``silenced`` (the other players' cards in Belle Star's turn) strikes them through."""
    if not cards:
        return [("class:dim", "-")]
    marks = [_card_marks(c) for c in cards]
    marked = sum(line_width(m) for m in marks)
    texts = [card_name(c.name) + (f" {c.label}" if labels and c.label else "") for c in cards]
    separator = ", "
    if width is not None:
        full = sum(width_of(t) for t in texts) + marked + 2 * (len(cards) - 1)
        if labels and full > width:  # the corners go first, the names only if need be
            texts = [card_name(c.name) for c in cards]
            full = sum(width_of(t) for t in texts) + marked + 2 * (len(cards) - 1)
        if full > width:
            separator = ","
            room = width - (len(cards) - 1) - marked
            texts = _fair_shares(texts, room)
    out: Line = []
    for i, (c, text, mark) in enumerate(zip(cards, texts, marks, strict=True)):
        if i:
            out.append(("class:seat", separator))
        struck = silenced and not any(ui_set.keeps_effect(c) for ui_set in sets.asked())
        style = card_style(c.kind) + (" class:silenced" if struck else "")
        out.append((style, text))
        out += mark
    return out


def _fair_shares(texts: list[str], room: int) -> list[str]:
    """Shorten names to share ``room`` cells: short names keep their length, and what they
    leave is shared out among the longer ones (at least 3 cells each)."""
    widths = [width_of(t) for t in texts]
    open_ = set(range(len(texts)))
    budget = room
    while open_:
        share = budget // len(open_)
        fitting = {i for i in open_ if widths[i] <= share}
        if not fitting:
            break
        budget -= sum(widths[i] for i in fitting)
        open_ -= fitting
    cells = {i: widths[i] for i in range(len(texts)) if i not in open_}
    if open_:
        share, extra = divmod(max(0, budget), len(open_))
        for rank, i in enumerate(sorted(open_)):
            cells[i] = max(3, share + (1 if rank < extra else 0))
    return [_shorten(t, cells[i]) for i, t in enumerate(texts)]


def _shorten(text: str, cells: int) -> str:
    """A card name in ``cells``: cut with a full stop as the mark of an abbreviation
    (an ellipsis would read as the end of the line)."""
    if width_of(text) <= cells:
        return text
    return cut(text, cells)[:-1].rstrip(" .") + "."


def _card_marks(card: CardView) -> Line:
    """The marks after a card in play: a green card's readiness, then the sets' marks."""
    return green_mark(card) + sets.joined(lambda ui_set: ui_set.card_mark(card))


def _seat_note(seat: SeatView) -> str:
    """What the sets add after a seat's role."""
    return sets.text(lambda ui_set: ui_set.seat_note(seat))


def _life_cells(seat: SeatView) -> Line:
    """The hearts, unless a set draws the life its own way (a shadow's)."""
    return sets.first(lambda ui_set: ui_set.life_cells(seat) or None) or _life(seat)


def _role_text(seat: SeatView) -> str:
    """The role column's words: the role, as the sets say it (a shadow's, Gold Rush)."""
    text = role_name(seat.role)
    for ui_set in sets.asked():
        text = ui_set.role_text(seat, text)
    return text


def seat_lines(view: TableView, width: int, header: bool, two_lines: bool) -> list[Line]:
    """One row per seat (two when there is room): marker, name, character, life, known role,
    hand size, distance (``*``: within your weapon's reach), the cards in play."""
    seats = view.around_you()  # you first, then in turn order
    name_w = min(12, max(width_of(_("Player")), *(width_of(s.name) for s in seats)))
    char_w = min(16, max(width_of(character_name(s.character)) for s in seats))
    life_w = max(4, width_of(_("Life")) if header else 0, *(s.max_life for s in seats))
    roles = [_role_text(s) + ("" if s.target is None
                              else " \u2192 " + view.seats[s.target].name)
             + _seat_note(s)  # a ghost says so (Ghost Town)
             for s in seats]  # at Dodge City's 3-player table, each one's target
    # the dead say their role in their own words, so only the living's roles size the column
    role_w = min(24, max(width_of(_("Role")),
                         *(width_of(r) for r, s in zip(roles, seats, strict=True) if s.alive)))
    hand_w = max(2, width_of(_("Hand")))
    dist_w = max(3, width_of(_("Dist")))
    columns = [(ui_set, ui_set.column_width(view)) for ui_set in sets.asked()]  # nuggets
    lines: list[Line] = []
    if header:
        head = (f"  {pad(_('Player'), name_w)} {pad(_('Character'), char_w)} "
                f"{pad(_('Life'), life_w)} "
                + "".join(ui_set.column_head(cells) for ui_set, cells in columns)
                + f"{pad(_('Role'), role_w)} "
                f"{pad_left(_('Hand'), hand_w)} {pad_left(_('Dist'), dist_w)}  "
                + _("In play"))
        lines.append(fit_line([("class:header", head)], width, "class:header"))
    for seat, role in zip(seats, roles, strict=True):
        marker = (">" if seat.is_current else " ") + " "
        base = "class:seat.you" if seat.is_you else "class:seat"
        if not seat.alive:
            base = "class:seat.dead"
        row: Line = [("class:seat.marker", marker), (base, pad(seat.name, name_w) + " "),
                     (base, pad(character_name(seat.character), char_w) + " ")]
        if not seat.alive:
            row.append(("class:seat.dead", _("eliminated ({role})").format(role=role)))
            lines.append(fit_line(row, width))
            if two_lines:
                lines.append(fit_line([], width))
            continue
        life = _life_cells(seat)
        row += [*life, ("", " " * (life_w - seat.max_life + 1))]
        for ui_set, cells in columns:
            row += ui_set.column_cells(seat, cells)
        role_style = "class:role.sheriff" if seat.role == "sheriff" else (
            "class:role" if seat.role else "class:dim")
        row.append((role_style, pad(role, role_w) + " "))
        row.append(("class:seat", pad_left(str(seat.hand_size), hand_w) + " "))
        if seat.is_you or seat.distance is None:
            row.append(("class:dim", pad_left("-", dist_w) + "  "))
        else:
            dist = f"{seat.distance}{'*' if seat.reach_ok else ' '}"
            row.append(("class:reach" if seat.reach_ok else "class:dim",
                        pad_left(dist, dist_w) + " "))
            row.append(("", " "))
        room = width - line_width(row)
        row += _in_play(seat.in_play + seat.equipment, labels=two_lines or width >= WIDE,
                        width=room,
                        silenced=seat.silenced)
        lines.append(fit_line(row, width))
        if two_lines:
            lines.append(fit_line([("", "    "), ("class:dim", character_text(seat.character))],
                                  width))
    return lines


# ------------------------------------------------------------------------ hand

def hand_title(view: TableView, width: int) -> Line:
    text = " " + _("Your hand ({n})").format(n=len(view.hand)) + " "
    right = " " + _("reach {n}").format(n=view.reach) + " "
    room = width - 2 - width_of(text) - width_of(right)
    # a set's part of the rule: Gold Rush's shop with prices, else the event in force, whose
    # rule stays in view while you play
    shop = sets.first(lambda ui_set: ui_set.title_part(view, room - 4) or None) or []
    fill = max(0, room - line_width(shop))
    return fit_line([("class:rule", "\u2500\u2500"), ("class:title", text),
                     ("class:rule", "\u2500" * (2 if shop else fill)), *shop,
                     ("class:rule", "\u2500" * (fill - 2 if shop else 0)),
                     ("class:title", right)], width)


def compact_hand(cards: Sequence[CardView], width: int) -> list[Line]:
    """Names and corners only, as many to a row as fit."""
    lines: list[Line] = []
    row: Line = [("", " ")]
    used = 1
    for c in cards:
        paid = PAID_MARK if c.paid else ""
        need = width_of(f"{card_name(c.name)}{paid} {c.label}") + 3
        if used + need > width and used > 1:
            lines.append(fit_line(row, width))
            row, used = [("", " ")], 1
        row += [(card_style(c.kind), card_name(c.name)), ("class:paid", paid),
                ("class:label", f" {c.label}"), ("", "   ")]
        used += need
    lines.append(fit_line(row, width))
    return lines


def hand_lines(view: TableView, width: int, rows: int,
               selected_slot: int | None = None) -> list[Line]:
    """Each card with name, suit and rank and its effect, one per row; when the hand has
    more cards than rows, the names and corners only, several to a row. The card of the
    selected action (``selected_slot``) is marked, its whole text being under the actions."""
    cards = view.hand
    if not cards:
        return [fit_line([("class:dim", "  " + _("(no cards in hand)"))], width)]
    if len(cards) <= rows:
        paid_w = 3 if any(c.paid for c in cards) else 0
        name_w = max(width_of(card_name(c.name)) for c in cards)
        lines = []
        for c in cards:
            mark = "\u25b8" if c.slot == selected_slot else " "
            row: Line = [("class:action.key", mark),
                         (card_style(c.kind), pad(card_name(c.name), name_w)),
                         ("class:paid", pad(" " + PAID_MARK if c.paid else "", paid_w)),
                         ("class:label", " " + pad_left(c.label, 3) + "  "),
                         ("class:text", card_text(c.name))]
            lines.append(fit_line(row, width))
        return lines
    lines = compact_hand(cards, width)
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = fit_line([*lines[-1][:-1], ("class:dim", " " + "\u2026" * 3)], width)
    return lines


# ------------------------------------------------------------------------ decision

def decision_line(text: str, style: str, width: int) -> Line:
    return fit_line([(style, " " + text)], width, style)


def detail_lines(text: str, style: str, width: int, rows: int) -> list[Line]:
    """The selected card's full text, wrapped to ``rows`` rows (cut only past the last)."""
    wrapped = (wrap(text, max(1, width - 2)) or [""]) if rows > 1 else [text]
    lines = wrapped[:rows]
    if len(wrapped) > rows:
        lines[-1] = " ".join(wrapped[rows - 1:])
    return [fit_line([(style, (" " if i == 0 else "  ") + line)], width, style)
            for i, line in enumerate(lines)]


def action_lines(labels: Sequence[str], selected: int, width: int, rows: int,
                 pinned: int | None = None, keys: Sequence[str] | None = None) -> list[Line]:
    """The legal actions, each with its shortcut (``keys``, else numbered by position); the
    selected one highlighted and kept in view; arrows at the edge when more are above or
    below. The ``pinned`` row (ending the turn) stays on the last row whatever the scroll,
    so it is never hidden by a long list."""
    if rows <= 0:
        return []
    order = list(range(len(labels)))
    if pinned is not None and len(labels) > rows and rows > 1:
        order.remove(pinned)
        shown = [*_window(order, selected, rows - 1), pinned]
    else:
        shown = _window(order, selected, rows)
    lines: list[Line] = []
    for position, i in enumerate(shown):
        style = "class:action.selected" if i == selected else "class:action"
        key = (keys[i] or " ") if keys is not None and i < len(keys) else shortcut(i)
        row: Line = [("class:action.key" if i != selected else style, f" {key} "),
                     (style, labels[i])]
        line = fit_line(row, width - 1, style if i == selected else "")
        more = " "
        scrolled = [j for j in shown if j in order]  # the rows that scroll (not the pinned)
        if position == 0 and order[0] not in shown:
            more = "\u25b2"
        elif scrolled and i == scrolled[-1] and order[-1] not in shown:
            more = "\u25bc"
        lines.append([*line, ("class:more", more)])
    return lines


def _window(order: list[int], selected: int, rows: int) -> list[int]:
    """The ``rows`` entries of ``order`` to show, the selected one near the middle."""
    if len(order) <= rows:
        return order
    at = order.index(selected) if selected in order else len(order) - 1
    top = min(max(0, at - rows // 2), len(order) - rows)
    return order[top:top + rows]


# ------------------------------------------------------------------------ help

def help_lines(sections: Sequence[tuple[str, Sequence[tuple[str, str, str]]]],
               width: int) -> tuple[list[Line], dict[str, int]]:
    """The help text as lines, and the row where each entry (by key) starts."""
    lines: list[Line] = []
    anchors: dict[str, int] = {}
    for title, entries in sections:
        lines.append(fit_line([("class:help.title", " " + title)], width))
        for key, head, body in entries:
            anchors[key] = len(lines)
            lines.append(fit_line([("class:help.name", "  " + head)], width))
            for text in body.split("\n"):
                for part in wrap(text, width - 6, ""):
                    lines.append(fit_line([("class:help.text", "      " + part)], width))
        lines.append(fit_line([], width))
    return lines, anchors
