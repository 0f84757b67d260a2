"""Actions a seat takes, the decisions that ask for them, events, and the end of a game.

All of these are small frozen values built only from ints, strings and tuples, so they
serialise to msgpack and back unchanged (see ``wire.py``) and compare by value: an action
received from the network equals the one the local engine lists as legal.
"""

from __future__ import annotations

from dataclasses import dataclass

# ``Play.target_slot`` values that are not slot ids.
NO_SLOT = -1
FROM_HAND = -2  # "a random card from the target's hand" (Panic!, Cat Balou)
NO_SEAT = -1


@dataclass(frozen=True, slots=True)
class Play:
    """Play the hand card in ``slot``; ``card`` reveals which card it is.

    ``target`` is a seat for targeted cards; ``target_slot`` picks a card in play in front of
    the target, or ``FROM_HAND`` for a random card of the target's hand.
    """

    slot: int
    card: int
    target: int = NO_SEAT
    target_slot: int = NO_SLOT


@dataclass(frozen=True, slots=True)
class PlayPaid:
    """Play a "+1" card (Dodge City): the hand card in ``slot`` together with one more hand
    card, ``cost_slot``, discarded as its price. Both are revealed, so the network can prove
    the price was paid with a card the player held. ``target`` and ``target_slot`` as for
    ``Play``."""

    slot: int
    card: int
    target: int
    target_slot: int
    cost_slot: int
    cost_card: int


@dataclass(frozen=True, slots=True)
class UseGreen:
    """Use the green card in play in front of the deciding seat, in ``slot`` (Dodge City): it
    is discarded and its effect happens. The card is public, so the action names only the
    slot; ``target`` and ``target_slot`` as for ``Play``."""

    slot: int
    target: int = NO_SEAT
    target_slot: int = NO_SLOT


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard the hand card in ``slot`` (end-of-turn hand limit), revealing ``card``."""

    slot: int
    card: int


@dataclass(frozen=True, slots=True)
class Ability:
    """Use a character ability that costs hand cards (Sid Ketchum: two cards, regain 1 life)."""

    slots: tuple[int, ...]
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick one of the decision's ``options`` (a slot, a seat, a source...)."""

    value: int


