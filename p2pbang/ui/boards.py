"""Which board shows which game: the one place the interface asks.

Why a registry: the solo table, the replay, the network table, the watcher and the plain
interfaces all show a game through its board (what it draws above the shell's decision
line, and its words for events, decisions and the help). Each asked by game name once, in
four places; a new game had to be added to each. Now each game's package declares its
screens once, in ``ui/<game>/board.py`` (``SCREENS``, a ``GameScreens`` naming its game),
and every place asks here by the game a choice names, so no module outside a game's package
names that game to pick its screens. The games are the engine's registry's
(``engine.choice.GAMES``); their packages are found by name, as the card game's sets are
(``ui/sets/``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any


@dataclass(frozen=True)
class GameScreens:
    """One game's screens, declared by its package.

    ``board`` makes the board every interface reads from the session it reads (a solo
    session, a network table's seat, a watcher's observer: anything with the person's
    engine as ``mine``, ``names``, ``you`` and ``choice``): the full screen, the plain
    interfaces, the watcher and replay. ``None``: the game's board is its full screen's
    only, and its other interfaces are its own (the card game's).

    ``screen_board`` makes that board of the full screen only (``screen_board(session)``,
    the card game's ``bang/card_board.py`` ``CardBoard``); a game with a ``board`` needs
    none. Either way the full screen is the one shell (``shell/screen.py``'s
    ``GameScreen``) around the game's board.

    ``watched`` makes what the watcher shows of the game (``watched(watch)``, reading a
    ``table/watch.py`` ``TableWatch``; see ``BoardWatched`` for what it has); ``told``, what
    ``replay`` prints of a saved network game (``told(core, names)``, an observer's
    ``TableCore``; see ``BoardTold``). A game with a board needs neither: its board tells
    its events.

    ``solo`` is what ``p2pbang solo`` and ``replay`` ask of the game played alone with the
    bots (the person's name, the line that deals it again, the plain interface, the saved
    game told again; see ``plain/board_solo.py``'s ``BoardSolo`` for what it has). A game
    with a board needs none: ``BoardSolo`` reads its board.

    ``plain_net`` makes the game's part of the plain network table
    (``plain_net(table, session)``, see ``network/plain_net.py``'s ``PlainPart``); a game
    with a board needs none: ``network/family_net.py``'s ``BoardPlainPart`` reads its board.
    """

    game: str
    board: Callable[[Any], Any] | None = None
    screen_board: Callable[[Any], Any] | None = None
    watched: Callable[[Any], Any] | None = None
    told: Callable[[Any, list[str]], Any] | None = None
    solo: Any = None
    plain_net: Callable[[Any, Any], Any] | None = None


class BoardWatched:
    """What the watcher shows of a board's game: its board's sentences, read from the
    observer's engine, and no table of seats (a board draws one seat's view, so the log
    tells the game). A game's own ``watched`` has the same methods."""

    def __init__(self, watch: Any) -> None:
        from p2pbang.ui.network.family_net import board_narrator  # a core read as a seat

        self.describe: Callable[[list[Any]], list[str]] = board_narrator(watch.core,
                                                                           watch.names)

    def end_lines(self, end: Any) -> list[str]:
        """Who won, in the game's words (none: the watcher says the game is over)."""
        return []

    def status(self, width: int) -> Any:
        """The status line (``None``: the watcher's own, its note)."""
        return None

    def top_rows(self) -> int:
        """Rows of the table above the log."""
        return 0

    def top(self, width: int) -> list[Any]:
        """The table above the log."""
        return []


def _games() -> tuple[str, ...]:
    from p2pbang.engine import choice  # the engine's registry, read when first asked

    return tuple(choice.GAMES)


@cache
def screens(game: str) -> GameScreens:
    """The screens of ``game`` (a name of the engine's registry), from ``ui/<game>/board.py``."""
    if game not in _games():
        raise ValueError(f"no such game: {game!r}; the games are: {', '.join(_games())}")
    declared = importlib.import_module(f"p2pbang.ui.{game}.board").SCREENS
    if not isinstance(declared, GameScreens) or declared.game != game:
        raise TypeError(f"p2pbang.ui.{game}.board declares {declared!r}, not {game}'s screens")
    return declared


def has_board(game: str) -> bool:
    """True when ``game`` declares a board every interface reads (``board``), not only
    its full screen's."""
    return screens(game).board is not None


def board_games() -> tuple[str, ...]:
    """The games whose board every interface reads, in the engine's order."""
    return tuple(game for game in _games() if has_board(game))


def full_screen(session: Any, *, board: Any = None, speed: int | None = None,
                input: Any = None, output: Any = None,
                send_chat: Callable[[str], None] | None = None,
                note: Callable[[], str] | None = None, pace_keys: bool = True,
                on_speed: Callable[[float], None] | None = None) -> Any:
    """The full screen of the game ``session.choice`` names, for every game: the shell
    around its board (``board``, else the registry's board, or board of the full screen,
    reading ``session``). The solo table and the network table make their screen here, so
    neither names a game nor a board class.

    ``speed`` is the computer players' pace step (the screens' default when ``None``),
    ``input``/``output`` the terminal (tests pass pipes), ``send_chat`` the chat line's
    sender (a network table), ``note`` the network's news, ``pace_keys`` whether +/- set
    the pace here, ``on_speed`` who hears a new pace."""
    declared = screens(session.choice.game)
    options: dict[str, Any] = {"input": input, "output": output, "send_chat": send_chat,
                               "note": note, "pace_keys": pace_keys, "on_speed": on_speed}
    if speed is not None:
        options["speed"] = speed
    make = declared.board or declared.screen_board
    if make is None:
        raise TypeError(f"{declared.game} declares neither a board nor a screen's board")
    from p2pbang.ui.shell.screen import GameScreen  # the shell, loaded when a screen is

    return GameScreen(session, board if board is not None else make(session), **options)


class BoardTold:
    """What ``replay`` prints of a board's game: its board's sentences, a pause before each
    new turn when asked, nothing more at the end. A game's own ``told`` has the same
    methods."""

    def __init__(self, core: Any, names: list[str]) -> None:
        self.core, self.names = core, names
        self._narrate: Callable[[list[Any]], list[str]] | None = None  # made when first told

    def tell(self, events: list[Any], pause: bool, out: Any, inp: Any) -> bool:
        """Print ``events``; False when the input ended at a pause (nothing printed)."""
        from p2pbang.ui.network.family_net import board_narrator  # a core read as a seat
        from p2pbang.ui.replay import family_teller

        if self._narrate is None:
            self._narrate = board_narrator(self.core, self.names)
        return family_teller(self._narrate, pause, out, inp)(events)

    def at_the_end(self, out: Any) -> None:
        """What follows the last event (nothing: the board's last line said who won)."""


def told_for(core: Any, names: list[str]) -> Any:
    """What ``replay`` prints of the game of ``core`` (its choice's game)."""
    make = screens(core.choice.game).told
    return make(core, names) if make is not None else BoardTold(core, names)


def watched_for(watch: Any) -> Any:
    """What the watcher shows of the game ``watch`` follows (its core's choice)."""
    make = screens(watch.core.choice.game).watched
    return make(watch) if make is not None else BoardWatched(watch)


def solo_for(game: str) -> Any:
    """What a solo game of ``game`` says and runs (its declared ``solo``, else
    ``BoardSolo``): the ``solo`` command and the replay of a saved solo game ask here."""
    declared = screens(game).solo
    if declared is not None:
        return declared
    if not has_board(game):
        raise TypeError(f"{game} has its own interfaces but declares no solo")
    from p2pbang.ui.plain.board_solo import BoardSolo  # the plain interface, loaded when asked

    return BoardSolo


def plain_part_for(table: Any, session: Any) -> Any:
    """The game's part of the plain network ``table`` for ``session`` (its core's choice):
    its declared ``plain_net``, else the board's."""
    make = screens(session.core.choice.game).plain_net
    if make is not None:
        return make(table, session)
    from p2pbang.ui.network.family_net import BoardPlainPart  # loaded when asked

    return BoardPlainPart(table, session)


def board_for(session: Any) -> Any:
    """The board of the game ``session.choice`` names, reading that session."""
    make = screens(session.choice.game).board
    if make is None:
        raise ValueError(f"{session.choice.game} has its own interfaces, its board is its "
                         "full screen's only")
    return make(session)


__all__ = ["BoardTold", "BoardWatched", "GameScreens", "board_for", "board_games", "full_screen",
           "has_board", "plain_part_for", "screens", "solo_for", "told_for", "watched_for"]
