"""Sentences for Dodge City's own events, decisions and actions.

``describe.Describer`` hands these over (through ``dodge_city.py``): green cards used from
play, the "+1" price of a paid card, the Brawl's picks, Pat Brennan's draw, Vera Custer's
copy, Doc Holyday's target, the abilities of Chuck Wengam, José Delgado and Doc Holyday, and
the 3-player table's face-up roles, bounties and personal targets. Each sentence is whole in
the source language (the viewer's own deeds in the second person, the viewer as object in
a sentence of its own), so the catalogs can conjugate and agree as the base sentences do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.engine.actions import (
    BRAWL_PICK,
    COPY_PICK,
    DRAW_FROM_DECK,
    FROM_HAND,
    NO_SEAT,
    PICK_IN_PLAY,
    RESPOND_SHOT,
    SHARE_PICK,
    TARGET_PICK,
    Ability,
    Decision,
    Event,
    Play,
    PlayPaid,
    UseGreen,
)
from p2pbang.engine.bang.cards.base import ROLE_CARDS
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.sets.dodge_city_three import THREE_PLAYER_TABLE, target_of
from p2pbang.ui.i18n import _
from p2pbang.ui.labels import card_label, slot_label
from p2pbang.ui.texts import (
    card_name,
    card_text,
    character_name,
    character_text,
    role_goal,
    role_name,
)

if TYPE_CHECKING:
    from p2pbang.ui.describe import Describer

DECISION_KINDS = frozenset({BRAWL_PICK, PICK_IN_PLAY, COPY_PICK, TARGET_PICK, SHARE_PICK})

# Characters whose ability is an ``Ability`` action, in the order they are looked up.
ABILITY_CHARACTERS = ("sid_ketchum", "chuck_wengam", "jose_delgado", "doc_holyday")


def ability_character(game: Game, seat: int) -> str | None:
    """Whose ability ``seat`` uses now: its own character's, or the one Vera Custer copied
    this turn (her rules are the copied character's until her next turn)."""
    ability = game.seat_rules[seat].ability
    if ability is None:
        return None
    for name in ABILITY_CHARACTERS:
        try:
            rules = game.rules.character_rules(name)
        except ValueError:  # a character this game does not have
            continue
        if rules.ability is ability:
            return name
    return None


# ---------------------------------------------------------------------- events


def event(say: Describer, e: Event, cause: str | None) -> str | None:
    """A sentence for a Dodge City event, None when the kind is not one of them.
    ``cause`` is the card whose effect a forced discard is (Cat Balou, Brawl, Can Can)."""
    kind = e.kind
    if kind == "use":
        return _use(say, e)
    if kind == "pay":
        card = card_label(say.game, e.card)
        if say.is_viewer(e.seat):
            return _("You discard {card} as the +1 cost.").format(card=card)
        return _("{name} discards {card} as the +1 cost.").format(name=say.who(e.seat),
                                                                   card=card)
    if kind == "copy":
        character = character_name(say.game.players[e.target].character)
        if say.is_viewer(e.seat):
            return _("You take {character}'s ability until your next turn.").format(
                character=character)
        return _("{name} takes {character}'s ability until the next turn.").format(
            name=say.who(e.seat), character=character)
    if kind == "ability":
        return _ability(say, e.seat)
    if kind == "forced_discard" and cause != "cat_balou":
        return _forced_discard(say, e, None if cause is None else card_name(cause))
    if kind == "role":  # a role dealt face up (the 3-player table)
        role = role_name(ROLE_CARDS[e.value])  # the role card's id, not a role index
        if say.is_viewer(e.seat):
            return _("You are the {role}.").format(role=role)
        return _("{name} is the {role}.").format(name=say.who(e.seat), role=role)
    if kind == "reward" and say.game.role_rules.face_up:  # every elimination pays there
        if say.is_viewer(e.seat):
            return _("You earn the bounty for eliminating a player.")
        return _("{name} earns the bounty for eliminating a player.").format(
            name=say.who(e.seat))
    return None


def personal_target(game: Game, seat: int) -> int | None:
    """Whom ``seat`` hunts at the 3-player table while all three are alive; None at any
    other table and after the first elimination (the survivors play to be the last)."""
    if game.role_rules is not THREE_PLAYER_TABLE or not all(p.alive for p in game.players):
        return None
    if game.players[seat].role is None:
        return None  # before the deal of the roles
    return target_of(game, seat)


def goal(say: Describer, seat: int) -> str | None:
    """What ``seat`` plays for at the 3-player table: the personal target (and, once a
    player is out, being the last one standing); None at any other table."""
    game = say.game
    if not game.role_rules.face_up:
        return None
    target = personal_target(game, seat)
    if target is None:
        return role_goal("renegade")  # "Be the last one standing."
    return _("Eliminate {target} yourself to win at once; if another player is "
             "eliminated first, be the last one standing.").format(target=say.who(target))


def _use(say: Describer, e: Event) -> str:
    card = card_label(say.game, e.card)
    name = say.who(e.seat)
    if say.is_viewer(e.seat):
        if e.target == NO_SEAT:
            return _("You use {card} from play.").format(card=card)
        if say.is_viewer(e.target):
            return _("You use {card} from play on yourself.").format(card=card)
        return _("You use {card} from play on {target}.").format(
            card=card, target=say.who(e.target))
    if e.target == NO_SEAT:
        return _("{name} uses {card} from play.").format(name=name, card=card)
    if say.is_viewer(e.target):
        return _("{name} uses {card} from play on you.").format(name=name, card=card)
    if e.target == e.seat:
        return _("{name} uses {card} from play on themselves.").format(name=name, card=card)
    return _("{name} uses {card} from play on {target}.").format(
        name=name, card=card, target=say.who(e.target))


def _ability(say: Describer, seat: int) -> str:
    character = ability_character(say.game, seat)
    mine = say.is_viewer(seat)
    sentences = {
        "chuck_wengam": (_("You give 1 life for 2 cards."),
                         _("{name} gives 1 life for 2 cards.")),
        "jose_delgado": (_("You discard a blue card to draw 2 cards."),
                         _("{name} discards a blue card to draw 2 cards.")),
        "doc_holyday": (_("You discard two cards to shoot a player within reach."),
                        _("{name} discards two cards to shoot a player within reach.")),
    }
    pair = sentences.get(character or "", (
        _("You discard two cards to regain 1 life."),
        _("{name} discards two cards to regain 1 life.")))
    return pair[0 if mine else 1].format(name=say.who(seat))


def _forced_discard(say: Describer, e: Event, what: str | None) -> str:
    """A card discarded by another's card: Brawl's, Can Can's (Cat Balou's are the base's).
    ``what`` is None when the card was not seen (a log told from its middle)."""
    card = card_label(say.game, e.card)
    if what is None:
        if say.is_viewer(e.seat):
            return _("{target} makes you discard {card}.").format(
                target=say.who(e.target), card=card)
        if say.is_viewer(e.target):
            return _("You make {name} discard {card}.").format(name=say.who(e.seat), card=card)
        return _("{target} makes {name} discard {card}.").format(
            target=say.who(e.target), name=say.who(e.seat), card=card)
    if say.is_viewer(e.seat):
        return _("{what} by {target}: you discard {card}.").format(
            what=what, target=say.who(e.target), card=card)
    if say.is_viewer(e.target):
        return _("Your {what}: {name} discards {card}.").format(
            what=what, name=say.who(e.seat), card=card)
    return _("{what} by {target}: {name} discards {card}.").format(
        what=what, target=say.who(e.target), name=say.who(e.seat), card=card)


# ---------------------------------------------------------------------- decisions


def decision(say: Describer, d: Decision) -> str:
    """What the viewer decides in one of Dodge City's decisions."""
    if d.kind == BRAWL_PICK:
        return _("{card}: which card does {name} discard?").format(
            card=card_name("brawl"), name=say.who(d.source))
    if d.kind == SHARE_PICK:
        return _("You share the cards of {name} one at a time: which do you take?").format(
            name=say.who(d.source))
    if d.kind == PICK_IN_PLAY:
        return _("Draw 2 cards, or take a card in play in front of another player?")
    if d.kind == COPY_PICK:
        return _("Whose ability do you take until your next turn?")
    return _("Whom does your shot hit? (players within your weapon's reach)")


def activity(say: Describer, d: Decision) -> str:
    """What another seat is deciding in one of Dodge City's decisions."""
    name = say.who(d.seat)
    if d.kind == BRAWL_PICK:
        if say.is_viewer(d.source):
            return _("{name} picks the card you discard for the {card}.").format(
                name=name, card=card_name("brawl"))
        return _("{name} picks the card {source} discards for the {card}.").format(
            name=name, source=say.who(d.source), card=card_name("brawl"))
    if d.kind == SHARE_PICK:
        if say.is_viewer(d.source):
            return _("{name} takes one of your cards.").format(name=name)
        return _("{name} takes a card of {source}.").format(name=name,
                                                           source=say.who(d.source))
    if d.kind == PICK_IN_PLAY:
        return _("{name} chooses between 2 cards and a card in play.").format(name=name)
    if d.kind == COPY_PICK:
        return _("{name} picks a character whose ability to take.").format(name=name)
    return _("{name} picks whom to shoot.").format(name=name)


# ---------------------------------------------------------------------- actions


def choice(say: Describer, d: Decision, value: int) -> str:
    """The label of one option of a Dodge City decision."""
    game = say.game
    if d.kind in (BRAWL_PICK, SHARE_PICK):
        if value == FROM_HAND:
            return _("A random card from the hand")
        return _("{card} (in play)").format(card=slot_label(game, value))
    if d.kind == PICK_IN_PLAY:
        if value == DRAW_FROM_DECK:
            return _("Draw 2 cards from the deck")
        owner = next(p.seat for p in game.players if value in p.table)
        return _("Take {card} from {name}").format(card=slot_label(game, value),
                                                  name=say.who(owner))
    if d.kind == COPY_PICK:
        character = game.players[value].character
        return _("{character} ({name}): {text}").format(
            character=character_name(character), name=say.who(value),
            text=character_text(character))
    return _("Shoot {target} (distance {d})").format(
        target=say.who(value), d=game.distance(d.seat, value))


def paid(say: Describer, d: Decision, a: PlayPaid, brief: bool) -> str:
    """A "+1" card with its price: the play said as for any card, then the card paid."""
    played = say.action(d, Play(a.slot, a.card, a.target, a.target_slot), brief)
    return _("{action}, discarding {cost}").format(
        action=played, cost=card_label(say.game, a.cost_card))


def use_green(say: Describer, d: Decision, a: UseGreen, brief: bool) -> str:
    """A green card used from play: in answer to a shot, or its effect in the turn."""
    game = say.game
    card_id = game.known[a.slot]
    name = game.cards[card_id].name
    card = card_label(game, card_id)
    if d.kind == RESPOND_SHOT:
        return _("Use {card} from play (cancels the shot)").format(card=card)
    if a.target == NO_SEAT:
        if brief:
            return _("Use {card} from play").format(card=card)
        return _("Use {card} from play: {text}").format(card=card, text=card_text(name))
    target = say.whom(a.target)
    if a.target_slot == FROM_HAND:
        return _("Use {card} on {target}: a card from hand").format(card=card, target=target)
    if a.target_slot >= 0:
        return _("Use {card} on {target}: {what}").format(
            card=card, target=target, what=slot_label(game, a.target_slot))
    return _("Use {card} on {target} (distance {d})").format(
        card=card, target=target, d=game.distance(d.seat, a.target))


def ability(say: Describer, d: Decision, a: Ability) -> str | None:
    """A Dodge City character's ability as an action; None for Sid Ketchum's (the base)."""
    game = say.game
    character = ability_character(game, d.seat)
    cards = _(" and ").join(card_label(game, c) for c in a.cards)
    if character == "chuck_wengam":
        return _("Lose 1 life to draw 2 cards")
    if character == "jose_delgado":
        return _("Discard {cards} to draw 2 cards").format(cards=cards)
    if character == "doc_holyday":
        return _("Discard {cards} to shoot a player within reach").format(cards=cards)
    return None


def ability_step(game: Game, seat: int) -> str | None:
    """The first step of Doc Holyday's two-card ability; None for Sid Ketchum's (the
    base's)."""
    if ability_character(game, seat) == "doc_holyday":
        return _("Discard two cards to shoot a player within reach")
    return None
