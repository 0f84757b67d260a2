"""Sentences for Gold Rush's events, decisions and actions.

``describe.Describer`` hands these over: nuggets taken and paid, the shop, buying, selling
a Beer, removing equipment at its price plus one, equipment used, the bounty of Wanted,
extra turns, the abilities of the eight Gold Rush characters, Dutch Will's discard, Josh
McCloud's brown card (the shadows' are ``shadows.py``'s). As in the base sentences, the
viewer's own deeds have second-person sentences of their own and the viewer as object a
sentence of its own, so the catalogs can conjugate and agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.engine.actions import (
    DISCARD_PICK,
    EQUIPMENT_USE,
    FROM_HAND,
    NO_SEAT,
    TARGET_PICK,
    Ability,
    Action,
    Buy,
    Decision,
    Event,
    RemoveEquipment,
    Sell,
    UseEquipment,
)
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.sets import gold_rush
from p2pbang.ui.i18n import _, ngettext
from p2pbang.ui.labels import card_label, slot_label
from p2pbang.ui.sets.gold_rush_texts import nuggets_label
from p2pbang.ui.texts import card_name, character_name

if TYPE_CHECKING:
    from p2pbang.ui.describe import Describer

DECISION_KINDS = frozenset({DISCARD_PICK, EQUIPMENT_USE})
TABLE_ACTIONS = (Buy, Sell, RemoveEquipment, UseEquipment)

# The characters of Gold Rush with an "ability" event of their own.
ABILITY_CHARACTERS = ("jacky_murieta", "josh_mccloud", "raddie_snake", "madam_yto")
# Brown cards with a choice: the base card each use borrows (the engine's own tables).
BORROWED = {"bottle": gold_rush.BOTTLE_USES, "pardner": gold_rush.PARDNER_USES}


def cause(game: Game, e: Event) -> str:
    """The card whose effect follows a brown equipment card's use: the base card it
    borrows (Pardner as Cat Balou: "cat_balou"), else its own name. The events after it
    (a forced discard) name this card, not whatever was played before."""
    name = game.cards[e.card].name
    borrowed = BORROWED.get(name)
    return borrowed[e.value] if borrowed is not None and 0 <= e.value < len(borrowed) else name


def gold_character(game: Game, seat: int) -> str | None:
    """Which Gold Rush character's rules ``seat`` has now (Vera Custer may copy one)."""
    if not game.rules.equipment_ids:
        return None
    for name in gold_rush.CHARACTER_RULES:
        if gold_rush.is_character(game, seat, name):
            return name
    return None


def card_action(game: Game, action: Action) -> int | None:
    """The equipment or hand card a Gold Rush action is about (for its text and help)."""
    if isinstance(action, Sell):
        return action.card
    if isinstance(action, Buy | UseEquipment | RemoveEquipment):
        return game.known.get(action.slot)
    return None


# ---------------------------------------------------------------------- events


def event(say: Describer, e: Event) -> str | None:
    """A sentence for a Gold Rush event, None when the kind is not one of them
    (or, for a nugget payment of zero, when there is nothing to say)."""
    kind = e.kind
    handler = _EVENTS.get(kind)
    if handler is not None:
        return handler(say, e)
    if kind == "ability":
        return _ability(say, e.seat)
    return None


def _pair(say: Describer, e: Event, mine: str, theirs: str, **values: str) -> str:
    """The viewer's sentence or another's, filled with the seat's name and ``values``."""
    if say.is_viewer(e.seat):
        return mine.format(**values)
    return theirs.format(name=say.who(e.seat), **values)


def _nugget(say: Describer, e: Event) -> str:
    n = e.value
    return _pair(say, e, ngettext("You take {n} nugget.", "You take {n} nuggets.", n),
                 ngettext("{name} takes {n} nugget.", "{name} takes {n} nuggets.", n), n=str(n))


def _pay(say: Describer, e: Event) -> str | None:
    if e.value == 0:
        return None  # Pretty Luzena's free Shot: the purchase says it all
    n = e.value
    return _pair(say, e, ngettext("You pay {n} nugget.", "You pay {n} nuggets.", n),
                 ngettext("{name} pays {n} nugget.", "{name} pays {n} nuggets.", n), n=str(n))


