"""The plain line interfaces: for pipes, dumb terminals, screen readers.

One table of commands and one reader of a choice (``commands.py``) serve every plain
interface: the card game solo (``solo.py``) and at a network table
(``ui/network/plain_net.py``), the Dice Game and The Duel (``board.py``, read by
``board_solo.py`` and ``ui/network/family_net.py``). The card game's decisions are asked
in steps (``stepped.py``) and its table is text (``card_table.py``).
"""

from p2pbang.ui.plain.card_table import (
    explain,
    plain_command,
    plain_help,
    render_table,
    seed_line,
)
from p2pbang.ui.plain.solo import PlainSolo

__all__ = ["PlainSolo", "explain", "plain_command", "plain_help", "render_table", "seed_line"]
