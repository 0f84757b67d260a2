"""Every word the Dice Game's screens say: stable keys to English, read through the catalogs.

The Dice Game has its own vocabulary (faces, arrows, the Chief's Arrow, its characters'
dice abilities); its texts carry the context ``DICE`` in the gettext catalogs
(``p2pbang/ui/i18n/locale/<lang>/LC_MESSAGES/p2pbang.po``), so its words never take the card
game's or The Duel's translation of the same English. Hungarian follows the Hungarian dice
rulebook (Nyílvessző, Dinamit, Célkereszt, Sör, Gatling; seriff, seriffhelyettes, bandita,
renegát); Romanian uses the Romanian rulebook's role words (Sheriff, Ajutor, Nelegiuit,
Renegat) and plain words for the dice. Character names are the same in every language. The
shell's words and the lookup (``t``) are shared with The Duel in ``text_table.py``.
"""

from __future__ import annotations

from p2pbang.ui.i18n import C_, pgettext
from p2pbang.ui.text_table import Texts, text_function

DICE = "dice game"  # the catalogs' context of every Dice Game text

# key -> English source text. Placeholders are the same in every language.
TEXTS: Texts = {
    # -- the dice ------------------------------------------------------------------------
    "face.arrow": C_(DICE, "Arrow"),
    "face.dynamite": C_(DICE, "Dynamite"),
    "face.bulls_eye_1": C_(DICE, "Bull's Eye 1"),
    "face.bulls_eye_2": C_(DICE, "Bull's Eye 2"),
    "face.beer": C_(DICE, "Beer"),
    "face.gatling": C_(DICE, "Gatling"),
    "face.broken_arrow": C_(DICE, "Broken Arrow"),
    "face.bullet": C_(DICE, "Bullet"),
    "face.double": C_(DICE, "2x {face}"),
    "die.loudmouth": C_(DICE, "Loudmouth die"),
    "die.coward": C_(DICE, "Coward die"),
    "die.base": C_(DICE, "no Saloon die"),
    "die.note.base": C_(DICE, "you roll the five base dice."),
    "die.note.loudmouth": C_(DICE, "A Bullet costs you 1 life."),
    "die.note.coward": C_(DICE, "A Broken Arrow puts one player's arrow back in the middle."),
    # -- roles and teams -----------------------------------------------------------------
    "role.sheriff": C_(DICE, "Sheriff"),
    "role.deputy": C_(DICE, "Deputy"),
    "role.outlaw": C_(DICE, "Outlaw"),
    "role.renegade": C_(DICE, "Renegade"),
    "role.hidden": C_(DICE, "?"),
    "role.target": C_(DICE, "{role}, target {name}"),
    "win.sheriff": C_(DICE, "The Sheriff and the Deputies win."),
    "win.outlaws": C_(DICE, "The Outlaws win."),
    "win.renegade": C_(DICE, "The Renegade wins."),
    "win.role": C_(DICE, "{name} ({role}) wins."),
    # -- the table -----------------------------------------------------------------------
    "title": C_(DICE, "BANG! Dice"),
    "col.player": C_(DICE, "Player"),
    "col.character": C_(DICE, "Character"),
    "col.life": C_(DICE, "Life"),
    "col.arrows": C_(DICE, "Arrows"),
    "col.dist": C_(DICE, "Dist"),
    "col.role": C_(DICE, "Role"),
    "dead": C_(DICE, "out"),
    "middle": C_(DICE, "Arrows in the middle: {n}"),
    "chief_middle": C_(DICE, " + Chief's"),
    "chief_short": C_(DICE, "+Chief"),
    "dice.title": C_(DICE, "Dice of {name}"),
    "dice.yours": C_(DICE, "Your dice"),
    "dice.rolls_left": C_(DICE, "rolls left: {n}"),
    "dice.none": C_(DICE, "(no dice rolled yet this turn)"),
    "dice.locked": C_(DICE, "locked"),
    "dice.kept": C_(DICE, "kept"),
    "dice.reroll": C_(DICE, "REROLL"),
    "you": C_(DICE, "You"),
    # -- decisions -----------------------------------------------------------------------
    "ask.reroll": C_(DICE, "Mark the dice to roll again, or keep them (rolls left: {n})."),
    "ask.dice_shoot": C_(DICE, "{face}: whom do you shoot?"),
    "ask.dice_beer": C_(DICE, "Beer: who regains 1 life?"),
    "ask.dice_sid": C_(DICE, "Sid Ketchum: who regains 1 life?"),
    "ask.dice_slab": C_(DICE, "Slab the Killer: spend a Beer so this shot at {name} hits twice?"),
    "ask.dice_bart": C_(DICE, "Bart Cassidy: take an arrow instead of losing this life point?"),
    "ask.dice_pedro": C_(DICE, "Pedro Ramirez: discard one of your arrows?"),
    "ask.dice_kit": C_(DICE, "Kit Carlson: whose arrow goes back (per Gatling)?"),
    "ask.dice_saloon": C_(DICE, "Old Saloon: roll a Saloon die this turn?"),
    "ask.dice_chief": C_(DICE, "Take the Indian Chief's Arrow instead of an arrow?"),
    "ask.dice_broken": C_(DICE, "Broken Arrow: whose arrow goes back?"),
    "ask.dice_elena": C_(DICE, "Elena Fuente: who takes one of the arrows you rolled?"),
    "ask.dice_apache": C_(DICE, "Apache Kid: take the Chief's Arrow from {name}?"),
    "ask.dice_molly": C_(DICE, "Molly Stark: lose this life instead of {name}?"),
    "ask.dice_molly_pick": C_(DICE, "Molly Stark: several players lose life at once; whose loss "
                                    "do you take?"),
    "rolling": C_(DICE, "{name} is rolling…"),
    # -- actions -------------------------------------------------------------------------
    "act.roll": C_(DICE, "Roll the marked dice again: {dice}"),
    "act.keep": C_(DICE, "Keep these dice and resolve them"),
    "act.mark_hint": C_(DICE, "1-{n}: mark a die, r: roll, k: keep"),
    "act.none_marked": C_(DICE, "Mark dice with 1-{n} first, or k to keep."),
    "act.locked": C_(DICE, "A Dynamite is locked: it cannot be rolled again."),
    "act.shoot": C_(DICE, "Shoot {name} (life {life}, distance {dist})"),
    "act.heal": C_(DICE, "{name} regains 1 life (life {life}/{max})"),
    "act.heal_self": C_(DICE, "You regain 1 life (life {life}/{max})"),
    "act.arrow_of": C_(DICE, "Return an arrow of {name} ({n} held)"),
    "act.arrow_mine": C_(DICE, "Return one of your arrows ({n} held)"),
    "act.skip": C_(DICE, "Return none"),
    "act.molly_take": C_(DICE, "Take the loss of {name}"),
    "act.molly_none": C_(DICE, "Nobody's: go on"),
    "act.give": C_(DICE, "{name} takes one of the arrows"),
    "act.give_self": C_(DICE, "Take them all yourself"),
    # -- events --------------------------------------------------------------------------
    "ev.roll.you": C_(DICE, "You roll: {dice}."),
    "ev.roll": C_(DICE, "{name} rolls: {dice}."),
    "ev.aim.you": C_(DICE, "You aim {face} at {name}."),
    "ev.aim": C_(DICE, "{name} aims {face} at {to}."),
    "ev.aim_at_you": C_(DICE, "{name} aims {face} at you."),
    "ev.arrow.you": C_(DICE, "You take an arrow ({left} left in the middle)."),
    "ev.arrow": C_(DICE, "{name} takes an arrow ({left} left in the middle)."),
    "ev.indians": C_(DICE, "The Indians attack! Everyone loses a life per arrow held."),
    "ev.damage.you": C_(DICE, "You lose {n} life ({life} left)."),
    "ev.damage": C_(DICE, "{name} loses {n} life ({life} left)."),
    "ev.damage_by.you": C_(DICE, "You lose {n} life to {by} ({life} left)."),
    "ev.damage_by": C_(DICE, "{name} loses {n} life to {by} ({life} left)."),
    "ev.damage_by_you": C_(DICE, "{name} loses {n} life to you ({life} left)."),
    "ev.heal_wasted": C_(DICE, "{name} already has full life: nothing to heal."),
    "ev.heal.you": C_(DICE, "You regain {n} life."),
    "ev.heal": C_(DICE, "{name} regains {n} life."),
    "ev.gatling.you": C_(DICE, "You fire the Gatling: everyone else loses 1 life; your arrows go "
                               "back."),
    "ev.gatling": C_(DICE, "{name} fires the Gatling: everyone else loses 1 life."),
    "ev.dynamite.you": C_(DICE, "Three Dynamites blow up: your rolling ends and you lose 1 life."),
    "ev.dynamite": C_(DICE, "Three Dynamites blow up for {name}: 1 life lost."),
    "ev.eliminated": C_(DICE, "{name} is out: {role}."),
    "ev.eliminated.you": C_(DICE, "You are out ({role})."),
    "ev.arrow_discarded": C_(DICE, "An arrow of {name} goes back to the middle."),
    "ev.arrow_discarded.you": C_(DICE, "One of your arrows goes back to the middle."),
    "ev.chief.you": C_(DICE, "You take the Indian Chief's Arrow."),
    "ev.chief": C_(DICE, "{name} takes the Indian Chief's Arrow."),
    "ev.given": C_(DICE, "{name} hands an arrow to {to}."),
    "ev.bullet": C_(DICE, "A Bullet: {name} loses 1 life."),
    "ev.takes_hit": C_(DICE, "Molly Stark ({name}) takes the loss of {to}."),
    "ev.role": C_(DICE, "{name} is the {role} (face up)."),
    "ev.character.you": C_(DICE, "You play {character} ({life} life)."),
    "ev.character": C_(DICE, "{name} plays {character} ({life} life)."),
    "ev.sheriff": C_(DICE, "{name} is the Sheriff and starts."),
    "ev.your_role": C_(DICE, "Your role: {role}."),
    # -- keys, help ----------------------------------------------------------------------
    "plain.reroll": C_(DICE, "Type the numbers of the dice to roll again (like 1 3), or k to keep "
                             "them; ? help, q quit."),
    "log": C_(DICE, "Log"),
    "help.title": C_(DICE, "BANG! The Dice Game: help (Esc or ? to close, arrows scroll)"),
    "help.keys.text": C_(DICE, "Your roll: 1-5 (6) mark or unmark a die, r or Enter rolls the "
                               "marked dice, k keeps them all. Other choices: their number or "
                               "letter, or arrows and Enter. PgUp/PgDn scroll the log, +/- set "
                               "the bots' pace, q leaves."),
    "help.turn": C_(DICE, "Your turn"),
    "help.turn.text": C_(DICE, "Roll the five dice up to three times; after each roll take one "
                               "arrow per Arrow. Dynamites are locked; three end your rolling "
                               "with 1 life lost. Then the kept dice act: Bull's Eyes hit a "
                               "player at exactly that distance (1 or 2, counting only the "
                               "living; with 2-3 left a 2 counts as 1), Beers heal anyone 1, "
                               "three Gatlings hit everyone else and return your arrows. When the "
                               "last arrow is taken the Indians attack: everyone loses a life per "
                               "arrow held, then the arrows go back."),
    "help.roles": C_(DICE, "Roles"),
    "help.roles.text": C_(DICE, "The Sheriff (face up, 2 more life) and the Deputies win when "
                                "every Outlaw and Renegade is out; the Outlaws when the Sheriff "
                                "is out; a Renegade by being the last one alive. With three "
                                "players the roles are face up: the Deputy must eliminate the "
                                "Renegade, the Renegade the Outlaw, the Outlaw the Deputy, by "
                                "their own hand; else the last one alive wins."),
    "help.saloon": C_(DICE, "Old Saloon"),
    "help.saloon.text": C_(DICE, "Before rolling you may swap a base die for the Loudmouth "
                                 "(double Bull's Eyes and Gatling, a Bullet that costs you 1 "
                                 "life) or the Coward (Broken Arrow returns an arrow, double "
                                 "Beer). The Indian Chief's Arrow counts as two at the attack, "
                                 "but its holder loses nothing if no one holds as many arrows. A "
                                 "* marks the Saloon die."),
    "help.characters": C_(DICE, "Characters"),
}

