"""A small reader for gettext .po files, and a writer of the binary .mo format.

Why: the catalogs ship as .po text only (no msgfmt on the machines we run on, no build step),
yet the interface wants the standard library's ``gettext.GNUTranslations``, with its plural
rules taken from the catalog header. So a .po file is parsed here and compiled to .mo bytes
in memory; ``GNUTranslations`` then reads those bytes exactly as it would read a file that
msgfmt wrote. A syntax error names the file and line instead of silently dropping messages.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*)$")
_MO_MAGIC = 0x950412DE


class PoSyntaxError(ValueError):
    """A .po file that does not parse; the message names the source and the line."""


@dataclass
class PoEntry:
    """One message: its id (and plural id), translations by plural index, flags, context."""

    msgid: str
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    msgctxt: str | None = None
    flags: frozenset[str] = frozenset()
    line: int = 0

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        """Every plural form (or the one form) has a non-empty translation."""
        if not self.msgstr:
            return False
        return all(text for text in self.msgstr.values())

    @property
    def key(self) -> str:
        """The lookup key gettext uses (context and id joined by EOT)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"


def unquote(token: str, where: str) -> str:
    """The value of one C-style quoted string ``"..."``; anything else is a syntax error."""
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise PoSyntaxError(f"{where}: expected a quoted string, got {token!r}")
    body = token[1:-1]
    out: list[str] = []
    i = 0
    while i < len(body):
        char = body[i]
        if char == '"':
            raise PoSyntaxError(f"{where}: unescaped quote inside a string")
        if char != "\\":
            out.append(char)
            i += 1
            continue
        if i + 1 >= len(body):
            raise PoSyntaxError(f"{where}: a string ends with a lone backslash")
        code = body[i + 1]
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            i += 2
        elif code in "01234567":
            digits = re.match(r"[0-7]{1,3}", body[i + 1:])
            assert digits is not None
            out.append(chr(int(digits.group(), 8)))
            i += 1 + len(digits.group())
        elif code == "x" and re.match(r"[0-9a-fA-F]{2}", body[i + 2:i + 4]):
            out.append(chr(int(body[i + 2:i + 4], 16)))
            i += 4
        else:
            raise PoSyntaxError(f"{where}: unknown escape \\{code}")
    return "".join(out)


def parse_po(text: str, source: str = "<po>") -> list[PoEntry]:
    """Parse .po text into entries, in file order; obsolete (``#~``) entries are skipped."""
    parser = _PoParser(source)
    lines = text.splitlines()
    for number, raw in enumerate(lines, 1):
        parser.feed(number, raw.strip())
    return parser.close(len(lines))


