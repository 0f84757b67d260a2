"""Everything one decision of the bot works with, gathered once, plus the shared pickers.

Why: the play phase and the response windows ask the same small questions (which of these
legal actions aims at my best target? which of my cards matters least?). Building the seat's
view, the enemy scores and the hand once per decision keeps each rule a few lines long and
keeps a decision well under a millisecond.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from p2pbang.bots.allegiance import Allegiance
from p2pbang.bots.cards import keep_value
from p2pbang.bots.view import SeatView
from p2pbang.engine.actions import Ability, Action, Decision, Play

T = TypeVar("T")


@dataclass
class Context:
    """One decision: the seat's view, its enemy scores, the legal actions, the tie-breaker."""

    view: SeatView
    side: Allegiance
    decision: Decision
    legal: list[Action]
    rng: random.Random
    hand: list[tuple[int, int, str]] = field(init=False)
    names: Counter[str] = field(init=False)

    def __post_init__(self) -> None:
        self.hand = self.view.hand()
        self.names = Counter(name for _, _, name in self.hand)

    @property
    def me(self) -> int:
        return self.view.me

    def plays(self, *names: str) -> list[Play]:
        """The legal plays of cards called ``names`` (in legal-list order)."""
        card_name = self.view.card_name
        return [a for a in self.legal if type(a) is Play and card_name(a.card) in names]

    def value(self, name: str) -> float:
        return keep_value(self.view, name, self.names)

    def pick(self, items: Sequence[T], key: Callable[[T], Any]) -> T | None:
        """The item with the highest ``key``; equal keys are broken by the seeded rng, so a
        bot's ties are varied yet repeatable."""
        if not items:
            return None
        scored = [(key(item), item) for item in items]
        best = max(score for score, _ in scored)
        top = [item for score, item in scored if score == best]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def least_valued_slots(self, count: int) -> list[tuple[int, int]]:
        """(slot, card) of my ``count`` least useful hand cards, least useful first."""
        ranked = sorted(self.hand, key=lambda item: (self.value(item[2]), item[0]))
        return [(slot, card) for slot, card, _ in ranked[:count]]

    def cheapest_ability(self, abilities: Sequence[Ability]) -> Ability:
        """Sid Ketchum's ability paid with my two least useful cards."""
        wanted = tuple(sorted(self.least_valued_slots(2)))
        for ability in abilities:
            if tuple(zip(ability.slots, ability.cards, strict=True)) == wanted:
                return ability
        return abilities[0]
