"""A solo game on this machine: one person against bots, with the seeded LocalDealer, for every
game of the family (through its fact sheet, ``engine/family.py``).

The engines run in lockstep (``engine/lockstep.py``): the all-seeing engine the dealer works
with, and one engine per seat fed the same inputs masked to what that seat may see. The
person's interface reads only the person's own engine, so it has no hidden card to leak,
exactly as in a network game; each bot decides from its own seat's engine and hears the
events of that engine (``observe``, for the bots that keep a memory of the table), so it
cannot use what it was not shown either. The card game's bots decide the same from their
seat's engine as from the all-seeing one (they read only their own seat and public facts),
so its seeded solo games are the games they always were (``tests/table/test_solo_session.py``,
and ``tests/bots/test_fairness.py`` for the bots themselves).
"""

from __future__ import annotations

from typing import Any

from p2pbang.bots import make_bot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End, Event
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import SPECTATOR
from p2pbang.engine.family import game_kind
from p2pbang.engine.lockstep import Lockstep
from p2pbang.table.solo_record import SoloRecord

BOT_NAMES = ("Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus")


class SoloSession:
    def __init__(self, choice: GameChoice | int, seed: int | str, you: int = 0,
                 your_name: str = "You", opponents: str = "sensible",
                 record: SoloRecord | None = None, spectate: bool = False) -> None:
        """``choice``: the game (a number of players stands for the base card game with
        that many). ``opponents``: the bots' kind (``bots.make_bot``: "sensible", "random",
        "strong"). ``record``: where the person's actions are saved as they are made.
        ``spectate``: also run a spectator's engine (``replay`` tells the game as a
        spectator saw it)."""
        if isinstance(choice, int):
            choice = GameChoice.make("bang", choice)  # ChoiceError names the seat range
        if not 0 <= you < choice.seats:
            raise ValueError(f"seat {you} is not a seat of {choice.label()}")
        self.choice = choice
        self.players = choice.seats
        self.you = you
        self.seed = seed
        self.dealer = LocalDealer(seed)
        self.bots = {s: make_bot(opponents, f"{seed}/bot/{s}", choice.game)
                     for s in range(choice.seats) if s != you}
        viewers = [*range(choice.seats), *([SPECTATOR] if spectate else [])]
        self.engines = Lockstep.of(game_kind(choice), choice, viewers)
        self.truth = self.engines.truth
        self.mine = self.engines.views[you]  # the views in the order of ``viewers``
        self.spectator = self.engines.view_of(SPECTATOR)
        self._spectator_events: list[Event] = []
        bots = iter(BOT_NAMES)
        self.names = [your_name if s == you else next(bots) for s in range(choice.seats)]
        self.record = record

    @property
    def pending(self) -> Decision | End | object:
        return self.mine.pending

    def your_turn_to_decide(self) -> bool:
        pending = self.mine.pending
        return isinstance(pending, Decision) and pending.seat == self.you

    def advance(self) -> list[Event]:
        """Run chance steps and bot decisions until the person must decide or the game ends."""
        events: list[Event] = []
        while not isinstance(self.truth.pending, End) and not self.your_turn_to_decide():
            events.extend(self._step_once())
        return events

    def step_one(self) -> list[Event]:
        """One input (a chance answer or one bot decision), for interfaces that animate; the
        person's engine's events."""
        if isinstance(self.truth.pending, End) or self.your_turn_to_decide():
            return []
        return self._step_once()

    def _step_once(self) -> list[Event]:
        self.engines.step(self.dealer, self.bots)
        self._after_input()
        return self.mine.events

    def _after_input(self) -> None:
        """Each bot hears its own engine's events (who attacked whom, public as they are);
        the spectator's are kept for ``take_spectator_events``."""
        views = self.engines.views
        for seat, bot in self.bots.items():
            observe = getattr(bot, "observe", None)
            if observe is not None:
                observe(views[seat].events)  # seat ``seat``'s engine
        if self.spectator is not None:
            self._spectator_events.extend(self.spectator.events)

    def take_spectator_events(self) -> list[Event]:
        """What the spectator saw since the last call (with ``spectate``)."""
        events, self._spectator_events = self._spectator_events, []
        return events

    def legal_actions(self) -> list[Any]:
        return self.mine.legal_actions()

    def act(self, action: Any) -> list[Event]:
        """The person's action; raises IllegalAction (nothing changes) when it is not legal."""
        self.engines.apply(action, first=self.you)  # what the person's own engine allows
        self._after_input()
        if self.record is not None:
            self.record.add(action)
        return self.mine.events
