"""The values the Duel and the Dice Game build through their slots (``engine/fastvalues.py``,
``_fast_ability``) are the very values their constructors make, and a shared event is one
object per distinct field tuple."""

from __future__ import annotations

from p2pbang.engine.actions import Choose, Discard, Event
from p2pbang.engine.chance import Deal, Reveal
from p2pbang.engine.duel.actions import UseAbility
from p2pbang.engine.duel.game import _fast_ability
from p2pbang.engine.fastvalues import EVENTS, choose, deal, discard, reveal, shared_event


def _same(made: object, reference: object) -> None:
    assert type(made) is type(reference)
    assert made == reference and hash(made) == hash(reference) and repr(made) == repr(reference)


def test_slot_built_values_equal_the_constructed_ones() -> None:
    _same(discard(7, 41), Discard(7, 41))
    _same(choose(-10), Choose(-10))
    _same(deal((3, 4), 1), Deal((3, 4), 1))
    _same(reveal((9,)), Reveal((9,)))
    _same(_fast_ability("pearl_hart", (4,), (9,), 2, -1),
          UseAbility("pearl_hart", (4,), (9,), 2, -1))
    _same(_fast_ability("babe_leroy", (), ()), UseAbility("babe_leroy"))


def test_a_shared_event_is_one_object_per_field_tuple() -> None:
    key = ("draw", 1, -1, -1, 2, -1)
    first = shared_event(key)
    _same(first, Event("draw", 1, -1, -1, 2, -1))
    assert shared_event(key) is first and EVENTS.get(key) is first
    assert shared_event(("draw", 1, -1, -1, 3, -1)) is not first
