"""The plain line interface of a solo card game: for pipes, dumb terminals, screen readers.

It prints the table, explains every event, asks each decision in steps (numbered, with a
short explanation) and reads a number (or a command) per line. A mistyped choice is
explained and asked again; end of input quits cleanly.

``CardSolo`` is what ``p2pbang solo`` and ``replay`` ask of the card game (its entry in the
registry, ``boards.solo_for``): the card game's words around a solo game and its replay.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TextIO

from p2pbang.engine.actions import PLAY, Decision, End, IllegalAction
from p2pbang.engine.choice import GameChoice
from p2pbang.table.choice_flags import flags_for
from p2pbang.table.solo import SoloSession
from p2pbang.table.solo_record import SoloRecord
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import _
from p2pbang.ui.plain.card_table import card_commands, render_table, seed_line
from p2pbang.ui.plain.commands import Commands, read_answer, stopped
from p2pbang.ui.plain.stepped import StepQuestion
from p2pbang.ui.texts import character_name, character_text, role_name
from p2pbang.ui.view import build_view, display_names


class PlainSolo:
    """Plays a SoloSession on text streams."""

    def __init__(self, session: SoloSession, inp: TextIO = sys.stdin,
                 out: TextIO = sys.stdout) -> None:
        self.session = session
        self.inp = inp
        self.out = out
        self.names = display_names(session.names, session.you)
        self.say = Describer(session.mine, self.names)

    def print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def run(self) -> int:
        """Play to the end, or until the person quits or the input ends: 0 either way (a
        deliberate leave is no failure; the saved game keeps what was played)."""
        session = self.session
        you = session.mine.players[session.you]
        self.print(_("A game of BANG! for {n} players: you and {bots}.").format(
            n=session.players,
            bots=", ".join(n for s, n in enumerate(self.names) if s != session.you)))
        while session.mine.current < 0 and not isinstance(session.pending, End):
            self._events(session.step_one())  # the deal, up to the first turn
        self.print(_("You play {character}: {text}").format(
            character=character_name(you.character), text=character_text(you.character)))
        self.print(_("Your role: {role}. {goal}").format(
            role=role_name(you.role), goal=self.say.goal(session.you)))
        shown_turn = -1
        while True:
            self._events(session.advance())
            pending = session.pending
            if isinstance(pending, End):
                self.print(self.say.end(pending))
                self.print(render_table(build_view(session.mine, self.names),
                                        self.names))
                return 0
            assert isinstance(pending, Decision)
            if pending.kind == PLAY and shown_turn != session.mine.turn:
                shown_turn = session.mine.turn
                self.print(render_table(build_view(session.mine, self.names),
                                        self.names))
            if not self._ask(pending):
                self.print(_("Goodbye."))
                return 0

    def _events(self, events: list) -> None:
        for event in events:
            text = self.say.event(event)
            if text:
                self.print(text)

    def _ask(self, decision: Decision) -> bool:
        """Ask until a legal action is taken; False when the person quits or the input
        ends. The actions come in steps as on the full screen (the card, its target, the
        target's card, the price of a "+1" card)."""
        commands = card_commands(Commands(self.print), self.session.mine, self.names)
        question = StepQuestion(self.say, decision, self.session.legal_actions(), commands,
                                self.out, self.session.you)
        while True:
            question.show()
            action = read_answer(question, self._readline)
            if stopped(action):
                return False
            try:
                self._events(self.session.act(action))
            except IllegalAction as exc:  # a listed action is legal; say so if not
                self.print(_("Not allowed: {reason}").format(reason=exc))
                continue
            return True

    def _readline(self) -> str | None:
        return self.inp.readline() or None


class CardSolo:
    """What a solo card game says and runs (the card game's ``solo`` in the registry,
    ``boards.solo_for``; a board's game has ``plain/board_solo.py``'s ``BoardSolo``)."""

    @staticmethod
    def person(name: str) -> str:
        """The person's name at the table, as typed: the default "You" stays English in the
        saved game, and the screens and the replay say it in their language."""
        return name

    @staticmethod
    def again(choice: GameChoice, seed: int, path: Path) -> str:
        """The line that says how to deal the game again and how to tell it again."""
        base = not choice.expansions and not choice.variants
        flags = "" if base else " ".join(flags_for(choice))
        return seed_line(
            seed, f"p2pbang solo --players {choice.seats}{' ' + flags if flags else ''} "
                  f"--seed {seed}", f"p2pbang replay {shlex.quote(str(path))}")

    @staticmethod
    def plain(session: SoloSession) -> int:
        """Play ``session`` in the plain line interface; its exit status."""
        return PlainSolo(session).run()

    @staticmethod
    def replay(record: SoloRecord, pause: bool = False) -> int:
        """Tell the saved game ``record`` again, as a spectator saw it."""
        from p2pbang.ui.replay import replay_solo

        return replay_solo(record, pause=pause)


__all__ = ["CardSolo", "PlainSolo"]
