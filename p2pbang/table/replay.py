"""``p2pbang replay``: a saved game told again, turn by turn, as a spectator saw it.

The transcript is re-played through an observer ``TableCore`` (the same checks as
``verify``), and every event is described with the interface's sentences; hidden cards stay
hidden ("a card") exactly as they were for anyone without that seat's secret key, and the
roles all come out at the end, when the game made them public.
"""

from __future__ import annotations

import sys
from typing import TextIO

from p2pbang.engine.actions import Event
from p2pbang.table.audit import audit
from p2pbang.table.core import TableCore
from p2pbang.table.gamefiles import Transcript
from p2pbang.table.seats import seat_number, seats_clockwise
from p2pbang.ui.describe import Describer
from p2pbang.ui.texts import character_name, role_name


def replay(transcript: Transcript, *, pause: bool = False, out: TextIO | None = None,
           inp: TextIO | None = None) -> int:
    """Print the game; returns 0 when it checks out to its end, 1 otherwise."""
    out = out or sys.stdout
    inp = inp or sys.stdin

    def narrate(core: TableCore, names: list[str]):
        describer = Describer(core.game, names)

        def tell(events: list[Event]) -> None:
            for event in events:
                if event.kind == "turn" and pause and event.value > 1:
                    out.write("(Enter for the next turn) ")
                    out.flush()
                    if not inp.readline():
                        raise SystemExit(0)
                text = describer.event(event)
                if text:
                    out.write(text + "\n")
        return tell

    try:
        report = audit(transcript, narrate)
    except BrokenPipeError:  # the reader went away (``| head``): nothing left to tell
        return 0
    core = report.core
    if core is not None:
        out.write("\nThe table at the end:\n")
        for seat in seats_clockwise(core.game):
            player = core.game.players[seat]
            role = role_name(player.role) if player.role else "?"
            state = "alive" if player.alive else "eliminated"
            out.write(f"  seat {seat_number(core.game, seat)}: {report.names[seat]:<12} "
                      f"{character_name(player.character):<18} {role:<10} {state}\n")
    for line in report.lines():
        out.write(line + "\n")
    out.flush()
    return 0 if report.complete else 1


__all__ = ["replay"]
