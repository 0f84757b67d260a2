"""What every event deck shows the same way, whichever deck its cards come from: the event
cards' tables merged, the event in force on the table (status line, hand panel's rule, line
under the actions, plain table), the pile's sentences, the help's event sections, the plain
``e`` command and ``c NAME`` for event cards; and ``EventDeck``, the ``UISet`` an event deck's
set derives from.

Why one module: the engine's decks share one mechanism (``engine/bang/event_flow.py``: the
pile, the event in force, its decisions); each deck's own rules are its own module. So here,
each deck's set (``sets/NAME.py``, ``sets/NAME_texts.py``) holds its cards' texts, sentences
and steps, and this module, which names no deck, says the rest once for all of them.

Who answers. Every set is asked every question, so what is common must be said once:
- what belongs to the event in force (the status line, the rule on the hand panel, the line
  under the actions, the plain table's line) is said by the deck whose card is in force;
- an event's decision (``EVENT_DECISIONS``) by the deck whose card is in force, the card that
  asks it (its own sentence, or the generic one);
- what belongs to the pile (its sentences, the help's event sections, ``e``, ``c NAME``) by
  the first event deck in the registry's order (``pile_speaker``), for every deck's cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from p2pbang.engine.actions import EVENT_PICK, EXCHANGE, GUESS, RESPOND_MISSED, Decision, Event
from p2pbang.engine.bang.game import Game
from p2pbang.ui import sets
from p2pbang.ui.i18n import N_, _, ngettext, pgettext
from p2pbang.ui.sets import EVENT_CARD, SetTexts, UISet
from p2pbang.ui.textfit import Line, cut
from p2pbang.ui.view import TableView

if TYPE_CHECKING:
    from p2pbang.ui.describe import Describer

Entry = tuple[str, str, str]  # anchor key, heading, body (as helptext.Entry)
Section = tuple[str, list[Entry]]

# The engine's decisions of the event cards (``engine/actions.py``): one kind serves several
# cards, and the card in force tells which.
EVENT_DECISIONS = frozenset({EVENT_PICK, RESPOND_MISSED, EXCHANGE, GUESS})

EVENT_LABEL = N_("Event: {name}")
PLAIN_COMMAND = "e"
PLAIN_HELP = N_("  e          show the event card in force and what it does")

# ---------------------------------------------------------------------- the tables


@cache
def _merged(field: str) -> Mapping[str, str]:
    """One of the event tables of every set, in the sets' order (so the help and ``c NAME``
    list one deck's cards, then the next deck's)."""
    return {key: text for strings in sets.strings()
            for key, text in getattr(strings, field).items()}


def event_names() -> Mapping[str, str]:
    """Every event card's English name (its source string), by engine key."""
    return _merged("event_names")


def event_name(name: str) -> str:
    """The translated name of event card ``name`` (an engine key)."""
    return pgettext(EVENT_CARD, event_names()[name])


def event_text(name: str) -> str:
    """The event's one-line effect."""
    return _(_merged("event_texts")[name])


def event_help(name: str) -> str:
    """The event's whole rule, as the engine plays it."""
    return _(_merged("event_help")[name])


def event_label(name: str) -> str:
    """"Event: Thirst", for the status line."""
    return _(EVENT_LABEL).format(name=event_name(name))


def event_summary(name: str) -> str:
    """"Thirst: Phase 1: draw one card less.", the event and its effect on one line."""
    return _("{name}: {text}").format(name=event_name(name), text=event_text(name))


# ---------------------------------------------------------------- the event in force


def status_part(view: TableView) -> Line:
    """" · Event: Thirst" after the turn and phase on the status line (nothing without)."""
    if view.event is None:
        return []
    return [("class:status", " \u00b7 "), ("class:status.event", event_label(view.event))]


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


def plain_line(view: TableView) -> str | None:
    """The plain table's line for the event in force."""
    if view.event is None:
        return None
    return _("Event in force: {event} ({left})").format(event=event_summary(view.event),
                                                        left=pile_text(view))


# ---------------------------------------------------------------- the pile


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
    for key in event_names():
        if not any(e.name == key for e in game.rules.events):
            continue
        head = event_name(key)
        if key in finals:
            head += "  (" + _("last card, stays to the end") + ")"
        entries.append((f"event:{key}", head, event_help(key)))
    sections.append((_("Event cards"), entries))
    return sections


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
    for key, english in event_names().items():
        names = (english.lower(), event_name(key).lower())
        words = [w for n in names for w in n.split()]
        if any(n.startswith(term) for n in names) or any(w.startswith(term) for w in words):
            found.append(f"{event_name(key)}: {event_help(key)}")
    return found


