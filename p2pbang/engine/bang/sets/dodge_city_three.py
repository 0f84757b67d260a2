"""Dodge City's special rules for 3 players (rulebook, "Reguli speciale pentru 3 jucători").

The rulebook, whole: the roles Deputy, Outlaw and Renegade are dealt face up ("împărțiți-le
cu fața în sus fiecărui jucător. Fiecare știe ce rol au ceilalți jucători"); each role has a
target ("Deputy trebuie să-l omoare pe Renegade, Renegade trebuie să-l omoare pe Outlaw,
Outlaw trebuie să-l omoare pe Deputy"); the game is played normally starting with the Deputy;
a player wins by reaching his goal only if he fires the last shot at his target himself; if
the other player fires it, the two survivors' goal is to be the last one alive; whoever
eliminates another player, whatever the role, draws 3 cards at once; with no Sheriff, Jail
may be played on anyone (the base Jail rule already spares only a Sheriff); Beer still has
no effect with two players left (the base rule, unchanged).

Readings (the text names only "the other player"): a target eliminated by no player at all
(Dynamite, Chuck Wengam's own ability) was not eliminated by the one it belonged to either,
so the two survivors then play to be the last one alive. Every elimination is the target of
exactly one of the other two, so after the first one the game either ends (the hunter hit
his own target) or becomes a duel to the last one alive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE, ROLE_CARDS
from p2pbang.engine.bang.roles import RoleRules, Step
from p2pbang.engine.chance import RandomInt

if TYPE_CHECKING:
    from p2pbang.engine.bang.game import Game

THREE_ROLES: tuple[str, ...] = (DEPUTY, OUTLAW, RENEGADE)
# Whom each role must eliminate himself to win.
TARGET_OF: dict[str, str] = {DEPUTY: RENEGADE, RENEGADE: OUTLAW, OUTLAW: DEPUTY}
BOUNTY = 3  # cards drawn by whoever eliminates another player


def three_role_ids(seats: int) -> tuple[int, ...]:
    """One role card each of Renegade, Outlaw and Deputy (their ids in the role deck)."""
    if seats != 3:
        raise ValueError(f"the 3-player roles are for 3 seats, not {seats}")
    return tuple(sorted(ROLE_CARDS.index(role) for role in THREE_ROLES))


def deal_face_up(game: Game) -> Step:
    """Two public random integers: the Deputy's seat, then the Outlaw's among the other two;
    the Renegade is the third. Uniform over the six deals, and nothing is hidden, so no
    secret step is needed."""
    seats = list(game.order)
    deputy = yield RandomInt(3)
    deputy_seat = seats.pop(deputy.values[0])
    outlaw = yield RandomInt(2)
    outlaw_seat = seats.pop(outlaw.values[0])
    for seat, role in ((deputy_seat, DEPUTY), (outlaw_seat, OUTLAW), (seats[0], RENEGADE)):
        player = game.players[seat]
        player.role, player.role_public = role, True
        game.event("role", seat, value=ROLE_CARDS.index(role))


def target_of(game: Game, seat: int) -> int:
    """The seat ``seat`` must eliminate himself (public: every role is face up)."""
    wanted = TARGET_OF[game.players[seat].role or ""]
    return next(p.seat for p in game.players if p.role == wanted)


def three_player_check(game: Game, eliminated: int, killer: int) -> str | None:
    """The hunter who eliminated his own target wins at once; otherwise the last one alive."""
    if len(game.ring) == 1:
        return game.players[game.ring[0]].role
    hunter = game.players[killer] if 0 <= killer < game.n else None
    if (hunter is not None and killer != eliminated and hunter.alive
            and target_of(game, killer) == eliminated):
        return hunter.role
    return None


def role_winner(game: Game, team: str) -> tuple[int, ...]:
    """The one winner: the seat holding the winning role."""
    return tuple(p.seat for p in game.players if p.role == team)


def bounty(game: Game, eliminated: int, killer: int) -> Step:
    """Whoever eliminates another player draws 3 cards, whatever the role."""
    game.event("reward", killer, eliminated, value=BOUNTY)
    yield from game.draw(killer, BOUNTY)


THREE_PLAYER_TABLE = RoleRules(role_ids=three_role_ids, deal=deal_face_up,
                               winning_team=three_player_check, winners=role_winner,
                               rewards=bounty, opener=DEPUTY, face_up=True)
