"""The network commands' exit statuses, and the one for how a session ended.

Why here: the commands (``commands/table_commands.py``) and the full-screen flows
(``ui/network/``) both turn a ``SessionResult`` into a status; below both, one table of
numbers and one rule serve them. ``EXIT_LEFT`` is a flow's "the person left": the command
itself exits 0 for it (a deliberate leave is no failure), after the resume hint.
"""

from __future__ import annotations

from p2pbang.table.session import SessionResult

EXIT_OK, EXIT_CHEAT, EXIT_USAGE, EXIT_GAVE_UP, EXIT_LEFT = 0, 1, 2, 3, 4


def exit_status(result: SessionResult) -> int:
    """The status for how the session ended: left, gave up, a cheat named, or a good end."""
    if result.left:
        return EXIT_LEFT
    if result.gave_up:
        return EXIT_GAVE_UP
    return EXIT_OK if result.ok else EXIT_CHEAT
