"""``solo`` and ``replay`` speak the language asked for to the end: the seed line that says
how to deal the game again, and the whole replay (``replay --lang``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8", "LANGUAGE": ""}
SEED_LINE = {"hu": "parancs újra ezt a játékot osztja", "ro": "împarte din nou același joc"}


def _p2pbang(*argv: str, answers: str = "q\n") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "p2pbang", *argv], input=answers,
                          capture_output=True, text=True, timeout=120, env=ENV)


@pytest.mark.parametrize("language", ["hu", "ro"])
@pytest.mark.parametrize("game", [(), ("--game", "dice"), ("--game", "duel")],
                         ids=["bang", "dice", "duel"])
def test_the_seed_line_is_in_the_language_asked_for(language: str, game: tuple[str, ...],
                                                     tmp_path: Path) -> None:
    done = _p2pbang("solo", *game, "--seed", "5", "--plain", "--lang", language,
                    "--home", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert SEED_LINE[language] in done.stdout, done.stdout[:600]
    assert "deals this game again" not in done.stdout
    assert "--seed 5" in done.stdout  # the command itself is not translated


@pytest.mark.parametrize("language", ["hu", "ro"])
def test_replay_tells_a_game_in_the_language_asked_for(language: str, tmp_path: Path) -> None:
    played = _p2pbang("solo", "--players", "4", "--seed", "5", "--plain", "--home",
                      str(tmp_path), answers="1\n" * 3000)
    assert played.returncode == 0, played.stderr
    saved = next((tmp_path / "solo").glob("*/solo.json"))
    english = _p2pbang("replay", str(saved), answers="")
    told = _p2pbang("replay", str(saved), "--lang", language, answers="")
    assert told.returncode == english.returncode == 0, told.stdout[-500:] + told.stderr
    turn = {"hu": ". kör: ", "ro": "--- Tura "}[language]
    assert turn in told.stdout and "--- Turn " not in told.stdout
    assert "The table at the end:" in english.stdout
    assert "The table at the end:" not in told.stdout and "A solo game" not in told.stdout
