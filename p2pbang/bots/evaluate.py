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
a rougher fit. ``python -m p2pbang.sim.fit_evaluation GAME SEATS GAMES`` refits them and
prints the weights (minutes of one core); it draws other deals and positions (the Duel's
weights came from positions at turn starts, the refit takes 5% of all decisions), so its
weights come out close to these, not equal.
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
# Per role: weights of ``dice_features`` (39), then the intercept.
DICE_GAME: dict[str, tuple[float, ...]] = {
    "sheriff": (0.196, 0.268, -0.17, -0.079, 0.39, 0.225, 0.262, 0.196, -0.095, -0.123, 0.115,
                0.039, -0.481, -0.262, -0.199, -0.262, -0.199, -0.481, -0.012, -0.056, -0.056,
                -0.289, -0.327, -0.161, -0.188, -0.49, -0.457, 0.0, 0.0, -0.161, -0.188, -0.289,
                -0.327, 0.0, 0.266, 0.266, 0.089, -0.027, 0.21, -0.605),
    "deputy": (0.365, 0.184, -0.176, -0.069, 0.0, 0.336, 0.337, 0.184, 0.076, -0.211, 0.155,
               0.044, -0.716, -0.436, -0.349, -0.124, -0.179, -0.87, 0.01, 0.135, -0.336, -0.063,
               -0.864, 0.065, -0.18, 0.03, -0.671, 0.065, -0.18, 0.065, -0.18, 0.012, 0.032,
               0.295, 0.37, 0.746, 0.111, -0.072, 0.157, -1.617),
    "outlaw": (-0.33, -0.218, 0.215, -0.119, 0.01, 0.053, -0.23, 0.14, -0.029, 0.183, -0.176,
               0.092, 0.171, 0.678, 0.51, -0.181, -0.151, -1.225, 0.001, 0.18, 0.48, 0.314, 0.55,
               0.029, 0.157, 0.072, 0.147, 0.006, 0.012, -0.012, 0.001, 0.004, 0.02, 0.143, 0.302,
               -0.255, -0.149, 0.028, -0.068, -0.064),
    "renegade": (-0.07, -0.066, -0.082, 0.147, 0.23, 0.16, 0.0, 0.147, -0.11, -0.044, 0.089,
                 -0.11, 1.008, -0.13, -0.017, -0.173, -0.209, 0.102, 0.001, -0.013, 0.159, -0.432,
                 -0.396, -0.401, -0.101, -0.027, 0.111, -0.027, 0.111, -0.395, -0.259, -0.34,
                 -0.189, 0.245, 0.284, 0.222, 0.025, 0.076, -0.223, -1.281),
}
# The Duel: weights of ``duel_features`` (8), then the intercept.
DUEL = (0.159, 1.063, -0.159, 0.094, -0.037, 0.106, 0.484, -0.003, 0.018)
DUEL_GUARDS = frozenset({"barrel", "hat"})


def _logistic(weights: tuple[float, ...], features: list[float]) -> float:
    z = weights[-1] + sum(w * x for w, x in zip(weights, features, strict=False))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


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


# What each of ``dice_features`` is (tests and a study of the weights read them by name).
DICE_FEATURES = (
    "life_sheriff", "life_deputy", "life_outlaw", "life_renegade", "alive_deputy",
    "alive_outlaw", "alive_renegade", "my_life", "my_arrows", "arrows_law", "arrows_outlaw",
    "arrows_renegade",  # team_features, as before
    "sheriff_life_share", "sheriff_at_1", "sheriff_at_2", "me_at_1", "me_at_2",
    "my_life_share", "pile", "my_arrows_lethal", "sheriff_arrows_lethal",
    "outlaws_1_from_sheriff", "outlaws_2_from_sheriff", "deputies_1_from_sheriff",
    "deputies_2_from_sheriff", "renegades_1_from_sheriff", "renegades_2_from_sheriff",
    "me_1_from_sheriff", "me_2_from_sheriff", "law_1_from_me", "law_2_from_me",
    "outlaws_1_from_me", "outlaws_2_from_me", "my_turn_first", "my_turn", "sheriff_turn",
    "deputies_low", "outlaws_low", "renegades_low",
)


