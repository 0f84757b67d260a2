"""The Duel's card effects: start-of-turn equipment and every card played from the hand.

Each effect is a generator step of ``DuelGame`` (see ``game.py``): it yields decisions and
chance requests and changes the table through the game's own helpers. Texts: the Hungarian
rulebook ("A kártyák") and the printed cards.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from p2pbang.engine.actions import FROM_HAND, NO_SLOT, Choose, Discard, Pass, Play
from p2pbang.engine.duel.actions import (
    ACTIVE,
    CARBINE,
    FORCED_DISCARD,
    REARGUARD,
    RESPOND_DUEL,
    RESPOND_INDIANS,
    SHOTGUN,
    STAGECOACH_DISCARD,
    STORE_PICK,
)
from p2pbang.engine.duel.catalog import DYNAMITE, SNAKE
from p2pbang.engine.duel.zones import Figure
from p2pbang.engine.fastvalues import decision

if TYPE_CHECKING:
    from p2pbang.engine.duel.game import DuelGame

Step = Generator[Any, Any, Any]


def _dynamite(game: DuelGame, fig: Figure) -> Step:
    """Reveal: Dynamite explodes (3 life, discarded); otherwise it passes to the opponent's
    rearguard."""
    slot = game._find(fig, "dynamite")
    symbol = yield from game._draw_check(fig.side)
    fig.table.remove(slot)
    if symbol == DYNAMITE:
        game.discard.append(slot)
        game._event("explode", fig.side)
        yield from game._lose(fig, 3, None)
        return
    other = game.figure(1 - fig.side, REARGUARD)
    old = game._find(other, "dynamite")
    if old != NO_SLOT:
        other.table.remove(old)
        game.discard.append(old)
    other.table.append(slot)


def _rattlesnake(game: DuelGame, fig: Figure) -> Step:
    if (yield from game._draw_check(fig.side)) == SNAKE:
        yield from game._lose(fig, 1, 1 - fig.side)


def _panic(game: DuelGame, fig: Figure) -> Step:
    yield from game._move_token(fig.side, fig.side)


START_OF_TURN = {"dynamite": _dynamite, "rattlesnake": _rattlesnake, "panic": _panic}


# ---------------------------------------------------------------------- cards


def play_bang(game: DuelGame, side: int, name: str, target: Figure) -> Step:
    hits = 1 + (len(target.table) if name == "quickdraw" else 0)
    for _ in range(hits):
        dodged = yield from game._hit(side, target, name)
        if dodged:
            yield from _after_dodge(game, side, name, target.side)


def _after_dodge(game: DuelGame, side: int, name: str, victim: int) -> Step:
    if name == "carbine":
        slots = [slot for s in (side, victim) for slot in game.figure(s, ACTIVE).table]
        if slots:
            answer = yield decision(side, CARBINE, tuple(dict.fromkeys(slots)))
            if isinstance(answer, Choose):
                for s in (side, victim):
                    fig = game.figure(s, ACTIVE)
                    if answer.value in fig.table:
                        fig.table.remove(answer.value)
                        game.discard.append(answer.value)
                        if s != side:
                            game._wild_bill(s, fig)
                        break
    elif name == "peacemaker":
        if game.sides[victim].hand:
            answer = yield decision(victim, FORCED_DISCARD, (), side)
            game._discard_from_hand(victim, answer.slot, answer.card)
            game._wild_bill(victim, None)
    elif name == "remington":
        yield from game._draw(side, 1)
    elif name == "schofield":
        game._heal(game.figure(side, ACTIVE), 1)
    elif name == "shotgun":
        options = tuple(s for s in (side, victim) if len(game.sides[s].figures) == 2)
        if options:
            answer = yield decision(side, SHOTGUN, options)
            if isinstance(answer, Choose):
                yield from game._move_token(answer.value, side)


def _knife(game: DuelGame, side: int, action: Play) -> Step:
    yield from game._hit(side, game.figure_at(action.target), "knife")


def _derringer(game: DuelGame, side: int, action: Play) -> Step:
    yield from game._hit(side, game.figure_at(action.target), "derringer")


def _gatling(game: DuelGame, side: int, action: Play) -> Step:
    """U1: every character but your active, in the rulebook's order, each hit once."""
    for fig in game._in_order(side):
        if fig is not game.figure(side, ACTIVE):
            yield from game._hit(side, fig, "gatling")


