"""The engines' written contract (``engine/contract.py``): the three engines satisfy its
interface, share its one ``SPECTATOR``, ``GameOver``, history hash, constructor shape and
invariants shape, and keep its obligations (an illegal input changes nothing; control flow
never reads a hidden card)."""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

import pytest

import p2pbang
from p2pbang.bots import make_bot
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine import contract
from p2pbang.engine.actions import Decision, End, IllegalAction, Pass
from p2pbang.engine.chance import ChanceResult
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.contract import SPECTATOR, GameOver, GameState
from p2pbang.engine.family import GAME_KINDS, SHEETS, game_kind
from p2pbang.engine.lockstep import Lockstep

ENGINE = Path(p2pbang.__file__).parent / "engine"


def registry_choices() -> list[GameChoice]:
    """Every game the registry finds, at its smallest table and, with its first expansion,
    at the largest table that expansion seats: a new game is held to the contract here
    without an edit."""
    choices = []
    for sheet in SHEETS:
        choices.append(GameChoice.make(sheet.name, sheet.seat_range()[0]))
        for expansion in sheet.expansions[:1]:
            choices.append(GameChoice.make(sheet.name, sheet.seat_range([expansion])[1],
                                           [expansion]))
    return choices


CHOICES = registry_choices()
ENGINE_MODULES = tuple(sys.modules[sheet.engine.__module__] for sheet in SHEETS)


def _bots(choice: GameChoice, seed: str) -> list:
    return [make_bot("random", f"{seed}/{seat}", choice.game) for seat in range(choice.seats)]


def _step(game: GameState, dealer: LocalDealer, bots: list) -> object:
    """The answer a seeded game gives its pending step."""
    pending = game.pending
    if isinstance(pending, Decision):
        return bots[pending.seat].decide(game, pending)
    return dealer.resolve(pending)


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_every_engine_has_the_interface_and_the_one_constructor(choice: GameChoice) -> None:
    kind = game_kind(choice)
    for viewer in (None, SPECTATOR, 0):
        game = kind.new_game(choice, viewer)
        assert isinstance(game, GameState)
        assert game.viewer == viewer and game.n == choice.seats and game.result is None
    engine = type(kind.new_game(choice, None))
    assert list(inspect.signature(engine.from_choice).parameters) == ["choice", "viewer"]
    assert kind.engine is engine


def test_an_object_without_the_interface_is_not_a_game_state() -> None:
    """The protocol check above cannot pass by being blind."""

    class Half:
        pending = None
        viewer = None

        def apply(self, action: object) -> list:
            return []

    assert not isinstance(Half(), GameState)


def test_one_spectator_one_game_over_one_invariants_shape() -> None:
    for module in ENGINE_MODULES:
        assert module.SPECTATOR is SPECTATOR == -1
        assert module.GameOver is GameOver
    for sheet in SHEETS:
        assert list(inspect.signature(sheet.violations).parameters) == ["game", "dealer_cards"]
    assert {kind.spectator for kind in GAME_KINDS.values()} == {SPECTATOR}


