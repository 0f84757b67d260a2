"""Message encoding: canonical msgpack out, strictly limited msgpack in, and a shape check.

Outgoing values are encoded *canonically* (map keys sorted, binary as bin, no floats, no
extension types) so that the same value always gives the same bytes: signatures and hashes
(the genesis, log entries) are taken over those bytes, and every peer must agree on them.

Incoming bytes come from peers we do not trust. The decoder is given hard limits on every
length msgpack can declare, extension types are refused, map keys must be strings, and the
decoded value is walked once to refuse floats and excessive nesting. Then a schema checks
the message's shape: its type tag is known and its fields have the right kinds and sizes.
Every failure is a ``CodecError`` whose text says what was wrong, for the log and the user.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import msgpack

TYPE_KEY = "t"


class CodecError(Exception):
    """Bytes that are not an acceptable message; the text says why."""


@dataclass(frozen=True)
class Limits:
    """Upper bounds for one decoded message. The defaults suit every p2pbang message."""

    max_message: int = 4 * 1024 * 1024
    max_str_len: int = 64 * 1024
    max_bin_len: int = 4 * 1024 * 1024
    max_array_len: int = 65536
    max_map_len: int = 1024
    max_depth: int = 32


DEFAULT_LIMITS = Limits()


# --- canonical encoding -------------------------------------------------------------------


def encode(value: Any) -> bytes:
    """Canonical msgpack bytes of ``value`` (see the module docstring).

    Accepts None, bool, int (64-bit range), str, bytes, lists and tuples, and dicts with
    str keys; anything else is a programming error and raises TypeError.
    """
    return msgpack.packb(_canonical(value, 0), use_bin_type=True)


def _canonical(value: Any, depth: int) -> Any:
    if depth > DEFAULT_LIMITS.max_depth:
        raise TypeError("value nested too deeply to encode")
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        if not -(2**63) <= value < 2**64:
            raise TypeError(f"integer {value} is outside the 64-bit range msgpack carries")
        return value
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value)
    if isinstance(value, list | tuple):
        return [_canonical(item, depth + 1) for item in value]
    if isinstance(value, dict):
        for key in value:
            if not isinstance(key, str):
                raise TypeError(f"map keys must be str, got {type(key).__name__}")
        ordered = sorted(value, key=lambda k: k.encode("utf-8"))
        return {key: _canonical(value[key], depth + 1) for key in ordered}
    raise TypeError(f"cannot encode {type(value).__name__} canonically")


# --- strict decoding ----------------------------------------------------------------------


def decode(data: bytes, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Decode exactly one msgpack value from untrusted ``data`` under ``limits``."""
    if len(data) > limits.max_message:
        raise CodecError(f"message of {len(data)} bytes exceeds the limit of {limits.max_message}")
    try:
        value = msgpack.unpackb(
            data,
            raw=False,
            use_list=True,
            strict_map_key=True,
            max_str_len=limits.max_str_len,
            max_bin_len=limits.max_bin_len,
            max_array_len=limits.max_array_len,
            max_map_len=limits.max_map_len,
            max_ext_len=0,
        )
    except msgpack.ExtraData:
        raise CodecError("trailing bytes after the message") from None
    except msgpack.StackError:
        raise CodecError("message nested too deeply") from None
    except UnicodeDecodeError:
        raise CodecError("text field is not valid UTF-8") from None
    except (ValueError, TypeError, msgpack.FormatError, msgpack.UnpackException) as exc:
        raise CodecError(f"malformed msgpack: {exc or type(exc).__name__}") from None
    _check_plain(value, 0, limits.max_depth)
    return value


def _check_plain(value: Any, depth: int, max_depth: int) -> None:
    """Refuse floats (non-deterministic to compare, never used) and deep nesting."""
    if depth > max_depth:
        raise CodecError(f"message nested deeper than {max_depth}")
    if isinstance(value, list):
        for item in value:
            _check_plain(item, depth + 1, max_depth)
    elif isinstance(value, dict):
        for item in value.values():
            _check_plain(item, depth + 1, max_depth)
    elif isinstance(value, float):
        raise CodecError("floating-point values are not allowed")


