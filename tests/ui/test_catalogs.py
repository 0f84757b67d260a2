"""Every interface string has a Hungarian and a Romanian translation with the same
placeholders, the seeds' own terms are used, and the language follows --lang or the locale."""

from __future__ import annotations

import re

import pytest

from p2pbang.ui import i18n
from p2pbang.ui.i18n import _, language_from_environment, po_path, set_language
from p2pbang.ui.i18n.extract import check_catalog, extract, main, messages_in, render_po
from p2pbang.ui.i18n.po import parse_po, placeholders
from p2pbang.ui.texts import CARD_NAMES, CHARACTER_TEXTS, ROLE_NAMES, card_name, role_name

TRANSLATED = ("hu", "ro")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def test_the_extractor_finds_marked_strings_and_only_those() -> None:
    source = '''
_("one")
N_("two")
ngettext("{n} cat", "{n} cats", n)
_(variable)
print("not marked")
'''
    found = messages_in(source, "x.py")
    assert [(m.msgid, m.plural) for m in found] == [
        ("one", None), ("two", None), ("{n} cat", "{n} cats")]


def test_the_source_has_the_strings_of_every_table() -> None:
    ids = {m.msgid for m in extract()}
    assert set(CARD_NAMES.values()) <= ids
    assert set(CHARACTER_TEXTS.values()) <= ids
    assert set(ROLE_NAMES.values()) <= ids
    assert "Your turn: play cards, or end the turn." in ids
    assert len(ids) > 250


def test_the_commands_words_are_extracted_too() -> None:
    """The commands stand above the interface (``p2pbang/commands/``) but speak to the person:
    their marked strings are in the catalogs like the interface's."""
    places = {place.rsplit(":", 1)[0] for m in extract() for place in m.places}
    assert "p2pbang/commands/table_commands.py" in places
    assert any(place.startswith("p2pbang/ui/") for place in places)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_source_string_is_translated_with_the_same_placeholders(language: str) -> None:
    path = po_path(language)
    report = check_catalog(language, extract(), parse_po(path.read_text("utf-8"), str(path)))
    assert report.ok, "\n".join(report.lines())


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogs_name_where_each_message_is_used_today(language: str) -> None:
    """A catalog holds what ``extract --update`` writes: its ``#:`` lines name the files
    that use each message now, so a translator reading one finds the context (a module
    moved without the update fails here). Line numbers and the entries' order are left
    out of the comparison: an edit above a string moves them and says nothing new."""
    path = po_path(language)
    text = path.read_text("utf-8")

    def files(match: re.Match[str]) -> str:
        return "#: " + " ".join(sorted({place.rpartition(":")[0] for place in
                                        match.group(1).split()}))

    def entries(catalog: str) -> list[str]:
        return sorted(re.sub(r"^#: (.*)$", files, catalog, flags=re.M).split("\n\n"))

    assert entries(render_po(language, extract(), parse_po(text, str(path)))) == entries(
        text), "run: python -m p2pbang.ui.i18n.extract --update"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_formats_with_the_source_arguments(language: str) -> None:
    """A translation that cannot be formatted would crash the screen mid-game."""
    set_language(language)
    for message in extract():
        fields = {name: 1 for name in placeholders(message.msgid)
                  | placeholders(message.plural or "")}
        if message.plural is None:
            texts = [_(message.msgid)]
        else:
            texts = [i18n.ngettext(message.msgid, message.plural, n) for n in (0, 1, 2, 5, 20)]
        for text in texts:
            text.format(**fields)  # raises on a wrong or malformed field


def test_the_check_flags_a_missing_a_stale_and_a_broken_translation() -> None:
    entries = parse_po('''msgid ""
msgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Hello {name}"
msgstr "Szia {nev}"

msgid "Gone"
msgstr "Elment"
''')
    messages = [m for m in extract() if m.msgid == "Beer" and m.context is None]
    from p2pbang.ui.i18n.extract import Message

    messages.append(Message("Hello {name}"))
    report = check_catalog("hu", messages, entries)
    assert report.missing == ["Beer"]
    assert report.stale == ["Gone"]
    assert report.bad_placeholders == ["Hello {name}"]
    assert not report.ok