def _buy(say: Describer, e: Event) -> str:
    game = say.game
    card = card_label(game, e.card)
    if game.cards[e.card].kind == gold_rush.BLACK and e.target not in (NO_SEAT, e.seat):
        # Wanted, put on another player
        if say.is_viewer(e.seat):
            return _("You buy {card} and put it on {target}.").format(
                card=card, target=say.who(e.target))
        if say.is_viewer(e.target):
            return _("{name} buys {card} and puts it on you.").format(
                name=say.who(e.seat), card=card)
        return _("{name} buys {card} and puts it on {target}.").format(
            name=say.who(e.seat), card=card, target=say.who(e.target))
    return _pair(say, e, _("You buy {card}."), _("{name} buys {card}."), card=card)


def _use_equipment(say: Describer, e: Event) -> str:
    """A brown card resolved (``value`` the use), or Gold Pan / Rucksack used."""
    game = say.game
    card = card_label(game, e.card)
    name = game.cards[e.card].name
    borrowed = BORROWED.get(name)
    mine, target = say.is_viewer(e.seat), e.target
    if borrowed is not None and e.kind == "equipment":
        as_card = card_name(borrowed[e.value])
        if target == NO_SEAT:
            return _pair(say, e, _("You use {card} as {as_card}."),
                         _("{name} uses {card} as {as_card}."), card=card, as_card=as_card)
        if mine:
            return _("You use {card} as {as_card} on {target}.").format(
                card=card, as_card=as_card, target=say.who(target))
        if say.is_viewer(target):
            return _("{name} uses {card} as {as_card} on you.").format(
                name=say.who(e.seat), card=card, as_card=as_card)
        return _("{name} uses {card} as {as_card} on {target}.").format(
            name=say.who(e.seat), card=card, as_card=as_card, target=say.who(target))
    if target == NO_SEAT:
        return _pair(say, e, _("You use {card}."), _("{name} uses {card}."), card=card)
    if target == e.seat:
        return _pair(say, e, _("You use {card} on yourself."),
                     _("{name} uses {card} on themselves."), card=card)
    if mine:
        return _("You use {card} on {target}.").format(card=card, target=say.who(target))
    if say.is_viewer(target):
        return _("{name} uses {card} on you.").format(name=say.who(e.seat), card=card)
    return _("{name} uses {card} on {target}.").format(
        name=say.who(e.seat), card=card, target=say.who(target))


def _remove(say: Describer, e: Event) -> str:
    """``seat`` paid to make ``target`` discard an equipment card (said as a forced discard
    is: the same sentences as Dodge City's Brawl without its name)."""
    card = card_label(say.game, e.card)
    if say.is_viewer(e.seat):
        return _("You make {name} discard {card}.").format(name=say.who(e.target), card=card)
    if say.is_viewer(e.target):
        return _("{target} makes you discard {card}.").format(target=say.who(e.seat),
                                                              card=card)
    return _("{target} makes {name} discard {card}.").format(
        target=say.who(e.seat), name=say.who(e.target), card=card)


def _sell(say: Describer, e: Event) -> str:
    card = card_label(say.game, e.card)
    return _pair(say, e, _("You play {card} for a nugget."),
                 _("{name} plays {card} for a nugget."), card=card)


def _equipment_draw(say: Describer, e: Event) -> str:
    card = card_label(say.game, e.card)
    return _pair(say, e, _("You take {card} from the equipment pile."),
                 _("{name} takes {card} from the equipment pile."), card=card)


def _discard_equipment(say: Describer, e: Event) -> str:
    card = card_label(say.game, e.card)
    return _pair(say, e, _("You discard {card}."), _("{name} discards {card}."), card=card)


def _reshuffle(say: Describer, e: Event) -> str:
    return _("The discarded equipment is shuffled into a new equipment pile ({n}).").format(
        n=e.value)


def _shop(say: Describer, e: Event) -> str:
    name = say.game.cards[e.card].name
    return _("New in the shop: {card} for {price}.").format(
        card=card_label(say.game, e.card), price=nuggets_label(gold_rush.EQUIPMENT_COST[name]))


def _bounty(say: Describer, e: Event) -> str:
    if say.is_viewer(e.seat):
        return _("You collect the bounty on {target}: 2 cards and a nugget.").format(
            target=say.who(e.target))
    if say.is_viewer(e.target):
        return _("{name} collects the bounty on you: 2 cards and a nugget.").format(
            name=say.who(e.seat))
    return _("{name} collects the bounty on {target}: 2 cards and a nugget.").format(
        name=say.who(e.seat), target=say.who(e.target))


