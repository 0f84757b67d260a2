"""The Dodge City expansion as data: 40 playing cards and 15 characters.

Suits, ranks and life points follow the printed cards (checked against
the Romanian rulebook). Buffalo Rifle is the Queen of Clubs (one source
says 9C, which is Tequila's corner). Green cards have the kind "green".
"""

from __future__ import annotations

from p2pbang.engine.bang.catalog import CardDef, CharacterDef, build_deck

_DODGE_CITY_SPEC: tuple[tuple[str, str, str], ...] = (
    ("barrel", "blue", "AC"),
    ("binocular", "blue", "10D"),
    ("dynamite", "blue", "10C"),
    ("hideout", "blue", "KD"),
    ("mustang", "blue", "5H"),
    ("remington", "weapon", "6D"),
    ("rev_carabine", "weapon", "5S"),
    ("bang", "brown", "8S 5C 6C KC"),
    ("beer", "brown", "6H 6S"),
    ("cat_balou", "brown", "8C"),
    ("general_store", "brown", "AS"),
    ("indians", "brown", "5D"),
    ("missed", "brown", "8D"),
    ("panic", "brown", "JH"),
    ("punch", "brown", "10S"),
    ("dodge", "brown", "7D KH"),
    ("springfield", "brown", "KS"),
    ("tequila", "brown", "9C"),
    ("whisky", "brown", "QH"),
    ("rag_time", "brown", "9H"),
    ("brawl", "brown", "JS"),
    ("bible", "green", "10H"),
    ("canteen", "green", "7H"),
    ("can_can", "green", "JC"),
    ("ten_gallon_hat", "green", "JD"),
    ("conestoga", "green", "9D"),
    ("derringer", "green", "7S"),
    ("buffalo_rifle", "green", "QC"),
    ("howitzer", "green", "9S"),
    ("pepperbox", "green", "AH"),
    ("iron_plate", "green", "AD QS"),
    ("pony_express", "green", "QD"),
    ("knife", "green", "8H"),
    ("sombrero", "green", "7C"),
)

DODGE_CITY_CARDS: tuple[CardDef, ...] = build_deck(_DODGE_CITY_SPEC)

DODGE_CITY_CHARACTERS: tuple[CharacterDef, ...] = (
    CharacterDef("apache_kid", 3),
    CharacterDef("belle_star", 4),
    CharacterDef("bill_noface", 4),
    CharacterDef("chuck_wengam", 4),
    CharacterDef("doc_holyday", 4),
    CharacterDef("elena_fuente", 3),
    CharacterDef("greg_digger", 4),
    CharacterDef("herb_hunter", 4),
    CharacterDef("jose_delgado", 4),
    CharacterDef("molly_stark", 4),
    CharacterDef("pat_brennan", 4),
    CharacterDef("pixie_pete", 3),
    CharacterDef("sean_mallory", 3),
    CharacterDef("tequila_joe", 4),
    CharacterDef("vera_custer", 3),
)
