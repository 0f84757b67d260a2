"""Translation hook: every user-facing string goes through ``_`` / ``ngettext`` (gettext).

Catalogs are the .po files in ``p2pbang/ui/i18n/locale/<lang>/LC_MESSAGES/p2pbang.po``. They are
read at run time (``po.py`` parses them and compiles .mo bytes in memory for the standard
``gettext.GNUTranslations``), so there is no build step and no msgfmt needed. English is the
source language and needs no catalog. ``set_language`` switches at run time, from ``--lang``
or from the locale environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them).
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from p2pbang.ui.i18n.po import compile_mo, parse_po

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "p2pbang"
SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "hu", "ro")
_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def load_catalog(language: str) -> gettext.NullTranslations:
    """The catalog for ``language``; English (the source text) is the null catalog.

    Raises ``FileNotFoundError`` for a language without a catalog and ``PoSyntaxError`` for a
    broken one: a broken catalog is a packaging bug that should be loud, not English.
    """
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    path = po_path(language)
    entries = parse_po(path.read_text(encoding="utf-8"), str(path))
    return gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The first supported language the locale asks for, as gettext would look: LANGUAGE
    (a colon-separated list), then LC_ALL, LC_MESSAGES, LANG. ``C``/``POSIX`` mean English."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in ("c", "posix"):
                return SOURCE_LANGUAGE
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":
            return SOURCE_LANGUAGE  # a set locale we do not translate: English
    return SOURCE_LANGUAGE


def set_language(language: str | None) -> str:
    """Use ``language`` ("en", "hu", "ro"); ``None`` follows the locale. Returns the choice."""
    global _translation, _language
    chosen = language or language_from_environment()
    if chosen not in LANGUAGES:
        raise ValueError(f"no interface language {chosen!r}; choose one of {LANGUAGES}")
    _translation = load_catalog(chosen)
    _language = chosen
    return chosen


def current_language() -> str:
    return _language


def _(text: str) -> str:
    return _translation.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` (the catalog's own plural rule)."""
    return _translation.ngettext(singular, plural, n)


def N_(text: str) -> str:
    """Marks a string for the catalog without translating it yet (tables of texts)."""
    return text


def pgettext(context: str, text: str) -> str:
    """``text`` as meant in ``context``: one English word for two things (the High Noon
    event "Gold Rush" and the Gold Rush equipment card) takes two translations."""
    return _translation.pgettext(context, text)


def C_(context: str, text: str) -> str:
    """Marks a string with its context for the catalog (read later with ``pgettext``)."""
    return text