def pile_sentence(say: Describer, e: Event) -> str | None:
    """The pile's events: the deck laid out, the next card seen face up, a new event in
    force with its effect; None for any other kind."""
    game = say.game
    if e.kind == "event_pile":
        final = event_name(game.rules.events[game.event_final].name)
        return ngettext("The event deck: {n} card, then {final} to the end.",
                        "The event deck: {n} cards, then {final} to the end.",
                        e.value).format(n=e.value, final=final)
    if e.kind == "event_next":  # the event pile lies face up: its top card is public
        key = game.rules.events[e.value].name
        return _("Next event, face up on the pile: {name}.").format(name=event_name(key))
    if e.kind == "event":
        key = game.rules.events[e.value].name
        return _("New event: {name}. {text}").format(name=event_name(key),
                                                     text=event_text(key))
    return None


# ---------------------------------------------------------------- a deck's set


def pile_speaker() -> EventDeck:
    """The event deck that says what belongs to the pile: the first in the registry's order."""
    return next(s for s in reversed(sets.asked()) if isinstance(s, EventDeck))


class EventDeck(UISet):
    """An event deck's set. It gives ``texts`` (its ``TEXTS``, whose ``event_names`` are its
    cards) and says its cards' own events, decisions and choices (``card_event``,
    ``card_decision``, ``card_activity``, ``card_choice``) and whatever else only its cards
    do; what every deck shows alike is answered here, by the deck that owns it (see the
    module's docstring)."""

    texts: SetTexts = SetTexts()

    def owns(self, event: str | None) -> bool:
        """Whether ``event`` (an engine key, or None) is one of this deck's cards."""
        return event is not None and event in self.texts.event_names

    def asks(self, game: Game, d: Decision) -> bool:
        """Whether ``d`` is an event's decision asked by this deck's card in force."""
        return d.kind in EVENT_DECISIONS and self.owns(game.event_name())

    # the deck's own words (None: nothing of its own to say)

    def card_event(self, say: Describer, e: Event, cause: str | None) -> str | None:
        """The sentence for an event one of the deck's cards makes."""
        return None

    def card_decision(self, say: Describer, d: Decision) -> str | None:
        """The viewer's question at the decision the deck's card in force asks."""
        return None

    def card_activity(self, say: Describer, d: Decision) -> str | None:
        """What another seat does at that decision."""
        return None

    def card_choice(self, say: Describer, d: Decision, value: int) -> str | None:
        """The label of one option of that decision."""
        return None

    # sentences

    def event(self, say: Describer, e: Event, cause: str | None) -> str | None:
        if self is pile_speaker():
            said = pile_sentence(say, e)
            if said is not None:
                return said
        return self.card_event(say, e, cause)

    def decision(self, say: Describer, d: Decision) -> str | None:
        current = say.game.event_name()
        if current is None or not self.asks(say.game, d):
            return None
        said = self.card_decision(say, d)
        if said is not None:
            return said
        return _("{event}: choose.").format(event=event_name(current))  # no words of its own

    def activity(self, say: Describer, d: Decision) -> str | None:
        if not self.asks(say.game, d):
            return None
        said = self.card_activity(say, d)
        if said is not None:
            return said
        return _("{name} is choosing.").format(name=say.who(d.seat))  # no words of its own

    def choice(self, say: Describer, d: Decision, value: int) -> str | None:
        return self.card_choice(say, d, value) if self.asks(say.game, d) else None

    # the event in force: the deck whose card it is shows it

    def status_part(self, view: TableView) -> Line:
        return status_part(view) if self.owns(view.event) else []

    def title_part(self, view: TableView, cells: int) -> Line:
        # its rule stays in view while you play
        return title_part(view, cells) if self.owns(view.event) else []

    def decision_detail(self, view: TableView) -> str | None:
        decision = view.your_decision
        if decision is None or decision.kind not in EVENT_DECISIONS \
                or not self.owns(view.event):
            return None
        return detail_text(view)  # the event that asks this

    def idle_detail(self, view: TableView) -> str | None:
        # while waiting: what the event in force does
        return detail_text(view) if self.owns(view.event) else None

    def plain_head(self, view: TableView) -> list[str]:
        line = plain_line(view) if self.owns(view.event) else None
        return [] if line is None else [line]

    # the pile: the first event deck says it for all

    def help_first(self, game: Game) -> list[Section]:
        # the event in force first, when any
        return help_sections(game) if self is pile_speaker() else []

    def explain(self, term: str) -> list[str]:
        return explain(term) if self is pile_speaker() else []

    def plain_command(self, game: Game, names: list[str], text: str) -> str | None:
        return plain_command(game, text) if self is pile_speaker() else None

    def plain_help(self, game: Game) -> str | None:
        return plain_help(game) if self is pile_speaker() else None

