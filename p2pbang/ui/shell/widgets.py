"""Small prompt-toolkit building blocks shared by the table and lobby screens.

``PanelControl`` asks a pure render function for exactly the cells its window has, which
keeps every drawing decision in testable code. ``clean_chat`` is what a chat line may show
(the shell's chat line, ``shell/base.py``, sends it; a network table cleans what it
receives the same way).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from prompt_toolkit.layout.controls import UIContent, UIControl

from p2pbang.ui.textfit import Line, fit_line

MAX_CHAT = 200  # characters in one chat line


class PanelControl(UIControl):
    """A window's content drawn by ``render(width, height) -> lines``, each cut to width."""

    def __init__(self, render: Callable[[int, int], list[Line]], focusable: bool = False,
                 style: str = "") -> None:
        self.render = render
        self.focusable = focusable
        self.style = style

    def is_focusable(self) -> bool:
        return self.focusable

    def create_content(self, width: int, height: int) -> UIContent:
        lines = [fit_line(line, width) for line in self.render(width, height)[:height]]
        return UIContent(get_line=lambda i: lines[i], line_count=len(lines),
                         show_cursor=False)


def clean_chat(text: str) -> str:
    """One line of chat as it may be shown: control and format characters removed (they
    could move the cursor or hide text), whitespace collapsed, at most ``MAX_CHAT`` long."""
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())[:MAX_CHAT]
