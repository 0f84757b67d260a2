"""The steps of the plays A Fistful of Cards' events add (Ricochet, Sniper), for
``bang/steps.py`` (through ``fistful.py``).

Why steps of their own: under Ricochet a BANG! card is also played at a card in play, and
under Sniper together with a second BANG! card. Walked with the usual steps (the card, the
target, the target's card or the price), "BANG! at Ace" would be a step on the way to
"BANG! at Ace's Mustang" and could no longer be chosen by itself. So after the card the
person first says which play is meant ("Ricochet...", "Sniper..."), then its target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.engine.actions import PLAY, Action, Decision, Play, PlayPaid
from p2pbang.engine.bang.game import Game
from p2pbang.ui.i18n import _
from p2pbang.ui.labels import slot_label
from p2pbang.ui.sets.event_deck import event_name
from p2pbang.ui.sets.fistful_sentences import is_ricochet, is_sniper

if TYPE_CHECKING:
    from p2pbang.ui.describe import Describer

Step = tuple[str, int]
# "ricochet" / "sniper": which event play the card is for; "pair": Sniper's second card.
STEP_KINDS = frozenset({"ricochet", "sniper", "pair"})


def paths(say: Describer, decision: Decision, action: Action) -> list[tuple[Step, ...]] | None:
    """The ways to reach an event's play step by step, None for any other action."""
    if decision.kind != PLAY:
        return None
    game = say.game
    if isinstance(action, Play) and is_ricochet(game, decision.seat, action):
        return [(("card", action.slot), ("ricochet", 0), ("target", action.target),
                 ("slot", action.target_slot))]
    if isinstance(action, PlayPaid) and is_sniper(game, decision.seat, action):
        first, second = action.slot, action.cost_slot
        return [(("card", first), ("sniper", 0), ("target", action.target), ("pair", second)),
                (("card", second), ("sniper", 0), ("target", action.target), ("pair", first))]
    return None


def is_event_play(game: Game, seat: int, action: Action) -> bool:
    """Whether ``action`` is a play the event in force adds (Ricochet, Sniper), whose rule
    is the event's rather than the card's."""
    return is_ricochet(game, seat, action) or is_sniper(game, seat, action)


def step_label(say: Describer, step: Step) -> str | None:
    """The menu's words for an event step, None for the usual ones."""
    what, value = step
    if what == "ricochet":
        return _("Ricochet: at a card in play (any distance)")
    if what == "sniper":
        return _("Sniper: with a second BANG! (2 Missed! needed)")
    if what == "pair":
        return _("Together with {card}").format(card=slot_label(say.game, value))
    return None


def step_name(say: Describer, step: Step) -> str:
    """An event step among the steps chosen so far ("BANG! → Ricochet → Ace")."""
    what, value = step
    if what == "pair":
        return slot_label(say.game, value)
    return event_name(what)
