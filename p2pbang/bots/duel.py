"""A sensible bot for The Duel.

It decides from its own seat's engine: its own hand (which that engine knows), the public
table (characters, life, equipment, hand sizes) and the legal actions. It never looks at
the opponent's hand. Choices are scored by simple rules of thumb: dodge when shot, shoot
the weakest reachable enemy, keep the healthier character in front, equip the rearguard
with helpful gear and the enemy's active character with harmful gear.
"""

from __future__ import annotations

import random
from typing import Any

from p2pbang.bots import evaluate
from p2pbang.bots.search_facts import SearchFacts
from p2pbang.engine.actions import FROM_HAND, Choose, Decision, Discard, Pass, Play
from p2pbang.engine.duel.actions import (
    ACTIVE,
    AS_COLT,
    BUFFALO,
    BULL,
    CARBINE,
    PLAY,
    RESPOND_DUEL,
    RESPOND_HIT,
    RESPOND_INDIANS,
    SHOTGUN,
    SLIM_POET,
    STORE_PICK,
    USE_BARREL,
    USE_HAT,
    USE_SID,
    MoveToken,
    Reload,
    UseAbility,
)
from p2pbang.engine.duel.catalog import BANG, DODGE_CARDS, DUEL_CARDS, HIT_CARDS
from p2pbang.engine.duel.game import DuelGame

HELPFUL_GEAR = frozenset({"bank", "gunbelt", "barrel", "hat", "sniper", "pocket_watch"})
HARMFUL_GEAR = frozenset({"rattlesnake", "panic"})
# How much a card is worth keeping: dodges and hits first, the rest after.
_KEEP = {"missed": 9, "counter": 9, "beer": 6, "barrel": 7, "hat": 6, "stagecoach": 5,
         "general_store": 5, "gatling": 7, "indians": 5, "duel": 4, "steal": 5}


def keep_value(card: int) -> int:
    name = DUEL_CARDS[card].name
    if name in _KEEP:
        return _KEEP[name]
    return 8 if name in HIT_CARDS else 3


class DuelBot:
    """Rule-of-thumb player; ``seed`` only breaks ties. ``SEARCH``: what the strong bot
    needs to know of The Duel (a playout of about two turns, the fitted side model, no
    hidden roles; its challengers are its own policy's runners-up, ``rank``; its own policy
    is ``DuelExpert``, ``duel_expert.py``, this bot the opponent's model)."""

    SEARCH = SearchFacts(horizon=60, value=evaluate.duel_value, sample=evaluate.duel_sample,
                         policy="p2pbang.bots.duel_expert:DuelExpert")

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(f"duel-bot/{seed}")

    def decide(self, game: DuelGame, decision: Decision) -> Any:
        legal = game.legal_actions()
        kind = decision.kind
        if kind == PLAY:
            return self._play(game, decision.seat, legal)
        if kind == RESPOND_HIT:
            return self._dodge(legal)
        if kind in (RESPOND_DUEL, RESPOND_INDIANS):
            discards = [a for a in legal if isinstance(a, Discard)]
            return min(discards, key=lambda a: keep_value(a.card)) if discards else Pass()
        if kind in (BUFFALO, SLIM_POET):
            if kind == BUFFALO:
                bell = [f for f in game.sides[decision.seat].figures if f.name == "buffalo_bell"]
                return Choose(1) if bell and bell[0].life > 2 else Pass()
            return Choose(1)
        if kind == CARBINE:
            enemy = game.figure(1 - decision.seat, ACTIVE).table
            picks = [a for a in legal if isinstance(a, Choose) and a.value in enemy]
            return picks[0] if picks else Pass()
        if kind == SHOTGUN:
            return Pass()
        if kind == BULL:
            return next((a for a in legal if isinstance(a, Choose)), Pass())
        if kind == STORE_PICK:
            return max(legal, key=lambda a: keep_value(game.known[a.value]))
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:  # hand limit, Stagecoach, Peacemaker, Tex Killer: lose the least useful
            return min(discards, key=lambda a: keep_value(a.card))
        return self._rng.choice(legal)

    def rank(self, game: DuelGame, decision: Decision, legal: list[Any]) -> list[Any] | None:
        """The play phase's legal actions, best first by this bot's scores (the strong bot
        tries the runners-up); None for other decisions (no ranking to offer)."""
        if decision.kind != PLAY:
            return None
        scores = {id(a): self._score(game, decision.seat, a) for a in legal}
        return sorted(legal, key=lambda a: -scores[id(a)])

    def _dodge(self, legal: list[Any]) -> Any:
        for option in (USE_SID, USE_BARREL):
            if Choose(option) in legal:
                return Choose(option)
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return max(plays, key=lambda a: DUEL_CARDS[a.card].name == "counter")
        if Choose(USE_HAT) in legal:
            return Choose(USE_HAT)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return min(discards, key=lambda a: keep_value(a.card))
        return Pass()

    def _play(self, game: DuelGame, seat: int, legal: list[Any]) -> Any:
        scored = [(self._score(game, seat, a), self._rng.random(), i)
                  for i, a in enumerate(legal)]
        best = max(scored)
        return legal[best[2]] if best[0] > 0 else Pass()

    def _score(self, game: DuelGame, seat: int, action: Any) -> float:
        opp = 1 - seat
        me = game.sides[seat]
        if isinstance(action, Pass):
            return 0
        if isinstance(action, MoveToken):
            active, rear = game.figure(seat, ACTIVE), game.figure(seat, 1)
            return 6 if active.life <= 2 < rear.life else -1
        if isinstance(action, UseAbility):
            if action.character == "sundance_kid":
                return 1 if keep_value(action.cards[0]) <= 3 else -1
            return 5
        if isinstance(action, Reload):
            return 2 if DUEL_CARDS[action.card].name in ("canteen", "panic") else -1
        if not isinstance(action, Play):
            return -1
        name = DUEL_CARDS[action.card].name
        if action.target_slot == AS_COLT:
            return 5 if name not in DODGE_CARDS and keep_value(action.card) < 8 else -1
        target_side = action.target // 2 if action.target >= 0 else seat
        if DUEL_CARDS[action.card].kind == BANG or name in ("knife", "derringer"):
            if target_side != opp:
                return -1
            return 10 - game.figure_at(action.target).life
        if name in HELPFUL_GEAR:
            return 7 if target_side == seat else -1
        if name in HARMFUL_GEAR:
            return 6 if target_side == opp else -1
        if name == "dynamite":
            return 4
        if name == "beer":
            return 8 if any(f.life < f.max_life for f in me.figures) else -1
        if name == "inn":
            fig = game.figure_at(action.target)
            gain = 3 - fig.life
            return 8 if (gain > 0) == (target_side == seat) and gain != 0 else -1
        if name in ("stagecoach", "general_store", "gatling"):
            return 9
        if name == "indians":
            return 7
        if name == "duel":
            hits = sum(DUEL_CARDS[game.known[s]].name in HIT_CARDS for s in me.hand)
            return 5 if hits >= 2 else -1
        if name == "steal":
            if action.target_slot == FROM_HAND:
                return 6
            owner = game.figure_at(action.target).side
            return 5 if owner == opp else -1
        if name == "teacher":
            owner = game.figure_at(action.target).side
            return 5 if owner == opp else -1
        if name == "canteen":
            if target_side != seat:
                return -1
            active, rear = game.figure(seat, ACTIVE), game.figure(seat, 1)
            return 5 if active.life <= 2 < rear.life else -1
        return -1
