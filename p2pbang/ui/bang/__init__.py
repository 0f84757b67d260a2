"""The card game's full screen: its table, its menu of steps, its hand, its players page."""
