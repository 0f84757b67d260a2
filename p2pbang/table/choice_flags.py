"""The ``--game``, ``--expansions`` and ``--variant`` flags, shared by every command that
starts a game (``solo``, ``host``, ``bot --open``, ``selfplay``, ``bench``).

Why a module of its own: the flags must read the same and fail the same everywhere. argparse
only checks their shape; :func:`choice_from_args` builds the :class:`GameChoice` (which
refuses an unknown name or an impossible combination with a message listing what exists),
and :func:`choice_or_exit_message` turns that refusal into the one line a command prints
before it exits with status 2.
"""

from __future__ import annotations

import argparse

from p2pbang.engine.choice import ChoiceError, GameChoice, split_names
from p2pbang.engine.family import GAME_KINDS, SHEETS, sheet_of_set
from p2pbang.engine.sheet import FactSheet

EXIT_USAGE = 2
DEFAULT_GAME = "bang"


def add_choice_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--game``, ``--expansions`` and ``--variant`` to a command's parser."""
    every_expansion = sorted({name for sheet in SHEETS for name in sheet.expansions})
    every_variant = sorted({name for sheet in SHEETS for name in sheet.variants})
    games = ", ".join(f"{sheet.name} ({_seats_text(sheet)})" for sheet in SHEETS)
    parser.add_argument("--game", default=DEFAULT_GAME, metavar="NAME",
                        help=f"the game: {games} (default {DEFAULT_GAME})")
    parser.add_argument("--expansions", default="", metavar="NAME[,NAME]",
                        help=f"expansions to play with: {', '.join(every_expansion)} "
                             "(default: none)")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME",
                        help=f"a variant to play: {', '.join(every_variant)} (repeatable)")


def seat_count(text: str) -> int:
    """The type of ``--players``, ``--seats`` and ``--peers``: a whole number. Which numbers
    the chosen game takes is its fact sheet's to say, in the one line of
    :func:`choice_or_message` ("the Dice Game takes 3 to 8 players, not 9"), not argparse's
    usage block with the range of another game."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None


def choice_from_args(args: argparse.Namespace, seats: int) -> GameChoice:
    """The game ``args`` name for ``seats`` players; ``ChoiceError`` says what is wrong."""
    variants = [name for text in args.variant for name in split_names(text)]
    return GameChoice.make(args.game.strip().lower(), seats, split_names(args.expansions),
                           variants)


def flags_for(choice: GameChoice) -> list[str]:
    """The command-line flags that name ``choice`` (seats aside): what a command passes on
    to the processes it starts (bots, benchmark peers)."""
    flags = ["--game", choice.game]
    if choice.expansions:
        flags += ["--expansions", ",".join(choice.expansions)]
    for variant in choice.variants:
        flags += ["--variant", variant]
    return flags


def _seats_text(sheet: FactSheet) -> str:
    """"3-8 players" from a fact sheet's widest range (every expansion counted)."""
    low, high = sheet.seat_range(sheet.expansions)
    return f"{low} players" if low == high else f"{low}-{high} players"


def seats_help(what: str, card_game_default: int) -> str:
    """A seats flag's help, each game's range and default read from its fact sheet:
    "players (bang 4-7, 3-8 with dodge-city, default 5; dice 3-8, default 5; duel 2)"."""
    parts = []
    for sheet in SHEETS:
        low, high = sheet.seat_range()
        text = f"{sheet.name} {low}" if low == high else f"{sheet.name} {low}-{high}"
        wide = sheet.seat_range(sheet.expansions)
        if wide != (low, high):
            grown = [n for n in sheet.expansions if sheet.seat_range((n,)) != (low, high)]
            text += f", {wide[0]}-{wide[1]} with {', '.join(grown)}"
        default = sheet.default_seats or card_game_default
        if (low, high) != (default, default):
            text += f", default {default}"
        parts.append(text)
    return f"{what} ({'; '.join(parts)})"


def seats_or_default(args: argparse.Namespace, given: int | None, card_game_default: int) -> int:
    """``given`` if the person gave it, else the chosen game's default from its fact sheet
    (so ``--game duel`` needs no ``--seats 2``); ``card_game_default`` for a game whose sheet
    leaves it to the command (the card game: 5 at a table, 7 in self-play)."""
    if given is not None:
        return given
    sheet = GAME_KINDS.get(str(args.game).strip().lower())
    if sheet is None or sheet.default_seats is None:
        return card_game_default
    return sheet.default_seats


def choice_or_message(args: argparse.Namespace, seats: int) -> GameChoice | str:
    """The choice, or the one line to print (``p2pbang: ...``) when it cannot be played: an
    expansion or variant of another game says which ``--game`` it needs."""
    try:
        return choice_from_args(args, seats)
    except ChoiceError as exc:
        return f"p2pbang: {_other_game_hint(args) or exc}"


def _other_game_hint(args: argparse.Namespace) -> str | None:
    """"old-saloon is an expansion of the Dice Game: add --game dice" when a named set
    belongs to another game of the family and no other game was named (``--game`` left at
    the card game: the person most likely forgot it)."""
    game = str(args.game).strip().lower()
    if game != DEFAULT_GAME:
        return None
    named = [("expansion", n) for n in split_names(args.expansions)]
    named += [("variant", n) for text in args.variant for n in split_names(text)]
    for kind, name in named:
        sheet = sheet_of_set(name)
        if sheet is not None and sheet.name != game:
            article = "an" if kind == "expansion" else "a"
            return f"{name} is {article} {kind} of {sheet.title}: add --game {sheet.name}"
    return None


__all__ = ["EXIT_USAGE", "add_choice_arguments", "choice_from_args", "choice_or_message",
           "flags_for", "seat_count", "seats_help", "seats_or_default"]
