"""The card game's part of the plain network table: its sentences from this seat's own
engine, the table when a turn starts, and the person's decision asked in steps as in solo
play (``plain/stepped.py``), with the card game's commands and the table's own.

Why a part: the plain network table (``plain_net.py``) says what every game shares (who the
table waits for, players dropping out, a verdict, a seat changing hands) and hands what only
a game knows to its part; the card game declares this one in the board registry
(``bang/board.py``), a board's game gets ``family_net.BoardPlainPart``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from p2pbang.engine.actions import PLAY, Action, Decision, End, Event
from p2pbang.ui.describe import Describer
from p2pbang.ui.i18n import _
from p2pbang.ui.plain.card_table import card_commands, render_table
from p2pbang.ui.plain.commands import Commands
from p2pbang.ui.plain.stepped import StepQuestion
from p2pbang.ui.texts import character_name, character_text, role_goal, role_name
from p2pbang.ui.view import build_view

if TYPE_CHECKING:
    from p2pbang.engine.bang.game import Game
    from p2pbang.ui.network.plain_net import PlainNetworkTable


class CardPlainPart:
    """The card game at a plain network table, for the person at ``seat`` of ``game`` (this
    peer's engine, fed by the log)."""

    def __init__(self, host: PlainNetworkTable, game: Game, seat: int) -> None:
        self.host = host
        self.game = game
        self.seat = seat
        self.say = Describer(game, host.names)
        self._introduced = False
        self._shown_turn = -1

    def title(self, players: int, others: str) -> str:
        return _("A game of BANG! for {n} players: you and {bots}.").format(n=players,
                                                                          bots=others)

    def dealing(self) -> str:
        return _("Every peer shuffles and proves it; the cards are being dealt.")

    def _introduce(self) -> None:
        """The person's character and role, once both are dealt."""
        you = self.game.players[self.seat]
        if self._introduced or not you.character or you.role is None:
            return
        self._introduced = True
        print_line = self.host.print
        print_line(_("You play {character}: {text}").format(
            character=character_name(you.character), text=character_text(you.character)))
        print_line(_("Your role: {role}. {goal}").format(
            role=role_name(you.role), goal=role_goal(you.role)))

    def table(self) -> str:
        return render_table(build_view(self.game, self.host.names), self.host.names)

    def events(self, events: list[Event]) -> None:
        print_line = self.host.print
        for event in events:
            text = self.say.event(event)
            if text:
                print_line(text)
            if event.kind == "eliminated" and event.seat == self.seat:
                print_line(_("You stay at the table as a spectator: your keys are still "
                             "needed to deal the others' cards."))
            elif event.kind == "turn" and not self.game.players[self.seat].alive:
                print_line(self.table())
        self._introduce()

    def finished(self, end: End | None) -> None:
        if end is not None:
            self.host.print(self.say.end(end))
            self.host.print(self.say.outcome(end))
            self.host.print(self.table())

    def commands(self) -> Commands:
        """The card game's commands, then the network table's (``host.table_commands``)."""
        return card_commands(Commands(self.host.print), self.game, self.host.names,
                             self.host.table_commands(self.game.n))

    async def decide(self, decision: Decision) -> Action:
        """The person's action, asked in steps as in solo play (``StepQuestion``)."""
        self._introduce()
        game = self.game
        if decision.kind == PLAY and self._shown_turn != game.turn:
            self._shown_turn = game.turn
            self.host.print(self.table())
        question = StepQuestion(self.say, decision, game.legal_actions(), self.commands(),
                                self.host.out, decision.seat)
        return await self.host.ask(question, game.check, before=question.show)


def card_part(host: PlainNetworkTable, session: Any) -> CardPlainPart:
    """The part for ``session``'s seat (the registry's ``plain_net``)."""
    return CardPlainPart(host, session.core.game, session.seat)


__all__ = ["CardPlainPart", "card_part"]
