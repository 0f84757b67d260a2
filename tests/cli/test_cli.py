"""The p2pbang command: flags are checked with clear messages; commands run as documented."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from p2pbang.cli import main
from p2pbang.engine import build


def test_selfplay_reports_no_violation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "20", "--players", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "games: 20" in out and "violations: none" in out


def test_bench_engine_prints_games_and_steps_per_second(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "engine", "--games", "20"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "steps/s" in out and "steps/game" in out
    assert out.startswith(f"build: {build.current().describe()}\n")
    assert ("compiled (Cython" in out) == build.current().compiled


@pytest.mark.parametrize("argv,message", [
    (["solo", "--players", "four"], "whole number"),
    (["selfplay", "--games", "0"], "between 1"),
    (["solo", "--seed", "x"], "seed is a whole number"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_flags_get_a_clear_error(argv: list[str], message: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_solo_runs_as_a_program_on_piped_input(tmp_path: Path) -> None:
    answers = "1\n" * 3000
    done = subprocess.run([sys.executable, "-m", "p2pbang.cli", "solo", "--players", "4",
                           "--seed", "5", "--plain", "--home", str(tmp_path)], input=answers,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Game over:" in done.stdout
    saved = list((tmp_path / "solo").glob("*/solo.json"))
    assert len(saved) == 1 and f"p2pbang replay {saved[0]}" in done.stdout
    again = subprocess.run([sys.executable, "-m", "p2pbang.cli", "replay", str(saved[0])],
                           capture_output=True, text=True, timeout=60)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "The table at the end:" in again.stdout


def test_a_closed_output_pipe_ends_quietly(tmp_path: Path) -> None:
    """``p2pbang solo --plain | head -n 3``: the game notices the reader left, no traceback."""
    done = subprocess.run(
        f"yes 1 | {sys.executable} -m p2pbang.cli solo --players 4 --seed 2 --plain "
        f"--home {tmp_path} | head -n 3",
        shell=True, capture_output=True, text=True, timeout=60)
    assert len(done.stdout.splitlines()) == 3
    assert "Traceback" not in done.stderr and "Error" not in done.stderr
