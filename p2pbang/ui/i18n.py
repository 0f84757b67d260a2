"""Translation hook: every user-facing string goes through ``_`` (gettext).

Catalogs live in ``p2pbang/ui/locale/<lang>/LC_MESSAGES/p2pbang.mo``; without one the English
source text is shown. ``set_language`` switches at run time (``--lang`` or the locale).
"""

from __future__ import annotations

import gettext
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "p2pbang"
_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(language: str | None) -> None:
    """Use ``language`` ("en", "hu", "ro"); ``None`` follows the environment's locale."""
    global _translation
    languages = [language] if language else None
    _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=languages, fallback=True)


def _(text: str) -> str:
    return _translation.gettext(text)
