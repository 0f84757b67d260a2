"""The dice game's own action and decision kinds. Everything else is shared with the card
game (``Choose``, ``Pass``, ``Decision``, ``Event``, ``End``), so dealers, runners and bots
written against ``engine.actions`` work unchanged."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reroll:
    """Roll again the dice at these indices (0..4, ascending, at least one)."""

    dice: tuple[int, ...]


# Decision kinds. Yes/no kinds have options (0, 1): 1 means "use the ability".
REROLL = "dice_reroll"  # options: the current faces; needed: rolls left. Reroll or Pass.
SHOOT = "dice_shoot"  # a Bull's Eye: options are the seats in range; source is the face
BEER_TARGET = "dice_beer"  # a Beer: any living seat heals 1
SID_HEAL = "dice_sid"  # Sid Ketchum, start of turn: any living seat heals 1
SLAB_DOUBLE = "dice_slab"  # Slab the Killer: spend a Beer to make this Bull's Eye hit twice
BART_ARROW = "dice_bart"  # Bart Cassidy: take an arrow instead of losing this life point
PEDRO_ARROW = "dice_pedro"  # Pedro Ramirez: discard an arrow after losing a life point
KIT_ARROW = "dice_kit"  # Kit Carlson, per Gatling rolled: discard one arrow (options: seats)

YES_NO_KINDS = (SLAB_DOUBLE, BART_ARROW, PEDRO_ARROW)
SKIP = -1  # KIT_ARROW option: discard nothing
