"""The help view's content: keys, roles, card kinds, every card and every character.

Built from the card catalog itself (names, kinds, suits and ranks of every copy), so the
help cannot drift from the cards the engine deals.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence

from p2pbang.engine.bang.cards.base import BASE_CARDS, BASE_CHARACTERS, CardDef, CharacterDef
from p2pbang.ui import sets
from p2pbang.ui.i18n import N_, _, ngettext
from p2pbang.ui.labels import corner
from p2pbang.ui.texts import (
    CARD_NAMES,
    EXTRA_CARD_COST,
    KIND_NAMES,
    ROLE_NAMES,
    card_help,
    card_name,
    character_name,
    character_text,
    kind_name,
    kind_text,
    role_goal,
    role_name,
)

Entry = tuple[str, str, str]  # anchor key, heading, body
Section = tuple[str, list[Entry]]

KEYS = (
    (N_("1-9, a-z"), N_("take the action with that key")),
    (N_("Up/Down, Enter"), N_("choose an action and take it")),
    (N_("PgUp/PgDn"), N_("scroll the log (Home/End: oldest/newest)")),
    (N_("Tab or c"), N_("write in the chat line; Enter sends, Esc goes back")),
    (N_("l"), N_("every player's character and cards in play, in full (l or Esc closes)")),
    (N_("+ / -"), N_("computer players move faster / slower")),
    (N_("? or F1"), N_("this help; Esc closes it")),
    (N_("q, Ctrl-C"), N_("leave the game")),
)
LEGEND = (
    (N_("Life"), N_("\u2665 life left, \u00b7 life lost")),
    (N_("Dist"), N_("how far you see that player; * means within your weapon's reach")),
    (N_("draw!"), N_("flip the top card of the deck; its suit and rank decide")),
    (N_("Colt .45"), N_("everyone's weapon without a weapon card: reach 1")),
)
GREEN_LEGEND = (N_("\u2713 / \u25cb"),
                N_("after a green card in play: usable now / not now (only from its "
                   "owner's next turn, and never in Belle Star's turn, when the cards in "
                   "play are struck through)"))
PAID_LEGEND = (N_("+1"), EXTRA_CARD_COST)  # the mark after a paid card's name


def help_sections(deck: Sequence[CardDef] = BASE_CARDS,
                  characters_dealt: Sequence[CharacterDef] = BASE_CHARACTERS,
                  paid_cards: Collection[str] = (),
                  three_players: bool = False, shadows: bool = False) -> list[Section]:
    """The help, section by section, in the current language, for the cards of ``deck`` and
    the characters of ``characters_dealt`` (an expansion's game passes its own catalog);
    ``paid_cards`` are the names of the "+1" cards, marked as in the hand. The sets add an
    entry to the roles for a table whose roles are dealt face up (``three_players``: Dodge
    City's 3-player table), and sections of rules after the roles for the kinds in ``deck``
    (Gold Rush's equipment: its nugget and shop rules) and ``shadows`` (the shadow
    gunslingers' variant)."""
    kinds_in_deck = {card.kind for card in deck}
    keys = [(f"key:{k}", _(k), _(v)) for k, v in KEYS]
    legend_rows = list(LEGEND)
    if "green" in kinds_in_deck:
        legend_rows.append(GREEN_LEGEND)
    if paid_cards:
        legend_rows.append(PAID_LEGEND)
    legend = [(f"legend:{k}", _(k), _(v)) for k, v in legend_rows]
    roles = [(f"role:{r}", role_name(r), role_goal(r)) for r in ROLE_NAMES]
    roles += sets.joined(lambda ui_set: ui_set.help_roles(three_players))
    kinds = [(f"kind:{k}", kind_name(k), kind_text(k))
             for k in KIND_NAMES if k in kinds_in_deck]  # the base's, then the sets'
    copies: dict[str, list[str]] = defaultdict(list)
    kinds_of: dict[str, str] = {}
    for card in deck:
        copies[card.name].append(corner(card))
        kinds_of[card.name] = card.kind
    cards = []
    for name in (n for n in CARD_NAMES if n in copies):
        labels = copies[name]
        count = ngettext("{n} card", "{n} cards", len(labels)).format(n=len(labels))
        paid = (" +1" if name in paid_cards else "") + _head_mark(name)
        head = f"{card_name(name)}{paid}  ({kind_name(kinds_of.get(name, ''))}; {count})"
        corners = " ".join(label for label in labels if label)  # equipment has none
        cards.append((f"card:{name}", head, card_help(name) + ("\n" + corners if corners
                                                               else "")))
    characters = []
    for character in characters_dealt:
        life = ngettext("{n} life", "{n} lives", character.life).format(n=character.life)
        characters.append((f"character:{character.name}",
                           f"{character_name(character.name)}  ({life})",
                           character_text(character.name)))
    rules = sets.joined(lambda ui_set: ui_set.help_rules(kinds_in_deck, shadows))
    return [
        (_("Keys"), keys),
        (_("Reading the table"), legend),
        (_("Roles"), roles),
        *rules,
        (_("Card kinds"), kinds),
        (_("Cards"), cards),
        (_("Characters"), characters),
    ]


def _head_mark(name: str) -> str:
    """What the sets add after a card's name in its heading (Gold Rush: its price)."""
    return sets.text(lambda ui_set: ui_set.card_head_mark(name))
