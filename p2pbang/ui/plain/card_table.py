"""The card game in plain lines: the table as text, a card or character explained, and
the card game's own commands (``t``, ``h``, ``c NAME``, the sets' ``s`` and ``e``) for the
plain interfaces' one table of commands (``commands.py``), solo and at a network table."""

from __future__ import annotations

from collections.abc import Sequence

from p2pbang.engine.bang.game import Game
from p2pbang.ui import sets
from p2pbang.ui.bang.render import PAID_MARK
from p2pbang.ui.i18n import N_, _, ngettext
from p2pbang.ui.plain.commands import (
    AGAIN,
    TABLE_HELP,
    Command,
    Commands,
    help_lines,
    quit_command,
    said,
    word,
)
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
from p2pbang.ui.view import CardView, SeatView, TableView, build_view

WIDTH = 80  # the table's lines are wrapped to a standard terminal's width
CONTINUED = "           "  # where a wrapped seat line goes on, under the character

HEADING = N_("Commands:")
NUMBER_HELP = N_("  NUMBER     take that action")
HAND_HELP = N_("  h          show your hand with card texts")
CARD_HELP = N_('  c NAME     explain a card or character (e.g. "c barrel", "c sid")')


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


def card_commands(commands: Commands, game: Game, names: list[str],
                  extra: Sequence[Command] = ()) -> Commands:
    """The card game's table of commands, as its help lists them: taking an action by its
    number, the table, the hand, a card explained, this help, quitting, the sets' commands
    (Gold Rush's ``s``, the event decks' ``e``), then ``extra``: what the interface adds
    (a network table's pace and ``leave``)."""
    def say(text: str) -> object:
        commands.say(text)
        return AGAIN

    def show_hand(_rest: str) -> object:
        for card in build_view(game, names).hand:
            commands.say(f"  {card_name(card.name)} ({card.label}): {card_text(card.name)}")
        return AGAIN

    def set_command(text: str) -> object:
        shown = plain_command(game, names, text)
        return None if shown is None else say(shown)

    return commands.add(
        help_lines(said(HEADING)),
        help_lines(said(NUMBER_HELP)),
        word(("t",), lambda _rest: say(render_table(build_view(game, names), names)),
             TABLE_HELP),
        word(("h",), show_hand, HAND_HELP),
        word(("c",), lambda rest: say(explain(rest)), CARD_HELP, rest=True),
        commands.help_command(),
        quit_command(),
        Command(set_command, lambda: plain_help(game)),
        *extra)
