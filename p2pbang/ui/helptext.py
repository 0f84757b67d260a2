"""The help view's content: keys, roles, card kinds, every card and every character.

Built from the card catalog itself (names, kinds, suits and ranks of every copy), so the
help cannot drift from the cards the engine deals.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence

from p2pbang.engine.bang.cards.base import BASE_CARDS, BASE_CHARACTERS, CardDef, CharacterDef
from p2pbang.ui.gold_rush_texts import EQUIPMENT_KINDS, help_rules, price_mark
from p2pbang.ui.i18n import N_, _, ngettext
from p2pbang.ui.labels import corner
from p2pbang.ui.texts import (
    CARD_NAMES,
    EXTRA_CARD_COST,
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
THREE_PLAYERS = (N_("3 players (Dodge City)"),
                 N_("Roles are dealt face up: Deputy, Outlaw and Renegade, no Sheriff. The "
                    "Deputy must eliminate the Renegade, the Renegade the Outlaw, the Outlaw "
                    "the Deputy (the arrow after a role). Whoever eliminates his own target "
                    "himself wins at once; if another does it, the two left play to be the "
                    "last one standing. Every elimination earns 3 cards. The Deputy starts."))
PAID_LEGEND = (N_("+1"), EXTRA_CARD_COST)  # the mark after a paid card's name


def help_sections(deck: Sequence[CardDef] = BASE_CARDS,
                  characters_dealt: Sequence[CharacterDef] = BASE_CHARACTERS,
                  paid_cards: Collection[str] = (),
                  three_players: bool = False, shadows: bool = False) -> list[Section]:
    """The help, section by section, in the current language, for the cards of ``deck`` and
    the characters of ``characters_dealt`` (an expansion's game passes its own catalog);
    ``paid_cards`` are the names of the "+1" cards, marked as in the hand; ``three_players``
    adds Dodge City's 3-player roles; equipment in ``deck`` adds Gold Rush's kinds and
    rules, ``shadows`` the shadow gunslingers' (sections of their own)."""
    kinds_in_deck = {card.kind for card in deck}
    keys = [(f"key:{k}", _(k), _(v)) for k, v in KEYS]
    legend_rows = list(LEGEND)
    if "green" in kinds_in_deck:
        legend_rows.append(GREEN_LEGEND)
    if paid_cards:
        legend_rows.append(PAID_LEGEND)
    legend = [(f"legend:{k}", _(k), _(v)) for k, v in legend_rows]
    roles = [(f"role:{r}", role_name(r), role_goal(r)) for r in ROLE_NAMES]
    if three_players:
        roles.append(("role:three", _(THREE_PLAYERS[0]), _(THREE_PLAYERS[1])))
    kinds = [(f"kind:{k}", kind_name(k), kind_text(k))
             for k in ("brown", "blue", "weapon", "green", *EQUIPMENT_KINDS)
             if k in kinds_in_deck]
    copies: dict[str, list[str]] = defaultdict(list)
    kinds_of: dict[str, str] = {}
    for card in deck:
        copies[card.name].append(corner(card))
        kinds_of[card.name] = card.kind
    cards = []
    for name in (n for n in CARD_NAMES if n in copies):
        labels = copies[name]
        count = ngettext("{n} card", "{n} cards", len(labels)).format(n=len(labels))
        paid = (" +1" if name in paid_cards else "") + price_mark(name)
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
    extra = help_rules(shadows, not kinds_in_deck.isdisjoint(EQUIPMENT_KINDS))
    return [
        (_("Keys"), keys),
        (_("Reading the table"), legend),
        (_("Roles"), roles),
        *([(_("Gold Rush and the shadows"), extra)] if extra else []),
        (_("Card kinds"), kinds),
        (_("Cards"), cards),
        (_("Characters"), characters),
    ]
