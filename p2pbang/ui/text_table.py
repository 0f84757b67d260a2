# ruff: noqa: E501  (tables of sentences in three languages read better unbroken)
"""The machinery the Dice Game's and The Duel's word tables share, and the words they share.

Why: ``dice_texts.py`` and ``duel_texts.py`` keep every text of their screens in three
languages side by side (key -> English, Hungarian, Romanian) rather than in the .po
catalogs; both pick the interface language's column and fill in placeholders the same way,
and the shell's words (keys, quitting, the pace, whose turn, who won) are the same in both
games. One copy of each lives here.
"""

from __future__ import annotations

from collections.abc import Callable

from p2pbang.ui.i18n import current_language

LANGS = ("en", "hu", "ro")
Texts = dict[str, tuple[str, str, str]]

# The words of the shell and of every game's turn, the same in the Dice Game and The Duel.
SHARED_TEXTS: Texts = {
    "win.you": ("You win!", "Nyertél!", "Ai câștigat!"),
    "win.not_you": ("You lose.", "Vesztettél.", "Ai pierdut."),
    "turn": ("Turn {n}", "{n}. kör", "Tura {n}"),
    "waiting": ("Waiting for {name}…", "Várakozás: {name}…", "Se așteaptă {name}…"),
    "over": ("The game is over. q or Enter: leave.", "Vége a játéknak. q vagy Enter: kilépés.",
             "Jocul s-a terminat. q sau Enter: ieșire."),
    "act.yes": ("Yes", "Igen", "Da"),
    "act.no": ("No", "Nem", "Nu"),
    "ev.turn": ("── Turn {n}: {name} ──", "── {n}. kör: {name} ──", "── Tura {n}: {name} ──"),
    "hints": ("?: help · q: quit · +/-: pace", "?: súgó · q: kilépés · +/-: tempó",
              "?: ajutor · q: ieșire · +/-: ritm"),
    "plain.choose": ("Type a row's key; ? help, q quit.", "Írd be a sor betűjét vagy számát; ? súgó, q kilépés.",
                     "Scrie tasta rândului; ? ajutor, q ieșire."),
    "quit?": ("Leave this game? y: yes, any other key: no",
              "Kilépsz a játékból? y: igen, más billentyű: nem",
              "Părăsești jocul? y: da, altă tastă: nu"),
    "too_small": ("Make the terminal at least 60x16.", "Legalább 60x16-os terminál kell.",
                  "Terminalul trebuie să fie cel puțin 60x16."),
    "pace": ("Computer players: {seconds:.1f} s per move.",
             "Gépi játékosok: {seconds:.1f} mp lépésenként.",
             "Roboții: {seconds:.1f} s pe mutare."),
    "help.keys": ("Keys", "Billentyűk", "Taste"),
}


def language_index() -> int:
    """The column of the interface language (English when it has none)."""
    language = current_language()
    return LANGS.index(language) if language in LANGS else 0


def pick(texts: tuple[str, str, str]) -> str:
    """The interface language's one of three texts."""
    return texts[language_index()]


def text_function(table: Texts) -> Callable[..., str]:
    """``t(key, **values)`` for ``table``: the text in the interface language, with
    ``values`` filled in."""

    def t(key: str, **values: object) -> str:
        text = pick(table[key])
        return text.format(**values) if values else text

    t.__doc__ = "The text ``key`` in the interface language, with ``values`` filled in."
    return t


__all__ = ["LANGS", "SHARED_TEXTS", "Texts", "language_index", "pick", "text_function"]
