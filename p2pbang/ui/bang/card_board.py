"""The card game's board: its interface state and keys, which the shell routes to it.

Why a board: the one full-screen shell (``shell/screen.py``) holds what every game's screen
has (the pace, notices, the dialog, leaving, the key table and the chat line:
``shell/base.py``'s ``ScreenBase``) and routes the rest to its board, as it does to the Dice
Game's and The Duel's. ``CardBoard`` is the card game's: the seat's view, the menu's steps
and selection, the help and the players page, the log (``shell/log.py``'s ``GameLog``) and
its telling (the person's character and role, each event's sentence, a resumed game told
again). It reads the game only through a ``TableSession`` (the seat's own engine and its
legal actions), so the same board serves a solo game and a network game, and it never runs
the game: a driver (``app.SoloDriver`` for solo) feeds the screen events and waits for the
person's actions. Its body, the panels that draw it, is ``bang/card_panels.py``'s
``CardPanels``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from p2pbang.engine.actions import (
    Action,
    Decision,
    Discard,
    End,
    Event,
    IllegalAction,
    Pass,
    Play,
    PlayPaid,
    Sell,
)
from p2pbang.engine.bang.game import Game
from p2pbang.engine.chance import ChanceResult
from p2pbang.ui import sets
from p2pbang.ui.bang.card_panels import CardPanels
from p2pbang.ui.bang.render import SHORTCUTS, Plan, help_lines, shortcut
from p2pbang.ui.bang.steps import BACK, Choice, Step, choices
from p2pbang.ui.describe import Describer, action_card
from p2pbang.ui.helptext import Section, help_sections
from p2pbang.ui.i18n import _
from p2pbang.ui.shell.board import BoardBase
from p2pbang.ui.shell.log import GameLog, LogEntry
from p2pbang.ui.shell.menu_keys import StableKeys
from p2pbang.ui.texts import character_name, character_text, role_name
from p2pbang.ui.view import TableView, build_view, display_names, phase_of

MAX_LOG = 5000  # log entries kept; older ones scroll away for good
CATCH_UP_LINES = 400  # a resumed game's log told again: its last lines at most


class TableSession(Protocol):
    """What the board needs of a game: the seat's own engine, names, and its actions."""

    you: int
    names: list[str]
    mine: Game

    @property
    def pending(self) -> object: ...

    def legal_actions(self) -> list[Action]: ...

    def act(self, action: Action) -> list[Event]: ...


