"""The one full screen of every game: the stage, the screen around a game's board, what every
board has, the drawn frame of the Dice Game's and The Duel's boards, widgets and styles."""
