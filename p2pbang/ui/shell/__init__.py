"""The shell of the full screens: the stage, the frame around a game's board, its widgets and
styles."""
