"""High Noon's event deck in the interface (``engine/bang/sets/high_noon.py``): its cards'
sentences (Thirst's and Train Arrival's draw, The Daltons' discard and pick, Ghost Town's
ghosts) and the ghost's mark on the table. The event in force, the pile and the help's frame
are every deck's (``event_deck.py``); the cards' texts are ``high_noon_texts.py``.

The event in force is public (``Game.event_name()``) and only changes before the first
seat's turn, so a sentence about a pick, a draw or a seat coming back reads it to say which
card asked for it. Each sentence is whole in the source language (the viewer's own deeds in
the second person), as in the other sentence modules.
"""

from __future__ import annotations

from p2pbang.engine.actions import DECLINE, NO_SEAT, Decision, Event
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import _, ngettext
from p2pbang.ui.labels import card_label, slot_label
from p2pbang.ui.sets.event_deck import EventDeck, event_name
from p2pbang.ui.sets.high_noon_texts import TEXTS
from p2pbang.ui.view import SeatView

# The events that change how many cards phase 1 draws.
DRAW_EVENTS = frozenset({"thirst", "train_arrival"})


class HighNoon(EventDeck):
    name = "high_noon"
    texts = TEXTS

    def card_event(self, say: Describer, e: Event, cause: str | None) -> str | None:
        game = say.game
        kind = e.kind
        mine = say.is_viewer(e.seat)
        name = say.who(e.seat)
        current = game.event_name()
        if kind == "draw" and say.phase_one_draw and current in DRAW_EVENTS:
            # Thirst, Train Arrival: the turn's phase-1 draw, said as the event's.
            event = event_name(current)
            if mine:
                return ngettext("{event}: you draw {n} card.", "{event}: you draw {n} cards.",
                                e.value).format(event=event, n=e.value)
            return ngettext("{event}: {name} draws {n} card.",
                            "{event}: {name} draws {n} cards.",
                            e.value).format(event=event, name=name, n=e.value)
        if kind == "forced_discard" and e.target == NO_SEAT:
            # only The Daltons make a discard with no one behind it
            card = card_label(game, e.card)
            if mine:
                return _("The Daltons: you discard {card}.").format(card=card)
            return _("The Daltons: {name} discards {card}.").format(name=name, card=card)
        if kind == "back" and current == "ghost_town":
            if mine:
                return _("Ghost Town: you come back as a ghost for this turn.")
            return _("Ghost Town: {name} comes back as a ghost for this turn.").format(
                name=name)
        if kind == "ghost_leaves":
            if mine:
                return _("Your ghost discards everything and leaves the table again.")
            return _("{name}'s ghost discards everything and leaves the table again.").format(
                name=name)
        if kind == "no_effect" and e.card < 0 and e.seat in game.ghosts:
            if mine:
                return _("You are a ghost: nothing can hurt you.")
            return _("{name} is a ghost: nothing can hurt them.").format(name=name)
        return None

    def card_decision(self, say: Describer, d: Decision) -> str | None:
        if say.game.event_name() == "the_daltons":
            return _("The Daltons: which of your blue cards in play do you discard?")
        return None

    def card_activity(self, say: Describer, d: Decision) -> str | None:
        if say.game.event_name() == "the_daltons":
            return _("{name} picks a blue card to discard (The Daltons).").format(
                name=say.who(d.seat))
        return None

    def card_choice(self, say: Describer, d: Decision, value: int) -> str | None:
        # The Daltons: a blue card in play
        if value == DECLINE:
            return _("Decline")
        return _("Discard {card}").format(card=slot_label(say.game, value))

    def seat_note(self, seat: SeatView) -> str:
        """" (ghost)" after the role of a seat back for its turn as a ghost (Ghost Town), else
        nothing: its life shows empty, and it must not read as a player at 0 life still
        standing."""
        return " (" + _("ghost") + ")" if seat.ghost else ""


UI = HighNoon()
