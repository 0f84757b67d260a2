"""Every word The Duel's screens say: stable keys to English, read through the catalogs.

The Duel's cards, characters and draw! symbols are its own, so its texts carry their own
contexts in the gettext catalogs (``p2pbang/ui/i18n/locale/<lang>/LC_MESSAGES/p2pbang.po``):
``DUEL`` for sentences, ``DUEL_CARD`` for card names and ``DUEL_CHARACTER`` for character
names, since one English word is two things here (the card "Barrel" keeps its English name
in Romanian, the draw! symbol "Barrel" is "Butoi") and another in the card game. Hungarian
names are the printed cards' (kept as printed, misspellings included: they are what a
Hungarian player has on the table); English uses clear names of the same cards; Romanian
keeps the English card and character names, as the Romanian rules do, and translates the
rest. The engine knows cards and characters by their keys only. The shell's words and the
lookup (``t``) are shared with the Dice Game in ``text_table.py``.
"""

from __future__ import annotations

from p2pbang.ui.i18n import C_, pgettext
from p2pbang.ui.text_table import Texts, text_function

DUEL = "duel"  # the catalogs' context of The Duel's sentences, rules and words
DUEL_CARD = "duel card"  # ... of its card names
DUEL_CHARACTER = "duel character"  # ... of its character names

CARD_NAMES: Texts = {
    "colt": C_(DUEL_CARD, "Colt"),
    "quickdraw": C_(DUEL_CARD, "Quick Draw"),
    "carbine": C_(DUEL_CARD, "Carbine"),
    "peacemaker": C_(DUEL_CARD, "Peacemaker"),
    "remington": C_(DUEL_CARD, "Remington"),
    "schofield": C_(DUEL_CARD, "Schofield"),
    "shotgun": C_(DUEL_CARD, "Shotgun"),
    "winchester": C_(DUEL_CARD, "Winchester"),
    "bank": C_(DUEL_CARD, "Bank"),
    "rattlesnake": C_(DUEL_CARD, "Rattlesnake"),
    "dynamite": C_(DUEL_CARD, "Dynamite"),
    "gunbelt": C_(DUEL_CARD, "Gun Belt"),
    "barrel": C_(DUEL_CARD, "Barrel"),
    "hat": C_(DUEL_CARD, "Hat"),
    "panic": C_(DUEL_CARD, "Panic"),
    "sniper": C_(DUEL_CARD, "Sniper Rifle"),
    "pocket_watch": C_(DUEL_CARD, "Pocket Watch"),
    "derringer": C_(DUEL_CARD, "Derringer"),
    "gatling": C_(DUEL_CARD, "Gatling"),
    "indians": C_(DUEL_CARD, "Indians!"),
    "knife": C_(DUEL_CARD, "Knife"),
    "inn": C_(DUEL_CARD, "Inn"),
    "canteen": C_(DUEL_CARD, "Canteen"),
    "steal": C_(DUEL_CARD, "Steal"),
    "missed": C_(DUEL_CARD, "Missed!"),
    "duel": C_(DUEL_CARD, "Duel"),
    "stagecoach": C_(DUEL_CARD, "Stagecoach"),
    "beer": C_(DUEL_CARD, "Beer"),
    "general_store": C_(DUEL_CARD, "General Store"),
    "teacher": C_(DUEL_CARD, "Schoolteacher"),
    "counter": C_(DUEL_CARD, "Counterattack"),
}

