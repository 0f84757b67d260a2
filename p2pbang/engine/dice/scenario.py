"""Laid-out dice tables for scenario tests and rule demonstrations: seat roles and characters,
then drive the turn with chosen faces instead of a dealer."""

from __future__ import annotations

from p2pbang.engine.actions import Choose, Event, Pass
from p2pbang.engine.chance import ChanceResult, RandomInt
from p2pbang.engine.dice.actions import Reroll
from p2pbang.engine.dice.faces import ROLE_CARDS, THREE_PLAYER_ROLES, encode_faces
from p2pbang.engine.dice.game import DiceGame, DiceLayout

FILLER = "jesse_jones"  # only changes its own Beers: a quiet neighbour for scenarios


def table(characters: dict[int, str] | None = None, players: int = 4,
          roles: tuple[str, ...] = (), life: dict[int, int] | None = None,
          arrows: dict[int, int] | None = None, first: int = 0,
          expansions: tuple[str, ...] = ()) -> DiceGame:
    """An all-seeing game at the start of ``first``'s turn. Unnamed seats are ``FILLER``;
    roles default to the rulebook's for that many players (seat 0 the Sheriff)."""
    chars = tuple((characters or {}).get(s, FILLER) for s in range(players))
    if not roles:
        roles = THREE_PLAYER_ROLES if players == 3 else ROLE_CARDS[:players]
    base = DiceGame(players, layout=DiceLayout(roles, chars, (), (), first),
                    expansions=expansions)
    full = tuple((life or {}).get(s, base.players[s].max_life) for s in range(players))
    held = tuple((arrows or {}).get(s, 0) for s in range(players))
    return DiceGame(players, layout=DiceLayout(roles, chars, full, held, first),
                    expansions=expansions)


def roll(game: DiceGame, *faces: int) -> list[Event]:
    """Answer the pending dice roll with these faces (as many as dice are rolled)."""
    pending = game.pending
    if not isinstance(pending, RandomInt) or pending.bound != 6 ** len(faces):
        raise AssertionError(f"expected a roll of {len(faces)} dice, pending is {pending!r}")
    return game.apply(ChanceResult((encode_faces(list(faces)),)))


def reroll(game: DiceGame, *dice: int) -> list[Event]:
    return game.apply(Reroll(tuple(dice)))


def keep(game: DiceGame) -> list[Event]:
    return game.apply(Pass())


def choose(game: DiceGame, value: int) -> list[Event]:
    return game.apply(Choose(value))
