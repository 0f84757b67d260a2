"""The engine's two builds (docs/engine.md, "The compiled build").

Why these tests: the compiled modules sit beside their ``.py`` files and Python prefers them,
so the danger is running old rules after a source changed; and the two builds must play the
very same games. The seeded-games checks run in this process on whichever build the
install made, and again in a child process on the pure sources (``P2PBANG_PURE=1``). CI
sets ``P2PBANG_EXPECT_COMPILED=1``: there a missing compiled build fails instead of
skipping, so both builds are tested on every run.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import p2pbang
from p2pbang.bots import make_bot
from p2pbang.bots.strong import StrongBot
from p2pbang.engine import build
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import game_kind
from p2pbang.sim.selfplay import play_one
from tests.bots.support import play_fed

REPO = Path(p2pbang.__file__).parent.parent
SO = importlib.machinery.EXTENSION_SUFFIXES[0]  # a name only: assess() never loads these files


def _require_compiled() -> None:
    if build.current().compiled:
        return
    reason = f"no compiled build here ({build.current().describe()})"
    if os.environ.get("P2PBANG_EXPECT_COMPILED"):
        pytest.fail(reason)
    pytest.skip(reason)


def _run(code: str, *, pythonpath: Path = REPO, **env: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k != build.PURE_ENV}
    environ.update(env, PYTHONPATH=str(pythonpath))
    done = subprocess.run([sys.executable, "-c", code], cwd=pythonpath, env=environ,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


# --- choosing the build (a package laid out in a temporary folder) --------------------------

def _package(root: Path, sources: dict[str, str], compiled: list[str],
             manifest: dict[str, str] | None,
             declarations: dict[str, str] | None = None) -> Path:
    """A ``p2pbang`` package at ``root``: sources (``.py`` and ``.pxd``) and compiled files
    by path under it, and the build's manifest in its engine package (with the declarations'
    digests when given: a build from before they were hashed has none)."""
    for rel, text in sources.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    for rel in compiled:
        (root / rel.removesuffix(".py")).with_suffix(SO).write_bytes(b"\x7fELF")
    if manifest is not None:
        written: dict[str, object] = {"cython": "3.9.9", "modules": manifest}
        if declarations is not None:
            written["declarations"] = declarations
        (root / "engine" / build.MANIFEST).write_text(json.dumps(written))
    return root


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


SOURCES = {"engine/bang/game.py": "A = 1\n", "engine/bang/sets/base.py": "B = 2\n",
           "engine/wire.py": "C = 3\n", "dealer/local.py": "D = 4\n",
           "net/peer.py": "E = 5\n"}
BUILT = {"p2pbang.engine.bang.game": _digest("A = 1\n"),
         "p2pbang.engine.bang.sets.base": _digest("B = 2\n")}
BUILT_FILES = ["engine/bang/game.py", "engine/bang/sets/base.py"]


def test_no_compiled_module_is_the_plain_pure_build(tmp_path: Path) -> None:
    chosen, source_first = build.assess(_package(tmp_path, SOURCES, [], None), {})
    assert chosen == build.Build(False) and chosen.describe() == "pure Python"
    assert source_first == set()


def test_a_build_matching_its_sources_is_used(tmp_path: Path) -> None:
    root = _package(tmp_path, SOURCES, BUILT_FILES, BUILT)
    chosen, source_first = build.assess(root, {})
    assert chosen.compiled and chosen.modules == tuple(sorted(BUILT))
    assert chosen.describe() == "compiled (Cython 3.9.9, 2 modules)"
    assert source_first == set()


def test_a_changed_source_wins_over_its_stale_compiled_module(tmp_path: Path) -> None:
    root = _package(tmp_path, {**SOURCES, "engine/bang/sets/base.py": "B = 20\n"},
                    BUILT_FILES, BUILT)
    chosen, source_first = build.assess(root, {})
    assert not chosen.compiled
    assert "base.py of p2pbang.engine.bang.sets.base changed since the build" in chosen.describe()
    # All or nothing: the unchanged game.py is not taken from its compiled module either.
    assert source_first == set(BUILT)


def test_the_environment_forces_the_pure_build(tmp_path: Path) -> None:
    root = _package(tmp_path, SOURCES, BUILT_FILES, BUILT)
    chosen, source_first = build.assess(root, {"P2PBANG_PURE": "1"})
    assert chosen.describe() == "pure Python (P2PBANG_PURE is set)"
    assert source_first == set(BUILT)
    assert build.assess(root, {"P2PBANG_PURE": "0"})[0].compiled  # "0" means not set


def test_compiled_modules_without_their_manifest_are_not_used(tmp_path: Path) -> None:
    root = _package(tmp_path, SOURCES, ["engine/bang/game.py"], None)
    chosen, source_first = build.assess(root, {})
    assert not chosen.compiled and "without a complete build" in chosen.note
    assert source_first == {"p2pbang.engine.bang.game"}
    (root / "engine" / build.MANIFEST).write_text("{not json")
    assert not build.assess(root, {})[0].compiled


def test_a_listed_module_that_did_not_compile_means_the_pure_build(tmp_path: Path) -> None:
    root = _package(tmp_path, SOURCES, ["engine/bang/game.py"], BUILT)
    chosen, source_first = build.assess(root, {})
    assert not chosen.compiled
    assert "compiled p2pbang.engine.bang.sets.base is missing" in chosen.note
    assert source_first == {"p2pbang.engine.bang.game"}


def test_a_compiled_module_the_manifest_does_not_list_is_not_used(tmp_path: Path) -> None:
    root = _package(tmp_path, SOURCES, [*BUILT_FILES, "engine/wire.py", "dealer/local.py"],
                    BUILT)
    chosen, source_first = build.assess(root, {})
    assert chosen.compiled and source_first == {"p2pbang.engine.wire", "p2pbang.dealer.local"}


# The bench loop's modules outside the engine (the LocalDealer here) are one build with it.
WITH_DEALER = {**BUILT, "p2pbang.dealer.local": _digest("D = 4\n")}
WITH_DEALER_FILES = [*BUILT_FILES, "dealer/local.py"]


def test_a_compiled_module_outside_the_engine_is_part_of_the_one_build(tmp_path: Path) -> None:
    root = _package(tmp_path, SOURCES, WITH_DEALER_FILES, WITH_DEALER)
    chosen, source_first = build.assess(root, {})
    assert chosen.compiled and chosen.modules == tuple(sorted(WITH_DEALER))
    assert source_first == set()


def test_a_changed_dealer_source_makes_the_engine_pure_too(tmp_path: Path) -> None:
    """All or nothing across the folders: an edited LocalDealer is imported from its source,
    and so is every engine module, though their sources did not change."""
    root = _package(tmp_path, {**SOURCES, "dealer/local.py": "D = 40\n"}, WITH_DEALER_FILES,
                    WITH_DEALER)
    chosen, source_first = build.assess(root, {})
    assert not chosen.compiled
    assert "local.py of p2pbang.dealer.local changed since the build" in chosen.note
    assert source_first == set(WITH_DEALER)


def test_compiled_files_outside_the_listed_folders_are_not_looked_for(tmp_path: Path) -> None:
    """Only the engine, bots and dealer folders may hold compiled modules: nothing else of
    the package (the network, the mental poker) is ever taken for a part of the build."""
    root = _package(tmp_path, SOURCES, [*BUILT_FILES, "net/peer.py"], BUILT)
    chosen, source_first = build.assess(root, {})
    assert chosen.compiled and source_first == set()
    assert "net" not in build.FOLDERS and "crypto" not in build.FOLDERS


# A module's augmenting .pxd (Cython's typed declarations) is part of what it compiled from.
PXD = "cdef class Game:\n    cdef public object n\n"
WITH_PXD = {**SOURCES, "engine/bang/game.pxd": PXD}
DECLARED = {"p2pbang.engine.bang.game": _digest(PXD)}


def test_a_build_matching_its_declarations_is_used(tmp_path: Path) -> None:
    root = _package(tmp_path, WITH_PXD, BUILT_FILES, BUILT, DECLARED)
    chosen, source_first = build.assess(root, {})
    assert chosen.compiled and source_first == set()


def test_an_edited_pxd_makes_the_whole_build_stale(tmp_path: Path) -> None:
    """The .py unchanged, its declarations edited: the compiled module was made from other
    declarations (another layout, other types), so the engine loads from its sources."""
    edited = {**WITH_PXD, "engine/bang/game.pxd": PXD + "    cdef public object m\n"}
    root = _package(tmp_path, edited, BUILT_FILES, BUILT, DECLARED)
    chosen, source_first = build.assess(root, {})
    assert not chosen.compiled
    assert "game.pxd of p2pbang.engine.bang.game changed since the build" in chosen.note
    assert source_first == set(BUILT)


def test_a_pxd_added_or_removed_since_the_build_makes_it_stale(tmp_path: Path) -> None:
    # Added: a build that compiled game.py without declarations (or before they were hashed).
    for declarations in ({}, None):
        chosen = build.assess(_package(tmp_path / str(declarations), WITH_PXD, BUILT_FILES,
                                       BUILT, declarations), {})[0]
        assert not chosen.compiled and "game.pxd of p2pbang.engine.bang.game" in chosen.note
    # Removed: the build had declarations the sources no longer have.
    chosen = build.assess(_package(tmp_path / "removed", SOURCES, BUILT_FILES, BUILT,
                                   DECLARED), {})[0]
    assert not chosen.compiled and "game.pxd of p2pbang.engine.bang.game" in chosen.note
    # A build without any declarations, from before they were hashed, still holds.
    assert build.assess(_package(tmp_path / "old", SOURCES, BUILT_FILES, BUILT), {})[0].compiled


# --- the real build ---------------------------------------------------------------------

PROBE = ("import p2pbang.engine.bang.game as g, p2pbang.engine.duel.game as d; "
         "from p2pbang.engine import build; "
         "print(g.__file__, d.__file__, getattr(g, 'PROBE', '-'), build.current().describe(), "
         "sep='|')")
# The bench loop's compiled modules, imported first (before the engine package is).
LOOP_PROBE = ("import p2pbang.dealer.local as l, p2pbang.dealer.stream as s, "
              "p2pbang.bots.random_bot as r; print(l.__file__, s.__file__, r.__file__, sep='|')")


def test_the_pure_build_imports_every_engine_module_from_its_source() -> None:
    game, duel, _, described = _run(PROBE, P2PBANG_PURE="1").split("|")
    assert game.endswith("engine/bang/game.py") and duel.endswith("engine/duel/game.py")
    assert described.startswith("pure Python")
    assert all(path.endswith(".py") for path in _run(LOOP_PROBE, P2PBANG_PURE="1").split("|"))


def test_bench_engine_names_the_pure_build_when_forced() -> None:
    out = _run("from p2pbang.cli import main; main(['bench', 'engine', '--games', '3'])",
               P2PBANG_PURE="1")
    assert out.startswith("build: pure Python (P2PBANG_PURE is set)\n")


def test_a_compiled_build_runs_and_an_edited_source_replaces_it(tmp_path: Path) -> None:
    """The stale-module trap, on the real extension modules: an edited ``game.py`` is what
    runs (and the build says why it is pure), not the compiled module beside it."""
    _require_compiled()
    copy = tmp_path / "p2pbang"
    shutil.copytree(REPO / "p2pbang", copy, ignore=shutil.ignore_patterns("__pycache__"))
    game, duel, probe, described = _run(PROBE, pythonpath=tmp_path).split("|")
    assert not game.endswith(".py")
    assert not duel.endswith(".py") and probe == "-"
    assert described == build.current().describe()

    assert not any(path.endswith(".py") for path in _run(LOOP_PROBE, pythonpath=tmp_path)
                   .split("|"))

    with (copy / "engine" / "bang" / "game.py").open("a") as source:
        source.write("\nPROBE = 'the edited source'\n")
    game, duel, probe, described = _run(PROBE, pythonpath=tmp_path).split("|")
    assert game.endswith("engine/bang/game.py") and probe == "the edited source"
    assert duel.endswith("engine/duel/game.py")  # the whole engine: one build, not a mix
    assert described.startswith("pure Python (game.py of p2pbang.engine.bang.game changed")
    # The bench loop's modules too, though their sources did not change.
    assert all(path.endswith(".py") for path in _run(LOOP_PROBE, pythonpath=tmp_path)
               .split("|"))


# --- the card game's typed declarations -------------------------------------------------

DECLARED_IN = ("engine/bang/game.pxd", "engine/bang/event_flow.pxd")


def declared_attributes() -> set[str]:
    """The attributes the compiled ``Game`` (and its first base, ``EventFlow``) holds."""
    names: set[str] = set()
    for rel in DECLARED_IN:
        for line in (REPO / "p2pbang" / rel).read_text().splitlines():
            words = line.split()
            if words[:2] == ["cdef", "public"] and len(words) == 4:
                names.add(words[3])
    return names


def undeclared_attributes(seed: int = 5) -> list[str]:
    """Attributes a pure-Python ``Game`` holds at the end of seeded games of every card game
    case of ``CHOICES`` that its ``.pxd`` files do not declare."""
    found: set[str] = set()
    for choice, games in CHOICES:
        if choice.game != "bang":
            continue
        for index in range(min(games, 5)):
            game, problems = play_one(choice, f"{seed}/{index}", check=False)
            assert not problems
            found.update(vars(game))
    return sorted(found - declared_attributes())


def test_every_attribute_of_a_card_game_is_declared_for_the_compiled_build() -> None:
    """The compiled ``Game`` is an extension type without an instance dictionary: an
    attribute its ``.pxd`` does not declare cannot be set there (the pure build would take
    it). Played on the pure build, where ``vars`` lists them all."""
    undeclared = _run("from tests.engine.test_build import undeclared_attributes; "
                      "print(*undeclared_attributes())", P2PBANG_PURE="1")
    assert undeclared == ""
    assert {"known", "pending", "event_rules", "players"} <= declared_attributes()


# --- the same games in both builds -------------------------------------------------------

CHOICES = [
    (GameChoice.make("bang", 7), 30),
    (GameChoice.make("bang", 4), 20),
    (GameChoice.make("bang", 8, expansions=("dodge-city",)), 15),
    (GameChoice.make("bang", 7, expansions=("high-noon", "fistful")), 15),
    (GameChoice.make("bang", 7, expansions=("gold-rush",), variants=("shadows",)), 15),
    (GameChoice.make("dice", 8, expansions=("old-saloon",)), 30),
    (GameChoice.make("duel", 2), 8),
]


def combined_hashes(seed: int = 11) -> list[str]:
    """One SHA-256 per case of ``CHOICES`` over its seeded random-bot games' log hashes."""
    out = []
    for choice, games in CHOICES:
        kind = game_kind(choice)
        digest = hashlib.sha256()
        for index in range(games):
            game, problems = play_one(choice, f"{seed}/{index}", check=False)
            assert not problems and isinstance(game.pending, End), problems
            digest.update(kind.history_hash(game.history).encode())
        out.append(digest.hexdigest())
    return out


