"""Building the engines' hottest values without the frozen dataclass ``__init__``.

Why: an ``Event`` or a ``Decision`` is made at nearly every step, and a frozen dataclass's
generated ``__init__`` sets each field through ``object.__setattr__`` by name, which costs
more than the rest of a dice step (and The Duel lists dozens of ``Play`` values at each
decision). Setting the slots through their descriptors makes the
very same object (same fields, equality, hash and repr: the tests compare them) two to
three times faster. The values stay frozen for everyone else.
"""

from __future__ import annotations

from p2pbang.engine.actions import NO_SEAT, NO_SLOT, Decision, Event, Play

_new = object.__new__
_EVENT_SETTERS = tuple(getattr(Event, name).__set__
                       for name in ("kind", "seat", "target", "card", "value", "life"))
_PLAY_SETTERS = tuple(getattr(Play, name).__set__
                      for name in ("slot", "card", "target", "target_slot"))
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
