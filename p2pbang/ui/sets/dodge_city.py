"""Dodge City (and its 3-player table) in the interface: the answers of its modules beside
this one (sentences, texts) to the shared modules' questions (``ui/sets/__init__.py``).

Its green cards and "+1" cards are drawn by the shared modules, from the view's generic
fields (``CardView.ready``, ``CardView.paid``), since those are facts of any card in play.
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import Ability, Action, Decision, Event, PlayPaid, UseGreen
from p2pbang.engine.bang.game import Game
from p2pbang.ui.describe import Describer
from p2pbang.ui.helptext import Entry
from p2pbang.ui.i18n import _
from p2pbang.ui.sets import UISet
from p2pbang.ui.sets import dodge_city_sentences as sentences
from p2pbang.ui.sets.dodge_city_texts import THREE_PLAYERS


class DodgeCity(UISet):
    name = "dodge_city"

    # sentences
    def event(self, say: Describer, e: Event, cause: str | None) -> str | None:
        return sentences.event(say, e, cause)

    def goal(self, say: Describer, seat: int) -> str | None:
        return sentences.goal(say, seat)  # the 3-player table's personal target

    def decision(self, say: Describer, d: Decision) -> str | None:
        return sentences.decision(say, d) if d.kind in sentences.DECISION_KINDS else None

    def activity(self, say: Describer, d: Decision) -> str | None:
        return sentences.activity(say, d) if d.kind in sentences.DECISION_KINDS else None

    def action(self, say: Describer, d: Decision, a: Action, brief: bool) -> str | None:
        if isinstance(a, PlayPaid):
            return sentences.paid(say, d, a, brief)
        if isinstance(a, UseGreen):
            return sentences.use_green(say, d, a, brief)
        if isinstance(a, Ability):
            return sentences.ability(say, d, a)  # None for Sid Ketchum's (the base's)
        return None

    def choice(self, say: Describer, d: Decision, value: int) -> str | None:
        return sentences.choice(say, d, value) if d.kind in sentences.DECISION_KINDS else None

    # steps
    def ability_step(self, game: Game, seat: int) -> str | None:
        return sentences.ability_step(game, seat)

    # the help
    def help_roles(self, three_players: bool) -> list[Entry]:
        if not three_players:
            return []
        return [("role:three", _(THREE_PLAYERS[0]), _(THREE_PLAYERS[1]))]

    # the view
    def seat_view(self, game: Game, seat: int) -> dict[str, Any]:
        return {"target": sentences.personal_target(game, seat)}


UI = DodgeCity()
