"""Sentences for events, decisions and actions, shared by the plain and full-screen interfaces.

Everything is described from one seat's engine, so a hidden card shows as "a card".
"""

from __future__ import annotations

from p2pbang.engine.actions import (
    DISCARD,
    DRAW_FROM_DECK,
    DRAW_FROM_DISCARD,
    DRAW_SOURCE,
    DYING,
    FROM_HAND,
    NO_SEAT,
    PICK_CHECK,
    PLAY,
    PUT_BACK,
    RESPOND_DUEL,
    RESPOND_INDIANS,
    RESPOND_SHOT,
    STORE_PICK,
    Ability,
    Action,
    Choose,
    Decision,
    Discard,
    End,
    Event,
    Pass,
    Play,
    UseBarrel,
)
from p2pbang.engine.cards.base import ROLE_NAMES as ROLE_KEYS
from p2pbang.engine.game import Game
from p2pbang.ui.i18n import _
from p2pbang.ui.texts import TEAM_NAMES, card_name, card_text, character_name, role_name


def card_label(game: Game, card: int) -> str:
    """``BANG! (Q\u2665)``, or "a card" when hidden (-1)."""
    if card < 0:
        return _("a card")
    definition = game.cards[card]
    return f"{card_name(definition.name)} ({definition.label})"


def slot_label(game: Game, slot: int) -> str:
    card = game.known.get(slot)
    return _("a card") if card is None else card_label(game, card)


