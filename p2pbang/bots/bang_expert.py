"""The card game's expert policy: the strong level's own moves (its default answer and its own
seat's rollouts), while the other seats stay modelled by the sensible bot.

Why a second policy and not a better ``SensibleBot``: the sensible bot is the sensible level
and the baseline every benchmark compares with, so it stays as it is. This one reads the
same things (its own hand and role, the public table, the public attacks ``memory.Grudges``
keeps; never a hidden role or card) and fixes what the sensible bot gets wrong, each change
measured against it (docs/benchmarks.md, "The card game's expert policy"):

- Whom to hurt. The sensible Sheriff and Deputy treat every player whose role they do not
  know as a probable foe, so they shoot, jail and rob their own side. Here each hidden role
  is weighed by the public evidence (attacks on the Sheriff: an Outlaw's habit; attacks on
  the Sheriff's attackers: a Deputy's) and a seat is hurt only when the expected worth of
  hurting it is above zero: a lawman holds his fire until a player shows himself, an
  Outlaw spares the players who may be fellow Outlaws (the Sheriff stays his first target).
- A Beer is kept for the dying window (it heals the same life there, and only when it is
  needed), unless the life is 2 or less or the card would be discarded at the hand limit.
- A BANG! goes to the foe it most likely finishes: one life left and no Barrel first.
- An Outlaw with a BANG! in hand and a life to spare challenges the Sheriff to a Duel.
- The Sheriff and his Deputies never light a Dynamite (it may well reach the Sheriff); an
  Outlaw lights his at 3 life or more, surplus cards or not (it goes round the table, and
  three lives lost by the Sheriff may end the game).
- What to keep at the hand limit follows the role: lawmen keep Missed! and Beer, an Outlaw
  keeps BANG! and Duel.

The Renegade plays as the sensible bot, every rule (his expert rules lost to the sensible
ones on fresh deals), and Dodge City's three-player table keeps the sensible bot's targets
(docs/benchmarks.md).
"""

from __future__ import annotations

from typing import Any

from p2pbang.bots import gold_rush, turn
from p2pbang.bots.allegiance import NEVER, TOP, Allegiance
from p2pbang.bots.cards import keep_value
from p2pbang.bots.context import Context
from p2pbang.bots.sensible import _CHOOSERS, SensibleBot
from p2pbang.bots.view import SeatView
from p2pbang.engine.actions import NO_SEAT, PLAY, Action, Decision, Play
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE, SHERIFF

# How likely each hidden role makes one piece of public evidence: an attack on the Sheriff
# (an Outlaw's habit; roles.py weighs the search's samples alike), an attack on one of the
# Sheriff's attackers (a Deputy's).
ATTACK_SHERIFF = {OUTLAW: 1.0, RENEGADE: 0.15, DEPUTY: 0.05}
DEFEND_SHERIFF = {OUTLAW: 0.2, RENEGADE: 0.5, DEPUTY: 1.0}
# What hurting a player of each role is worth to me, by my role. A teammate costs more than
# a foe gains: a wounded teammate fights for me no longer, and a Sheriff who kills his
# Deputy loses his whole hand.
WORTH = {
    SHERIFF: {OUTLAW: 1.0, RENEGADE: 0.5, DEPUTY: -2.5},
    DEPUTY: {OUTLAW: 1.0, RENEGADE: 0.5, DEPUTY: -2.5},
    OUTLAW: {OUTLAW: -2.0, RENEGADE: 0.5, DEPUTY: 1.0},
}
ON_ME = 0.5  # per attack on me: whoever attacks me is likelier a foe, and may stop
# Keep values added by role at the hand limit, General Store and put-backs.
KEEP_BONUS = {SHERIFF: {"missed": 1.0, "beer": 1.0}, DEPUTY: {"missed": 0.5, "beer": 0.5},
              OUTLAW: {"bang": 1.0, "duel": 0.5}}
BEER_AT_LIFE = 2  # drink in the play phase at this life or below (else keep it for dying)
KILL_BONUS = 0.6  # a shot at a foe with one life left (half that when he has a Barrel)
BARREL_MALUS = 0.25
OUTLAW_DYNAMITE_LIFE = 3  # an Outlaw lights a Dynamite at this life or more
HAND_MALUS = 0.05  # per card of the target's hand (a Missed! may hide there)


class ExpertAllegiance(Allegiance):
    """Enemy scores from the expected worth of hurting each seat over the roles it may
    hold, weighed by its public record; the Sheriff's own score and the Renegade's and the
    three-player table's stay the sensible bot's."""

    def _enemy(self, seat: int) -> float:
        view = self.view
        if self.role not in WORTH or view.personal_target() is not None:
            return super()._enemy(seat)
        if seat == view.sheriff:
            return TOP if self.role == OUTLAW else NEVER
        worth = WORTH[self.role]
        role = view.role(seat)
        if role is not None:
            base = worth.get(role, 0.0)
        else:
            base = sum(odds * worth.get(r, 0.0) for r, odds in self.role_odds(seat).items())
        return base + ON_ME * self.grudges.attacks(seat, view.me)

    def role_odds(self, seat: int) -> dict[str, float]:
        """The chance of each role still hidden for ``seat``: the hidden role cards (the
        role deck less every role this seat may see) times the likelihood of its record."""
        view, grudges = self.view, self.grudges
        hidden = view.role_counts()
        for other in range(view.seat_count):
            known = view.role(other)
            if known is not None:
                hidden[known] -= 1
        sheriff = view.sheriff
        attacks = grudges.attacks(seat, sheriff)
        defends = sum(grudges.attacks(seat, victim) for victim in grudges.victims(seat)
                      if victim != sheriff and grudges.attacks(victim, sheriff) > 0)
        weights = {role: max(count, 0) * ATTACK_SHERIFF.get(role, 1.0) ** attacks
                   * DEFEND_SHERIFF.get(role, 1.0) ** defends
                   for role, count in hidden.items() if role != SHERIFF}
        total = sum(weights.values())
        if total <= 0:
            return {}
        return {role: weight / total for role, weight in weights.items()}