def test_no_engine_module_defines_its_own_spectator_game_over_or_log_hash() -> None:
    """Written once: a second definition anywhere in the engine fails here."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            names = []
            if isinstance(node, ast.ClassDef):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if any(n in ("SPECTATOR", "GameOver") for n in names):
                found.append(f"{path.relative_to(ENGINE)}: {names}")
            if isinstance(node, ast.FunctionDef) and node.name == "history_hash" and any(
                    isinstance(n, ast.Attribute) and n.attr == "sha256" for n in ast.walk(node)):
                found.append(f"{path.relative_to(ENGINE)}: its own history hash")
    assert found == ["contract.py: ['SPECTATOR']", "contract.py: ['GameOver']",
                     "contract.py: its own history hash"]


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_the_log_hash_is_the_contracts_construction_over_the_games_codec(
        choice: GameChoice) -> None:
    kind = game_kind(choice)
    game = kind.new_game(choice, None)
    dealer, bots = LocalDealer("hash"), _bots(choice, "hash")
    for _ in range(60):
        game.apply(_step(game, dealer, bots))
    digest = kind.history_hash(game.history)
    assert digest == contract.history_hash(game.history, kind.pack)
    assert digest != kind.history_hash(game.history[:-1])
    assert contract.history_hash([], kind.pack) == (
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")


def _illegal_inputs(game: GameState) -> list[object]:
    """Answers that cannot fit the pending step: the wrong kind of answer, and junk."""
    junk: list[object] = [None, "pass", 7, ChanceResult((10**6,))]
    if isinstance(game.pending, Decision):
        return [*junk, ChanceResult(())]
    return [*junk, Pass()]


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_an_illegal_input_changes_nothing(choice: GameChoice) -> None:
    """At every step of a seeded game, illegal answers are refused with a reason and leave
    the game as it was: the same pending step, log and hash, and the rest of the game plays
    out exactly as the same game without the refused answers."""
    kind = game_kind(choice)
    tried, plain = kind.new_game(choice, None), kind.new_game(choice, None)
    dealer, bots = LocalDealer("illegal"), _bots(choice, "illegal")
    refused = 0
    while not isinstance(tried.pending, End):
        pending, length = tried.pending, len(tried.history)
        digest = kind.history_hash(tried.history)
        for bad in _illegal_inputs(tried):
            assert tried.check(bad) is not None
            with pytest.raises(IllegalAction):
                tried.apply(bad)
            refused += 1
            assert tried.pending is pending and len(tried.history) == length
        assert kind.history_hash(tried.history) == digest
        answer = _step(tried, dealer, bots)
        tried.apply(answer)
        plain.apply(answer)
    assert refused > 100
    assert tried.pending == plain.pending
    assert kind.history_hash(tried.history) == kind.history_hash(plain.history)
    assert kind.violations(tried, dealer.cards) == []


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_control_flow_never_reads_a_hidden_card(choice: GameChoice) -> None:
    """An engine that sees nothing hidden (a spectator) and one for a seat ask for the same
    steps, in the same order, as the all-seeing engine, fed the same log with what they may
    not see masked."""
    kind = game_kind(choice)
    engines = Lockstep.of(kind, choice, (SPECTATOR, 0))
    judge = engines.truth
    dealer, bots = LocalDealer("hidden"), _bots(choice, "hidden")
    while not engines.ended:
        for view in engines.views:
            assert view.pending == judge.pending
        engines.apply(_step(judge, dealer, bots))  # the bots read the all-seeing engine here
    assert all(view.pending == judge.pending for view in engines.views)


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: c.label())
def test_a_trusted_replay_leaves_the_game_as_apply_did(choice: GameChoice) -> None:
    """A seeded game's log, cut at several points and fed to a fresh engine by
    ``replay_trusted``: the same pending step, log hash, last events and legal actions as
    the engine that applied it input by input, for the all-seeing engine and a seat's (its
    log masked); the whole log replayed ends the same game with no broken invariant."""
    kind = game_kind(choice)
    engines = Lockstep.of(kind, choice, (0,))
    dealer, bots = LocalDealer("trusted"), _bots(choice, "trusted")
    seen: list[tuple[int, int | None, object, str, list, list]] = []
    steps = 0
    while not engines.ended:
        engines.apply(_step(engines.truth, dealer, bots))
        steps += 1
        if steps % 37 == 0:
            for game in (engines.truth, *engines.views):
                legal = game.legal_actions() if isinstance(game.pending, Decision) and (
                    game.viewer is None or game.pending.seat == game.viewer) else []
                seen.append((steps, game.viewer, game.pending, kind.history_hash(game.history),
                             list(game.events), legal))
    assert len(seen) >= 4
    for steps, viewer, pending, digest, events, legal in seen:
        source = engines.truth if viewer is None else engines.views[0]
        fresh = kind.new_game(choice, viewer)
        fresh.replay_trusted(source.history[:steps])
        assert fresh.pending == pending and kind.history_hash(fresh.history) == digest
        assert fresh.events == events
        if legal:
            assert fresh.legal_actions() == legal
    whole = kind.new_game(choice, None)
    whole.replay_trusted(list(engines.truth.history))
    assert whole.pending == engines.truth.pending and isinstance(whole.pending, End)
    assert kind.violations(whole, dealer.cards) == []


def test_a_trusted_replay_is_fed_by_the_search_alone() -> None:
    """``replay_trusted`` checks nothing, so nothing from the network, a file or a player
    may reach it: in the whole package only the search's sampled world
    (``bots/determinize.py``, a log its own engine accepted) calls it; an engine's own
    override may hand on to ``StepChecks``' (``super().replay_trusted``)."""
    package = ENGINE.parent
    callers = set()
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "replay_trusted":
                owner = node.value
                if (isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name)
                        and owner.func.id == "super"):
                    continue
                callers.add(str(path.relative_to(package)))
    assert callers == {"bots/determinize.py"}
