"""Where the event in force shows: the status line, the line under the actions, the help, and
the plain interface's table and its ``e`` command.

Why one module: each interface shows the same public fact (``TableView.event``, read from
the seat's own engine) in the room it has; the shared screen modules ask for these through
``events.py``, so an event deck adds no branch to them.
"""

from __future__ import annotations

from p2pbang.engine.bang.game import Game
from p2pbang.ui.i18n import N_, _, ngettext
from p2pbang.ui.sets.events_texts import (
    EVENT_NAMES,
    event_help,
    event_label,
    event_name,
    event_summary,
    event_text,
)
from p2pbang.ui.textfit import Line, cut
from p2pbang.ui.view import SeatView, TableView

Entry = tuple[str, str, str]  # anchor key, heading, body (as helptext.Entry)
Section = tuple[str, list[Entry]]

PLAIN_COMMAND = "e"
PLAIN_HELP = N_("  e          show the event card in force and what it does")


def status_part(view: TableView) -> Line:
    """" · Event: Thirst" after the turn and phase on the status line (nothing without)."""
    if view.event is None:
        return []
    return [("class:status", " \u00b7 "), ("class:status.event", event_label(view.event))]


def seat_note(seat: SeatView) -> str:
    """" (ghost)" after the role of a seat back for its turn as a ghost, else nothing: its
    life shows empty, and it must not read as a player at 0 life still standing."""
    return " (" + _("ghost") + ")" if seat.ghost else ""


def pile_text(view: TableView) -> str:
    """How many event cards are left, and the next one (the pile lies face up)."""
    left = ngettext("{n} event card left", "{n} event cards left", view.events_left).format(
        n=view.events_left)
    if view.next_event is None:
        return left
    return _("{left}, next: {event}").format(left=left, event=event_name(view.next_event))


def title_part(view: TableView, cells: int) -> Line:
    """" Thirst: Phase 1: draw one card less. " for the hand panel's rule, cut to ``cells``
    (nothing without an event or room): the line under the actions gives the selected card
    while the person plays, and the event's rule must stay in view then too."""
    if view.event is None or cells < 8:
        return []
    text = cut(f"{event_name(view.event)}: {event_text(view.event)}", cells - 2)
    return [("class:status.event", f" {text} ")]


def detail_text(view: TableView) -> str | None:
    """The event and its effect, for the line under the actions when it has nothing more
    pressing to say (no card selected, no notice); None without an event in force."""
    if view.event is None:
        return None
    return f"{event_label(view.event)} \u00b7 {event_text(view.event)}"


def has_events(game: Game) -> bool:
    """Whether this game plays with an event deck."""
    return bool(game.rules.events)


def help_sections(game: Game) -> list[Section]:
    """The help's event sections: the one in force (with the cards left), then every event
    card of the game's decks, the final ones marked; nothing for a game without events."""
    if not has_events(game):
        return []
    sections: list[Section] = []
    current = game.event_name()
    if current is not None:
        view_left = ngettext("{n} event card left", "{n} event cards left",
                             len(game.event_pile)).format(n=len(game.event_pile))
        sections.append((_("Event in force"), [
            (f"event-now:{current}", f"{event_name(current)}  ({view_left})",
             event_help(current))]))
    upcoming = game.next_event()
    if upcoming >= 0:
        key = game.rules.events[upcoming].name
        sections.append((_("Next event (face up on the pile)"), [
            (f"event-next:{key}", event_name(key), event_help(key))]))
    finals = {game.rules.events[final].name for _cards, final in game.rules.event_decks}
    entries = []
    for key in EVENT_NAMES:
        if not any(e.name == key for e in game.rules.events):
            continue
        head = event_name(key)
        if key in finals:
            head += "  (" + _("last card, stays to the end") + ")"
        entries.append((f"event:{key}", head, event_help(key)))
    sections.append((_("Event cards"), entries))
    return sections


def plain_line(view: TableView) -> str | None:
    """The plain table's line for the event in force."""
    if view.event is None:
        return None
    return _("Event in force: {event} ({left})").format(event=event_summary(view.event),
                                                        left=pile_text(view))


def plain_command(game: Game, text: str) -> str | None:
    """The answer to the plain interface's ``e`` command, None for any other line: the event
    in force and the next one (the pile lies face up, so it is public)."""
    if text != PLAIN_COMMAND:
        return None
    if not has_events(game):
        return _("This game has no event cards.")
    current = game.event_name()
    if current is None:
        lines = [_("No event card is in force yet: the first one comes into force when the "
                   "second round begins.")]
    else:
        left = len(game.event_pile)
        lines = [f"{event_name(current)}: {event_help(current)}", ngettext(
            "{n} event card left", "{n} event cards left", left).format(n=left)]
    upcoming = game.next_event()
    if upcoming >= 0:
        key = game.rules.events[upcoming].name
        lines.append(_("Next: {event}: {text}").format(event=event_name(key),
                                                       text=event_text(key)))
    return "\n".join(lines)


def plain_help(game: Game) -> str | None:
    """The help line of the ``e`` command, in a game with events."""
    return _(PLAIN_HELP) if has_events(game) else None


def explain(term: str) -> list[str]:
    """Event cards matching ``term`` for the plain ``c NAME`` command (by the English or the
    translated name, whole or by the start of a word)."""
    found = []
    for key, english in EVENT_NAMES.items():
        names = (english.lower(), event_name(key).lower())
        words = [w for n in names for w in n.split()]
        if any(n.startswith(term) for n in names) or any(w.startswith(term) for w in words):
            found.append(f"{event_name(key)}: {event_help(key)}")
    return found
