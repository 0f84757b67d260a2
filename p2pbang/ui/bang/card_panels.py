"""The card game's body: its panels laid out in a prompt-toolkit container (``CardPanels``).

Why apart from the board: ``bang/card_board.py``'s ``CardBoard`` holds the card game's
interface state and keys (the view, the menu's steps and selection, the help and the players
page, the log's telling); these panels only read that state, and the shell's (a notice, the
dialog, the chat line, the question before leaving, on ``shell/base.py``'s ``ScreenBase``),
and draw it: the plan of the panels for the terminal's size (``render.plan_layout``), the
status, seats, hand, decision, actions, log, detail, chat and keys panels, the help's window
and the dialog floating over them. The boards of the Dice Game and The Duel draw their top
area as lines for the shell's one pure function (``shell/body.py``'s ``DrawnBody``), while
the card game's body is this container of panels; either is the ``Body`` the shell's
application is built around (``ScreenBase._build_application``), given by the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout import (
    ConditionalContainer,
    Dimension,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
)

from p2pbang.engine.actions import Action, Decision, End, Pass, PlayPaid, UseGreen
from p2pbang.ui import sets
from p2pbang.ui.bang import players_page
from p2pbang.ui.bang.render import (
    PAID_MARK,
    Plan,
    action_lines,
    compact_hand,
    decision_line,
    detail_lines,
    hand_lines,
    hand_title,
    help_lines,
    plan_layout,
    seat_lines,
    status_line,
)
from p2pbang.ui.bang.steps import step_name
from p2pbang.ui.describe import Describer, action_card, slot_label
from p2pbang.ui.i18n import _
from p2pbang.ui.shell.base import dialog_body, dialog_box, dialog_width
from p2pbang.ui.shell.widgets import PanelControl
from p2pbang.ui.textfit import Line, fit_line, width_of
from p2pbang.ui.texts import card_help, card_name, card_text, green_readiness, kind_name, role_name
from p2pbang.ui.view import TableView, phase_name

if TYPE_CHECKING:
    from p2pbang.ui.bang.card_board import CardBoard, TableSession
    from p2pbang.ui.shell.base import ScreenBase

MIN_WIDTH, MIN_HEIGHT = 60, 16


class CardPanels:
    """The card game's panels, drawn from a ``CardBoard``'s state and its screen's (read,
    never changed, except the plan of the panels, which each draw makes for the terminal's
    size)."""

    def __init__(self, board: CardBoard) -> None:
        self.board = board
        self._plan = plan_layout(80, 24, len(board.session.names), 0, 0, False)

    @property
    def screen(self) -> ScreenBase:
        """The shell the board is on: its notice, dialog, chat line and questions."""
        return self.board.screen

    @property
    def view(self) -> TableView:
        """The board's view of the seat's engine (rebuilt by the board after a change)."""
        return self.board.view

    @property
    def say(self) -> Describer:
        return self.board.say

    @property
    def session(self) -> TableSession:
        return self.board.session

    def _dialog_width(self) -> int:
        return dialog_width(self._plan.width)

    def _dialog_body(self) -> list[str]:
        dialog = self.screen.dialog
        return [] if dialog is None else dialog_body(dialog[1], self._dialog_width())

    def _dialog_height(self) -> int:
        limit = max(5, self._plan.height - 2)
        return min(limit, len(self._dialog_body()) + 4)

    def _render_dialog(self, width: int, height: int) -> list[Line]:
        if self.screen.dialog is None:
            return []
        return dialog_box(self.screen.dialog[0], ["", *self._dialog_body()[:max(0, height - 4)]],
                          width)

    def _path_text(self) -> str:
        """The steps chosen so far, e.g. "Cat Balou (K♥) → Clyde"."""
        game = self.session.mine
        parts = []
        for index, (what, value) in enumerate(self.board.steps):
            said = step_name(self.say, self.board.steps, index)  # a set's step
            if said is not None:
                parts.append(said)
            elif what in ("card", "slot", "green", "cost") and value >= 0:
                parts.append(slot_label(game, value))
            elif what == "target":
                parts.append(self.say.whom(value))
        return " → ".join(parts)

    def before_render(self, app: Application[str]) -> None:
        """The plan for the terminal's size, made before each draw of the application."""
        size = app.output.get_size()
        self.lay_out(size.columns, size.rows)

    def lay_out(self, columns: int, rows: int) -> Plan:
        """Plan the panels for a screen of ``columns`` x ``rows`` (done before each draw)."""
        view, menu = self.view, self.board.choices
        longest = max((width_of(t) for t in self.board.labels), default=20)
        shop = sum(ui_set.hand_rows(view, rows) for ui_set in sets.asked())  # Gold Rush's shop
        hand = max(1, len(view.hand)) + shop if shop else len(view.hand)
        plan = plan_layout(columns, rows, len(view.seats), hand, len(menu), bool(menu), longest)
        compact = len(compact_hand(view.hand, plan.main_width)) + shop
        detail = 1 if width_of(self.detail()[0]) + 1 <= plan.main_width else 2
        self._plan = plan_layout(columns, rows, len(view.seats), hand, len(menu), bool(menu),
                                 longest, compact, detail)
        return self._plan

    def _hand_panel(self, width: int, height: int) -> list[Line]:
        """The hand, then what the sets add in the rows left (Gold Rush's shop's cards, on a
        tall screen)."""
        lines = hand_lines(self.view, width, height, self.board._selected_slot())
        for ui_set in sets.asked():
            lines += ui_set.hand_lines(self.view, width, height - len(lines))
        return lines

    @property
    def plan(self) -> Plan:
        """The plan of the last size laid out."""
        return self._plan

    def _too_small(self) -> bool:
        return self._plan.width < MIN_WIDTH or self._plan.height < MIN_HEIGHT

    def log_width(self) -> int:
        """The log panel's width in the plan (the screen scrolls the log by its rows)."""
        p = self._plan
        if p.log_column:
            return p.log_column
        return p.main_width - p.actions_width - (1 if p.actions_width else 0)

    def log_rows(self) -> int:
        """The log panel's height in the plan."""
        p = self._plan
        if p.log_column:
            return p.height - 3
        return p.middle_rows

    def _decision(self) -> tuple[str, str]:
        view = self.view
        pending = self.session.pending
        if isinstance(pending, End):
            return (self.say.end(pending) + " " + self.say.outcome(pending),
                    "class:decision.end")
        if self.screen.confirm_quit:
            return self.screen.leave_question(), "class:decision.mine"
        decision = view.your_decision
        if decision is not None:
            text = "\u25b8 " + self.say.decision(decision)
            if self.board.steps:
                path = self._path_text()
                text = "\u25b8 " + (path + ": " if path else "") + _("choose the next step.")
            return text, "class:decision.mine"
        if isinstance(pending, Decision):
            return self.say.waiting(pending) + " " + self.say.activity(pending), "class:waiting"
        return _("Dealing..."), "class:waiting"

    def detail(self) -> tuple[str, str]:
        """The line under the actions: a notice, the selected card's text, the network's
        news, the event in force or the person's goal, with its style."""
        if self.screen.notice:
            return self.screen.notice, "class:notice"
        if isinstance(self.session.pending, End):
            return _("Press q to leave."), "class:notice"
        view = self.view
        action = self.board._selected_action()
        if view.your_decision is not None and action is not None:
            card = action_card(action, self.session.mine)
            said = sets.first(  # an event's play (Ricochet, Sniper): the event's rule
                lambda ui_set: ui_set.action_detail(self.session.mine, view, action))
            if said is not None:
                return said, "class:detail"
            if card is not None:
                return self._card_detail(card, action), "class:detail"
            said = sets.first(lambda ui_set: ui_set.decision_detail(view))  # an event's
            if said is not None:
                return said, "class:detail"
            return self.board.labels[self.board.selected], "class:detail"
        note = self.screen.note()
        if note:
            return note, "class:lobby.waiting"
        said = sets.first(lambda ui_set: ui_set.idle_detail(view))  # the event in force
        if said is not None:
            return said, "class:detail"
        me = view.seats[view.you]
        if me.role:
            return (_("You are the {role}: {goal}").format(
                role=role_name(me.role), goal=self.say.goal(view.you)), "class:detail")
        return "", "class:detail"

    def _card_detail(self, card: int, action: Action) -> str:
        """The selected card's whole text; a green card in play says whether it can be used
        yet, a "+1" card what it costs."""
        game = self.session.mine
        c = game.cards[card]
        said = sets.first(  # Gold Rush's equipment: a price instead of a corner
            lambda ui_set: ui_set.card_detail(game, card, action, self.session.you))
        if said is not None:
            return said
        if isinstance(action, PlayPaid):  # the fuller rule, which says what the +1 asks
            return (f"{card_name(c.name)} {PAID_MARK} {c.label} \u00b7 {kind_name(c.kind)}: "
                    f"{card_help(c.name)}")
        if c.kind == "green":  # its text starts by saying it is green
            text = f"{card_name(c.name)} {c.label} \u00b7 {card_text(c.name)}"
            if isinstance(action, UseGreen):
                text += " \u00b7 " + green_readiness(True)
            return text
        return f"{card_name(c.name)} {c.label} \u00b7 {kind_name(c.kind)}: {card_text(c.name)}"

    def hints(self) -> str:
        """The keys line right of the chat line."""
        if self.screen.chatting:
            return _("Enter: send \u00b7 Esc: back")
        return _("?: help \u00b7 Tab: chat \u00b7 q: quit")

    def _render_chat(self, width: int, height: int) -> list[Line]:
        """The chat line left of the keys: its prompt, then the end of the text being typed
        and a cursor while it has the keys (solo play has it too: the line goes to the
        log)."""
        prompt = _("Say: ")
        if not self.screen.chatting:
            return [[("class:chat.prompt", prompt)]]
        room = max(1, width - width_of(prompt) - 1)
        text = self.screen.chat_text
        while width_of(text) > room:  # the end of a long line stays in view
            text = text[1:]
        return [[("class:chat.prompt", prompt), ("class:chat", text), ("reverse", " ")]]

    def _render_status(self, width: int, height: int) -> list[Line]:
        if self._too_small():
            return [fit_line([("class:notice", _("Please make the terminal at least "
                                                  "{w}x{h}.").format(w=MIN_WIDTH,
                                                                     h=MIN_HEIGHT))], width)]
        phase = phase_name(self.board.phase) if self.board.phase else None
        if isinstance(self.session.pending, End):
            phase = _("game over")
        return [status_line(self.view, self.board.names, phase, width)]

    def _render_seats(self, width: int, height: int) -> list[Line]:
        return seat_lines(self.view, width, self._plan.header, self._plan.seat_lines == 2)

    def _render_log(self, width: int, height: int) -> list[Line]:
        return self.board.game_log.lines(width, height)

    def _render_actions(self, width: int, height: int) -> list[Line]:
        rows = self.board.choices
        last = rows[-1] if rows else None
        ending = last is not None and last.step is None and last.actions and isinstance(
            self.board.actions[last.actions[0]], Pass)
        return action_lines(self.board.labels, self.board.selected, width, height,
                            pinned=len(rows) - 1 if ending else None, keys=self.board.keys)

    def _render_help(self, width: int, height: int) -> list[Line]:
        if self.board.players_visible:
            sections, name = players_page.sections(self.view), _("Players")
        else:
            sections, name = self.board._help_sections(), _("Help")
        lines, _anchors = help_lines(sections, width)
        title: Line = [("class:status.title", " " + name + " "), ("class:status", " " + _(
            "Up/Down/PgUp/PgDn: scroll \u00b7 Esc: back"))]
        return self.screen._help_page(title, lines, width, height)

    def layout(self) -> Layout:
        """The panels as one prompt-toolkit layout, the help's window in the table's place
        while it is open and the dialog floating over the middle; the menu has the focus."""
        plan = lambda: self._plan  # noqa: E731 (read at draw time)
        wide = Condition(lambda: plan().log_column > 0)
        deciding = Condition(lambda: plan().actions_width > 0)
        exact = Dimension.exact
        self._actions_window = Window(PanelControl(self._render_actions, focusable=True),
                                      width=lambda: exact(plan().actions_width))
        middle_log = Window(PanelControl(self._render_log))
        middle = VSplit([
            ConditionalContainer(self._actions_window, filter=deciding),
            ConditionalContainer(Window(char="\u2502", width=1, style="class:rule"),
                                 filter=deciding & ~wide),
            ConditionalContainer(middle_log, filter=~wide),
        ], height=lambda: exact(plan().middle_rows))
        main = HSplit([
            Window(PanelControl(self._render_seats),
                   height=lambda: exact(len(self.view.seats) * plan().seat_lines
                                        + plan().header)),
            Window(PanelControl(lambda w, h: [hand_title(self.view, w)]), height=1),
            Window(PanelControl(lambda w, h: self._hand_panel(w, h)),
                   height=lambda: exact(plan().hand_rows)),
            Window(PanelControl(lambda w, h: [decision_line(*self._decision(), w)]),
                   height=1),
            middle,
            Window(PanelControl(lambda w, h: detail_lines(*self.detail(), w, h)),
                   height=lambda: exact(plan().detail_rows)),
        ])
        log_column = HSplit(width=lambda: exact(plan().log_column), children=[
            Window(PanelControl(lambda w, h: [fit_line(
                [("class:rule", "\u2500\u2500"), ("class:title", " " + _("Log") + " "),
                 ("class:rule", "\u2500" * max(0, w - 4 - width_of(_("Log"))))], w)]),
                height=1),
            Window(PanelControl(self._render_log)),
        ])
        hints = Window(PanelControl(lambda w, h: [fit_line(
            [("class:hints", " " + self.hints())], w, "class:hints")]),
            width=lambda: Dimension(preferred=width_of(self.hints()) + 2,
                                    max=max(10, plan().width // 2)))
        table = HSplit([
            Window(PanelControl(self._render_status), height=1, style="class:status"),
            VSplit([
                main,
                ConditionalContainer(Window(char="\u2502", width=1, style="class:rule"),
                                     filter=wide),
                ConditionalContainer(log_column, filter=wide),
            ]),
            VSplit([Window(PanelControl(self._render_chat), style="class:chat"), hints],
                   height=1),
        ])
        self._help_window = Window(PanelControl(self._render_help))
        showing_help = Condition(lambda: self.screen.help_visible)
        root = HSplit([
            ConditionalContainer(table, filter=~showing_help),
            ConditionalContainer(self._help_window, filter=showing_help),
        ])
        self._dialog_window = Window(
            PanelControl(self._render_dialog),
            width=lambda: Dimension.exact(self._dialog_width()),
            height=lambda: Dimension.exact(self._dialog_height()))
        with_dialog = FloatContainer(root, floats=[Float(ConditionalContainer(
            self._dialog_window, filter=Condition(lambda: self.screen.dialog is not None)))])
        return Layout(with_dialog, focused_element=self._actions_window)


__all__ = ["CardPanels"]
