"""The repository explains itself: a path a docstring or comment cites exists in the
repository, and the program's own text cites nothing outside it (the rulebooks and design
notes the project started from are not shipped; ``docs/`` and ``protocol/`` are)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import p2pbang

PACKAGE = Path(p2pbang.__file__).parent
ROOT = PACKAGE.parent
TESTS = ROOT / "tests"
# A cited path: one of the repository's folders (or a package's), then a file or folder (a
# ``*`` is a pattern: ``protocol/vectors/crypto-*.json``). ``p2pbang/v1/...`` are the
# protocol's domain-separation labels, not paths.
CITED = re.compile(r"(?<![\w./-])(?!p2pbang/v\d)((?:docs|protocol|p2pbang|tests|engine|table|"
                   r"ui|net|dealer|crypto|bots|sim)/[\w./*-]*[\w*])")
# What lives outside the repository: design notes, rulebook files, the reference folder.
OUTSIDE = re.compile(r"DESIGN\.md|DESIGN:|STYLE\.md|shared/|seeds/|\bseed 00\d|reference/|"
                     r"cards\.md|faq-scenarios")


def prose(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every docstring and comment of a Python file."""
    source = path.read_text(encoding="utf-8")
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_docstring(node, clean=False)
            if text and node.body:
                found.append((node.body[0].lineno, text))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found.append((token.start[0], token.string))
    return found


def exists(cited: str) -> bool:
    """A path from the repository's root, the package or the tests; a module may be named
    without its ``.py``, and a pattern must match something."""
    return any(any(base.glob(name)) for base in (ROOT, PACKAGE, TESTS)
               for name in (cited, f"{cited}.py"))


def citations(files: list[Path], pattern: re.Pattern[str]) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line}: {match}"
            for path in files for line, text in prose(path)
            for match in pattern.findall(text)]


def test_every_cited_path_exists() -> None:
    files = sorted(PACKAGE.rglob("*.py")) + sorted(TESTS.rglob("*.py"))
    missing = [cite for cite in citations(files, CITED) if not exists(cite.rsplit(": ", 1)[1])]
    assert missing == []


def test_the_program_cites_nothing_outside_the_repository() -> None:
    assert citations(sorted(PACKAGE.rglob("*.py")), OUTSIDE) == []


def test_the_checks_see_a_bad_citation(tmp_path: Path) -> None:
    """The checks above cannot pass by being blind."""
    source = tmp_path / "cites.py"
    source.write_text('"""See docs/nowhere.md and DESIGN.md."""\n# engine/bang/game.py, seed 002\n')
    cites = [m for _line, text in prose(source) for m in CITED.findall(text)]
    assert cites == ["docs/nowhere.md", "engine/bang/game.py"]
    assert not exists("docs/nowhere.md") and exists("engine/bang/game.py")
    assert exists("sim/selfplay") and exists("protocol/vectors/crypto-*.json")
    assert not exists("protocol/vectors/poker-*.json")
    assert [m for _line, text in prose(source) for m in OUTSIDE.findall(text)] == [
        "DESIGN.md", "seed 002"]
