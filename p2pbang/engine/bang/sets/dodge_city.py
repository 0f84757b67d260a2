"""The rules of the Dodge City expansion (the Romanian rulebook, "Dodge City").

Cards that repeat a base card (BANG!, Beer, Barrel...) follow the base module's rules by name;
this module adds the new ones. "+1" cards (Springfield, Tequila, Whisky, Rag Time, Brawl) are
played with ``PlayPaid``, which names and reveals the extra hand card paid for them.
Rulings: D5 (a Barrel works against any shot), D6 (Slab's ability is for BANG!
cards only), D9 (healing cards other than Beer work with two players left), D10 (only BANG!
cards count for the one-per-turn limit).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from p2pbang.engine.actions import (
    BRAWL_PICK,
    COPY_PICK,
    DRAW_FROM_DECK,
    FROM_HAND,
    NO_SEAT,
    PICK_IN_PLAY,
    PLAY,
    RESPOND_DUEL,
    RESPOND_SHOT,
    TARGET_PICK,
    Ability,
    Action,
    Decision,
    Play,
)
from p2pbang.engine.bang.cards.dodge_city import DODGE_CITY_CARDS, DODGE_CITY_CHARACTERS
from p2pbang.engine.bang.catalog import DIAMONDS
from p2pbang.engine.bang.rules import CardRules, CharacterRules, Hand, RuleModule, Step
from p2pbang.engine.bang.sets import base
from p2pbang.engine.bang.sets.dodge_city_three import THREE_PLAYER_TABLE

if TYPE_CHECKING:
    from p2pbang.engine.bang.game import Game

SHOT = frozenset({RESPOND_SHOT})
BLUE_KINDS = frozenset({"blue", "weapon"})  # a blue border: blue cards and weapons

# ---------------------------------------------------------------------- targeting


def near_options(game: Game, seat: int, slot: int, card: int) -> list[Action]:
    """A shot at distance 1, whatever the weapon (Punch)."""
    return [Play(slot, card, t) for t in game.within(seat, 1)]


def anyone_options(game: Game, seat: int, slot: int, card: int) -> list[Action]:
    """Any living player, oneself included (Tequila)."""
    return [Play(slot, card, t) for t in game.ring]


# ---------------------------------------------------------------------- effects


def shot(game: Game, seat: int, action: Play) -> Step:
    """A shot that is not a BANG! card: one Missed! cancels it, whoever shoots (D6)."""
    yield from game.shoot(seat, action.target, 1)


def dodge_draws(game: Game, seat: int) -> Step:
    """Dodge: after it cancelled a shot, its player draws a card."""
    yield from game.draw(seat, 1)


def tequila(game: Game, seat: int, action: Play) -> Step:
    game.heal(action.target, 1)
    return
    yield


def whisky(game: Game, seat: int, action: Play) -> Step:
    game.heal(seat, 2)
    return
    yield


def brawl(game: Game, seat: int, action: Play) -> Step:
    """Every other player discards a card, from the hand (a random one) or in play: the
    player of the Brawl picks where from, for each of them (the Romanian rulebook, example 3)."""
    for victim in game.seats_from(seat)[1:]:
        player = game.players[victim]
        if not player.alive or game.immune(seat, victim, action.card):
            continue
        options = ((FROM_HAND,) if player.hand else ()) + tuple(player.table)
        if not options:
            continue
        chosen = options[0]
        if len(options) > 1:
            choice = yield from game.decide(
                Decision(seat, BRAWL_PICK, options=options, source=victim))
            chosen = choice.value
        yield from base.cat_balou(game, seat, Play(action.slot, action.card, victim, chosen))


def weapon_reach_options(game: Game, seat: int, slot: int, card: int) -> list[Action]:
    """A shot within the weapon's reach (Pepperbox), not a BANG! card."""
    return [Play(slot, card, t) for t in game.within(seat, game.reach(seat))]


def conestoga_options(game: Game, seat: int, slot: int, card: int) -> list[Action]:
    """Conestoga: Panic! at any distance."""
    return base.cat_balou_options(game, seat, slot, card)


def derringer(game: Game, seat: int, action: Play) -> Step:
    """A shot at distance 1, then its player draws a card."""
    yield from game.shoot(seat, action.target, 1)
    if game.players[seat].alive:
        yield from game.draw(seat, 1)


def canteen(game: Game, seat: int, action: Play) -> Step:
    """Regain one life; unlike Beer it heals with two players left too (D9)."""
    game.heal(seat, 1)
    return
    yield


# ---------------------------------------------------------------------- characters


def pixie_pete(game: Game, seat: int) -> Step:
    """Draws three cards in phase 1 instead of two (one more than the phase-1 count, which
    an event may change)."""
    yield from game.draw(seat, game.phase_one_cards + 1)


def bill_noface(game: Game, seat: int) -> Step:
    """Draws one card plus one per wound (life lost) in phase 1."""
    player = game.players[seat]
    # An event that changes the phase-1 count (Thirst, Train Arrival) changes his too.
    yield from game.draw(seat, max(0, game.phase_one_cards - 1 + player.max_life - player.life))


