"""The Duel as one side sees it: the view model its full-screen and plain interfaces draw.

Built from that side's own engine (``DuelGame(viewer=side)``): the person's hand is there
card by card, the opponent's only as a count, so nothing hidden can be shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from p2pbang.engine.actions import Decision, End
from p2pbang.engine.duel.actions import ACTIVE, REARGUARD
from p2pbang.engine.duel.catalog import DUEL_CARDS, DUEL_CHARACTERS
from p2pbang.engine.duel.game import DuelGame


@dataclass(frozen=True)
class FigureView:
    character: str  # rules key
    life: int
    max_life: int
    place: int  # ACTIVE or REARGUARD (a lone character is ACTIVE)
    alone: bool
    equipment: tuple[str, ...]  # card keys in play on it


@dataclass(frozen=True)
class SideView:
    side: int  # 0 lawmen, 1 outlaws
    name: str
    is_you: bool
    figures: tuple[FigureView, ...]  # active first
    reserve: int
    hand: int
    deck: int
    on_common: bool


@dataclass(frozen=True)
class DuelView:
    turn: int
    current: int
    sides: tuple[SideView, SideView]  # the person's side first
    hand: tuple[tuple[int, str], ...]  # (slot, card key) of the person's hand
    common: int
    discard_top: tuple[str, str] | None  # (card key, draw! symbol) on top of the discard
    decision: Decision | None
    end: End | None


def _figures(game: DuelGame, side: int) -> tuple[FigureView, ...]:
    figures = []
    places = game.places(side)
    for code in places:
        fig = game.figure_at(code)
        gear = tuple(DUEL_CARDS[game.known[s]].name for s in fig.table if s in game.known)
        figures.append(FigureView(DUEL_CHARACTERS[fig.character].name, fig.life,
                                  fig.max_life, ACTIVE if code % 2 == ACTIVE else REARGUARD,
                                  len(places) == 1, gear))
    return tuple(figures)


def build_duel_view(game: DuelGame, names: list[str], you: int) -> DuelView:
    """The view of ``game`` (the person's own engine) for side ``you``."""
    sides = []
    for side in (you, 1 - you):
        s = game.sides[side]
        sides.append(SideView(side, names[side], side == you,
                              _figures(game, side) if s.figures else (), len(s.reserve),
                              len(s.hand), len(s.deck), s.on_common))
    hand = tuple((slot, DUEL_CARDS[game.known[slot]].name)
                 for slot in game.sides[you].hand if slot in game.known)
    top = None
    if game.discard and game.discard[-1] in game.known:
        card = DUEL_CARDS[game.known[game.discard[-1]]]
        top = (card.name, card.symbol)
    pending = game.pending
    mine = pending if isinstance(pending, Decision) and pending.seat == you else None
    return DuelView(game.turn, game.current, (sides[0], sides[1]), hand, len(game.common),
                    top, mine, pending if isinstance(pending, End) else None)
