"""``p2pbang replay``: a saved game told again, turn by turn, as a spectator saw it.

The transcript is re-played through an observer ``TableCore`` (the same checks as
``verify``), and every event is described with the interface's sentences; hidden cards stay
hidden ("a card") exactly as they were for anyone without that seat's secret key, and the
roles all come out at the end, when the game made them public.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from p2pbang.engine.actions import End, Event, IllegalAction
from p2pbang.engine.bang.game import Game
from p2pbang.table.audit import audit
from p2pbang.table.core import TableCore
from p2pbang.table.gamefiles import Transcript
from p2pbang.table.solo import SoloSession
from p2pbang.table.solo_record import SoloRecord
from p2pbang.ui.boards import board_for, told_for
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import _, ngettext


def replay(transcript: Transcript, *, pause: bool = False, out: TextIO | None = None,
           inp: TextIO | None = None) -> int:
    """Print the game; returns 0 when it checks out to its end, 1 otherwise."""
    out = out or sys.stdout
    inp = inp or sys.stdin

    def narrate(core: TableCore, names: list[str]):
        # The game's own words, the registry's (``boards.told_for``), from the observer's
        # engine: the card game's sentences, the Dice Game's and The Duel's boards'.
        told = told_for(core, names)

        def tell(events: list[Event]) -> None:
            if not told.tell(events, pause, out, inp):
                raise SystemExit(0)  # the input ended at a pause
        return tell

    try:
        report = audit(transcript, narrate, lambda text: out.write(text + "\n"))
    except BrokenPipeError:  # the reader went away (``| head``): nothing left to tell
        return 0
    core = report.core
    if core is not None:  # what the game adds at its end (the card game's table)
        told_for(core, report.names).at_the_end(out)
    for line in report.lines():
        out.write(line + "\n")
    out.flush()
    return 0 if report.complete else 1


def replay_solo(record: SoloRecord, *, pause: bool = False, out: TextIO | None = None,
                inp: TextIO | None = None) -> int:
    """Tell a saved solo game again as a spectator saw it: the same settings and the
    person's saved actions through a fresh ``SoloSession``. Returns 0 when it replays to its
    end, 1 when it stops short (left before the end, or an action the rules refuse)."""
    from p2pbang.ui.bang.told import table_at_the_end  # the card game's (it prints ours)

    out = out or sys.stdout
    inp = inp or sys.stdin
    session = SoloSession(record.choice, record.seed, record.you,
                          your_name=record.names[record.you], opponents=record.opponents,
                          spectate=True)
    spectator = session.spectator
    assert spectator is not None
    names = list(record.names)
    unnamed = names[record.you] == DEFAULT_NAME
    if unnamed:
        names[record.you] = _("You")  # the default name, in the replay's language
    describer = (_ToThePlayer(spectator, names, record.you) if unnamed
                 else Describer(spectator, names))
    kind = _("sensible") if record.opponents == "sensible" else _("random")
    out.write(ngettext("A solo game: {name} against {n} bot (seed {seed}, {kind}).",
                       "A solo game: {name} against {n} bots (seed {seed}, {kind}).",
                       record.players - 1).format(
        name=names[record.you], n=record.players - 1, seed=record.seed, kind=kind) + "\n")
    actions = iter(record.actions)
    try:
        while not isinstance(session.truth.pending, End):
            if session.your_turn_to_decide():
                action = next(actions, None)
                if action is None:
                    out.write(_("(the saved game stops here: it was left before the end)")
                              + "\n")
                    return 1
                try:
                    session.act(action)
                except IllegalAction as exc:
                    out.write(_("FAILED: the saved action {action} is not legal here "
                                "({reason})").format(action=action, reason=exc) + "\n")
                    return 1
            else:
                session.step_one()
            for event in session.take_spectator_events():
                if event.kind == "turn" and pause and event.value > 1 \
                        and not wait_for_enter(out, inp):
                    return 0
                text = describer.event(event)
                if text:
                    out.write(text + "\n")
        if isinstance(spectator.pending, End):
            out.write(describer.end(spectator.pending) + "\n")
        table_at_the_end(spectator, names, out)
    except BrokenPipeError:
        return 0
    out.flush()
    return 0


DEFAULT_NAME = "You"  # the name a solo player has unless they chose one (``solo --name``)


class _ToThePlayer(Describer):
    """A spectator's sentences, with the player of the saved game spoken to as "you": a
    player who never chose a name is "You", and "You plays" reads wrongly. Only the grammar
    changes; every card is still as the spectator saw it (hidden ones stay "a card")."""

    def __init__(self, game: Game, names: list[str], you: int) -> None:
        super().__init__(game, names)
        self.you = you

    def _mine(self, seat: int) -> bool:
        return seat == self.you


def wait_for_enter(out: TextIO, inp: TextIO) -> bool:
    """``--pause`` before a turn: the prompt, then a line; False when the input ended (the
    telling stops there, as a deliberate leave)."""
    out.write(_("(Enter for the next turn) "))
    out.flush()
    return bool(inp.readline())


def replay_family(record: SoloRecord, out: TextIO | None = None,
                  pause: bool = False, inp: TextIO | None = None) -> int:
    """Tell a saved solo game of a board's game (the Dice Game, The Duel) again, as its
    player saw it: the same seed deals the same game and the bots, seeded from it, play the
    same moves; the saved actions answer the player's decisions. 0 when it was played to
    its end (or the input ended at a pause), 1 when it was left before (or the file does
    not fit its own deal: 2). ``pause`` waits for Enter before each new turn, as the other
    replays do."""
    out = out or sys.stdout
    session = SoloSession(record.choice, record.seed, record.you,
                          record.names[record.you], record.opponents)
    session.names = list(record.names)
    board = board_for(session)
    tell = family_teller(lambda events: [text for _style, text in board.describe(events)],
                         pause, out, inp or sys.stdin)
    actions = iter(record.actions)
    while True:
        if not tell(session.advance()):
            return 0
        if isinstance(session.pending, End):
            return 0
        action = next(actions, None)
        if action is None:
            print(_("(the saved game stops here: it was left before the end)"), file=out)
            return 1
        try:
            events = session.act(action)
        except IllegalAction as exc:
            print(f"p2pbang: the saved game does not fit its own deal: {exc}", file=sys.stderr)
            return 2
        if not tell(events):
            return 0


def family_teller(narrate: Callable[[list[Event]], list[str]], pause: bool, out: TextIO,
                  inp: TextIO) -> Callable[[list[Event]], bool]:
    """Tell a Dice Game's or Duel's events with its board's sentences, pausing before a new
    turn; False when the input ended at a pause (nothing told)."""
    def tell(events: list[Event]) -> bool:
        if pause and any(e.kind == "turn" and e.value > 1 for e in events) \
                and not wait_for_enter(out, inp):
            return False
        for text in narrate(events):
            out.write(text + "\n")
        return True
    return tell


__all__ = ["family_teller", "replay", "replay_family", "replay_solo", "wait_for_enter"]