def test_both_builds_play_the_same_seeded_games() -> None:
    """Every game of the family, with its expansions: the compiled build's logs are the pure
    build's, step for step (one hash over each set of games)."""
    _require_compiled()
    here = combined_hashes()
    pure = _run("from tests.engine.test_build import combined_hashes; "
                "from p2pbang.engine import build; assert not build.current().compiled; "
                "print(*combined_hashes())", P2PBANG_PURE="1").split()
    assert pure == here


def test_the_seeded_games_tests_pass_on_the_pure_build_too() -> None:
    """The engines' own seeded-games checks (fixed hashes), rerun on the pure sources while
    this run's process has the compiled build."""
    _require_compiled()
    environ = {**os.environ, "PYTHONPATH": str(REPO), build.PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
         "-o", "addopts=-m 'not slow' --import-mode=importlib",
         "tests/engine/test_seeded_unchanged.py"],
        cwd=REPO, env=environ, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 11 passed" in done.stdout, done.stdout


# --- the same decisions of the bots in both builds ---------------------------------------

# Per game: a seated game and the strong bot's seat. The bots are compiled too (a search's
# playouts are mostly its rollout bots' decisions): their answers, the strong bot's searches
# and what each search saw must be those of the pure sources.
STRONG_CASES = [(GameChoice.make("bang", 7), 3), (GameChoice.make("dice", 6), 2),
                (GameChoice.make("duel", 2), 0)]
