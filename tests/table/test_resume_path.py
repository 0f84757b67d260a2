"""Which game ``resume`` takes up, and the clear refusals when it cannot."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pbang.commands.table_commands import EXIT_USAGE
from p2pbang.net.identity import load_or_create_identity
from p2pbang.table.gamefiles import GameFileError, GameFiles
from p2pbang.table.resume import find_game, resumable_game


def test_nothing_to_resume_is_a_clear_refusal(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from p2pbang.cli import main

    assert main(["resume", "--home", str(tmp_path), "--plain"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "no unfinished game" in err and "Traceback" not in err


def test_a_session_prefix_names_one_game(tmp_path: Path) -> None:
    for name in ("ab12", "ab34", "cd56"):
        GameFiles(tmp_path / "games" / name).save_meta({"player": "person"})
    assert find_game(tmp_path, "cd").directory.name == "cd56"
    with pytest.raises(GameFileError, match="2 games"):
        find_game(tmp_path, "ab")


def test_a_game_without_its_genesis_is_refused(tmp_path: Path) -> None:
    GameFiles(tmp_path / "games" / "ab12").save_meta({"player": "person"})
    identity = load_or_create_identity("Zoli", directory=tmp_path)
    with pytest.raises(GameFileError):
        resumable_game(tmp_path, "ab12", identity)
