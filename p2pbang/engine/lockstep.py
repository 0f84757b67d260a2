"""One engine per seat in lockstep: the all-seeing engine and the engines of some viewers, fed
the same inputs, each chance result masked for its viewer.

Why one runner: a solo game (the person's engine, the bots' engines, a spectator's), the
self-play and the tests that check a seat's engine never learns a hidden card all play a game
this way, and each used to write the loop itself. The loop is what a network peer does with
the log (``protocol/``): a decision is public and goes to every engine as it is; a chance
result goes to the all-seeing engine whole and to each viewer through
``chance.result_for_viewer``, so a viewer's engine holds only what that viewer was shown.

It needs only the contract (``engine/contract.py``) and the chance seam, so every game of
the family runs through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from p2pbang.engine.actions import Decision, End, Event
from p2pbang.engine.chance import result_for_viewer
from p2pbang.engine.contract import GameState
from p2pbang.engine.runner import Dealer, Decider


class Lockstep:
    """``truth`` (the all-seeing engine) and ``views`` (engines of viewers: seats or
    ``SPECTATOR``), all at the same step.

    ``apply(item)`` feeds the pending step its answer: the truth first (an illegal input
    raises ``IllegalAction`` there and no engine changes), then every view, a chance result
    masked for the viewer the view sees for at that moment (an observer's engine that took a
    seat, ``contract.take_seat``, is shown that seat's cards from then on). ``step`` asks
    the dealer or the deciding seat for that answer. Each view's events of the last input
    are its own ``events`` (the contract); the truth's are returned."""

    def __init__(self, truth: GameState, views: Iterable[GameState] = ()) -> None:
        if truth.viewer is not None:
            raise ValueError(f"the truth must be all-seeing, not seeing for {truth.viewer}")
        self.truth = truth
        self.views: list[GameState] = list(views)
        if any(view.viewer is None for view in self.views):
            raise ValueError("a view sees for a seat or for the spectator, not for everyone")

    @classmethod
    def of(cls, kind: Any, choice: Any, viewers: Iterable[int]) -> Lockstep:
        """A fresh lockstep of ``choice`` through its fact sheet ``kind`` (``new_game``),
        with an engine for each of ``viewers``."""
        return cls(kind.new_game(choice, None),
                   [kind.new_game(choice, viewer) for viewer in viewers])

    @property
    def pending(self) -> Any:
        return self.truth.pending

    @property
    def ended(self) -> bool:
        return isinstance(self.truth.pending, End)

    def view_of(self, viewer: int) -> GameState | None:
        """The (first) engine that sees for ``viewer``, or ``None``."""
        for view in self.views:
            if view.viewer == viewer:
                return view
        return None

    def engine_for(self, seat: int) -> GameState:
        """The engine seat ``seat`` decides from: its own when it has one (it cannot use
        what it was not shown), else the all-seeing engine."""
        return self.view_of(seat) or self.truth

    def apply(self, item: Any, first: int | None = None) -> list[Event]:
        """Feed every engine the answer to the pending step; the truth's events.

        ``first``: the viewer whose engine judges the input before any other (a person's
        move is refused for the reason that person's own engine gives); otherwise the truth
        judges. Either way a refused input raises ``IllegalAction`` and changes nothing."""
        pending = self.truth.pending
        judge = None if first is None else self.view_of(first)
        if judge is not None:
            _feed(judge, pending, item)
        events = self.truth.apply(item)
        for view in self.views:
            if view is not judge:
                _feed(view, pending, item)
        return events

    def answer(self, dealer: Dealer, deciders: Mapping[int, Decider] | Sequence[Decider]) -> Any:
        """The answer to the pending step (not applied): the dealer's to a chance request, the
        deciding seat's to a decision, read from ``engine_for(seat)``."""
        pending = self.truth.pending
        if isinstance(pending, Decision):
            game = self.engine_for(pending.seat)
            return deciders[pending.seat].decide(game, game.pending)
        if isinstance(pending, End):
            raise ValueError("the game is over: nothing to answer")
        return dealer.resolve(pending)

    def step(self, dealer: Dealer, deciders: Mapping[int, Decider] | Sequence[Decider]) -> Any:
        """Answer the pending step and apply the answer everywhere; the answer."""
        item = self.answer(dealer, deciders)
        self.apply(item)
        return item

    def play_out(self, dealer: Dealer, deciders: Mapping[int, Decider] | Sequence[Decider],
                 max_steps: int = 1_000_000) -> End:
        """Step until the end (``RuntimeError`` past ``max_steps``)."""
        for _ in range(max_steps):
            if isinstance(self.truth.pending, End):
                return self.truth.pending
            self.step(dealer, deciders)
        raise RuntimeError(f"game did not end within {max_steps} steps")


def _feed(view: GameState, pending: Any, item: Any) -> None:
    """A decision is public: every engine gets it as it is; a chance result is masked for the
    viewer the engine sees for."""
    view.apply(item if isinstance(pending, Decision)
               else result_for_viewer(pending, item, view.viewer))
