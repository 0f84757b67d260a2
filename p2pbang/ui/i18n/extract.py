"""Find every translatable string in the interface's source and keep the catalogs in step.

Why our own: the source marks strings with ``_("...")``, ``N_("...")``,
``ngettext("...", "...", n)`` and, where one English text means two things,
``pgettext("context", "...")`` / ``C_("context", "...")``; reading those calls from the
syntax tree is a few lines, needs no xgettext on the machine, and gives the tests the exact
list of messages every catalog must translate.

    python -m p2pbang.ui.i18n.extract            exit 1 when a catalog lacks or has extra messages
    python -m p2pbang.ui.i18n.extract --update   add new messages (empty) and drop stale ones
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

from p2pbang.ui.i18n import LANGUAGES, SOURCE_LANGUAGE, po_path
from p2pbang.ui.i18n.po import PoEntry, header_fields, parse_po, placeholders

UI_DIR = Path(__file__).parent.parent  # the ui package, of which this is i18n/
# Where the person's words are written: the interface, and the commands that open it (their
# lines to the person, such as the resume hint, are translated too). Read as files, never
# imported: the commands stand above the interface.
SOURCE_DIRS = (UI_DIR, UI_DIR.parent / "commands")
PLURAL_FORMS = {
    "hu": "nplurals=2; plural=(n != 1);",
    "ro": "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);",
}


@dataclass
class Message:
    """A source string and where it is used."""

    msgid: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)
    context: str | None = None

    @property
    def key(self) -> str:
        """The catalog's key: the context and the text (as ``PoEntry.key``)."""
        return self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"

    def __str__(self) -> str:
        return self.msgid if self.context is None else f"{self.msgid} [{self.context}]"


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _constants(tree: ast.Module) -> dict[str, str]:
    """The module's string constants (``EVENT_CARD = "event card"``), so a context may be
    named once and used by name."""
    return {target.id: node.value.value for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            for target in node.targets if isinstance(target, ast.Name)}


def messages_in(source: str, filename: str) -> list[Message]:
    """The marked strings of one module, in source order."""
    found: list[Message] = []
    tree = ast.parse(source, filename)
    constants = _constants(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        place = f"{filename}:{node.lineno}"
        if node.func.id in ("_", "N_") and len(node.args) == 1:
            text = _literal(node.args[0])
            if text is not None:
                found.append(Message(text, None, [place]))
        elif node.func.id in ("pgettext", "C_") and len(node.args) == 2:
            first = node.args[0]
            context = (constants.get(first.id) if isinstance(first, ast.Name)
                       else _literal(first))
            text = _literal(node.args[1])
            if context is not None and text is not None:
                found.append(Message(text, None, [place], context))
        elif node.func.id == "ngettext" and len(node.args) == 3:
            singular, plural = _literal(node.args[0]), _literal(node.args[1])
            if singular is not None and plural is not None:
                found.append(Message(singular, plural, [place]))
    found.sort(key=lambda m: int(m.places[0].rsplit(":", 1)[1]))
    return found


def extract(roots: tuple[Path, ...] = SOURCE_DIRS) -> list[Message]:
    """Every marked string under ``roots`` (the ``ui`` and ``commands`` packages), each once,
    first use first."""
    merged: dict[str, Message] = {}
    paths = sorted(path for root in roots for path in root.rglob("*.py"))
    for path in paths:
        name = path.relative_to(UI_DIR.parent.parent).as_posix()
        for message in messages_in(path.read_text(encoding="utf-8"), name):
            known = merged.get(message.key)
            if known is None:
                merged[message.key] = message
                continue
            if known.plural != message.plural:
                raise ValueError(f"{message.places[0]}: {message.msgid!r} is used both with "
                                 f"and without a plural form ({known.places[0]})")
            known.places.extend(message.places)
    return list(merged.values())


@dataclass
class CatalogReport:
    """How one catalog differs from the source: what is missing, stale, or wrong."""

    language: str
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    untranslated: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    bad_placeholders: list[str] = field(default_factory=list)
    plural_problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.missing or self.stale or self.untranslated or self.fuzzy
                    or self.bad_placeholders or self.plural_problems)

    def lines(self) -> list[str]:
        out = []
        for what, items in (("missing", self.missing), ("stale", self.stale),
                            ("untranslated", self.untranslated), ("fuzzy", self.fuzzy),
                            ("placeholders differ", self.bad_placeholders),
                            ("plural forms", self.plural_problems)):
            out += [f"{self.language}: {what}: {item!r}" for item in items]
        return out


