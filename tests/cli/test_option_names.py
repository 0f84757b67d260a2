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


@pytest.mark.parametrize("command", ["solo", "join", "bot"])
def test_name_is_the_players_name_wherever_it_names_a_player(command: str) -> None:
    assert build_parser().parse_args([command, "--name", "Zoli"]).player == "Zoli"


def test_host_name_still_names_the_table_with_a_note(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    args = build_parser().parse_args(["host", "--name", "Saloon"])
    assert args.table_name == "Saloon" and args.player is None
    note = capsys.readouterr().err
    assert "--table-name" in note and "--player" in note


def test_solo_help_promises_nothing_the_version_already_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["solo", "--help"])
    text = capsys.readouterr().out
    assert "once this version plays it" not in text
    assert "--expansions dodge-city" in text


def test_the_plain_hosts_join_command_can_be_pasted_into_a_shell() -> None:
    import shlex

    from p2pbang.commands.table_commands import join_hint

    for name in ("BANG table", "Bob's saloon", "Saloon"):
        hint = join_hint(name, "192.168.1.20", 7000)
        commands = [part.strip() for part in hint.split(":", 1)[1].split("  or: ")]
        assert shlex.split(commands[0]) == ["p2pbang", "join", name], hint
        assert shlex.split(commands[1]) == ["p2pbang", "join", "--peer", "192.168.1.20:7000"]
    pinned = join_hint("Saloon", "192.168.1.20", 7000, "0123456789abcdef")
    assert shlex.split(pinned.split("  or: ")[1]) == [
        "p2pbang", "join", "--peer", "192.168.1.20:7000", "--table-key", "0123456789abcdef"]
