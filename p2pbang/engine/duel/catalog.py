"""The Duel's cards and characters as data: rules keys, frames, symbols, decks.

Every physical card is one integer id: lawmen cards first (0..39), then outlaw cards
(40..79), so the crypto layer derives one group element per card from (pile, id). Characters
have their own id space (0..23: 12 lawmen then 12 outlaws) and their own shuffled piles.
Source: the printed cards and characters of the Hungarian edition. The keys are the only
names here: what a person reads (the printed Hungarian names, the English ones) is the
interface's, in its catalogs (``ui/duel/duel_texts.py``).
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


# key, frame, hit symbol, dodge symbol, reload symbol, always active.
_CARD_TRAITS: tuple[tuple[str, str, bool, bool, bool, bool], ...] = (
    ("colt", BANG, True, False, False, False),
    ("quickdraw", BANG, True, False, False, False),
    ("carbine", BANG, True, False, False, False),
    ("peacemaker", BANG, True, False, False, False),
    ("remington", BANG, True, False, False, False),
    ("schofield", BANG, True, False, False, False),
    ("shotgun", BANG, True, False, False, False),
    ("winchester", BANG, True, False, False, False),
    ("bank", EQUIPMENT, False, False, False, False),
    ("rattlesnake", EQUIPMENT, False, False, False, True),
    ("dynamite", EQUIPMENT, False, False, False, True),
    ("gunbelt", EQUIPMENT, False, False, False, False),
    ("barrel", EQUIPMENT, False, False, False, False),
    ("hat", EQUIPMENT, False, False, False, False),
    ("panic", EQUIPMENT, False, False, True, True),
    ("sniper", EQUIPMENT, False, False, True, False),
    ("pocket_watch", EQUIPMENT, False, False, True, False),
    ("derringer", ACTION, True, False, False, False),
    ("gatling", ACTION, True, False, False, False),
    ("indians", ACTION, False, False, False, False),
    ("knife", ACTION, True, False, False, False),
    ("inn", ACTION, False, False, False, False),
    ("canteen", ACTION, False, False, True, False),
    ("steal", ACTION, False, False, False, False),
    ("missed", ACTION, False, True, False, False),
    ("duel", ACTION, False, False, False, False),
    ("stagecoach", ACTION, False, False, False, False),
    ("beer", ACTION, False, False, False, False),
    ("general_store", ACTION, False, False, False, False),
    ("teacher", ACTION, False, False, False, False),
    ("counter", ACTION, False, True, False, False),
)

HIT_CARDS = frozenset(row[0] for row in _CARD_TRAITS if row[2])
DODGE_CARDS = frozenset(row[0] for row in _CARD_TRAITS if row[3])
RELOAD_CARDS = frozenset(row[0] for row in _CARD_TRAITS if row[4])
ALWAYS_ACTIVE_CARDS = frozenset(row[0] for row in _CARD_TRAITS if row[5])
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

# key, life, side, always active.
_CHARACTER_ROWS: tuple[tuple[str, int, int, bool], ...] = (
    ("alan_pinkerton", 4, LAWMEN, False),
    ("annie_oakley", 4, LAWMEN, False),
    ("bart_masterson", 4, LAWMEN, True),
    ("bill_tilghman", 5, LAWMEN, False),
    ("buffalo_bell", 4, LAWMEN, True),
    ("dalon_ranger", 5, LAWMEN, False),
    ("the_stranger", 4, LAWMEN, True),
    ("django", 3, LAWMEN, False),
    ("pat_garrett", 5, LAWMEN, False),
    ("tex_killer", 4, LAWMEN, False),
    ("wild_bill", 5, LAWMEN, False),
    ("wyatt_earp", 4, LAWMEN, False),
    ("babe_leroy", 4, OUTLAWS, False),
    ("bull_anderson", 5, OUTLAWS, False),
    ("cattle_kate", 4, OUTLAWS, False),
    ("the_daltons", 3, OUTLAWS, False),
    ("jack_ransome", 4, OUTLAWS, False),
    ("pearl_hart", 3, OUTLAWS, False),
    ("sid_curry", 4, OUTLAWS, False),
    ("slim_poet", 4, OUTLAWS, False),
    ("sundance_kid", 4, OUTLAWS, True),
    ("toco_ramirez", 4, OUTLAWS, False),
    ("tom_thorn", 4, OUTLAWS, False),
    ("west_harding", 4, OUTLAWS, False),
)

DUEL_CHARACTERS = tuple(DuelCharacter(key, life, side)
                        for key, life, side, _always in _CHARACTER_ROWS)
ALWAYS_ACTIVE_CHARACTERS = frozenset(row[0] for row in _CHARACTER_ROWS if row[3])


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
