"""One command dispatcher and one reader of a choice for every plain interface.

Why: the card game's solo and network interfaces, and the Dice Game's and The Duel's, each
answered the same commands (help, quit, the table...) in a copy of their own, one sync and
one async. Here a plain interface is a table of commands (the words that call each, its help
line, what it does); each interface adds its own (``leave`` and the pace at a network table)
and each game its own (the card game's ``t``/``h``/``c``, a board's lines), and ``?`` prints
the help from that same table. A line is answered by plain functions that return a choice,
``AGAIN`` (a command was answered, or a mistake explained: read another line), ``QUIT`` or
``END``; reading until one of those is written once, and the line source (a stream, or the
network table's awaited lines) is all that differs between the sync and async loops.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from p2pbang.table.participants import LeaveForGood
from p2pbang.ui.i18n import N_, _


class _Outcome:
    """A marker answer to a line (what is read next is the reader's business)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


AGAIN = _Outcome("AGAIN")  # answered (a command, a mistake explained, a step): read again
QUIT = _Outcome("QUIT")  # the person typed a quit word
END = _Outcome("END")  # the input ended

QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "help")
QUIT_HELP = N_("  q          quit the game")
HELP_HELP = N_("  ?          this help")
TABLE_HELP = N_("  t          show the table")  # the table again, in every game


def stopped(outcome: Any) -> bool:
    """Whether the person quit or the input ended (no choice to act on)."""
    return outcome is QUIT or outcome is END


def _none(_text: str) -> Any:
    return None


def _no_help() -> Sequence[str]:
    return ()


@dataclass(frozen=True)
class Command:
    """One entry of the table: ``answer`` reads the whole (stripped) line and returns None
    when the line is not this command; ``help`` gives its lines in the help, translated."""

    answer: Callable[[str], Any] = _none
    help: Callable[[], Sequence[str]] = _no_help


def word(words: Sequence[str], run: Callable[[str], Any], help_line: str | None = None,
         rest: bool = False) -> Command:
    """A command called by its first word (any case): ``run`` gets what follows the word,
    stripped. Without ``rest`` the word must be the whole line. ``help_line`` is marked
    with ``N_`` and translated when the help is shown."""
    called = tuple(w.lower() for w in words)

    def answer(text: str) -> Any:
        first, _sep, after = text.partition(" ")
        if first.lower() not in called or (after.strip() and not rest):
            return None
        return run(after.strip())

    return Command(answer, (lambda: [_(help_line)]) if help_line else _no_help)


def help_lines(lines: Callable[[], Sequence[str]]) -> Command:
    """Lines of the help that no word calls (a heading, "NUMBER take that action", a
    board's own help)."""
    return Command(_none, lines)


def said(msgid: str) -> Callable[[], Sequence[str]]:
    """One ``N_``-marked help line, translated when shown."""
    return lambda: [_(msgid)]


def quit_command(help_line: str | None = QUIT_HELP) -> Command:
    """``q``, ``quit``, ``exit``: every plain interface's way out."""
    return word(QUIT_WORDS, lambda _rest: QUIT, help_line)


def leave_command(help_line: str | None = None) -> Command:
    """``leave``, at a network table of three seats or more: a bot, run by the next player,
    takes the seat for good (the session's decider sees ``LeaveForGood``)."""
    def leave(_rest: str) -> Any:
        raise LeaveForGood("the player leaves for good")

    return word(("leave",), leave, help_line)


@dataclass
class Commands:
    """A plain interface's table of commands, in the order they are tried and listed."""

    say: Callable[[str], None]
    entries: list[Command] = field(default_factory=list)

    def add(self, *commands: Command) -> Commands:
        self.entries.extend(commands)
        return self

    def help_command(self, help_line: str | None = HELP_HELP) -> Command:
        """``?`` and ``help``: the help of this same table."""
        return word(HELP_WORDS, lambda _rest: self.show_help(), help_line)

    def help(self) -> list[str]:
        return [line for command in self.entries for line in command.help()]

    def show_help(self) -> Any:
        for line in self.help():
            self.say(line)
        return AGAIN

    def answer(self, line: str | None, otherwise: Callable[[str], Any]) -> Any:
        """What ``line`` means: ``END`` at the end of the input, a command's answer, else
        ``otherwise`` (the game's reading of a choice) of the stripped line."""
        if line is None:
            return END
        text = line.strip()
        for command in self.entries:
            answered = command.answer(text)
            if answered is not None:
                return answered
        return otherwise(text)


def choose_number(count: int, say: Callable[[str], None]) -> Callable[[str], Any]:
    """The reading of a numbered list of ``count`` rows: the row's index (0-based), or
    ``AGAIN`` after saying what is wrong (an empty line is read again silently)."""
    def read(text: str) -> Any:
        if not text:
            return AGAIN
        if not text.isdigit():
            say(_("Type the number of an action (1-{n}), or ? for help.").format(n=count))
            return AGAIN
        number = int(text)
        if not 1 <= number <= count:
            say(_("There is no action {number}: choose 1 to {n}.").format(number=number,
                                                                          n=count))
            return AGAIN
        return number - 1
    return read


class Question(Protocol):
    """What a reader asks: a prompt before each line, and the answer to a line."""

    def prompt(self) -> None: ...

    def answer(self, line: str | None) -> Any: ...


def read_answer(question: Question, readline: Callable[[], str | None]) -> Any:
    """Lines from a stream until one is not ``AGAIN``: a choice, ``QUIT`` or ``END``."""
    outcome: Any = AGAIN
    while outcome is AGAIN:
        question.prompt()
        outcome = question.answer(readline())
    return outcome


async def read_answer_async(question: Question,
                            readline: Callable[[], Awaitable[str | None]]) -> Any:
    """The same, for lines awaited at a network table (the network runs meanwhile)."""
    outcome: Any = AGAIN
    while outcome is AGAIN:
        question.prompt()
        outcome = question.answer(await readline())
    return outcome


__all__ = ["AGAIN", "END", "HELP_WORDS", "QUIT", "QUIT_WORDS", "TABLE_HELP", "Command", "Commands",
           "Question", "choose_number", "help_lines", "leave_command", "quit_command",
           "read_answer", "read_answer_async", "said", "stopped", "word"]
