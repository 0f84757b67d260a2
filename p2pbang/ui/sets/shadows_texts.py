"""The shadow gunslingers variant's strings: its rule for the help and a shadow's role.

The variant has no cards of its own, so it adds nothing to ``texts.py``'s tables.
"""

from __future__ import annotations

from p2pbang.ui.i18n import N_, _
from p2pbang.ui.sets import SetTexts

SHADOW_RULES = (
    N_("Shadow gunslingers"),
    N_("An eliminated player still takes his turn as a shadow: he draws 2 cards and plays "
       "with all his abilities, has no life to gain or lose, then discards everything, "
       "equipment included, and leaves again. He keeps his nuggets. Out of his turn he is "
       "ignored: no distance, no target. A shadow Renegade joins the side with more roles "
       "face up (the Outlaws on a tie) and wins with it. On the table a shadow's life reads "
       "~ and its role \"shadow\"."))
SHADOW_ROLE = N_("shadow {role}")


def shadow_role(role: str) -> str:
    """A shadow's role said as the rulebook does: "shadow Outlaw"."""
    return _(SHADOW_ROLE).format(role=role)


# Nothing for ``texts.py``'s tables.
TEXTS = SetTexts(sets=("shadows",))
