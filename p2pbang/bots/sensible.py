"""The sensible bot: a computer player that plays its role, for solo and network games.

``SensibleBot(seed).decide(game, decision)`` answers one decision of its seat with one of
``game.legal_actions()``. It reads the game only through ``SeatView`` (its own hand and role,
public facts), so it decides the same on its own seat's engine as on the all-seeing engine
of a solo game. The rules it follows are in ``turn.py`` (the play phase) and
``responses.py`` (everything else); whom it treats as a foe is ``allegiance.py``.

What it remembers between calls is public: who attacked whom (``memory.Grudges``). A host
that calls ``observe(events)`` after every applied input gives it the whole table's attacks;
without that it still learns who shot or challenged it from its own response windows.

The seeded ``random.Random`` only breaks ties between equally good actions, so a game with
the same seeds and the same deal is played the same way every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from p2pbang.bots import dodge_city, evaluate, events, gold_rush, responses, roles
from p2pbang.bots.allegiance import Allegiance
from p2pbang.bots.context import Context
from p2pbang.bots.memory import Grudges
from p2pbang.bots.search_facts import SearchFacts
from p2pbang.bots.turn import choose_play
from p2pbang.bots.view import SeatView
from p2pbang.engine.actions import (
    ANY_TIME,
    BRAWL_PICK,
    COPY_PICK,
    DISCARD,
    DISCARD_PICK,
    DRAW_SOURCE,
    DYING,
    EQUIPMENT_USE,
    PICK_CHECK,
    PICK_IN_PLAY,
    PLAY,
    PUT_BACK,
    RESPOND_DUEL,
    RESPOND_INDIANS,
    RESPOND_SHOT,
    SHARE_PICK,
    STORE_PICK,
    TARGET_PICK,
    Action,
    Decision,
    Event,
    Pass,
)

_CHOOSERS: dict[str, Callable[[Context], Action]] = {
    PLAY: gold_rush.with_gold(choose_play),
    RESPOND_SHOT: responses.respond_shot,
    RESPOND_INDIANS: responses.respond_indians,
    RESPOND_DUEL: responses.respond_duel,
    DYING: gold_rush.with_rucksack(responses.dying),
    ANY_TIME: responses.any_time,
    DISCARD: responses.discard,
    DRAW_SOURCE: responses.draw_source,
    PUT_BACK: responses.put_back,
    PICK_CHECK: responses.pick_check,
    STORE_PICK: responses.store_pick,
    BRAWL_PICK: dodge_city.brawl_pick,
    SHARE_PICK: dodge_city.share_pick,
    PICK_IN_PLAY: dodge_city.pick_in_play,
    COPY_PICK: dodge_city.copy_pick,
    TARGET_PICK: dodge_city.target_pick,
    DISCARD_PICK: gold_rush.discard_pick,
    EQUIPMENT_USE: gold_rush.equipment_use,
    **events.CHOOSERS,
}


class SensibleBot:
    """A computer player for one seat: plays its role with simple, readable heuristics.
    ``SEARCH``: what the strong bot needs to know of the card game (a playout of about two
    turns, the fitted role models, attacks on the Sheriff as evidence)."""

    SEARCH = SearchFacts(horizon=60, value=evaluate.card_value, sample=evaluate.card_sample,
                         role_evidence=roles.attacks_on_sheriff, role_factors=roles.CARD_GAME,
                         policy="p2pbang.bots.bang_expert:BangExpert")

    # What ``decide`` builds and asks: a policy built on this one (``bang_expert.py``) swaps
    # the seat's reading of the table, the decision's context and some of the choosers.
    ALLEGIANCE: type[Allegiance] = Allegiance
    CONTEXT: type[Context] = Context
    CHOOSERS: dict[str, Callable[[Context], Action]] = _CHOOSERS

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(seed)
        self._grudges = Grudges()
        # Times a rule proposed an action that is not legal and the bot fell back to a legal
        # one: always 0 unless a rule is wrong (the tests hold it to 0).
        self.fallbacks = 0

    def observe(self, events: Iterable[Event]) -> None:
        """Tell the bot what happened at the table (the events of an applied input). Only the
        public part is read: who played a card at whom."""
        self._grudges.record_events(events)

    def decide(self, game: Any, decision: Decision) -> Action:
        legal = game.legal_actions()
        view = SeatView(game, decision.seat)
        self._grudges.record_decision(decision, view.turn, view.bangs_played, view.current)
        chooser = self.CHOOSERS.get(decision.kind)
        if chooser is None:  # a decision of an expansion this bot does not know yet
            return Pass() if Pass() in legal else legal[0]
        side = self.ALLEGIANCE(view, self._grudges, gold_rush.side_role(view))
        ctx = self.CONTEXT(view, side, decision, legal, self._rng)
        action = events.before_rules(ctx) or chooser(ctx)
        if action in legal:
            return action
        self.fallbacks += 1
        return Pass() if Pass() in legal else legal[0]