def _extra_turn(say: Describer, e: Event) -> str:
    return _pair(say, e, _("You play another turn."), _("{name} plays another turn."))


def _rhum(say: Describer, e: Event) -> str:
    card = card_label(say.game, e.card)
    what = card_name("rhum")
    return _pair(say, e, _("You flip {card} for {what}."), _("{name} flips {card} for {what}."),
                 card=card, what=what)


def _don_bell(say: Describer, e: Event) -> str:
    card = card_label(say.game, e.card)
    what = character_name("don_bell")
    return _pair(say, e, _("You draw! for {what}: {card}."),
                 _("{name} draws! for {what}: {card}."), card=card, what=what)


def _ability(say: Describer, seat: int) -> str | None:
    character = gold_character(say.game, seat)
    sentences = {
        "jacky_murieta": (_("You shoot a BANG! with no card."),
                          _("{name} shoots a BANG! with no card.")),
        "josh_mccloud": (_("You take the top card of the equipment pile."),
                         _("{name} takes the top card of the equipment pile.")),
        "raddie_snake": (_("You trade a nugget for a card."),
                         _("{name} trades a nugget for a card.")),
        "madam_yto": (_("A Beer was played: you draw a card."),
                      _("A Beer was played: {name} draws a card.")),
    }
    if character not in sentences:
        return None  # another set's ability (Dodge City's, Sid Ketchum's)
    mine, theirs = sentences[character]
    return mine if say.is_viewer(seat) else theirs.format(name=say.who(seat))


_EVENTS = {
    "nugget": _nugget,
    "pay_nuggets": _pay,
    "buy": _buy,
    "equipment": _use_equipment,
    "use_equipment": _use_equipment,
    "remove_equipment": _remove,
    "sell": _sell,
    "equipment_draw": _equipment_draw,
    "discard_equipment": _discard_equipment,
    "equipment_reshuffle": _reshuffle,
    "shop": _shop,
    "bounty": _bounty,
    "extra_turn": _extra_turn,
    "rhum_flip": _rhum,
    "don_bell_check": _don_bell,
}
EVENT_KINDS = frozenset(_EVENTS) | {"ability"}


# ---------------------------------------------------------------------- decisions


def pending_brown(game: Game, d: Decision) -> tuple[int, int]:
    """(slot, card) of the brown card Josh McCloud must use now: the engine put it on the
    equipment discard pile just before asking."""
    slot = gold_rush.state(game).discard[-1]
    return slot, game.known[slot]


def handles(game: Game, d: Decision) -> bool:
    """Whether ``d`` is one of Gold Rush's decisions: its own kinds, and the seat Josh
    McCloud puts a Wanted he drew in front of (a ``TARGET_PICK`` like Doc Holyday's, told
    apart by the public card waiting on the equipment discard pile)."""
    return d.kind in DECISION_KINDS or wanted_pick(game, d)


def wanted_pick(game: Game, d: Decision) -> bool:
    """Josh McCloud picking who gets the Wanted card he drew."""
    gold = gold_rush.state_or_none(game)
    if d.kind != TARGET_PICK or gold is None or not gold.discard:
        return False
    top = game.known.get(gold.discard[-1])
    return top is not None and game.card_name(top) == "wanted"


def decision(say: Describer, d: Decision) -> str:
    """What the viewer decides in one of Gold Rush's decisions."""
    if wanted_pick(say.game, d):
        return _("Whom do you put {card} in front of?").format(card=card_name("wanted"))
    if d.kind == DISCARD_PICK:
        return _("Which of the two cards drawn do you discard? (you take a nugget)")
    _slot, card = pending_brown(say.game, d)
    return _("How do you use {card}?").format(card=card_label(say.game, card))


def pick_check(say: Describer, d: Decision) -> str | None:
    """Don Bell's draw! at his turn's end, when he flips two (Horseshoe): what it needs.
    None for any other pick (a check at a turn's start, a Barrel)."""
    game = say.game
    if (d.seat != game.current or game.play_phase_turn != game.turn
            or gold_character(game, d.seat) != "don_bell"):
        return None
    return _("Don Bell: which card counts for the draw!? Hearts or diamonds give you "
             "another turn.")


