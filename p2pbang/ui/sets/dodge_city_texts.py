"""Names, one-line effects and help texts of the Dodge City cards and characters.

Keyed by the engine's catalog names agreed for the expansion (the printed cards; the
characters' abilities from the Romanian rules), so the interface can name every
Dodge City card the moment the engine deals one. Cards Dodge City shares with the base game
(barrel, bang, beer, ...) keep the base game's texts in ``texts.py``; only their help gains
nothing new. The one-line effect fits the hand panel; the help text says the whole rule.
"""

from __future__ import annotations

from p2pbang.ui.i18n import N_
from p2pbang.ui.sets import SetTexts

# Every key of the Dodge City card list, base names included (34 keys for 40 cards).
DODGE_CITY_CARD_KEYS = (
    "barrel", "binocular", "dynamite", "hideout", "mustang", "remington", "rev_carabine",
    "bang", "beer", "cat_balou", "general_store", "indians", "missed", "panic", "punch",
    "dodge", "springfield", "tequila", "whisky", "rag_time", "brawl", "bible", "canteen",
    "can_can", "ten_gallon_hat", "conestoga", "derringer", "buffalo_rifle", "howitzer",
    "pepperbox", "iron_plate", "pony_express", "knife", "sombrero",
)

CARD_NAMES = {
    "binocular": N_("Binocular"),
    "hideout": N_("Hideout"),
    "punch": N_("Punch"),
    "dodge": N_("Dodge"),
    "springfield": N_("Springfield"),
    "tequila": N_("Tequila"),
    "whisky": N_("Whisky"),
    "rag_time": N_("Rag Time"),
    "brawl": N_("Brawl"),
    "bible": N_("Bible"),
    "canteen": N_("Canteen"),
    "can_can": N_("Can Can"),
    "ten_gallon_hat": N_("Ten Gallon Hat"),
    "conestoga": N_("Conestoga"),
    "derringer": N_("Derringer"),
    "buffalo_rifle": N_("Buffalo Rifle"),
    "howitzer": N_("Howitzer"),
    "pepperbox": N_("Pepperbox"),
    "iron_plate": N_("Iron Plate"),
    "pony_express": N_("Pony Express"),
    "knife": N_("Knife"),
    "sombrero": N_("Sombrero"),
}

CARD_TEXTS = {
    "binocular": N_("You see others at distance -1."),
    "hideout": N_("Others see you at distance +1."),
    "punch": N_("Shoot a player at distance 1."),
    "dodge": N_("Cancel a shot aimed at you, then draw 1 card."),
    "springfield": N_("+1 card: shoot a player at any distance."),
    "tequila": N_("+1 card: any player regains 1 life."),
    "whisky": N_("+1 card: regain 2 life."),
    "rag_time": N_("+1 card: take a card from any player."),
    "brawl": N_("+1 card: every other player discards a card, from hand or in play."),
    "bible": N_("Green: cancel a shot aimed at you, then draw 1 card."),
    "canteen": N_("Green: regain 1 life."),
    "can_can": N_("Green: any player discards a card, as with Cat Balou."),
    "ten_gallon_hat": N_("Green: cancel a shot aimed at you."),
    "conestoga": N_("Green: take a card from any player, as with Panic!."),
    "derringer": N_("Green: shoot a player at distance 1, then draw 1 card."),
    "buffalo_rifle": N_("Green: shoot a player at any distance."),
    "howitzer": N_("Green: shoot every other player, as with Gatling."),
    "pepperbox": N_("Green: shoot a player within your weapon's reach."),
    "iron_plate": N_("Green: cancel a shot aimed at you."),
    "pony_express": N_("Green: draw 3 cards."),
    "knife": N_("Green: shoot a player at distance 1."),
    "sombrero": N_("Green: cancel a shot aimed at you."),
}

