"""The Duel's fact sheet: see ``engine/sheet.py``."""

from __future__ import annotations

from typing import Any

from p2pbang.engine.actions import Choose, Discard, Pass, Play
from p2pbang.engine.duel import invariants, wire
from p2pbang.engine.duel.actions import MoveToken, Reload, UseAbility
from p2pbang.engine.duel.game import DuelGame
from p2pbang.engine.sheet import Claims, FactSheet, fixed_seats


def claims(action: Any) -> Claims:
    """A played, discarded or reloaded card, and each card an ability discards (a card of the
    equipment in play is public already: the table accepts it without a proof)."""
    if isinstance(action, (Play, Discard, Reload)):
        return ((action.slot, action.card),)
    if isinstance(action, UseAbility):
        return tuple(zip(action.slots, action.cards, strict=False))
    return ()


SHEET = FactSheet(
    name="duel",
    title="The Duel",
    seats=fixed_seats(DuelGame.players, DuelGame.players),
    default_seats=DuelGame.players,
    expansions=(),
    variants=(),
    engine=DuelGame,
    to_wire=wire.to_wire,
    from_wire=wire.from_wire,
    pack=wire.pack,
    unpack=wire.unpack,
    history_hash=wire.history_hash,
    violations=invariants.violations,
    checks="cards conserved, life in bounds, one or two characters a side, replay of the "
           "log identical",
    action_types=(Play, Discard, Choose, Pass, MoveToken, Reload, UseAbility),
    claims=claims,
    bot="p2pbang.bots.duel:DuelBot",
    target_games_per_second=None,
    order=3,
)
