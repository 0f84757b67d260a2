"""Test helpers: the card game's full screen, a solo game advanced to a given point, and a
screen drawn to plain text.

``snapshot`` draws a full screen's layout into a prompt-toolkit ``Screen`` of a chosen size
(the same call the renderer makes, without a terminal), so tests read the screen as text.
"""

from __future__ import annotations

import asyncio
from typing import Any

from prompt_toolkit.application.current import set_app
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition

from p2pbang.engine.actions import End
from p2pbang.table.solo import SoloSession
from p2pbang.ui.bang.card_board import CardBoard
from p2pbang.ui.lobby.screen import LobbyScreen
from p2pbang.ui.shell.screen import GameScreen


def card_screen(session: Any, **options: Any) -> GameScreen:
    """The card game's full screen: the shell around the card game's board reading
    ``session`` (``options``: the screen's, as ``boards.full_screen`` passes them)."""
    return GameScreen(session, CardBoard(session), **options)


def snapshot(screen: GameScreen | LobbyScreen, columns: int = 80,
             rows: int = 24) -> list[str]:
    """The screen's text, one string per row, each exactly as wide as the screen."""
    if isinstance(screen, GameScreen) and isinstance(screen.board, CardBoard):
        screen.board.panels.lay_out(columns, rows)
    canvas = Screen()

    async def draw() -> None:  # text fields load their history as an asyncio task
        with set_app(screen.app):
            screen.app.layout.container.write_to_screen(
                canvas, MouseHandlers(), WritePosition(0, 0, columns, rows),
                parent_style="", erase_bg=False, z_index=None)
            canvas.draw_all_floats()

    asyncio.run(draw())
    lines = []
    for y in range(rows):
        row = canvas.data_buffer[y]
        cells, x = [], 0
        while x < columns:
            char = row[x]
            cells.append(char.char)
            x += max(1, char.width)
        lines.append("".join(cells))
    return lines


def play_until_person_decides(session: SoloSession, screen: GameScreen | None = None,
                              turns: int = 0, min_actions: int = 1) -> None:
    """Advance bots and chance until the person must decide, taking the first legal action
    at the person's decisions until the game's turn counter reaches ``turns`` and the
    decision offers at least ``min_actions`` choices."""
    while True:
        events = session.advance()
        if screen is not None:
            screen.add_events(events)
        if isinstance(session.pending, End):
            return
        if session.mine.turn >= turns and len(session.legal_actions()) >= min_actions:
            return
        action = session.legal_actions()[0]
        events = session.act(action)
        if screen is not None:
            screen.add_events(events)
