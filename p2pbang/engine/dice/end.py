"""How a dice game ends (rulebook: "A játék vége"; rulings X5, X6), from public facts only:
the Sheriff's fate and the roles of the dead (every role is face up at three players)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from p2pbang.engine.actions import NO_SEAT, End
from p2pbang.engine.dice.faces import (
    DEPUTY,
    OUTLAW,
    RENEGADE,
    ROLE_CARDS,
    SHERIFF,
    THREE_PLAYER_TARGET,
)
from p2pbang.engine.dice.state import DicePlayer

TEAM_SHERIFF, TEAM_OUTLAWS, TEAM_RENEGADE = "sheriff", "outlaws", "renegade"
# The role cards of a table of n players.
_TABLE_ROLES = {n: ROLE_CARDS[:n] for n in range(len(ROLE_CARDS) + 1)}
TEAM_ROLES = {TEAM_SHERIFF: (SHERIFF, DEPUTY), TEAM_OUTLAWS: (OUTLAW,),
              TEAM_RENEGADE: (RENEGADE,)}


def winning_team(players: Sequence[DicePlayer], sheriff: int, ring: list[int]) -> str | None:
    """4 to 8 players: the team that has won, or ``None`` while the game goes on."""
    if not players[sheriff].alive:
        # A lone Renegade left wins; otherwise (everyone at once too, X5) the Outlaws.
        total = Counter(ROLE_CARDS[: len(players)])
        dead = Counter(p.role for p in players if not p.alive)
        if len(ring) == 1 and total - dead == Counter({RENEGADE: 1}):
            return TEAM_RENEGADE
        return TEAM_OUTLAWS
    # Asked at every elimination while the Sheriff lives: counted in a plain loop (two
    # ``Counter`` cost more than the rest of an elimination).
    outlaws = renegades = 0
    for p in players:
        if not p.alive:
            if p.role == OUTLAW:
                outlaws += 1
            elif p.role == RENEGADE:
                renegades += 1
    roles = _TABLE_ROLES[len(players)]
    if outlaws == roles.count(OUTLAW) and renegades == roles.count(RENEGADE):
        return TEAM_SHERIFF
    return None


def team_end(team: str, players: Sequence[DicePlayer], ring: list[int]) -> End:
    """The end naming the winning seats (every role known by now)."""
    if team == TEAM_RENEGADE:
        return End(team, tuple(ring))
    roles = TEAM_ROLES[team]
    return End(team, tuple(p.seat for p in players if p.role in roles))


def three_player_end(players: Sequence[DicePlayer], fallen: list[int], killer: int,
                     ring: list[int]) -> End | None:
    """X6: eliminating your own target yourself wins; otherwise the last alive wins; nobody
    left (everyone at once) is the Outlaw's win."""
    if killer != NO_SEAT and players[killer].alive:
        goal = THREE_PLAYER_TARGET[players[killer].role]
        if any(players[s].role == goal for s in fallen):
            return End(players[killer].role, (killer,))
    if len(ring) == 1:
        return End(players[ring[0]].role, (ring[0],))
    if not ring:
        outlaw = next(p.seat for p in players if p.role == OUTLAW)
        return End(OUTLAW, (outlaw,))
    return None
