"""What a full screen's body gives the shell's application (``Body``), and the body drawn by
one pure function (``DrawnBody``).

Why: the card game's body is a prompt-toolkit container of panels planned for the
terminal's size before each draw (``bang/card_panels.py``'s ``CardPanels``), while the Dice
Game's and The Duel's boards are drawn whole, in the shell's frame, as one pure
``draw(width, height) -> lines`` (``shell/drawn_board.py``). A board gives its body
(``BoardBase.body``) and ``ScreenBase`` builds the one application of either from it
(``_build_application``), so the application, its keys and its colours are the shell's
whichever way the body draws.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.layout import Layout, Window

from p2pbang.ui.shell.widgets import PanelControl
from p2pbang.ui.textfit import Line


class Body(Protocol):
    """A screen's body: its layout, and what it does before each draw."""

    def layout(self) -> Layout: ...

    def before_render(self, app: Application[str]) -> None: ...


class DrawnBody:
    """A body drawn whole by ``draw(width, height) -> lines``, in one window with the keys."""

    def __init__(self, draw: Callable[[int, int], list[Line]]) -> None:
        self.draw = draw

    def layout(self) -> Layout:
        return Layout(Window(PanelControl(self.draw, focusable=True)))

    def before_render(self, app: Application[str]) -> None:
        """Nothing to plan: ``draw`` is given the window's size at each draw."""


__all__ = ["Body", "DrawnBody"]
