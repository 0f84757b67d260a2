"""--game, --expansions and --variant: accepted where a game starts, refused in one line
(exit 2, no traceback) with the list of what exists."""

from __future__ import annotations

import argparse

import pytest

from p2pbang.cli import main
from p2pbang.engine.choice import ChoiceError, GameChoice
from p2pbang.table.choice_flags import add_choice_arguments, choice_from_args, flags_for

STARTS = [
    ["solo", "--plain"],
    ["selfplay", "--games", "1"],
    ["bench", "engine", "--games", "1"],
    ["bench", "table"],
    ["host", "--plain", "--no-announce"],
    ["bot", "--open"],
]


@pytest.mark.parametrize("start", STARTS, ids=lambda argv: " ".join(argv[:2]))
@pytest.mark.parametrize("flags,words", [
    (["--expansions", "dodge-ciy"],
     "unknown expansion 'dodge-ciy' for bang; the expansions are: dodge-city, high-noon, "
     "fistful, gold-rush"),
    (["--game", "poker"], "unknown game 'poker'; the games are: bang, dice, duel"),
    (["--variant", "shadow"], "unknown variant 'shadow' for bang; the variants are: shadows"),
    (["--variant", "shadows"], "the variant 'shadows' is not playable in this version"),
    (["--expansions", "high-noon"], "'high-noon' is not playable in this version"),
])
def test_an_unknown_or_unplayable_game_is_one_line_and_exit_2(
        start: list[str], flags: list[str], words: str, tmp_path,
        capsys: pytest.CaptureFixture[str], older_build: None) -> None:
    assert main([*start, *flags, *_home(start, tmp_path)]) == 2
    captured = capsys.readouterr()
    assert words in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.err.startswith("p2pbang: ")


@pytest.mark.parametrize("argv,words", [
    (["solo", "--players", "8"], "BANG! takes 4 to 7 players, not 8 (3 to 8 with dodge-city)"),
    (["host", "--seats", "3"], "BANG! takes 4 to 7 players, not 3 (3 to 8 with dodge-city)"),
    (["bench", "table", "--peers", "3"], "takes 4 to 7 players, not 3"),
    (["selfplay", "--players", "2"], "BANG! takes 4 to 7 players, not 2"),
    # The seat range is the chosen game's (its fact sheet's), said in one line, not a usage
    # block with the range of the whole family.
    (["selfplay", "--game", "dice", "--players", "9"],
     "the Dice Game takes 3 to 8 players, not 9"),
    (["bench", "engine", "--game", "dice", "--players", "9"],
     "the Dice Game takes 3 to 8 players, not 9"),
    (["solo", "--players", "9"], "BANG! takes 4 to 7 players, not 9"),
    (["solo", "--expansions", "dodge-city", "--players", "9"],
     "BANG! with dodge-city takes 3 to 8 players, not 9"),
    (["host", "--seats", "9"], "BANG! takes 4 to 7 players, not 9"),
    (["bench", "table", "--peers", "9"], "BANG! takes 4 to 7 players, not 9"),
    (["selfplay", "--game", "duel", "--players", "3"], "The Duel is for 2 players, not 3"),
    (["bot", "--open", "--game", "duel", "--seats", "1"], "The Duel is for 2 players, not 1"),
    (["selfplay", "--players", "0"], "BANG! takes 4 to 7 players, not 0"),
])
def test_seats_outside_the_chosen_game_are_refused(argv: list[str], words: str, tmp_path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, *_home(argv, tmp_path)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.startswith("p2pbang: ") and err.count("\n") == 1


@pytest.mark.parametrize("argv,words", [
    (["selfplay", "--expansions", "old-saloon"],
     "old-saloon is an expansion of the Dice Game: add --game dice"),
    (["solo", "--plain", "--expansions", "dodge-city,old-saloon", "--players", "5"],
     "old-saloon is an expansion of the Dice Game: add --game dice"),
    (["bench", "engine", "--game", "dice", "--variant", "shadows"],
     "unknown variant 'shadows' for dice; the variants are: none"),
    (["selfplay", "--game", "duel", "--expansions", "old-saloon"],
     "unknown expansion 'old-saloon' for duel; the expansions are: none"),
])
def test_a_set_of_another_game_names_the_game_it_needs(
        argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Without ``--game`` the card game is meant: a set of another game says which flag is
    missing; with another game named, the refusal lists that game's sets."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"p2pbang: {words}\n"


def test_the_seats_help_reads_every_games_range_and_default(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["selfplay", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "(bang 4-7, 3-8 with dodge-city, default 7; dice 3-8, default 5; duel 2)" in out


def test_a_bot_that_joins_plays_the_tables_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--peer", "127.0.0.1:9", "--expansions", "dodge-city"]) == 2
    assert "--open" in capsys.readouterr().err


def test_the_base_game_named_outright_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "2", "--players", "4", "--game", "BANG",
                 "--expansions", ""]) == 0
    out = capsys.readouterr().out
    assert "game: bang, 4 seats" in out and "violations: none" in out


def test_bench_engine_names_the_game_it_timed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--games", "2", "--players", "6", "--game", "bang"]) == 0
    assert "games of bang, 6 seats" in capsys.readouterr().out


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_choice_arguments(parser)
    return parser.parse_args(argv)


def test_flags_are_read_as_typed_and_written_back_the_same(monkeypatch) -> None:
    monkeypatch.setattr("p2pbang.engine.choice.playable_expansions",
                        lambda: frozenset({"dodge-city", "high-noon"}))
    monkeypatch.setattr("p2pbang.engine.choice.playable_variants", lambda: frozenset({"shadows"}))
    args = _parse(["--expansions", " High-Noon, dodge-city ,", "--variant", "shadows"])
    choice = choice_from_args(args, 8)
    assert choice == GameChoice.make("bang", 8, ["dodge-city", "high-noon"], ["shadows"])
    assert choice_from_args(_parse(flags_for(choice)), 8) == choice


def test_no_flags_is_the_base_game() -> None:
    assert choice_from_args(_parse([]), 5) == GameChoice.make("bang", 5)
    with pytest.raises(ChoiceError, match="4 to 7 players, not 8"):
        choice_from_args(_parse([]), 8)


def _home(argv: list[str], tmp_path) -> list[str]:
    return ["--home", str(tmp_path)] if argv[0] in ("host", "bot") else []
