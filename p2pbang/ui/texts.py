"""Names and one-line rules texts of cards, characters and roles (English source strings).

The tables hold source strings marked with ``N_`` so the catalog extractor finds them; the
functions below translate at call time, so switching the language needs no reload.
"""

from __future__ import annotations

from p2pbang.ui import sets
from p2pbang.ui.i18n import N_, _

CARD_NAMES = {
    "bang": N_("BANG!"),
    "missed": N_("Missed!"),
    "beer": N_("Beer"),
    "panic": N_("Panic!"),
    "cat_balou": N_("Cat Balou"),
    "stagecoach": N_("Stagecoach"),
    "wells_fargo": N_("Wells Fargo"),
    "general_store": N_("General Store"),
    "gatling": N_("Gatling"),
    "duel": N_("Duel"),
    "indians": N_("Indians!"),
    "saloon": N_("Saloon"),
    "barrel": N_("Barrel"),
    "dynamite": N_("Dynamite"),
    "jail": N_("Jail"),
    "mustang": N_("Mustang"),
    "scope": N_("Scope"),
    "volcanic": N_("Volcanic"),
    "schofield": N_("Schofield"),
    "remington": N_("Remington"),
    "rev_carabine": N_("Rev. Carabine"),
    "winchester": N_("Winchester"),
}

CARD_TEXTS = {
    "bang": N_("Shoot a player within your weapon's reach. One BANG! per turn."),
    "missed": N_("Cancel a shot aimed at you."),
    "beer": N_("Regain 1 life. Out of turn only against a lethal hit; useless with 2 "
               "players left."),
    "panic": N_("Take a card from a player at distance 1: random from hand, or one in play."),
    "cat_balou": N_("Any player discards a card: random from hand, or one in play you choose."),
    "stagecoach": N_("Draw 2 cards."),
    "wells_fargo": N_("Draw 3 cards."),
    "general_store": N_("Reveal a card per living player; each takes one, you first."),
    "gatling": N_("Shoot every other player. Not a BANG! card."),
    "duel": N_("Challenge anyone: alternate discarding BANG!; the first who can't loses 1 "
               "life."),
    "indians": N_("Every other player discards a BANG! or loses 1 life."),
    "saloon": N_("Every living player regains 1 life."),
    "barrel": N_("When shot: draw!; a heart cancels the shot."),
    "dynamite": N_("At your turn start, draw!: 2-9 of spades explodes (3 damage), else pass "
                   "it on."),
    "jail": N_("Jail another player (not the Sheriff): draw! at turn start, hearts escape."),
    "mustang": N_("Others see you at distance +1."),
    "scope": N_("You see others at distance -1."),
    "volcanic": N_("Weapon, reach 1: any number of BANG! cards per turn."),
    "schofield": N_("Weapon, reach 2."),
    "remington": N_("Weapon, reach 3."),
    "rev_carabine": N_("Weapon, reach 4."),
    "winchester": N_("Weapon, reach 5."),
}
CARD_HELP: dict[str, str] = {}  # a fuller text where the one line leaves a rule out

CHARACTER_NAMES = {
    "bart_cassidy": N_("Bart Cassidy"),
    "black_jack": N_("Black Jack"),
    "calamity_janet": N_("Calamity Janet"),
    "el_gringo": N_("El Gringo"),
    "jesse_jones": N_("Jesse Jones"),
    "jourdonnais": N_("Jourdonnais"),
    "kit_carlson": N_("Kit Carlson"),
    "lucky_duke": N_("Lucky Duke"),
    "paul_regret": N_("Paul Regret"),
    "pedro_ramirez": N_("Pedro Ramirez"),
    "rose_doolan": N_("Rose Doolan"),
    "sid_ketchum": N_("Sid Ketchum"),
    "slab_the_killer": N_("Slab the Killer"),
    "suzy_lafayette": N_("Suzy Lafayette"),
    "vulture_sam": N_("Vulture Sam"),
    "willy_the_kid": N_("Willy the Kid"),
}

