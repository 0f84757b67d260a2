"""A Fistful of Cards' event deck in the interface (``engine/bang/sets/fistful.py``): the
answers of its modules beside this one (its cards' sentences, the steps of Ricochet's and
Sniper's plays) to the shared modules' questions (``ui/sets/__init__.py``). The event in
force, the pile and the help's frame are every deck's (``event_deck.py``); the cards' texts
are ``fistful_texts.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from p2pbang.engine.actions import Action, Decision, Event
from p2pbang.engine.bang.game import Game
from p2pbang.ui.describe import Describer
from p2pbang.ui.sets import fistful_sentences as sentences
from p2pbang.ui.sets import fistful_steps
from p2pbang.ui.sets.event_deck import EventDeck, detail_text
from p2pbang.ui.sets.fistful_texts import TEXTS
from p2pbang.ui.view import TableView

Step = tuple[str, int]


class FistfulOfCards(EventDeck):
    name = "fistful"
    texts = TEXTS

    # sentences
    def card_event(self, say: Describer, e: Event, cause: str | None) -> str | None:
        return sentences.event(say, e, cause)

    def card_decision(self, say: Describer, d: Decision) -> str | None:
        return sentences.decision(say, d)

    def card_activity(self, say: Describer, d: Decision) -> str | None:
        return sentences.activity(say, d)

    def card_choice(self, say: Describer, d: Decision, value: int) -> str | None:
        return sentences.choice(say, d, value)

    def usual_decision(self, say: Describer, d: Decision) -> str | None:
        return sentences.usual_decision(say, d)  # Law of the West, A Fistful of Cards

    def usual_activity(self, say: Describer, d: Decision) -> str | None:
        return sentences.usual_activity(say, d)

    def action(self, say: Describer, d: Decision, a: Action, brief: bool) -> str | None:
        return sentences.action(say, d, a, brief)

    # steps: Ricochet's and Sniper's plays
    def decision_paths(self, say: Describer, decision: Decision,
                       action: Action) -> list[tuple[Step, ...]] | None:
        return fistful_steps.paths(say, decision, action) or None

    def step_label(self, say: Describer, decision: Decision, actions: Sequence[Action],
                   members: tuple[int, ...], step: Step) -> str | None:
        return fistful_steps.step_label(say, step)

    def step_name(self, say: Describer, steps: Sequence[Step], index: int) -> str | None:
        if steps[index][0] not in fistful_steps.STEP_KINDS:
            return None
        return fistful_steps.step_name(say, steps[index])

    # drawing
    def action_detail(self, game: Game, view: TableView, action: Action) -> str | None:
        if not fistful_steps.is_event_play(game, view.you, action):
            return None
        return detail_text(view) or ""  # Ricochet, Sniper: the event's rule


UI = FistfulOfCards()