def decode_canonical(data: bytes, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Decode, and insist the bytes are the canonical encoding of what they decode to.

    Used for anything signed or hashed: two different byte strings must never stand for the
    same value, or a signature could be presented over bytes the signer never produced.
    """
    value = decode(data, limits)
    if encode(value) != data:
        raise CodecError("not canonically encoded")
    return value


# --- schemas --------------------------------------------------------------------------------

Check = Callable[[Any, str], None]


class SchemaError(CodecError):
    """A decoded message whose shape is wrong."""


def _fail(path: str, why: str) -> None:
    raise SchemaError(f"{path}: {why}")


def _kind(value: Any) -> str:
    return {bool: "bool", int: "int", str: "str", bytes: "bytes", list: "list", dict: "map"}.get(
        type(value), type(value).__name__
    )


@dataclass(frozen=True)
class Int:
    """An integer in [lo, hi]. ``bool`` is not an integer here."""

    lo: int = -(2**63)
    hi: int = 2**64 - 1

    def __call__(self, value: Any, path: str) -> None:
        if type(value) is not int:
            _fail(path, f"expected int, got {_kind(value)}")
        if not self.lo <= value <= self.hi:
            _fail(path, f"{value} is outside [{self.lo}, {self.hi}]")


@dataclass(frozen=True)
class Bool:
    def __call__(self, value: Any, path: str) -> None:
        if type(value) is not bool:
            _fail(path, f"expected bool, got {_kind(value)}")


@dataclass(frozen=True)
class Str:
    """Text of at most ``max_len`` characters (at least ``min_len``)."""

    max_len: int
    min_len: int = 0

    def __call__(self, value: Any, path: str) -> None:
        if type(value) is not str:
            _fail(path, f"expected str, got {_kind(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            _fail(path, f"text of length {len(value)} not in [{self.min_len}, {self.max_len}]")


@dataclass(frozen=True)
class Bin:
    """Bytes of length in [min_len, max_len]."""

    max_len: int
    min_len: int = 0

    def __call__(self, value: Any, path: str) -> None:
        if type(value) is not bytes:
            _fail(path, f"expected bytes, got {_kind(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            _fail(path, f"{len(value)} bytes not in [{self.min_len}, {self.max_len}]")


def FixedBin(length: int) -> Bin:
    """Bytes of exactly ``length``."""
    return Bin(max_len=length, min_len=length)


@dataclass(frozen=True)
class ListOf:
    """A list of at most ``max_items`` items, each passing ``item``."""

    item: Check
    max_items: int
    min_items: int = 0

    def __call__(self, value: Any, path: str) -> None:
        if type(value) is not list:
            _fail(path, f"expected list, got {_kind(value)}")
        if not self.min_items <= len(value) <= self.max_items:
            _fail(path, f"{len(value)} items not in [{self.min_items}, {self.max_items}]")
        for index, item in enumerate(value):
            self.item(item, f"{path}[{index}]")


@dataclass(frozen=True)
class MapOf:
    """A map with string keys passing ``key`` and values passing ``value``."""

    key: Check
    value: Check
    max_items: int

    def __call__(self, value: Any, path: str) -> None:
        if type(value) is not dict:
            _fail(path, f"expected map, got {_kind(value)}")
        if len(value) > self.max_items:
            _fail(path, f"{len(value)} entries, at most {self.max_items} allowed")
        for key, item in value.items():
            self.key(key, f"{path} key")
            self.value(item, f"{path}.{key}")


@dataclass(frozen=True)
class Record:
    """A map with exactly these fields (those in ``optional`` may be absent), nothing more."""

    fields: Mapping[str, Check]
    optional: frozenset[str] = frozenset()

    def __call__(self, value: Any, path: str) -> None:
        if type(value) is not dict:
            _fail(path, f"expected map, got {_kind(value)}")
        unknown = sorted(set(value) - set(self.fields))
        if unknown:
            _fail(path, f"unexpected field(s) {', '.join(unknown)}")
        for name, check in self.fields.items():
            if name in value:
                check(value[name], f"{path}.{name}")
            elif name not in self.optional:
                _fail(path, f"missing field {name}")


@dataclass(frozen=True)
class AnyValue:
    """Any plain value (already bounded by the decoder's limits); for opaque payloads."""

    def __call__(self, value: Any, path: str) -> None:
        return None


@dataclass(frozen=True)
class OneOf:
    """Exactly one of a fixed set of plain values (an enumeration)."""

    choices: tuple[Any, ...]

    def __call__(self, value: Any, path: str) -> None:
        if not any(type(value) is type(c) and value == c for c in self.choices):
            _fail(path, f"{value!r} is not one of {list(self.choices)}")


class MessageRegistry:
    """The known message types and their shapes.

    A message is a map whose ``"t"`` field names its type (``"topic.name"``); the other fields
    are checked against the record registered for that type. Unknown types are refused:
    peers speak the same protocol version (the handshake made sure), so an unknown type is
    a broken or hostile peer, not a newer one.
    """

    def __init__(self) -> None:
        self._specs: dict[str, Record] = {}

    def register(
        self, type_name: str, fields: Mapping[str, Check], optional: Iterable[str] = ()
    ) -> None:
        if type_name in self._specs:
            raise ValueError(f"message type {type_name!r} registered twice")
        if TYPE_KEY in fields:
            raise ValueError(f"field name {TYPE_KEY!r} is reserved for the type tag")
        if "." not in type_name:
            raise ValueError("message types are named topic.name")
        self._specs[type_name] = Record(dict(fields), frozenset(optional))

    def __contains__(self, type_name: str) -> bool:
        return type_name in self._specs

    def validate(self, message: Any) -> str:
        """Check a decoded message; return its type or raise SchemaError saying why."""
        if type(message) is not dict:
            raise SchemaError(f"a message is a map, got {_kind(message)}")
        type_name = message.get(TYPE_KEY)
        if type(type_name) is not str:
            raise SchemaError(f"message has no text {TYPE_KEY!r} field")
        spec = self._specs.get(type_name)
        if spec is None:
            raise SchemaError(f"unknown message type {type_name[:64]!r}")
        body = {k: v for k, v in message.items() if k != TYPE_KEY}
        spec(body, type_name)
        return type_name

    def decode(self, data: bytes, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
        """Strict decode plus shape check: the one call the network layer makes per message."""
        message = decode(data, limits)
        self.validate(message)
        return message
