"""Reading a stacked table the way the person does: its sentences and its menus of steps,
shared by the interface tests of each set (a ``Scenario`` seen by seat 0, the person)."""

from __future__ import annotations

from collections.abc import Sequence

from p2pbang.engine.actions import Action, Decision, Event
from p2pbang.engine.bang.scenario import Scenario
from p2pbang.ui.bang.steps import BACK, Choice, Step, choices
from p2pbang.ui.describe import Describer
from p2pbang.ui.textfit import Line

NAMES = ["You", "Ace", "Bonnie", "Clyde"]


def say(table: Scenario, names: list[str] = NAMES) -> Describer:
    return Describer(table.game, names)


def menu(table: Scenario, steps: Sequence[Step] = ()) -> list[Choice]:
    """The rows the person sees after ``steps`` at the pending decision."""
    decision = table.game.pending
    assert isinstance(decision, Decision)
    return choices(say(table), decision, table.legal(), steps)


def row(rows: list[Choice], start: str) -> Choice:
    """The row whose label starts with ``start`` (or, failing that, contains it)."""
    found = ([r for r in rows if r.label.startswith(start)]
             or [r for r in rows if start in r.label])
    assert len(found) == 1, [r.label for r in rows]
    return found[0]


def walk(table: Scenario, *starts: str) -> tuple[Action, list[list[str]]]:
    """Choose rows by the start of their labels until an action is reached; returns it
    and the labels of each menu on the way."""
    steps: list[Step] = []
    seen: list[list[str]] = []
    for start in starts:
        rows = menu(table, steps)
        seen.append([r.label for r in rows])
        chosen = row(rows, start)
        if chosen.final:
            return table.legal()[chosen.actions[0]], seen
        assert chosen.step is not None and chosen.step != BACK
        steps.append(chosen.step)
    raise AssertionError(f"no action after {starts}: {seen[-1]}")


def text_of(line: Line) -> str:
    return "".join(text for _style, text in line)


def told(table: Scenario, events: list[Event], names: list[str] = NAMES) -> list[str]:
    """The sentences the person reads for ``events`` (bookkeeping events say nothing)."""
    describer = say(table, names)
    return [t for t in (describer.event(e) for e in events) if t]
