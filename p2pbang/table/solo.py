"""A solo game on this machine: one person against bots, with the seeded LocalDealer.

The person's interface reads only the person's own engine (``Game(viewer=you)``), fed the
same inputs as the all-seeing engine that the dealer and bots work with, masked to what that
seat may see. So the interface has no hidden card to leak, exactly as in a network game.
"""

from __future__ import annotations

from typing import Any

from p2pbang.bots import make_bot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Action, Decision, End, Event
from p2pbang.engine.bang.game import SPECTATOR, Game
from p2pbang.engine.chance import result_for_viewer
from p2pbang.engine.choice import GameChoice
from p2pbang.table.solo_record import SoloRecord

BOT_NAMES = ("Ace", "Bonnie", "Clyde", "Dakota", "Ezra", "Flint", "Gus")


class SoloSession:
    def __init__(self, players: int, seed: int | str, you: int = 0,
                 your_name: str = "You", opponents: str = "sensible",
                 record: SoloRecord | None = None, spectate: bool = False,
                 choice: GameChoice | None = None) -> None:
        """``opponents``: the bots' kind, "sensible" (they play to win) or "random".
        ``record``: where the person's actions are saved as they are made. ``spectate``: also
        run a spectator's engine (``replay`` tells the game as a spectator saw it).
        ``choice``: the game (the base game for ``players`` when omitted; its seats must be
        ``players``)."""
        if choice is None:
            choice = GameChoice.make("bang", players)  # ChoiceError names the seat range
        if choice.seats != players:
            raise ValueError(f"{choice.label()} is not a game for {players} players")
        self.players = players
        self.choice = choice
        self.you = you
        self.seed = seed
        self.truth = Game(players, choice=choice)
        self.mine = Game(players, viewer=you, choice=choice)
        self.dealer = LocalDealer(seed)
        self.bots = {s: make_bot(opponents, f"{seed}/bot/{s}")
                     for s in range(players) if s != you}
        bots = iter(BOT_NAMES)
        self.names = [your_name if s == you else next(bots) for s in range(players)]
        self.record = record
        self.spectator = (Game(players, viewer=SPECTATOR, choice=choice) if spectate
                          else None)
        self._spectator_events: list[Event] = []

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
        """One input (a chance answer or one bot decision), for interfaces that animate."""
        if isinstance(self.truth.pending, End) or self.your_turn_to_decide():
            return []
        return self._step_once()

    def _step_once(self) -> list[Event]:
        pending = self.truth.pending
        if isinstance(pending, Decision):
            # The bots read only their own seat and public facts, even from this engine.
            action = self.bots[pending.seat].decide(self.truth, pending)
            self._tell_bots(self.truth.apply(action))
            self._show_spectator(action)
            return self.mine.apply(action)
        result = self.dealer.resolve(pending)
        self._tell_bots(self.truth.apply(result))
        self._show_spectator(result_for_viewer(pending, result, SPECTATOR))
        return self.mine.apply(result_for_viewer(pending, result, self.you))

    def _show_spectator(self, step: Any) -> None:
        if self.spectator is not None:
            self._spectator_events.extend(self.spectator.apply(step))

    def take_spectator_events(self) -> list[Event]:
        """What the spectator saw since the last call (with ``spectate``)."""
        events, self._spectator_events = self._spectator_events, []
        return events

    def _tell_bots(self, events: list[Event]) -> None:
        """Who attacked whom (public fields only), so the bots know their foes."""
        for bot in self.bots.values():
            observe = getattr(bot, "observe", None)
            if observe is not None:
                observe(events)

    def legal_actions(self) -> list[Action]:
        return self.mine.legal_actions()

    def act(self, action: Action) -> list[Event]:
        """The person's action; raises IllegalAction (nothing changes) when it is not legal."""
        events = self.mine.apply(action)
        self._tell_bots(self.truth.apply(action))
        self._show_spectator(action)
        if self.record is not None:
            self.record.add(action)
        return events
