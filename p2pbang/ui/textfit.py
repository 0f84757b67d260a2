"""Fitting styled text into terminal cells: measure, cut with an ellipsis, pad, wrap.

Every panel of the full-screen interface is drawn as lines of ``(style, text)`` fragments
cut to the exact cell width of its window, so nothing spills into a neighbour or wraps
by accident at 80 columns, in any language. Widths are display cells (``get_cwidth``).
"""

from __future__ import annotations

import textwrap

from prompt_toolkit.utils import get_cwidth

Fragment = tuple[str, str]
Line = list[Fragment]
ELLIPSIS = "\u2026"


def width_of(text: str) -> int:
    return get_cwidth(text)


def line_width(line: Line) -> int:
    return sum(get_cwidth(text) for _style, text in line)


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, ending in an ellipsis when something was cut."""
    if width <= 0:
        return ""
    if get_cwidth(text) <= width:
        return text
    out, used = [], 0
    for char in text:
        w = get_cwidth(char)
        if used + w > width - 1:
            break
        out.append(char)
        used += w
    return "".join(out) + ELLIPSIS


def pad(text: str, width: int) -> str:
    """Cut or pad ``text`` to exactly ``width`` cells."""
    text = cut(text, width)
    return text + " " * (width - get_cwidth(text))


def pad_left(text: str, width: int) -> str:
    text = cut(text, width)
    return " " * (width - get_cwidth(text)) + text


def fit_line(line: Line, width: int, fill_style: str = "") -> Line:
    """Cut a styled line to ``width`` cells (ellipsis on the last kept fragment) and pad it."""
    if width <= 0:
        return []
    out: Line = []
    used = 0
    total = line_width(line)
    for style, text in line:
        w = get_cwidth(text)
        if total <= width or used + w <= width - 1:
            out.append((style, text))
            used += w
            continue
        room = width - used  # at least 1: earlier fragments kept one cell free
        kept, kept_width = [], 0
        for char in text:
            cw = get_cwidth(char)
            if kept_width + cw > room - 1:
                break
            kept.append(char)
            kept_width += cw
        piece = "".join(kept) + ELLIPSIS
        out.append((style, piece))
        used += get_cwidth(piece)
        break
    if used < width:
        out.append((fill_style, " " * (width - used)))
    return out


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """Word-wrap ``text`` to ``width`` cells; continuation lines start with ``indent``."""
    if width <= len(indent) + 1:
        return [cut(text, width)]
    lines = textwrap.wrap(text, width=width, subsequent_indent=indent,
                          break_long_words=True, break_on_hyphens=False) or [""]
    return [cut(line, width) for line in lines]
