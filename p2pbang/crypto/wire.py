"""Strict msgpack for the dealing protocol's messages.

Messages come from peers we do not trust, so decoding has hard limits on every length
msgpack can declare, refuses extension types, floats and trailing bytes, and insists the
bytes are the *canonical* encoding of what they decode to (map keys sorted, smallest
integer forms, bytes as bin): the log signs and hashes bytes, so one value must have one
encoding. Every failure is an ``InvalidEncoding`` with the reason.

The dealer does not use the network package's codec on purpose: the dealer depends on
crypto only (docs/architecture.md), so it runs unchanged in-process and over the network.
"""

from __future__ import annotations

from typing import Any

import msgpack

from p2pbang.crypto.errors import InvalidEncoding

MAX_MESSAGE_BYTES = 1 << 20
MAX_BIN = 1 << 19
MAX_ARRAY = 1024
MAX_MAP = 8
MAX_STR = 16
MAX_DEPTH = 4


def encode(value: dict[str, Any]) -> bytes:
    """Canonical bytes: map keys sorted; the values are ints, bytes, str and lists of them."""
    return msgpack.packb(_sorted(value), use_bin_type=True)


def _sorted(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, (list, tuple)):
        return [_sorted(v) for v in value]
    return value


def decode(payload: object) -> dict[str, Any]:
    """Decode one message map from untrusted bytes, canonically encoded, within limits."""
    if not isinstance(payload, bytes):
        raise InvalidEncoding("a message must be bytes")
    if len(payload) > MAX_MESSAGE_BYTES:
        raise InvalidEncoding(f"message of {len(payload)} bytes exceeds {MAX_MESSAGE_BYTES}")
    try:
        value = msgpack.unpackb(
            payload,
            raw=False,
            use_list=True,
            strict_map_key=True,
            max_str_len=MAX_STR,
            max_bin_len=MAX_BIN,
            max_array_len=MAX_ARRAY,
            max_map_len=MAX_MAP,
            max_ext_len=0,
        )
    except Exception as exc:  # msgpack raises many types; all mean "not a valid message"
        raise InvalidEncoding(f"malformed msgpack ({type(exc).__name__})") from None
    _check_plain(value, 0)
    if not isinstance(value, dict):
        raise InvalidEncoding("a message must be a map")
    if encode(value) != payload:
        raise InvalidEncoding("message is not canonically encoded")
    return value


def _check_plain(value: Any, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise InvalidEncoding("message nested too deeply")
    if isinstance(value, list):
        for item in value:
            _check_plain(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            _check_plain(item, depth + 1)
    elif value is not None and not isinstance(value, (int, bytes, str)):
        raise InvalidEncoding(f"{type(value).__name__} values are not allowed")


def fields(message: dict[str, Any], kind: str, keys: set[str]) -> dict[str, Any]:
    """Check the type tag and that exactly ``keys`` (plus ``t``) are present."""
    if message.get("t") != kind:
        raise InvalidEncoding(f"expected a {kind!r} message, got {message.get('t')!r}")
    present = set(message) - {"t"}
    if present != keys:
        raise InvalidEncoding(
            f"a {kind!r} message has fields {sorted(keys)}, got {sorted(present)}"
        )
    return message


def get_int(value: Any, what: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise InvalidEncoding(f"{what} must be an integer in [{lo}, {hi}]")
    return value


def get_bytes(value: Any, what: str, size: int) -> bytes:
    if type(value) is not bytes or len(value) != size:
        raise InvalidEncoding(f"{what} must be {size} bytes")
    return value


def get_list(value: Any, what: str, size: int) -> list[Any]:
    if type(value) is not list or len(value) != size:
        raise InvalidEncoding(f"{what} must be a list of {size}")
    return value
