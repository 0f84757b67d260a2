"""A verdict that stopped a network game, in the person's language: the full screen's
dialog and log (``net_table.py``), the plain table's lines (``plain_net.py``) and the
opener's summary (``net_app.py``) say it in the same words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.table.driver import EQUIVOCATION, FAILURE
from p2pbang.ui.i18n import _

if TYPE_CHECKING:
    from p2pbang.table.driver import Verdict


def verdict_lines(verdict: Verdict, names: list[str]) -> list[str]:
    """Who did what, where, and where the evidence is: the verdict in the person's language
    (the failed check itself is the protocol's own words)."""
    name = names[verdict.seat] if 0 <= verdict.seat < len(names) else "?"
    if verdict.kind == FAILURE:
        first = _("This peer could not go on at log position {index}.").format(
            index=verdict.index)
    elif verdict.kind == EQUIVOCATION:
        first = _("{name} (seat {seat}) signed two different entries for one log position "
                  "(log position {index}).").format(name=name, seat=verdict.seat_shown,
                                                    index=verdict.index)
    elif verdict.entry_kind == "deal":
        first = _("{name} (seat {seat}) cheated in a dealing message at log position "
                  "{index}.").format(name=name, seat=verdict.seat_shown, index=verdict.index)
    elif verdict.entry_kind == "move":
        first = _("{name} (seat {seat}) cheated in a move at log position {index}.").format(
            name=name, seat=verdict.seat_shown, index=verdict.index)
    else:
        first = _("{name} (seat {seat}) cheated at log position {index}.").format(
            name=name, seat=verdict.seat_shown, index=verdict.index)
    return [first,
            _("What failed: {reason}").format(reason=verdict.reason),
            _("Nothing is dealt again: the game is over. The evidence is saved next to the "
              "game's log, and 'p2pbang verify' reaches the same verdict.")]


__all__ = ["verdict_lines"]
