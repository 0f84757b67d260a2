"""Building the engines' hottest values without the frozen dataclass ``__init__``.

Why: an ``Event`` or a ``Decision`` is made at nearly every step, and a frozen dataclass's
generated ``__init__`` sets each field through ``object.__setattr__`` by name, which costs
more than the rest of a dice step (and The Duel lists dozens of ``Play`` values at each
decision). Setting the slots through their descriptors makes the
very same object (same fields, equality, hash and repr: the tests compare them) two to
three times faster. The values stay frozen for everyone else.

Events go one step further: an ``Event`` is an immutable value, and a game repeats the same
few (a draw of two cards, a hit on a given character, an arrow taken with so many left), so
``shared_event`` hands out one object per distinct field tuple (a flyweight). Looking one up
costs a third of making it; equality, hashing and repr are the same, and nobody can change a
shared event (frozen). No caller compares events by identity.
"""

from __future__ import annotations

from p2pbang.engine.actions import NO_SEAT, NO_SLOT, Choose, Decision, Discard, Event, Play
from p2pbang.engine.chance import Deal, Reveal

_new = object.__new__
_EVENT_SETTERS = tuple(getattr(Event, name).__set__
                       for name in ("kind", "seat", "target", "card", "value", "life"))
_PLAY_SETTERS = tuple(getattr(Play, name).__set__
                      for name in ("slot", "card", "target", "target_slot"))
_DISCARD_SETTERS = (Discard.slot.__set__, Discard.card.__set__)  # type: ignore[attr-defined]
_CHOOSE_SET_VALUE = Choose.value.__set__  # type: ignore[attr-defined]
_DEAL_SETTERS = (Deal.slots.__set__, Deal.seat.__set__)  # type: ignore[attr-defined]
_REVEAL_SET_SLOTS = Reveal.slots.__set__  # type: ignore[attr-defined]
_DECISION_SETTERS = tuple(getattr(Decision, name).__set__
                          for name in ("seat", "kind", "options", "source", "needed",
                                       "barrels"))


def event(kind: str, seat: int = NO_SEAT, target: int = NO_SEAT, card: int = -1,
          value: int = 0, life: int = -1) -> Event:
    """``Event(kind, seat, target, card, value, life)``, made faster."""
    made = _new(Event)
    set_kind, set_seat, set_target, set_card, set_value, set_life = _EVENT_SETTERS
    set_kind(made, kind)
    set_seat(made, seat)
    set_target(made, target)
    set_card(made, card)
    set_value(made, value)
    set_life(made, life)
    return made


def decision(seat: int, kind: str, options: tuple[int, ...] = (), source: int = NO_SEAT,
             needed: int = 0, barrels: int = 0) -> Decision:
    """``Decision(seat, kind, options, source, needed, barrels)``, made faster."""
    made = _new(Decision)
    set_seat, set_kind, set_options, set_source, set_needed, set_barrels = _DECISION_SETTERS
    set_seat(made, seat)
    set_kind(made, kind)
    set_options(made, options)
    set_source(made, source)
    set_needed(made, needed)
    set_barrels(made, barrels)
    return made


def play(slot: int, card: int, target: int = NO_SEAT, target_slot: int = NO_SLOT) -> Play:
    """``Play(slot, card, target, target_slot)``, made faster (The Duel lists dozens of
    them at every decision of its play phase)."""
    made = _new(Play)
    set_slot, set_card, set_target, set_target_slot = _PLAY_SETTERS
    set_slot(made, slot)
    set_card(made, card)
    set_target(made, target)
    set_target_slot(made, target_slot)
    return made


def discard(slot: int, card: int) -> Discard:
    """``Discard(slot, card)``, made faster (listed for every hand card at each discard)."""
    made = _new(Discard)
    set_slot, set_card = _DISCARD_SETTERS
    set_slot(made, slot)
    set_card(made, card)
    return made


def choose(value: int) -> Choose:
    """``Choose(value)``, made faster."""
    made = _new(Choose)
    _CHOOSE_SET_VALUE(made, value)
    return made


def deal(slots: tuple[int, ...], seat: int) -> Deal:
    """``Deal(slots, seat)``, made faster (a Duel deals ~350 times a game)."""
    made = _new(Deal)
    set_slots, set_seat = _DEAL_SETTERS
    set_slots(made, slots)
    set_seat(made, seat)
    return made


def reveal(slots: tuple[int, ...]) -> Reveal:
    """``Reveal(slots)``, made faster."""
    made = _new(Reveal)
    _REVEAL_SET_SLOTS(made, slots)
    return made


# One shared Event per distinct (kind, seat, target, card, value, life); bounded (about 200
# bytes an entry: a dozen MB at the very most), since a turn number or a long game's values
# could otherwise grow it without end. Games of a kind meet a few thousand distinct events.
EVENTS: dict[tuple[str, int, int, int, int, int], Event] = {}
_EVENTS_LIMIT = 1 << 16


def shared_event(key: tuple[str, int, int, int, int, int]) -> Event:
    """The one ``Event(*key)`` (made on first use). Hot callers look ``EVENTS`` up inline
    first (``EVENTS.get(key) or shared_event(key)``) and call this only on a miss."""
    made = EVENTS.get(key)
    if made is None:
        if len(EVENTS) >= _EVENTS_LIMIT:
            EVENTS.clear()
        made = EVENTS[key] = event(*key)
    return made
