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

# Old Saloon decisions.
SALOON_DIE = "dice_saloon"  # before rolling: options 0 (none), 1 Loudmouth, 2 Coward
CHIEF_ARROW = "dice_chief"  # taking an arrow: take the Indian Chief's Arrow instead? (yes/no)
BROKEN_ARROW_TARGET = "dice_broken"  # a Broken Arrow: whose arrow returns (options: seats)
ELENA_GIVE = "dice_elena"  # Elena Fuente: who takes one of the arrows rolled (herself: keep)
APACHE_TAKE = "dice_apache"  # Apache Kid: take the Chief's Arrow from its holder (yes/no)
MOLLY_TAKE = "dice_molly"  # Molly Stark: lose this life in the hurt player's place (yes/no)
# Molly Stark, several players hurt at once (a Gatling...): whose loss she takes (a seat; SKIP:
# nobody's), one question for them all, asked again after each one she takes.
MOLLY_PICK = "dice_molly_pick"

SALOON_YES_NO_KINDS = (CHIEF_ARROW, APACHE_TAKE, MOLLY_TAKE)
