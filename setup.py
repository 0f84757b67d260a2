"""The optional compiled build of the engine: the unchanged pure-Python sources, compiled.

Why a setup.py beside pyproject.toml: setuptools compiles extension modules only from here.
Everything else about the package stays in pyproject.toml.

When Cython (a build requirement, fetched by pip) and a working C compiler are there, the
engine's hot modules, the bench loop's dealer and the bots are compiled with Cython;
otherwise, or with ``P2PBANG_PURE_BUILD=1`` in the environment at install time, the package
installs as plain Python with a note. A failed compile never fails the install. The built
modules are listed with a SHA-256 of the source each came from in
``p2pbang/engine/_compiled.json``, and so is the SHA-256 of each module's augmenting
``.pxd`` (Cython's typed declarations beside a source, which Cython reads on its own): at
run time ``p2pbang/engine/build.py`` uses the compiled modules only while every one of them
matches its ``.py`` and its ``.pxd`` (docs/engine.md, "The compiled build").
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

PURE_BUILD_ENV = "P2PBANG_PURE_BUILD"
MANIFEST = "_compiled.json"
HERE = Path(__file__).parent

# The engine modules a game's steps run through (cProfile of `p2pbang bench engine`, every
# game of the family), and the two shared mixins a search's sampled worlds step through at
# every input (`contract.py`'s checks and trusted replay, `slots.py`'s slot knowledge: a
# strong bot's profile). Not the package `__init__` files, not `build.py` (it decides whether
# the compiled modules are used). Outside the engine only the loop `bench engine` and the
# simulations run around it (the LocalDealer and its seeded stream), and the bots: no crypto,
# no network (engine/build.py looks for compiled modules in those folders only).
COMPILED = [
    "p2pbang/engine/actions.py",
    "p2pbang/engine/chance.py",
    "p2pbang/engine/contract.py",
    "p2pbang/engine/fastvalues.py",
    "p2pbang/engine/slots.py",
    "p2pbang/engine/bang/event_flow.py",
    "p2pbang/engine/bang/game.py",
    "p2pbang/engine/bang/position.py",
    "p2pbang/engine/bang/roles.py",
    "p2pbang/engine/bang/rules.py",
    "p2pbang/engine/dice/faces.py",
    "p2pbang/engine/dice/game.py",
    "p2pbang/engine/duel/effects.py",
    "p2pbang/engine/duel/game.py",
    "p2pbang/dealer/local.py",
    "p2pbang/dealer/stream.py",
]
# Every set's module: its rules run at the steps of its games, and a new set compiles
# without an edit here (the packages' ``__init__`` only find the modules). Every bot's
# module too: four fifths of a strong bot's playout are the rollout bots' own decisions (the
# sensible bots, the experts), and the rest of a search is its world draws
# (``determinize.py``) and its loop (``strong.py``); the random bot is the bench loop's. Not
# ``bots/__init__.py``: the registry, which only names the classes.
WHOLE_PACKAGES = ["p2pbang/engine/bang/sets", "p2pbang/engine/dice/sets", "p2pbang/bots"]
COMPILED += sorted(path.relative_to(HERE).as_posix()
                   for package in WHOLE_PACKAGES for path in (HERE / package).glob("*.py")
                   if path.name != "__init__.py")


def _note(message: str) -> None:
    print(f"p2pbang: {message}; the engine runs as pure Python", file=sys.stderr)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def _extensions() -> list:
    if os.environ.get(PURE_BUILD_ENV):
        _note(f"{PURE_BUILD_ENV} is set: no compiled build")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _note("Cython is not installed: no compiled build")
        return []
    try:
        return cythonize(
            COMPILED,
            build_dir="build/cython",  # the generated C stays out of the package
            quiet=True,
            # Python's semantics kept: annotations are not turned into C types, so a
            # compiled module accepts and refuses exactly what its source does.
            compiler_directives={"language_level": 3, "annotation_typing": False},
        )
    except Exception as exc:  # a source Cython refuses: install the pure build
        _note(f"Cython could not translate the engine ({exc})")
        return []


class OptionalBuildExt(build_ext):
    """``build_ext`` that falls back to the pure build instead of failing the install, and
    writes the manifest of what it compiled only when every module compiled."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # pip does not pass -j: the modules compile side by side
            self.parallel = os.cpu_count() or 1

    def _manifest_path(self) -> Path:
        # Beside a module at the engine package's top, where build.py looks for it.
        return Path(self.get_ext_fullpath("p2pbang.engine.chance")).parent / MANIFEST

    def run(self) -> None:
        if not self.extensions:
            return
        manifest = self._manifest_path()
        manifest.unlink(missing_ok=True)  # no manifest: the run-time check uses the .py files
        try:
            super().run()
        except Exception as exc:  # no compiler, a compile error, a missing Python.h
            _note(f"compiling the engine failed ({exc})")
            self._remove_built()
            return
        self._write_manifest(manifest)

    def _remove_built(self) -> None:
        for ext in self.extensions:
            Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)

    def _write_manifest(self, manifest: Path) -> None:
        import Cython

        modules = {module_name(path): _digest(HERE / path) for path in COMPILED}
        # A module's typed declarations (its augmenting ``.pxd``) are part of what it was
        # compiled from: an edited, added or removed one makes the build stale too.
        declarations = {module_name(path): _digest(HERE / declared) for path in COMPILED
                        if (HERE / (declared := path.removesuffix(".py") + ".pxd")).exists()}
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps({"cython": Cython.__version__, "modules": modules,
                                        "declarations": declarations},
                                       indent=1, sort_keys=True) + "\n")

    def get_outputs(self) -> list[str]:
        outputs = super().get_outputs()
        return [*outputs, str(self._manifest_path())] if self.extensions else outputs


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
