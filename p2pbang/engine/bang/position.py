"""A position: a whole table laid out by hand, to start a game from (tests, puzzles, drills).

Rules scenarios ("given Slab the Killer shoots a player holding one Missed!...") need a table
in a precise state. A position places every physical card exactly once (cards it does not
name go to the bottom of the draw pile), so a game started from it keeps every invariant of a
dealt game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from p2pbang.engine.bang.cards.base import BASE_CARDS, BASE_CHARACTERS, ROLE_NAMES, SHERIFF
from p2pbang.engine.bang.cards.gold_rush import EQUIPMENT_KINDS
from p2pbang.engine.bang.catalog import CardDef, CharacterDef

START, PLAY_PHASE = "start", "play"


@dataclass
class Position:
    """Seat-indexed lists; ``deck`` is listed top card first; cards are catalog ids."""

    characters: list[str]
    roles: list[str]
    hands: list[list[int]] | None = None
    tables: list[list[int]] | None = None
    life: list[int | None] | None = None  # None: the character's full life
    alive: list[bool] | None = None
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)  # bottom first, top last
    turn: int | None = None  # whose turn; default the Sheriff's
    phase: str = PLAY_PHASE  # START: from the turn's start (Dynamite, Jail, draw); PLAY: phase 2
    bangs_played: int = 0
    order: list[int] | None = None  # seats clockwise around the table; default by number
    # Event cards by rules name: the one in force, and the pile still to come (top first;
    # None: no pile in use, the event in force stays), with the final card under it.
    event: str | None = None
    events: list[str] | None = None
    event_final: str | None = None
    # Gold Rush: nuggets and equipment in front of each seat, the shop, the equipment pile
    # (top first; equipment named nowhere goes below) and its discard pile.
    nuggets: list[int] | None = None
    equipment: list[list[int]] | None = None
    shop: list[int] = field(default_factory=list)
    equipment_deck: list[int] = field(default_factory=list)
    equipment_discard: list[int] = field(default_factory=list)

    def validate(self, cards: tuple[CardDef, ...] = BASE_CARDS,
                 characters: tuple[CharacterDef, ...] = BASE_CHARACTERS,
                 most_seats: int = 7, fewest_seats: int = 4,
                 role_deck: tuple[str, ...] | None = None) -> None:
        """Raise ValueError unless this is a table the rules could reach (with this deck and
        these characters: the base game's unless a game's rule set says otherwise).
        ``role_deck``: the roles of a table dealt face up (all of them, once each); without
        it, a table around one Sheriff."""
        n = len(self.characters)
        if not fewest_seats <= n <= most_seats:
            raise ValueError(f"a position seats {fewest_seats} to {most_seats} players")
        if len(self.roles) != n:
            raise ValueError("one role per seat")
        if role_deck is not None:
            if sorted(self.roles) != sorted(role_deck):
                raise ValueError(f"this table's roles are {', '.join(role_deck)}, once each")
        elif self.roles.count(SHERIFF) != 1:
            raise ValueError("one role per seat, exactly one Sheriff")
        if any(role not in ROLE_NAMES for role in self.roles):
            raise ValueError("unknown role")
        known = {c.name for c in characters}
        if any(c not in known for c in self.characters):
            raise ValueError("unknown character")
        placed = [c for hand in self.hands or [] for c in hand]
        placed += [c for table in self.tables or [] for c in table]
        placed += self.deck + self.discard
        if len(set(placed)) != len(placed):
            raise ValueError("a card is placed twice")
        if any(not 0 <= c < len(cards) for c in placed):
            raise ValueError("no such card")
        gear = [c for cards in self.equipment or [] for c in cards]
        gear += self.shop + self.equipment_deck + self.equipment_discard
        if len(set(gear)) != len(gear) or set(gear) & set(placed):
            raise ValueError("a card is placed twice")
        if any(not 0 <= c < len(cards) or c in placed for c in gear):
            raise ValueError("no such equipment card")
        if any(cards[c].kind in EQUIPMENT_KINDS for c in placed):
            raise ValueError("equipment cards are never in a hand, in play or in the deck")
        if any(cards[c].kind not in EQUIPMENT_KINDS for c in gear):
            raise ValueError("only equipment cards go to the equipment piles")
        if self.nuggets is not None and (len(self.nuggets) != n or min(self.nuggets) < 0):
            raise ValueError("one nugget count per seat, none negative")
        if self.order is not None and sorted(self.order) != list(range(n)):
            raise ValueError("the seating order lists every seat once")
        if self.phase not in (START, PLAY_PHASE):
            raise ValueError("phase is 'start' or 'play'")
