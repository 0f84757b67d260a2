"""The Gold Rush expansion as data: 24 equipment cards and 8 characters.

Counts and costs (in gold nuggets) follow the printed cards, checked
against the Hungarian rulebook. Equipment cards have no suit and no rank:
they never enter the draw pile (they form their own shuffled pile and a shop of three face-up
cards), so no "draw!" ever reads them. Black equipment (kind ``black``) stays in front of its
owner; brown equipment (kind ``gold_brown``) is resolved at purchase.
"""

from __future__ import annotations

from p2pbang.engine.bang.catalog import CardDef, CharacterDef

BLACK, GOLD_BROWN = "black", "gold_brown"
EQUIPMENT_KINDS = frozenset({BLACK, GOLD_BROWN})

# name, kind, copies, cost in nuggets
_EQUIPMENT_SPEC: tuple[tuple[str, str, int, int], ...] = (
    ("shot", GOLD_BROWN, 3, 1),
    ("bottle", GOLD_BROWN, 3, 2),
    ("pardner", GOLD_BROWN, 3, 2),
    ("gold_rush", GOLD_BROWN, 1, 5),
    ("rhum", GOLD_BROWN, 2, 3),
    ("union_pacific", GOLD_BROWN, 1, 4),
    ("calumet", BLACK, 1, 3),
    ("gun_belt", BLACK, 1, 2),
    ("horseshoe", BLACK, 1, 2),
    ("pickaxe", BLACK, 1, 4),
    ("wanted", BLACK, 3, 2),
    ("gold_pan", BLACK, 1, 3),
    ("boots", BLACK, 1, 3),
    ("lucky_charm", BLACK, 1, 3),
    ("rucksack", BLACK, 1, 3),
)

# No suit: "" is a suit no rule (Apache Kid, Calumet, a draw!) ever asks for.
NO_SUIT = ""

EQUIPMENT_CARDS: tuple[CardDef, ...] = tuple(
    CardDef(name, kind, NO_SUIT, 0)
    for name, kind, copies, _cost in _EQUIPMENT_SPEC for _ in range(copies))

EQUIPMENT_COST: dict[str, int] = {name: cost for name, _k, _c, cost in _EQUIPMENT_SPEC}

GOLD_RUSH_CHARACTERS: tuple[CharacterDef, ...] = (
    CharacterDef("don_bell", 4),
    CharacterDef("dutch_will", 4),
    CharacterDef("jacky_murieta", 4),
    CharacterDef("josh_mccloud", 4),
    CharacterDef("madam_yto", 4),
    CharacterDef("pretty_luzena", 4),
    CharacterDef("raddie_snake", 4),
    CharacterDef("simeon_picos", 4),
)
