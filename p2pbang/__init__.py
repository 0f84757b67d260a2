"""p2pbang: the BANG! family of games, peer to peer, with trustless dealing."""
__version__ = "0.1.0"
