"""The card game's fact sheet (BANG! with Dodge City, High Noon, A Fistful of Cards, Gold
Rush and the shadow-gunslinger variant): see ``engine/sheet.py``.

The seat range is not written here: each rule module says the tables its role deck allows
(``engine/bang/sets/``: the base game 4 to 7, Dodge City 3 and 8), and the range of a choice is
theirs merged, as the engine's own rule set merges them. The card game's engine, sets and
cards move into one package of their own later (``docs/architecture.md``).
"""

from __future__ import annotations

from typing import Any

from p2pbang.engine import wire
from p2pbang.engine.actions import (
    TABLE_ACTIONS,
    Ability,
    Choose,
    Discard,
    Pass,
    Play,
    PlayPaid,
    UseBarrel,
    UseGreen,
    revealed_cards,
)
from p2pbang.engine.bang.game import Game
from p2pbang.engine.bang.invariants import violations
from p2pbang.engine.bang.sets import BASE_MODULE, EXPANSION_MODULES, UNFINISHED, VARIANT_MODULES
from p2pbang.engine.sheet import Claims, FactSheet


def seats(expansions: tuple[str, ...]) -> tuple[int, int]:
    """The base game's range, widened by each expansion's rule module (Dodge City: 3 to 8)."""
    modules = [BASE_MODULE, *(EXPANSION_MODULES[n] for n in expansions
                               if n in EXPANSION_MODULES)]
    return (min(m.fewest_seats for m in modules), max(m.most_seats for m in modules))


def claims(action: Any) -> Claims:
    """The engine's own list (a paid card shows the card and its price). An ability naming
    more slots than cards (or fewer) is malformed: it claims nothing, so the table refuses
    its reveals instead of failing on them."""
    if isinstance(action, Ability) and len(action.slots) != len(action.cards):
        return ()
    return revealed_cards(action)


SHEET = FactSheet(
    name="bang",
    title="BANG!",
    seats=seats,
    default_seats=None,  # 5 at a person's table, 7 in self-play and the benchmarks
    expansions=tuple(EXPANSION_MODULES),
    variants=tuple(VARIANT_MODULES),
    engine=Game,
    to_wire=wire.to_wire,
    from_wire=wire.from_wire,
    pack=wire.pack,
    unpack=wire.unpack,
    history_hash=wire.history_hash,
    violations=violations,
    checks="cards conserved, life in bounds",
    action_types=(Play, PlayPaid, UseGreen, Discard, Ability, Choose, UseBarrel, Pass,
                  *TABLE_ACTIONS),
    claims=claims,
    bot="p2pbang.bots.sensible:SensibleBot",
    target_games_per_second=400,
    order=1,
    unfinished=UNFINISHED,
)
