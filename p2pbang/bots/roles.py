"""How likely a hidden role is, given what its seat was seen to do: weights for the sampler.

Why: the search samples whole worlds (``determinize.py``). Drawn uniformly, a seat that has
shot the Sheriff three times is as often a Deputy as an Outlaw in the samples, and the
rollouts then play it as a Deputy: the search plans against a table that cannot be the real
one. The other seats are the sensible bots (or people), and the sensible bot of a Deputy
never attacks the Sheriff, nor does a Renegade before the end (``allegiance.py``): an attack
on the Sheriff is strong evidence. So each hidden role card is drawn for a seat in
proportion to the likelihood of that seat's public attacks on the Sheriff under each role,
one seat after another in the deal's order (a sequential approximation of the posterior:
each seat's draw weighs its own evidence against the roles still in the pool).

Evidence read: the card game's "play" events aimed at the Sheriff (public, collected by
``SeatKnowledge``); the Dice Game's public tally of life taken (``damage``), which Gatlings
and forced shots blur, hence the milder factors there. Nothing hidden is read: both come
from the seat's own engine.
"""

from __future__ import annotations

from collections import Counter

from p2pbang.bots.determinize import RoleWeight, SeatKnowledge
from p2pbang.bots.search_facts import SearchFacts
from p2pbang.engine.actions import NO_SEAT
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, RENEGADE, ROLE_CARDS

# Per attack on the Sheriff: the likelihood factor of each role (an Outlaw's is 1).
CARD_GAME = {OUTLAW: 1.0, RENEGADE: 0.15, DEPUTY: 0.05}
DICE_GAME = {OUTLAW: 1.0, RENEGADE: 0.6, DEPUTY: 0.35}
FLOOR = 1e-6  # no role is ever ruled out: a person may play against type


def _sheriff(knowledge: SeatKnowledge) -> int | None:
    sheriff = getattr(knowledge.view, "sheriff", NO_SEAT)
    return None if sheriff in (NO_SEAT, None) else sheriff


def attacks_on_sheriff(knowledge: SeatKnowledge) -> Counter[int]:
    """The card game's evidence: per seat, its "play" events aimed at the Sheriff (an empty
    count: no Sheriff)."""
    sheriff = _sheriff(knowledge)
    counts: Counter[int] = Counter()
    if sheriff is None:
        return counts
    for event in knowledge.attacks:
        if event.target == sheriff and event.seat != sheriff:
            counts[event.seat] += 1
    return counts


def damage_to_sheriff(knowledge: SeatKnowledge) -> Counter[int]:
    """The Dice Game's evidence: per seat, the life it took from the Sheriff (the public
    tally ``damage``)."""
    sheriff = _sheriff(knowledge)
    counts: Counter[int] = Counter()
    if sheriff is None:
        return counts
    damage = getattr(knowledge.view, "damage", None) or {}
    for (source, target), amount in damage.items():
        if target == sheriff and source != sheriff:
            counts[source] += amount
    return counts


def role_weight(knowledge: SeatKnowledge, facts: SearchFacts) -> RoleWeight | None:
    """The weight of role card ``role`` for ``seat``; None when there is no evidence (the
    draw is then uniform) or the game (``facts``: its bot's ``SEARCH``) has no hidden
    roles."""
    factors = facts.role_factors
    if factors is None or facts.role_evidence is None:
        return None
    counts = facts.role_evidence(knowledge)
    if not counts:
        return None

    def weight(seat: int, role: int) -> float:
        attacks = counts.get(seat, 0)
        if not attacks or not 0 <= role < len(ROLE_CARDS):
            return 1.0
        return max(factors.get(ROLE_CARDS[role], 1.0) ** attacks, FLOOR)

    return weight
