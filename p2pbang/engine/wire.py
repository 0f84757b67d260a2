"""msgpack encoding of the engine's values: actions, chance requests and results, decisions,
events, ends. Each value is an array ``[tag, field, ...]``; decoding checks every field's type
so a malformed value from the network is refused with a reason, never half-built.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import msgpack

from p2pbang.engine import contract
from p2pbang.engine.actions import (
    Ability,
    Buy,
    Choose,
    Decision,
    Discard,
    End,
    Event,
    Pass,
    Play,
    PlayPaid,
    RemoveEquipment,
    Sell,
    UseBarrel,
    UseEquipment,
    UseGreen,
)
from p2pbang.engine.chance import ChanceResult, Deal, RandomInt, ReorderHand, Reveal, Shuffle

_TYPES: dict[str, type] = {
    "play": Play,
    "discard": Discard,
    "play_paid": PlayPaid,
    "use_green": UseGreen,
    "ability": Ability,
    "choose": Choose,
    "barrel": UseBarrel,
    "pass": Pass,
    "buy": Buy,
    "sell": Sell,
    "remove_equipment": RemoveEquipment,
    "use_equipment": UseEquipment,
    "result": ChanceResult,
    "shuffle": Shuffle,
    "deal": Deal,
    "reveal": Reveal,
    "randint": RandomInt,
    "reorder": ReorderHand,
    "decision": Decision,
    "event": Event,
    "end": End,
}
_TAGS = {cls: tag for tag, cls in _TYPES.items()}
_FIELDS = {cls: tuple(f.name for f in fields(cls)) for cls in _TYPES.values()}
# Per type and field: "int", "str", "ints" (tuple of ints), "cards" (tuple of int or None).
_KINDS: dict[type, tuple[str, ...]] = {
    Play: ("int", "int", "int", "int"),
    PlayPaid: ("int", "int", "int", "int", "int", "int"),
    UseGreen: ("int", "int", "int"),
    Discard: ("int", "int"),
    Ability: ("ints", "ints"),
    Choose: ("int",),
    UseBarrel: (),
    Pass: (),
    Buy: ("int", "int", "int", "int"),
    Sell: ("int", "int"),
    RemoveEquipment: ("int", "int"),
    UseEquipment: ("int",),
    ChanceResult: ("cards",),
    Shuffle: ("str", "ints", "ints"),
    Deal: ("ints", "int"),
    Reveal: ("ints",),
    RandomInt: ("int",),
    ReorderHand: ("int", "ints"),
    Decision: ("int", "str", "ints", "int", "int", "int"),
    Event: ("str", "int", "int", "int", "int", "int"),
    End: ("str", "ints"),
}
MAX_TUPLE = 4096
MAX_STR = 64
MAX_PACKED = 1 << 16


class WireError(ValueError):
    """A value that does not decode to an engine value."""


def to_wire(value: Any) -> list[Any]:
    cls = type(value)
    tag = _TAGS.get(cls)
    if tag is None:
        raise WireError(f"cannot encode {cls.__name__}")
    return [tag, *(_plain(getattr(value, name)) for name in _FIELDS[cls])]


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def from_wire(data: Any) -> Any:
    if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
        raise WireError("expected [tag, fields...]")
    cls = _TYPES.get(data[0])
    if cls is None:
        raise WireError(f"unknown tag {data[0]!r}")
    kinds = _KINDS[cls]
    values = data[1:]
    if len(values) != len(kinds):
        raise WireError(f"{data[0]}: expected {len(kinds)} fields, got {len(values)}")
    return cls(*(_field(data[0], kind, value) for kind, value in zip(kinds, values, strict=True)))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(2**31) <= value < 2**31


def _field(tag: str, kind: str, value: Any) -> Any:
    if kind == "int":
        if not _is_int(value):
            raise WireError(f"{tag}: expected an integer, got {type(value).__name__}")
        return value
    if kind == "str":
        if not isinstance(value, str) or len(value) > MAX_STR:
            raise WireError(f"{tag}: expected a short string")
        return value
    if not isinstance(value, (list, tuple)) or len(value) > MAX_TUPLE:
        raise WireError(f"{tag}: expected a list of at most {MAX_TUPLE}")
    if kind == "ints":
        if not all(_is_int(v) for v in value):
            raise WireError(f"{tag}: expected a list of integers")
    elif not all(v is None or _is_int(v) for v in value):
        raise WireError(f"{tag}: expected a list of integers or nils")
    return tuple(value)


def pack(value: Any) -> bytes:
    return msgpack.packb(to_wire(value), use_bin_type=True)


def unpacked(data: bytes) -> Any:
    """The msgpack value ``data`` holds, within the codec's limits (size, strings, arrays,
    no binaries, maps or extensions), not yet checked as an engine value: every game's
    ``unpack`` hands it to its own ``from_wire``."""
    if len(data) > MAX_PACKED:
        raise WireError(f"value of {len(data)} bytes exceeds {MAX_PACKED}")
    try:
        return msgpack.unpackb(
            data, raw=False, strict_map_key=True,
            max_str_len=MAX_STR, max_bin_len=0, max_array_len=MAX_TUPLE, max_map_len=0,
            max_ext_len=0,
        )
    except Exception as exc:  # msgpack raises many types; all mean "not a value"
        raise WireError(f"undecodable: {exc}") from None


def unpack(data: bytes) -> Any:
    return from_wire(unpacked(data))


def history_hash(history: list[Any]) -> str:
    """A digest of a game's inputs, in order: equal hashes mean the same game (the family's
    one construction, ``contract.history_hash``, over this codec)."""
    return contract.history_hash(history, pack)
