"""Names, one-line effects and help texts of Gold Rush's equipment and characters, and the
rules of the nuggets and the shop, for the help view.

Keyed by the engine's catalog names (``engine/bang/cards/gold_rush.py``); the texts follow the
Hungarian rulebook and rulings G1-G9, whose card names the Hungarian catalog
uses (Csákány, Körözés, Üveg...). Equipment has no suit and no rank: it never enters the
draw pile, so where a playing card shows its corner an equipment card shows its price in
nuggets (``$3``), the mark the table uses for nuggets everywhere.
"""

from __future__ import annotations

from p2pbang.engine.bang.cards.gold_rush import BLACK, EQUIPMENT_COST, GOLD_BROWN
from p2pbang.ui.i18n import N_, _, ngettext
from p2pbang.ui.sets import SetTexts
from p2pbang.ui.sets.shadows_texts import SHADOW_RULES

EQUIPMENT_KINDS = (BLACK, GOLD_BROWN)
NUGGET_MARK = "$"  # nuggets in front of a player, and an equipment card's price

CARD_NAMES = {
    "shot": N_("Shot"),
    "bottle": N_("Bottle"),
    "pardner": N_("Pardner"),
    "gold_rush": N_("Gold Rush"),
    "rhum": N_("Rhum"),
    "union_pacific": N_("Union Pacific"),
    "calumet": N_("Calumet"),
    "gun_belt": N_("Gun Belt"),
    "horseshoe": N_("Horseshoe"),
    "pickaxe": N_("Pickaxe"),
    "wanted": N_("Wanted"),
    "gold_pan": N_("Gold Pan"),
    "boots": N_("Boots"),
    "lucky_charm": N_("Lucky Charm"),
    "rucksack": N_("Rucksack"),
}

CARD_TEXTS = {
    "shot": N_("Any player, you included, regains 1 life."),
    "bottle": N_("Use it as a Panic!, a Beer or a BANG! (not a BANG! card)."),
    "pardner": N_("Use it as a General Store, a Duel or a Cat Balou."),
    "gold_rush": N_("At the end of your turn regain all your life, then play another turn."),
    "rhum": N_("Flip 4 cards: regain 1 life per different suit."),
    "union_pacific": N_("Draw 4 cards."),
    "calumet": N_("Diamonds played by others have no effect on you."),
    "gun_belt": N_("Your hand limit is 8 cards."),
    "horseshoe": N_("Flip one more card for every draw! and choose one."),
    "pickaxe": N_("Draw one more card in phase 1."),
    "wanted": N_("Put it on any player: who eliminates them draws 2 cards and 1 nugget."),
    "gold_pan": N_("In your turn, up to twice: pay 1 nugget to draw a card."),
    "boots": N_("Draw a card for each life you lose (not the last)."),
    "lucky_charm": N_("Take a nugget for each life you lose (not the last)."),
    "rucksack": N_("Pay 2 nuggets to regain 1 life, even out of turn."),
}

CARD_HELP = {
    "shot": N_("Brown equipment, used at once when bought: the player you choose, you "
               "included, regains 1 life."),
    "bottle": N_("Brown equipment, used at once when bought, as you choose: as a Panic!, as "
                 "a Beer or as a BANG!. It is none of those cards: its BANG! does not count "
                 "towards the one BANG! per turn."),
    "pardner": N_("Brown equipment, used at once when bought, as you choose: as a General "
                  "Store, as a Duel or as a Cat Balou. It is none of those cards."),
    "gold_rush": N_("Brown equipment: when the turn you bought it in ends, you regain all "
                    "your life, then play another whole turn."),
    "rhum": N_("Brown equipment: flip the top 4 cards of the deck (not a draw!) and discard "
               "them; regain 1 life for each different suit among them."),
    "union_pacific": N_("Brown equipment: draw 4 cards from the deck."),
    "calumet": N_("Black equipment: a diamond card another player plays has no effect on "
                  "you (not in a Duel)."),
    "gun_belt": N_("Black equipment: at the end of your turn you may keep up to 8 cards "
                   "in hand."),
    "horseshoe": N_("Black equipment: whenever you draw!, flip one more card and choose "
                    "which one counts; both are discarded."),
    "pickaxe": N_("Black equipment: in phase 1 of your turn you draw one more card than "
                  "usual."),
    "wanted": N_("Black equipment put in front of any player who has none: whoever "
                 "eliminates that player draws 2 cards and takes 1 nugget, on top of any "
                 "reward (the Sheriff draws them before discarding for a Deputy)."),
    "gold_pan": N_("Black equipment: in your turn you may pay 1 nugget to draw a card from "
                   "the deck, at most twice a turn."),
    "boots": N_("Black equipment: each time you lose a life point you draw a card, unless "
                "it was your last."),
    "lucky_charm": N_("Black equipment: each time you lose a life point you take a nugget, "
                      "unless it was your last."),
    "rucksack": N_("Black equipment: pay 2 nuggets to regain 1 life, in your turn or out of "
                   "it to survive a lethal hit."),
}

