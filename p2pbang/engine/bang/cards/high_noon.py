"""The High Noon event deck as data: 12 event cards shuffled, "High Noon" placed last.

Names and effects follow the printed cards; the setup (the Sheriff
reveals one before each of his turns from his second on, "High Noon" last and staying)
follows the Romanian rulebook and ruling D13.
"""

from __future__ import annotations

from p2pbang.engine.bang.rules import EventDef

HIGH_NOON_DECK = "high_noon"

HIGH_NOON_EVENTS: tuple[EventDef, ...] = (
    *(EventDef(name, HIGH_NOON_DECK) for name in (
        "blessing", "curse", "the_daltons", "the_doctor", "ghost_town", "gold_rush",
        "hangover", "the_reverend", "the_sermon", "shootout", "thirst", "train_arrival")),
    EventDef("high_noon", HIGH_NOON_DECK, final=True),
)