class _PoParser:
    """A line-by-line state machine: an entry ends when the next one (or a comment) starts."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.entries: list[PoEntry] = []
        self.current: PoEntry | None = None
        self.fields: set[str] = set()  # keywords seen in the current entry
        self.last: str | None = None  # the field a continuation string extends
        self.index = 0  # the plural index of the last msgstr[n]
        self.flags: set[str] = set()

    def fail(self, number: int, message: str) -> PoSyntaxError:
        return PoSyntaxError(f"{self.source}:{number}: {message}")

    def feed(self, number: int, line: str) -> None:
        if not line or line.startswith("#~"):
            return
        if line.startswith("#"):
            self._end_entry(number, "a comment")
            if line.startswith("#,"):
                self.flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            return
        if line.startswith('"'):
            self._continue(number, unquote(line, f"{self.source}:{number}"))
            return
        match = _KEYWORD.match(line)
        if match is None:
            raise self.fail(number, f"cannot read {line[:40]!r}")
        keyword, index, rest = match.group(1), match.group(2), match.group(3)
        value = unquote(rest.strip(), f"{self.source}:{number}")
        if keyword in ("msgctxt", "msgid") and (self.current is None or "msgstr" in self.fields):
            self._end_entry(number, keyword)
            self.current = PoEntry(msgid="", flags=frozenset(self.flags), line=number)
            self.flags = set()
        entry = self.current
        if entry is None:
            raise self.fail(number, f"{keyword} before msgid")
        if keyword == "msgctxt":
            self._once(number, "msgctxt", after=None)
            entry.msgctxt = value
        elif keyword == "msgid":
            self._once(number, "msgid", after=None)
            entry.msgid = value
        elif keyword == "msgid_plural":
            self._once(number, "msgid_plural", after="msgid")
            if "msgstr" in self.fields:
                raise self.fail(number, "msgid_plural after msgstr")
            entry.msgid_plural = value
        else:
            if "msgid" not in self.fields:
                raise self.fail(number, "msgstr before msgid")
            plural = entry.msgid_plural is not None
            if plural != (index is not None):
                raise self.fail(number, "msgstr[n] goes with msgid_plural, msgstr without it")
            self.index = int(index) if index is not None else 0
            if self.index in entry.msgstr:
                raise self.fail(number, f"msgstr[{self.index}] given twice")
            entry.msgstr[self.index] = value
            self.fields.add("msgstr")
        self.last = "msgstr" if keyword.startswith("msgstr") else keyword

    def _once(self, number: int, keyword: str, after: str | None) -> None:
        if keyword in self.fields:
            raise self.fail(number, f"{keyword} given twice in one entry")
        if after is not None and after not in self.fields:
            raise self.fail(number, f"{keyword} before {after}")
        self.fields.add(keyword)

    def _continue(self, number: int, value: str) -> None:
        entry = self.current
        if entry is None or self.last is None:
            raise self.fail(number, "a string continues nothing")
        if self.last == "msgctxt":
            entry.msgctxt = (entry.msgctxt or "") + value
        elif self.last == "msgid":
            entry.msgid += value
        elif self.last == "msgid_plural":
            entry.msgid_plural = (entry.msgid_plural or "") + value
        else:
            entry.msgstr[self.index] += value

    def _end_entry(self, number: int, what: str) -> None:
        entry = self.current
        if entry is None:
            return
        if "msgstr" not in self.fields:
            raise self.fail(number, f"{what} inside an entry that has no msgstr yet")
        if entry.msgid_plural is not None and sorted(entry.msgstr) != list(
                range(len(entry.msgstr))):
            raise self.fail(entry.line, "plural forms must be msgstr[0], msgstr[1], ...")
        self.entries.append(entry)
        self.current = None
        self.fields = set()
        self.last = None

    def close(self, last_line: int) -> list[PoEntry]:
        self._end_entry(last_line, "the end of the file")
        seen: dict[str, int] = {}
        for entry in self.entries:
            if entry.key in seen:
                raise self.fail(entry.line, f"duplicate msgid {entry.msgid!r} "
                                            f"(first at line {seen[entry.key]})")
            seen[entry.key] = entry.line
        return self.entries


def header_fields(entries: list[PoEntry]) -> dict[str, str]:
    """The header entry (``msgid ""``) as a dict of lower-cased field names."""
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None:
            fields: dict[str, str] = {}
            for line in entry.msgstr.get(0, "").splitlines():
                name, sep, value = line.partition(":")
                if sep:
                    fields[name.strip().lower()] = value.strip()
            return fields
    return {}


def compile_mo(entries: list[PoEntry]) -> bytes:
    """The GNU .mo bytes of the translated, non-fuzzy entries (the header always kept).

    Layout: magic, revision 0, count, offset of the id table, offset of the translation
    table, an empty hash table; then the NUL-terminated strings. Ids are sorted by their
    UTF-8 bytes, as msgfmt sorts them, so lookups by binary search also work.
    """
    pairs: list[tuple[bytes, bytes]] = []
    for entry in entries:
        is_header = entry.msgid == "" and entry.msgctxt is None
        if entry.fuzzy and not is_header:
            continue
        if not is_header and not entry.translated:
            continue
        key = entry.key
        if entry.msgid_plural is not None:
            key = f"{key}\x00{entry.msgid_plural}"
            value = "\x00".join(entry.msgstr[i] for i in sorted(entry.msgstr))
        else:
            value = entry.msgstr[0]
        pairs.append((key.encode("utf-8"), value.encode("utf-8")))
    pairs.sort()
    count = len(pairs)
    ids_offset = 7 * 4
    strs_offset = ids_offset + count * 8
    data_offset = strs_offset + count * 8
    blob = bytearray()
    id_table: list[int] = []
    str_table: list[int] = []
    for key, _value in pairs:
        id_table += [len(key), data_offset + len(blob)]
        blob += key + b"\x00"
    for _key, value in pairs:
        str_table += [len(value), data_offset + len(blob)]
        blob += value + b"\x00"
    header = struct.pack("<7I", _MO_MAGIC, 0, count, ids_offset, strs_offset, 0, data_offset)
    return header + struct.pack(f"<{4 * count}I", *id_table, *str_table) + bytes(blob)


def placeholders(text: str) -> set[str]:
    """The ``str.format`` fields named in ``text`` (``{name}``, ``{n}``), for catalog checks."""
    return set(re.findall(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^}]*)?\}", text))
