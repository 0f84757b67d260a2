"""Canonical encoding, strict decoding, and message shape checks."""

from __future__ import annotations

import contextlib

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from p2pbang.net import codec
from p2pbang.net.codec import (
    Bin,
    Bool,
    CodecError,
    FixedBin,
    Int,
    ListOf,
    MapOf,
    MessageRegistry,
    OneOf,
    Record,
    SchemaError,
    Str,
)


def test_canonical_encoding_sorts_keys_and_uses_bin():
    a = codec.encode({"b": 1, "a": [b"\x00", "x", None, True, (1, 2)]})
    b = codec.encode({"a": [b"\x00", "x", None, True, [1, 2]], "b": 1})
    assert a == b
    assert codec.decode(a) == {"a": [b"\x00", "x", None, True, [1, 2]], "b": 1}
    assert codec.decode_canonical(a)["b"] == 1


@pytest.mark.parametrize("bad", [1.5, {1: "x"}, {"a": {2, 3}}, 2**64, -(2**63) - 1, object()])
def test_encode_refuses_non_canonical_values(bad):
    with pytest.raises(TypeError):
        codec.encode(bad)


@pytest.mark.parametrize(
    ("data", "match"),
    [
        (msgpack.packb("x" * 70_000), "exceeds max_str_len"),
        (msgpack.packb(b"x" * 10, use_bin_type=True), None),
        (msgpack.packb(list(range(70_000))), "exceeds max_array_len"),
        (msgpack.packb({str(i): i for i in range(2000)}), "exceeds max_map_len"),
        (b"\xd4\x01\x00", "exceeds max_ext_len"),
        (b"\xd6\xff\x00\x00\x00\x00", "exceeds max_ext_len"),  # a timestamp
        (msgpack.packb({1: 2}), "not allowed for map key"),
        (msgpack.packb(1) + b"\x00", "trailing bytes"),
        (b"\x91" * 2000 + b"\xc0", "nested too deeply"),
        (b"\x91" * 40 + b"\xc0", "nested deeper than 32"),
        (msgpack.packb([1.0]), "floating-point"),
        (b"\xa2\xff\xfe", "UTF-8"),
        (b"\x92\x01", "malformed"),
        (b"\xc1", "malformed"),
        (b"\xdd\xff\xff\xff\xff", "exceeds max_array_len"),
        (b"", "malformed"),
    ],
)
def test_decode_refuses_hostile_input_with_a_reason(data, match):
    if match is None:
        assert codec.decode(data) == b"x" * 10
        return
    with pytest.raises(CodecError, match=match):
        codec.decode(data)


def test_decode_refuses_oversized_message_before_parsing():
    limits = codec.Limits(max_message=100)
    with pytest.raises(CodecError, match="exceeds the limit of 100"):
        codec.decode(b"\xc4\x80" + b"x" * 128, limits)


def test_decode_canonical_refuses_equivalent_but_different_bytes():
    unsorted = b"\x82\xa1b\x01\xa1a\x02"  # {"b": 1, "a": 2}
    assert codec.decode(unsorted) == {"a": 2, "b": 1}
    with pytest.raises(CodecError, match="canonical"):
        codec.decode_canonical(unsorted)
    wide_int = b"\xcd\x00\x01"  # 1 as uint16
    with pytest.raises(CodecError, match="canonical"):
        codec.decode_canonical(wide_int)
    as_str = msgpack.packb("x", use_bin_type=True)
    assert codec.decode_canonical(as_str) == "x"


def _registry() -> MessageRegistry:
    reg = MessageRegistry()
    reg.register(
        "game.move",
        {
            "seat": Int(0, 7),
            "card": FixedBin(4),
            "note": Str(10),
            "ok": Bool(),
            "targets": ListOf(Int(0, 7), max_items=3),
            "extra": MapOf(Str(8), Bin(16), max_items=2),
            "kind": OneOf(("bang", "beer")),
        },
        optional=["note", "extra"],
    )
    return reg


GOOD = {
    "t": "game.move",
    "seat": 3,
    "card": b"abcd",
    "ok": True,
    "targets": [1, 2],
    "kind": "bang",
}


def test_registry_accepts_a_well_formed_message():
    reg = _registry()
    assert reg.validate(dict(GOOD)) == "game.move"
    assert reg.decode(codec.encode(GOOD)) == GOOD
    assert "game.move" in reg


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"seat": 8}, r"game.move.seat: 8 is outside \[0, 7\]"),
        ({"seat": True}, "expected int, got bool"),
        ({"card": b"abc"}, "game.move.card: 3 bytes"),
        ({"card": "abcd"}, "expected bytes, got str"),
        ({"note": "x" * 11}, "text of length 11"),
        ({"ok": 1}, "expected bool, got int"),
        ({"targets": [1, 2, 3, 4]}, "4 items"),
        ({"targets": [1, 9]}, r"targets\[1\]"),
        ({"targets": "12"}, "expected list"),
        ({"extra": {"k": b"x" * 17}}, "extra.k"),
        ({"extra": {"a": b"", "b": b"", "c": b""}}, "3 entries"),
        ({"extra": []}, "expected map"),
        ({"kind": "gatling"}, "not one of"),
        ({"surprise": 1}, "unexpected field"),
        ({"t": "game.unknown"}, "unknown message type"),
        ({"t": 5}, "no text 't' field"),
    ],
)
def test_registry_names_what_is_wrong(change, match):
    with pytest.raises(SchemaError, match=match):
        _registry().validate({**GOOD, **change})


def test_registry_missing_field_and_non_map():
    reg = _registry()
    incomplete = dict(GOOD)
    del incomplete["seat"]
    with pytest.raises(SchemaError, match="missing field seat"):
        reg.validate(incomplete)
    with pytest.raises(SchemaError, match="a message is a map"):
        reg.validate([1, 2])


def test_registry_refuses_bad_registrations():
    reg = _registry()
    with pytest.raises(ValueError, match="twice"):
        reg.register("game.move", {})
    with pytest.raises(ValueError, match="reserved"):
        reg.register("game.other", {"t": Int()})
    with pytest.raises(ValueError, match=r"topic\.name"):
        reg.register("flat", {})


def test_record_nested_in_list():
    check = ListOf(Record({"a": Int(0, 1)}), max_items=2)
    check([{"a": 0}], "x")
    with pytest.raises(SchemaError, match=r"x\[0\]: unexpected field"):
        check([{"a": 0, "b": 1}], "x")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_only_ever_raise_codec_errors(data):
    with contextlib.suppress(CodecError):  # anything else (a crash) fails the test
        _registry().decode(data)


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text() | st.binary(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(plain)
def test_canonical_round_trip(value):
    data = codec.encode(value)
    assert codec.decode_canonical(data) == value
    assert codec.encode(codec.decode(data)) == data
