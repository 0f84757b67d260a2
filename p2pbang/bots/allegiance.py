"""Who is a friend and who a foe, as far as one seat can tell: the heart of the bot's targeting.

Why a score and not a verdict: roles stay hidden until death, so a bot can only weigh odds.
``Allegiance.enemy(seat)`` is a number: above zero, hurting that seat is worth it; below
zero, it is probably a teammate (or, for the Renegade, the Sheriff he needs alive until the
end). It combines two public things:

- the odds from the role counts: how many of my teammates hide among the living players
  whose role I do not know (the role deck is public, the dead show their roles);
- the evidence in ``Grudges``: who attacked the Sheriff, who attacked me, who attacked the
  Sheriff's attackers.

At Dodge City's 3-player table every role is face up and each player has a personal target
(``SeatView.personal_target``): that target is the obvious one, the other player comes next.

The rules per role are deliberately plain (see ``docs/bots.md``): Outlaws go for the Sheriff
first; a Deputy never aims at the Sheriff; the Sheriff goes for whoever attacked him; the
Renegade keeps the Sheriff alive until everybody else is gone.
"""

from __future__ import annotations

from p2pbang.bots.memory import Grudges
from p2pbang.bots.view import SeatView
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, SHERIFF

NEVER = -100.0  # a seat this bot must not hurt (the Deputy's Sheriff)
TOP = 10.0  # the obvious target (the Outlaws' Sheriff)

_ALLY_ROLE = {SHERIFF: DEPUTY, DEPUTY: DEPUTY, OUTLAW: OUTLAW}


class Allegiance:
    """Enemy scores for seat ``view.me``, computed once per decision and cached."""

    def __init__(self, view: SeatView, grudges: Grudges, role: str | None = None) -> None:
        """``role`` overrides the seat's own (a shadow Renegade plays for a side)."""
        self.view = view
        self.grudges = grudges
        # A seat's engine knows its own role before its first decision; the fallback only
        # keeps a bot answering on a table laid out without one.
        self.role = role or view.my_role or OUTLAW
        self._scores: dict[int, float] = {}
        self._ally_odds = self._unknown_ally_odds()

    def _unknown_ally_odds(self) -> float:
        """The chance that a living player whose role I do not know is on my team."""
        view = self.view
        unknown = [s for s in view.others() if view.role(s) is None]
        if not unknown:
            return 0.0
        hidden = view.role_counts()
        for seat in range(view.seat_count):
            role = view.role(seat)
            if role is not None:
                hidden[role] -= 1
        ally_role = _ALLY_ROLE.get(self.role)
        allies = max(hidden[ally_role], 0) if ally_role else 0
        return min(allies / len(unknown), 1.0)

    def ally_odds(self, seat: int) -> float:
        """How likely ``seat`` is on my team (1 for me, exact when its role is public)."""
        view = self.view
        if seat == view.me:
            return 1.0
        role = view.role(seat)
        if role is None:
            return self._ally_odds
        if self.role in (SHERIFF, DEPUTY):
            return 1.0 if role in (SHERIFF, DEPUTY) else 0.0
        if self.role == OUTLAW:
            return 1.0 if role == OUTLAW else 0.0
        return 0.0

    def enemy(self, seat: int) -> float:
        """How much hurting ``seat`` serves me: > 0 worth it, < 0 rather not, NEVER never."""
        score = self._scores.get(seat)
        if score is None:
            score = self._scores[seat] = self._enemy(seat)
        return score

    def _enemy(self, seat: int) -> float:
        view, grudges = self.view, self.grudges
        me, sheriff = view.me, view.sheriff
        odds = 1.0 - 2.0 * self.ally_odds(seat)  # +1 surely a foe, -1 surely a friend
        on_me = grudges.attacks(seat, me)
        target = view.personal_target()
        if target is not None:
            # Dodge City's 3 players: my own target first (only my shot makes me win); the
            # one who hunts me next; the last one left once a player is gone.
            if seat == target or len(view.others()) == 1:
                return TOP
            return 1.0 + on_me
        if self.role == OUTLAW:
            if seat == sheriff:
                return TOP
            return odds - 2.0 * grudges.attacks(seat, sheriff) + on_me + self._defends(seat)
        if self.role == DEPUTY:
            if seat == sheriff:
                return NEVER
            return odds + 2.0 * grudges.attacks(seat, sheriff) + on_me - self._defends(seat)
        if self.role == SHERIFF:
            return odds + 2.0 * on_me - self._defends(seat)
        # Renegade: everybody but the Sheriff first, the Sheriff once he is the last one left.
        if seat == sheriff:
            return TOP if len(view.others()) == 1 else NEVER
        return 1.0 + on_me

    def _defends(self, seat: int) -> float:
        """Evidence that ``seat`` sides with the Sheriff: attacks on those who attacked him."""
        grudges, sheriff = self.grudges, self.view.sheriff
        return float(sum(
            grudges.attacks(seat, victim)
            for victim in grudges.victims(seat)
            if victim != sheriff and grudges.attacks(victim, sheriff) > 0
        ))
