"""Names and one-line rules texts of cards, characters and roles (English source strings)."""

from __future__ import annotations

from p2pbang.ui.i18n import _

CARD_NAMES = {
    "bang": "BANG!", "missed": "Missed!", "beer": "Beer", "panic": "Panic!",
    "cat_balou": "Cat Balou", "stagecoach": "Stagecoach", "wells_fargo": "Wells Fargo",
    "general_store": "General Store", "gatling": "Gatling", "duel": "Duel",
    "indians": "Indians!", "saloon": "Saloon", "barrel": "Barrel", "dynamite": "Dynamite",
    "jail": "Jail", "mustang": "Mustang", "scope": "Scope", "volcanic": "Volcanic",
    "schofield": "Schofield", "remington": "Remington", "rev_carabine": "Rev. Carabine",
    "winchester": "Winchester",
}

CARD_TEXTS = {
    "bang": "Shoot a player within your weapon's reach. One BANG! per turn.",
    "missed": "Cancel a shot aimed at you.",
    "beer": "Regain 1 life. Out of turn only against a lethal hit; useless with 2 players left.",
    "panic": "Take a card from a player at distance 1: random from hand, or one in play.",
    "cat_balou": "Any player discards a card: random from hand, or one in play you choose.",
    "stagecoach": "Draw 2 cards.",
    "wells_fargo": "Draw 3 cards.",
    "general_store": "Reveal a card per living player; each takes one, you first.",
    "gatling": "Shoot every other player. Not a BANG! card.",
    "duel": "Challenge anyone: alternate discarding BANG!; the first who can't loses 1 life.",
    "indians": "Every other player discards a BANG! or loses 1 life.",
    "saloon": "Every living player regains 1 life.",
    "barrel": "When shot: draw!; a heart cancels the shot.",
    "dynamite": "At your turn start, draw!: 2-9 of spades explodes (3 damage), else pass it on.",
    "jail": "Jail another player (not the Sheriff): draw! at turn start, hearts escape.",
    "mustang": "Others see you at distance +1.",
    "scope": "You see others at distance -1.",
    "volcanic": "Weapon, reach 1: any number of BANG! cards per turn.",
    "schofield": "Weapon, reach 2.",
    "remington": "Weapon, reach 3.",
    "rev_carabine": "Weapon, reach 4.",
    "winchester": "Weapon, reach 5.",
}

CHARACTER_NAMES = {
    "bart_cassidy": "Bart Cassidy", "black_jack": "Black Jack",
    "calamity_janet": "Calamity Janet", "el_gringo": "El Gringo", "jesse_jones": "Jesse Jones",
    "jourdonnais": "Jourdonnais", "kit_carlson": "Kit Carlson", "lucky_duke": "Lucky Duke",
    "paul_regret": "Paul Regret", "pedro_ramirez": "Pedro Ramirez",
    "rose_doolan": "Rose Doolan", "sid_ketchum": "Sid Ketchum",
    "slab_the_killer": "Slab the Killer", "suzy_lafayette": "Suzy Lafayette",
    "vulture_sam": "Vulture Sam", "willy_the_kid": "Willy the Kid",
}

CHARACTER_TEXTS = {
    "bart_cassidy": "Draws a card for each life he loses.",
    "black_jack": "Shows his 2nd drawn card; on hearts or diamonds he draws one more.",
    "calamity_janet": "Uses BANG! as Missed! and Missed! as BANG!.",
    "el_gringo": "For each life lost to a player's card, draws a random card from that hand.",
    "jesse_jones": "May draw his first card from another player's hand.",
    "jourdonnais": "Has a Barrel of his own, always in play.",
    "kit_carlson": "Looks at the top 3 cards, keeps 2, puts 1 back on the deck.",
    "lucky_duke": "Flips 2 cards for every draw! and chooses one.",
    "paul_regret": "Has a Mustang of his own: others see him at distance +1.",
    "pedro_ramirez": "May draw his first card from the top of the discard pile.",
    "rose_doolan": "Has a Scope of her own: sees others at distance -1.",
    "sid_ketchum": "May discard 2 cards to regain 1 life.",
    "slab_the_killer": "His BANG! cards need 2 Missed! to cancel.",
    "suzy_lafayette": "Draws a card as soon as her hand is empty.",
    "vulture_sam": "Takes all the cards of every eliminated player.",
    "willy_the_kid": "May play any number of BANG! cards.",
}

ROLE_NAMES = {"sheriff": "Sheriff", "deputy": "Deputy", "outlaw": "Outlaw",
              "renegade": "Renegade"}
ROLE_GOALS = {
    "sheriff": "Eliminate all Outlaws and the Renegade.",
    "deputy": "Protect the Sheriff: eliminate all Outlaws and the Renegade.",
    "outlaw": "Eliminate the Sheriff.",
    "renegade": "Be the last one standing.",
}
TEAM_NAMES = {"sheriff": "The Sheriff and his Deputies", "outlaws": "The Outlaws",
              "renegade": "The Renegade"}


def card_name(name: str) -> str:
    return _(CARD_NAMES[name])


def card_text(name: str) -> str:
    return _(CARD_TEXTS[name])


def character_name(name: str) -> str:
    return _(CHARACTER_NAMES[name])


def character_text(name: str) -> str:
    return _(CHARACTER_TEXTS[name])


def role_name(role: str | None) -> str:
    return _(ROLE_NAMES[role]) if role else "?"
