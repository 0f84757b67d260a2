"""msgpack encoding of the dice game's values. The dice game adds one action, ``Reroll``;
everything else (decisions, events, ends, chance values, ``Choose``, ``Pass``) is the card
game's and goes through ``engine.wire``. Decoding is strict: a malformed value is refused
with a reason, never half-built."""

from __future__ import annotations

from typing import Any

import msgpack

from p2pbang.engine import contract
from p2pbang.engine import wire as base_wire
from p2pbang.engine.dice.actions import Reroll
from p2pbang.engine.dice.faces import MAX_DICE
from p2pbang.engine.wire import WireError

REROLL_TAG = "reroll"


def to_wire(value: Any) -> list[Any]:
    if type(value) is Reroll:
        return [REROLL_TAG, list(value.dice)]
    return base_wire.to_wire(value)


def from_wire(data: Any) -> Any:
    if isinstance(data, (list, tuple)) and data and data[0] == REROLL_TAG:
        if len(data) != 2 or not isinstance(data[1], (list, tuple)):
            raise WireError("reroll: expected [\"reroll\", [die, ...]]")
        dice = data[1]
        if not 1 <= len(dice) <= MAX_DICE or not all(
                type(i) is int and 0 <= i < MAX_DICE for i in dice):
            raise WireError(f"reroll: 1 to {MAX_DICE} die indices in 0..{MAX_DICE - 1}")
        if list(dice) != sorted(set(dice)):
            raise WireError("reroll: die indices are distinct and ascending")
        return Reroll(tuple(dice))
    return base_wire.from_wire(data)


def pack(value: Any) -> bytes:
    return msgpack.packb(to_wire(value), use_bin_type=True)


def unpack(data: bytes) -> Any:
    return from_wire(base_wire.unpacked(data))


def history_hash(history: list[Any]) -> str:
    """A digest of a game's inputs, in order: equal hashes mean the same game (the family's
    one construction, ``contract.history_hash``, over this codec, which adds ``Reroll``)."""
    return contract.history_hash(history, pack)
