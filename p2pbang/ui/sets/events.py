"""The event decks (High Noon, A Fistful of Cards) in the interface: the answers of their
modules beside this one (sentences, steps, the event in force on the table, in the help and
the plain interface, texts) to the shared modules' questions (``ui/sets/__init__.py``).

The two decks are one set here: they share the engine's event mechanism
(``engine/bang/event_flow.py``), and their cards' names, sentences and steps are keyed by the
event card's name, whichever deck it comes from.
"""

from __future__ import annotations

from collections.abc import Sequence

from p2pbang.engine.actions import Action, Decision, Event
from p2pbang.engine.bang.game import Game
from p2pbang.ui.describe import Describer
from p2pbang.ui.helptext import Section
from p2pbang.ui.sets import UISet, events_steps, events_view
from p2pbang.ui.sets import events_sentences as sentences
from p2pbang.ui.textfit import Line
from p2pbang.ui.view import SeatView, TableView

Step = tuple[str, int]


class EventDecks(UISet):
    name = "events"

    # sentences
    def event(self, say: Describer, e: Event, cause: str | None) -> str | None:
        return sentences.event(say, e, cause)

    def usual_decision(self, say: Describer, d: Decision) -> str | None:
        return sentences.usual_decision(say, d)  # Law of the West, A Fistful of Cards

    def decision(self, say: Describer, d: Decision) -> str | None:
        return sentences.decision(say, d) if d.kind in sentences.DECISION_KINDS else None

    def activity(self, say: Describer, d: Decision) -> str | None:
        return sentences.activity(say, d) if d.kind in sentences.DECISION_KINDS else None

    def usual_activity(self, say: Describer, d: Decision) -> str | None:
        return sentences.usual_activity(say, d)

    def action(self, say: Describer, d: Decision, a: Action, brief: bool) -> str | None:
        return sentences.action(say, d, a, brief)

    def choice(self, say: Describer, d: Decision, value: int) -> str | None:
        return sentences.choice(say, d, value) if d.kind in sentences.DECISION_KINDS else None

    # steps: Ricochet's and Sniper's plays
    def decision_paths(self, say: Describer, decision: Decision,
                       action: Action) -> list[tuple[Step, ...]] | None:
        return events_steps.paths(say, decision, action) or None

    def step_label(self, say: Describer, decision: Decision, actions: Sequence[Action],
                   members: tuple[int, ...], step: Step) -> str | None:
        return events_steps.step_label(say, step)

    def step_name(self, say: Describer, steps: Sequence[Step], index: int) -> str | None:
        if steps[index][0] not in events_steps.STEP_KINDS:
            return None
        return events_steps.step_name(say, steps[index])

    # drawing
    def status_part(self, view: TableView) -> Line:
        return events_view.status_part(view)  # the event card in force, if any

    def seat_note(self, seat: SeatView) -> str:
        return events_view.seat_note(seat)  # a ghost says so (Ghost Town)

    def title_part(self, view: TableView, cells: int) -> Line:
        return events_view.title_part(view, cells)  # its rule stays in view while you play

    def action_detail(self, game: Game, view: TableView, action: Action) -> str | None:
        if not events_steps.is_event_play(game, view.you, action):
            return None
        return events_view.detail_text(view) or ""  # Ricochet, Sniper: the event's rule

    def decision_detail(self, view: TableView) -> str | None:
        decision = view.your_decision
        if decision is None or decision.kind not in sentences.DECISION_KINDS:
            return None
        return events_view.detail_text(view) or ""  # the event that asks this

    def idle_detail(self, view: TableView) -> str | None:
        return events_view.detail_text(view)  # while waiting: what the event in force does

    # the help
    def help_first(self, game: Game) -> list[Section]:
        return events_view.help_sections(game)  # the event in force first, when any

    # the plain interface
    def plain_head(self, view: TableView) -> list[str]:
        line = events_view.plain_line(view)
        return [] if line is None else [line]

    def explain(self, term: str) -> list[str]:
        return events_view.explain(term)

    def plain_command(self, game: Game, names: list[str], text: str) -> str | None:
        return events_view.plain_command(game, text)

    def plain_help(self, game: Game) -> str | None:
        return events_view.plain_help(game)


UI = EventDecks()
