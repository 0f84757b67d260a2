"""The plain line interface: for pipes, dumb terminals, screen readers, and solo play.

It prints the table, explains every event, lists the legal actions numbered with a short
explanation, and reads a number (or a command) per line. A mistyped choice is explained and
asked again; end of input quits cleanly.
"""

from __future__ import annotations

import sys
from typing import TextIO

from p2pbang.engine.actions import FROM_HAND, PLAY, Decision, End, IllegalAction
from p2pbang.engine.bang.game import Game
from p2pbang.table.solo import SoloSession
from p2pbang.ui import sets
from p2pbang.ui.bang.render import PAID_MARK
from p2pbang.ui.bang.steps import BACK, Step, ability_step, choices, step_name
from p2pbang.ui.describe import Describer, slot_label
from p2pbang.ui.i18n import N_, _, ngettext
from p2pbang.ui.textfit import wrap
from p2pbang.ui.texts import (
    CARD_NAMES,
    CHARACTER_NAMES,
    card_name,
    card_text,
    character_name,
    character_text,
    role_name,
)
from p2pbang.ui.view import CardView, SeatView, TableView, build_view, display_names

WIDTH = 80  # the table's lines are wrapped to a standard terminal's width
CONTINUED = "           "  # where a wrapped seat line goes on, under the character

HELP = N_("""Commands:
  NUMBER     take that action
  t          show the table
  h          show your hand with card texts
  c NAME     explain a card or character (e.g. "c barrel", "c sid")
  ?          this help
  q          quit the game""")


def render_table(view: TableView, names: list[str]) -> str:
    lines = [ngettext("Turn {n}   deck: {deck} card   discard top: {top}",
                      "Turn {n}   deck: {deck} cards   discard top: {top}", view.deck_size).format(
        n=view.turn, deck=view.deck_size,
        top=(f"{card_name(view.discard_top.name)} ({view.discard_top.label})"
             if view.discard_top else "-"))]
    for line in sets.joined(lambda ui_set: ui_set.plain_head(view)):  # the event in force
        lines += wrap(line, WIDTH, CONTINUED)
    for s in view.around_you():
        lines += wrap(_seat_line(s, names), WIDTH, CONTINUED)
    lines += sets.joined(lambda ui_set: ui_set.plain_tail(view))  # Gold Rush's shop
    if view.silenced and view.event != "lasso":  # Lasso's own line says it
        lines.append(_("In Belle Star's turn the other players' cards in play have no effect."))
    if view.hand:
        lines += wrap(_("Your hand: {cards}").format(cards=", ".join(
            f"{card_name(c.name)}{' ' + PAID_MARK if c.paid else ''} ({c.label})"
            for c in view.hand)), WIDTH, CONTINUED)
    else:
        lines.append(_("Your hand is empty."))
    return "\n".join(lines)


def _seat_line(s: SeatView, names: list[str]) -> str:
    marker = ">" if s.is_current else " "
    if not s.alive:
        return f"{marker} {s.name:<8} {character_name(s.character):<16} " + _(
            "eliminated ({role})").format(role=role_name(s.role))
    life = (sets.text(lambda ui_set: ui_set.life_words(s))
            or "\u2665" * s.life + "\u00b7" * (s.max_life - s.life))
    role = role_name(s.role) if s.role else "?"
    for ui_set in sets.asked():
        role = ui_set.role_text(s, role)  # a shadow's
    role += sets.text(lambda ui_set: ui_set.seat_note(s))  # a ghost's
    if s.target is not None:  # Dodge City's 3-player table: whom this player hunts
        role = _("{role}, target: {target}").format(role=role, target=names[s.target])
    if s.is_you:
        where = _("you")
    elif s.distance is None:  # you are out of the game: nobody is at a distance from you
        where = "-"
    else:
        where = _("dist {d}{reach}").format(d=s.distance, reach="*" if s.reach_ok else "")
    in_play = ", ".join(_in_play_name(c) for c in s.in_play) or "-"
    return (f"{marker} {s.name:<8} {character_name(s.character):<16} {life:<6} "
            f"{role:<9} " + _("hand {n}").format(n=s.hand_size)
            + sets.text(lambda ui_set: ui_set.hand_words(s))  # the nuggets
            + f"  {where:<8} "
            + _("in play: {cards}").format(cards=in_play)
            + sets.text(lambda ui_set: ui_set.seat_words(s)))  # the equipment


def _in_play_name(card: CardView) -> str:
    """A card in play; a green card says in a word whether it can be used yet (words for a
    screen reader, where the full screen has marks)."""
    if card.ready is None:
        return card_name(card.name)
    return f"{card_name(card.name)} ({_('usable now') if card.ready else _('not usable now')})"


def explain(term: str) -> str:
    """Help text for a card or character named (or abbreviated) by ``term``."""
    term = term.strip().lower()
    if not term:
        return _("Name a card or character, e.g. 'c barrel'.")

    def matches(key: str, *names: str) -> bool:
        """By the English or the translated name, whole or by the start of a word."""
        words = [*key.split("_")]
        for name in names:
            words += name.lower().split()
        return (any(n.lower().startswith(term) for n in names)
                or any(w.startswith(term) for w in words))

    found = [f"{card_name(k)}: {card_text(k)}" for k, n in CARD_NAMES.items()
             if matches(k, n, card_name(k))]
    found += [f"{character_name(k)}: {character_text(k)}"
              for k, n in CHARACTER_NAMES.items() if matches(k, n, character_name(k))]
    found += sets.joined(lambda ui_set: ui_set.explain(term))  # the event cards
    return "\n".join(found) if found else _("No card or character called {term!r}.").format(
        term=term)


