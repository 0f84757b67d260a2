"""The rules engines. Which build of them runs (compiled or pure Python) is decided here,
before any of their modules is imported (``build.py``)."""

from p2pbang.engine import build as _build

_build.choose()
