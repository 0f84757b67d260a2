"""The A Fistful of Cards event deck as data: 14 event cards shuffled, "A Fistful of
Cards" placed last. No seed describes it: sources and readings in docs/rules/fistful.md.
"""

from __future__ import annotations

from p2pbang.engine.bang.rules import EventDef

FISTFUL_DECK = "fistful"

FISTFUL_EVENTS: tuple[EventDef, ...] = (
    *(EventDef(name, FISTFUL_DECK) for name in (
        "abandoned_mine", "ambush", "blood_brothers", "dead_man", "hard_liquor", "the_judge",
        "lasso", "law_of_the_west", "peyote", "ranch", "ricochet", "russian_roulette",
        "sniper", "vendetta")),
    EventDef("a_fistful_of_cards", FISTFUL_DECK, final=True),
)
