"""The shadow gunslingers variant in the interface (``engine/bang/sets/shadows.py``): an
eliminated player back for a shadow turn, with no life to gain or lose, and a shadow
Renegade's side. Its sentences, view fields, drawing and plain words are here; its strings
in ``shadows_texts.py``. The help tells its rule in Gold Rush's section ("Gold Rush and the
shadows", ``gold_rush.py``), as the rulebook prints them together.
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import Event
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.roles import TEAM_SHERIFF
from p2pbang.engine.bang.sets import shadows
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import _
from p2pbang.ui.sets import UISet
from p2pbang.ui.sets.shadows_texts import shadow_role
from p2pbang.ui.textfit import Line
from p2pbang.ui.view import SeatView

# ---------------------------------------------------------------------- sentences


def is_shadowed(game: Game) -> bool:
    """Whether the shadow variant is in force (the only other seats whose life is fixed)."""
    return shadows.MODULE in game.rules.modules


def _pair(say: Describer, e: Event, mine: str, theirs: str) -> str:
    """The viewer's sentence or another's, filled with the seat's name."""
    if say.is_viewer(e.seat):
        return mine.format()
    return theirs.format(name=say.who(e.seat))


def _shadow_enters(say: Describer, e: Event) -> str:
    return _pair(say, e, _("You come back as a shadow for this turn."),
                 _("{name} comes back as a shadow for one turn."))


def _shadow_leaves(say: Describer, e: Event) -> str:
    return _pair(say, e, _("Your shadow leaves the table until your next turn."),
                 _("{name} leaves the table again as a shadow."))


def _shadow_side(say: Describer, e: Event) -> str:
    law = e.value == 0  # shadows.SIDE_VALUES: 0 the Sheriff's side, 1 the Outlaws'
    if say.is_viewer(e.seat):
        if law:
            return _("As a shadow Renegade you side with the law until your next turn.")
        return _("As a shadow Renegade you side with the Outlaws until your next turn.")
    if law:
        return _("{name}, a shadow Renegade, sides with the law until the next turn.").format(
            name=say.who(e.seat))
    return _("{name}, a shadow Renegade, sides with the Outlaws until the next turn.").format(
        name=say.who(e.seat))


_EVENTS = {
    "shadow_enters": _shadow_enters,
    "shadow_leaves": _shadow_leaves,
    "shadow_side": _shadow_side,
}
EVENT_KINDS = frozenset(_EVENTS)


def event(say: Describer, e: Event) -> str | None:
    """A sentence for a shadow's event (and a hit or heal on a shadow), None otherwise."""
    handler = _EVENTS.get(e.kind)
    if handler is not None:
        return handler(say, e)
    if e.kind == "no_effect" and e.card < 0 and e.seat not in say.game.ghosts and is_shadowed(
            say.game):
        return _pair(say, e, _("As a shadow you have no life to gain or lose."),
                     _("{name} is a shadow, with no life to gain or lose."))
    return None


def goal(say: Describer, seat: int) -> str | None:
    """A shadow Renegade's goal once he has taken a side: that side's win is his. None for
    anyone else (the role's own goal holds)."""
    game = say.game
    if not is_shadowed(game) or (game.players[seat].alive and not shadows.is_shadow(game, seat)):
        return None
    side = shadows.shadow_side(game, seat)
    if side is None:
        return None
    if side == TEAM_SHERIFF:
        return _("As a shadow, help the Sheriff and his Deputies win: you win with them.")
    return _("As a shadow, help the Outlaws win: you win with them.")


# ---------------------------------------------------------------------- the table


def shadow_life(seat: SeatView) -> Line:
    """The life column of a shadow on turn: no life to gain or lose, so no hearts."""
    if not seat.shadow:
        return []
    return [("class:shadow", "~" * seat.max_life)]


class Shadows(UISet):
    name = "shadows"

    def event(self, say: Describer, e: Event, cause: str | None) -> str | None:
        return event(say, e)

    def goal(self, say: Describer, seat: int) -> str | None:
        return goal(say, seat)  # a shadow Renegade plays for the side he took

    def seat_view(self, game: Game, seat: int) -> dict[str, Any]:
        return {"shadow": shadows.is_shadow(game, seat)}  # eliminated, on the table for it

    def table_view(self, game: Game, you: int, spectator: bool) -> dict[str, Any]:
        return {"shadows": is_shadowed(game)}

    def role_text(self, seat: SeatView, role: str) -> str:
        return shadow_role(role) if seat.shadow else role  # "shadow Outlaw", as the rulebook

    def life_cells(self, seat: SeatView) -> Line:
        return shadow_life(seat)

    def life_words(self, seat: SeatView) -> str:
        return "-" if seat.shadow else ""  # no life: its role says "shadow"


UI = Shadows()
