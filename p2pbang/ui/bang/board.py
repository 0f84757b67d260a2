"""The card game's screens in the board registry (``ui/boards.py``).

The card game's board (``bang/card_board.py``: its state and keys, drawn by its panels
``bang/card_panels.py``: its table, hand and menu of steps) is its full screen's only: the
one shell (``shell/screen.py``) sits around it, made by the solo table and the network
table through the registry (``boards.full_screen``). Its other interfaces are its own: what
the watcher shows of it (``bang/watched.py``), what ``replay`` prints (``bang/told.py``),
its plain solo game (``plain/solo.py``) and its part of the plain network table
(``network/plain_card.py``)."""

from __future__ import annotations

from p2pbang.ui.bang.card_board import CardBoard
from p2pbang.ui.bang.told import CardTold
from p2pbang.ui.bang.watched import CardWatched
from p2pbang.ui.boards import GameScreens
from p2pbang.ui.network.plain_card import card_part
from p2pbang.ui.plain.solo import CardSolo

SCREENS = GameScreens("bang", screen_board=CardBoard, watched=CardWatched, told=CardTold,
                      solo=CardSolo, plain_net=card_part)
