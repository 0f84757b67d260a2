"""A solo game shown by a board (the Dice Game, The Duel): its plain line interface
(``PlainFamily``) and what ``p2pbang solo`` and ``replay`` ask of it (``BoardSolo``, the
registry's default, ``boards.solo_for``).

Why here: the plain interface is the board read aloud (``plain/board.py``): the table as
text, the choices numbered, a line in. The rest is the few words a board's game says
around a solo game, which the card game says its own way (``plain/solo.py``'s
``CardSolo``), so ``cli.py`` asks the registry and names no game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from p2pbang.engine.actions import End, IllegalAction
from p2pbang.engine.choice import GameChoice, seat_range
from p2pbang.table.solo import SoloSession
from p2pbang.table.solo_record import SoloRecord
from p2pbang.ui.boards import board_for
from p2pbang.ui.i18n import _
from p2pbang.ui.plain.board import BoardQuestion, line_answer, table_lines
from p2pbang.ui.plain.commands import read_answer, stopped


class PlainFamily:
    """The plain line interface: events as sentences, the table and the numbered choices
    when the person decides, one line of input per answer."""

    def __init__(self, session: SoloSession, read: Callable[[], str] | None = None,
                 out: TextIO | None = None) -> None:
        """``read``: a line typed, EOFError at the end of the input (``input`` by default,
        which writes its own prompt)."""
        self.session = session
        self.board = board_for(session)
        self._read = read or (lambda: input("> "))
        self.out = out or sys.stdout
        self.question = BoardQuestion(self.board, self.say, self.show_table, lambda: None)

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def tell(self, events: list[Any]) -> None:
        for _style, text in self.board.describe(events):
            self.say(text)

    def show_table(self) -> None:
        for line in table_lines(self.board):
            self.say(line)

    def run(self) -> int:
        """0 at the end of the game, and when the person quits or the input ends (a
        deliberate leave is no failure)."""
        session = self.session
        while True:
            self.tell(session.advance())
            if isinstance(session.pending, End):
                return 0
            self.show_table()
            while session.your_turn_to_decide():
                action = read_answer(self.question, self._line)
                if stopped(action):
                    return 0
                try:
                    self.tell(session.act(action))
                except IllegalAction as exc:
                    self.say(str(exc))

    def _line(self) -> str | None:
        try:
            return self._read()
        except EOFError:
            return None

    def answer(self, line: str) -> Any:
        """The action a typed line means, or a sentence saying why it means none."""
        return line_answer(self.board, line)


class BoardSolo:
    """What a solo game of a board's game says and runs (``boards.solo_for``); a game with
    a screen of its own declares its own with the same methods (``plain/solo.py``'s
    ``CardSolo``)."""

    @staticmethod
    def person(name: str) -> str:
        """The person's name at the table: the default "You" in the interface's language
        (the boards' word, so the saved game keeps it), a chosen name as typed."""
        if name != "You":
            return name
        from p2pbang.ui.dice.dice_texts import t  # the word the boards share

        return t("you")

    @staticmethod
    def again(choice: GameChoice, seed: int, path: Path) -> str:
        """The line that says how to deal the game again and where it is saved."""
        flags = f"--game {choice.game}"
        low, high = seat_range(choice.game, choice.expansions)
        if low != high:  # a game of one size (The Duel) takes no --players
            flags += f" --players {choice.seats}"
        if choice.expansions:
            flags += f" --expansions {','.join(choice.expansions)}"
        return _("(seed {seed}: '{command}' deals this game again; saved in {path})").format(
            seed=seed, command=f"p2pbang solo {flags} --seed {seed}", path=path)

    @staticmethod
    def plain(session: SoloSession) -> int:
        """Play ``session`` in the plain line interface; its exit status."""
        return PlainFamily(session).run()

    @staticmethod
    def replay(record: SoloRecord, pause: bool = False) -> int:
        """Tell the saved game ``record`` again (``replay.replay_family``)."""
        from p2pbang.ui.replay import replay_family

        return replay_family(record, pause=pause)


__all__ = ["BoardSolo", "PlainFamily"]
