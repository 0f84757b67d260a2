"""Sentences for A Fistful of Cards' own events, decisions and actions
(``engine/bang/sets/fistful.py``).

``describe.Describer`` hands these over (through ``fistful.py``). The event in force is public
(``Game.event_name()``), and it only changes before the first seat's turn, so a sentence
about a pick, a guess or a forced discard reads it to say which event asked for it: one
``EVENT_PICK`` kind serves Blood Brothers and Hard Liquor (and another deck's cards), one
``RESPOND_MISSED`` Ricochet and Russian Roulette. Each sentence is whole in the source
language (the viewer's own deeds in the second person), as in the other sentence modules.
The pile's sentences and an event decision's generic words are every deck's
(``event_deck.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.engine.actions import (
    BLACK,
    DECLINE,
    EXCHANGE,
    GUESS,
    NO_SEAT,
    PLAY,
    RED,
    RESPOND_MISSED,
    RESPOND_SHOT,
    Action,
    Choose,
    Decision,
    Discard,
    Event,
    Pass,
    Play,
    PlayPaid,
)
from p2pbang.engine.bang.catalog import HEARTS
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.sets.fistful import HARD_LIQUOR_HEAL
from p2pbang.ui.i18n import _, ngettext
from p2pbang.ui.labels import card_label, slot_label

if TYPE_CHECKING:
    from p2pbang.ui.describe import Describer

def is_ricochet(game: Game, seat: int, action: Action) -> bool:
    """A BANG! card discarded at a card in play under Ricochet (not a shot at a player)."""
    return (isinstance(action, Play) and action.target_slot >= 0
            and game.event_name() == "ricochet" and game.cards[action.card].kind == "brown"
            and game.play_rules(seat, action.card).counts_as_bang)


def is_sniper(game: Game, seat: int, action: Action) -> bool:
    """Two BANG! cards played together under Sniper (a ``PlayPaid`` naming both)."""
    if not isinstance(action, PlayPaid) or game.event_name() != "sniper":
        return False
    rules = game.play_rules
    return (rules(seat, action.card).counts_as_bang
            and rules(seat, action.cost_card).counts_as_bang)


# ---------------------------------------------------------------------- events


def event(say: Describer, e: Event, cause: str | None) -> str | None:
    """A sentence for an event of A Fistful of Cards' cards, None when the kind is not one of
    them. ``cause`` is the last card played (a Ricochet's BANG! before its forced discard)."""
    game = say.game
    kind = e.kind
    mine = say.is_viewer(e.seat)
    name = say.who(e.seat)
    if kind == "forced_discard":
        return _forced_discard(say, e, cause)
    if kind == "back" and not game.event_rules.ghosts:  # back for good: Dead Man
        return _back(say, e)
    if kind == "lose_life":  # Blood Brothers: a life given, not a hit
        if mine:
            return _("Blood Brothers: you give 1 life to {target} ({life} left).").format(
                target=say.who(e.target), life=e.life)
        if say.is_viewer(e.target):
            return _("Blood Brothers: {name} gives you 1 life ({life} left).").format(
                name=name, life=e.life)
        return _("Blood Brothers: {name} gives 1 life to {target} ({life} left).").format(
            name=name, target=say.who(e.target), life=e.life)
    if kind == "to_deck":
        card = card_label(game, e.card)
        if mine:
            return _("Abandoned Mine: your {card} goes face down on the deck.").format(
                card=card)
        return _("Abandoned Mine: {name}'s {card} goes face down on the deck.").format(
            name=name, card=card)
    if kind in ("guess_right", "guess_wrong"):
        return _guess(say, e)
    if kind == "vendetta_check":
        card = card_label(game, e.card)
        again = game.suits[e.card] == HEARTS
        if mine:
            return (_("Vendetta: you draw! {card}: a heart, you play another turn.")
                    if again else _("Vendetta: you draw! {card}: no heart.")).format(card=card)
        return (_("Vendetta: {name} draws! {card}: a heart, another turn.") if again
                else _("Vendetta: {name} draws! {card}: no heart.")).format(
            name=name, card=card)
    if kind == "show_draw" and game.event_name() == "law_of_the_west":
        card = card_label(game, e.card)
        if mine:
            return _("Law of the West: you show {card}, your 2nd card drawn; play it if you "
                     "can.").format(card=card)
        return _("Law of the West: {name} shows {card}, the 2nd card drawn.").format(
            name=name, card=card)
    if kind == "heal" and _hard_liquor(game, e.seat):
        if mine:
            return _("Hard Liquor: you skip drawing and regain 1 life.")
        return _("Hard Liquor: {name} skips drawing and regains 1 life.").format(name=name)
    return None


def _forced_discard(say: Describer, e: Event, cause: str | None) -> str | None:
    """A Ricochet's discard (its shooter made it); the last card played (``cause``) is not
    needed: the game's history tells."""
    game = say.game
    card = card_label(game, e.card)
    name = say.who(e.seat)
    if e.target == NO_SEAT:  # nobody made it: not a Ricochet's (another deck's card)
        return None
    if not _last_play_ricochet(game, e.target):
        return None  # a Cat Balou's, a Brawl's, a Can Can's: said by their own modules
    if say.is_viewer(e.seat):
        return _("Ricochet by {target}: you discard {card}.").format(
            target=say.who(e.target), card=card)
    if say.is_viewer(e.target):
        return _("Your Ricochet: {name} discards {card}.").format(name=name, card=card)
    return _("Ricochet by {target}: {name} discards {card}.").format(
        target=say.who(e.target), name=name, card=card)


def _hard_liquor(game: Game, seat: int) -> bool:
    """Whether ``seat``'s heal is Hard Liquor's: his last answer took its life point (the
    heal is the answer's own event, and nothing follows it before the play phase)."""
    return (game.event_name() == "hard_liquor" and seat == game.current and bool(game.history)
            and game.history[-1] == Choose(HARD_LIQUOR_HEAL))


def _last_play_ricochet(game: Game, shooter: int) -> bool:
    """Whether the last card played was ``shooter``'s Ricochet (every engine applied that
    ``Play``, so this holds for a log told from its middle too)."""
    for action in reversed(game.history):
        if isinstance(action, Play | PlayPaid):
            return is_ricochet(game, shooter, action)
    return False


def _back(say: Describer, e: Event) -> str:
    name = say.who(e.seat)
    if say.is_viewer(e.seat):
        return ngettext("Dead Man: you are back in the game with {n} life.",
                        "Dead Man: you are back in the game with {n} lives.",
                        e.value).format(n=e.value)
    return ngettext("Dead Man: {name} is back in the game with {n} life.",
                    "Dead Man: {name} is back in the game with {n} lives.",
                    e.value).format(name=name, n=e.value)


def _guess(say: Describer, e: Event) -> str:
    card = card_label(say.game, e.card)
    name = say.who(e.seat)
    if e.kind == "guess_right":
        if say.is_viewer(e.seat):
            return _("Peyote: {card}, you guessed right and keep it.").format(card=card)
        return _("Peyote: {card}, {name} guessed right and keeps it.").format(
            card=card, name=name)
    if say.is_viewer(e.seat):
        return _("Peyote: {card}, a wrong guess: it is discarded.").format(card=card)
    return _("Peyote: {card}, {name} guessed wrong: it is discarded.").format(
        card=card, name=name)


# ---------------------------------------------------------------------- decisions


def ricochet_slot(game: Game) -> int | None:
    """The card in play a Ricochet being answered aims at: the last card played (its
    ``Play`` is the last action before the answer; every engine applied it)."""
    for action in reversed(game.history):
        if isinstance(action, Play):
            return action.target_slot if action.target_slot >= 0 else None
    return None


def decision(say: Describer, d: Decision) -> str | None:
    """What the viewer decides at the decision of the deck's card in force (None: the
    generic words say it)."""
    game = say.game
    event = game.event_name()
    if d.kind == GUESS:
        return _("Peyote: is the deck's top card red or black? Right: you keep it, guess "
                 "again.")
    if d.kind == EXCHANGE:
        return _("Ranch: discard a card to draw a new one for it, or keep your hand.")
    if d.kind == RESPOND_MISSED:
        if d.source == NO_SEAT:
            return _("Russian Roulette: discard a Missed!, or lose 2 lives.")
        slot = ricochet_slot(game)
        if slot is None:
            return _("Ricochet by {source}: discard a Missed!, or lose your card.").format(
                source=say.who(d.source))
        return _("Ricochet by {source}: discard a Missed!, or lose {card}.").format(
            source=say.who(d.source), card=slot_label(game, slot))
    if event == "blood_brothers":
        return _("Blood Brothers: give 1 of your lives to another player?")
    if event == "hard_liquor":
        return _("Hard Liquor: skip drawing to regain 1 life?")
    return None


def usual_decision(say: Describer, d: Decision) -> str | None:
    """A usual decision the event in force changes, said its way: the play phase while
    Law of the West's card must be played first, A Fistful of Cards' shots (from nobody).
    None: the usual sentence says it."""
    if d.kind == PLAY:
        return _play_decision(say, d)
    if d.kind == RESPOND_SHOT and d.source == NO_SEAT \
            and say.game.event_name() == "a_fistful_of_cards":
        return _("A Fistful of Cards: a shot per card in your hand; a Missed! cancels "
                 "this one.")
    return None


def usual_activity(say: Describer, d: Decision) -> str | None:
    """Another seat's usual decision as the event in force changes it (see above)."""
    if d.kind == RESPOND_SHOT and d.source == NO_SEAT \
            and say.game.event_name() == "a_fistful_of_cards":
        return _("{name} answers the shots of A Fistful of Cards.").format(
            name=say.who(d.seat))
    return None


def _play_decision(say: Describer, d: Decision) -> str | None:
    """The play phase under Law of the West, while the card shown must be played first."""
    game = say.game
    if game.event_name() != "law_of_the_west" or game.must_play not in game.players[d.seat].hand:
        return None
    if Pass() in game.legal_actions():
        return None  # it has no legal play: it is kept, the turn goes on as usual
    return _("Law of the West: you must play {card} first.").format(
        card=slot_label(game, game.must_play))


def activity(say: Describer, d: Decision) -> str | None:
    """What another seat is deciding at the decision of the deck's card in force (None: the
    generic words say it)."""
    name = say.who(d.seat)
    event = say.game.event_name()
    if d.kind == GUESS:
        return _("{name} guesses red or black (Peyote).").format(name=name)
    if d.kind == EXCHANGE:
        return _("{name} exchanges cards (Ranch).").format(name=name)
    if d.kind == RESPOND_MISSED:
        if d.source == NO_SEAT:
            return _("{name} answers the Russian Roulette.").format(name=name)
        if say.is_viewer(d.source):
            return _("{name} answers your Ricochet.").format(name=name)
        return _("{name} answers the Ricochet of {source}.").format(
            name=name, source=say.who(d.source))
    if event == "blood_brothers":
        return _("{name} may give a life to another player (Blood Brothers).").format(
            name=name)
    if event == "hard_liquor":
        return _("{name} may skip drawing to regain 1 life (Hard Liquor).").format(name=name)
    return None


# ---------------------------------------------------------------------- actions


def choice(say: Describer, d: Decision, value: int) -> str | None:
    """The label of one option of Blood Brothers' or Hard Liquor's pick or of Peyote's
    guess."""
    game = say.game
    if d.kind == GUESS:
        if value == RED:
            return _("Red (hearts, diamonds)")
        assert value == BLACK
        return _("Black (spades, clubs)")
    event = game.event_name()
    if event == "blood_brothers":
        if value == DECLINE:
            return _("Keep your lives")
        target = game.players[value]
        return _("Give 1 life to {name} ({life} of {most})").format(
            name=say.who(value), life=target.life, most=target.max_life)
    if event == "hard_liquor":
        if value == DECLINE:
            return _("Draw as usual")
        return _("Skip drawing and regain 1 life")
    return None


def action(say: Describer, d: Decision, a: Action, brief: bool) -> str | None:
    """An action A Fistful of Cards' cards add or reword; None to let the usual sentences
    say it."""
    game = say.game
    if d.kind == RESPOND_MISSED:
        if isinstance(a, Play):
            return _("Discard {card}").format(card=card_label(game, a.card))
        if isinstance(a, Pass):
            if d.source == NO_SEAT:
                return _("Lose 2 lives")
            slot = ricochet_slot(game)
            if slot is None:
                return _("Let your card be discarded")
            return _("Let {card} be discarded").format(card=slot_label(game, slot))
        return None
    if d.kind == GUESS and isinstance(a, Pass):  # Peyote, after a right guess
        return _("Stop guessing and keep what you have")
    if d.kind == EXCHANGE:
        if isinstance(a, Discard):
            return _("Exchange {card}").format(card=card_label(game, a.card))
        if isinstance(a, Pass):
            return _("Keep the rest of your hand")
        return None
    if d.kind != PLAY:
        return None
    if is_ricochet(game, d.seat, a):
        assert isinstance(a, Play)
        return _("Ricochet: {card} at {what} of {target}").format(
            card=card_label(game, a.card), what=slot_label(game, a.target_slot),
            target=say.whom(a.target))
    if is_sniper(game, d.seat, a):
        assert isinstance(a, PlayPaid)
        return _("Sniper: {card} and {other} on {target} (distance {d})").format(
            card=card_label(game, a.card), other=card_label(game, a.cost_card),
            target=say.whom(a.target), d=game.distance(d.seat, a.target))
    return None
