"""Sentences for events, decisions and actions, shared by the plain and full-screen interfaces.

Everything is described from one seat's engine, so a hidden card shows as "a card". The
viewer's own deeds get their own second-person sentences (translations conjugate the verb),
and where the viewer is the object of a sentence its name reads "you".
"""

from __future__ import annotations

from p2pbang.engine.actions import (
    ANY_TIME,
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
    PlayPaid,
    UseBarrel,
    UseGreen,
)
from p2pbang.engine.bang.cards.base import ROLE_NAMES as ROLE_KEYS
from p2pbang.engine.bang.game import Game
from p2pbang.ui import sets
from p2pbang.ui.i18n import _, ngettext
from p2pbang.ui.labels import card_label, slot_label
from p2pbang.ui.texts import card_text, character_name, role_goal, role_name, team_name


def action_card(action: Action, game: Game | None = None) -> int | None:
    """The card an action plays, discards or uses from play (for showing its text), if
    there is one; a green card in play is found through ``game``."""
    if isinstance(action, Play | PlayPaid | Discard):
        return action.card
    if isinstance(action, UseGreen) and game is not None:
        return game.known.get(action.slot)
    if game is not None:
        return sets.first(lambda ui_set: ui_set.action_card(game, action))
    return None


class Describer:
    """Turns engine values into sentences for the seat ``game.viewer``."""

    def __init__(self, game: Game, names: list[str]) -> None:
        self.game = game
        self.names = names
        # The card whose effect the next events are (a forced discard is Cat Balou's, a
        # Brawl's or a Can Can's): events come in order, so the last card played tells.
        self._cause: str | None = None
        # Whether the next "draw" is the turn's phase 1 (the first draw after a new turn),
        # which an event card may change (Thirst, Train Arrival): said as the event's.
        self._phase_one = False
        self.phase_one_draw = False

    def _mine(self, seat: int) -> bool:
        return seat == self.game.viewer

    def is_viewer(self, seat: int) -> bool:
        """Whether ``seat`` is the person this describer speaks to."""
        return self._mine(seat)

    def who(self, seat: int) -> str:
        """A seat's name as the subject of a third-person sentence."""
        if seat == NO_SEAT:
            return _("nobody")
        return self.names[seat]

    def whom(self, seat: int) -> str:
        """A seat's name as an object: "you" for the viewer."""
        if self._mine(seat):
            return _("you")
        return self.who(seat)

    # ---------------------------------------------------------------- events

    def event(self, e: Event) -> str | None:
        """One line for an event, or None for bookkeeping events told by their neighbours."""
        g = self.game
        mine = self._mine(e.seat)
        name, target = self.who(e.seat), self.whom(e.target)
        card = card_label(g, e.card)
        kind = e.kind
        cause = sets.first(lambda ui_set: ui_set.cause(g, e))  # a card used as another
        if kind in ("play", "use") and e.card >= 0:
            self._cause = g.cards[e.card].name
        elif cause is not None:
            self._cause = cause
        self.phase_one_draw = kind == "draw" and self._phase_one and e.seat == g.current
        if kind == "turn":
            self._phase_one = True
        elif kind == "draw":
            self._phase_one = False
        said = sets.first(lambda ui_set: ui_set.event(self, e, self._cause))
        if said is not None:
            return said
        if kind == "turn":
            return _("--- Turn {n}: {name} ---").format(n=e.value, name=self.who(e.seat))
        if kind == "character":
            character = character_name(g.players[e.seat].character)
            if mine:
                return ngettext("You play {character} ({life} life).",
                                "You play {character} ({life} lives).", e.value).format(
                    character=character, life=e.value)
            return ngettext("{name} plays {character} ({life} life).",
                            "{name} plays {character} ({life} lives).", e.value).format(
                name=name, character=character, life=e.value)
        if kind == "draw":
            if mine:
                return ngettext("You draw {n} card.", "You draw {n} cards.", e.value).format(
                    n=e.value)
            return ngettext("{name} draws {n} card.", "{name} draws {n} cards.",
                            e.value).format(name=name, n=e.value)
        if kind == "play":
            return self._play(e, name, target, card)
        if kind == "respond":
            if mine:
                return _("You answer with {card}.").format(card=card)
            return _("{name} answers with {card}.").format(name=name, card=card)
        if kind == "damage":
            return self._damage(e, name, target)
        if kind == "heal":
            return self._heal(e, name)
        if kind == "no_effect":
            return _("{card} has no effect with two players left.").format(card=card)
        if kind in ("jail_check", "dynamite_check", "barrel_check"):
            what = {"jail_check": _("Jail"), "dynamite_check": _("Dynamite"),
                    "barrel_check": _("Barrel")}[kind]
            if mine:
                return _("You draw! for {what}: {card}.").format(what=what, card=card)
            return _("{name} draws! for {what}: {card}.").format(name=name, what=what, card=card)
        return self._other(e, mine, name, target, card)

    def _play(self, e: Event, name: str, target: str, card: str) -> str:
        if e.target != NO_SEAT:
            if self._mine(e.seat):
                return _("You play {card} on {target}.").format(card=card, target=target)
            if self._mine(e.target):
                return _("{name} plays {card} on you.").format(name=name, card=card)
            return _("{name} plays {card} on {target}.").format(
                name=name, card=card, target=target)
        if self._mine(e.seat):
            return _("You play {card}.").format(card=card)
        return _("{name} plays {card}.").format(name=name, card=card)

    def _damage(self, e: Event, name: str, source: str) -> str:
        # The event says the life right after this hit; the game only knows the life after
        # the whole batch, which would repeat the last count for every hit before it.
        life = max(e.life if e.life >= 0 else self.game.players[e.seat].life, 0)
        if self._mine(e.seat):
            if e.target != NO_SEAT:
                return ngettext("You lose {n} life to {source} ({life} left).",
                                "You lose {n} lives to {source} ({life} left).",
                                e.value).format(n=e.value, source=source, life=life)
            return ngettext("You lose {n} life ({life} left).",
                            "You lose {n} lives ({life} left).",
                            e.value).format(n=e.value, life=life)
        if self._mine(e.target):
            return ngettext("{name} loses {n} life to you ({life} left).",
                            "{name} loses {n} lives to you ({life} left).",
                            e.value).format(name=name, n=e.value, life=life)
        if e.target != NO_SEAT:
            return ngettext("{name} loses {n} life to {source} ({life} left).",
                            "{name} loses {n} lives to {source} ({life} left).",
                            e.value).format(name=name, n=e.value, source=source, life=life)
        return ngettext("{name} loses {n} life ({life} left).",
                        "{name} loses {n} lives ({life} left).",
                        e.value).format(name=name, n=e.value, life=life)

    def _heal(self, e: Event, name: str) -> str:
        mine = self._mine(e.seat)
        if e.value == 0:
            if mine:
                return _("You are already at full life.")
            return _("{name} is already at full life.").format(name=name)
        if mine:
            return ngettext("You regain {n} life.", "You regain {n} lives.", e.value).format(
                n=e.value)
        return ngettext("{name} regains {n} life.", "{name} regains {n} lives.",
                        e.value).format(name=name, n=e.value)

    def _other(self, e: Event, mine: bool, name: str, target: str, card: str) -> str | None:
        kind = e.kind
        if self._mine(e.target) and not mine:
            said = self._at_you(e, name, card)
            if said is not None:
                return said
        you_them = {
            "missed": (_("You avoid the shot."), _("{name} avoids the shot.")),
            "steal": (_("You take {card} from {target}."),
                      _("{name} takes {card} from {target}.")),
            "discard": (_("You discard {card}."), _("{name} discards {card}.")),
            "forced_discard": (_("Cat Balou by {target}: you discard {card}."),
                               _("Cat Balou by {target}: {name} discards {card}.")),
            "skip_turn": (_("You stay in jail and miss the turn."),
                          _("{name} stays in jail and misses the turn.")),
            "escape": (_("You escape from jail."), _("{name} escapes from jail.")),
            # the cards come in the draw event that follows, which gives their number
            "reward": (_("You earn the reward for eliminating an Outlaw."),
                       _("{name} earns the reward for eliminating an Outlaw.")),
            "penalty": (_("You, the Sheriff, eliminated a Deputy and discard every card."),
                        _("{name}, the Sheriff, eliminated a Deputy and discards every "
                          "card.")),
            "store_pick": (_("You take {card} from the General Store."),
                           _("{name} takes {card} from the General Store.")),
            "show_draw": (_("You show the second card drawn: {card}."),
                          _("{name} shows the second card drawn: {card}.")),
            "take_discard": (_("You take {card} from the discard pile."),
                             _("{name} takes {card} from the discard pile.")),
            "put_back": (_("You put a card back on the deck."),
                         _("{name} puts a card back on the deck.")),
            "replace_weapon": (_("You discard your old weapon {card}."),
                               _("{name} discards the old weapon {card}.")),
        }
        if kind in you_them:
            text = you_them[kind][0 if mine else 1]
            return text.format(name=name, target=target, card=card)
        if kind == "take_all":
            if e.value == 0:
                return None  # nothing was left to take
            if mine:
                return ngettext("You take {n} card from {target}.",
                                "You take all {n} cards from {target}.",
                                e.value).format(n=e.value, target=target)
            return ngettext("{name} takes {n} card from {target}.",
                            "{name} takes all {n} cards from {target}.",
                            e.value).format(name=name, n=e.value, target=target)
        if kind == "explode":
            if mine:
                return _("The Dynamite explodes in front of you!")
            return _("The Dynamite explodes in front of {name}!").format(name=name)
        if kind == "pass_dynamite":
            if mine:
                return _("You pass the Dynamite to {target}.").format(target=target)
            return _("The Dynamite passes from {name} to {target}.").format(
                name=name, target=target)
        if kind == "eliminated":
            return self._eliminated(e, mine, name, target)
        if kind == "reshuffle":
            return ngettext("The discard pile is shuffled into a new deck ({n} card).",
                            "The discard pile is shuffled into a new deck ({n} cards).",
                            e.value).format(n=e.value)
        return None  # "check", "end_turn", "game_over", "seating": shown by what follows

    def _at_you(self, e: Event, name: str, card: str) -> str | None:
        """A sentence whose object is the viewer, with "you" in the sentence itself: a name
        placeholder filled with "you" reads wrongly in Hungarian and Romanian."""
        if e.kind == "steal":
            return _("{name} takes {card} from you.").format(name=name, card=card)
        if e.kind == "forced_discard":
            return _("Your Cat Balou: {name} discards {card}.").format(name=name, card=card)
        if e.kind == "take_all" and e.value > 0:
            return ngettext("{name} takes {n} card from you.",
                            "{name} takes all {n} of your cards.", e.value).format(
                name=name, n=e.value)
        if e.kind == "pass_dynamite":
            return _("The Dynamite passes from {name} to you.").format(name=name)
        return None

    def _eliminated(self, e: Event, mine: bool, name: str, killer: str) -> str:
        role = role_name(ROLE_KEYS[e.value])
        by_other = e.target not in (NO_SEAT, e.seat)
        if mine:
            if by_other:
                return _("You are eliminated by {killer}! You were the {role}.").format(
                    killer=killer, role=role)
            return _("You are eliminated! You were the {role}.").format(role=role)
        if by_other and self._mine(e.target):
            return _("You eliminate {name}! {name} was the {role}.").format(
                name=name, role=role)
        if by_other:
            return _("{name} is eliminated by {killer}! {name} was the {role}.").format(
                name=name, killer=killer, role=role)
        return _("{name} is eliminated! {name} was the {role}.").format(name=name, role=role)

    def end(self, end: End) -> str:
        """Who won, one sentence per team: the verb agrees with the team (the Renegade wins,
        the Outlaws win), which a team name in a placeholder could not do."""
        winners = ", ".join(self.names[s] for s in end.winners)
        sentences = {
            "sheriff": _("Game over: the Sheriff and his Deputies win ({winners})."),
            "outlaws": _("Game over: the Outlaws win ({winners})."),
            "renegade": _("Game over: the Renegade wins ({winners})."),
            # Dodge City's 3-player table: one role wins alone
            "deputy": _("Game over: the Deputy wins ({winners})."),
            "outlaw": _("Game over: the Outlaw wins ({winners})."),
        }
        if end.team in sentences:
            return sentences[end.team].format(winners=winners)
        return _("Game over: {team} won ({winners}).").format(
            team=team_name(end.team), winners=winners)

    def goal(self, seat: int) -> str:
        """What ``seat`` plays for: the role's goal, unless a set changes it (Dodge City's
        3-player table: the personal target; a shadow Renegade: the side he took)."""
        said = sets.first(lambda ui_set: ui_set.goal(self, seat))
        if said is not None:
            return said
        role = self.game.players[seat].role
        return role_goal(role) if role else ""

    def outcome(self, end: End) -> str:
        """Whether the viewer won: one short line for the end of the game."""
        if self.game.viewer in end.winners:
            return _("You win!")
        return _("You lose.")

    # ---------------------------------------------------------------- decisions

    def decision(self, d: Decision) -> str:
        """What the viewer must decide now; for another seat, what that seat is doing."""
        if d.seat != self.game.viewer:
            return self.activity(d)
        source = self.whom(d.source)
        said = sets.first(lambda ui_set: ui_set.usual_decision(self, d))
        if said is not None:
            return said
        if d.kind == PLAY:
            return _("Your turn: play cards, or end the turn.")
        if d.kind == DISCARD:
            return ngettext("Too many cards in hand: discard {n} more.",
                            "Too many cards in hand: discard {n} more.",
                            d.needed).format(n=d.needed)
        if d.kind == DRAW_SOURCE:
            return _("Where does your first card come from?")
        if d.kind == PUT_BACK:
            return _("Which card goes back on the deck?")
        if d.kind == PICK_CHECK:
            return self.pick_check(d)
        if d.kind == STORE_PICK:
            return _("Take a card from the General Store.")
        if d.kind == RESPOND_SHOT:
            return ngettext("{source} shoots at you: {n} Missed! needed.",
                            "{source} shoots at you: {n} Missed! needed.",
                            d.needed).format(source=source, n=d.needed)
        if d.kind == RESPOND_DUEL:
            return _("Duel with {source}: discard a BANG! or lose 1 life.").format(
                source=source)
        if d.kind == RESPOND_INDIANS:
            return _("Indians! from {source}: discard a BANG! or lose 1 life.").format(
                source=source)
        said = sets.first(lambda ui_set: ui_set.decision(self, d))
        if said is not None:
            return said
        if d.kind == ANY_TIME:
            return _("You lost life: use your ability now?")
        if d.kind == DYING:
            return ngettext("You are dying: {n} Beer needed to survive.",
                            "You are dying: {n} Beers needed to survive.",
                            d.needed).format(n=d.needed)
        return d.kind

    def pick_check(self, d: Decision) -> str:
        """Lucky Duke's pick between two draw! cards, saying what the draw! needs. The
        decision does not name its check, so it is read from the table: another seat's turn
        means a shot (the Barrel); at his own turn start, the Dynamite is checked before Jail."""
        g = self.game
        said = sets.first(lambda ui_set: ui_set.pick_check(self, d))
        if said is not None:
            return said
        if d.seat != g.current:
            return _("Barrel: which card counts for the draw!? A heart cancels the shot.")
        in_play = {g.cards[g.known[s]].name for s in g.players[d.seat].table if s in g.known}
        if "dynamite" in in_play:
            return _("Dynamite: which card counts for the draw!? A 2 to 9 of spades "
                     "explodes; anything else passes it on.")
        if "jail" in in_play:
            return _("Jail: which card counts for the draw!? A heart frees you; anything "
                     "else costs you the turn.")
        return _("Which card counts for the draw!?")

    def activity(self, d: Decision) -> str:
        """What another seat is deciding, for the status line while the viewer waits."""
        name, source = self.who(d.seat), self.whom(d.source)
        said = sets.first(lambda ui_set: ui_set.activity(self, d))
        if said is None:
            said = sets.first(lambda ui_set: ui_set.usual_activity(self, d))
        if said is not None:
            return said
        if self._mine(d.source):
            at_you = {
                RESPOND_SHOT: _("{name} answers your shot."),
                RESPOND_DUEL: _("{name} answers your Duel."),
                RESPOND_INDIANS: _("{name} answers your Indians!."),
            }
            if d.kind in at_you:
                return at_you[d.kind].format(name=name)
        texts = {
            PLAY: _("{name} is playing cards."),
            DISCARD: _("{name} is discarding down to the hand limit."),
            DRAW_SOURCE: _("{name} chooses where to draw from."),
            PUT_BACK: _("{name} chooses a card to put back on the deck."),
            PICK_CHECK: _("{name} picks the card for the draw!."),
            STORE_PICK: _("{name} picks a card from the General Store."),
            RESPOND_SHOT: _("{name} answers a shot by {source}."),
            RESPOND_DUEL: _("{name} answers the Duel with {source}."),
            RESPOND_INDIANS: _("{name} answers the Indians! of {source}."),
            DYING: _("{name} is dying."),
            ANY_TIME: _("{name} may use an ability after the hit."),
        }
        return texts.get(d.kind, d.kind).format(name=name, source=source)

    def waiting(self, d: Decision) -> str:
        return _("Waiting for {name}...").format(name=self.who(d.seat))

    # ---------------------------------------------------------------- actions

    def action(self, d: Decision, a: Action, brief: bool = False) -> str:
        """The label of one legal action; ``brief`` leaves out the card's rules text (shown
        elsewhere on the full screen) to keep a list of choices narrow."""
        g = self.game
        said = sets.first(lambda ui_set: ui_set.action(self, d, a, brief))
        if said is not None:
            return said
        if isinstance(a, Play):
            return self._play_action(d, a, brief)
        if isinstance(a, Discard):
            return _("Discard {card}").format(card=card_label(g, a.card))
        if isinstance(a, Ability):  # Sid Ketchum's (a set's characters say theirs)
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
                ANY_TIME: _("Not now"),
            }.get(d.kind, _("Pass"))
        return repr(a)

    def _play_action(self, d: Decision, a: Play, brief: bool) -> str:
        g = self.game
        name = g.cards[a.card].name
        label = card_label(g, a.card)
        if d.kind == DYING:
            return _("Drink {card}: regain 1 life").format(card=label)
        if d.kind in (RESPOND_SHOT, RESPOND_DUEL, RESPOND_INDIANS):
            return _("Answer with {card}").format(card=label)
        if a.target == NO_SEAT:
            if brief:
                return _("Play {card}").format(card=label)
            return _("Play {card}: {text}").format(card=label, text=card_text(name))
        target = self.whom(a.target)
        if brief and a.target_slot == FROM_HAND:
            return _("Play {card} on {target}: a card from hand").format(
                card=label, target=target)
        if brief and a.target_slot >= 0:
            return _("Play {card} on {target}: {what}").format(
                card=label, target=target, what=slot_label(g, a.target_slot))
        if a.target_slot == FROM_HAND:
            if name == "panic":
                return _("Play {card} on {target}: take a random card from hand").format(
                    card=label, target=target)
            return _("Play {card} on {target}: discard a random card from hand").format(
                card=label, target=target)
        if a.target_slot >= 0:
            what = slot_label(g, a.target_slot)
            if name == "panic":
                return _("Play {card} on {target}: take their {what}").format(
                    card=label, target=target, what=what)
            return _("Play {card} on {target}: discard their {what}").format(
                card=label, target=target, what=what)
        if a.target == d.seat:  # Tequila: any player, oneself included
            return _("Play {card} on yourself").format(card=label)
        distance = g.distance(d.seat, a.target)
        return _("Play {card} on {target} (distance {d})").format(
            card=label, target=target, d=distance)

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
        said = sets.first(lambda ui_set: ui_set.choice(self, d, value))
        return str(value) if said is None else said
