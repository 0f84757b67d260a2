"""A bot's memory of who attacked whom: the public evidence behind its guesses about roles.

Why: roles are hidden, but attacks are not. In the base game every card played at a chosen
player (BANG!, Duel, Panic!, Cat Balou, Jail) is hostile, and the "play" event names the
player and the target for every seat alike. Whoever keeps shooting the Sheriff is probably an
Outlaw; whoever shoots those shooters is probably a Deputy. The memory only counts; what the
counts mean for a given role is ``allegiance.py``'s job.

Two sources, never both at once, so one attack is never counted twice:
- ``record_events``: the public events of every applied input, when the host feeds them
  (complete: it sees attacks on everyone);
- ``record_decision``: the bot's own response windows (a shot or a Duel aimed at it), which
  name the attacker. This is all a bot learns when nobody feeds it events.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from p2pbang.engine.actions import NO_SEAT, RESPOND_DUEL, RESPOND_SHOT, Decision, Event

# Repeated windows of one attack (a Barrel, then a Missed! against the same shot; the
# exchanges of one Duel) share these facts; a new attack changes at least one of them.
_AttackKey = tuple[int, int, str, int]


class Grudges:
    """Counts of hostile plays: ``attacks(a, v)`` is how often seat ``a`` attacked seat ``v``."""

    def __init__(self) -> None:
        self._attacks: defaultdict[tuple[int, int], int] = defaultdict(int)
        self._by_attacker: defaultdict[int, set[int]] = defaultdict(set)
        self.fed_events = False
        self._last_window: _AttackKey | None = None

    def attacks(self, attacker: int, victim: int) -> int:
        return self._attacks.get((attacker, victim), 0)

    def victims(self, attacker: int) -> set[int]:
        return self._by_attacker.get(attacker, set())

    def _add(self, attacker: int, victim: int) -> None:
        if attacker in (NO_SEAT, victim) or victim == NO_SEAT:
            return
        self._attacks[(attacker, victim)] += 1
        self._by_attacker[attacker].add(victim)

    def record_events(self, events: Iterable[Event]) -> None:
        """Learn from public events: every card played at a chosen player is an attack.

        Reads only ``kind``, ``seat`` and ``target`` of "play" events, which are the same
        on every seat's engine (the card itself was revealed by the play)."""
        self.fed_events = True
        for event in events:
            if event.kind == "play" and event.target != NO_SEAT:
                self._add(event.seat, event.target)

    def record_decision(self, decision: Decision, turn: int, bangs_played: int,
                        current: int) -> None:
        """Learn from a window aimed at this bot, unless events are fed (they already hold it).

        A Duel window names the other duellist, who is only the attacker when this bot did
        not start the Duel itself (its own turn)."""
        if self.fed_events or decision.source == NO_SEAT:
            return
        if decision.kind == RESPOND_SHOT:
            attacker = decision.source
        elif decision.kind == RESPOND_DUEL and current != decision.seat:
            attacker = current
        else:
            return
        key = (turn, attacker, decision.kind, bangs_played)
        if key == self._last_window:
            return
        self._last_window = key
        self._add(attacker, decision.seat)
