"""``p2pbang solo --game dice|duel``: the full-screen table or the plain line interface.

Why here and not in ``app.py``: the card game's program is being reworked by others; these
two games only need the stage and the solo driver it already has (``run_screen``,
``SoloDriver``), a board of their own and the shell (``shell/screen.py``). The plain
interface is the same board read aloud: the table as text, the choices numbered, a line in.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from typing import Any, TextIO

from p2pbang.engine.actions import End, IllegalAction
from p2pbang.engine.choice import GameChoice, seat_range
from p2pbang.table.bot_pace import DEFAULT_SPEED, speed_of
from p2pbang.table.solo import SoloSession
from p2pbang.table.solo_record import SoloRecord
from p2pbang.ui.boards import board_for, board_games
from p2pbang.ui.i18n import _
from p2pbang.ui.plain.board import BoardQuestion, line_answer, table_lines
from p2pbang.ui.plain.commands import read_answer, stopped


def your_name(name: str) -> str:
    """The default name "You" in the interface language (a chosen name stays as typed)."""
    if name != "You":
        return name
    from p2pbang.ui.dice.dice_texts import t

    return t("you")


def make_board(session: SoloSession) -> Any:
    """The board of the session's game (the registry's, ``boards.py``)."""
    return board_for(session)


def play_fullscreen(session: SoloSession, speed: int = DEFAULT_SPEED) -> int:
    """0 when the game was played to its end or the person left it, 2 on an error."""
    from p2pbang.ui.app import play_solo

    return play_solo(session, speed)


class PlainFamily:
    """The plain line interface: events as sentences, the table and the numbered choices
    when the person decides, one line of input per answer."""

    def __init__(self, session: SoloSession, read: Callable[[], str] | None = None,
                 out: TextIO | None = None) -> None:
        """``read``: a line typed, EOFError at the end of the input (``input`` by default,
        which writes its own prompt)."""
        self.session = session
        self.board = make_board(session)
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


def replay_family(record: SoloRecord, out: TextIO | None = None,
                  pause: bool = False, inp: TextIO | None = None) -> int:
    """Tell a saved solo game again, as its player saw it: the same seed deals the same game
    and the bots, seeded from it, play the same moves; the saved actions answer the player's
    decisions. 0 when it was played to its end (or the input ended at a pause), 1 when it
    was left before (or the file does not fit its own deal: 2). ``pause`` waits for Enter
    before each new turn, as the other replays do."""
    from p2pbang.ui.replay import family_teller

    out = out or sys.stdout
    session = SoloSession(record.choice, record.seed, record.you,
                          record.names[record.you], record.opponents)
    session.names = list(record.names)
    board = make_board(session)
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


def run_family_solo(args: argparse.Namespace, choice: GameChoice) -> int:
    """The ``solo`` command for the Dice Game and The Duel (``cli.cmd_solo`` hands over)."""
    from p2pbang.table.gamefiles import data_home
    from p2pbang.table.solo_record import new_record_path

    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    record = SoloRecord(choice, seed, 0, [], args.opponents,
                        path=new_record_path(data_home(args.home), seed))
    session = SoloSession(choice, seed, your_name=your_name(args.player),
                          opponents=args.opponents, record=record)
    record.names = list(session.names)
    try:
        record.save()
    except OSError as exc:
        print(f"p2pbang: cannot save the game: {exc}", file=sys.stderr)
        return 2
    flags = f"--game {choice.game}"
    low, high = seat_range(choice.game, choice.expansions)
    if low != high:  # a game of one size (The Duel) takes no --players
        flags += f" --players {choice.seats}"
    if choice.expansions:
        flags += f" --expansions {','.join(choice.expansions)}"
    again = _("(seed {seed}: '{command}' deals this game again; saved in {path})").format(
        seed=seed, command=f"p2pbang solo {flags} --seed {seed}", path=record.path)
    if args.plain:
        print(again)
        return PlainFamily(session).run()
    from p2pbang.ui.app import fullscreen_supported

    if not fullscreen_supported():
        print(_("(no full-screen terminal here: using the plain interface)"), file=sys.stderr)
        return PlainFamily(session).run()
    code = play_fullscreen(session, speed_of(args.pace))
    print(again)
    return code


def main(argv: list[str] | None = None) -> int:
    """``python -m p2pbang.ui.dice_duel_app``: a solo game with the bots' pace settable (the
    tests start it at pace 0); nothing is saved."""
    from p2pbang.table.bot_pace import DELAYS
    from p2pbang.ui.i18n import set_language

    parser = argparse.ArgumentParser(
        prog="python -m p2pbang.ui.dice_duel_app",
        description="A solo Dice Game or Duel in the full-screen terminal interface.")
    parser.add_argument("--game", choices=board_games(), default=board_games()[0])
    parser.add_argument("--players", type=int, default=None, help="dice: 3-8 (default 5)")
    parser.add_argument("--expansions", default="", help="dice: old-saloon")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--name", default="You")
    parser.add_argument("--lang", choices=("en", "hu", "ro"), default=None)
    parser.add_argument("--speed", type=int, default=DEFAULT_SPEED, choices=range(len(DELAYS)))
    parser.add_argument("--plain", action="store_true")
    args = parser.parse_args(argv)
    set_language(args.lang)
    low, high = seat_range(args.game)
    seats = low if low == high else (args.players or 5)
    expansions = [n.strip() for n in args.expansions.split(",") if n.strip()]
    choice = GameChoice.make(args.game, seats, expansions)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    session = SoloSession(choice, seed, your_name=your_name(args.name))
    from p2pbang.ui.app import fullscreen_supported

    if args.plain or not fullscreen_supported():
        return PlainFamily(session).run()
    return play_fullscreen(session, args.speed)


if __name__ == "__main__":
    sys.exit(main())