# The help's fuller rule for each new card: what the one-liner leaves out.
CARD_HELP = {
    "binocular": N_("A blue card that works like Scope: you see every other player at "
                    "distance -1."),
    "hideout": N_("A blue card that works like Mustang: every other player sees you at "
                  "distance +1."),
    "punch": N_("Shoots a player at distance 1 whatever your weapon; a Missed! cancels it."),
    "dodge": N_("Cancels a shot aimed at you like Missed!, and you draw 1 card from the "
                "deck."),
    "springfield": N_("Discard one more card from your hand with it, then shoot any player "
                      "whatever the distance."),
    "tequila": N_("Discard one more card from your hand with it; the player you choose, "
                  "you included, regains 1 life. Only in your turn."),
    "whisky": N_("Discard one more card from your hand with it, then regain 2 life. Only in "
                 "your turn."),
    "rag_time": N_("Discard one more card from your hand with it, then take a card from any "
                   "player whatever the distance: random from the hand, or one in play."),
    "brawl": N_("Discard one more card from your hand with it; then every other player "
                "discards a card you choose for each: random from the hand, or one in play."),
    "bible": N_("Green card: out of turn, discard it to cancel a shot aimed at you and draw "
                "1 card."),
    "canteen": N_("Green card: in your turn, discard it to regain 1 life."),
    "can_can": N_("Green card: in your turn, discard it to make any player discard a card, "
                  "random from the hand or one in play you choose."),
    "ten_gallon_hat": N_("Green card: out of turn, discard it to cancel a shot aimed at you."),
    "conestoga": N_("Green card: in your turn, discard it to take a card from any player "
                    "whatever the distance."),
    "derringer": N_("Green card: in your turn, discard it to shoot a player at distance 1 "
                    "and draw 1 card."),
    "buffalo_rifle": N_("Green card: in your turn, discard it to shoot a player at any "
                        "distance."),
    "howitzer": N_("Green card: in your turn, discard it to shoot every other player; each "
                   "needs a Missed! to cancel it."),
    "pepperbox": N_("Green card: in your turn, discard it to shoot a player within your "
                    "weapon's reach."),
    "iron_plate": N_("Green card: out of turn, discard it to cancel a shot aimed at you."),
    "pony_express": N_("Green card: in your turn, discard it to draw 3 cards."),
    "knife": N_("Green card: in your turn, discard it to shoot a player at distance 1."),
    "sombrero": N_("Green card: out of turn, discard it to cancel a shot aimed at you."),
}

CHARACTER_NAMES = {
    "apache_kid": N_("Apache Kid"),
    "belle_star": N_("Belle Star"),
    "bill_noface": N_("Bill Noface"),
    "chuck_wengam": N_("Chuck Wengam"),
    "doc_holyday": N_("Doc Holyday"),
    "elena_fuente": N_("Elena Fuente"),
    "greg_digger": N_("Greg Digger"),
    "herb_hunter": N_("Herb Hunter"),
    "jose_delgado": N_("José Delgado"),
    "molly_stark": N_("Molly Stark"),
    "pat_brennan": N_("Pat Brennan"),
    "pixie_pete": N_("Pixie Pete"),
    "sean_mallory": N_("Sean Mallory"),
    "tequila_joe": N_("Tequila Joe"),
    "vera_custer": N_("Vera Custer"),
}

CHARACTER_TEXTS = {
    "apache_kid": N_("Cards of diamonds other players play have no effect on him (not in a "
                     "Duel)."),
    "belle_star": N_("In her turn, the cards in play in front of anyone have no effect."),
    "bill_noface": N_("Draws 1 card, plus 1 for each life he has lost."),
    "chuck_wengam": N_("In his turn, may lose 1 life to draw 2 cards, again and again, not "
                       "his last life."),
    "doc_holyday": N_("Once in his turn, may discard 2 cards to shoot a player within reach; "
                      "not a BANG!."),
    "elena_fuente": N_("May use any card in her hand as a Missed!."),
    "greg_digger": N_("Regains 2 life each time another player is eliminated."),
    "herb_hunter": N_("Draws 2 cards each time another player is eliminated."),
    "jose_delgado": N_("Twice in his turn, may discard a blue card to draw 2 cards."),
    "molly_stark": N_("Draws a card each time she uses a card from her hand out of her "
                      "turn."),
    "pat_brennan": N_("May draw one card in play in front of any player instead of his 2 "
                      "cards."),
    "pixie_pete": N_("Draws 3 cards instead of 2."),
    "sean_mallory": N_("May keep up to 10 cards in hand at the end of his turn."),
    "tequila_joe": N_("Regains 2 life with each Beer instead of 1."),
    "vera_custer": N_("At her turn start, takes another living character's ability until "
                      "her next turn."),
}


# The help's entry for the 3-player table, after the roles.
THREE_PLAYERS = (N_("3 players (Dodge City)"),
                 N_("Roles are dealt face up: Deputy, Outlaw and Renegade, no Sheriff. The "
                    "Deputy must eliminate the Renegade, the Renegade the Outlaw, the Outlaw "
                    "the Deputy (the arrow after a role). Whoever eliminates his own target "
                    "himself wins at once; if another does it, the two left play to be the "
                    "last one standing. Every elimination earns 3 cards. The Deputy starts."))

# What ``texts.py`` merges into its tables (``ui/sets/__init__.py``).
TEXTS = SetTexts(sets=("dodge-city",), card_names=CARD_NAMES, card_texts=CARD_TEXTS,
                 card_help=CARD_HELP,
                 character_names=CHARACTER_NAMES, character_texts=CHARACTER_TEXTS)
