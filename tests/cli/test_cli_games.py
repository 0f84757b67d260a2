"""``p2pbang solo`` and ``replay`` name no game: every game's solo interface, the line that
deals it again and the replay of its saved file come from the registries (``ui/boards.py``'s
``solo_for``), so a new game needs no line in ``cli.py``."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import p2pbang.cli
from p2pbang.engine.choice import GAMES

CLI = Path(p2pbang.cli.__file__)
ENV = {**os.environ, "PYTHONPATH": str(CLI.parents[1]), "LC_ALL": "C.UTF-8", "LANGUAGE": ""}


def _names_a_game(node: ast.AST) -> str | None:
    """What in ``node`` names a game: a string that is a game's name, or an import of a
    module that belongs to one game (its package, or the old board-only solo module)."""
    if isinstance(node, ast.Constant) and node.value in GAMES:
        return repr(node.value)
    if isinstance(node, ast.ImportFrom | ast.Import):
        modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        modules += [alias.name for alias in node.names]
        for module in modules:
            parts = module.split(".")
            if set(parts) & set(GAMES) or "dice_duel_app" in parts:
                return module
    return None


def test_cli_names_no_game() -> None:
    found = [f"{CLI.name}:{node.lineno}: {what}"
             for node in ast.walk(ast.parse(CLI.read_text(encoding="utf-8")))
             if (what := _names_a_game(node)) is not None]
    assert found == []


def test_the_check_finds_a_game_named_in_code() -> None:
    code = ast.parse("if choice.game == 'dice':\n    from p2pbang.ui.duel import board\n")
    found = {_names_a_game(node) for node in ast.walk(code)} - {None}
    assert found == {"'dice'", "p2pbang.ui.duel"}


@pytest.mark.parametrize("game", GAMES)
def test_every_games_solo_without_a_terminal_plays_plain_and_ends_with_its_seed_line(
        game: str, tmp_path: Path) -> None:
    """No terminal (a pipe): each game says so, plays its plain interface (q leaves), and
    then says how to deal the game again, as it does after the full screen."""
    done = subprocess.run(
        [sys.executable, "-m", "p2pbang", "solo", "--game", game, "--seed", "5", "--home",
         str(tmp_path)], input="q\n", capture_output=True, text=True, timeout=120, env=ENV)
    assert done.returncode == 0, done.stderr
    assert "no full-screen terminal here" in done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert "deals this game again" in last and "--seed 5" in last
    saved = json.loads(next((tmp_path / "solo").glob("*/solo.json")).read_text("utf-8"))
    assert saved["names"][0] == "You"
