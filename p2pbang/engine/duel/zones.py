"""Where things lie in a Duel: the characters in play and each side's piles and hand."""

from __future__ import annotations

from p2pbang.engine.duel.catalog import DUEL_CHARACTERS


class Figure:
    """A character in play: public life and the equipment slots played on it."""

    __slots__ = ("character", "life", "max_life", "name", "side", "table")

    def __init__(self, side: int, character: int) -> None:
        self.side = side
        self.character = character
        self.name = DUEL_CHARACTERS[character].name
        self.max_life = DUEL_CHARACTERS[character].life
        self.life = self.max_life
        self.table: list[int] = []


class Side:
    """One player: characters in play (left, right), the token, reserve, deck and hand."""

    __slots__ = ("active", "deck", "figures", "hand", "on_common", "reserve")

    def __init__(self) -> None:
        self.figures: list[Figure] = []
        self.active = 0  # index into figures
        self.reserve: list[int] = []  # hidden character slots, next one last
        self.deck: list[int] = []  # own draw pile, top last
        self.on_common = False  # this side's deck ran out: it draws from the common pile
        self.hand: list[int] = []
