"""The sensible dice bot: keeps the dice its role can use and shoots whom it takes for a foe.

``DiceBot(seed).decide(game, decision)`` answers one decision of its seat with one of
``game.legal_actions()``. It reads only what its own seat's engine knows: its own role, the
roles turned face up (the Sheriff, the dead, everyone at three players), life, arrows, the
dice, and the public tally of who took life from whom (``game.damage``), from which it
guesses who stands on which side. The seeded ``random.Random`` only breaks ties, so the same
seeds play the same game.
"""

from __future__ import annotations

import random
from typing import Any

from p2pbang.bots import evaluate, roles
from p2pbang.bots.search_facts import SearchFacts
from p2pbang.engine.actions import Choose, Decision, Pass
from p2pbang.engine.dice.actions import (
    APACHE_TAKE,
    BART_ARROW,
    BEER_TARGET,
    BROKEN_ARROW_TARGET,
    CHIEF_ARROW,
    ELENA_GIVE,
    KIT_ARROW,
    MOLLY_PICK,
    MOLLY_TAKE,
    PEDRO_ARROW,
    REROLL,
    SALOON_DIE,
    SHOOT,
    SID_HEAL,
    SKIP,
    SLAB_DOUBLE,
    Reroll,
)
from p2pbang.engine.dice.faces import (
    BASE_DIE,
    BEER,
    BULLET,
    BULLS_EYE_1,
    BULLS_EYE_2,
    COWARD,
    DEPUTY,
    DYNAMITE,
    GATLING,
    LOUDMOUTH,
    OUTLAW,
    RENEGADE,
    SHERIFF,
    THREE_PLAYER_TARGET,
    count,
    symbol,
)

FOE, ALLY = 1.0, -1.0


def reroll_neighbours(default: Any, legal: list[Any]) -> list[Any]:
    """The rerolls one die away from the sensible ``default`` (one die kept or rolled
    otherwise): a reroll has up to 31 choices, most of them far from sensible, and a better
    one most likely lies next to the sensible one. Empty for any other decision."""
    others = [a for a in legal if a != default]
    if not (isinstance(default, (Reroll, Pass)) and any(isinstance(a, Reroll) for a in others)):
        return []
    rolled = set(default.dice) if isinstance(default, Reroll) else set()
    near = []
    dice_count = 1 + max(die for a in legal if isinstance(a, Reroll) for die in a.dice)
    for die in range(dice_count):
        dice = tuple(sorted(rolled ^ {die}))
        action = Reroll(dice) if dice else Pass()
        if action in others:
            near.append(action)
    return near


