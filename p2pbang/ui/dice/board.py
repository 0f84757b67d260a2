"""The Dice Game's screens in the board registry (``ui/boards.py``): its board on the shell."""

from __future__ import annotations

from p2pbang.ui.boards import GameScreens
from p2pbang.ui.dice.dice_board import DiceBoard

SCREENS = GameScreens("dice", board=DiceBoard)