def test_the_command_line_check_passes_on_the_shipped_catalogs(capsys) -> None:
    assert main([]) == 0
    assert "messages" in capsys.readouterr().out


def test_the_seeds_terms_name_the_cards() -> None:
    set_language("hu")
    assert [card_name(k) for k in ("missed", "beer", "saloon", "stagecoach", "general_store",
                                   "duel", "indians", "barrel", "jail", "dynamite", "mustang",
                                   "scope", "volcanic", "rev_carabine", "panic")] == [
        "Nem talált!", "Sör", "Kocsma", "Postakocsi", "Szatócsbolt", "Párbaj", "Indiánok!",
        "Hordó", "Börtön", "Dinamit", "Musztáng", "Távcső", "Gyorstüzelő", "Karabély", "Pánik!"]
    assert role_name("deputy") == "Seriffhelyettes" and role_name("outlaw") == "Bandita"
    set_language("ro")  # the Romanian rules keep the English card names
    assert card_name("missed") == "Missed!" and card_name("general_store") == "General Store"
    assert role_name("outlaw") == "Nelegiuit" and role_name("deputy") == "Ajutor"


@pytest.mark.parametrize(("env", "expected"), [
    ({}, "en"),
    ({"LANG": "hu_HU.UTF-8"}, "hu"),
    ({"LANG": "ro_RO.UTF-8", "LC_ALL": "C"}, "en"),
    ({"LC_MESSAGES": "ro_RO", "LANG": "hu_HU.UTF-8"}, "ro"),
    ({"LANGUAGE": "de:hu", "LANG": "en_US.UTF-8"}, "hu"),
    ({"LANGUAGE": "de", "LANG": "ro_RO.UTF-8"}, "ro"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "hu_HU@euro"}, "hu"),
])
def test_the_language_follows_the_locale(env: dict[str, str], expected: str) -> None:
    assert language_from_environment(env) == expected


def test_set_language_switches_and_rejects_unknown_languages() -> None:
    assert set_language("hu") == "hu"
    assert _("Beer") == "Sör"
    assert set_language("en") == "en"
    assert _("Beer") == "Beer"
    with pytest.raises(ValueError, match="no interface language"):
        set_language("xx")
    assert _("Beer") == "Beer"  # a rejected choice changes nothing


def test_one_english_name_for_two_cards_has_a_translation_for_each() -> None:
    """High Noon's event "Gold Rush" (turns run the other way) and Gold Rush's equipment card
    "Gold Rush" (5 nuggets) share their English name: the event's is read in its context."""
    from p2pbang.ui.sets.event_deck import event_name

    for language, event, equipment in (("hu", "Aranyláz", "Aranyrög"),
                                       ("ro", "Febra aurului", "Gold Rush")):
        set_language(language)
        assert (event_name("gold_rush"), card_name("gold_rush")) == (event, equipment)
    set_language("en")
    assert event_name("gold_rush") == card_name("gold_rush") == "Gold Rush"


def test_a_context_is_part_of_a_messages_key_in_the_checker() -> None:
    from p2pbang.ui.i18n.extract import check_catalog, messages_in
    from p2pbang.ui.i18n.po import parse_po

    source = 'KIND = "event card"\nA = C_(KIND, "Gold Rush")\nB = N_("Gold Rush")\n'
    messages = messages_in(source, "x.py")
    assert [(m.context, m.msgid) for m in messages] == [("event card", "Gold Rush"),
                                                        (None, "Gold Rush")]
    plain_only = parse_po('msgid ""\nmsgstr "Plural-Forms: nplurals=2;\\n"\n\n'
                          'msgid "Gold Rush"\nmsgstr "Aranyrög"\n')
    report = check_catalog("hu", messages, plain_only)
    assert report.missing == ["Gold Rush [event card]"] and not report.stale