def check_catalog(language: str, messages: list[Message],
                  entries: list[PoEntry]) -> CatalogReport:
    report = CatalogReport(language)
    by_key = {e.key: e for e in entries if e.msgid}
    nplurals = _nplurals(header_fields(entries).get("plural-forms", ""))
    for message in messages:
        entry = by_key.get(message.key)
        name = str(message)
        if entry is None:
            report.missing.append(name)
            continue
        if entry.fuzzy:
            report.fuzzy.append(name)
        if not entry.translated:
            report.untranslated.append(name)
            continue
        if (entry.msgid_plural is None) != (message.plural is None):
            report.plural_problems.append(name)
            continue
        if message.plural is not None and len(entry.msgstr) != nplurals:
            report.plural_problems.append(name)
        wanted = placeholders(message.msgid) | placeholders(message.plural or "")
        for text in entry.msgstr.values():
            if placeholders(text) != wanted:
                report.bad_placeholders.append(name)
                break
    known = {m.key for m in messages}
    report.stale = [e.key.replace("\x04", ": ") for e in entries
                    if e.msgid and e.key not in known]
    return report


def _nplurals(plural_forms: str) -> int:
    for part in plural_forms.split(";"):
        name, _sep, value = part.partition("=")
        if name.strip() == "nplurals":
            return int(value.strip())
    return 2


def quote(text: str) -> str:
    """A .po string literal; multi-line texts are split after each newline, as msgmerge does."""
    def one(part: str) -> str:
        escaped = (part.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
                   .replace("\n", "\\n"))
        return f'"{escaped}"'
    if "\n" not in text.rstrip("\n"):
        return one(text)
    parts = text.splitlines(keepends=True)
    return '""\n' + "\n".join(one(p) for p in parts)


def render_po(language: str, messages: list[Message], entries: list[PoEntry]) -> str:
    """The catalog text for ``messages``, keeping the translations ``entries`` already have."""
    by_key = {e.key: e for e in entries}
    header = by_key.get("")
    nplurals = _nplurals(PLURAL_FORMS.get(language, "nplurals=2"))
    if header is not None:
        head = header.msgstr[0]
    else:
        head = (f"Project-Id-Version: p2pbang\nPO-Revision-Date: 2025-01-01 00:00+0000\n"
                "Last-Translator: p2pbang developers\nLanguage-Team: p2pbang developers\n"
                f"Language: {language}\n"
                "MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n"
                "Content-Transfer-Encoding: 8bit\n"
                f"Plural-Forms: {PLURAL_FORMS.get(language, 'nplurals=2; plural=(n != 1);')}\n")
    out = [f"# p2pbang interface messages: {language}", 'msgid ""', "msgstr " + quote(head), ""]
    for message in messages:
        old = by_key.get(message.key)
        out.append("#: " + " ".join(message.places[:3]))
        if old is not None and old.fuzzy:
            out.append("#, fuzzy")
        if message.context is not None:
            out.append("msgctxt " + quote(message.context))
        out.append("msgid " + quote(message.msgid))
        if message.plural is None:
            text = old.msgstr.get(0, "") if old is not None else ""
            out.append("msgstr " + quote(text))
        else:
            out.append("msgid_plural " + quote(message.plural))
            for index in range(nplurals):
                text = old.msgstr.get(index, "") if old is not None else ""
                out.append(f"msgstr[{index}] " + quote(text))
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m p2pbang.ui.i18n.extract",
                                     description="Check or update the interface catalogs.")
    parser.add_argument("--update", action="store_true",
                        help="rewrite the .po files: add new messages, drop stale ones")
    args = parser.parse_args(argv)
    messages = extract()
    status = 0
    for language in LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        path = po_path(language)
        entries = parse_po(path.read_text(encoding="utf-8"), str(path)) if path.exists() else []
        if args.update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(render_po(language, messages, entries), encoding="utf-8")
            entries = parse_po(path.read_text(encoding="utf-8"), str(path))
        report = check_catalog(language, messages, entries)
        for line in report.lines():
            print(line)
        if not report.ok:
            status = 1
    print(f"{len(messages)} messages")
    return status


if __name__ == "__main__":
    sys.exit(main())
