"""The Duel's screens in the board registry (``ui/boards.py``): its board on the shell."""

from __future__ import annotations

from p2pbang.ui.boards import GameScreens
from p2pbang.ui.duel.duel_board import DuelBoard

SCREENS = GameScreens("duel", board=DuelBoard)
