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

from p2pbang.engine.choice import (
    EXPANSIONS,
    GAMES,
    VARIANTS,
    ChoiceError,
    GameChoice,
    split_names,
)

EXIT_USAGE = 2


def add_choice_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--game``, ``--expansions`` and ``--variant`` to a command's parser."""
    every_expansion = sorted({name for names in EXPANSIONS.values() for name in names})
    every_variant = sorted({name for names in VARIANTS.values() for name in names})
    parser.add_argument("--game", default="bang", metavar="NAME",
                        help=f"the game: {', '.join(GAMES)} (default bang)")
    parser.add_argument("--expansions", default="", metavar="NAME[,NAME]",
                        help=f"expansions to play with: {', '.join(every_expansion)} "
                             "(default: none)")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME",
                        help=f"a variant to play: {', '.join(every_variant)} (repeatable)")


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


# Seats when none are given, for the games whose count differs from the command's default
# (so ``--game duel`` needs no ``--seats 2``).
DEFAULT_SEATS = {"dice": 5, "duel": 2}


def seats_or_default(args: argparse.Namespace, given: int | None, card_game_default: int) -> int:
    """``given`` if the person gave it, else the chosen game's default."""
    if given is not None:
        return given
    return DEFAULT_SEATS.get(str(args.game).strip().lower(), card_game_default)


def choice_or_message(args: argparse.Namespace, seats: int) -> GameChoice | str:
    """The choice, or the one line to print (``p2pbang: ...``) when it cannot be played."""
    try:
        return choice_from_args(args, seats)
    except ChoiceError as exc:
        return f"p2pbang: {exc}"


__all__ = ["EXIT_USAGE", "add_choice_arguments", "choice_from_args", "choice_or_message",
           "flags_for"]
