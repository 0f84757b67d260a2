"""The High Noon event cards' names, one-line effects and help texts.

Keyed by the engine's event names (``engine/bang/cards/high_noon.py``), in the event tables
(``SetTexts.event_names``...) that ``event_deck.py`` merges, not in ``texts.py``'s: an event
card's key may be another card's (High Noon's event "gold_rush" is also the Gold Rush
expansion's key). The one-line effect fits the status and detail lines (said to "you", as the
rest of the table is); the help text says the whole rule as the engine plays it (the High
Noon cards; rulings D13-D18 in docs/rules/fistful.md).
"""

from __future__ import annotations

from p2pbang.ui.i18n import C_, N_
from p2pbang.ui.sets import SetTexts

EVENT_CARD = "event card"  # the context of an event card's name (sets.EVENT_CARD)

EVENT_NAMES = {
    "blessing": C_(EVENT_CARD, "Blessing"),
    "curse": C_(EVENT_CARD, "Curse"),
    "the_daltons": C_(EVENT_CARD, "The Daltons"),
    "the_doctor": C_(EVENT_CARD, "The Doctor"),
    "ghost_town": C_(EVENT_CARD, "Ghost Town"),
    "gold_rush": C_(EVENT_CARD, "Gold Rush"),
    "hangover": C_(EVENT_CARD, "Hangover"),
    "the_reverend": C_(EVENT_CARD, "The Reverend"),
    "the_sermon": C_(EVENT_CARD, "The Sermon"),
    "shootout": C_(EVENT_CARD, "Shootout"),
    "thirst": C_(EVENT_CARD, "Thirst"),
    "train_arrival": C_(EVENT_CARD, "Train Arrival"),
    "high_noon": C_(EVENT_CARD, "High Noon"),
}

EVENT_TEXTS = {
    "blessing": N_("Every card counts as hearts."),
    "curse": N_("Every card counts as spades."),
    "the_daltons": N_("When revealed: everyone with blue cards in play discards one of them."),
    "the_doctor": N_("When revealed: whoever has the fewest lives regains 1 life."),
    "ghost_town": N_("The eliminated come back for their turn as ghosts: draw 3, can't be "
                     "hurt."),
    "gold_rush": N_("Turns go counter-clockwise; card effects still go clockwise."),
    "hangover": N_("Characters have no abilities."),
    "the_reverend": N_("No Beer can be played, not even when dying."),
    "the_sermon": N_("No BANG! card in your own turn."),
    "shootout": N_("Two BANG! cards per turn."),
    "thirst": N_("Phase 1: draw one card less."),
    "train_arrival": N_("Phase 1: draw one card more."),
    "high_noon": N_("Each player loses 1 life at the start of his turn."),
}

EVENT_HELP = {
    "blessing": N_("While it is in force every card counts as a heart: for every draw! "
                   "(Barrel, Jail, Dynamite), Black Jack's shown card and Apache Kid's "
                   "immunity."),
    "curse": N_("While it is in force every card counts as a spade: for every draw! "
                "(Barrel, Jail, Dynamite), Black Jack's shown card and Apache Kid's "
                "immunity."),
    "the_daltons": N_("When it is revealed, starting with the Sheriff, each player with "
                      "blue-bordered cards in front of him (weapons, Jail and Dynamite "
                      "included) discards one of them, his choice."),
    "the_doctor": N_("When it is revealed, the player or players with the fewest life "
                     "points regain 1 life."),
    "ghost_town": N_("On his turn each eliminated player comes back as a ghost: he draws 3 "
                     "cards instead of his phase 1, plays the turn with his character and "
                     "cannot be hurt; at the end of the turn he discards all his cards and "
                     "is out again."),
    "gold_rush": N_("The turns go counter-clockwise, starting with the Sheriff. Dynamite, "
                    "General Store and every effect that goes round the table still go "
                    "clockwise."),
    "hangover": N_("Every character loses his ability while it is in force (Vera Custer "
                   "copies nobody, Belle Star silences nothing)."),
    "the_reverend": N_("Beer cannot be played, not even to survive a lethal hit. Saloon is "
                       "allowed."),
    "the_sermon": N_("Nobody can play or discard a BANG! card in his own turn, not even to "
                     "answer a Duel or Indians! he started."),
    "shootout": N_("Each player may play a second BANG! card in his turn."),
    "thirst": N_("Each player draws one card less in phase 1; characters who draw in their "
                 "own way draw one less too."),
    "train_arrival": N_("Each player draws one card more in phase 1; characters who draw in "
                        "their own way draw one more too."),
    "high_noon": N_("The last card of the High Noon deck; it stays to the end of the game. "
                    "Each player loses 1 life point at the start of his turn, before "
                    "anything else."),
}

TEXTS = SetTexts(sets=("high-noon",), event_names=EVENT_NAMES, event_texts=EVENT_TEXTS,
                 event_help=EVENT_HELP)
