"""The Duel's cards and characters as data: English rules keys, Hungarian names, decks.

Every physical card is one integer id: lawmen cards first (0..39), then outlaw cards
(40..79), so the crypto layer derives one group element per card from (pile, id). Characters
have their own id space (0..23: 12 lawmen then 12 outlaws) and their own shuffled piles.
Source: the printed cards and characters of the Hungarian edition.
"""

from __future__ import annotations

from dataclasses import dataclass

LAWMEN, OUTLAWS = 0, 1
SIDE_NAMES = ("lawmen", "outlaws")

BARREL, DYNAMITE, HORSESHOE, SNAKE = "barrel", "dynamite", "horseshoe", "snake"
SYMBOLS = (BARREL, DYNAMITE, HORSESHOE, SNAKE)

BANG, ACTION, EQUIPMENT = "bang", "action", "equipment"  # red, brown and blue frames


@dataclass(frozen=True, slots=True)
class DuelCard:
    """One physical card: rules key, frame, draw! symbol, and the deck it starts in."""

    name: str
    kind: str
    symbol: str
    side: int


@dataclass(frozen=True, slots=True)
class DuelCharacter:
    """A character card: rules key, life points (also its maximum) and side."""

    name: str
    life: int
    side: int


# key, frame, Hungarian name, hit symbol, dodge symbol, reload symbol, always active.
_CARD_TRAITS: tuple[tuple[str, str, str, bool, bool, bool, bool], ...] = (
    ("colt", BANG, "Colt", True, False, False, False),
    ("quickdraw", BANG, "Gyorstüzelés", True, False, False, False),
    ("carbine", BANG, "Karabély", True, False, False, False),
    ("peacemaker", BANG, "Peacemaker", True, False, False, False),
    ("remington", BANG, "Remington", True, False, False, False),
    ("schofield", BANG, "Schofield", True, False, False, False),
    ("shotgun", BANG, "Shotgun", True, False, False, False),
    ("winchester", BANG, "Winchester", True, False, False, False),
    ("bank", EQUIPMENT, "Bank", False, False, False, False),
    ("rattlesnake", EQUIPMENT, "Csörgőkígyó", False, False, False, True),
    ("dynamite", EQUIPMENT, "Dinamit", False, False, False, True),
    ("gunbelt", EQUIPMENT, "Fegyvertáska", False, False, False, False),
    ("barrel", EQUIPMENT, "Hordó", False, False, False, False),
    ("hat", EQUIPMENT, "Kalap", False, False, False, False),
    ("panic", EQUIPMENT, "Pánik", False, False, True, True),
    ("sniper", EQUIPMENT, "Távcsöves Puska", False, False, True, False),
    ("pocket_watch", EQUIPMENT, "Zsebóra", False, False, True, False),
    ("derringer", ACTION, "Derringer", True, False, False, False),
    ("gatling", ACTION, "Gatling", True, False, False, False),
    ("indians", ACTION, "Indiánok!", False, False, False, False),
    ("knife", ACTION, "Kés", True, False, False, False),
    ("inn", ACTION, "Kocsma", False, False, False, False),
    ("canteen", ACTION, "Kulacs", False, False, True, False),
    ("steal", ACTION, "Lopás", False, False, False, False),
    ("missed", ACTION, "Nem Talált!", False, True, False, False),
    ("duel", ACTION, "Párbaj", False, False, False, False),
    ("stagecoach", ACTION, "Postakocsi", False, False, False, False),
    ("beer", ACTION, "Sör", False, False, False, False),
    ("general_store", ACTION, "Szatócsbolt", False, False, False, False),
    ("teacher", ACTION, "Tanítónő", False, False, False, False),
    ("counter", ACTION, "Visszatámadás", False, True, False, False),
)

HUNGARIAN_CARD_NAMES = {row[0]: row[2] for row in _CARD_TRAITS}
HIT_CARDS = frozenset(row[0] for row in _CARD_TRAITS if row[3])
DODGE_CARDS = frozenset(row[0] for row in _CARD_TRAITS if row[4])
RELOAD_CARDS = frozenset(row[0] for row in _CARD_TRAITS if row[5])
ALWAYS_ACTIVE_CARDS = frozenset(row[0] for row in _CARD_TRAITS if row[6])
CARD_KINDS = {row[0]: row[1] for row in _CARD_TRAITS}

