"""Small prompt-toolkit building blocks shared by the table and lobby screens.

``PanelControl`` asks a pure render function for exactly the cells its window has, which
keeps every drawing decision in testable code. ``ChatLine`` is a one-line text field that
hands finished lines to a send callback: in solo play the callback writes to the log; in a
network game it will broadcast, without the widget changing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document
from prompt_toolkit.layout.containers import Window
from prompt_toolkit.layout.controls import BufferControl, UIContent, UIControl
from prompt_toolkit.layout.processors import BeforeInput

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


class ChatLine:
    """The chat input: Enter hands the cleaned line to ``send`` and clears the field."""

    def __init__(self, send: Callable[[str], None], prompt: Callable[[], str]) -> None:
        self.send = send
        self.buffer = Buffer(multiline=False, accept_handler=self._accept,
                             name="chat")
        self.window = Window(
            BufferControl(self.buffer, input_processors=[
                BeforeInput(lambda: [("class:chat.prompt", prompt())])]),
            height=1, style="class:chat", dont_extend_height=True)

    def _accept(self, buffer: Buffer) -> bool:
        text = clean_chat(buffer.text)
        buffer.set_document(Document(""), bypass_readonly=True)
        if text:
            self.send(text)
        return True  # keep the (now empty) text; nothing to remember

    def clear(self) -> None:
        self.buffer.set_document(Document(""), bypass_readonly=True)
