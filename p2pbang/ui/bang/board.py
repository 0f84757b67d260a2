"""The card game's screens in the board registry (``ui/boards.py``).

The card game has a full screen of its own (``bang/table_screen.py``: its table, hand and
menu of steps), so it declares no board on the shell; the places that show a game take
that screen's way when the registry says so."""

from __future__ import annotations

from p2pbang.ui.boards import GameScreens

SCREENS = GameScreens("bang")
