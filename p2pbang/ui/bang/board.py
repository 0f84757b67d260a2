"""The card game's screens in the board registry (``ui/boards.py``).

The card game has a full screen of its own (``bang/table_screen.py``: its state and keys,
drawn by its body ``bang/card_board.py``: its table, hand and menu of steps) rather than a
board on the shell; it declares that screen, which the solo table and the network table
make through the registry (``boards.full_screen``), what the watcher shows of it
(``bang/watched.py``), what ``replay`` prints (``bang/told.py``) and its part of the plain
network table (``network/plain_card.py``)."""

from __future__ import annotations

from p2pbang.ui.bang.table_screen import TableScreen
from p2pbang.ui.bang.told import CardTold
from p2pbang.ui.bang.watched import CardWatched
from p2pbang.ui.boards import GameScreens
from p2pbang.ui.network.plain_card import card_part
from p2pbang.ui.plain.solo import CardSolo

SCREENS = GameScreens("bang", screen=TableScreen, watched=CardWatched, told=CardTold,
                      solo=CardSolo, plain_net=card_part)
