"""Roles: how they are dealt, who plays first, who has won, what an elimination earns.

Why a seam: the base game deals hidden roles around a public Sheriff, decides the winner from
the Sheriff's fate and the roles of the dead, and rewards or punishes some eliminations.
Dodge City's 3-player game deals three roles face up, has no Sheriff, gives each player a
personal target and rewards every elimination. ``game.py`` asks the ``RoleRules`` of its
table for each of these moments and knows neither.

Every hook reads public facts only (the roles shown, the dead, who eliminated whom), so all
peers' engines agree on the winner without a hidden card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from p2pbang.engine.bang.cards.base import (
    DEPUTY,
    OUTLAW,
    RENEGADE,
    ROLE_CARDS,
    SHERIFF,
    SHERIFF_ROLE_ID,
    role_ids_for,
)
from p2pbang.engine.chance import RandomInt
from p2pbang.engine.hidden_roles import deal_face_down

if TYPE_CHECKING:
    from p2pbang.engine.bang.game import Game

Step = Generator[Any, Any, Any]  # driven by the engine, like every rule (see rules.py)

TEAM_SHERIFF, TEAM_OUTLAWS, TEAM_RENEGADE = "sheriff", "outlaws", "renegade"
TEAM_ROLES = {
    TEAM_SHERIFF: (SHERIFF, DEPUTY),
    TEAM_OUTLAWS: (OUTLAW,),
    TEAM_RENEGADE: (RENEGADE,),
}
OUTLAW_BOUNTY = 3  # cards drawn for eliminating an Outlaw (base rulebook)

# The role card ids in play at a table of n seats: (n) -> ids.
RoleIds = Callable[[int], tuple[int, ...]]
# Deals the roles (chance steps): (game) -> Step.
RoleDeal = Callable[["Game"], Step]
# The team that has won, if any, right after ``eliminated`` fell to ``killer`` (NO_SEAT when
# nobody eliminated him): (game, eliminated, killer) -> team | None. Public facts only.
WinCheck = Callable[["Game", int, int], "str | None"]
# The winning seats of a team, once every role is public: (game, team) -> seats.
Winners = Callable[["Game", str], "tuple[int, ...]"]
# What a living killer gains or loses for an elimination: (game, eliminated, killer) -> Step.
Rewards = Callable[["Game", int, int], Step]


@dataclass(frozen=True, slots=True)
class RoleRules:
    """The roles of one kind of table."""

    role_ids: RoleIds
    deal: RoleDeal
    winning_team: WinCheck
    winners: Winners
    rewards: Rewards
    opener: str = SHERIFF  # the role whose turn comes first
    face_up: bool = False  # every role is public from the deal on


# ---------------------------------------------------------------------- the Sheriff's table


def deal_around_sheriff(game: Game) -> Step:
    """The Sheriff is picked by a public random integer: the same distribution as dealing
    the role deck and having the Sheriff flip his card, with no secret step. The other roles
    are a hidden deck dealt one to each other seat."""
    pick = yield RandomInt(game.n)
    game.sheriff = pick.values[0]
    sheriff = game.players[game.sheriff]
    sheriff.role, sheriff.role_public = SHERIFF, True
    others = [s for s in game.seats_from(game.sheriff) if s != game.sheriff]
    yield from deal_face_down(game.players, others, game.role_ids, SHERIFF_ROLE_ID,
                              game.new_role_slots(len(others)), ROLE_CARDS)


def sheriff_team_check(game: Game, eliminated: int, killer: int) -> str | None:
    """The Sheriff's fate and the roles of the dead, against the known count of each role:
    with the Sheriff dead the Outlaws win, unless a Renegade is the last one alive (with two
    Renegades, only the last one alive wins, D11); with every Outlaw and Renegade dead the
    Sheriff's team wins."""
    total = game.role_counts()
    dead = Counter(p.role for p in game.players if not p.alive)
    if not game.players[game.sheriff].alive:
        remaining = total - dead
        if len(game.ring) == 1 and remaining == Counter({RENEGADE: 1}):
            return TEAM_RENEGADE
        return TEAM_OUTLAWS
    if dead[OUTLAW] == total[OUTLAW] and dead[RENEGADE] == total[RENEGADE]:
        return TEAM_SHERIFF
    return None


def team_winners(game: Game, team: str) -> tuple[int, ...]:
    """Every seat of the winning team, dead or alive; a Renegade wins alone and alive."""
    if team == TEAM_RENEGADE:
        return tuple(game.ring)
    roles = TEAM_ROLES[team]
    return tuple(p.seat for p in game.players if p.role in roles)


def sheriff_rewards(game: Game, eliminated: int, killer: int) -> Step:
    """Whoever eliminates an Outlaw draws 3 cards; a Sheriff who eliminates a Deputy
    discards every card he holds and has in play."""
    role = game.players[eliminated].role
    if role == OUTLAW:
        game.event("reward", killer, eliminated, value=OUTLAW_BOUNTY)
        yield from game.draw(killer, OUTLAW_BOUNTY)
    elif role == DEPUTY and killer == game.sheriff:
        game.event("penalty", killer, eliminated)
        yield from game.discard_all(killer)
        yield from game.hand_lost(killer)


SHERIFF_TABLE = RoleRules(role_ids=role_ids_for, deal=deal_around_sheriff,
                          winning_team=sheriff_team_check, winners=team_winners,
                          rewards=sheriff_rewards)
