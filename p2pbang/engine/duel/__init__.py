"""BANG! The Duel: a two-player engine with the card game's interface (see ``game.py``)."""
