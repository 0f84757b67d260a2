"""Who decides a seat's moves at a network table, and who is told what happens.

A *decider* answers the decisions of this peer's seat from this peer's engine only
(``core.game``, built for this seat: it holds no other hand), so a bot at a network table
knows exactly what a person in its chair would. A *reporter* is what the session tells about
the game as it goes: events, waits, peers coming and going, the verdict, the result. The
plain line interface implements both for a person (``p2pbang/ui/network/plain_net.py``); the
bot reporter below prints short progress lines for a log file.
"""

from __future__ import annotations

import secrets
import sys
import time
from typing import Any, TextIO

import trio

from p2pbang.engine.actions import Action, Decision, Event
from p2pbang.table.core import TableCore
from p2pbang.table.driver import Verdict
from p2pbang.table.outcome import SessionResult
from p2pbang.table.participants import Decider, PlayerQuit, Reporter, SeatInfo
from p2pbang.table.seats import seating, seating_drawn, who


class BotDecider:
    """A computer player on this seat's own engine (``kind``: a bot kind or level of
    ``bots.BOT_LEVELS``: "sensible", "random"/"easy", "strong"), seeded
    from ``secrets`` unless a seed is given (a seed makes a bot's choices repeatable, not the
    deal).

    A bot that joins a table learns the game from the genesis, so the bot itself (the game's
    own, from the registry in ``table/games.py``) is made at its first decision; what it was
    told before that is kept and told to it then, so it misses nothing.
    """

    def __init__(self, seed: int | None = None, kind: str = "sensible") -> None:
        self.seed = secrets.randbits(64) if seed is None else seed
        self.kind = kind
        self._bot: Any = None
        self._heard: list[Event] = []

    def _seated(self, core: TableCore) -> Any:
        if self._bot is None:
            self._bot = core.kind.bot(self.kind, self.seed)
            heard, self._heard = self._heard, []
            self.observe(heard)
        return self._bot

    async def decide(self, core: TableCore, decision: Decision) -> Action:
        bot = self._seated(core)
        if self.kind == "strong":
            # It thinks for up to a second: in a worker thread, so the peer keeps answering
            # the mesh meanwhile. The game waits for this seat, so nothing changes under it.
            return await trio.to_thread.run_sync(bot.decide, core.game, decision)
        return bot.decide(core.game, decision)

    def observe(self, events: list[Event]) -> None:
        """What happened at the table (public facts only), so the bot knows its foes."""
        if self._bot is None:
            self._heard.extend(events)
            return
        observe = getattr(self._bot, "observe", None)
        if observe is not None:
            observe(events)


class LineReporter:
    """Short timestamped progress lines (bots, logs, tests): one per turn, wait, peer
    event and warning, and a machine-readable summary at the end."""

    def __init__(self, out: TextIO | None = None, narrate: bool = False,
                 wait_every: float = 5.0) -> None:
        self.out = out or sys.stdout
        self.narrate = narrate
        self.wait_every = wait_every
        self._session: SeatInfo | None = None
        self._last_wait = 0.0
        self._seating_said = False

    def say(self, text: str) -> None:
        self.out.write(f"[{time.strftime('%H:%M:%S')}] {text}\n")
        self.out.flush()

    def _name(self, seat: int) -> str:
        if self._session is None or not 0 <= seat < len(self._session.names):
            return f"seat {seat + 1}"
        name_of = getattr(self._session, "who_holds", None)  # the seat's holder now
        if name_of is not None:
            return str(name_of(seat))
        return who(self._session.names, self._session.core.game, seat)

    def _say_seating(self) -> None:
        """Who sits where, once the game has drawn the seating: the seat numbers of every
        later line are these chairs (``table/seats.py``)."""
        session = self._session
        if self._seating_said or session is None or not session.seated:
            return
        self._seating_said = True
        self.say(f"seats clockwise: {seating(session.names, session.core.game)}")

    def started(self, session: SeatInfo) -> None:
        self._session = session
        self.say(f"game {session.session_id.hex()[:16]}: {session.names[session.seat]}, one "
                 f"of {session.players} players ({', '.join(sorted(session.names))})")
        if session.resumed:
            self.say(f"resumed from disk: {session.restored_entries} log entries replayed")
        self._say_seating()

    def events(self, events: list[Event]) -> None:
        if seating_drawn(events) and self._session is not None:
            self._say_seating()
        for event in events:
            if event.kind == "turn":
                self.say(f"turn {event.value}: {self._name(event.seat)}")
            elif event.kind == "eliminated":
                self.say(f"eliminated: {self._name(event.seat)}")
            elif self.narrate:
                self.say(f"  {event}")

    def waiting(self, seats: list[int], seconds: float, disconnected: list[int]) -> None:
        now = time.monotonic()
        if now - self._last_wait < self.wait_every:
            return
        self._last_wait = now
        who = ", ".join(self._name(seat) + (" [disconnected]" if seat in disconnected else "")
                        for seat in seats)
        self.say(f"waiting {seconds:.0f} s for {who}")

    def connection(self, seat: int, kind: str, reason: str) -> None:
        self.say(f"peer {self._name(seat)} {kind}" + (f": {reason}" if reason else ""))

    def warning(self, text: str) -> None:
        self.say(f"warning: {text}")

    def verdict(self, verdict: Verdict) -> None:
        names = self._session.names if self._session else []
        self.say(f"VERDICT: {verdict.describe(names)}")

    def finished(self, result: SessionResult) -> None:
        for line in result.summary_lines():
            self.say(line)


__all__ = ["BotDecider", "Decider", "LineReporter", "PlayerQuit", "Reporter"]
