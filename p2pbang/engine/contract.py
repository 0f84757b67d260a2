"""The contract every engine of the family keeps: what a game state offers and promises.

Why written down: the card game (``engine/bang/``), the Dice Game (``engine/dice/``) and The
Duel (``engine/duel/``) are driven by the same dealers, the same signed log, the same
table core, bots and self-play. Those callers rely on one interface and a few obligations;
this module names them, so a fourth engine knows what it must do and a caller knows what it
may assume. ``tests/engine/test_contract.py`` checks that the three engines keep it.
``docs/architecture.md`` explains where it sits among the layers.

The interface (``GameState``):

- ``pending``: what the game waits for: a ``Decision`` for one seat, a chance request for the
  dealer, or the ``End``.
- ``viewer``: the seat this engine sees the game for; ``SPECTATOR`` (no seat: public facts
  only, for observers and audits) or ``None`` (all-seeing: simulations and tests).
- ``history``: every input applied so far, in order; ``history_hash`` digests it.
- ``events``: what the last ``apply`` caused, for the interfaces' sentences.
- ``result``: ``None`` until the game ends, then the ``End``.
- ``n`` and ``turn``: the seats and the number of turns begun (public facts).
- ``choice``: the ``GameChoice`` it plays (a search rebuilds the game from it; the card
  game's engine built from a laid-out rule set directly, in scenario tests, has none).
- ``check(x)``: why ``x`` cannot answer ``pending``, or ``None``.
- ``apply(x)``: feed ``pending`` its answer, return the events.
- ``replay_trusted(inputs)``: feed a log some engine of the same choice already accepted,
  without checking it again (below: a trusted replay).
- ``legal_actions()``: every legal answer to the pending decision (its seat's hand must be
  known to this engine); ``[]`` when the game waits for the dealer or has ended.
- ``take_seat(seat, cards)``: turn this observer engine into seat ``seat``'s engine (below).

The obligations:

- ``apply`` changes nothing on an illegal input: it raises ``IllegalAction`` with the reason
  and the state (``pending``, ``history``, everything public) is as before.
- Control flow never reads a hidden card: the path the rules walk depends on public facts
  only (hand sizes, cards in play, dice, revealed roles), so every peer's engine, whatever
  its viewer, asks the same requests and decisions in the same order.
- The same inputs give the same state: a game is rebuilt by replaying its ``history``.
- A win raises ``GameOver`` inside the rules; the top of the engine's generator catches it
  and makes its ``End`` the last ``pending``.

Taking a seat (``protocol/seats.md`` section 6.6). When a seat whose player vanished is
handed to a new holder, the holder's engine was an observer's (``viewer`` = ``SPECTATOR``),
replayed from the log. The hand-over delivers to it, privately, the cards of the seat's hand
(and its hidden role card), as a mapping slot -> card id (a role slot's value is a role card
id, as in a ``Deal`` result). ``take_seat(seat, cards)`` makes the engine that seat's:

- It refuses with ``ValueError``, and changes nothing, when the engine is not an observer's,
  ``seat`` is not a seat, the pending step is not a decision, a chance request or the end (the
  engine stands between two inputs), a slot was never shown to ``seat`` (the engine's public
  record says who saw what), a card contradicts what the engine knows (the same claim checks
  as a played card or a dealt one), two slots name one card, or ``cards`` leaves out a hidden
  card of the seat's hand or its role card once dealt (a half-known hand would make
  ``legal_actions`` fail at the seat's next decision).
- Afterwards ``viewer`` is ``seat`` and the engine behaves as the seat's own engine for
  everything the seat's hand decides: ``legal_actions`` at its decisions, ``check`` and
  ``apply`` of its moves, later chance results shown to it (which then carry values), and
  the seat's own hand and role as the bots read them (``bots/view.py``).
- It learns exactly ``cards`` and nothing else: a card the seat saw before and no longer
  holds stays unknown unless ``cards`` names it (the new holder was never shown it).

``pending``, ``history`` and every public fact are untouched: control flow never reads a
hidden card, so the same log with the new view plays the same game on every peer. Every step
the engines wait at is safe: each is a generator standing at a ``yield`` between two inputs,
and nothing it keeps across that ``yield`` depends on a hidden card. The checks all three
engines share are ``seat_taking_refusal``'s; those of a hand are ``SlotKnowledge``'s
(``engine/slots.py``), those of a hidden role ``engine/hidden_roles.py``'s.

A trusted replay. ``replay_trusted(inputs)`` is ``apply`` of each input in turn without the
check: only for a log that an engine of the same choice, from the same state, already
accepted input by input through ``apply``. Its one caller is the strong bot's search
(``bots/determinize.py``, ``World``), which draws a sampled world once, with every input
checked, and starts each root action's playout from that log again; checking the same log
again there was about half a replay's time. It refuses nothing: an input no engine
accepted could leave the game anywhere, so it is never fed anything from the network, a
file or a player (the log a peer receives goes through ``apply``; a test holds the package
to that one caller, ``tests/engine/test_contract.py``). ``StepChecks`` writes it once for
every engine, and an engine that keeps a cache of the pending step's answers clears it
first (the Duel); afterwards the game is as ``apply`` would have left it: the same
``history``, ``pending`` and state, ``events`` those of the last input.

One ``check``: ``StepChecks`` (inherited by every engine) turns away an input at the end,
sends a decision's answer to the engine's ``_check_decision`` and a chance result, once its
shape fits the request, to its ``_check_chance``.

One constructor shape: every engine class has ``from_choice(choice, viewer)``, which plays the
``GameChoice`` a table agreed on; and one invariants shape: ``violations(game, dealer_cards)``
lists broken invariants of an all-seeing engine (``dealer_cards``: the seeded dealer's
slot -> card map, read by the engines that deal hidden cards, ignored by the others).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Generator, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from p2pbang.engine.actions import Decision, End, Event
from p2pbang.engine.chance import (
    Deal,
    RandomInt,
    ReorderHand,
    Reveal,
    Shuffle,
    check_result_shape,
)

if TYPE_CHECKING:
    from p2pbang.engine.choice import GameChoice

SPECTATOR = -1  # a viewer that holds no seat: it learns public cards only


class GameOver(Exception):
    """Raised inside the rules the moment a side has won; caught at the top of the game."""

    def __init__(self, end: End) -> None:
        super().__init__(end.team)
        self.end = end


def finished_flow(end: End) -> Generator[End, Any, None]:
    """The flow of a finished game: ``end``, whatever is sent (started, so it takes any).

    An engine's flow is a generator whose frame holds the game, which holds the flow: a cycle
    that only the garbage collector frees. Once the game is over (``apply`` refuses every
    input), an engine hands its flow over to this one, which does not hold the game, so a
    finished game is freed as soon as nobody uses it."""
    flow = _repeat(end)
    next(flow)
    return flow


def _repeat(end: End) -> Generator[End, Any, None]:
    while True:
        yield end


@runtime_checkable
class GameState(Protocol):
    """A game of the family as the layers above the engine see it (see the module's text for
    what each member means and promises)."""

    viewer: int | None
    history: list[Any]
    events: list[Event]
    result: End | None
    n: int
    turn: int

    @property
    def pending(self) -> Any: ...

    @property
    def choice(self) -> GameChoice | None: ...

    def check(self, action: Any) -> str | None: ...

    def apply(self, action: Any) -> list[Event]: ...

    def replay_trusted(self, inputs: list[Any]) -> None: ...

    def legal_actions(self) -> list[Any]: ...

    def take_seat(self, seat: int, cards: Mapping[int, int]) -> None: ...


class EngineClass(Protocol):
    """The one constructor shape: an engine for the choice a table agreed on, as seen by
    ``viewer`` (a seat, ``SPECTATOR`` or ``None``)."""

    def from_choice(self, choice: GameChoice, viewer: int | None = None) -> GameState: ...


class StepChecks:
    """The family's one ``check``: a finished game takes nothing; a decision is judged by the
    engine's ``_check_decision``; a chance result must first have the shape its request asks
    (``check_result_shape``), then fit the engine's ``_check_chance``. An engine class
    inherits it and writes those two."""

    __slots__ = ()  # adds no instance dict: the compiled card game has none (bang/game.pxd)
    pending: Any
    history: list[Any]
    events: list[Event]
    _flow: Generator[Any, Any, Any]

    def _check_decision(self, decision: Decision, action: Any) -> str | None:
        raise NotImplementedError

    def _check_chance(self, request: Any, result: Any) -> str | None:
        raise NotImplementedError

    def check(self, action: Any) -> str | None:
        """Why ``action`` cannot answer the pending step, or ``None`` if ``apply`` takes it."""
        pending = self.pending
        if isinstance(pending, End):
            return "the game is over"
        if isinstance(pending, Decision):
            return self._check_decision(pending, action)
        return check_result_shape(pending, action) or self._check_chance(pending, action)

    def replay_trusted(self, inputs: list[Any]) -> None:
        """Feed ``inputs`` in order without checking them again: only a log an engine of the
        same choice already accepted through ``apply``, from this same state (a search's
        sampled world started again, ``bots/determinize.py``); never an input from elsewhere
        (above, "A trusted replay"). ``_flow`` is read at every input: a finished game
        replaces it."""
        history = self.history
        for item in inputs:
            self.events = []
            history.append(item)
            self.pending = self._flow.send(item)


# No dealer cards: what an engine that deals no hidden card is given (or ignores).
NO_CARDS: Mapping[int, int] = MappingProxyType({})

# A game's broken invariants after a step (an all-seeing engine; the dealer's slot -> card map).
Violations = Callable[[Any, Mapping[int, int]], list[str]]


def history_hash(history: Iterable[Any], pack: Callable[[Any], bytes]) -> str:
    """A digest of a game's inputs in order, each packed by its game's codec and prefixed with
    its length: equal digests mean the same game. One construction for every game (the signed
    log, replay and verify compare these; ``protocol/`` describes the log)."""
    digest = hashlib.sha256()
    for item in history:
        encoded = pack(item)
        digest.update(len(encoded).to_bytes(4, "big"))
        digest.update(encoded)
    return digest.hexdigest()


# The steps an engine may wait at when a seat is taken: between two inputs.
_AT_REST = (Decision, End, Shuffle, Deal, Reveal, RandomInt, ReorderHand)


def seat_taking_refusal(game: GameState, seat: Any, cards: Any) -> str | None:
    """Why ``game`` cannot take ``seat`` with ``cards`` on the checks every engine makes the
    same way (an observer's engine, a seat, a step between two inputs, integer slots and
    cards), or ``None``; each engine then checks the cards against what it knows."""
    if game.viewer != SPECTATOR:
        return (f"only an observer's engine takes a seat; this one sees for "
                f"{'everyone' if game.viewer is None else f'seat {game.viewer}'}")
    if type(seat) is not int or not 0 <= seat < game.n:
        return f"no seat {seat!r}: the seats are 0..{game.n - 1}"
    if not isinstance(game.pending, _AT_REST):
        return "the engine does not stand between two inputs"
    if not isinstance(cards, Mapping):
        return "the cards are a mapping of slots to card ids"
    for slot, card in cards.items():
        if type(slot) is not int or type(card) is not int:
            return f"slots and cards are integers, not {slot!r}: {card!r}"
    return None

