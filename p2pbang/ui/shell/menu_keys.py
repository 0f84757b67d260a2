"""Shortcut keys that stay with their row for the whole turn.

Numbering the menu's rows by position renumbers them after every card played: the card
that was "2" becomes "1", and a person who presses "1" twice to play two cards plays the
first and then whatever moved up. So each row is known by what it is (the card it plays, or
its words when it has no card), and keeps the key it first had until the turn ends; a row
new in the turn (a card just drawn) takes the first key no row of the turn has had. Keys
are only given again to new rows when every key has been used this turn. The keys of one
decision kind are kept apart from another's (a Duel's answer in the middle of the turn has
its own), and every new turn starts afresh.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


class StableKeys:
    """Remembers which key each row had this turn, per kind of decision."""

    def __init__(self, alphabet: str) -> None:
        self.alphabet = alphabet
        self._turn: object = None
        self._given: dict[Hashable, dict[Hashable, str]] = {}

    def keys(self, turn: object, scope: Hashable, rows: Sequence[Hashable]) -> list[str]:
        """The key of each row (identified by ``rows``) of a menu of the decision ``scope``
        in ``turn``; "" for a row left without one (more rows than keys)."""
        if turn != self._turn:
            self._turn = turn
            self._given = {}
        given = self._given.setdefault(scope, {})
        keys: list[str] = []
        taken: set[str] = set()
        for row in rows:  # rows seen before keep their key (twice the same row: once)
            key = given.get(row, "")
            if key in taken:
                key = ""
            keys.append(key)
            taken.add(key)
        for index, row in enumerate(rows):
            if keys[index]:
                continue
            key = self._free(given, taken)
            if key:
                given = {r: k for r, k in given.items() if k != key}  # a gone row's, reused
                given[row] = key
                self._given[scope] = given
                taken.add(key)
            keys[index] = key
        return keys

    def _free(self, given: dict[Hashable, str], taken: set[str]) -> str:
        """A key no row of this turn has had, else one of a row no longer shown."""
        had = set(given.values())
        for key in self.alphabet:
            if key not in had:
                return key
        for key in self.alphabet:
            if key not in taken:
                return key
        return ""