def pat_brennan(game: Game, seat: int) -> Step:
    """Phase 1: two cards from the deck, or one card in play in front of another player."""
    in_play = tuple(slot for other in game.ring if other != seat
                    for slot in game.players[other].table)
    if in_play:
        choice = yield from game.decide(
            Decision(seat, PICK_IN_PLAY, options=(DRAW_FROM_DECK, *in_play)))
        if choice.value != DRAW_FROM_DECK:
            owner = next(o for o in game.ring if choice.value in game.players[o].table)
            game.players[owner].table.remove(choice.value)
            game.players[seat].hand.append(choice.value)
            game.event("steal", seat, owner, game.known[choice.value])
            return
    yield from game.draw(seat, game.phase_one_cards)


def greg_digger(game: Game, seat: int, eliminated: int) -> Step:
    """Regains two life points whenever another player is eliminated."""
    game.heal(seat, 2)
    return
    yield


def herb_hunter(game: Game, seat: int, eliminated: int) -> Step:
    """Draws two cards whenever another player is eliminated."""
    yield from game.draw(seat, 2)


def chuck_usable(game: Game, seat: int, kind: str) -> bool:
    """In his turn, any number of times, but not at his last life point."""
    return kind == PLAY and game.current == seat and game.players[seat].life > 1


def chuck_options(game: Game, seat: int, hand: Hand, kind: str) -> list[Action]:
    return [Ability((), ())] if chuck_usable(game, seat, kind) else []


def chuck_wengam(game: Game, seat: int, action: Ability) -> Step:
    """Loses one life point to draw two cards."""
    game.event("ability", seat)
    yield from game.damage(seat, 1, NO_SEAT)
    yield from game.draw(seat, 2)


JOSE_USES = 2


def jose_usable(game: Game, seat: int, kind: str) -> bool:
    """In his turn, at most twice, with a card in hand (whether blue is checked on the
    revealed card)."""
    return (kind == PLAY and game.current == seat and game.abilities_used < JOSE_USES
            and bool(game.players[seat].hand))


def jose_options(game: Game, seat: int, hand: Hand, kind: str) -> list[Action]:
    if not jose_usable(game, seat, kind):
        return []
    cards = game.cards
    return [Ability((slot,), (card,)) for slot, card in hand if cards[card].kind in BLUE_KINDS]


def jose_delgado(game: Game, seat: int, action: Ability) -> Step:
    """Discards a blue card from his hand to draw two cards."""
    ((slot,), (card,)) = (action.slots, action.cards)
    game.abilities_used += 1
    game.take_from_hand(seat, slot, card)
    game.discard.append(slot)
    game.event("discard", seat, card=card)
    game.event("ability", seat)
    yield from game.draw(seat, 2)


def targets_in_reach(game: Game, seat: int) -> tuple[int, ...]:
    return tuple(game.within(seat, game.reach(seat)))


def doc_usable(game: Game, seat: int, kind: str) -> bool:
    """Once in his turn, with two cards to pay and someone within his weapon's reach."""
    return (kind == PLAY and game.current == seat and game.abilities_used == 0
            and len(game.players[seat].hand) >= 2 and bool(targets_in_reach(game, seat)))


def doc_targets(game: Game, seat: int, paid: tuple[int, ...]) -> tuple[int, ...]:
    """The players within reach that the two cards paid can hit: to hit Apache Kid at least
    one of them must not be a Diamond (rulebook: "cel puțin o carte din cele două pe care le
    aruncă nu trebuie să fie de romb"), so a suit immunity holds only against a pair whose
    cards are all of that suit."""
    return tuple(t for t in targets_in_reach(game, seat)
                 if not all(game.immune(seat, t, card) for card in paid))


def doc_options(game: Game, seat: int, hand: Hand, kind: str) -> list[Action]:
    if not doc_usable(game, seat, kind):
        return []
    ordered = sorted(hand)
    return [Ability((slot_a, slot_b), (card_a, card_b))
            for i, (slot_a, card_a) in enumerate(ordered)
            for slot_b, card_b in ordered[i + 1:]
            if doc_targets(game, seat, (card_a, card_b))]


def doc_holyday(game: Game, seat: int, action: Ability) -> Step:
    """Discards two cards for a BANG! effect at a player within reach; it is not a BANG!
    card, so it does not count for the one per turn."""
    game.abilities_used += 1
    for slot, card in zip(action.slots, action.cards, strict=True):
        game.take_from_hand(seat, slot, card)
        game.discard.append(slot)
        game.event("discard", seat, card=card)
    game.event("ability", seat)
    yield from game.hand_lost(seat)
    targets = doc_targets(game, seat, action.cards)
    target = targets[0]
    if len(targets) > 1:
        choice = yield from game.decide(Decision(seat, TARGET_PICK, options=targets))
        target = choice.value
    yield from game.shoot(seat, target, 1)


