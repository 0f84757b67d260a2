"""The rules of the base game BANG!: its 22 card effects and 16 character abilities.

Rules authority: the base rulebooks (Hungarian and Romanian) and the printed
cards. Each rule is a small function plugged into the engine through the
hooks of ``p2pbang.engine.bang.rules``; the engine itself names no card and no character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.engine.actions import (
    ANY_TIME,
    DISCARD,
    DRAW_FROM_DECK,
    DRAW_FROM_DISCARD,
    DRAW_SOURCE,
    DYING,
    FROM_HAND,
    NO_SEAT,
    PLAY,
    PUT_BACK,
    RESPOND_DUEL,
    RESPOND_INDIANS,
    RESPOND_SHOT,
    STORE_PICK,
    Ability,
    Action,
    Decision,
    Play,
)
from p2pbang.engine.bang.cards.base import BASE_CARDS, BASE_CHARACTERS, WEAPON_REACH
from p2pbang.engine.bang.catalog import DIAMONDS, HEARTS, SPADES
from p2pbang.engine.bang.rules import CardRules, CharacterRules, Hand, RuleModule, Step
from p2pbang.engine.fastvalues import play as new_play

if TYPE_CHECKING:
    from p2pbang.engine.bang.game import Game

SHOT = frozenset({RESPOND_SHOT})
BANG_ANSWERS = frozenset({RESPOND_DUEL, RESPOND_INDIANS})

# ---------------------------------------------------------------------- targeting


def bang_options(game: Game, seat: int, slot: int, card: int) -> list[Action]:
    """A BANG! at every other living seat within the weapon's reach, once per turn."""
    if not game.can_play_bang(seat):
        return []
    return [new_play(slot, card, t) for t in game.within(seat, game.reach(seat))]


def _take_options(game: Game, seat: int, slot: int, card: int,
                  reach: int | None) -> list[Action]:
    """``reach`` None: whatever the distance."""
    actions: list[Action] = []
    targets = [t for t in game.ring if t != seat] if reach is None else game.within(seat, reach)
    for target in targets:
        victim = game.players[target]
        if victim.hand:
            actions.append(new_play(slot, card, target, FROM_HAND))
        for s in victim.table:
            actions.append(new_play(slot, card, target, s))
    return actions


def panic_options(game: Game, seat: int, slot: int, card: int) -> list[Action]:
    """Panic!: a card of a player at distance 1 (a random hand card, or one in play)."""
    return _take_options(game, seat, slot, card, 1)


def cat_balou_options(game: Game, seat: int, slot: int, card: int) -> list[Action]:
    """Cat Balou: a card of any player, whatever the distance."""
    return _take_options(game, seat, slot, card, None)


def any_other_options(game: Game, seat: int, slot: int, card: int) -> list[Action]:
    """Any other living player (Duel)."""
    return [new_play(slot, card, t) for t in game.ring if t != seat]


def jail_options(game: Game, seat: int, slot: int, card: int) -> list[Action]:
    """Jail: any other player but the Sheriff, who is not already in Jail."""
    rules = game.rules.card_rules
    return [new_play(slot, card, t) for t in game.ring
            if t != seat and t != game.sheriff
            and not any(rules[game.known[s]] is JAIL for s in game.players[t].table)]


# ---------------------------------------------------------------------- brown effects


def bang(game: Game, seat: int, action: Play) -> Step:
    game.bangs_played += 1
    yield from game.shoot(seat, action.target, game.seat_rules[seat].shot_needed)


def beer(game: Game, seat: int, action: Play) -> Step:
    if len(game.ring) > 2:
        game.heal(seat, game.card_heal(seat, action.card))
    else:
        game.event("no_effect", seat, card=action.card)
    return
    yield


def saloon(game: Game, seat: int, action: Play) -> Step:
    for s in game.seats_from(seat):
        game.heal(s, 1)
    return
    yield


def stagecoach(game: Game, seat: int, action: Play) -> Step:
    yield from game.draw(seat, 2)