class Describer:
    """Turns engine values into sentences for the seat ``game.viewer``."""

    def __init__(self, game: Game, names: list[str]) -> None:
        self.game = game
        self.names = names

    def _mine(self, seat: int) -> bool:
        return seat == self.game.viewer

    def who(self, seat: int) -> str:
        if seat == NO_SEAT:
            return _("nobody")
        return self.names[seat]

    # ---------------------------------------------------------------- events

    def event(self, e: Event) -> str | None:
        g, who = self.game, self.who
        name, target = who(e.seat), who(e.target)
        card = card_label(g, e.card) if e.card >= 0 else _("a card")
        kind = e.kind
        if kind == "turn":
            return _("--- Turn {n}: {name} ---").format(n=e.value, name=name)
        if kind == "character":
            p = g.players[e.seat]
            if self._mine(e.seat):
                return _("You play {character} ({life} life).").format(
                    character=character_name(p.character), life=e.value)
            return _("{name} plays {character} ({life} life).").format(
                name=name, character=character_name(p.character), life=e.value)
        if kind == "draw":
            if self._mine(e.seat):
                return _("You draw {n} card(s).").format(n=e.value)
            return _("{name} draws {n} card(s).").format(name=name, n=e.value)
        if kind == "play":
            if e.target != NO_SEAT:
                if self._mine(e.seat):
                    return _("You play {card} on {target}.").format(card=card, target=target)
                return _("{name} plays {card} on {target}.").format(
                    name=name, card=card, target=target)
            if self._mine(e.seat):
                return _("You play {card}.").format(card=card)
            return _("{name} plays {card}.").format(name=name, card=card)
        if kind == "respond":
            if self._mine(e.seat):
                return _("You answer with {card}.").format(card=card)
            return _("{name} answers with {card}.").format(name=name, card=card)
        if kind == "damage":
            life = g.players[e.seat].life
            if self._mine(e.seat):
                return _("You lose {n} life ({life} left).").format(n=e.value, life=max(life, 0))
            if e.target != NO_SEAT:
                return _("{name} loses {n} life to {source} ({life} left).").format(
                    name=name, n=e.value, source=target, life=max(life, 0))
            return _("{name} loses {n} life ({life} left).").format(
                name=name, n=e.value, life=max(life, 0))
        if kind == "heal":
            if e.value == 0:
                return _("{name} is already at full life.").format(name=name)
            if self._mine(e.seat):
                return _("You regain {n} life.").format(n=e.value)
            return _("{name} regains {n} life.").format(name=name, n=e.value)
        if kind == "no_effect":
            return _("{card} has no effect with two players left.").format(card=card)
        if kind in ("jail_check", "dynamite_check", "barrel_check"):
            what = {"jail_check": _("Jail"), "dynamite_check": _("Dynamite"),
                    "barrel_check": _("Barrel")}[kind]
            return _("{name} draws! for {what}: {card}.").format(name=name, what=what, card=card)
        if kind == "missed":
            return _("{name} avoids the shot.").format(name=name)
        if kind == "steal":
            return _("{name} takes {card} from {target}.").format(
                name=name, card=card, target=target)
        if kind == "discard":
            if self._mine(e.seat):
                return _("You discard {card}.").format(card=card)
            return _("{name} discards {card}.").format(name=name, card=card)
        if kind == "forced_discard":
            return _("{name} must discard {card} ({target}'s card).").format(
                name=name, card=card, target=target)
        if kind == "explode":
            return _("The Dynamite explodes in front of {name}!").format(name=name)
        if kind == "pass_dynamite":
            return _("The Dynamite passes from {name} to {target}.").format(
                name=name, target=target)
        if kind == "skip_turn":
            return _("{name} stays in jail and misses the turn.").format(name=name)
        if kind == "escape":
            return _("{name} escapes from jail.").format(name=name)
        if kind == "eliminated":
            role = role_name(ROLE_KEYS[e.value])
            if e.target not in (NO_SEAT, e.seat):
                return _("{name} is eliminated by {killer}! {name} was the {role}.").format(
                    name=name, killer=target, role=role)
            return _("{name} is eliminated! {name} was the {role}.").format(name=name, role=role)
        if kind == "reward":
            return _("{name} draws 3 cards for eliminating an Outlaw.").format(name=name)
        if kind == "penalty":
            return _("{name}, the Sheriff, eliminated a Deputy and discards every card.").format(
                name=name)
        if kind == "take_all":
            return _("{name} takes all {n} cards of {target}.").format(
                name=name, n=e.value, target=target)
        if kind == "store_pick":
            return _("{name} takes {card} from the General Store.").format(name=name, card=card)
        if kind == "show_draw":
            return _("{name} shows the second card drawn: {card}.").format(name=name, card=card)
        if kind == "take_discard":
            return _("{name} takes {card} from the discard pile.").format(name=name, card=card)
        if kind == "put_back":
            return _("{name} puts a card back on the deck.").format(name=name)
        if kind == "reshuffle":
            return _("The discard pile is shuffled into a new deck ({n} cards).").format(n=e.value)
        if kind == "replace_weapon":
            return _("{name} discards the old weapon {card}.").format(name=name, card=card)
        if kind == "ability":
            return _("{name} discards two cards to regain 1 life.").format(name=name)
        if kind == "game_over":
            return None
        return None  # "check", "end_turn": told by the events around them

    def end(self, end: End) -> str:
        winners = ", ".join(self.names[s] for s in end.winners)
        return _("Game over: {team} win ({winners}).").format(
            team=_(TEAM_NAMES[end.team]), winners=winners)

    # ---------------------------------------------------------------- decisions

    def decision(self, d: Decision) -> str:
        you = d.seat == self.game.viewer
        name = _("You") if you else self.who(d.seat)
        source = self.who(d.source)
        if d.kind == PLAY:
            return _("{name}: play cards, or end the turn.").format(name=name)
        if d.kind == DISCARD:
            return _("{name}: too many cards; discard {n} more.").format(name=name, n=d.needed)
        if d.kind == DRAW_SOURCE:
            return _("{name}: where does your first card come from?").format(name=name)
        if d.kind == PUT_BACK:
            return _("{name}: which card goes back on the deck?").format(name=name)
        if d.kind == PICK_CHECK:
            return _("{name}: which card counts for the draw!?").format(name=name)
        if d.kind == STORE_PICK:
            return _("{name}: take a card from the General Store.").format(name=name)
        if d.kind == RESPOND_SHOT:
            return _("{source} shoots {name}: {n} Missed! needed.").format(
                source=source, name=name, n=d.needed)
        if d.kind == RESPOND_DUEL:
            return _("Duel with {source}: {name} must discard a BANG! or lose 1 life.").format(
                source=source, name=name)
        if d.kind == RESPOND_INDIANS:
            return _("Indians! ({source}): {name} must discard a BANG! or lose 1 life.").format(
                source=source, name=name)
        if d.kind == DYING:
            return _("{name} is dying: {n} Beer needed to survive.").format(
                name=name, n=d.needed)
        return d.kind

    def waiting(self, d: Decision) -> str:
        return _("Waiting for {name}...").format(name=self.who(d.seat))

    # ---------------------------------------------------------------- actions

    def action(self, d: Decision, a: Action) -> str:
        g = self.game
        if isinstance(a, Play):
            name = g.cards[a.card].name
            label = card_label(g, a.card)
            if d.kind == DYING:
                return _("Drink {card}: regain 1 life").format(card=label)
            if d.kind in (RESPOND_SHOT, RESPOND_DUEL, RESPOND_INDIANS):
                return _("Answer with {card}").format(card=label)
            if a.target == NO_SEAT:
                return _("Play {card}: {text}").format(card=label, text=card_text(name))
            target = self.who(a.target)
            distance = g.distance(d.seat, a.target)
            if a.target_slot == FROM_HAND:
                verb = _("take") if name == "panic" else _("discard")
                return _("Play {card} on {target}: {verb} a random card from hand").format(
                    card=label, target=target, verb=verb)
            if a.target_slot >= 0:
                verb = _("take") if name == "panic" else _("discard")
                return _("Play {card} on {target}: {verb} their {what}").format(
                    card=label, target=target, verb=verb, what=slot_label(g, a.target_slot))
            return _("Play {card} on {target} (distance {d})").format(
                card=label, target=target, d=distance)
        if isinstance(a, Discard):
            return _("Discard {card}").format(card=card_label(g, a.card))
        if isinstance(a, Ability):
            cards = _(" and ").join(card_label(g, c) for c in a.cards)
            return _("Discard {cards} to regain 1 life").format(cards=cards)
        if isinstance(a, UseBarrel):
            return _("Draw! for a Barrel (a heart cancels the shot)")
        if isinstance(a, Choose):
            return self._choice(d, a.value)
        if isinstance(a, Pass):
            return {
                PLAY: _("End the turn"),
                RESPOND_SHOT: _("Take the hit (lose 1 life)"),
                RESPOND_DUEL: _("Give up the Duel (lose 1 life)"),
                RESPOND_INDIANS: _("Lose 1 life"),
                DYING: _("Accept elimination"),
            }.get(d.kind, _("Pass"))
        return repr(a)

    def _choice(self, d: Decision, value: int) -> str:
        g = self.game
        if d.kind == DRAW_SOURCE:
            if value == DRAW_FROM_DECK:
                return _("From the deck")
            if value == DRAW_FROM_DISCARD:
                return _("From the discard pile: {card}").format(
                    card=slot_label(g, g.discard[-1]))
            return _("A random card from {name}'s hand").format(name=self.who(value))
        if d.kind == PUT_BACK:
            return _("Put back {card}").format(card=slot_label(g, value))
        if d.kind == PICK_CHECK:
            return _("Use {card}").format(card=slot_label(g, value))
        if d.kind == STORE_PICK:
            return _("Take {card}").format(card=slot_label(g, value))
        return str(value)
