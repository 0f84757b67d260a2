"""The words the Dice Game's and The Duel's screens share, and how both games look texts up.

Why: both games address their texts by stable keys ("ev.roll", "side.0"), because their
boards build many of them from engine facts ("face." + a face's name); the keys lead to the
English source text, marked for the catalogs with ``C_`` and a context, and read in the
interface language through the same gettext catalogs as the card game
(``p2pbang/ui/i18n/locale/<lang>/LC_MESSAGES/p2pbang.po``). Each game's texts have their own
context (``dice_texts.DICE``, ``duel_texts.DUEL``...), since one English word may be said
differently in the two games (Hungarian "Karakterek" in the Dice Game, "Szereplők" in The
Duel); the shell's words (keys, quitting, the pace, whose turn, who won) are the same in
both and have the context ``FAMILY``.
"""

from __future__ import annotations

from collections.abc import Callable

from p2pbang.ui.i18n import C_, pgettext

FAMILY = "dice game and duel"  # the context of the words both games share
Texts = dict[str, str]  # key -> English source text

# The words of the shell and of every game's turn, the same in the Dice Game and The Duel.
SHARED_TEXTS: Texts = {
    "win.you": C_(FAMILY, "You win!"),
    "win.not_you": C_(FAMILY, "You lose."),
    "turn": C_(FAMILY, "Turn {n}"),
    "waiting": C_(FAMILY, "Waiting for {name}…"),
    "over": C_(FAMILY, "The game is over. q or Enter: leave."),
    "act.yes": C_(FAMILY, "Yes"),
    "act.no": C_(FAMILY, "No"),
    "ev.turn": C_(FAMILY, "── Turn {n}: {name} ──"),
    "hints": C_(FAMILY, "?: help · q: quit · +/-: pace"),
    "plain.choose": C_(FAMILY, "Type a row's key; ? help, q quit."),
    "quit?": C_(FAMILY, "Leave this game? y: yes, any other key: no"),
    "too_small": C_(FAMILY, "Make the terminal at least 60x16."),
    "pace": C_(FAMILY, "Computer players: {seconds:.1f} s per move."),
    "help.keys": C_(FAMILY, "Keys"),
}


def text_function(table: Texts, context: str) -> Callable[..., str]:
    """``t(key, **values)`` for ``table`` read in ``context`` (the shared words in
    ``FAMILY``): the text in the interface language, with ``values`` filled in."""

    def t(key: str, **values: object) -> str:
        if key in table:
            text = pgettext(context, table[key])
        else:
            text = pgettext(FAMILY, SHARED_TEXTS[key])
        return text.format(**values) if values else text

    t.__doc__ = "The text ``key`` in the interface language, with ``values`` filled in."
    return t


__all__ = ["FAMILY", "SHARED_TEXTS", "Texts", "text_function"]
