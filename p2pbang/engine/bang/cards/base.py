"""The BANG! base game as data: 80 playing cards, 16 characters, the role deck.

Suits and ranks follow the printed cards (checked against the rulebooks).
"""

from __future__ import annotations

from p2pbang.engine.bang.catalog import CardDef, CharacterDef, build_deck

_BASE_SPEC: tuple[tuple[str, str, str], ...] = (
    ("bang", "brown", "AS QH KH AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD "
     "2C 3C 4C 5C 6C 7C 8C 9C"),
    ("missed", "brown", "2S 3S 4S 5S 6S 7S 8S 10C JC QC KC AC"),
    ("beer", "brown", "6H 7H 8H 9H 10H JH"),
    ("panic", "brown", "JH QH AH 8D"),
    ("cat_balou", "brown", "KH 9D 10D JD"),
    ("stagecoach", "brown", "9S 9S"),
    ("wells_fargo", "brown", "3H"),
    ("general_store", "brown", "9C QS"),
    ("gatling", "brown", "10H"),
    ("duel", "brown", "QD JS 8C"),
    ("indians", "brown", "KD AD"),
    ("saloon", "brown", "5H"),
    ("barrel", "blue", "QS KS"),
    ("dynamite", "blue", "2H"),
    ("jail", "blue", "JS 10S 4H"),
    ("mustang", "blue", "8H 9H"),
    ("scope", "blue", "AS"),
    ("volcanic", "weapon", "10S 10C"),
    ("schofield", "weapon", "JC QC KS"),
    ("remington", "weapon", "KC"),
    ("rev_carabine", "weapon", "AC"),
    ("winchester", "weapon", "8S"),
)

BASE_CARDS: tuple[CardDef, ...] = build_deck(_BASE_SPEC)

WEAPON_REACH: dict[str, int] = {
    "volcanic": 1,
    "schofield": 2,
    "remington": 3,
    "rev_carabine": 4,
    "winchester": 5,
}

BASE_CHARACTERS: tuple[CharacterDef, ...] = (
    CharacterDef("bart_cassidy", 4),
    CharacterDef("black_jack", 4),
    CharacterDef("calamity_janet", 4),
    CharacterDef("el_gringo", 3),
    CharacterDef("jesse_jones", 4),
    CharacterDef("jourdonnais", 4),
    CharacterDef("kit_carlson", 4),
    CharacterDef("lucky_duke", 4),
    CharacterDef("paul_regret", 3),
    CharacterDef("pedro_ramirez", 4),
    CharacterDef("rose_doolan", 4),
    CharacterDef("sid_ketchum", 4),
    CharacterDef("slab_the_killer", 4),
    CharacterDef("suzy_lafayette", 4),
    CharacterDef("vulture_sam", 4),
    CharacterDef("willy_the_kid", 4),
)

SHERIFF, RENEGADE, OUTLAW, DEPUTY = "sheriff", "renegade", "outlaw", "deputy"
ROLE_NAMES: tuple[str, ...] = (SHERIFF, RENEGADE, OUTLAW, DEPUTY)

# The role cards, in the order a growing table adds them (rulebook: 4 players S R O O,
# 5 adds a Deputy, 6 an Outlaw, 7 a Deputy; Dodge City's 8-player deck adds a second
# Renegade, the Romanian rulebook). A role card's id is its index here.
ROLE_CARDS: tuple[str, ...] = (SHERIFF, RENEGADE, OUTLAW, OUTLAW, DEPUTY, OUTLAW, DEPUTY,
                               RENEGADE)
SHERIFF_ROLE_ID = 0


def role_ids_for(players: int) -> tuple[int, ...]:
    """The role card ids in play for ``players`` seats (the Sheriff's id first)."""
    if not 4 <= players <= len(ROLE_CARDS):
        raise ValueError(f"a role deck holds 4 to {len(ROLE_CARDS)} cards, not {players}")
    return tuple(range(players))
