"""Every package's place in the layering (``docs/architecture.md``): cli -> commands -> ui ->
table -> dealer -> crypto, with the engine and the network at the bottom, importing nothing
of the program above them. Every import counts, also those under ``TYPE_CHECKING`` and inside
functions (the walker of ``tests/table/test_layering.py``).

What still breaks the rule is listed as a known exception. The list may only shrink: a new
reach fails, and so does an entry that no longer reaches (delete it when its module is
fixed). The interface reaches the network only through the table (``table/network.py``)."""

from __future__ import annotations

from pathlib import Path

import p2pbang
from tests.table.test_layering import imported_modules

PACKAGE = Path(p2pbang.__file__).parent

# package -> the packages of the program it may import (itself always).
ALLOWED: dict[str, frozenset[str]] = {
    "engine": frozenset(),
    "net": frozenset(),
    "crypto": frozenset(),
    "dealer": frozenset({"crypto", "engine"}),
    "bots": frozenset({"engine"}),
    "sim": frozenset({"bots", "dealer", "engine"}),
    "table": frozenset({"bots", "crypto", "dealer", "engine", "net"}),
    "ui": frozenset({"bots", "dealer", "engine", "table"}),
    "commands": frozenset({"bots", "dealer", "engine", "table", "ui"}),
    "cli": frozenset({"bots", "commands", "crypto", "dealer", "engine", "net", "sim", "table",
                      "ui"}),
}

# module -> the packages it imports against the rules today. Only shrinks.
KNOWN_EXCEPTIONS: dict[str, frozenset[str]] = {
    # The cryptography benchmark times a whole mental-poker setup through the dealer.
    "crypto/bench.py": frozenset({"dealer", "engine"}),
}


def _package_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else path.stem


def reaches(allowed: dict[str, frozenset[str]] = ALLOWED) -> dict[str, frozenset[str]]:
    """module (relative to the package) -> the packages it imports against ``allowed``."""
    found: dict[str, frozenset[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        package = _package_of(path)
        if package not in allowed:
            continue
        targets = {name.split(".")[1] for name in imported_modules(path)} & set(ALLOWED)
        wrong = frozenset(targets - allowed[package] - {package})
        if wrong:
            found[path.relative_to(PACKAGE).as_posix()] = wrong
    return found


def test_every_package_is_in_the_layering() -> None:
    packages = {path.name for path in PACKAGE.iterdir()
                if path.is_dir() and (path / "__init__.py").exists()}
    assert packages <= set(ALLOWED)


def test_no_module_imports_above_its_layer_beyond_the_known_exceptions() -> None:
    found = reaches()
    new = {module: sorted(wrong - KNOWN_EXCEPTIONS.get(module, frozenset()))
           for module, wrong in found.items()}
    assert {module: wrong for module, wrong in new.items() if wrong} == {}


def test_the_known_exceptions_only_shrink() -> None:
    """An exception that no longer holds is deleted from the list, so it cannot come back."""
    found = reaches()
    stale = {module: sorted(wrong - found.get(module, frozenset()))
             for module, wrong in KNOWN_EXCEPTIONS.items()}
    assert {module: wrong for module, wrong in stale.items() if wrong} == {}


def test_the_engine_and_the_network_import_nothing_above_them() -> None:
    assert ALLOWED["engine"] == ALLOWED["net"] == frozenset()
    assert not any(module.startswith(("engine/", "net/")) for module in KNOWN_EXCEPTIONS)


def test_the_interface_and_the_commands_never_import_the_network() -> None:
    assert "net" not in ALLOWED["ui"] and "net" not in ALLOWED["commands"]
    assert not any(module.startswith(("ui/", "commands/")) for module in KNOWN_EXCEPTIONS)


def test_the_check_sees_a_layer_broken() -> None:
    """The checks above cannot pass by being blind: a table without the engine is broken."""
    stricter = {**ALLOWED, "table": ALLOWED["table"] - {"engine"}}
    assert "engine" in reaches(stricter)["table/core.py"]