def plain_help(game: Game) -> list[str]:
    """The help's lines of the sets' commands that this game has."""
    return [said for ui_set in sets.asked() if (said := ui_set.plain_help(game))]


def plain_command(game: Game, names: list[str], text: str) -> str | None:
    """The answer to a set's command (Gold Rush's ``s``, the event decks' ``e``), None when
    ``text`` is none of them."""
    return sets.first(lambda ui_set: ui_set.plain_command(game, names, text))


def seed_line(seed: int, command: str, replay: str) -> str:
    """The line a solo game ends (and starts) with: how to deal it again and tell it again,
    in the person's language around commands that are typed as they are."""
    return _("(seed {seed}: '{command}' deals this game again; '{replay}' tells it "
             "again)").format(seed=seed, command=command, replay=replay)


class PlainSolo:
    """Plays a SoloSession on text streams."""

    def __init__(self, session: SoloSession, inp: TextIO = sys.stdin,
                 out: TextIO = sys.stdout) -> None:
        self.session = session
        self.inp = inp
        self.out = out
        self.names = display_names(session.names, session.you)
        self.say = Describer(session.mine, self.names)

    def print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def run(self) -> int:
        """Play to the end, or until the person quits or the input ends: 0 either way (a
        deliberate leave is no failure; the saved game keeps what was played)."""
        session = self.session
        you = session.mine.players[session.you]
        self.print(_("A game of BANG! for {n} players: you and {bots}.").format(
            n=session.players,
            bots=", ".join(n for s, n in enumerate(self.names) if s != session.you)))
        while session.mine.current < 0 and not isinstance(session.pending, End):
            self._events(session.step_one())  # the deal, up to the first turn
        self.print(_("You play {character}: {text}").format(
            character=character_name(you.character), text=character_text(you.character)))
        self.print(_("Your role: {role}. {goal}").format(
            role=role_name(you.role), goal=self.say.goal(session.you)))
        shown_turn = -1
        while True:
            self._events(session.advance())
            pending = session.pending
            if isinstance(pending, End):
                self.print(self.say.end(pending))
                self.print(render_table(build_view(session.mine, self.names),
                                        self.names))
                return 0
            assert isinstance(pending, Decision)
            if pending.kind == PLAY and shown_turn != session.mine.turn:
                shown_turn = session.mine.turn
                self.print(render_table(build_view(session.mine, self.names),
                                        self.names))
            if not self._ask(pending):
                self.print(_("Goodbye."))
                return 0

    def _events(self, events: list) -> None:
        for event in events:
            text = self.say.event(event)
            if text:
                self.print(text)

    def _ask(self, decision: Decision) -> bool:
        """Ask until a legal action is taken; False when the person quits. The actions come
        in steps as on the full screen (the card, its target, the target's card, the price
        of a "+1" card), so a long list of combinations is never read out whole."""
        actions = self.session.legal_actions()
        steps: list[Step] = []
        while True:
            rows = choices(self.say, decision, actions, steps, brief=False)
            if steps:
                self.print(_("{path}: choose the next step.").format(
                    path=" \u2192 ".join(self._step_names(steps))))
            else:
                self.print(self.say.decision(decision))
            for number, row in enumerate(rows, 1):
                label = _("Back") if row.step == BACK else row.label
                self.print(f"  {number:>2}. {label}")
            picked = self._read_choice(len(rows))
            if picked is None:
                return False
            row = rows[picked]
            if row.step == BACK:
                steps.pop()
            elif not row.final:
                assert row.step is not None
                steps.append(row.step)
            else:
                try:
                    self._events(self.session.act(actions[row.actions[0]]))
                except IllegalAction as exc:  # a listed action is legal; say so if not
                    self.print(_("Not allowed: {reason}").format(reason=exc))
                    continue
                return True

    def _step_names(self, steps: list[Step]) -> list[str]:
        """The steps chosen so far in words: cards by name, seats by name."""
        game = self.session.mine
        names = []
        for index, (what, value) in enumerate(steps):
            said = step_name(self.say, steps, index)
            if said is not None:
                names.append(said)
            elif what == "target":
                names.append(self.say.whom(value))
            elif what == "slot" and value == FROM_HAND:
                names.append(_("A random card from the hand"))
            elif what == "ability":
                names.append(ability_step(game, self.session.you))
            else:
                names.append(slot_label(game, value))
        return names

    def _read_choice(self, count: int) -> int | None:
        """Read lines until one is a row number (0-based index); None when the person
        quits or the input ends. Commands (help, table, hand, card texts) are answered."""
        while True:
            self.out.write(_("choice (? for help)> "))
            self.out.flush()
            line = self.inp.readline()
            if not line:
                return None
            text = line.strip()
            if not text:
                continue
            if text in ("q", "quit", "exit"):
                return None
            if text in ("?", "help"):
                self.print(_(HELP))
                for extra in plain_help(self.session.mine):
                    self.print(extra)
                continue
            shown = plain_command(self.session.mine, self.names, text)  # "s", "e"
            if shown is not None:
                self.print(shown)
                continue
            if text == "t":
                self.print(render_table(build_view(self.session.mine, self.names),
                                        self.names))
                continue
            if text == "h":
                for card in build_view(self.session.mine, self.names).hand:
                    self.print(f"  {card_name(card.name)} ({card.label}): {card_text(card.name)}")
                continue
            if text.startswith("c ") or text == "c":
                self.print(explain(text[1:]))
                continue
            if not text.isdigit():
                self.print(_("Type the number of an action (1-{n}), or ? for help.").format(
                    n=count))
                continue
            number = int(text)
            if not 1 <= number <= count:
                self.print(_("There is no action {number}: choose 1 to {n}.").format(
                    number=number, n=count))
                continue
            return number - 1
