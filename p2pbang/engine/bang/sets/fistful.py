"""The rules of the A Fistful of Cards event cards (docs/rules/fistful.md: the sources
and the readings chosen). Each event is an ``EventRules`` the turn loop asks while it is in
force; the engine itself names no event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.engine.actions import (
    BLACK,
    DECLINE,
    EVENT_PICK,
    EXCHANGE,
    GUESS,
    NO_SEAT,
    NO_SLOT,
    RED,
    RESPOND_MISSED,
    Action,
    Decision,
    Discard,
    Pass,
    Play,
    PlayPaid,
    UseGreen,
)
from p2pbang.engine.bang.cards.fistful import FISTFUL_EVENTS
from p2pbang.engine.bang.catalog import DIAMONDS, HEARTS
from p2pbang.engine.bang.rules import EventRules, Hand, RuleModule, Step

if TYPE_CHECKING:
    from p2pbang.engine.bang.game import Game

MINE_MARK = "abandoned_mine"  # turn_marks: phase 1 drew from the discard pile
HARD_LIQUOR_HEAL = 1  # EVENT_PICK option of Hard Liquor: skip phase 1, regain 1 life


def a_fistful_of_cards(game: Game, seat: int) -> Step:
    """At the start of his turn a player is the target of one BANG! per card in his hand
    (counted once, before the first shot)."""
    for _ in range(len(game.players[seat].hand)):
        yield from game.shoot(NO_SEAT, seat, 1)
        if not game.players[seat].alive:
            return False
    return True


def abandoned_mine_draw(game: Game, seat: int) -> Step:
    """Phase 1 from the discard pile (its top first), from the deck once it is empty."""
    player = game.players[seat]
    for _ in range(game.phase_one_cards):
        if game.discard:
            slot = game.discard.pop()
            player.hand.append(slot)
            game.turn_marks.add(MINE_MARK)
            game.event("take_discard", seat, card=game.known[slot])
        else:
            yield from game.draw(seat, 1)


def abandoned_mine_after(game: Game, seat: int) -> Step:
    """Having drawn from the discard pile, the cards he plays this turn go face down on top
    of the deck instead, once their effect is over (the last one on top): the played card,
    a "+1" card's price, a green card used. The designer's list: "in tal caso, per quel turno
    scarta sempre coperto sul mazzo"; the official FAQ keeps the rest on the discard pile:
    the BANG! cards he answers with in a Duel, an ability's discards (José Delgado) and the
    cards discarded down to his hand limit, which were not used."""
    if MINE_MARK not in game.turn_marks:
        return
    played = _played_slots(game.last_play)
    moved = [slot for slot in game.discard if slot in played]
    for slot in moved:
        game.discard.remove(slot)
        game.deck.append(slot)
        game.event("to_deck", seat, card=game.known[slot])
    return
    yield


def _played_slots(action: Action | None) -> frozenset[int]:
    """The slots of the cards a play-phase action played (none for an ability, a table
    action or the end-of-turn discards)."""
    if isinstance(action, PlayPaid):
        return frozenset((action.slot, action.cost_slot))
    if isinstance(action, (Play, UseGreen)):
        return frozenset((action.slot,))
    return frozenset()


def blood_brothers(game: Game, seat: int) -> Step:
    """He may lose 1 life (never his last) to give 1 to another player who lacks one."""
    player = game.players[seat]
    if player.life > 1:
        takers = tuple(s for s in game.ring if s != seat
                       and game.players[s].life < game.players[s].max_life)
        if takers:
            choice = yield from game.decide(
                Decision(seat, EVENT_PICK, options=(DECLINE, *takers)))
            if choice.value != DECLINE:
                player.life -= 1
                game.event("lose_life", seat, choice.value, value=1, life=player.life)
                game.heal(choice.value, 1)
    return True


def first_eliminated(game: Game, seat: int) -> bool:
    """Dead Man: the first player eliminated, still out, comes back on his turn."""
    order = game.eliminated_order
    return bool(order) and order[0] == seat and not game.players[seat].alive \
        and seat not in game.returned


def dead_man_returns(game: Game, seat: int) -> Step:
    """Back in the game for good with 2 life points and 2 cards (until killed again)."""
    game.bring_back(seat, 2, ghost=False)
    yield from game.draw(seat, 2)


def hard_liquor(game: Game, seat: int) -> Step:
    """He may skip phase 1 to regain 1 life point (asked only when he lacks one and can
    regain it: a shadow gunslinger "nem tud életet szerezni" (Gold Rush), so the offer would
    only cost him his draw)."""
    player = game.players[seat]
    if player.life >= player.max_life or game.life_fixed(seat):
        return True
    choice = yield from game.decide(
        Decision(seat, EVENT_PICK, options=(DECLINE, HARD_LIQUOR_HEAL)))
    if choice.value == HARD_LIQUOR_HEAL:
        game.heal(seat, 1)
        return False
    return True


def law_of_the_west(game: Game, seat: int) -> Step:
    """The second card drawn in phase 1 is shown; it must be played if it can be."""
    drawn = game.phase_one_drawn
    if len(drawn) < 2:
        return
    slot = drawn[1]
    (card,) = yield from game.reveal([slot])
    game.event("show_draw", seat, card=card)
    game.must_play = slot


def peyote(game: Game, seat: int) -> Step:
    """Instead of drawing: guess red or black, then the deck's top card is shown; right, he
    keeps it and may guess again ("la tiene e può indovinare ancora": the next ``GUESS`` has
    ``needed`` 0 and may be answered with ``Pass``); wrong, it is discarded and phase 1 is
    over. The first guess replaces the draw (``needed`` 1: no Pass)."""
    player = game.players[seat]
    needed = 1
    while game.deck or game.discard:
        guess = yield from game.decide(
            Decision(seat, GUESS, options=(RED, BLACK), needed=needed))
        if isinstance(guess, Pass):
            return
        slots = yield from game.pop_deck(1)
        if not slots:
            return
        (card,) = yield from game.reveal(slots)
        red = game.suits[card] in (HEARTS, DIAMONDS)
        if (guess.value == RED) == red:
            player.hand.extend(slots)
            game.event("guess_right", seat, card=card)
            needed = 0
            continue
        game.discard.extend(slots)
        game.event("guess_wrong", seat, card=card)
        return


def ranch(game: Game, seat: int) -> Step:
    """Once, at the end of phase 1, he may discard any number of hand cards and draw as
    many (one by one: each discard is a decision, then the draw)."""
    player = game.players[seat]
    count = 0
    while player.hand:
        action = yield from game.decide(Decision(seat, EXCHANGE))
        if not isinstance(action, Discard):
            break
        game.take_from_hand(seat, action.slot, action.card)
        game.discard.append(action.slot)
        game.event("discard", seat, card=action.card)
        count += 1
    if count:
        yield from game.draw(seat, count)


def _bang_cards(game: Game, seat: int, hand: Hand) -> list[tuple[int, int]]:
    return [(slot, card) for slot, card in hand
            if game.cards[card].kind == "brown" and game.play_rules(seat, card).counts_as_bang]


def ricochet_plays(game: Game, seat: int, hand: Hand) -> list[Action]:
    """A BANG! card against any card in play in front of another player, at any distance,
    as often as he has BANG! cards (not counted as his BANG! of the turn)."""
    bangs = _bang_cards(game, seat, hand)
    if not bangs:
        return []
    targets = [(t, s) for t in game.ring if t != seat for s in game.players[t].table]
    return [Play(slot, card, t, s) for slot, card in bangs for t, s in targets
            if not game.immune(seat, t, card)]


def ricochet_play(game: Game, seat: int, action: Action) -> Step | None:
    if not (isinstance(action, Play) and action.target_slot >= 0
            and game.cards[action.card].kind == "brown"
            and game.play_rules(seat, action.card).counts_as_bang):
        return None
    return _ricochet(game, seat, action)


def _ricochet(game: Game, seat: int, action: Play) -> Step:
    game.take_from_hand(seat, action.slot, action.card)
    game.discard.append(action.slot)
    game.event("play", seat, action.target, action.card)
    yield from game.hand_lost(seat)
    answered = yield from game.answer(action.target, RESPOND_MISSED, seat)
    owner = game.players[action.target]
    if answered or action.target_slot not in owner.table:
        game.event("missed", action.target, seat)
        return
    owner.table.remove(action.target_slot)
    game.discard.append(action.target_slot)
    game.event("forced_discard", action.target, seat, game.known[action.target_slot])


def russian_roulette(game: Game) -> Step:
    """From the Sheriff on, around the table, each discards a Missed! until one cannot (or
    will not): he loses 2 life points and the roulette stops."""
    while True:
        for seat in game.seats_from(game.first_seat):
            answered = yield from game.answer(seat, RESPOND_MISSED, NO_SEAT)
            if not answered:
                yield from game.damage(seat, 2, NO_SEAT)
                return


def sniper_plays(game: Game, seat: int, hand: Hand) -> list[Action]:
    """Two BANG! cards together at a player in reach: his BANG! of the turn, which only two
    Missed! cancel."""
    bangs = _bang_cards(game, seat, hand)
    if len(bangs) < 2 or not game.can_play_bang(seat):
        return []
    targets = game.within(seat, game.reach(seat))
    bangs.sort()
    # A suit immunity (Apache Kid) holds when either card is of his suit.
    return [PlayPaid(a_slot, a_card, t, NO_SLOT, b_slot, b_card)
            for i, (a_slot, a_card) in enumerate(bangs) for b_slot, b_card in bangs[i + 1:]
            for t in targets
            if not (game.immune(seat, t, a_card) or game.immune(seat, t, b_card))]


def sniper_play(game: Game, seat: int, action: Action) -> Step | None:
    if not isinstance(action, PlayPaid):
        return None
    rules = game.play_rules
    if not (rules(seat, action.card).counts_as_bang and rules(seat, action.cost_card)
            .counts_as_bang):
        return None
    return _sniper(game, seat, action)


def _sniper(game: Game, seat: int, action: PlayPaid) -> Step:
    for slot, card in ((action.slot, action.card), (action.cost_slot, action.cost_card)):
        game.take_from_hand(seat, slot, card)
        game.discard.append(slot)
        game.event("play", seat, action.target, card)
    yield from game.hand_lost(seat)
    game.bangs_played += 1
    yield from game.shoot(seat, action.target, 2)


def vendetta(game: Game, seat: int) -> Step:
    """At the end of his turn, "draw!": on Hearts he plays another turn (once)."""
    card = yield from game.draw_check(seat, "vendetta_check")
    return card is not None and game.suits[card] == HEARTS


EVENT_RULES: dict[str, EventRules] = {
    "a_fistful_of_cards": EventRules(turn_start=a_fistful_of_cards),
    "abandoned_mine": EventRules(draw_phase=abandoned_mine_draw,
                                 after_action=abandoned_mine_after),
    "ambush": EventRules(flat_distance=True),
    "blood_brothers": EventRules(turn_start=blood_brothers),
    "dead_man": EventRules(returns_from_dead=first_eliminated, revive=dead_man_returns),
    "hard_liquor": EventRules(before_draw=hard_liquor),
    "the_judge": EventRules(nothing_placed=True),
    "lasso": EventRules(silences_cards_in_play=True),
    "law_of_the_west": EventRules(after_draw=law_of_the_west),
    "peyote": EventRules(draw_phase=peyote),
    "ranch": EventRules(after_draw=ranch),
    "ricochet": EventRules(extra_plays=ricochet_plays, special_play=ricochet_play),
    "russian_roulette": EventRules(on_enter=russian_roulette),
    "sniper": EventRules(extra_plays=sniper_plays, special_play=sniper_play),
    "vendetta": EventRules(after_turn=vendetta),
}

MODULE = RuleModule("fistful", (), (), {}, {}, {}, events=FISTFUL_EVENTS,
                    event_rules=EVENT_RULES, order=3)