def wells_fargo(game: Game, seat: int, action: Play) -> Step:
    yield from game.draw(seat, 3)


def general_store(game: Game, seat: int, action: Play) -> Step:
    order = game.seats_from(seat)
    slots = yield from game.pop_deck(len(order))
    if not slots:
        return
    yield from game.reveal(slots)
    game.store = list(slots)
    for picker in order:
        if not game.store:
            break
        if len(game.store) == 1:
            chosen = game.store[0]
        else:
            choice = yield from game.decide(Decision(picker, STORE_PICK,
                                                     options=tuple(game.store)))
            chosen = choice.value
        game.store.remove(chosen)
        game.players[picker].hand.append(chosen)
        game.event("store_pick", picker, card=game.known[chosen])


def gatling(game: Game, seat: int, action: Play) -> Step:
    for target in game.seats_from(seat)[1:]:
        if game.players[target].alive and not game.immune(seat, target, action.card):
            yield from game.shoot(seat, target, 1)


def indians(game: Game, seat: int, action: Play) -> Step:
    for target in game.seats_from(seat)[1:]:
        if not game.players[target].alive or game.immune(seat, target, action.card):
            continue
        answered = yield from game.answer(target, RESPOND_INDIANS, seat)
        if not answered:
            yield from game.damage(target, 1, seat)


def duel(game: Game, seat: int, action: Play) -> Step:
    answering, other = action.target, seat
    while True:
        answered = yield from game.answer(answering, RESPOND_DUEL, other)
        if answered:
            answering, other = other, answering
            continue
        # The Duel's BANG! cards are discarded, not played: the one card played is the Duel.
        yield from game.damage(answering, 1, other, card_player=seat)
        return


def panic(game: Game, seat: int, action: Play) -> Step:
    if action.target_slot == FROM_HAND:
        yield from game.steal_random(action.target, seat)
        return
    game.players[action.target].table.remove(action.target_slot)
    game.players[seat].hand.append(action.target_slot)
    game.event("steal", seat, action.target, game.known[action.target_slot])


def cat_balou(game: Game, seat: int, action: Play) -> Step:
    victim = game.players[action.target]
    if action.target_slot == FROM_HAND:
        slot = yield from game.random_hand_slot(action.target, shown_to=None)
        (card,) = yield from game.reveal([slot])
        victim.hand.remove(slot)
        game.discard.append(slot)
        game.event("forced_discard", action.target, seat, card)
        yield from game.hand_lost(action.target)
        return
    victim.table.remove(action.target_slot)
    game.discard.append(action.target_slot)
    game.event("forced_discard", action.target, seat, game.known[action.target_slot])


# ---------------------------------------------------------------------- cards in play


def dynamite(game: Game, seat: int, slot: int) -> Step:
    """draw!: 2-9 of Spades explodes (3 life points); otherwise it passes to the left."""
    card = yield from game.draw_check(seat, "dynamite_check")
    suits, ranks = game.suits, game.ranks
    if card is not None and suits[card] == SPADES and 2 <= ranks[card] <= 9:
        game.players[seat].table.remove(slot)
        game.discard.append(slot)
        game.event("explode", seat, card=game.known[slot])
        yield from game.damage(seat, 3, NO_SEAT)
        return game.players[seat].alive
    rules = game.rules.card_rules
    for receiver in game.seats_from(seat)[1:]:
        if not any(rules[game.known[s]] is DYNAMITE for s in game.players[receiver].table):
            game.players[seat].table.remove(slot)
            game.players[receiver].table.append(slot)
            game.event("pass_dynamite", seat, receiver, game.known[slot])
            break
    return True


def jail(game: Game, seat: int, slot: int) -> Step:
    """draw!: Hearts escapes; otherwise the turn is skipped. The Jail is discarded."""
    card = yield from game.draw_check(seat, "jail_check")
    game.players[seat].table.remove(slot)
    game.discard.append(slot)
    if card is None or game.suits[card] != HEARTS:
        game.event("skip_turn", seat)
        return False
    game.event("escape", seat)
    return True


