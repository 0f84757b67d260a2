"""The .po reader and the in-memory .mo writer: what gettext reads back, and every malformed
file rejected with its line number."""

from __future__ import annotations

import gettext
import io
import shutil
import subprocess
from pathlib import Path

import pytest

from p2pbang.ui.i18n import po_path
from p2pbang.ui.i18n.po import PoSyntaxError, compile_mo, header_fields, parse_po, placeholders

SAMPLE = r'''# a translator comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);\n"

#: somewhere.py:1
msgid "Beer"
msgstr "Sör"

#, python-format
msgid ""
"two "
"lines"
msgstr "két "
"sor\n"

msgctxt "menu"
msgid "Open"
msgstr "Deschide"

msgid "Open"
msgstr "Nyit"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} carte"
msgstr[1] "{n} cărți"
msgstr[2] "{n} de cărți"

#, fuzzy
msgid "Doubtful"
msgstr "Guess"

msgid "Untranslated"
msgstr ""

msgid "Escapes \"q\" \\ \t end"
msgstr "E \"q\" \\ \t \101\x42"

#~ msgid "Old"
#~ msgstr "Régi"
'''


def translations(text: str) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(compile_mo(parse_po(text))))


def test_entries_are_read_with_continuations_context_plurals_and_flags() -> None:
    entries = parse_po(SAMPLE)
    by_key = {e.key: e for e in entries}
    assert by_key["two lines"].msgstr == {0: "két sor\n"}
    assert by_key["menu\x04Open"].msgstr == {0: "Deschide"}
    assert by_key["Open"].msgstr == {0: "Nyit"}
    assert by_key["{n} card"].msgid_plural == "{n} cards"
    assert len(by_key["{n} card"].msgstr) == 3
    assert by_key["Doubtful"].fuzzy
    assert not by_key["Untranslated"].translated
    assert by_key['Escapes "q" \\ \t end'].msgstr == {0: 'E "q" \\ \t AB'}
    assert "Old" not in by_key  # obsolete entries are not messages
    assert header_fields(entries)["plural-forms"].startswith("nplurals=3")


def test_the_compiled_catalog_reads_back_through_gettext() -> None:
    t = translations(SAMPLE)
    assert t.gettext("Beer") == "Sör"
    assert t.pgettext("menu", "Open") == "Deschide"
    assert t.gettext("Open") == "Nyit"
    assert [t.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 19, 20, 101)] == [
        "1 carte", "2 cărți", "19 cărți", "20 de cărți", "101 cărți"]
    # fuzzy and empty translations fall back to the source text, as with msgfmt
    assert t.gettext("Doubtful") == "Doubtful"
    assert t.gettext("Untranslated") == "Untranslated"
    assert t.gettext("Missing entirely") == "Missing entirely"


@pytest.mark.parametrize(("text", "line", "reason"), [
    ('msgid "a"\nmsgstr "b', 2, "quoted string"),
    ('msgid "a"\nmsgstr "b\\q"', 2, "unknown escape"),
    ('msgid "a"\nmsgstr "b\\"', 2, "lone backslash"),
    ('msgid "a" x\nmsgstr "b"', 1, "quoted string"),
    ('msgstr "b"', 1, "before msgid"),
    ('"floating"', 1, "continues nothing"),
    ('msgid "a"\nmsgid "b"\nmsgstr ""', 2, "given twice"),
    ('msgid "a"\nmsgstr[0] "b"', 2, "msgid_plural"),
    ('msgid "a"\nmsgid_plural "as"\nmsgstr "b"', 3, "msgid_plural"),
    ('msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\nmsgstr[0] "c"', 4, "twice"),
    ('msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\nmsgstr[2] "c"', 1, "msgstr[0], msgstr[1]"),
    ('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"', 4, "duplicate msgid"),
    ('msgid "a"\n# comment\nmsgstr "b"', 2, "no msgstr yet"),
    ('msgid "a"', 1, "no msgstr yet"),
    ('msgid "a"\nmsgstr "b"\nbanana', 3, "cannot read"),
    ('msgid "a"\nmsgstr "x" "y"', 2, "unescaped quote"),
])
def test_malformed_files_are_rejected_with_the_line(text: str, line: int, reason: str) -> None:
    with pytest.raises(PoSyntaxError) as caught:
        parse_po(text, "bad.po")
    message = str(caught.value)
    assert message.startswith(f"bad.po:{line}:"), message
    assert reason in message


def test_placeholders_are_the_named_format_fields() -> None:
    assert placeholders("{name} plays {card} ({n:.1f}) {term!r}") == {"name", "card", "n",
                                                                     "term"}
    assert placeholders("{{literal}} and {x}") == {"x"}
    assert placeholders("no fields") == set()


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU msgfmt is not installed")
@pytest.mark.parametrize("language", ["hu", "ro"])
def test_our_catalog_equals_what_msgfmt_compiles(language: str, tmp_path: Path) -> None:
    """Cross-check against the reference compiler where it exists (it is not needed)."""
    mo = tmp_path / "out.mo"
    subprocess.run(["msgfmt", "-o", str(mo), str(po_path(language))], check=True)
    with mo.open("rb") as handle:
        reference = gettext.GNUTranslations(handle)
    ours = translations(po_path(language).read_text(encoding="utf-8"))
    assert ours._catalog == reference._catalog  # type: ignore[attr-defined]
    assert [ours.plural(n) for n in range(130)] == [reference.plural(n) for n in range(130)]
