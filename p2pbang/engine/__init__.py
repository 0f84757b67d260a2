"""The rules engines. Which build of them runs (compiled or pure Python) is decided here,
before any of their modules, or the compiled bench loop's, is imported (``build.py``; the
``p2pbang`` package imports this first)."""

from p2pbang.engine import build as _build

_build.choose()
