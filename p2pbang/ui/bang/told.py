"""What ``replay`` (``ui/replay.py``) prints of a saved card game: each event's sentence,
a pause before each new turn when asked, and the table at the end (every seat's character,
role and fate, which the game made public at its end).

Why in the card game's package: ``replay`` asks the registry (``boards.told_for``) and prints
what a game's ``told`` gives, so it names no game; the Dice Game and The Duel need none of
their own (``boards.BoardTold``: their boards' sentences).
"""

from __future__ import annotations

from typing import Any, TextIO

from p2pbang.engine.actions import Event
from p2pbang.engine.bang.game import Game
from p2pbang.table.seats import seat_number, seats_clockwise
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import _
from p2pbang.ui.replay import wait_for_enter
from p2pbang.ui.textfit import width_of
from p2pbang.ui.texts import character_name, role_name


class CardTold:
    """An observer's card game (``core.game``) told to ``out``."""

    def __init__(self, core: Any, names: list[str]) -> None:
        self.game: Game = core.game
        self.names = names
        self._describe = Describer(core.game, names).event

    def tell(self, events: list[Event], pause: bool, out: TextIO, inp: TextIO) -> bool:
        """Print ``events``, pausing before each new turn after the first when ``pause``;
        False when the input ended at a pause (the telling stops there)."""
        for event in events:
            if event.kind == "turn" and pause and event.value > 1 \
                    and not wait_for_enter(out, inp):
                return False
            text = self._describe(event)
            if text:
                out.write(text + "\n")
        return True

    def at_the_end(self, out: TextIO) -> None:
        table_at_the_end(self.game, self.names, out)


def table_at_the_end(game: Game, names: list[str], out: TextIO) -> None:
    """Every seat clockwise: its chair, name, character, role and whether it survived."""
    out.write("\n" + _("The table at the end:") + "\n")
    for seat in seats_clockwise(game):
        player = game.players[seat]
        role = role_name(player.role) if player.role else "?"
        state = _("alive") if player.alive else _("eliminated")
        chair = _("seat {n}:").format(n=seat_number(game, seat))
        out.write(f"  {chair} {_left(names[seat], 12)} "
                  f"{_left(character_name(player.character), 18)} {_left(role, 10)} {state}\n")


def _left(text: str, cells: int) -> str:
    """``text`` padded to ``cells`` terminal cells (a longer one is kept whole)."""
    return text + " " * max(0, cells - width_of(text))


__all__ = ["CardTold", "table_at_the_end"]