CHARACTER_NAMES: Texts = {
    "alan_pinkerton": C_(DUEL_CHARACTER, "Alan Pinkerton"),
    "annie_oakley": C_(DUEL_CHARACTER, "Annie Oakley"),
    "bart_masterson": C_(DUEL_CHARACTER, "Bart Masterson"),
    "bill_tilghman": C_(DUEL_CHARACTER, "Bill Tilghman"),
    "buffalo_bell": C_(DUEL_CHARACTER, "Buffalo Bell"),
    "dalon_ranger": C_(DUEL_CHARACTER, "Dalon Ranger"),
    "the_stranger": C_(DUEL_CHARACTER, "The Stranger"),
    "django": C_(DUEL_CHARACTER, "Django"),
    "pat_garrett": C_(DUEL_CHARACTER, "Pat Garrett"),
    "tex_killer": C_(DUEL_CHARACTER, "Tex Killer"),
    "wild_bill": C_(DUEL_CHARACTER, "Wild Bill"),
    "wyatt_earp": C_(DUEL_CHARACTER, "Wyatt Earp"),
    "babe_leroy": C_(DUEL_CHARACTER, "Babe Leroy"),
    "bull_anderson": C_(DUEL_CHARACTER, "Bull Anderson"),
    "cattle_kate": C_(DUEL_CHARACTER, "Cattle Kate"),
    "the_daltons": C_(DUEL_CHARACTER, "The Daltons"),
    "jack_ransome": C_(DUEL_CHARACTER, "Jack Ransome"),
    "pearl_hart": C_(DUEL_CHARACTER, "Pearl Hart"),
    "sid_curry": C_(DUEL_CHARACTER, "Sid Curry"),
    "slim_poet": C_(DUEL_CHARACTER, "Slim Poet"),
    "sundance_kid": C_(DUEL_CHARACTER, "Sundance Kid"),
    "toco_ramirez": C_(DUEL_CHARACTER, "Toco Ramirez"),
    "tom_thorn": C_(DUEL_CHARACTER, "Tom Thorn"),
    "west_harding": C_(DUEL_CHARACTER, "West Harding"),
}

# key -> English: each card's effect in one line.
CARD_TEXTS: Texts = {
    "colt": C_(DUEL, "Hit."),
    "quickdraw": C_(DUEL, "Hit, plus one more hit per equipment on the target."),
    "carbine": C_(DUEL, "Hit; if dodged you may discard an equipment of an active character."),
    "peacemaker": C_(DUEL, "Hit; if dodged the opponent discards a hand card of their choice."),
    "remington": C_(DUEL, "Hit; if dodged you draw a card."),
    "schofield": C_(DUEL, "Hit; if dodged your active character regains 1 life."),
    "shotgun": C_(DUEL, "Hit; if dodged you may swap your own or the opponent's characters."),
    "winchester": C_(DUEL, "Hit; may target the opponent's rearguard."),
    "bank": C_(DUEL, "Equipment: draw one more card each turn."),
    "rattlesnake": C_(DUEL, "Always active: at the start of its owner's turn, draw!: a Snake "
                            "costs 1 life."),
    "dynamite": C_(DUEL, "Always active, own rearguard only: start of turn draw!: Dynamite costs "
                         "3 life, else it passes on."),
    "gunbelt": C_(DUEL, "Equipment: play any number of BANG! cards."),
    "barrel": C_(DUEL, "Equipment: when hit, draw!: a Barrel dodges."),
    "hat": C_(DUEL, "Equipment: discard it to dodge a hit."),
    "panic": C_(DUEL, "Always active, reload: at the start of its owner's turn, swap that side's "
                      "characters."),
    "sniper": C_(DUEL, "Equipment, reload: your hit cards may target the opponent's rearguard."),
    "pocket_watch": C_(DUEL, "Equipment, reload: draw a card whenever the opponent moves their "
                             "token."),
    "derringer": C_(DUEL, "Hit; the target may discard any card to avoid it."),
    "gatling": C_(DUEL, "Every character but your active is hit."),
    "indians": C_(DUEL, "Every character but your active: its owner discards a hit card or it "
                        "loses 1 life."),
    "knife": C_(DUEL, "Hit (an action: not limited to one a turn)."),
    "inn": C_(DUEL, "An active character or your rearguard goes to 3 life (never above its "
                    "maximum)."),
    "canteen": C_(DUEL, "Reload: swap your own or the opponent's characters."),
    "steal": C_(DUEL, "Take a random card of the opponent's hand, or discard a card in play."),
    "missed": C_(DUEL, "Dodge a hit."),
    "duel": C_(DUEL, "The opponent, then you, ... discard hit cards; the first who cannot loses 1 "
                     "life."),
    "stagecoach": C_(DUEL, "Draw 3 cards, discard one of them."),
    "beer": C_(DUEL, "Your active and your rearguard regain 1 life each."),
    "general_store": C_(DUEL, "Cards are revealed and taken in turn, you first."),
    "teacher": C_(DUEL, "Take an equipment in play into your hand."),
    "counter": C_(DUEL, "Dodge; the attacker's active character becomes the target of a hit."),
}

