"""BANG! The Dice Game: an engine with the card game's interface (pending/apply/legal_actions)."""
