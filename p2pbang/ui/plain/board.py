"""A Dice Game's or Duel's board read aloud: the plain interface's table, its reading of a
typed line, and the question that reads the person's lines with the plain table of commands,
shared by the solo game (``board_solo.PlainFamily``) and the network table
(``network/family_net.PlainFamilyTable``) so both read a board the same way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from p2pbang.ui.plain.commands import AGAIN, Command, Commands, help_lines, quit_command
from p2pbang.ui.shell.screen import HANDLED


def table_lines(board: Any) -> list[str]:
    """The table as text, the decision, the rows with their keys, and what to type."""
    lines = ["".join(text for _style, text in line).rstrip() for line in board.top(80, 20)]
    lines.append(board.decision()[1])
    lines += [f"  {choice.key or ' '}) {choice.label}" for choice in board.choices()]
    lines.append("  (" + board.plain_hints() + ")")
    return lines


def line_answer(board: Any, line: str) -> Any:
    """The action a typed line means, ``HANDLED`` when it opened or closed a card's ways,
    or a sentence saying why it means none: a board's own syntax first (the dice to roll
    again), then the rows' keys."""
    parse = getattr(board, "parse_line", None)
    if parse is not None:
        parsed = parse(line)
        if parsed is not None and parsed is not HANDLED:
            return parsed
    for choice in board.choices():
        if line == choice.key:
            if choice.action is None:  # a row that opens (or closes) a card's ways
                return HANDLED if board.key(line) is HANDLED else f"? ({line})"
            return choice.action
    keys = ", ".join(c.key for c in board.choices() if c.key)
    return f"? ({keys})"


class BoardQuestion:
    """The person's decision on a board: the help is the board's, quitting is every plain
    interface's, ``extra`` is what the interface adds (a network table's ``leave`` and
    ``t``); any other line is the board's (a row's key, the dice to roll again)."""

    def __init__(self, board: Any, say: Callable[[str], None], show_table: Callable[[], None],
                 prompt: Callable[[], None], extra: Sequence[Command] = ()) -> None:
        self.board = board
        self.say = say
        self.show_table = show_table
        self._prompt = prompt
        self.commands = Commands(say)
        self.commands.add(help_lines(lambda: [text for _style, text in board.help()]),
                          quit_command(None), *extra, self.commands.help_command(None))

    def prompt(self) -> None:
        self._prompt()

    def answer(self, line: str | None) -> Any:
        """The action a line means, ``AGAIN`` after a command or a line that means none
        (the rows shown again when it opened or closed a card's ways), ``QUIT`` or ``END``."""
        return self.commands.answer(line, self.read)

    def read(self, text: str) -> Any:
        answer = line_answer(self.board, text)
        if answer is HANDLED:
            self.show_table()
            return AGAIN
        if isinstance(answer, str):
            self.say(answer)
            return AGAIN
        return answer


__all__ = ["BoardQuestion", "line_answer", "table_lines"]