# ---------------------------------------------------------------------- characters


def bart_cassidy(game: Game, seat: int, amount: int, source: int, card_player: int) -> Step:
    """Draws a card for each life point lost."""
    yield from game.draw(seat, amount)


def el_gringo(game: Game, seat: int, amount: int, source: int, card_player: int) -> Step:
    """Draws a random hand card of the one who hurt him, per life point lost."""
    giver = source if card_player == NO_SEAT else card_player
    if giver in (NO_SEAT, seat):
        return
    for _ in range(amount):
        if not game.players[giver].hand:
            break
        yield from game.steal_random(giver, seat)


def suzy_lafayette(game: Game, seat: int) -> Step:
    """Draws a card as soon as her hand is empty."""
    yield from game.draw(seat, 1)


def jesse_jones(game: Game, seat: int) -> Step:
    """May draw his first card from the hand of a player."""
    sources = tuple(s for s in game.ring if s != seat and game.players[s].hand)
    if sources:
        choice = yield from game.decide(
            Decision(seat, DRAW_SOURCE, options=(DRAW_FROM_DECK, *sources)))
        if choice.value != DRAW_FROM_DECK:
            yield from game.steal_random(choice.value, seat)
            yield from game.draw(seat, game.phase_one_cards - 1)
            return
    yield from game.draw(seat, game.phase_one_cards)


def pedro_ramirez(game: Game, seat: int) -> Step:
    """May draw his first card from the top of the discard pile."""
    if game.discard:
        choice = yield from game.decide(
            Decision(seat, DRAW_SOURCE, options=(DRAW_FROM_DECK, DRAW_FROM_DISCARD)))
        if choice.value == DRAW_FROM_DISCARD:
            slot = game.discard.pop()
            game.players[seat].hand.append(slot)
            game.event("take_discard", seat, card=game.known[slot])
            yield from game.draw(seat, game.phase_one_cards - 1)
            return
    yield from game.draw(seat, game.phase_one_cards)


def kit_carlson(game: Game, seat: int) -> Step:
    """Looks at the top three cards, keeps two, puts the other back on the deck. Keeping
    only one (Thirst), he puts two back, in the order they came (D18)."""
    slots = yield from game.draw(seat, 3)
    back: list[int] = []
    while len(slots) - len(back) > game.phase_one_cards and len(slots) == 3:
        options = tuple(s for s in slots if s not in back)
        choice = yield from game.decide(Decision(seat, PUT_BACK, options=options))
        back.append(choice.value)
    for slot in reversed([s for s in slots if s in back]):  # the first drawn back on top
        game.players[seat].hand.remove(slot)
        game.deck.append(slot)
        game.event("put_back", seat)


def black_jack(game: Game, seat: int) -> Step:
    """Shows his second card; on Hearts or Diamonds he draws one more. (An event that changes
    the phase-1 count: with one card there is no second; extra cards come before it.)"""
    yield from game.draw(seat, 1)
    count = game.phase_one_cards
    if count < 2:
        return
    if count > 2:
        yield from game.draw(seat, count - 2)
    second = yield from game.pop_deck(1)
    if second:
        (card,) = yield from game.reveal(second)
        game.players[seat].hand.extend(second)
        game.event("show_draw", seat, card=card)
        if game.suits[card] in (HEARTS, DIAMONDS):
            yield from game.draw(seat, 1)


# Sid Ketchum: "at any time" he may discard two cards to regain one life point. The moments
# a seat holds the initiative in this engine: his play phase, his discards at the end of the
# turn, his dying window, any answer he is asked for (a shot, Indians!, a Duel), and the
# moment right after a hit out of his play phase (``ANY_TIME``; base FAQ: like a Beer).
SID_MOMENTS = frozenset({PLAY, DISCARD, DYING, RESPOND_SHOT, RESPOND_INDIANS, RESPOND_DUEL,
                         ANY_TIME})


