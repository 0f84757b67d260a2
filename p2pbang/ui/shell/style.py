"""Colours and attributes of the screens.

Every class pairs a colour with an attribute where the meaning matters (a blue card is also
bold, a weapon also underlined, a green card italic and marked ready or waiting by a glyph,
your decision also bold, the selection reversed), so that with ``NO_COLOR`` or on a
monochrome terminal (prompt-toolkit then drops colours and keeps attributes) nothing is told
by colour alone.
"""

from __future__ import annotations

from prompt_toolkit.styles import Style

TABLE_STYLE = {
    "status": "reverse",
    "status.title": "reverse bold",
    "status.current": "reverse bold",
    "status.event": "reverse bold italic",  # the event card in force (High Noon, Fistful)
    "header": "underline",
    "seat": "",
    "seat.you": "bold",
    "seat.dead": "fg:ansigray",
    "seat.marker": "bold fg:ansiyellow",
    "life": "fg:ansired bold",
    "life.lost": "fg:ansigray",
    "role": "",
    "role.sheriff": "fg:ansiyellow bold",
    "reach": "fg:ansigreen bold",
    "dim": "fg:ansigray",
    "rule": "fg:ansigray",
    "title": "bold",
    "label": "bold",
    "text": "",
    "card.brown": "fg:#d7875f",
    "card.blue": "fg:ansibrightblue bold",
    "card.weapon": "fg:ansibrightcyan bold underline",
    "card.green": "fg:ansigreen italic",
    "card.black": "fg:ansiyellow underline",  # Gold Rush equipment, also marked with $
    "card.gold_brown": "fg:ansiyellow",
    "nugget": "fg:ansiyellow bold",
    "shadow": "fg:ansimagenta bold",
    "green.ready": "fg:ansibrightgreen bold",
    "green.waiting": "fg:ansigray",
    "paid": "fg:ansiyellow bold",
    "silenced": "strike",
    "decision.mine": "bold fg:ansiyellow",
    "decision.end": "bold reverse",
    "waiting": "fg:ansigray",
    "action": "",
    "action.key": "bold",
    "action.selected": "reverse bold",
    "more": "bold",
    "detail": "italic",
    "notice": "bold fg:ansired",
    "log": "",
    "log.turn": "bold underline",
    "log.you": "fg:ansicyan",
    "log.chat": "fg:ansimagenta bold",
    "log.end": "bold reverse",
    "chat": "",
    "chat.prompt": "bold",
    "hints": "fg:ansigray",
    "help.title": "bold underline",
    "help.name": "bold",
    "help.text": "",
    "lobby.title": "reverse bold",
    "lobby.row": "",
    "lobby.selected": "reverse bold",
    "lobby.ready": "fg:ansigreen bold",
    "lobby.waiting": "fg:ansiyellow",
    "lobby.error": "bold fg:ansired",
    "lobby.field": "underline",
}


def table_style() -> Style:
    return Style.from_dict(TABLE_STYLE)
