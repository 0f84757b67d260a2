"""The A Fistful of Cards event cards' names, one-line effects and help texts.

Keyed by the engine's event names (``engine/bang/cards/fistful.py``), in the event tables
(``SetTexts.event_names``...) that ``event_deck.py`` merges, not in ``texts.py``'s: an event
card's key may be another card's (High Noon's event "gold_rush" is also the Gold Rush
expansion's key). The one-line effect fits the status and detail lines (said to "you", as the
rest of the table is); the help text says the whole rule as the engine plays it
(docs/rules/fistful.md).
"""

from __future__ import annotations

from p2pbang.ui.i18n import C_, N_
from p2pbang.ui.sets import SetTexts

EVENT_CARD = "event card"  # the context of an event card's name (sets.EVENT_CARD)

EVENT_NAMES = {
    "abandoned_mine": C_(EVENT_CARD, "Abandoned Mine"),
    "ambush": C_(EVENT_CARD, "Ambush"),
    "blood_brothers": C_(EVENT_CARD, "Blood Brothers"),
    "dead_man": C_(EVENT_CARD, "Dead Man"),
    "hard_liquor": C_(EVENT_CARD, "Hard Liquor"),
    "the_judge": C_(EVENT_CARD, "The Judge"),
    "lasso": C_(EVENT_CARD, "Lasso"),
    "law_of_the_west": C_(EVENT_CARD, "Law of the West"),
    "peyote": C_(EVENT_CARD, "Peyote"),
    "ranch": C_(EVENT_CARD, "Ranch"),
    "ricochet": C_(EVENT_CARD, "Ricochet"),
    "russian_roulette": C_(EVENT_CARD, "Russian Roulette"),
    "sniper": C_(EVENT_CARD, "Sniper"),
    "vendetta": C_(EVENT_CARD, "Vendetta"),
    "a_fistful_of_cards": C_(EVENT_CARD, "A Fistful of Cards"),
}

EVENT_TEXTS = {
    "abandoned_mine": N_("Phase 1 draws from the discard pile; then your cards go on the "
                         "deck."),
    "ambush": N_("Every distance is 1, changed only by cards in play."),
    "blood_brothers": N_("At your turn's start you may give 1 of your lives to another "
                         "player."),
    "dead_man": N_("The first player eliminated comes back on his turn: 2 lives, 2 cards."),
    "hard_liquor": N_("You may skip drawing in phase 1 to regain 1 life."),
    "the_judge": N_("No card can be put in play in front of anyone."),
    "lasso": N_("Cards in play have no effect."),
    "law_of_the_west": N_("Show your 2nd card drawn; play it first if you can."),
    "peyote": N_("Instead of drawing, guess red or black: right, keep the card, go on."),
    "ranch": N_("At the end of phase 1 you may exchange hand cards for new ones."),
    "ricochet": N_("Discard BANG! at a card in play: its owner discards a Missed! or it."),
    "russian_roulette": N_("When revealed: each discards a Missed! in turn; the first who "
                           "doesn't loses 2."),
    "sniper": N_("Play 2 BANG! together at one player: only 2 Missed! cancel them."),
    "vendetta": N_("At your turn's end, draw!: on hearts you play another turn."),
    "a_fistful_of_cards": N_("At your turn's start, one shot at you per card in your hand."),
}

EVENT_HELP = {
    "abandoned_mine": N_("In phase 1 each player draws from the top of the discard pile "
                         "(from the deck once it runs out). If he drew from the discard "
                         "pile, every card he plays or discards from his hand in that turn "
                         "goes face down on top of the deck instead."),
    "ambush": N_("The distance between any two players is 1, changed only by cards in play "
                 "(Mustang, Scope...); characters' distance abilities do not count."),
    "blood_brothers": N_("At the start of his turn a player with more than 1 life may lose "
                         "1 life point to give 1 to another player who lacks one."),
    "dead_man": N_("On his turn the player eliminated first comes back into the game for "
                   "good, with 2 life points and 2 cards, and plays that turn as usual. "
                   "Only once."),
    "hard_liquor": N_("Before phase 1, a player below his full life may skip drawing to "
                      "regain 1 life point."),
    "the_judge": N_("Nobody can put a card in play in front of anyone (blue cards, "
                    "weapons, green cards, Jail, Dynamite). Cards already in play still "
                    "work, and green cards in play can be used."),
    "lasso": N_("The cards in front of the players have no effect: no distance changes, "
                "every weapon reaches 1, no Barrel, no Volcanic, green cards cannot be "
                "used. Jail and Dynamite are still checked at their owner's turn start."),
    "law_of_the_west": N_("In phase 1 each player shows the second card he draws; while he "
                          "holds it and it can be played, he must play it before anything "
                          "else. A card with no legal play is kept."),
    "peyote": N_("Instead of drawing in phase 1, a player guesses red (hearts, diamonds) or "
                 "black (spades, clubs) and the deck's top card is shown: right, he keeps "
                 "it and guesses again; wrong, it is discarded and his phase 1 is over."),
    "ranch": N_("Once, at the end of phase 1, a player may discard any number of cards "
                "from his hand, one at a time, then draws as many."),
    "ricochet": N_("In his turn a player may discard BANG! cards, each against a card in "
                   "play in front of another player at any distance: its owner discards a "
                   "Missed! (no Barrel helps) or that card is discarded. Not his BANG! of "
                   "the turn."),
    "russian_roulette": N_("When it is revealed, starting with the Sheriff and going round "
                           "the table, each player discards a Missed!; the first who does "
                           "not loses 2 life points and the roulette stops."),
    "sniper": N_("In his turn a player may play two BANG! cards together at a player "
                 "within reach, as his BANG! of the turn; only two Missed! (or Barrel "
                 "draws) cancel it."),
    "vendetta": N_("At the end of his turn each player draws!: on a heart he plays another "
                   "whole turn, without a Vendetta draw! at its end."),
    "a_fistful_of_cards": N_("The last card of the A Fistful of Cards deck; it stays to the "
                             "end of the game. At the start of his turn each player is shot "
                             "once per card in his hand (counted first); each shot is "
                             "answered like a BANG! and comes from nobody."),
}

TEXTS = SetTexts(sets=("fistful",), event_names=EVENT_NAMES, event_texts=EVENT_TEXTS,
                 event_help=EVENT_HELP)
