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
    PlayPaid,
    UseGreen,
)
from p2pbang.engine.bang.game import Game
from p2pbang.ui import sets
from p2pbang.ui.describe import Describer, card_label, slot_label
from p2pbang.ui.i18n import _

# What is chosen and which one: "card" (a hand card), "green" (a green card in play),
# "target" (a seat), "slot" (the target's card), "cost" (the "+1" card paid), "ability".
Step = tuple[str, int]


@dataclass(frozen=True)
class Choice:
    """One row of the menu: its label, the step it adds, and the actions it leads to."""

    label: str
    step: Step | None  # None: the row takes ``actions[0]`` at once; BACK: one step back
    actions: tuple[int, ...]  # indices into the legal actions

    @property
    def final(self) -> bool:
        return len(self.actions) == 1


def _aimed(first: Step, target: int, target_slot: int) -> tuple[Step, ...]:
    """A card's steps: the card, then its target and the target's card when it has them."""
    path: tuple[Step, ...] = (first,)
    if target != NO_SEAT:
        path += (("target", target),)
        if target_slot == FROM_HAND or target_slot >= 0:
            path += (("slot", target_slot),)
    return path


def paths(action: Action, game: Game | None = None) -> list[tuple[Step, ...]]:
    """The ways to reach ``action`` step by step (Sid's two cards in either order; a "+1"
    card's price chosen last, once what it does is clear; a set's own actions by the set,
    which may read the card's name from ``game``: Gold Rush's purchases and removals)."""
    if game is not None:
        found = sets.first(lambda ui_set: ui_set.paths(game, action))
        if found is not None:
            return found
    if isinstance(action, Play):
        return [_aimed(("card", action.slot), action.target, action.target_slot)]
    if isinstance(action, PlayPaid):
        return [(*_aimed(("card", action.slot), action.target, action.target_slot),
                 ("cost", action.cost_slot))]
    if isinstance(action, UseGreen):
        return [_aimed(("green", action.slot), action.target, action.target_slot)]
    if isinstance(action, Ability) and len(action.slots) == 2:
        first, second = action.slots
        return [(("ability", 0), ("card", first), ("card", second)),
                (("ability", 0), ("card", second), ("card", first))]
    return [()]  # one step: the action itself


def choices(say: Describer, decision: Decision, actions: Sequence[Action],
            chosen: Sequence[Step], brief: bool = True) -> list[Choice]:
    """The menu after the steps in ``chosen``: one row per distinct next step, in the order
    the engine lists the actions; actions reached in one step are rows of their own.
    ``brief`` leaves the cards' rules texts out of the rows (the full screen shows the
    selected card's text under them; the plain interface asks for it in the rows)."""
    prefix = tuple(chosen)
    groups: dict[Step, list[int]] = {}
    singles: list[Choice] = []
    for index, action in enumerate(actions):
        for path in _paths(say, decision, action):
            if path and path[:len(prefix)] != prefix:
                continue
            if not path and (not prefix or isinstance(action, Pass)):
                label = say.action(decision, action, brief=brief)
                singles.append(Choice(label, None, (index,)))
            if len(path) <= len(prefix):
                continue
            members = groups.setdefault(path[len(prefix)], [])
            if index not in members:
                members.append(index)
    rows = [_row(say, decision, actions, prefix, step, tuple(members), brief)
            for step, members in groups.items()]
    passes = [c for c in singles if isinstance(actions[c.actions[0]], Pass)]
    others = [c for c in singles if c not in passes]
    back = [Choice(_("Back (Esc)"), BACK, ())] if prefix else []
    # "End the turn" (a Pass) comes last at every step, where the screen keeps it in view
    return rows + others + back + passes


BACK: Step = ("back", 0)


def _paths(say: Describer, decision: Decision, action: Action) -> list[tuple[Step, ...]]:
    """The steps to ``action``: an event's own play (Ricochet, Sniper) has its own."""
    found = sets.first(lambda ui_set: ui_set.decision_paths(say, decision, action))
    return found if found is not None else paths(action, say.game)


def _row(say: Describer, decision: Decision, actions: Sequence[Action],
         prefix: tuple[Step, ...], step: Step, members: tuple[int, ...],
         brief: bool = True) -> Choice:
    if len(members) == 1:
        action = actions[members[0]]
        path = next(p for p in _paths(say, decision, action)
                    if p[:len(prefix) + 1] == (*prefix, step))
        if not prefix or isinstance(action, Ability):  # one row says the whole action
            return Choice(say.action(decision, action, brief=brief), step, members)
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
    said = sets.first(lambda ui_set: ui_set.step_label(say, decision, actions, members, step))
    if said is not None:
        return said
    if what == "card" and not deeper:
        card = actions[members[0]]
        assert isinstance(card, Play | PlayPaid)
        label = card_label(game, card.card)
        if isinstance(card, PlayPaid):
            return _("Play {card} (+1 card)").format(card=label)
        return _("Play {card}").format(card=label)
    if what == "card":
        return _("Discard {card}").format(card=slot_label(game, value))
    if what == "green":
        return _("Use {card} from play").format(card=slot_label(game, value))
    if what == "cost":
        return _("Discard {card} as the +1 cost").format(card=slot_label(game, value))
    if what == "ability":
        return ability_step(game, decision.seat)
    if what == "target" and value == decision.seat:
        return _("On yourself")
    if what == "target":
        return _("On {target} (distance {d})").format(
            target=say.whom(value), d=game.distance(decision.seat, value))
    if value == FROM_HAND:
        return _("A random card from the hand")
    return slot_label(game, value)


def ability_step(game: Game, seat: int) -> str:
    """The first step of a two-card ability: what the two cards are discarded for (Sid
    Ketchum's, unless a set's character has another)."""
    said = sets.first(lambda ui_set: ui_set.ability_step(game, seat))
    return _("Discard two cards to regain 1 life") if said is None else said


def step_name(say: Describer, steps: Sequence[Step], index: int) -> str | None:
    """A set's step among the steps chosen so far, in words; None for the base's steps
    (each interface names those its own way)."""
    return sets.first(lambda ui_set: ui_set.step_name(say, steps, index))