STRONG_DECISIONS = 8  # the strong bot's searches, a case


def _strong_case(choice: GameChoice, seat: int, iterations: int) -> str:
    """One case of ``strong_decisions``."""
    deal = f"build-strong/{choice.game}"
    bots = [make_bot("sensible", f"{deal}/{s}", choice.game) for s in range(choice.seats)]
    strong = bots[seat] = StrongBot(f"{deal}/{seat}", choice.game, iterations, None)
    seen = hashlib.sha256()

    def before(game: object, decision: Decision, action: object) -> bool:
        if decision.seat == seat and strong.last_search is not None:
            _, rounds, means, spread = strong.last_search
            seen.update(repr((rounds, means, spread)).encode())
        return strong.searched < STRONG_DECISIONS

    game = play_fed(choice, deal, bots, before=before)
    assert strong.rounds > strong.searched > 0  # searches of more than one world
    return (f"{game_kind(choice).history_hash(game.history)}/{seen.hexdigest()}/"
            f"{strong.searched}/{strong.rounds}/{strong.departures}")


def strong_decisions(iterations: int = 30) -> list[str]:
    """Per case of ``STRONG_CASES``: the game's log hash up to the strong bot's
    ``STRONG_DECISIONS``-th search (every bot's answer is in it), with what each of its
    searches saw (``last_search``'s worlds and mean leads, exactly) and its counts. No clock:
    an iteration budget, so the searches are the same at any speed; with 30 playouts some
    searches of every case leave the policy's choice."""
    return [_strong_case(choice, seat, iterations) for choice, seat in STRONG_CASES]


def test_the_bots_decide_the_same_in_both_builds() -> None:
    """The sensible bots, the experts and the strong bot's searches (its world draws, its
    playouts, its comparisons) give the same answers on the compiled bots as on their
    sources: every game of the family."""
    _require_compiled()
    assert {"p2pbang.bots.strong", "p2pbang.bots.sensible", "p2pbang.bots.determinize",
            "p2pbang.bots.dice_expert"} <= set(build.current().modules)
    here = strong_decisions()
    pure = _run("from tests.engine.test_build import strong_decisions; "
                "from p2pbang.engine import build; assert not build.current().compiled; "
                "print(*strong_decisions())", P2PBANG_PURE="1").split()
    assert pure == here