class ExpertContext(Context):
    """A decision's context whose keep values lean on the seat's role (``KEEP_BONUS``)."""

    def value(self, name: str) -> float:
        bonus = KEEP_BONUS.get(self.side.role, {}).get(name, 0.0)
        return keep_value(self.view, name, self.names) + bonus


# ---------------------------------------------------------------------- play-phase rules


def _heal(ctx: Context) -> Action | None:
    """Beer in the play phase only when low, or when the hand limit would cost a card
    anyway; otherwise it waits for the dying window. Saloon as the sensible bot plays it."""
    view, me = ctx.view, ctx.me
    life = view.life(me)
    if len(view.alive()) > 2 and life < view.max_life(me):
        beers = ctx.plays("beer")
        if beers and (life <= BEER_AT_LIFE or len(ctx.hand) > life):
            return beers[0]
    saloons = ctx.plays("saloon")
    if saloons and turn._gift_value(ctx, hurt_only=True) > 0:
        return saloons[0]
    return None


def _shot_score(ctx: Context, action: Play) -> tuple[float, int]:
    """How good a shot at ``action.target`` is: my enemy score, more when it likely kills,
    less against a Barrel or a big hand (ties: the one closest to death)."""
    view = ctx.view
    seat = action.target
    life = view.life(seat)
    barrel = "barrel" in view.in_play_names(seat)
    score = ctx.side.enemy(seat) - HAND_MALUS * view.hand_size(seat)
    if life == 1:
        score += KILL_BONUS / 2 if barrel else KILL_BONUS
    if barrel:
        score -= BARREL_MALUS
    return (score, -life)


def _shoot(ctx: Context) -> Action | None:
    """BANG! (Calamity Janet: a Missed! only without one) at the foe it most likely
    finishes."""
    for name in ("bang", "missed"):
        shots = [a for a in ctx.plays(name)
                 if a.target != NO_SEAT and ctx.side.enemy(a.target) > 0]
        if shots:
            return ctx.pick(shots, lambda a: _shot_score(ctx, a))
    return None


def _duel(ctx: Context) -> Action | None:
    """An Outlaw with a BANG! to answer and a life to spare challenges the Sheriff (every
    life the Sheriff loses counts); otherwise the sensible bot's rule."""
    view = ctx.view
    if ctx.side.role == OUTLAW and view.life(ctx.me) >= 2 and turn._bang_count(ctx) >= 1:
        on_sheriff = [a for a in ctx.plays("duel") if a.target == view.sheriff]
        if on_sheriff:
            return on_sheriff[0]
    return turn._duel(ctx)


def _overflow(ctx: Context) -> Action | None:
    """An Outlaw's Dynamite as soon as he can stand it (the sensible bot lights one only with
    surplus cards, at 4 life); else the sensible bot's use of surplus cards, without a
    lawman's Dynamite."""
    if ctx.side.role == OUTLAW and ctx.view.life(ctx.me) >= OUTLAW_DYNAMITE_LIFE:
        dynamite = ctx.plays("dynamite")
        if dynamite:
            return dynamite[0]
    action = turn._overflow(ctx)
    if (ctx.side.role in (SHERIFF, DEPUTY) and type(action) is Play
            and ctx.view.card_name(action.card) == "dynamite"):
        return None
    return action


_REPLACED = {turn._heal: _heal, turn._shoot: _shoot, turn._duel: _duel,
             turn._overflow: _overflow}
_RULES = tuple(_REPLACED.get(rule, rule) for rule in turn._RULES)


def choose_play(ctx: Context) -> Action:
    """The sensible bot's first-rule-that-fires list with the rules above in its place."""
    return turn.first_rule(ctx, _RULES)


_EXPERT_CHOOSERS = {**_CHOOSERS, PLAY: gold_rush.with_gold(choose_play)}


class BangExpert(SensibleBot):
    """The strong level's card-game policy; ``seed`` only breaks ties (as the sensible
    bot's). Its memory, ``observe`` and ``decide`` are the sensible bot's, reading the table
    with ``ExpertAllegiance``, the cards with ``ExpertContext`` and playing by the rules
    above; a Renegade (not a shadow playing for a side) reads and plays as the sensible
    bot."""

    ALLEGIANCE = ExpertAllegiance
    CONTEXT = ExpertContext
    CHOOSERS = _EXPERT_CHOOSERS

    def decide(self, game: Any, decision: Decision) -> Action:
        view = SeatView(game, decision.seat)
        sensible = view.my_role == RENEGADE and gold_rush.side_role(view) is None
        owner = SensibleBot if sensible else type(self)
        # Set on the instance: ``SensibleBot.decide`` reads them through ``self``.
        self.ALLEGIANCE, self.CONTEXT, self.CHOOSERS = (owner.ALLEGIANCE, owner.CONTEXT,
                                                        owner.CHOOSERS)
        return super().decide(game, decision)
