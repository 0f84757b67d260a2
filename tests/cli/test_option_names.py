"""One meaning per option word: ``--player`` is a player's display name (you, or the bot),
``--table-name`` the table's; the old ``--name`` spellings still work as aliases."""

from __future__ import annotations

import re

import pytest

from p2pbang.cli import build_parser


@pytest.mark.parametrize("argv, dest, value", [
    (["solo", "--player", "Zoli"], "player", "Zoli"),
    (["solo", "--name", "Zoli"], "player", "Zoli"),
    (["bot", "--player", "Ace"], "player", "Ace"),
    (["bot", "--name", "Ace"], "player", "Ace"),
    (["host", "--player", "Zoli"], "player", "Zoli"),
    (["join", "--player", "Zoli"], "player", "Zoli"),
    (["host", "--table-name", "Saloon"], "table_name", "Saloon"),
    (["host", "--name", "Saloon"], "table_name", "Saloon"),
    (["bot", "--open", "--table-name", "Saloon"], "table_name", "Saloon"),
])
def test_each_word_names_one_thing(argv: list[str], dest: str, value: str) -> None:
    assert getattr(build_parser().parse_args(argv), dest) == value


def test_every_selfplay_option_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["selfplay", "--help"])
    text = capsys.readouterr().out
    for option, metavar in (("--games", "GAMES"), ("--players", "PLAYERS"), ("--seed", "SEED")):
        assert re.search(rf"{option} {metavar}\s+\w", text), f"{option} has no help"


def test_resume_takes_the_interface_options_of_the_other_games() -> None:
    args = build_parser().parse_args(["resume", "--plain", "--lang", "hu"])
    assert args.plain and args.lang == "hu"
