"""The core of nobody's seat for a genesis: what ``verify``, a watcher and a seat's incoming
holder replay a log on.

One function, so that every observer builds its dealer as the players built theirs: the
genesis binds the game and the ``dropouts`` choice (``table/dropouts.py``), and with escrow
the dealing has escrow rounds an observer without them would take for a cheat.
"""

from __future__ import annotations

from p2pbang.dealer.mental import MentalDealer
from p2pbang.net.lobby import Genesis
from p2pbang.table.core import TableCore
from p2pbang.table.table_choice import choice_of, dropouts_of


def observer_dealer(genesis: Genesis) -> MentalDealer:
    """A dealer of no seat for ``genesis`` (``UnplayableTable`` when this build cannot)."""
    players = len(genesis.seats)
    threshold = dropouts_of(genesis.settings).escrow_threshold(players)
    return MentalDealer(None, players, genesis.session_id, escrow_threshold=threshold)


def observer_core(genesis: Genesis) -> TableCore:
    """The engine and dealer of nobody's seat for ``genesis``, started."""
    core = TableCore(len(genesis.seats), None, observer_dealer(genesis),
                     choice_of(genesis.settings))
    core.start()
    return core


__all__ = ["observer_core", "observer_dealer"]
