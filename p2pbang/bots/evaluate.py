"""How good a position is for a seat, 0..1: the strong bot's score of a playout it cuts short.

Why: a whole playout ends in a win or a loss, a score so noisy that a few dozen of them
cannot tell two moves apart; and in the card game and the Duel it costs tens of
milliseconds. Cut after a few turns (each game's ``SEARCH.horizon``, ``search_facts.py``)
and scored by an estimate of the winning chances, a playout costs less and its score moves
with what the move changed (a life, a card, a character), so the comparison sharpens.

The estimates are logistic models, one per role (the Duel: one for both sides), fitted on
positions of games between sensible bots, each labelled with whether that seat's side went
on to win: the card game at 7 seats (1,500 games), the Dice Game at 6 (4,000 games), the
Duel (1,500 games), events fed to every bot. They read only what the world of a playout
knows (a sampled world: every role is filled in). Other table sizes use the same weights,
a rougher fit. ``python -m p2pbang.sim.fit_evaluation GAME SEATS GAMES`` refits them,
prints the weights and checks them and these on held-out deals (minutes of one core).
These weights came from an older regression (plain SGD on the raw features, far from
converged) and other positions (the Duel's: at turn starts), so a refit comes out
different: for the Dice Game (8,000 games) it predicts held-out winners much better (log
loss 0.543 against 0.617 for an Outlaw, 0.507 against 0.588 for the Sheriff), yet its
searches chose no better in playouts of the true deal, nor did a model that also reads the
seating, the turn and life near death; these weights were kept (docs/benchmarks.md, "The
Dice Game's position score").
"""

from __future__ import annotations

import math
from typing import Any

from p2pbang.engine.actions import End

ROLES = ("sheriff", "deputy", "outlaw", "renegade")

# Per role: weights of ``team_features`` (12), then the intercept.
CARD_GAME: dict[str, tuple[float, ...]] = {
    "sheriff": (0.341, 0.308, -0.27, -0.403, 0.001, 0.256, 0.639, 0.341, 0.132, 0.165,
                -0.137, -0.01, -1.49),
    "deputy": (0.61, 0.211, -0.293, -0.221, 0.047, 0.285, 0.238, 0.041, -0.049, 0.084,
               -0.09, -0.034, -1.522),
    "outlaw": (-0.705, -0.133, 0.386, -0.033, 0.051, -0.013, -0.022, -0.008, 0.026, -0.126,
               0.191, -0.092, 0.308),
    "renegade": (-0.156, -0.287, 0.057, 0.263, 0.052, 0.169, -1.022, 0.263, 0.026, -0.008,
                 -0.081, 0.026, -1.022),
}
DICE_GAME: dict[str, tuple[float, ...]] = {
    "sheriff": (0.23, 0.301, -0.204, -0.07, -0.043, -0.253, 0.48, 0.23, -0.107, -0.104,
                0.055, 0.022, -1.053),
    "deputy": (0.334, 0.143, -0.2, -0.058, -0.433, -0.345, 0.162, 0.143, 0.116, -0.265,
               0.057, -0.023, -0.433),
    "outlaw": (-0.369, -0.21, 0.155, -0.162, 0.017, 0.464, -0.426, 0.038, 0.009, 0.254,
               -0.054, 0.145, 0.339),
    "renegade": (-0.013, -0.101, -0.145, 0.2, -0.209, -0.246, -0.937, 0.2, -0.11, -0.099,
                 -0.015, -0.11, -0.937),
}
# The Duel: weights of ``duel_features`` (8), then the intercept.
DUEL = (0.159, 1.063, -0.159, 0.094, -0.037, 0.106, 0.484, -0.003, 0.018)
DUEL_GUARDS = frozenset({"barrel", "hat"})


def sigmoid(z: float) -> float:
    """The logistic function, clamped so that no score overflows ``exp``."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _logistic(weights: tuple[float, ...], features: list[float]) -> float:
    return sigmoid(weights[-1] + sum(w * x for w, x in zip(weights, features, strict=False)))


def team_features(game: Any, seat: int, dice: bool) -> list[float]:
    """Life, living players and cards in hand (the Dice Game: arrows) of each role's team,
    and the seat's own life and hand (arrows)."""
    life = dict.fromkeys(ROLES, 0)
    alive = dict.fromkeys(ROLES, 0)
    held = dict.fromkeys(ROLES, 0)
    for player in game.players:
        if player.alive and player.role in life:
            life[player.role] += player.life
            alive[player.role] += 1
            held[player.role] += player.arrows if dice else len(player.hand)
    me = game.players[seat]
    mine = me.arrows if dice else len(me.hand)
    return [life["sheriff"], life["deputy"], life["outlaw"], life["renegade"],
            alive["deputy"], alive["outlaw"], alive["renegade"], me.life, mine,
            held["sheriff"] + held["deputy"], held["outlaw"], held["renegade"]]


def role_value(game: Any, seat: int, dice: bool) -> float:
    """The chance that ``seat``'s side wins from here (a finished game: 1 or 0)."""
    pending = game.pending
    if isinstance(pending, End):
        return 1.0 if seat in pending.winners else 0.0
    table = DICE_GAME if dice else CARD_GAME
    weights = table.get(game.players[seat].role)
    if weights is None:  # a role these models do not know (a variant): no opinion
        return 0.5
    return _logistic(weights, team_features(game, seat, dice))


def card_value(game: Any, seat: int) -> float:
    return role_value(game, seat, dice=False)


def dice_value(game: Any, seat: int) -> float:
    return role_value(game, seat, dice=True)


def _duel_side(game: Any, side: int) -> list[float]:
    from p2pbang.engine.duel.actions import ACTIVE
    from p2pbang.engine.duel.catalog import DUEL_CARDS

    s = game.sides[side]
    life = sum(f.life for f in s.figures)
    active = game.figure(side, ACTIVE).life if s.figures else 0
    guards = sum(1 for f in s.figures if game.is_active(f) for slot in f.table
                 if DUEL_CARDS[game.known[slot]].name in DUEL_GUARDS)
    return [life, len(s.figures) + len(s.reserve), len(s.reserve), len(s.hand), active, guards]


def duel_features(game: Any, seat: int) -> list[float]:
    """The seat's side minus the other's (life in play, characters left, in reserve, cards
    in hand, the active character's life, a Barrel or Hat working), which side it is,
    and whose turn it is."""
    mine, theirs = _duel_side(game, seat), _duel_side(game, 1 - seat)
    return [a - b for a, b in zip(mine, theirs, strict=True)] + [
        1.0 if seat == 0 else -1.0, 1.0 if game.current == seat else -1.0]


def duel_value(game: Any, seat: int) -> float:
    pending = game.pending
    if isinstance(pending, End):
        return 1.0 if seat in pending.winners else 0.0
    return _logistic(DUEL, duel_features(game, seat))


def role_sample(game: Any, seat: int, dice: bool) -> tuple[str, list[float]] | None:
    """A living seat's role and its team features (a seat out of the game: None)."""
    player = game.players[seat]
    return (player.role, team_features(game, seat, dice)) if player.alive else None


def card_sample(game: Any, seat: int) -> tuple[str, list[float]] | None:
    return role_sample(game, seat, dice=False)


def dice_sample(game: Any, seat: int) -> tuple[str, list[float]] | None:
    return role_sample(game, seat, dice=True)


def duel_sample(game: Any, seat: int) -> tuple[str, list[float]]:
    return "duel", duel_features(game, seat)
