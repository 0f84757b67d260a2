"""The Dice Game as one seat sees it: the view model the full-screen and plain interfaces draw.

Built from the person's own engine (``DiceGame(viewer=you)``) only, so a hidden role that
engine never learned cannot be shown: the data is not there. Seats are listed from the
person round the table in turn order, with the distance a Bull's Eye would need.
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pbang.engine.actions import NO_SEAT, Decision, End
from p2pbang.engine.dice.actions import REROLL
from p2pbang.engine.dice.faces import (
    DYNAMITE,
    THREE_PLAYER_TARGET,
)
from p2pbang.engine.dice.game import DiceGame


@dataclass(frozen=True)
class DiceSeatView:
    seat: int
    name: str
    character: str
    life: int
    max_life: int
    arrows: int
    chief: bool  # holds the Indian Chief's Arrow
    alive: bool
    role: str | None  # known to this seat's engine (own, face up, or the dead's)
    target: str | None  # three players: the name of the seat this one must eliminate
    distance: int | None  # from the person, over the living (None: the person, or dead)
    is_you: bool
    is_current: bool


@dataclass(frozen=True)
class DiceView:
    turn: int
    current: int  # whose turn (NO_SEAT before the first)
    seats: tuple[DiceSeatView, ...]  # from the person, in turn order
    dice: tuple[int, ...]  # die codes of the current turn (faces.symbol/weight)
    kinds: tuple[int, ...]  # which die each is (base, Loudmouth, Coward)
    locked: tuple[bool, ...]  # Dynamites the roller may not reroll
    rolls_left: int | None  # at the person's reroll decision
    middle: int  # regular arrow tokens in the middle
    chief_in_middle: bool
    saloon: bool
    decision: Decision | None  # the person's own pending decision
    end: End | None


def build_dice_view(game: DiceGame, names: list[str], you: int) -> DiceView:
    """The view of ``game`` (the person's own engine) for seat ``you``."""
    pending = game.pending
    order = game.order
    start = order.index(you)
    ring = game.alive_seats()
    you_alive = game.players[you].alive
    seats = []
    for seat in order[start:] + order[:start]:
        p = game.players[seat]
        known = p.role if (p.role_public or seat == you) else None
        target = None
        if game.n == 3 and known is not None:
            goal = THREE_PLAYER_TARGET[known]
            target = next((names[q.seat] for q in game.players if q.role == goal), None)
        distance = (game.distance(you, seat) if you_alive and p.alive and seat != you
                    and seat in ring else None)
        seats.append(DiceSeatView(seat, names[seat], p.character, p.life, p.max_life,
                                  p.arrows, game.chief == seat, p.alive, known, target,
                                  distance, seat == you, seat == game.current))
    mine = pending if isinstance(pending, Decision) and pending.seat == you else None
    roller = game.current
    black_jack = roller != NO_SEAT and game.players[roller].character == "black_jack"
    locked = tuple(code == DYNAMITE and not black_jack for code in game.dice)
    rolls_left = mine.needed if mine is not None and mine.kind == REROLL else None
    return DiceView(
        turn=game.turn, current=game.current, seats=tuple(seats), dice=tuple(game.dice),
        kinds=tuple(game.kinds), locked=locked, rolls_left=rolls_left, middle=game.arrows,
        chief_in_middle=game.saloon and game.chief == NO_SEAT, saloon=game.saloon,
        decision=mine, end=pending if isinstance(pending, End) else None)