# key: copies per symbol as (lawmen deck, outlaw deck), from the reference csv.
_COUNTS: tuple[tuple[str, str, int, int], ...] = (
    ("colt", DYNAMITE, 1, 5),
    ("quickdraw", BARREL, 1, 0),
    ("quickdraw", HORSESHOE, 1, 0),
    ("carbine", BARREL, 0, 1),
    ("carbine", HORSESHOE, 2, 0),
    ("peacemaker", HORSESHOE, 2, 0),
    ("remington", SNAKE, 0, 1),
    ("remington", BARREL, 0, 1),
    ("schofield", BARREL, 0, 2),
    ("shotgun", HORSESHOE, 0, 2),
    ("shotgun", DYNAMITE, 2, 0),
    ("winchester", HORSESHOE, 2, 0),
    ("bank", BARREL, 1, 0),
    ("rattlesnake", SNAKE, 0, 1),
    ("dynamite", BARREL, 0, 1),
    ("gunbelt", DYNAMITE, 1, 0),
    ("gunbelt", SNAKE, 0, 1),
    ("barrel", SNAKE, 1, 1),
    ("hat", HORSESHOE, 1, 1),
    ("panic", BARREL, 1, 0),
    ("sniper", HORSESHOE, 1, 1),
    ("pocket_watch", HORSESHOE, 0, 2),
    ("derringer", HORSESHOE, 3, 0),
    ("derringer", SNAKE, 1, 0),
    ("gatling", BARREL, 1, 0),
    ("indians", HORSESHOE, 1, 1),
    ("knife", HORSESHOE, 0, 2),
    ("knife", SNAKE, 0, 1),
    ("inn", BARREL, 1, 0),
    ("canteen", BARREL, 1, 1),
    ("canteen", BARREL, 3, 0),
    ("steal", BARREL, 0, 1),
    ("steal", HORSESHOE, 0, 3),
    ("missed", HORSESHOE, 0, 1),
    ("missed", BARREL, 1, 1),
    ("missed", SNAKE, 4, 5),
    ("duel", DYNAMITE, 1, 0),
    ("duel", HORSESHOE, 0, 1),
    ("stagecoach", BARREL, 2, 1),
    ("beer", BARREL, 0, 1),
    ("general_store", SNAKE, 1, 0),
    ("general_store", HORSESHOE, 0, 1),
    ("teacher", HORSESHOE, 2, 0),
    ("counter", HORSESHOE, 1, 0),
)


def _build_cards() -> tuple[DuelCard, ...]:
    cards: list[DuelCard] = []
    for side in (LAWMEN, OUTLAWS):
        for name, symbol, lawmen, outlaws in _COUNTS:
            copies = lawmen if side == LAWMEN else outlaws
            cards.extend(DuelCard(name, CARD_KINDS[name], symbol, side) for _ in range(copies))
    return tuple(cards)


DUEL_CARDS = _build_cards()
DECK_SIZE = 40

# key, Hungarian name, life, side, always active.
_CHARACTER_ROWS: tuple[tuple[str, str, int, int, bool], ...] = (
    ("alan_pinkerton", "Alan Pinkertoon", 4, LAWMEN, False),
    ("annie_oakley", "Annie Oakey", 4, LAWMEN, False),
    ("bart_masterson", "Bart Masterson", 4, LAWMEN, True),
    ("bill_tilghman", "Bill Tightman", 5, LAWMEN, False),
    ("buffalo_bell", "Buffalo Bell", 4, LAWMEN, True),
    ("dalon_ranger", "Dalon Ranger", 5, LAWMEN, False),
    ("the_stranger", "Az Idegen", 4, LAWMEN, True),
    ("django", "Jango", 3, LAWMEN, False),
    ("pat_garrett", "Pat Garret", 5, LAWMEN, False),
    ("tex_killer", "Tex Killer", 4, LAWMEN, False),
    ("wild_bill", "Wild Bill", 5, LAWMEN, False),
    ("wyatt_earp", "Wyatt Ear", 4, LAWMEN, False),
    ("babe_leroy", "Babe Leroy", 4, OUTLAWS, False),
    ("bull_anderson", "Bull Anderson", 5, OUTLAWS, False),
    ("cattle_kate", "Cattle Katie", 4, OUTLAWS, False),
    ("the_daltons", "A Dalton fivérek", 3, OUTLAWS, False),
    ("jack_ransome", "Jack Ransome", 4, OUTLAWS, False),
    ("pearl_hart", "Pearl Hat", 3, OUTLAWS, False),
    ("sid_curry", "Sid Curry", 4, OUTLAWS, False),
    ("slim_poet", "Silm Poet", 4, OUTLAWS, False),
    ("sundance_kid", "Soundance Kid", 4, OUTLAWS, True),
    ("toco_ramirez", "Toco Ramirez", 4, OUTLAWS, False),
    ("tom_thorn", "Tom Thorn", 4, OUTLAWS, False),
    ("west_harding", "West Harding", 4, OUTLAWS, False),
)

DUEL_CHARACTERS = tuple(DuelCharacter(key, life, side)
                        for key, _hu, life, side, _always in _CHARACTER_ROWS)
HUNGARIAN_CHARACTER_NAMES = {row[0]: row[1] for row in _CHARACTER_ROWS}
ALWAYS_ACTIVE_CHARACTERS = frozenset(row[0] for row in _CHARACTER_ROWS if row[4])


def card_ids(side: int) -> tuple[int, ...]:
    """The ids of the cards a side's starting deck holds."""
    return tuple(i for i, card in enumerate(DUEL_CARDS) if card.side == side)


def character_ids(side: int) -> tuple[int, ...]:
    return tuple(i for i, char in enumerate(DUEL_CHARACTERS) if char.side == side)

# Characters whose ability is not implemented stay out of the reserve rather than come into
# play without it (none left).
NOT_IMPLEMENTED_CHARACTERS: frozenset[str] = frozenset()
PLAYABLE_CHARACTERS = tuple(i for i, char in enumerate(DUEL_CHARACTERS)
                            if char.name not in NOT_IMPLEMENTED_CHARACTERS)
