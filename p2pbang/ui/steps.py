"""The legal actions grouped into steps: the card, then the target, then the target's card.

The engine lists every complete action (Cat Balou on each card of each player, Sid
Ketchum's ability once per pair of cards), which at 80 columns is more rows than the screen
has. The interface asks instead one thing at a time: each action is a path of steps, and
the menu at a step shows what can come next after the choices made so far. A step that
leads to a single action takes it; the final choice is always one of the engine's own legal
actions, so nothing here decides what is legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from p2pbang.engine.actions import (
    FROM_HAND,
    NO_SEAT,
    Ability,
    Action,
    Decision,
    Pass,
    Play,
)
from p2pbang.ui.describe import Describer, card_label, slot_label
from p2pbang.ui.i18n import _

Step = tuple[str, int]  # what is chosen ("card", "target", "slot", "ability") and which one


@dataclass(frozen=True)
class Choice:
    """One row of the menu: its label, the step it adds, and the actions it leads to."""

    label: str
    step: Step | None  # None: the row takes ``actions[0]`` at once; BACK: one step back
    actions: tuple[int, ...]  # indices into the legal actions

    @property
    def final(self) -> bool:
        return len(self.actions) == 1


def paths(action: Action) -> list[tuple[Step, ...]]:
    """The ways to reach ``action`` step by step (Sid's two cards in either order)."""
    if isinstance(action, Play):
        path: tuple[Step, ...] = (("card", action.slot),)
        if action.target != NO_SEAT:
            path += (("target", action.target),)
            if action.target_slot == FROM_HAND or action.target_slot >= 0:
                path += (("slot", action.target_slot),)
        return [path]
    if isinstance(action, Ability) and len(action.slots) == 2:
        first, second = action.slots
        return [(("ability", 0), ("card", first), ("card", second)),
                (("ability", 0), ("card", second), ("card", first))]
    return [()]  # one step: the action itself


def choices(say: Describer, decision: Decision, actions: Sequence[Action],
            chosen: Sequence[Step]) -> list[Choice]:
    """The menu after the steps in ``chosen``: one row per distinct next step, in the order
    the engine lists the actions; actions reached in one step are rows of their own."""
    prefix = tuple(chosen)
    groups: dict[Step, list[int]] = {}
    singles: list[Choice] = []
    for index, action in enumerate(actions):
        for path in paths(action):
            if path and path[:len(prefix)] != prefix:
                continue
            if not path and (not prefix or isinstance(action, Pass)):
                label = say.action(decision, action, brief=True)
                singles.append(Choice(label, None, (index,)))
            if len(path) <= len(prefix):
                continue
            members = groups.setdefault(path[len(prefix)], [])
            if index not in members:
                members.append(index)
    rows = [_row(say, decision, actions, prefix, step, tuple(members))
            for step, members in groups.items()]
    passes = [c for c in singles if isinstance(actions[c.actions[0]], Pass)]
    others = [c for c in singles if c not in passes]
    back = [Choice(_("Back (Esc)"), BACK, ())] if prefix else []
    # "End the turn" (a Pass) comes last at every step, where the screen keeps it in view
    return rows + others + back + passes


BACK: Step = ("back", 0)


def _row(say: Describer, decision: Decision, actions: Sequence[Action],
         prefix: tuple[Step, ...], step: Step, members: tuple[int, ...]) -> Choice:
    if len(members) == 1:
        action = actions[members[0]]
        path = next(p for p in paths(action) if p[:len(prefix) + 1] == (*prefix, step))
        if not prefix or isinstance(action, Ability):  # one row says the whole action
            return Choice(say.action(decision, action, brief=True), step, members)
        # the steps left, said together: "On Bonnie (distance 2): a random card..."
        rest = [_step_label(say, decision, actions, members, s, True)
                for s in path[len(prefix):]]
        return Choice(": ".join(rest), step, members)
    label = _step_label(say, decision, actions, members, step, bool(prefix))
    return Choice(label + "\u2026", step, members)


def _step_label(say: Describer, decision: Decision, actions: Sequence[Action],
                members: tuple[int, ...], step: Step, deeper: bool) -> str:
    """The words for one step: the card, a target, a target's card, or the ability."""
    game = say.game
    what, value = step
    if what == "card" and not deeper:
        card = actions[members[0]]
        assert isinstance(card, Play)
        return _("Play {card}").format(card=card_label(game, card.card))
    if what == "card":
        return _("Discard {card}").format(card=slot_label(game, value))
    if what == "ability":
        return _("Discard two cards to regain 1 life")
    if what == "target":
        return _("On {target} (distance {d})").format(
            target=say.whom(value), d=game.distance(decision.seat, value))
    if value == FROM_HAND:
        return _("A random card from the hand")
    return slot_label(game, value)
