"""msgpack encoding of The Duel's values.

The values the Duel shares with the card game (``Play``, ``Discard``, ``Choose``, ``Pass``,
decisions, events, chance requests and results, ``End``) keep the card game's encoding
(``engine/wire.py``); the Duel's own actions get tags of their own, decoded just as strictly:
every field is type-checked and an ability must name a Duel character, so a malformed value
from the network is refused with a reason, never half-built.
"""

from __future__ import annotations

from typing import Any

import msgpack

from p2pbang.engine import contract
from p2pbang.engine import wire as base_wire
from p2pbang.engine.duel.actions import MoveToken, Reload, UseAbility
from p2pbang.engine.duel.catalog import DUEL_CHARACTERS
from p2pbang.engine.wire import WireError

_CHARACTER_KEYS = frozenset(char.name for char in DUEL_CHARACTERS)
MAX_SLOTS = 8
MAX_PACKED = base_wire.MAX_PACKED


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(2**31) <= value < 2**31


def _ints(tag: str, value: Any) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or len(value) > MAX_SLOTS \
            or not all(_is_int(v) for v in value):
        raise WireError(f"{tag}: expected a list of at most {MAX_SLOTS} integers")
    return tuple(value)


def to_wire(value: Any) -> list[Any]:
    if isinstance(value, MoveToken):
        return ["duel_move"]
    if isinstance(value, Reload):
        return ["duel_reload", value.slot, value.card]
    if isinstance(value, UseAbility):
        return ["duel_ability", value.character, list(value.slots), list(value.cards),
                value.target, value.target_slot]
    return base_wire.to_wire(value)


def from_wire(data: Any) -> Any:
    if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
        raise WireError("expected [tag, fields...]")
    tag, fields = data[0], data[1:]
    if tag == "duel_move":
        if fields:
            raise WireError("duel_move: expected no fields")
        return MoveToken()
    if tag == "duel_reload":
        if len(fields) != 2 or not all(_is_int(v) for v in fields):
            raise WireError("duel_reload: expected slot and card integers")
        return Reload(fields[0], fields[1])
    if tag == "duel_ability":
        if len(fields) != 5 or fields[0] not in _CHARACTER_KEYS:
            raise WireError("duel_ability: expected a Duel character, slots, cards, aim")
        slots, cards = _ints(tag, fields[1]), _ints(tag, fields[2])
        if len(slots) != len(cards):
            raise WireError("duel_ability: one card per slot")
        if not _is_int(fields[3]) or not _is_int(fields[4]):
            raise WireError("duel_ability: target and target slot are integers")
        return UseAbility(fields[0], slots, cards, fields[3], fields[4])
    return base_wire.from_wire(data)


def pack(value: Any) -> bytes:
    return msgpack.packb(to_wire(value), use_bin_type=True)


def unpack(data: bytes) -> Any:
    if not isinstance(data, bytes) or len(data) > MAX_PACKED:
        raise WireError("expected at most 64 KiB of bytes")
    return from_wire(base_wire.unpacked(data))


def history_hash(history: list[Any]) -> str:
    """A digest of a game's inputs, in order: equal hashes mean the same game (the family's
    one construction, ``contract.history_hash``, over this codec)."""
    return contract.history_hash(history, pack)
