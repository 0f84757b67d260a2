"""The engine's own layering (``docs/architecture.md``, The layers): one package per game
(``engine/bang/``, ``engine/dice/``, ``engine/duel/``) above the modules every game shares at
the top of ``engine/``. A game's package imports the shared modules and its own, never another
game's; a shared module imports no game's package, except the registry that collects the
games' fact sheets (``engine/family.py``). Every import counts, as in ``tests/test_layering.py``.
"""

from __future__ import annotations

from pathlib import Path

import p2pbang.engine
from p2pbang.engine.family import SHEETS
from tests.table.test_layering import imported_modules

ENGINE = Path(p2pbang.engine.__file__).parent
# The games' packages, as the registry finds them (engine/<package>/sheet.py).
GAMES = tuple(sheet.engine.__module__.split(".")[2] for sheet in SHEETS)
REGISTRY = {"family.py"}


def _games_imported(path: Path) -> set[str]:
    """The game packages ``path`` imports a module of."""
    parts = (name.split(".") for name in imported_modules(path))
    return {p[2] for p in parts if len(p) > 2 and p[:2] == ["p2pbang", "engine"]
            and p[2] in GAMES}


def wrong_imports(root: Path = ENGINE) -> dict[str, set[str]]:
    """module (relative to the engine) -> the game packages it may not import."""
    found: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        own = {relative.parts[0]} if len(relative.parts) > 1 else set()
        allowed = set(GAMES) if relative.as_posix() in REGISTRY else own
        wrong = _games_imported(path) - allowed
        if wrong:
            found[relative.as_posix()] = wrong
    return found


def test_every_game_is_a_package_of_the_engine() -> None:
    packages = {path.name for path in ENGINE.iterdir() if (path / "__init__.py").exists()}
    assert packages == set(GAMES)


def test_games_import_only_the_shared_modules_and_their_own() -> None:
    assert wrong_imports() == {}


def test_the_check_sees_a_game_reaching_into_another(tmp_path: Path) -> None:
    """Not blind: a Dice Game module importing the card game's, or a shared module importing
    a game, is reported; the registry may import every game."""
    for folder in ("dice", "bang"):
        (tmp_path / folder).mkdir()
    (tmp_path / "dice" / "game.py").write_text("from p2pbang.engine.bang.game import Game\n")
    (tmp_path / "bang" / "game.py").write_text("from p2pbang.engine.bang import rules\n")
    (tmp_path / "chance.py").write_text("from p2pbang.engine import dice\n")
    (tmp_path / "family.py").write_text("from p2pbang.engine.duel.sheet import SHEET\n")
    assert wrong_imports(tmp_path) == {"dice/game.py": {"bang"}, "chance.py": {"dice"}}
