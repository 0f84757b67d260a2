"""The Duel's screens: its board (``duel_board.py``) on the shell the Dice Game and The Duel
share (``ui/shell/screen.py``), its entry in the board registry (``board.py``), its view model
(``duel_view.py``) and its words (``duel_texts.py``), for the solo table, a network table, a
watcher and the replay."""