class DiceBot:
    """The Dice Game's sensible bot (its fact sheet names it), and what the strong bot needs
    to know of the game (``SEARCH``: a playout of about two turns, the fitted role models,
    the life taken from the Sheriff as evidence, a reroll's neighbours as challengers when
    the policy ranks none (``DiceExpert.rank`` does), the strong seat's own policy,
    ``DiceExpert``, and a lower bar for leaving its answer: the rollouts model the other
    seats well and a world is cheap: one standard error, the departures it adds right more
    often than wrong in playouts of the true deal, docs/benchmarks.md, "The Dice Game's
    strong bot, second pass" and "third pass")."""

    SEARCH = SearchFacts(horizon=30, value=evaluate.dice_value, sample=evaluate.dice_sample,
                         role_evidence=roles.damage_to_sheriff, role_factors=roles.DICE_GAME,
                         neighbours=reroll_neighbours,
                         policy="p2pbang.bots.dice_expert:DiceExpert",
                         min_rounds=4, confidence=1.0)

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(seed)

    def decide(self, game: Any, decision: Decision) -> Any:
        seat = decision.seat
        kind = decision.kind
        if kind == REROLL:
            return self._reroll(game, seat, decision)
        options = decision.options
        if kind == SHOOT:
            return Choose(self._best(options, lambda s: self.hostility(game, seat, s)
                                     + 0.1 * (10 - game.players[s].life)))
        if kind in (BEER_TARGET, SID_HEAL):
            return Choose(self._heal_target(game, seat, options))
        if kind == SLAB_DOUBLE:
            return Choose(1 if self.hostility(game, seat, decision.source) > 0 else 0)
        if kind == BART_ARROW:
            me = game.players[seat]
            return Choose(1 if game.arrows > 3 or me.life <= 2 else 0)
        if kind == PEDRO_ARROW:
            return Choose(1)
        if kind == SALOON_DIE:
            return Choose(self._saloon_die(game, seat))
        if kind == CHIEF_ARROW:
            # Worth two at the attack: only worth holding while it can win the "most arrows".
            me = game.players[seat]
            most = max(game.players[s].arrows for s in game.alive_seats())
            return Choose(1 if me.arrows + 2 > most and me.life > 4 else 0)
        if kind == APACHE_TAKE:
            return Choose(1 if self.hostility(game, seat, decision.source) > 0 else 0)
        if kind == ELENA_GIVE:
            return Choose(self._best(options, lambda s: self.hostility(game, seat, s)))
        if kind == BROKEN_ARROW_TARGET:
            return Choose(self._best(options, lambda s: -self.hostility(game, seat, s)))
        if kind == MOLLY_TAKE:
            me = game.players[seat]
            return Choose(1 if self.hostility(game, seat, decision.source) < 0
                          and me.life > 3 else 0)
        if kind == MOLLY_PICK:  # the loss of my closest ally, while I can spare the life
            me = game.players[seat]
            seats = tuple(s for s in options if s != SKIP)
            ally = self._best(seats, lambda s: -self.hostility(game, seat, s))
            return Choose(ally if me.life > 3 and self.hostility(game, seat, ally) < 0
                          else SKIP)
        if kind == KIT_ARROW:
            return Choose(self._best(options, lambda s: -1.0 if s == SKIP else
                                     -self.hostility(game, seat, s) + (s == seat)))
        return self._rng.choice(game.legal_actions())

    # ------------------------------------------------------------------ whom to hurt

    def hostility(self, game: Any, me: int, other: int) -> float:
        """Above 0: a foe; below 0: an ally; 0: no idea. Roles face up are certain, the rest is
        guessed from who took life from whom."""
        if other == me:
            return ALLY * 10
        mine = game.players[me].role
        theirs = game.players[other].role if game.players[other].role_public else None
        alive = game.alive_seats()
        if game.n == 3:
            return FOE * (3 if THREE_PLAYER_TARGET[mine] == theirs else 1)
        sheriff = game.sheriff
        hit_sheriff = game.damage[other, sheriff] - game.damage[sheriff, other]
        if mine == SHERIFF:
            return FOE * (1 + game.damage[other, me])
        if mine == DEPUTY:
            if other == sheriff:
                return ALLY * 10
            return FOE * 0.5 + hit_sheriff
        if mine == OUTLAW:
            if other == sheriff:
                return FOE * 5
            return FOE * 0.2 - hit_sheriff + 0.5 * game.damage[other, me]
        if mine == RENEGADE:
            if other == sheriff:
                return FOE * 3 if len(alive) == 2 else ALLY * 0.5
            return FOE + 0.5 * game.damage[other, me]
        return FOE if theirs is None else FOE * 0.5

    def _heal_target(self, game: Any, me: int, options: tuple[int, ...]) -> int:
        def score(s: int) -> float:
            p = game.players[s]
            missing = p.max_life - p.life
            if missing == 0:
                return 0.0
            return -self.hostility(game, me, s) * (1 + 1 / max(p.life, 1))
        return self._best(options, score)

    def _best(self, options: tuple[int, ...], score) -> int:
        ranked = [(score(o), self._rng.random(), o) for o in options]
        return max(ranked)[2]

    # ------------------------------------------------------------------ which dice to keep

    def _saloon_die(self, game: Any, me: int) -> int:
        """The Coward when hurt, the Loudmouth when healthy enough to risk its Bullet."""
        player = game.players[me]
        if player.life <= player.max_life // 2:
            return COWARD
        if player.life > 4:
            return LOUDMOUTH
        return BASE_DIE

    def _reroll(self, game: Any, me: int, decision: Decision) -> Any:
        faces = decision.options
        player = game.players[me]
        dynamites = count(faces, DYNAMITE)
        if dynamites == 2 and player.life <= 3:
            return Pass()  # a third Dynamite could kill
        gatling_need = 2 if player.character == "willy_the_kid" else 3
        gatlings = count(faces, GATLING)
        foes_in_reach = {face: any(self.hostility(game, me, s) > 0
                                   for s in game.shoot_options(me, face))
                         for face in (BULLS_EYE_1, BULLS_EYE_2)}
        someone_hurt = any(game.players[s].life < game.players[s].max_life
                           and self.hostility(game, me, s) < 0 for s in game.alive_seats())
        reroll = []
        for index, code in enumerate(faces):
            face = symbol(code)
            keep = (
                face in (DYNAMITE, BULLET)  # a Bullet is paid already; rerolling risks another
                or (face in foes_in_reach and foes_in_reach[face])
                or (face == BEER and someone_hurt)
                or (face == GATLING and gatlings >= gatling_need - 1)
            )
            if not keep:  # kept Arrows do nothing: roll them for something better
                reroll.append(index)
        action = Reroll(tuple(reroll))
        legal = game.legal_actions()
        return action if reroll and action in legal else Pass()
