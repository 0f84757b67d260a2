"""The Duel's own actions and decision kinds, next to the card game's shared ones.

``Play``, ``Discard``, ``Choose`` and ``Pass`` come from ``engine.actions`` unchanged; the
Duel adds moving the active token, reloading a card, and character abilities. In a ``Play``
the ``target`` is a *place*: ``side * 2 + ACTIVE`` or ``side * 2 + REARGUARD`` (a side with
one character left has only the active place), and ``target_slot`` picks a card in play,
``FROM_HAND`` (a random card of the opponent's hand) or ``AS_COLT`` (Toco Ramirez, Annie
Oakley: this card is played as a Colt).
"""

from __future__ import annotations

from dataclasses import dataclass

ACTIVE, REARGUARD = 0, 1
AS_COLT = -3

# Decision kinds.
PLAY = "play"
DISCARD = "discard"  # hand limit at the end of the turn
RESPOND_HIT = "respond_hit"  # dodge (card, Barrel, Hat, Sid Curry, Derringer discard) or Pass
EXTRA_DISCARD = "extra_discard"  # Tex Killer: one more card to complete a dodge
RESPOND_DUEL = "respond_duel"  # discard a hit card or Pass (lose 1 life)
RESPOND_INDIANS = "respond_indians"  # discard a hit card or Pass (lose 1 life)
PICK_CHECK = "pick_check"  # Bart Masterson: which of the two revealed cards counts
STORE_PICK = "store_pick"  # General Store
STAGECOACH_DISCARD = "stagecoach_discard"  # one of the three cards drawn goes
FORCED_DISCARD = "forced_discard"  # Peacemaker: the dodger discards a card of their choice
CARBINE = "carbine"  # which equipment of an active character to discard (or Pass)
SHOTGUN = "shotgun"  # whose token to move (or Pass)
BUFFALO = "buffalo"  # Choose(1): Buffalo Bell takes the loss instead (or Pass)
SLIM_POET = "slim_poet"  # Choose(1): discard a random card of the opponent's hand (or Pass)
BULL = "bull"  # Bull Anderson: take a card of the eliminated (slot or FROM_HAND) or Pass

# RESPOND_HIT options (Choose values).
USE_BARREL = -10
USE_HAT = -11
USE_SID = -12


@dataclass(frozen=True, slots=True)
class MoveToken:
    """Swap the active character and the rearguard (once per turn)."""


@dataclass(frozen=True, slots=True)
class Reload:
    """Discard a card showing the reload symbol (from the hand or the active character's
    equipment) instead of its effect, and draw one; only once a side has one character left."""

    slot: int
    card: int


@dataclass(frozen=True, slots=True)
class UseAbility:
    """A character ability used in the play phase; ``slots``/``cards`` are what it discards
    (Sundance Kid, Pearl Hart: one hand card; Cattle Kate: one of her equipment; Belle
    Starr: none). Pearl Hart's ``target``/``target_slot`` aim the action card she plays
    from the top of the discard pile, as a ``Play`` would."""

    character: str
    slots: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    target: int = -1
    target_slot: int = -1