# Character abilities, one sentence each (the Hungarian rulebook for the 16;
# docs/rules/old-saloon.md for Old Saloon's).
ABILITIES: Texts = {
    "bart_cassidy": C_(DICE, "May take an arrow instead of losing a life to a Bull's Eye or the "
                             "Gatling (never the last arrow)."),
    "black_jack": C_(DICE, "May roll Dynamites again (unless three or more are showing)."),
    "calamity_janet": C_(DICE, "Bull's Eye 1 and 2 can each be used as the other."),
    "el_gringo": C_(DICE, "Whoever makes him lose life by shooting takes an arrow."),
    "jesse_jones": C_(DICE, "At 4 life or less, a Beer on himself heals 2."),
    "jourdonnais": C_(DICE, "Never loses more than 1 life to the Indians."),
    "kit_carlson": C_(DICE, "For each Gatling rolled, may return an arrow of any player."),
    "lucky_duke": C_(DICE, "May roll one more time (four rolls)."),
    "paul_regret": C_(DICE, "Never loses life to the Gatling."),
    "pedro_ramirez": C_(DICE, "Each time he loses a life, may return one of his arrows."),
    "rose_doolan": C_(DICE, "Her Bull's Eyes reach one further (1: 1-2, 2: 2-3)."),
    "sid_ketchum": C_(DICE, "At the start of his turn, any player regains 1 life."),
    "slab_the_killer": C_(DICE, "Once a turn, may spend a Beer to make a Bull's Eye hit twice."),
    "suzy_lafayette": C_(DICE, "With no Bull's Eye kept, regains 2 life at the end of her turn."),
    "vulture_sam": C_(DICE, "Each time a player is eliminated, regains 2 life."),
    "willy_the_kid": C_(DICE, "Fires the Gatling with two Gatlings (once a turn)."),
    "apache_kid": C_(DICE, "Rolling an Arrow, may take the Chief's Arrow from whoever holds it."),
    "bill_noface": C_(DICE, "Takes his arrows only after his last roll."),
    "doc_holyday": C_(DICE, "Using three or more Bull's Eyes in a turn, regains 2 life."),
    "elena_fuente": C_(DICE, "Rolling Arrows, picks who takes one of those arrows."),
    "jose_delgado": C_(DICE, "May roll the Loudmouth die as a sixth die."),
    "molly_stark": C_(DICE, "May lose a life in another player's place."),
    "tequila_joe": C_(DICE, "May roll the Coward die as a sixth die."),
    "vera_custer": C_(DICE, "Each Bull's Eye hit on her costs one life less."),
}

CHARACTER_NAMES: dict[str, str] = {
    key: " ".join(part if part == "the" else part.capitalize() for part in key.split("_"))
    for key in ABILITIES}
CHARACTER_NAMES.update({"doc_holyday": "Doc Holyday", "bill_noface": "Bill Noface",
                        "el_gringo": "El Gringo"})


t = text_function(TEXTS, DICE)


def ability(character: str) -> str:
    """A character's ability in one sentence, in the interface language."""
    return pgettext(DICE, ABILITIES[character])


def character_name(character: str) -> str:
    return CHARACTER_NAMES.get(character, character)