class CardBoard(BoardBase):
    """The card game's interface state and keys on the shell; drawn by ``CardPanels``."""

    help_page = 20
    help_closers = ("escape", "l", "q", "?", "f1")

    def __init__(self, session: TableSession) -> None:
        super().__init__(session)
        self.names = display_names(session.names, session.you)
        self.say = Describer(session.mine, self.names)
        self.game_log = GameLog(MAX_LOG, keeps_place=True)
        self.selected = 0
        self.phase: str | None = None
        self.players_visible = False  # the help's window shows the players page (``l``)
        self._introduced = False
        self._view: TableView | None = None
        self._actions: list[Action] = []
        self._choices: list[Choice] = []
        self._labels: list[str] = []
        self._keys: list[str] = []
        self._stable = StableKeys(SHORTCUTS)
        self.steps: list[Step] = []  # the choices made so far towards one action
        self._decision_key: object = None
        self.panels = CardPanels(self)  # the body that draws this state

    # ------------------------------------------------------------------ game state

    def current_view(self) -> TableView:
        """The seat's view, rebuilt (with the legal actions) after every change."""
        if self._view is None:
            self._view = self._refresh()
        return self._view

    @property
    def view(self) -> TableView:
        return self.current_view()

    @property
    def actions(self) -> list[Action]:
        self.current_view()  # the actions are refreshed with the view
        return self._actions

    @property
    def choices(self) -> list[Choice]:
        """The menu rows at the current step (see ``steps.py``)."""
        self.current_view()
        return self._choices

    @property
    def labels(self) -> list[str]:
        self.current_view()
        return self._labels

    def _refresh(self) -> TableView:
        view = build_view(self.session.mine, self.names)
        if view.phase is not None:
            self.phase = view.phase
        decision = view.your_decision
        self._actions = [] if decision is None else self.session.legal_actions()
        key = (decision, tuple(self._actions))
        if key != self._decision_key:
            self._decision_key = key
            self.selected = 0
            self.steps = []
        if decision is None:
            self._choices, self._keys = [], []
        else:
            self._keyed_rows(decision, choices(self.say, decision, self._actions, self.steps))
        self._labels = [c.label for c in self._choices]
        self.selected = min(self.selected, max(0, len(self._choices) - 1))
        return view

    def _keyed_rows(self, decision: Decision, rows: list[Choice]) -> None:
        """The rows and their keys. At the decision's first step each row keeps its key for
        the turn (``menu_keys``: a card played leaves a gap, so a key pressed twice never
        plays the card that moved up) and the rows are listed in their keys' order, ending
        the turn last; deeper steps are short lists numbered from 1."""
        if self.steps:
            self._choices = rows
            self._keys = [shortcut(i) for i in range(len(rows))]
            return
        game = self.session.mine
        names = [self._row_name(game, row) for row in rows]
        keys = self._stable.keys(game.turn, (decision.kind, decision.seat), names)
        ending = [i for i, row in enumerate(rows) if self._ends(row)]
        order = sorted((i for i in range(len(rows)) if i not in ending),
                       key=lambda i: SHORTCUTS.find(keys[i]) % (len(SHORTCUTS) + 1))
        order += ending
        self._choices = [rows[i] for i in order]
        self._keys = [keys[i] for i in order]

    def _row_name(self, game: Game, row: Choice) -> object:
        """What a first-step row is, for its key: the card it plays or uses, else its
        words ("End the turn", an ability)."""
        card = action_card(self._actions[row.actions[0]], game) if row.actions else None
        kind = row.step[0] if row.step is not None else "action"
        return (kind, card) if card is not None else ("label", row.label)

    def _ends(self, row: Choice) -> bool:
        """The row ends the turn (a Pass reached in one step): kept on the last row."""
        return row.step is None and bool(row.actions) and isinstance(
            self._actions[row.actions[0]], Pass)

    @property
    def keys(self) -> list[str]:
        """Each menu row's shortcut key ("" when it has none)."""
        self.current_view()
        return self._keys

    def changed(self) -> None:
        """The game moved on: rebuild the view on the next draw and ask for one."""
        self._view = None
        self.screen.app.invalidate()

    def add_events(self, events: list[Event]) -> int:
        """Describe events into the log; returns how many lines they added."""
        entries = self._told(events, self.say)
        for entry in entries:
            self._append(entry)
        added = len(entries)
        pending = self.session.pending
        phase = phase_of(pending if isinstance(pending, Decision) else None,
                         self.session.mine.current)
        if phase is not None:
            self.phase = phase
        if isinstance(pending, End) and events:
            self._append(LogEntry(self.say.end(pending), "class:log.end"))
            self._append(LogEntry(self.say.outcome(pending), "class:log.end"))
            added += 2
        self.changed()
        return added

    def _told(self, events: list[Event], say: Describer) -> list[LogEntry]:
        """The log lines of ``events`` as ``say`` words them (the person's character and
        role first, at the game's first turn)."""
        entries: list[LogEntry] = []
        you = self.session.you
        for event in events:
            if event.kind == "turn":
                self.phase = "start"
                if not self._introduced:
                    entries += self._introduction(say)
            text = say.event(event)
            if not text:
                continue
            style = "class:log"
            if event.kind in ("turn", "event"):  # a new turn, a new event card in force
                style = "class:log.turn"
            elif you in (event.seat, event.target):
                style = "class:log.you"
            entries.append(LogEntry(text, style))
        return entries

    def catch_up(self, game: Game, inputs: Sequence[Action | ChanceResult],
                 limit: int = CATCH_UP_LINES) -> int:
        """A resumed game's log told again: ``inputs`` (this seat's engine history) applied
        one by one to ``game``, a fresh engine of the same seat, so each sentence reads the
        cards and lives of its moment, as if watched from the start (the introduction
        included, which then does not come again at the next turn). The session does not
        report the entries it replays from disk, so without this the log would start empty.
        Keeps the last ``limit`` lines; returns how many were added."""
        say = Describer(game, self.names)
        entries: list[LogEntry] = []
        for action in inputs:
            entries += self._told(game.apply(action), say)
        entries = entries[-limit:] if limit > 0 else []
        for entry in entries:
            self._append(entry)
        self.changed()
        return len(entries)

    def _introduction(self, say: Describer) -> list[LogEntry]:
        """The person's character and role: said once, at the start of the first turn."""
        self._introduced = True
        me = say.game.players[self.session.you]
        lines = [LogEntry(_("You play {character}: {text}").format(
            character=character_name(me.character), text=character_text(me.character)),
            "class:log.you")]
        if me.role:
            lines.append(LogEntry(_("Your role: {role}. {goal}").format(
                role=role_name(me.role), goal=say.goal(self.session.you)), "class:log.you"))
        return lines

    @property
    def log(self) -> list[LogEntry]:
        """The log's entries, oldest first."""
        return self.game_log.entries

    def _append(self, entry: LogEntry) -> None:
        self.game_log.add(entry.text, entry.style)

    def add_line(self, text: str, style: str = "class:log") -> None:
        """A line of news for the log panel that is not a game event (a network game's
        peers coming and going, warnings, the result)."""
        self._append(LogEntry(text, style))
        self.changed()

    def _chat_to_log(self, text: str) -> None:
        self.screen.add_chat(self.names[self.session.you], text)

    # ------------------------------------------------------------------ person's actions

    def press(self, key: str) -> bool:
        """The row whose shortcut is ``key``, chosen (see ``take``); a key no row has is
        explained under the actions."""
        keys = self.keys
        if key in keys:
            return self.take(keys.index(key))
        if self.choices:
            self.screen.notice = _("There is no action {key}.").format(key=key)
        else:
            self.screen.notice = self._nothing_to_choose()
        self.screen.app.invalidate()
        return False

    def _nothing_to_choose(self) -> str:
        """The notice for a key that chooses nothing: wait for a turn, or none once the game
        is over (the line under the end already says "Press q to leave.")."""
        if isinstance(self.session.pending, End):
            return ""
        return _("Nothing to choose now: wait for your turn.")

    def take(self, index: int) -> bool:
        """Choose menu row ``index``: a step towards an action, a step back, or the action
        itself; True when a row was chosen, False (with a notice) when impossible."""
        rows = self.choices
        if not 0 <= index < len(rows):
            if rows:
                self.screen.notice = _("There is no action {key}.").format(
                    key=SHORTCUTS[index] if index < len(SHORTCUTS) else index + 1)
            else:
                self.screen.notice = self._nothing_to_choose()
            self.screen.app.invalidate()
            return False
        row = rows[index]
        if row.step == BACK:
            self.back()
            return True
        if not row.final:
            assert row.step is not None
            self.steps.append(row.step)
            self.selected = 0
            self.screen.notice = ""
            self.changed()
            return True
        try:
            events = self.session.act(self.actions[row.actions[0]])
        except IllegalAction as exc:
            self.screen.notice = _("Not allowed: {reason}").format(reason=exc)
            self.changed()
            return False
        self.add_events(events)
        self.screen.on_action()
        return True

    def back(self) -> None:
        """One step back towards the start of the menu (Esc)."""
        if self.steps:
            self.steps.pop()
            self.selected = 0
            self.changed()

    def move(self, step: int) -> None:
        if self.choices:
            self.selected = max(0, min(len(self.choices) - 1, self.selected + step))
            self.screen.app.invalidate()

    def scroll_log(self, rows: int) -> None:
        width = self.panels.log_width()
        rows_shown = self.panels.log_rows()
        self.game_log.scroll(rows, self.game_log.most(width, rows_shown))
        self.screen.app.invalidate()

    def toggle_players(self) -> None:
        """The players page (``l``): every seat's character and cards in play, whole
        (``players_page.py``), in the help's window; ``l``, Esc or ``?`` closes it."""
        showing = self.players_visible
        if self.screen.help_visible:
            self.toggle_help()
        if not showing:
            self.toggle_help()
            self.players_visible = True

    def toggle_help(self, anchor: str | None = None) -> None:
        self.screen.help_visible = not self.screen.help_visible
        self.players_visible = False
        self.screen.help_offset = 0
        if self.screen.help_visible and anchor:
            _lines, anchors = help_lines(self._help_sections(), max(20, self.panels.plan.width))
            self.screen.help_offset = anchors.get(anchor, 0)
        self.screen.app.invalidate()

    def _help_sections(self) -> list[Section]:
        """The help for the cards and characters of the game being played (an expansion's
        game has its own catalog)."""
        game = self.session.mine
        paid = {name for name, rules in game.rules.by_name.items() if rules.costs_a_card}
        return [*sets.joined(lambda ui_set: ui_set.help_first(game)),  # the event in force
                *help_sections(game.cards, game.rules.characters, paid,
                               three_players=game.role_rules.face_up,
                               shadows=self.view.shadows)]

    def redraw(self) -> None:
        """Ask the screen to be drawn again."""
        self.screen.app.invalidate()

    def selected_card_anchor(self) -> str | None:
        """The help entry of the card in the selected action (or the character's)."""
        action = self._selected_action()
        if action is not None:
            card = action_card(action, self.session.mine)
            if card is not None:
                return f"card:{self.session.mine.cards[card].name}"
        return None

    def _selected_action(self) -> Action | None:
        """An action the selected row leads to (all of them play the same card)."""
        rows = self.choices
        if 0 <= self.selected < len(rows) and rows[self.selected].actions:
            return self.actions[rows[self.selected].actions[0]]
        return None

    def _selected_slot(self) -> int | None:
        """The hand slot of the card the selected row plays or discards, if any."""
        action = self._selected_action()
        return action.slot if isinstance(action, Play | PlayPaid | Discard | Sell) else None

    # ------------------------------------------------------------------ what the shell routes here

    def open_help(self) -> None:
        """``?`` or F1: the help, at the selected card's entry."""
        self.toggle_help(self.selected_card_anchor())

    def close_help(self) -> None:
        self.toggle_help()

    def log_key(self, key: str) -> None:
        """PgUp/PgDn scroll the log by its panel's rows, Home to its start, End back."""
        page = max(1, self.panels.log_rows() - 1)
        if key in ("pageup", "pagedown"):
            self.scroll_log(page if key == "pageup" else -page)
        elif key == "home":
            self.scroll_log(len(self.log) * 50)
        else:
            self.game_log.newest()

    def own_key(self, key: str) -> None:
        """Enter takes the selected row, Esc goes a step back, ``l`` opens the players page,
        a row's shortcut chooses it."""
        if key == "enter":
            if self.choices:
                self.take(self.selected)
        elif key == "escape":
            self.back()
        elif key == "l":
            self.toggle_players()
        elif len(key) == 1 and key in SHORTCUTS:
            self.press(key)

    def chat_alone(self) -> Callable[[str], None]:
        """Solo play has the chat line too: a line said goes to the log."""
        return self._chat_to_log

    def body(self) -> CardPanels:
        """The panels, the screen's body."""
        return self.panels

    # ------------------------------------------------------------------ the panels' plan

    @property
    def plan(self) -> Plan:
        """The panels' plan for the last size drawn (``CardPanels.lay_out``)."""
        return self.panels.plan


__all__ = ["CATCH_UP_LINES", "MAX_LOG", "CardBoard", "TableSession"]
