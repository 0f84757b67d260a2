"""p2pbang: the BANG! family of games, peer to peer, with trustless dealing."""
__version__ = "0.1.0"

# Which build runs, compiled or pure Python, is decided before any module that may be compiled
# is imported, the bench loop's bot and dealer too (engine/build.py; the engine package's
# ``__init__`` decides).
import p2pbang.engine  # noqa: F401