# key -> English: each character's ability in one line.
ABILITIES: Texts = {
    "alan_pinkerton": C_(DUEL, "Each life he loses makes the opponent's active the target of a "
                               "hit."),
    "annie_oakley": C_(DUEL, "Plays hit cards as dodges and Missed! cards as Colts."),
    "bart_masterson": C_(DUEL, "Always active: every draw! reveals two cards; his owner picks "
                               "which counts."),
    "bill_tilghman": C_(DUEL, "Each time a character is eliminated, draw 2."),
    "buffalo_bell": C_(DUEL, "Always active: may take his partner's life loss (not his last "
                             "life)."),
    "dalon_ranger": C_(DUEL, "Each life lost to the opponent: draw 1."),
    "the_stranger": C_(DUEL, "Always active: one more BANG! a turn."),
    "django": C_(DUEL, "Whenever the opponent moves their token: draw 1."),
    "pat_garrett": C_(DUEL, "His second card drawn is shown; on a Horseshoe he draws one from the "
                            "opponent's pile."),
    "tex_killer": C_(DUEL, "Dodging his BANG! cards costs one more card of the target's choice."),
    "wild_bill": C_(DUEL, "The opponent takes or discards his owner's cards: the opponent's "
                          "active is hit."),
    "wyatt_earp": C_(DUEL, "An enemy dodges his hit: draw 1."),
    "babe_leroy": C_(DUEL, "Once a turn with an empty hand: draw 2."),
    "bull_anderson": C_(DUEL, "A character is eliminated: take up to 2 of its equipment or its "
                              "owner's hand."),
    "cattle_kate": C_(DUEL, "Once a turn, discard one of her equipment to draw 2."),
    "the_daltons": C_(DUEL, "Draw 3 cards instead of 2."),
    "jack_ransome": C_(DUEL, "Cards may be played on any character."),
    "pearl_hart": C_(DUEL, "Once a turn, discard a card to play the action card on top of the "
                           "discard pile."),
    "sid_curry": C_(DUEL, "When hit: draw! from the attacker's pile; a Barrel dodges and hits "
                          "back."),
    "slim_poet": C_(DUEL, "Each life lost to the opponent: may discard a random card of their "
                          "hand."),
    "sundance_kid": C_(DUEL, "Always active: once a turn, discard a hand card to draw 2."),
    "toco_ramirez": C_(DUEL, "Any hand card plays as a Colt."),
    "tom_thorn": C_(DUEL, "Each time he becomes active, the opponent's rearguard is the target of "
                          "a hit."),
    "west_harding": C_(DUEL, "Any number of BANG! cards a turn."),
}

