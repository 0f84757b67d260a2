"""The card game's sets as the interface shows them."""