def molly_stark(game: Game, seat: int, card: int, kind: str) -> Step:
    """Each card of her hand she uses of her own will out of her turn (a Missed!, a Dodge, a
    Beer, a BANG! in a Duel or against Indians...) is worth a card: the designer's text and
    the English card ("uses a card from her hand"); the Romanian rulebook names Missed!, Beer
    and BANG!, the cards the base game lets one use out of turn (docs/rules/dodge-city.md).
    Cards taken
    from her (Cat Balou, Brawl) do not count. In a Duel the cards come when it is over."""
    if kind == RESPOND_DUEL:
        game.owed_draws[seat] = game.owed_draws.get(seat, 0) + 1
        return
    yield from game.draw(seat, 1)


def vera_custer(game: Game, seat: int) -> Step:
    """At her turn's start she picks another living character: until her next turn she has
    that character's ability (and, always, this one, to pick again next turn)."""
    others = tuple(s for s in game.ring if s != seat)
    chosen = others[0]
    if len(others) > 1:
        choice = yield from game.decide(Decision(seat, COPY_PICK, options=others))
        chosen = choice.value
    copied = game.rules.character_rules(game.players[chosen].character)
    game.seat_rules[seat] = replace(copied, turn_start=vera_custer)
    game.event("copy", seat, chosen)


# ---------------------------------------------------------------------- the module

CARD_RULES: dict[str, CardRules] = {
    "binocular": CardRules(distance_minus=1),
    "hideout": CardRules(distance_plus=1),
    "punch": CardRules(effect=shot, play_options=near_options),
    "dodge": CardRules(answers=SHOT, on_answer=dodge_draws),
    "springfield": CardRules(effect=shot, play_options=base.any_other_options,
                             costs_a_card=True),
    "tequila": CardRules(effect=tequila, play_options=anyone_options, costs_a_card=True),
    "whisky": CardRules(effect=whisky, costs_a_card=True),
    "rag_time": CardRules(effect=base.panic, play_options=base.cat_balou_options,
                          costs_a_card=True),
    "brawl": CardRules(effect=brawl, costs_a_card=True),
    # Green: used from play from the turn after they were put there (D1); only those with
    # the Missed! symbol work out of turn (D3).
    "bible": CardRules(answers=SHOT, on_answer=dodge_draws),
    "canteen": CardRules(effect=canteen),
    "can_can": CardRules(effect=base.cat_balou, play_options=base.cat_balou_options),
    "ten_gallon_hat": CardRules(answers=SHOT),
    "conestoga": CardRules(effect=base.panic, play_options=conestoga_options),
    "derringer": CardRules(effect=derringer, play_options=near_options),
    "buffalo_rifle": CardRules(effect=shot, play_options=base.any_other_options),
    "howitzer": CardRules(effect=base.gatling),
    "pepperbox": CardRules(effect=shot, play_options=weapon_reach_options),
    "iron_plate": CardRules(answers=SHOT),
    "pony_express": CardRules(effect=base.wells_fargo),
    "knife": CardRules(effect=shot, play_options=near_options),
    "sombrero": CardRules(answers=SHOT),
}

CHARACTER_RULES: dict[str, CharacterRules] = {
    "bill_noface": CharacterRules(draw_phase=bill_noface),
    "chuck_wengam": CharacterRules(ability_usable=chuck_usable, ability_options=chuck_options,
                                   ability=chuck_wengam),
    "elena_fuente": CharacterRules(answers_with_any=SHOT),
    "greg_digger": CharacterRules(on_elimination=greg_digger),
    "herb_hunter": CharacterRules(on_elimination=herb_hunter),
    "jose_delgado": CharacterRules(ability_usable=jose_usable, ability_options=jose_options,
                                   ability=jose_delgado),
    "pat_brennan": CharacterRules(draw_phase=pat_brennan),
    "pixie_pete": CharacterRules(draw_phase=pixie_pete),
    "sean_mallory": CharacterRules(hand_limit=10),
    "vera_custer": CharacterRules(turn_start=vera_custer),
    "molly_stark": CharacterRules(on_respond=molly_stark),
    # Cards of Diamonds played by others do not touch him; in a Duel this does not hold.
    "apache_kid": CharacterRules(immune_to_suit=DIAMONDS),
    # In her turn no card in front of any player works, blue or green (rulebook). Dynamite
    # and Jail are still checked at her turn's start: that is before her turn is played.
    "belle_star": CharacterRules(silences_cards_in_play=True),
    "doc_holyday": CharacterRules(ability_usable=doc_usable, ability_options=doc_options,
                                  ability=doc_holyday),
    # Beer gives him 2 life points; Saloon, Tequila, Canteen still 1.
    "tequila_joe": CharacterRules(extra_heal={"beer": 1}),
}

# 8 players: the role deck gains a second Renegade; each Renegade wins only as the last
# one alive, so a Sheriff facing both who dies first loses to the Outlaws (D11).
# 3 players: roles face up, personal targets, no Sheriff (dodge_city_three).
MODULE = RuleModule("dodge-city", DODGE_CITY_CARDS, DODGE_CITY_CHARACTERS, CARD_RULES,
                    CHARACTER_RULES, {}, most_seats=8, fewest_seats=3,
                    role_rules={3: THREE_PLAYER_TABLE}, order=1)