TEXTS: Texts = {
    "title": C_(DUEL, "BANG! The Duel"),
    "side.0": C_(DUEL, "Lawmen"),
    "side.1": C_(DUEL, "Outlaws"),
    "symbol.barrel": C_(DUEL, "Barrel"),
    "symbol.dynamite": C_(DUEL, "Dynamite"),
    "symbol.horseshoe": C_(DUEL, "Horseshoe"),
    "symbol.snake": C_(DUEL, "Snake"),
    # what each symbol does at a draw! ({card}: the card that reads it)
    "means.barrel": C_(DUEL, "{card} or Sid Curry: the hit is dodged"),
    "means.dynamite": C_(DUEL, "{card}: it explodes, 3 life"),
    "means.snake": C_(DUEL, "{card}: it bites, 1 life"),
    "means.horseshoe": C_(DUEL, "nothing happens (Pat Garrett: one more card)"),
    "help.symbols": C_(DUEL, "draw! symbols"),
    "active": C_(DUEL, "ACTIVE"),
    "rearguard": C_(DUEL, "rear"),
    "alone": C_(DUEL, "ALONE"),
    "active.word": C_(DUEL, "active"),
    "rearguard.word": C_(DUEL, "rearguard"),
    "side.you": C_(DUEL, "{name}: {side}"),
    "side.them": C_(DUEL, "{name}: {side}"),
    "side.info": C_(DUEL, "reserve {reserve} · hand {hand} · deck {deck}"),
    "side.common": C_(DUEL, "common pile"),
    "piles": C_(DUEL, "Common {common} · Discard: {top}"),
    "nothing": C_(DUEL, "-"),
    "hand": C_(DUEL, "Your hand ({n})"),
    "hand.empty": C_(DUEL, "(no cards)"),
    # decisions
    "ask.play": C_(DUEL, "Your turn: play cards, or end the turn."),
    "ask.discard": C_(DUEL, "Too many cards: discard down to {n}."),
    "ask.respond_hit": C_(DUEL, "{who} is hit: dodge?"),
    "ask.extra_discard": C_(DUEL, "Tex Killer: discard one more card to complete the dodge."),
    "ask.respond_duel": C_(DUEL, "Duel: discard a hit card, or lose 1 life."),
    "ask.respond_indians": C_(DUEL, "Indians!: discard a hit card, or lose 1 life."),
    "ask.pick_check": C_(DUEL, "Bart Masterson: which card counts for this draw!?"),
    "ask.store_pick": C_(DUEL, "General Store: take a card."),
    "ask.stagecoach_discard": C_(DUEL, "Stagecoach: discard one of the cards drawn."),
    "ask.forced_discard": C_(DUEL, "Peacemaker: discard a card of your choice."),
    "ask.carbine": C_(DUEL, "Carbine: discard an equipment of an active character?"),
    "ask.shotgun": C_(DUEL, "Shotgun: swap whose characters?"),
    "ask.buffalo": C_(DUEL, "Buffalo Bell: take this life loss instead?"),
    "ask.slim_poet": C_(DUEL, "Slim Poet: discard a random card of the opponent's hand?"),
    "ask.bull": C_(DUEL, "Bull Anderson: take a card of the eliminated?"),
    "win": C_(DUEL, "The {side} win."),
    # actions
    "act.play_on": C_(DUEL, "{card} → {target}"),
    "act.play": C_(DUEL, "Play {card}"),
    "act.as_colt": C_(DUEL, "{card} as a Colt → {target}"),
    "act.take_from": C_(DUEL, "{card}: {what} of {target}"),
    "act.from_hand": C_(DUEL, "a random hand card"),
    "act.group": C_(DUEL, "{what} ▸ ({n} ways)"),
    "act.back": C_(DUEL, "Back"),
    "act.move": C_(DUEL, "Swap your active character and rearguard"),
    "act.reload": C_(DUEL, "Reload: discard {card}, draw 1"),
    "act.ability": C_(DUEL, "{character}: discard {card}, draw 2"),
    "act.babe": C_(DUEL, "Babe Leroy: draw 2"),
    "act.pearl": C_(DUEL, "Pearl Hart: discard {card}, play {top} → {target}"),
    "act.pearl_plain": C_(DUEL, "Pearl Hart: discard {card}, play {top}"),
    "act.end_turn": C_(DUEL, "End the turn"),
    "act.dodge": C_(DUEL, "Dodge with {card}"),
    "act.avoid": C_(DUEL, "Discard {card} to avoid it"),
    "act.barrel": C_(DUEL, "Barrel: draw!"),
    "act.hat": C_(DUEL, "Discard your Hat to dodge"),
    "act.sid": C_(DUEL, "Sid Curry: draw! from their pile"),
    "act.take_hit": C_(DUEL, "Take the hit"),
    "act.lose_life": C_(DUEL, "Lose 1 life"),
    "act.discard": C_(DUEL, "Discard {card}"),
    "act.counts": C_(DUEL, "Count {card} ({symbol})"),
    "act.take": C_(DUEL, "Take {card}"),
    "act.take_random": C_(DUEL, "Take a random card of their hand"),
    "act.discard_eq": C_(DUEL, "Discard {card} of {target}"),
    "act.swap_mine": C_(DUEL, "Swap your characters"),
    "act.swap_theirs": C_(DUEL, "Swap their characters"),
    # events
    "ev.character": C_(DUEL, "{name}: {character} comes into play ({life} life)."),
    "ev.draw": C_(DUEL, "{name} draws {n}."),
    "ev.draw.you": C_(DUEL, "You draw {n}."),
    "ev.draw_shown": C_(DUEL, "{name} shows the second card: {card}."),
    "ev.play": C_(DUEL, "{name} plays {card} → {target}."),
    "ev.play.you": C_(DUEL, "You play {card} → {target}."),
    "ev.play.notarget.you": C_(DUEL, "You play {card}."),
    "ev.dodge.you": C_(DUEL, "You dodge."),
    "ev.discard.you": C_(DUEL, "You discard {card}."),
    "ev.reload.you": C_(DUEL, "You reload with {card}."),
    "ev.token.you": C_(DUEL, "You swap your active character and rearguard."),
    "ev.store_take.you": C_(DUEL, "You take {card}."),
    "ev.play.notarget": C_(DUEL, "{name} plays {card}."),
    "ev.hit": C_(DUEL, "{target} is the target of a hit."),
    "ev.dodge": C_(DUEL, "{name} dodges."),
    "ev.damage": C_(DUEL, "{character} ({name}) loses {n} life ({life} left)."),
    "ev.heal": C_(DUEL, "{character} ({name}) regains {n} life."),
    "ev.life_set": C_(DUEL, "{character} ({name}) now has {n} life."),
    "ev.check": C_(DUEL, "draw!: {card} — {symbol}."),
    "ev.discard": C_(DUEL, "{name} discards {card}."),
    "ev.reload": C_(DUEL, "{name} reloads with {card}."),
    "ev.token": C_(DUEL, "{name} swaps active and rearguard."),
    "ev.eliminated": C_(DUEL, "{character} ({name}) is eliminated."),
    "ev.explode": C_(DUEL, "The Dynamite explodes!"),
    "ev.steal": C_(DUEL, "{name} steals a card from {other}."),
    "ev.store_take": C_(DUEL, "{name} takes {card}."),
    "ev.common_pile": C_(DUEL, "{name}'s deck is used up: they draw from the common pile."),
    "ev.reshuffle": C_(DUEL, "The discard pile is shuffled into the common pile."),
    "ev.ability": C_(DUEL, "{name} uses an ability."),
    "ev.take": C_(DUEL, "{name} takes a card of {other}."),
    # keys, help
    "help.title": C_(DUEL, "BANG! The Duel: help (Esc or ? to close, arrows scroll)"),
    "help.keys.text": C_(DUEL, "Choose an action with its number or letter, or with the arrows "
                               "and Enter; the list scrolls. PgUp/PgDn scroll the log, +/- set "
                               "the bot's pace, q leaves."),
    "help.rules": C_(DUEL, "How it plays"),
    "help.rules.text": C_(DUEL, "Each side has its own deck and two characters in play: the "
                                "active one, whose ability and equipment work, and the rearguard, "
                                "asleep except for 'always active' cards and when targeted. Once "
                                "a turn you may swap them. Draw 2, play cards (one BANG! a turn, "
                                "at the opponent's active character), discard down to your active "
                                "character's life. draw!: the top card's symbol decides (Barrel, "
                                "Dynamite, Horseshoe, Snake). A side loses when its last "
                                "character is eliminated."),
    "help.cards": C_(DUEL, "Cards"),
    "help.characters": C_(DUEL, "Characters"),
}

t = text_function(TEXTS, DUEL)


def card_name(key: str) -> str:
    return pgettext(DUEL_CARD, CARD_NAMES[key])


def card_text(key: str) -> str:
    return pgettext(DUEL, CARD_TEXTS[key])


def character_name(key: str) -> str:
    return pgettext(DUEL_CHARACTER, CHARACTER_NAMES[key])


def ability(key: str) -> str:
    return pgettext(DUEL, ABILITIES[key])


def side_name(side: int) -> str:
    return t(f"side.{side}")


def symbol_name(symbol: str) -> str:
    return t("symbol." + symbol)


_READ_BY = {"barrel": "barrel", "dynamite": "dynamite", "snake": "rattlesnake"}


def symbol_meaning(symbol: str) -> str:
    """What a draw! symbol does ("Rattlesnake: it bites, 1 life"): said with each draw! and
    in the help, since the symbol's name alone does not tell."""
    card = _READ_BY.get(symbol)
    return t("means." + symbol, card=card_name(card) if card else "")