@dataclass(frozen=True, slots=True)
class UseBarrel:
    """When shot: "draw!" for a Barrel (a card in play, or Jourdonnais's own)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: end the play phase, take the hit, lose the Duel, die without a Beer."""


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the face-up equipment card in shop ``slot`` with gold nuggets (Gold Rush).

    A black card goes in front of the buyer, or of ``target`` for one played on anyone
    (Wanted). A brown card is resolved at once: ``use`` picks which effect of a card with a
    choice (Bottle: Panic!, Beer or BANG!; Pardner: General Store, Duel or Cat Balou), and
    ``target`` / ``target_slot`` aim it as for ``Play``."""

    slot: int
    use: int = 0
    target: int = NO_SEAT
    target_slot: int = NO_SLOT


@dataclass(frozen=True, slots=True)
class Sell:
    """Play the hand card in ``slot`` (revealed as ``card``) for a gold nugget instead of
    its effect (Gold Rush: a Beer, in one's own turn)."""

    slot: int
    card: int


@dataclass(frozen=True, slots=True)
class RemoveEquipment:
    """Pay an equipment card's cost plus one nugget to discard it from in front of
    ``target`` (Gold Rush): the only way equipment ever leaves a living player."""

    target: int
    slot: int


@dataclass(frozen=True, slots=True)
class UseEquipment:
    """Use the black equipment card in ``slot`` in front of the deciding seat, for its
    price in nuggets (Gold Pan: a card; Rucksack: a life point)."""

    slot: int


# Answers carried out by a set's table rules (``TableRules.act``), not by the turn loop.
TABLE_ACTIONS = (Buy, Sell, RemoveEquipment, UseEquipment)

Action = (Play | PlayPaid | UseGreen | Discard | Ability | Choose | UseBarrel | Pass | Buy | Sell
          | RemoveEquipment | UseEquipment)


# Decision kinds. A decision is one seat's turn to choose; ``options`` lists the choices of
# the choose-one kinds, and ``source`` / ``needed`` give the context of a response window.
PLAY = "play"  # the turn's play phase
DISCARD = "discard"  # hand limit at the end of the turn
DRAW_SOURCE = "draw_source"  # Jesse Jones / Pedro Ramirez: where the first card comes from
PUT_BACK = "put_back"  # Kit Carlson: which of the three cards goes back on the deck
PICK_CHECK = "pick_check"  # Lucky Duke: which of the two "draw!" cards counts
RESPOND_SHOT = "respond_shot"  # Missed!/Barrel or take the hit
RESPOND_DUEL = "respond_duel"  # discard a BANG! or lose 1 life
RESPOND_INDIANS = "respond_indians"  # discard a BANG! or lose 1 life
DYING = "dying"  # at 0 life or less: Beer (or Sid Ketchum's ability) or be eliminated
# A moment out of one's play phase for an "at any time" ability (Sid Ketchum right after a
# hit on another player's turn): the ability, or Pass. ``source``: who caused the hit.
ANY_TIME = "any_time"
STORE_PICK = "store_pick"  # General Store: take one of the revealed cards
# Brawl: which card of seat ``source`` is discarded (a slot in play, or FROM_HAND: random).
BRAWL_PICK = "brawl_pick"
# Pat Brennan's phase 1: a card in play in front of another player (a slot), or DRAW_FROM_DECK.
PICK_IN_PLAY = "pick_in_play"
# Vera Custer at her turn's start: whose character's ability she has until her next turn (a seat).
COPY_PICK = "copy_pick"
# Doc Holyday, after paying his two cards: which seat within reach his BANG! effect shoots.
TARGET_PICK = "target_pick"
# Two seats take an eliminated player's cards (Vera Custer copying Vulture Sam): one at a time,
# which card the taking seat takes next (a slot in play, or FROM_HAND: a random hand card).
SHARE_PICK = "share_pick"

# Event cards (High Noon, A Fistful of Cards):
# a pick among ``options`` an event asks for (a blue card to discard, a seat, yes/no...).
EVENT_PICK = "event_pick"
# discard a card that would answer a shot (a Missed!), or suffer what follows (Russian
# Roulette, Ricochet); a Barrel or a green card does not answer it.
RESPOND_MISSED = "respond_missed"
# discard one more hand card to exchange it for one from the deck, or stop (Ranch).
EXCHANGE = "exchange"
# Peyote: the colour of the deck's top card, RED or BLACK.
GUESS = "guess"
RED, BLACK = 0, 1
DECLINE = -1  # EVENT_PICK option: do not use what the event offers
# Dutch Will's phase 1: which of the two cards drawn he discards (a slot).
DISCARD_PICK = "discard_pick"
# An equipment card that must be resolved now (Josh McCloud drew a brown one): which use,
# an index into the uses ``sets.gold_rush.brown_uses`` lists from public facts.
EQUIPMENT_USE = "equipment_use"

DRAW_FROM_DECK = -1  # DRAW_SOURCE option: the draw pile
DRAW_FROM_DISCARD = -2  # DRAW_SOURCE option: the top of the discard pile (Pedro Ramirez)


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending choice of one seat."""

    seat: int
    kind: str
    options: tuple[int, ...] = ()
    source: int = NO_SEAT  # who shot / challenged / played the card being answered
    needed: int = 0  # Missed! still needed against this shot
    barrels: int = 0  # draw!s for a Barrel still open to this shot (a card, Jourdonnais)


@dataclass(frozen=True, slots=True)
class End:
    """The game is over: the winning team and its seats (all roles are public by now)."""

    team: str
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for logs and interfaces. ``card`` is -1 when hidden.

    ``life`` is the seat's life right after a "damage" or "heal" event (-1 for other kinds):
    an interface reading a batch of events can say "(N left)" for each hit exactly, not from
    the life at the end of the batch.
    """

    kind: str
    seat: int = NO_SEAT
    target: int = NO_SEAT
    card: int = -1
    value: int = 0
    life: int = -1


class IllegalAction(ValueError):
    """An action that the pending decision does not allow; the game state is unchanged."""


def revealed_cards(action: Action) -> tuple[tuple[int, int], ...]:
    """(slot, card) of every hand card an action shows face up: the card the action claims
    for each slot it reveals (a "+1" card and its price; an ability's cards), so the table
    can hold each proven card to its own claim without knowing the action kinds."""
    if isinstance(action, (Play, Discard, Sell)):
        return ((action.slot, action.card),)
    if isinstance(action, PlayPaid):
        return ((action.slot, action.card), (action.cost_slot, action.cost_card))
    if isinstance(action, Ability):
        return tuple(zip(action.slots, action.cards, strict=True))
    return ()


def revealed_slots(action: Action) -> tuple[int, ...]:
    """The hand slots an action shows face up (the network proves each with its owner's
    share), so the table needs no knowledge of the action kinds."""
    return tuple(slot for slot, _card in revealed_cards(action))
