"""The players page (``l`` on the table): every player's character and cards in play, whole.

With eight seats at 80x24 the seats' rows share the cells out, and each card in play is cut
to a few letters ("Mus.,Wi.,Ru.$") so that every card stays listed; that keeps the table on
one screen but does not let a person read it. This page gives each seat a section in the
help's form (``render.help_lines`` draws it, scrolled like the help): the character and its
ability, then each card in play and each piece of Gold Rush equipment with its corner and
effect, a green card's readiness included. It reads the same view as the table, so it
shows nothing the seat cannot see.
"""

from __future__ import annotations

from p2pbang.ui import sets
from p2pbang.ui.helptext import Entry, Section
from p2pbang.ui.i18n import _
from p2pbang.ui.texts import (
    card_name,
    card_text,
    character_name,
    character_text,
    green_readiness,
    role_name,
)
from p2pbang.ui.view import SeatView, TableView


def sections(view: TableView) -> list[Section]:
    """One section per seat, in the table's order (you first)."""
    return [(_heading(seat), _entries(seat)) for seat in view.seats]


def _heading(seat: SeatView) -> str:
    parts = [seat.name, character_name(seat.character), role_name(seat.role),
             f"{_('Life')} {max(0, seat.life)}/{seat.max_life}",
             f"{_('Hand')} {seat.hand_size}"]
    if seat.distance is not None:
        parts.append(f"{_('Dist')} {seat.distance}{'*' if seat.reach_ok else ''}")
    parts += sets.joined(lambda ui_set: ui_set.page_parts(seat))  # Gold Rush: the nuggets
    return " \u00b7 ".join(parts)


def _entries(seat: SeatView) -> list[Entry]:
    key = f"seat:{seat.seat}"
    entries: list[Entry] = []
    if seat.character:
        entries.append((key, character_name(seat.character), character_text(seat.character)))
    for card in seat.in_play:
        text = card_text(card.name)
        if card.ready is not None:
            text += " \u00b7 " + green_readiness(card.ready)
        entries.append((f"{key}:{card.slot}", f"{card_name(card.name)} {card.label}", text))
    added = sets.joined(lambda ui_set: ui_set.page_entries(seat, key))  # the equipment
    entries += added
    if not seat.in_play and not added:
        entries.append((f"{key}:none", _("In play"), "-"))
    return entries