def sid_usable(game: Game, seat: int, kind: str) -> bool:
    player = game.players[seat]
    if kind not in SID_MOMENTS or len(player.hand) < 2:
        return False
    # Dying, he is at 0 or less: below his maximum by definition.
    return kind == DYING or player.life < player.max_life


def sid_options(game: Game, seat: int, hand: Hand, kind: str) -> list[Action]:
    if not sid_usable(game, seat, kind):
        return []
    ordered = sorted(hand)
    options: list[Action] = []
    for i, (slot_a, card_a) in enumerate(ordered):
        for slot_b, card_b in ordered[i + 1:]:
            options.append(Ability((slot_a, slot_b), (card_a, card_b)))
    return options


def sid_ability(game: Game, seat: int, action: Ability) -> Step:
    for slot, card in zip(action.slots, action.cards, strict=True):
        game.take_from_hand(seat, slot, card)
        game.discard.append(slot)
        game.event("discard", seat, card=card)
    game.heal(seat, 1)
    game.event("ability", seat)
    yield from game.hand_lost(seat)


# ---------------------------------------------------------------------- the module

DYNAMITE = CardRules(turn_start=dynamite, turn_start_order=0)
JAIL = CardRules(play_options=jail_options, placed_on_target=True, turn_start=jail,
                 turn_start_order=1)

CARD_RULES: dict[str, CardRules] = {
    "bang": CardRules(effect=bang, play_options=bang_options, answers=BANG_ANSWERS,
                      counts_as_bang=True),
    "missed": CardRules(answers=SHOT),
    "beer": CardRules(effect=beer, saves_from_dying=True, heals=1),
    "saloon": CardRules(effect=saloon),
    "stagecoach": CardRules(effect=stagecoach),
    "wells_fargo": CardRules(effect=wells_fargo),
    "general_store": CardRules(effect=general_store),
    "gatling": CardRules(effect=gatling),
    "indians": CardRules(effect=indians),
    "duel": CardRules(effect=duel, play_options=any_other_options, ignores_immunity=True),
    "panic": CardRules(effect=panic, play_options=panic_options),
    "cat_balou": CardRules(effect=cat_balou, play_options=cat_balou_options),
    "barrel": CardRules(barrels=1),
    "mustang": CardRules(distance_plus=1),
    "scope": CardRules(distance_minus=1),
    "volcanic": CardRules(unlimited_bang=True),
    "dynamite": DYNAMITE,
    "jail": JAIL,
}

CHARACTER_RULES: dict[str, CharacterRules] = {
    "bart_cassidy": CharacterRules(on_damage=bart_cassidy),
    "black_jack": CharacterRules(draw_phase=black_jack),
    "calamity_janet": CharacterRules(
        plays_as={"missed": "bang"},
        extra_answers={"bang": SHOT, "missed": BANG_ANSWERS}),
    "el_gringo": CharacterRules(on_damage=el_gringo),
    "jesse_jones": CharacterRules(draw_phase=jesse_jones),
    "jourdonnais": CharacterRules(barrels=1),
    "kit_carlson": CharacterRules(draw_phase=kit_carlson),
    "lucky_duke": CharacterRules(check_flips=2),
    "paul_regret": CharacterRules(distance_plus=1),
    "pedro_ramirez": CharacterRules(draw_phase=pedro_ramirez),
    "rose_doolan": CharacterRules(distance_minus=1),
    "sid_ketchum": CharacterRules(ability_usable=sid_usable, ability_options=sid_options,
                                  ability=sid_ability),
    "slab_the_killer": CharacterRules(shot_needed=2),
    "suzy_lafayette": CharacterRules(on_hand_empty=suzy_lafayette),
    "vulture_sam": CharacterRules(takes_eliminated_cards=True),
    "willy_the_kid": CharacterRules(unlimited_bang=True),
}

MODULE = RuleModule("base", BASE_CARDS, BASE_CHARACTERS, CARD_RULES, CHARACTER_RULES,
                    WEAPON_REACH, kind="base")
