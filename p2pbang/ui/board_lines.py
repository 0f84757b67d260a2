"""A Dice Game's or Duel's board read aloud: the plain interface's table and its reading of
a typed line, shared by the solo game (``dice_duel_app.PlainFamily``) and the network table
(``family_net.PlainFamilyTable``) so both read a board the same way."""

from __future__ import annotations

from typing import Any

from p2pbang.ui.shell.screen import HANDLED


def table_lines(board: Any) -> list[str]:
    """The table as text, the decision, the rows with their keys, and what to type."""
    lines = ["".join(text for _style, text in line).rstrip() for line in board.top(80, 20)]
    lines.append(board.decision()[1])
    lines += [f"  {choice.key or ' '}) {choice.label}" for choice in board.choices()]
    lines.append("  (" + board.plain_hints() + ")")
    return lines


def line_answer(board: Any, line: str) -> Any:
    """The action a typed line means, ``HANDLED`` when it opened or closed a card's ways,
    or a sentence saying why it means none: a board's own syntax first (the dice to roll
    again), then the rows' keys."""
    parse = getattr(board, "parse_line", None)
    if parse is not None:
        parsed = parse(line)
        if parsed is not None and parsed is not HANDLED:
            return parsed
    for choice in board.choices():
        if line == choice.key:
            if choice.action is None:  # a row that opens (or closes) a card's ways
                return HANDLED if board.key(line) is HANDLED else f"? ({line})"
            return choice.action
    keys = ", ".join(c.key for c in board.choices() if c.key)
    return f"? ({keys})"


__all__ = ["line_answer", "table_lines"]
