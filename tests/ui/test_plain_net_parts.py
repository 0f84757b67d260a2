"""The plain network table: what every game shares is said once, in the person's language,
and what only a game knows is its part's, from the board registry (``boards.plain_part_for``).

Why these tests: the card game's and the boards' halves of the plain network table were two
copies (the waiting line, the table's commands, the reading loop), and the shared lines were
English only, while the full screen said them in every language."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest
import trio

from p2pbang.engine.actions import Decision
from p2pbang.engine.choice import GAMES, GameChoice, seat_range
from p2pbang.table.bot_pace import write_pace
from p2pbang.table.driver import FAILURE, Verdict
from p2pbang.table.participants import LeaveForGood, PlayerQuit
from p2pbang.table.solo import SoloSession
from p2pbang.ui import boards
from p2pbang.ui.i18n import set_language
from p2pbang.ui.network.family_net import BoardPlainPart
from p2pbang.ui.network.plain_card import CardPlainPart
from p2pbang.ui.network.plain_net import PlainNetworkTable
from p2pbang.ui.plain.commands import AGAIN


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def _session(game: str, seats: int | None = None) -> SimpleNamespace:
    """A network session's face for ``game``: this seat's engine as its core's game."""
    seats = seats or seat_range(game)[0]
    solo = SoloSession(GameChoice.make(game, seats), seed=5)
    solo.advance()
    core = SimpleNamespace(game=solo.mine, seat=solo.you, choice=solo.choice, players=seats)
    return SimpleNamespace(core=core, seat=solo.you, players=seats, resumed=False,
                           restored_entries=0, names=[f"P{i}" for i in range(seats)])


@pytest.mark.parametrize("game", GAMES)
def test_each_games_part_comes_from_the_registry_and_opens_the_game(game: str) -> None:
    out = io.StringIO()
    table = PlainNetworkTable(io.StringIO(""), out)
    table.started(_session(game))  # type: ignore[arg-type]
    expected = CardPlainPart if boards.screens(game).plain_net else BoardPlainPart
    assert type(table.part) is expected
    first, second = out.getvalue().splitlines()[:2]
    assert first.startswith("A game of BANG!") and "players: you and P" in first
    assert second == table.part.dealing()


def test_the_shared_lines_are_in_the_persons_language() -> None:
    """Waiting, dropping out, coming back, a warning and a verdict: Hungarian here, as on
    the full screen (the catalog's words, not English)."""
    set_language("hu")
    out = io.StringIO()
    table = PlainNetworkTable(io.StringIO(""), out)
    table.names = ["Te", "Ági", "Bea"]
    table.waiting([1, 2], 6.0, [2])
    table.connection(1, "disconnected", "")
    table.connection(1, "reconnected", "")
    table.warning("x")
    table.verdict(Verdict(FAILURE, -1, "disk full", 9))
    text = out.getvalue()
    assert "6 mp óta várunk rájuk: Ági, Bea" in text
    assert "Visszatért: Ági" in text and "Figyelem: x" in text
    for english in ("waiting", "is back", "warning", "THE GAME IS STOPPED", "disconnected"):
        assert english not in text


def test_waiting_is_said_at_most_every_ten_seconds() -> None:
    out = io.StringIO()
    table = PlainNetworkTable(io.StringIO(""), out)
    table.names = ["You", "Ann"]
    table.waiting([1], 3.0, [])
    table.waiting([1], 4.0, [])
    assert out.getvalue().count("Waiting") == 1


@pytest.mark.parametrize("game", boards.board_games())
def test_a_boards_game_has_the_tables_commands_too(game: str, tmp_path: Path) -> None:
    """The bots' pace (``+``/``-``, where this host started them), ``leave`` at three seats
    or more, and ``t``, listed in the help: the card game's table had them, a board's had
    no pace and listed neither."""
    high = seat_range(game)[1]
    pace = tmp_path / "pace"
    write_pace(pace, 0.3)
    out = io.StringIO()
    table = PlainNetworkTable(io.StringIO(""), out, pace=pace)
    session = _session(game, high)
    table.started(session)  # type: ignore[arg-type]
    part = table.part
    assert isinstance(part, BoardPlainPart)
    commands = part.question.commands
    assert commands.answer("+", part.question.read) is AGAIN
    assert "The bots now wait 0.6 s before each move." in out.getvalue()
    help_text = "\n".join(commands.help())
    assert "+ / -" in help_text and "  t          show the table" in help_text
    if high >= 3:
        assert "leave for good" in help_text
        with pytest.raises(LeaveForGood):
            commands.answer("leave", part.question.read)
    else:
        assert "leave for good" not in help_text


@pytest.mark.parametrize("game", GAMES)
def test_the_end_of_input_leaves_in_every_game(game: str) -> None:
    out = io.StringIO()
    table = PlainNetworkTable(io.StringIO(""), out)
    session = _session(game)
    table.started(session)  # type: ignore[arg-type]
    decision = session.core.game.pending
    assert isinstance(decision, Decision)

    async def decide() -> None:
        await table.decide(session.core, decision)  # type: ignore[arg-type]

    with pytest.raises(PlayerQuit, match="end of input"):
        trio.run(decide)
