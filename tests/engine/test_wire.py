"""Serialisation: every engine value survives msgpack unchanged; malformed input is refused."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from p2pbang.engine.actions import (
    Ability,
    Choose,
    Decision,
    Discard,
    End,
    Event,
    Pass,
    Play,
    PlayPaid,
    UseBarrel,
    UseGreen,
    revealed_cards,
    revealed_slots,
)
from p2pbang.engine.chance import ChanceResult, Deal, RandomInt, Reveal, Shuffle
from p2pbang.engine.wire import WireError, from_wire, pack, unpack

ints = st.integers(min_value=-(2**31), max_value=2**31 - 1)
small = st.lists(ints, max_size=8).map(tuple)
values = st.one_of(
    st.builds(Play, ints, ints, ints, ints),
    st.builds(PlayPaid, ints, ints, ints, ints, ints, ints),
    st.builds(UseGreen, ints, ints, ints),
    st.builds(Discard, ints, ints),
    st.builds(Ability, small, small),
    st.builds(Choose, ints),
    st.just(UseBarrel()),
    st.just(Pass()),
    st.builds(ChanceResult, st.lists(st.one_of(st.none(), ints), max_size=8).map(tuple)),
    st.builds(Shuffle, st.text(max_size=10), small, small),
    st.builds(Deal, small, ints),
    st.builds(Reveal, small),
    st.builds(RandomInt, ints),
    st.builds(Decision, ints, st.text(max_size=10), small, ints, ints),
    st.builds(Event, st.text(max_size=10), ints, ints, ints, ints, ints),
    st.builds(End, st.text(max_size=10), small),
)


@given(values)
def test_round_trip(value: object) -> None:
    assert unpack(pack(value)) == value


@pytest.mark.parametrize("data", [
    b"", b"\xc1", b"\x93\xa4play\x01\x02",  # truncated / reserved byte / missing fields
    b"\x92\xa4nope\x01",  # unknown tag
    b"\x95\xa4play\xc3\x01\x02\x03",  # a boolean where an int belongs
    b"\x95\xa4play\xa1x\x01\x02\x03",  # a string where an int belongs
])
def test_garbage_is_refused_with_a_reason(data: bytes) -> None:
    with pytest.raises(WireError):
        unpack(data)


@given(st.binary(max_size=64))
def test_random_bytes_never_crash(data: bytes) -> None:
    with contextlib.suppress(WireError):
        unpack(data)


def test_play_paid_round_trips_and_is_strict() -> None:
    value = PlayPaid(3, 17, 2, -1, 5, 40)
    assert unpack(pack(value)) == value
    with pytest.raises(WireError):
        from_wire(["play_paid", 3, 17, 2, -1, 5])
    with pytest.raises(WireError):
        from_wire(["play_paid", 3, 17, 2, -1, 5, True])


def test_revealed_slots_of_every_action_kind() -> None:
    assert revealed_slots(Play(3, 17)) == (3,)
    assert revealed_slots(PlayPaid(3, 17, 2, -1, 5, 40)) == (3, 5)
    assert revealed_slots(Ability((1, 2), (4, 5))) == (1, 2)
    assert revealed_slots(Pass()) == ()


def test_revealed_cards_pair_each_slot_with_its_own_claimed_card() -> None:
    """A "+1" card's price is proven against the price's card, not the played card's."""
    assert revealed_cards(Play(3, 17)) == ((3, 17),)
    assert revealed_cards(PlayPaid(3, 17, 2, -1, 5, 40)) == ((3, 17), (5, 40))
    assert revealed_cards(Ability((1, 2), (4, 5))) == ((1, 4), (2, 5))
    assert revealed_cards(UseGreen(7)) == ()


def test_use_green_round_trips_and_reveals_no_hand_slot() -> None:
    value = UseGreen(7, 2, -1)
    assert unpack(pack(value)) == value and revealed_slots(value) == ()
