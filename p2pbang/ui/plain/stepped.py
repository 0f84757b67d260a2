"""The card game's decision asked in steps, in plain lines: the card, then its target, then
the target's card (``ui/bang/steps.py``), each step a numbered list with a Back row, so a long list
of combinations is never read out whole. The solo interface and the network table ask with
this one question; only where the lines come from and what is done with the action taken
differ."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from p2pbang.engine.actions import FROM_HAND, Action, Decision
from p2pbang.ui.bang.steps import BACK, Choice, Step, ability_step, choices, step_name
from p2pbang.ui.describe import Describer, slot_label
from p2pbang.ui.i18n import _
from p2pbang.ui.plain.commands import AGAIN, Commands, choose_number


class StepQuestion:
    """One decision of the seat ``you``: the menu at the steps chosen so far, read with the
    interface's table of commands; ``answer`` gives the action once a row leads to one."""

    def __init__(self, say: Describer, decision: Decision, actions: Sequence[Action],
                 commands: Commands, out: TextIO, you: int) -> None:
        self.say = say
        self.decision = decision
        self.actions = actions
        self.commands = commands
        self.out = out
        self.you = you
        self.steps: list[Step] = []
        self.rows: list[Choice] = []

    def print(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def show(self) -> None:
        """The menu at the current step: what is asked, then the rows numbered."""
        self.rows = choices(self.say, self.decision, self.actions, self.steps, brief=False)
        if self.steps:
            self.print(_("{path}: choose the next step.").format(
                path=" \u2192 ".join(self.step_names())))
        else:
            self.print(self.say.decision(self.decision))
        for number, row in enumerate(self.rows, 1):
            label = _("Back") if row.step == BACK else row.label
            self.print(f"  {number:>2}. {label}")

    def prompt(self) -> None:
        self.out.write(_("choice (? for help)> "))
        self.out.flush()

    def answer(self, line: str | None) -> Any:
        """A typed line: the action its row leads to, ``AGAIN`` after a command or a step
        (the next step's menu shown), ``QUIT`` or ``END``."""
        picked = self.commands.answer(line, choose_number(len(self.rows), self.print))
        if not isinstance(picked, int):
            return picked
        row = self.rows[picked]
        if row.step == BACK:
            self.steps.pop()
        elif not row.final:
            assert row.step is not None
            self.steps.append(row.step)
        else:
            return self.actions[row.actions[0]]
        self.show()
        return AGAIN

    def step_names(self) -> list[str]:
        """The steps chosen so far in words: cards by name, seats by name."""
        game = self.say.game
        names = []
        for index, (what, value) in enumerate(self.steps):
            named = step_name(self.say, self.steps, index)
            if named is not None:
                names.append(named)
            elif what == "target":
                names.append(self.say.whom(value))
            elif what == "slot" and value == FROM_HAND:
                names.append(_("A random card from the hand"))
            elif what == "ability":
                names.append(ability_step(game, self.you))
            else:
                names.append(slot_label(game, value))
        return names


__all__ = ["StepQuestion"]
