"""Which build of the engine runs: the compiled modules or the pure-Python sources.

Why this exists: an install with Cython and a C compiler compiles the engine's hot modules,
the bench loop's dealer (the LocalDealer and its seeded stream) and the bots (a search's
playouts are mostly their decisions), and leaves their ``.py`` beside them (``setup.py``).
Python imports an extension module in preference to a ``.py`` of the same name, so a
compiled module left over after its source changed (an editable install, a ``git pull``)
would run the old rules without a word. The ``p2pbang`` package calls ``choose()`` (through
the engine package) before any of those modules is imported: the compiled modules are used
only when the build's manifest lists each of them with the SHA-256 of the very source now
beside it, and of its augmenting ``.pxd`` (Cython's typed declarations, read with the
source) if it has one, and ``P2PBANG_PURE`` is not set; in every other case every compiled
module, the engine's, the dealer's and the bots', is imported from its ``.py``. A game is
the same in both builds (``tests/engine/test_build.py`` plays seeded games in each and
compares their logs, and the bots' decisions and the strong bot's searches).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

PURE_ENV = "P2PBANG_PURE"  # set (to anything but "" or "0"): the pure build, always
MANIFEST = "_compiled.json"  # written by setup.py's build_ext in the engine package
PACKAGE = "p2pbang"
# The folders of the package that may hold compiled modules: the engine, the bots and the
# bench loop's dealer (setup.py's ``COMPILED``; nothing of the network or the mental poker).
FOLDERS = ("engine", "bots", "dealer")
REBUILD = "pip install -e . (or python setup.py build_ext --inplace)"


@dataclass(frozen=True)
class Build:
    """The build in use; ``note`` says why a compiled build that is present is not used."""

    compiled: bool
    modules: tuple[str, ...] = ()
    cython: str = ""
    note: str = ""

    def describe(self) -> str:
        """One line for ``bench engine`` and the docs: which engine ran."""
        if self.compiled:
            return f"compiled (Cython {self.cython}, {len(self.modules)} modules)"
        return f"pure Python ({self.note})" if self.note else "pure Python"


def _extension_modules(root: Path) -> set[str]:
    """Dotted names of the extension-module files in ``FOLDERS`` of ``root`` (the package)."""
    found: set[str] = set()
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for top in FOLDERS:
        for folder, _dirs, files in os.walk(root / top):
            for name in files:
                for suffix in suffixes:
                    if name.endswith(suffix):
                        relative = Path(folder, name[: -len(suffix)]).relative_to(root)
                        found.add(".".join((PACKAGE, *relative.parts)))
                        break
    return found


def _source(root: Path, module: str) -> Path:
    return root.joinpath(*module.split(".")[1:]).with_suffix(".py")


def _digest(path: Path) -> str | None:
    """The SHA-256 of the file at ``path``; ``None`` when there is none to read."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def assess(root: Path, environ: dict[str, str] | os._Environ[str]) -> tuple[Build, set[str]]:
    """The build to use for the package at ``root``, and the modules whose extension file
    must not be imported (their ``.py`` is loaded instead)."""
    present = _extension_modules(root)
    if environ.get(PURE_ENV, "") not in ("", "0"):
        return Build(False, note=f"{PURE_ENV} is set"), present
    if not present:
        return Build(False), set()
    try:
        manifest = json.loads((root / "engine" / MANIFEST).read_text())
        cython = str(manifest["cython"])
        listed: dict[str, str] = dict(manifest["modules"])
        # A build from before the declarations were hashed has none: any .pxd now is new.
        declared: dict[str, str] = dict(manifest.get("declarations", {}))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return Build(False, note="compiled modules without a complete build; rebuild: "
                     + REBUILD), present
    for module, digest in sorted(listed.items()):
        source = _source(root, module)
        declarations = source.with_suffix(".pxd")
        if _digest(source) != digest:
            return Build(False, note=f"{source.name} of {module} changed since the build; "
                         f"rebuild: {REBUILD}"), present
        if _digest(declarations) != declared.get(module):
            return Build(False, note=f"{declarations.name} of {module} changed since the "
                         f"build; rebuild: {REBUILD}"), present
        if module not in present:
            return Build(False, note=f"the compiled {module} is missing; rebuild: "
                         f"{REBUILD}"), present
    # An extension file the manifest does not list (left by an older build) is not used.
    return Build(True, tuple(sorted(listed)), cython), present - set(listed)


class _SourceFirst:
    """A finder ahead of the others: the listed modules load from their ``.py``."""

    def __init__(self, root: Path, modules: set[str]) -> None:
        self.root = root
        self.modules = frozenset(modules)

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in self.modules:
            return None
        return importlib.util.spec_from_file_location(name, _source(self.root, name))


_chosen: Build | None = None


def choose() -> Build:
    """Decide once, before any compiled module is imported (``p2pbang/__init__.py`` imports
    the engine package, whose ``__init__`` calls this)."""
    global _chosen
    if _chosen is None:
        root = Path(__file__).parent.parent
        build, source_first = assess(root, os.environ)
        if source_first:
            sys.meta_path.insert(0, _SourceFirst(root, source_first))
        _chosen = build
    return _chosen


def current() -> Build:
    """The build this process runs."""
    return choose()
