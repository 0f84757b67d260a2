"""The table layer's place in the layering (DESIGN: ui -> table -> engine, dealer, net): no
module of ``p2pbang/table/`` imports the interface, and the table's modules import each other
without a circle. Every import counts, also those under ``TYPE_CHECKING`` and inside
functions: a circle hidden from the interpreter is still one a reader has to untangle."""

from __future__ import annotations

import ast
from pathlib import Path

import p2pbang

PACKAGE = Path(p2pbang.__file__).parent
TABLE = PACKAGE / "table"
FORBIDDEN = ("p2pbang.ui", "p2pbang.cli", "p2pbang.sim")


def imported_modules(path: Path) -> set[str]:
    """Every ``p2pbang`` module ``path`` imports, anywhere in the file."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            # ``from p2pbang.table import session`` imports the module ``session``.
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("p2pbang.")}


def table_graph() -> dict[str, set[str]]:
    modules = {f"p2pbang.table.{path.stem}": path for path in TABLE.glob("*.py")
               if path.stem != "__init__"}
    return {name: imported_modules(path) & set(modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle (as a path that ends where it starts), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_no_table_module_imports_the_interface() -> None:
    offenders = {
        path.name: sorted(m for m in imported_modules(path) if m.startswith(FORBIDDEN))
        for path in sorted(TABLE.glob("*.py"))
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_the_table_modules_import_each_other_without_a_circle() -> None:
    assert find_cycle(table_graph()) is None, " -> ".join(find_cycle(table_graph()) or [])


def test_the_cycle_finder_finds_a_circle_and_the_walker_sees_hidden_imports(
        tmp_path: Path) -> None:
    """The checks above cannot pass by being blind."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    source = tmp_path / "hidden.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from p2pbang.ui.texts import x\n"
                      "def f():\n    from p2pbang.table import session\n")
    assert {"p2pbang.ui.texts", "p2pbang.table.session"} <= imported_modules(source)


def test_the_dealer_depends_on_the_crypto_and_the_chance_seam_only() -> None:
    """DESIGN: dealer -> crypto; of the engine, a dealer knows the chance requests only."""
    allowed = ("p2pbang.crypto", "p2pbang.dealer", "p2pbang.engine.chance")
    offenders = {
        path.name: sorted(m for m in imported_modules(path) if not m.startswith(allowed))
        for path in sorted((PACKAGE / "dealer").glob("*.py"))
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}
