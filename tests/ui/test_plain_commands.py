"""The plain interfaces' one table of commands and one reader of a choice: the help is
printed from the same table that answers the words, an interface's or a game's commands are
added to it, and every plain interface reads a choice with the same loop."""

from __future__ import annotations

import io

import pytest

from p2pbang.engine.bang.game import Game
from p2pbang.engine.choice import GameChoice
from p2pbang.table.participants import LeaveForGood
from p2pbang.table.solo import SoloSession
from p2pbang.ui.boards import board_for
from p2pbang.ui.i18n import set_language
from p2pbang.ui.network.plain_card import CardPlainPart
from p2pbang.ui.network.plain_net import PlainNetworkTable
from p2pbang.ui.plain import PlainSolo
from p2pbang.ui.plain.board import BoardQuestion
from p2pbang.ui.plain.card_table import card_commands
from p2pbang.ui.plain.commands import (
    AGAIN,
    END,
    QUIT,
    Commands,
    choose_number,
    leave_command,
    read_answer,
    word,
)

CARD_HELP = """Commands:
  NUMBER     take that action
  t          show the table
  h          show your hand with card texts
  c NAME     explain a card or character (e.g. "c barrel", "c sid")
  ?          this help
  q          quit the game"""


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_the_card_games_help_is_its_table_of_commands_in_order() -> None:
    said: list[str] = []
    commands = card_commands(Commands(said.append), Game(4, viewer=0), ["You", "A", "B", "C"])
    assert commands.answer("?", choose_number(3, said.append)) is AGAIN
    assert "\n".join(said) == CARD_HELP
    set_language("hu")
    assert commands.help()[0] == "Parancsok:" and commands.help()[-1].endswith("kilépés a játékból")


def test_a_network_table_adds_its_commands_after_the_games() -> None:
    out = io.StringIO()
    table = PlainNetworkTable(io.StringIO(""), out, pace=None)
    table.names = ["You", "A", "B", "C"]
    part = CardPlainPart(table, Game(4, viewer=0), 0)
    lines = part.commands().help()
    assert "\n".join(lines[:7]) == CARD_HELP
    assert lines[-1].startswith("  leave      leave for good")
    with pytest.raises(LeaveForGood):
        part.commands().answer("leave", choose_number(3, table.print))


def test_words_are_matched_whole_in_any_case_and_the_rest_only_where_taken() -> None:
    said: list[str] = []
    commands = Commands(said.append).add(
        word(("x", "ex"), lambda rest: f"x:{rest}"),
        word(("c",), lambda rest: f"c:{rest}", rest=True))
    other = choose_number(2, said.append)
    assert commands.answer("  EX \n", other) == "x:"
    assert commands.answer("c  barrel ", other) == "c:barrel"
    assert commands.answer("C", other) == "c:"
    assert commands.answer("x more", other) is AGAIN  # not the command: a mistyped choice
    assert commands.answer("cx", other) is AGAIN
    assert said == ["Type the number of an action (1-2), or ? for help."] * 2
    assert commands.answer("2", other) == 1  # a row's index
    assert commands.answer("", other) is AGAIN and len(said) == 2  # read again, silently
    assert commands.answer(None, other) is END


def test_the_reader_prompts_before_each_line_until_a_choice() -> None:
    out = io.StringIO()
    lines = iter(["what", "?", "q"])
    commands = Commands(lambda text: out.write(text + "\n"))
    commands.add(word(("q",), lambda _rest: QUIT), commands.help_command(None))

    class Asked:
        def prompt(self) -> None:
            out.write("> ")

        def answer(self, line: str | None) -> object:
            return commands.answer(line, lambda text: out.write(f"no {text}\n") and AGAIN)

    assert read_answer(Asked(), lambda: next(lines, None)) is QUIT
    assert out.getvalue() == "> no what\n> > "
    assert read_answer(Asked(), lambda: None) is END


def test_quit_words_stop_the_card_game_in_any_case() -> None:
    out = io.StringIO()
    assert PlainSolo(SoloSession(4, seed=3), io.StringIO("Q\n1\n"), out).run() == 0
    assert out.getvalue().rstrip().endswith("Goodbye.")


def test_a_boards_question_answers_help_quit_leave_and_the_boards_keys() -> None:
    session = SoloSession(GameChoice.make("dice", 4), 21)
    session.advance()
    board = board_for(session)
    said: list[str] = []
    shown: list[int] = []
    question = BoardQuestion(board, said.append, lambda: shown.append(1), lambda: None,
                             [leave_command()])
    assert question.answer("?") is AGAIN
    assert said == [text for _style, text in board.help()]
    assert question.answer("EXIT") is QUIT and question.answer(None) is END
    with pytest.raises(LeaveForGood):
        question.answer("leave")
    said.clear()
    assert question.answer("zz") is AGAIN and said[0].startswith("? (")
    first = board.choices()[0]
    assert first.action is not None
    assert question.answer(first.key) == first.action  # a row's key: its action