def _indians(game: DuelGame, side: int, action: Play) -> Step:
    for fig in game._in_order(side):
        if fig is game.figure(side, ACTIVE) or fig.life <= 0:
            continue
        game._awake.append(fig)  # targeted: a rearguard is awake until it has answered
        answer = yield decision(fig.side, RESPOND_INDIANS, (), side)
        if isinstance(answer, Discard):
            game._discard_from_hand(fig.side, answer.slot, answer.card)
        else:
            yield from game._lose(fig, 1, side)
        game._awake.remove(fig)


def _inn(game: DuelGame, side: int, action: Play) -> Step:
    fig = game.figure_at(action.target)
    fig.life = min(3, fig.max_life)
    game._event("life_set", fig.side, card=fig.character, value=fig.life)
    return
    yield  # pragma: no cover


def _canteen(game: DuelGame, side: int, action: Play) -> Step:
    yield from game._move_token(action.target // 2, side)


def _steal(game: DuelGame, side: int, action: Play) -> Step:
    opp = 1 - side
    if action.target_slot == FROM_HAND:
        slot = yield from game._take_from_hand(opp, side)
        yield from game._deal([slot], side)
        game.sides[side].hand.append(slot)
        game._event("steal", side, opp)
        game._wild_bill(opp, None)
        return
    fig = game.figure_at(action.target)
    fig.table.remove(action.target_slot)
    game.discard.append(action.target_slot)
    if fig.side != side:
        game._wild_bill(fig.side, fig)


def _teacher(game: DuelGame, side: int, action: Play) -> Step:
    fig = game.figure_at(action.target)
    fig.table.remove(action.target_slot)
    game.sides[side].hand.append(action.target_slot)
    if fig.side != side:
        game._wild_bill(fig.side, fig)
    return
    yield  # pragma: no cover


def _duel(game: DuelGame, side: int, action: Play) -> Step:
    turn = 1 - side
    while True:
        answer = yield decision(turn, RESPOND_DUEL, (), side)
        if isinstance(answer, Pass):
            yield from game._lose(game.figure(turn, ACTIVE), 1, 1 - turn)
            return
        game._discard_from_hand(turn, answer.slot, answer.card)
        turn = 1 - turn


def _stagecoach(game: DuelGame, side: int, action: Play) -> Step:
    slots = yield from game._draw(side, 3)
    if slots:
        answer = yield decision(side, STAGECOACH_DISCARD, tuple(slots))
        game._discard_from_hand(side, answer.slot, answer.card)


def _beer(game: DuelGame, side: int, action: Play) -> Step:
    for fig in game.sides[side].figures:
        game._heal(fig, 1)
    return
    yield  # pragma: no cover


def _general_store(game: DuelGame, side: int, action: Play) -> Step:
    """Two cards from each deck (four from the common pile once both decks ran out); the
    players take them in turn, the player of the card first."""
    both_common = all(s.on_common for s in game.sides)
    game.store = []
    for pile_side, count in (((side, 4),) if both_common else ((side, 2), (1 - side, 2))):
        game.store.extend((yield from game._pop(pile_side, count)))
    if not game.store:
        return
    yield from game._reveal(list(game.store))
    picker = side
    while game.store:
        if len(game.store) == 1:
            slot = game.store[0]
        else:
            answer = yield decision(picker, STORE_PICK, tuple(game.store))
            slot = answer.value
        game.store.remove(slot)
        game.sides[picker].hand.append(slot)
        game._event("store_take", picker, card=game.known[slot])
        picker = 1 - picker


ACTIONS = {
    "knife": _knife,
    "derringer": _derringer,
    "gatling": _gatling,
    "indians": _indians,
    "inn": _inn,
    "canteen": _canteen,
    "steal": _steal,
    "teacher": _teacher,
    "duel": _duel,
    "stagecoach": _stagecoach,
    "beer": _beer,
    "general_store": _general_store,
}
