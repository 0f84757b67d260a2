"""The shadow-gunslinger variant (the Hungarian Gold Rush rulebook, "Árny-fegyverforgató
játékvariáns"): playable with or without Gold Rush.

An eliminated player is out only in part: when his turn comes round he enters the table as a
shadow (shadow Deputy, Outlaw or Renegade), draws two cards and plays a whole turn "as if he
were still alive, with all his abilities", then leaves again, discarding every card in his
hand and in front of him (equipment included; no Vulture Sam, Greg Digger or Herb Hunter
take them: nobody is eliminated). He has no life: he can neither gain nor lose any. Out of
his turn he is ignored entirely: no distances, no targets, no General Store, no Dynamite, no
ability. He keeps his nuggets from turn to turn, collects more and spends them.

How the engine does it: between two living seats the turn loop (``Game._advance``) hands each
eliminated seat to ``dead_turn`` below, which puts the shadow back in the ring for his turn
only (so targeting, distances and effects treat him as the player on turn, exactly as the
rulebook says), fixes his life (``life_fixed``: damage and healing have no effect on him) and
takes him out again afterwards. Every other moment he is a dead seat, which the rules already
ignore. The win check and the winners are the Sheriff's table's, with the shadow on turn
counted among the dead and the shadow Renegade on the side he chose.

Readings:
- "Draws two cards": the character's own phase 1 applies (he plays "with all his
  abilities").
- The shadow discards everything at the end of his turn, so he is never asked to discard
  down to a hand limit first.
- The shadow Renegade (rulebook "Árnyék renegát"): at the start of each of his shadow turns
  he counts the face-up roles (the Sheriff and the eliminated players, not himself): the law
  (Sheriff, Deputies) against the Outlaws. He joins the side with more cards face up (the
  side that lost more players: the Sheriff counts for the law, as in the rulebook's example),
  the Outlaws on a tie, and stays on it until his next turn. He wins with that side.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE, SHERIFF
from p2pbang.engine.bang.roles import (
    SHERIFF_TABLE,
    TEAM_OUTLAWS,
    TEAM_RENEGADE,
    TEAM_ROLES,
    TEAM_SHERIFF,
    RoleRules,
)
from p2pbang.engine.bang.rules import RuleModule, Step, TableRules
from p2pbang.engine.bang.sets import gold_rush

if TYPE_CHECKING:
    from p2pbang.engine.bang.game import Game

NAME = "shadows"  # the module's name, and its state's key in ``Game.set_state``
SIDE_VALUES = {TEAM_SHERIFF: 0, TEAM_OUTLAWS: 1}  # the "shadow_side" event's value


@dataclass(slots=True)
class ShadowsState:
    """What the variant keeps for one game: public facts."""

    on_turn: int | None = None  # the seat playing a shadow turn now
    sides: dict[int, str] = field(default_factory=dict)  # shadow Renegade -> the team he helps


def new_state(players: int) -> ShadowsState:
    return ShadowsState()


def is_shadow(game: Game, seat: int) -> bool:
    """Whether ``seat`` is playing a shadow turn right now (a public fact); never in a game
    without the variant."""
    state: ShadowsState | None = game.set_state.get(NAME)
    return state is not None and state.on_turn == seat


def shadow_side(game: Game, seat: int) -> str | None:
    """The team a shadow Renegade helps until his next turn; None before his first (and in a
    game without the variant)."""
    state: ShadowsState | None = game.set_state.get(NAME)
    return None if state is None else state.sides.get(seat)


def pick_side(game: Game, seat: int) -> str:
    """The weaker side by the face-up roles (the Sheriff's and the dead's, not his own):
    more face up, more lost; the Outlaws on a tie."""
    faces = Counter(p.role for p in game.players
                    if p.seat != seat and p.role_public and (not p.alive or p.role == SHERIFF))
    law = faces[SHERIFF] + faces[DEPUTY]
    return TEAM_SHERIFF if law > faces[OUTLAW] else TEAM_OUTLAWS


def dead_turn(game: Game, seat: int) -> Step:
    player = game.players[seat]
    state: ShadowsState = game.set_state[NAME]
    if player.role == RENEGADE:
        side = pick_side(game, seat)
        state.sides[seat] = side
        game.event("shadow_side", seat, value=SIDE_VALUES[side])
    state.on_turn = seat
    player.alive = True
    game.refresh_ring()
    game.event("shadow_enters", seat)
    yield from game.play_turn(seat)
    yield from leave(game, seat)


def leave(game: Game, seat: int) -> Step:
    """End of the shadow's turn: every card he holds or has in front of him is discarded."""
    player = game.players[seat]
    yield from game.discard_all(seat)
    if player.equipment:  # Gold Rush's, bought as a shadow or before
        gold_rush.discard_equipment(game, seat)
    player.alive = False
    game.set_state[NAME].on_turn = None
    game.refresh_ring()
    game.event("shadow_leaves", seat)


def life_fixed(game: Game, seat: int) -> bool:
    return is_shadow(game, seat)


def hand_limit(game: Game, seat: int) -> int:
    """The shadow discards everything at the end of his turn: no limit before that."""
    return len(game.players[seat].hand) if is_shadow(game, seat) else 0


# ---------------------------------------------------------------------- winning


def team_check(game: Game, eliminated: int, killer: int) -> str | None:
    """The Sheriff's table's check (roles.sheriff_team_check), the shadow on turn counted
    among the dead."""
    total = game.role_counts()
    dead = Counter(p.role for p in game.players if not p.alive or is_shadow(game, p.seat))
    living = [s for s in game.ring if not is_shadow(game, s)]
    if not game.players[game.sheriff].alive:
        remaining = total - dead
        if len(living) == 1 and remaining == Counter({RENEGADE: 1}):
            return TEAM_RENEGADE
        return TEAM_OUTLAWS
    if dead[OUTLAW] == total[OUTLAW] and dead[RENEGADE] == total[RENEGADE]:
        return TEAM_SHERIFF
    return None


def winners(game: Game, team: str) -> tuple[int, ...]:
    """The team's seats, dead or alive; a shadow Renegade wins with the side he helps."""
    if team == TEAM_RENEGADE:
        return tuple(s for s in game.ring if not is_shadow(game, s))
    roles = TEAM_ROLES[team]
    return tuple(p.seat for p in game.players
                 if p.role in roles or (p.role == RENEGADE and shadow_side(game, p.seat) == team))


SHADOW_TABLE = RoleRules(role_ids=SHERIFF_TABLE.role_ids, deal=SHERIFF_TABLE.deal,
                         winning_team=team_check, winners=winners,
                         rewards=SHERIFF_TABLE.rewards)

TABLE_RULES = TableRules(dead_turn=dead_turn, life_fixed=life_fixed, hand_limit=hand_limit)

MODULE = RuleModule(NAME, (), (), {}, {}, {}, most_seats=7, fewest_seats=4,
                    role_rules={seats: SHADOW_TABLE for seats in range(4, 9)},
                    table_rules=TABLE_RULES, new_state=new_state,
                    kind="variant", order=1)