def activity(say: Describer, d: Decision) -> str:
    """What another seat is deciding in one of Gold Rush's decisions."""
    name = say.who(d.seat)
    if wanted_pick(say.game, d):
        return _("{name} picks whom to put {card} in front of.").format(
            name=name, card=card_name("wanted"))
    if d.kind == DISCARD_PICK:
        return _("{name} picks which card drawn to discard.").format(name=name)
    _slot, card = pending_brown(say.game, d)
    return _("{name} chooses how to use {card}.").format(
        name=name, card=card_label(say.game, card))


def choice(say: Describer, d: Decision, value: int) -> str:
    """The label of one option of a Gold Rush decision."""
    game = say.game
    if wanted_pick(game, d):
        return _("Put {card} in front of {name}").format(card=card_name("wanted"),
                                                         name=say.whom(value))
    if d.kind == DISCARD_PICK:
        return _("Discard {card}").format(card=slot_label(game, value))
    slot, card = pending_brown(game, d)
    use, target, target_slot = gold_rush.brown_uses(game, d.seat, slot, card)[value]
    return use_label(say, d, game.cards[card].name, use, target, target_slot) or _("Use it")


# ---------------------------------------------------------------------- actions


def use_label(say: Describer, d: Decision, name: str, use: int, target: int,
              target_slot: int) -> str:
    """How a brown card is used, in words: "as BANG! on Ace (distance 1)", "on yourself",
    "" when it has no choice to say."""
    borrowed = BORROWED.get(name)
    on = _on(say, d, target, target_slot) if target != NO_SEAT else ""
    if borrowed is None:
        return on
    as_card = card_name(borrowed[use])
    if not on:
        return _("as {card}").format(card=as_card)
    return _("as {card} {on}").format(card=as_card, on=on)


def _on(say: Describer, d: Decision, target: int, target_slot: int) -> str:
    game = say.game
    if target == d.seat:
        return _("on yourself")
    who = say.whom(target)
    if target_slot == FROM_HAND:
        return _("on {target}: a card from hand").format(target=who)
    if target_slot >= 0:
        return _("on {target}: {what}").format(target=who, what=slot_label(game, target_slot))
    return _("on {target} (distance {d})").format(target=who, d=game.distance(d.seat, target))


def action(say: Describer, d: Decision, a: Action) -> str | None:
    """The label of a Gold Rush action (or a Gold Rush character's ability); None for any
    other action."""
    game = say.game
    if isinstance(a, Buy):
        card = game.known[a.slot]
        name = game.cards[card].name
        price = nuggets_label(gold_rush.price(game, d.seat, card))
        label = card_label(game, card)
        if name == "wanted":
            if a.target == d.seat:
                return _("Buy {card} ({price}) and put it on yourself").format(
                    card=label, price=price)
            return _("Buy {card} ({price}) and put it on {target}").format(
                card=label, price=price, target=say.whom(a.target))
        how = use_label(say, d, name, a.use, a.target, a.target_slot)
        if how:
            return _("Buy {card} ({price}) and use it {how}").format(
                card=label, price=price, how=how)
        return _("Buy {card} ({price})").format(card=label, price=price)
    if isinstance(a, Sell):
        return _("Play {card} for a nugget").format(card=card_label(game, a.card))
    if isinstance(a, RemoveEquipment):
        card = game.known[a.slot]
        price = nuggets_label(gold_rush.EQUIPMENT_COST[game.cards[card].name] + 1)
        return _("Pay {price} to make {target} discard {card}").format(
            price=price, target=say.who(a.target), card=card_label(game, card))
    if isinstance(a, UseEquipment):
        card = game.known[a.slot]
        label = card_label(game, card)
        if game.cards[card].name == "gold_pan":
            return _("Use {card}: pay 1 nugget to draw a card").format(card=label)
        return _("Use {card}: pay 2 nuggets to regain 1 life").format(card=label)
    if isinstance(a, Ability):
        character = gold_character(game, d.seat)
        if character == "jacky_murieta":
            return _("Pay 2 nuggets to shoot a BANG! with no card")
        if character == "josh_mccloud":
            return _("Pay 2 nuggets for the top card of the equipment pile")
        if character == "raddie_snake":
            return _("Pay 1 nugget to draw a card")
    return None