CHARACTER_NAMES = {
    "don_bell": N_("Don Bell"),
    "dutch_will": N_("Dutch Will"),
    "jacky_murieta": N_("Jacky Murieta"),
    "josh_mccloud": N_("Josh McCloud"),
    "madam_yto": N_("Madam Yto"),
    "pretty_luzena": N_("Pretty Luzena"),
    "raddie_snake": N_("Raddie Snake"),
    "simeon_picos": N_("Simeon Picos"),
}

CHARACTER_TEXTS = {
    "don_bell": N_("At his turn's end, draw!: on hearts or diamonds he plays another turn "
                   "(not after an extra one)."),
    "dutch_will": N_("Draws 2 cards, discards 1 of them and takes a nugget."),
    "jacky_murieta": N_("In his turn, may pay 2 nuggets to shoot a BANG! with no card."),
    "josh_mccloud": N_("In his turn, may pay 2 nuggets for the top equipment card."),
    "madam_yto": N_("Draws a card whenever anyone plays a Beer."),
    "pretty_luzena": N_("Once a turn buys an equipment card for 1 nugget less."),
    "raddie_snake": N_("In his turn, up to 3 times: pays 1 nugget to draw a card."),
    "simeon_picos": N_("Takes a nugget for each life he loses."),
}

KIND_NAMES = {
    BLACK: N_("black equipment"),
    GOLD_BROWN: N_("brown equipment"),
}
KIND_TEXTS = {
    BLACK: N_("Bought from the shop and put in front of you (Wanted: of anyone). Only "
              "paying its price plus one nugget removes it; no two with one name."),
    GOLD_BROWN: N_("Bought from the shop and used at once, then discarded."),
}

NUGGET_RULES = (
    (N_("Gold nuggets ($)"),
     N_("Wound a player and take a nugget for each life point lost (not for Dynamite). In "
        "your turn: buy a shop card for its price, play a Beer for a nugget instead of a "
        "life, or pay a card's price plus one to make another player discard an equipment "
        "card. Nuggets stay in front of you, face up.")),
    (N_("The shop"),
     N_("Three equipment cards lie face up with their prices; a card bought is replaced "
        "at once from the equipment pile. Brown ones take effect at once, black ones stay "
        "in front of a player. Panic!, Cat Balou and abilities never reach equipment.")),
)


def price_mark(name: str) -> str:
    """" $4" after an equipment card's name (its price in nuggets); "" for other cards."""
    return f" {NUGGET_MARK}{EQUIPMENT_COST[name]}" if name in EQUIPMENT_COST else ""


def nuggets_label(count: int) -> str:
    """A number of nuggets in words ("3 nuggets"), for sentences and the plain interface."""
    return ngettext("{n} nugget", "{n} nuggets", count).format(n=count)


def help_rules(shadows: bool, gold_rush: bool) -> list[tuple[str, str, str]]:
    """The help's entries for the nugget and shop rules and the shadow variant, as the
    game has them (anchor key, heading, body): one section for both, as the rulebook
    prints them together (the variant's own text is ``shadows_texts.py``'s)."""
    entries = []
    if gold_rush:
        entries += [(f"rule:{title}", _(title), _(body)) for title, body in NUGGET_RULES]
    if shadows:
        entries.append(("rule:shadows", _(SHADOW_RULES[0]), _(SHADOW_RULES[1])))
    return entries


# What ``texts.py`` merges into its tables (``ui/sets/__init__.py``).
TEXTS = SetTexts(sets=("gold-rush",), card_names=CARD_NAMES, card_texts=CARD_TEXTS,
                 card_help=CARD_HELP,
                 character_names=CHARACTER_NAMES, character_texts=CHARACTER_TEXTS,
                 kind_names=KIND_NAMES, kind_texts=KIND_TEXTS)
