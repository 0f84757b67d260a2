"""The card game's board on the one full screen (its table, its menu of steps, its hand, its
players page) and its other interfaces' words (the watcher's, the replay's)."""
