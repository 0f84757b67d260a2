"""``verify`` and ``replay`` of a damaged or wrong file say so in plain words: no Python
exception names, no internal file name left alone as if it were the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from p2pbang.cli import main
from tests.table.signed_table import SignedTable, random_choosers


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    table = SignedTable(4)
    table.run(random_choosers(4, seed=5))
    data = table.transcript().encode()
    assert len(data) > 1000
    return data


def _run(command: str, path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main([command, str(path)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.mark.parametrize("command", ["verify", "replay"])
def test_a_truncated_transcript_is_said_to_be_cut_short(
        command: str, whole: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.p2pb"
    path.write_bytes(whole[: len(whole) // 2])
    code, text = _run(command, path, capsys)
    assert code != 0
    assert "cut short" in text and str(path) in text
    assert "Error" not in text and "Unpack" not in text


@pytest.mark.parametrize("command", ["verify", "replay"])
@pytest.mark.parametrize("content", [b"hello\n", bytes(range(256)) * 3, b""])
def test_a_file_of_something_else_is_not_a_saved_game(
        command: str, content: bytes, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    code, text = _run(command, path, capsys)
    assert code != 0
    assert "not a p2pbang saved game" in text
    assert "Error" not in text and "unpack" not in text.lower()


@pytest.mark.parametrize("command", ["verify", "replay"])
def test_a_directory_without_a_game_says_what_it_lacks(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(command, tmp_path, capsys)
    assert code != 0
    assert "not a saved game" in text and "transcript.p2pb" in text
    assert "No such file" not in text


def test_a_game_directory_without_its_log_says_so(
        whole: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from p2pbang.table.gamefiles import GameFiles, Transcript

    GameFiles(tmp_path).save_genesis(Transcript.decode(whole).genesis)
    code, text = _run("verify", tmp_path, capsys)
    assert code != 0
    assert "no log" in text and "log.bin" in text
    assert "No such file" not in text