def dice_features(game: Any, seat: int) -> list[float]:
    """The Dice Game's position as the search's score reads it: the teams' life, living
    players and arrows (``team_features``), and what decides the next two turns: the
    Sheriff's and the seat's life near death, the arrows left in the pile (the Indians'
    attack) against what each holds, who sits where a Bull's Eye reaches (distance 1 and 2)
    of the Sheriff and of the seat, and whose turn comes first."""
    base = team_features(game, seat, True)
    players = game.players
    ring = game.alive_seats()
    size = len(ring)
    sheriff = game.sheriff
    boss = players[sheriff]
    me = players[seat]
    near: dict[tuple[str, int], int] = {}
    mine: dict[tuple[str, int], int] = {}
    where = {s: i for i, s in enumerate(ring)}
    low = dict.fromkeys(ROLES, 0)
    at_s = where.get(sheriff)
    at_me = where.get(seat)
    for s in ring:
        player = players[s]
        role = player.role
        if player.life <= 2:
            low[role] = low.get(role, 0) + 1
        if at_s is not None and s != sheriff:
            k = (where[s] - at_s) % size
            d = min(k, size - k)
            if d <= 2:
                near[role, d] = near.get((role, d), 0) + 1
        if at_me is not None and s != seat:
            k = (where[s] - at_me) % size
            d = min(k, size - k)
            if d <= 2:
                side = "law" if role in ("sheriff", "deputy") else role
                mine[side, d] = mine.get((side, d), 0) + 1
    pile = game.pile()
    to_me = to_boss = 0
    current = game.current
    if current in where and at_me is not None and at_s is not None:
        to_me = (at_me - where[current]) % size
        to_boss = (at_s - where[current]) % size
    me_to_s = 0
    if at_me is not None and at_s is not None and seat != sheriff:
        k = (at_me - at_s) % size
        me_to_s = min(k, size - k)
    return [
        *base,
        boss.life / max(boss.max_life, 1), float(boss.life == 1), float(boss.life == 2),
        float(me.life == 1), float(me.life == 2), me.life / max(me.max_life, 1),
        float(pile), float(me.arrows >= me.life), float(boss.arrows >= boss.life),
        near.get(("outlaw", 1), 0), near.get(("outlaw", 2), 0),
        near.get(("deputy", 1), 0), near.get(("deputy", 2), 0),
        near.get(("renegade", 1), 0), near.get(("renegade", 2), 0),
        float(me_to_s == 1), float(me_to_s == 2),
        mine.get(("law", 1), 0), mine.get(("law", 2), 0),
        mine.get(("outlaw", 1), 0), mine.get(("outlaw", 2), 0),
        float(to_me < to_boss), float(current == seat), float(current == sheriff),
        low["deputy"], low["outlaw"], low["renegade"],
    ]


def role_value(game: Any, seat: int, dice: bool) -> float:
    """The chance that ``seat``'s side wins from here (a finished game: 1 or 0)."""
    pending = game.pending
    if isinstance(pending, End):
        return 1.0 if seat in pending.winners else 0.0
    table = DICE_GAME if dice else CARD_GAME
    weights = table.get(game.players[seat].role)
    if weights is None:  # a role these models do not know (a variant): no opinion
        return 0.5
    features = dice_features(game, seat) if dice else team_features(game, seat, dice)
    return _logistic(weights, features)


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
    """A living seat's role and its ``dice_features`` (a seat out of the game: None)."""
    player = game.players[seat]
    return (player.role, dice_features(game, seat)) if player.alive else None


def duel_sample(game: Any, seat: int) -> tuple[str, list[float]]:
    return "duel", duel_features(game, seat)