CHARACTER_TEXTS = {
    "bart_cassidy": N_("Draws a card for each life he loses."),
    "black_jack": N_("Shows his 2nd drawn card; on hearts or diamonds he draws one more."),
    "calamity_janet": N_("Uses BANG! as Missed! and Missed! as BANG!."),
    "el_gringo": N_("For each life lost to a player's card, draws a random card from that "
                    "hand."),
    "jesse_jones": N_("May draw his first card from another player's hand."),
    "jourdonnais": N_("Has a Barrel of his own, always in play."),
    "kit_carlson": N_("Looks at the top 3 cards, keeps 2, puts 1 back on the deck."),
    "lucky_duke": N_("Flips 2 cards for every draw! and chooses one."),
    "paul_regret": N_("Has a Mustang of his own: others see him at distance +1."),
    "pedro_ramirez": N_("May draw his first card from the top of the discard pile."),
    "rose_doolan": N_("Has a Scope of her own: sees others at distance -1."),
    "sid_ketchum": N_("May discard 2 cards to regain 1 life."),
    "slab_the_killer": N_("His BANG! cards need 2 Missed! to cancel."),
    "suzy_lafayette": N_("Draws a card as soon as her hand is empty."),
    "vulture_sam": N_("Takes all the cards of every eliminated player."),
    "willy_the_kid": N_("May play any number of BANG! cards."),
}

ROLE_NAMES = {
    "sheriff": N_("Sheriff"),
    "deputy": N_("Deputy"),
    "outlaw": N_("Outlaw"),
    "renegade": N_("Renegade"),
}
ROLE_GOALS = {
    "sheriff": N_("Eliminate all Outlaws and the Renegade."),
    "deputy": N_("Protect the Sheriff: eliminate all Outlaws and the Renegade."),
    "outlaw": N_("Eliminate the Sheriff."),
    "renegade": N_("Be the last one standing."),
}
TEAM_NAMES = {
    "sheriff": N_("The Sheriff and his Deputies"),
    "outlaws": N_("The Outlaws"),
    "renegade": N_("The Renegade"),
    # Dodge City's 3 players: one winner, named by his face-up role.
    "deputy": N_("The Deputy"),
    "outlaw": N_("The Outlaw"),
}
KIND_NAMES = {
    "brown": N_("brown"),
    "blue": N_("blue"),
    "weapon": N_("weapon"),
    "green": N_("green"),
}
KIND_TEXTS = {
    "brown": N_("Played from the hand, takes effect, then goes to the discard pile."),
    "blue": N_("Stays in play in front of its owner until removed; no two with one name."),
    "weapon": N_("A blue card that sets your reach for BANG!; one weapon at a time."),
    "green": N_("Put in play in front of you; from your next turn, discard it for its effect. "
                "Only those that cancel a shot work out of turn."),
}

# Every set's cards, characters and kinds after the base game's, in the order the sets came
# out (``ui/sets/``): the help and the plain ``c NAME`` list them in this order.
for _strings in sets.strings():
    CARD_NAMES.update(_strings.card_names)
    CARD_TEXTS.update(_strings.card_texts)
    CARD_HELP.update(_strings.card_help)
    CHARACTER_NAMES.update(_strings.character_names)
    CHARACTER_TEXTS.update(_strings.character_texts)
    KIND_NAMES.update(_strings.kind_names)
    KIND_TEXTS.update(_strings.kind_texts)

GREEN_READY = N_("ready: usable now")
GREEN_NOT_READY = N_("not ready yet: usable from your next turn")
EXTRA_CARD_COST = N_("+1 card: discard one more card from your hand to play it")


def card_name(name: str) -> str:
    return _(CARD_NAMES[name])


def card_text(name: str) -> str:
    return _(CARD_TEXTS[name])


def card_help(name: str) -> str:
    """The help's text of a card: the fuller rule where the one-liner leaves some out."""
    return _(CARD_HELP[name]) if name in CARD_HELP else card_text(name)


def green_readiness(ready: bool) -> str:
    """Whether a green card in play can be used yet (never in the turn it was played)."""
    return _(GREEN_READY) if ready else _(GREEN_NOT_READY)


def extra_card_cost() -> str:
    """What the "+1" on a Dodge City card asks: one more card discarded to play it."""
    return _(EXTRA_CARD_COST)


def replay_hint(players: int, seed: int) -> str:
    """The line printed after a solo game: the command that deals the same game again, in
    the interface's language (the command itself stays as typed)."""
    command = f"p2pbang solo --players {players} --seed {seed}"
    return _("(seed {seed}: '{command}' deals this game again)").format(
        seed=seed, command=command)


def character_name(name: str) -> str:
    return _(CHARACTER_NAMES[name]) if name else "?"


def character_text(name: str) -> str:
    return _(CHARACTER_TEXTS[name]) if name else ""


def role_name(role: str | None) -> str:
    return _(ROLE_NAMES[role]) if role else "?"


def role_goal(role: str) -> str:
    return _(ROLE_GOALS[role])


def team_name(team: str) -> str:
    return _(TEAM_NAMES[team])


def kind_name(kind: str) -> str:
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def kind_text(kind: str) -> str:
    return _(KIND_TEXTS[kind]) if kind in KIND_TEXTS else ""
