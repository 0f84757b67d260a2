"""Old Saloon, the Dice Game's expansion (its rules: ``docs/rules/old-saloon.md``), as hooks of
the seam ``engine/dice/expansion.py``.

What it adds: eight characters; the Loudmouth and Coward dice, one of which a player may
roll in place of a base die (Jose Delgado and Tequila Joe: as a sixth die); their Bullets
(a life lost by the roller) and Broken Arrows (an arrow returned by anyone); the Indian
Chief's Arrow, which takes the place of one of the nine tokens, is taken instead of an arrow
when chosen or when no arrow is left, and counts two at the attack; and Molly Stark, who may
take hits in the hurt players' place. The Chief's Arrow's holder is ``game.chief`` (the
Indians and the elimination drop it with the arrows; Apache Kid takes it); the other
characters' abilities are read by name where they act, as the base characters' are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from p2pbang.engine.actions import NO_SEAT
from p2pbang.engine.dice.actions import (
    BROKEN_ARROW_TARGET,
    CHIEF_ARROW,
    MOLLY_PICK,
    MOLLY_TAKE,
    SALOON_DIE,
    SKIP,
)
from p2pbang.engine.dice.expansion import DiceExpansion, Step
from p2pbang.engine.dice.faces import (
    BASE_DIE,
    BROKEN_ARROW,
    BULLET,
    BULLET_HIT,
    COWARD,
    EXTRA_DIE,
    LOUDMOUTH,
    SALOON_CHARACTERS,
    SHOT,
    count,
)
from p2pbang.engine.fastvalues import decision

if TYPE_CHECKING:
    from p2pbang.engine.dice.game import DiceGame
    from p2pbang.engine.dice.state import DicePlayer

OLD_SALOON = "old-saloon"
_DIE_CHOICES = (BASE_DIE, LOUDMOUTH, COWARD)
_YES_NO = (0, 1)


def choose_dice(game: DiceGame, seat: int, player: DicePlayer) -> Step:
    """Before rolling: no Saloon die, the Loudmouth or the Coward, in place of a base die
    (Jose Delgado's Loudmouth and Tequila Joe's Coward: a sixth die)."""
    pick = (yield decision(seat, SALOON_DIE, _DIE_CHOICES, NO_SEAT, 0)).value
    if pick != BASE_DIE and EXTRA_DIE.get(player.character) == pick:
        game.kinds.append(pick)
    elif pick != BASE_DIE:
        game.kinds[-1] = pick


def after_roll(game: DiceGame, seat: int, rolled: list[int]) -> Step:
    """Broken Arrows return arrows (never the Chief's); Bullets cost the roller a life."""
    players = game.players
    for _ in range(count(rolled, BROKEN_ARROW)):
        holders = tuple(s for s in sorted(game._ring) if players[s].arrows)
        if not holders or not players[seat].alive:
            break
        target = (yield from game._decide(seat, BROKEN_ARROW_TARGET, holders)).value
        players[target].arrows -= 1
        game.arrows += 1
        game._event("arrow_discarded", target, seat)
    for _ in range(count(rolled, BULLET)):
        if not players[seat].alive:
            return
        game._event("bullet", seat)
        yield from game._hurt([(seat, 1)], NO_SEAT, BULLET_HIT)


def take_chief(game: DiceGame, seat: int) -> Step:
    """The Chief's Arrow, while in the middle, instead of an arrow: when the player wants
    it, or when it is all that is left. One token taken, worth two arrows at the attack."""
    if game.arrows == 0 or (yield decision(seat, CHIEF_ARROW, _YES_NO, NO_SEAT, 0)).value == 1:
        game.chief = seat
        game._event("chief_arrow", seat)
        return True
    return False


def molly_takes(game: DiceGame, hits: list[tuple[int, int]], source: int,
                why: str) -> Step | None:
    """Molly Stark, if she plays, may take some of these simultaneous hits (``None``: she
    does not play, or is out)."""
    players = game.players
    molly = next((s for s in game._ring if players[s].character == "molly_stark"), NO_SEAT)
    return None if molly == NO_SEAT else _molly_picks(game, molly, hits, source, why)


def _molly_picks(game: DiceGame, molly: int, hits: list[tuple[int, int]], source: int,
                 why: str) -> Step:
    """Molly Stark and which of the hits she takes in the hurt player's place (their
    indices). She may never choose to lose more life than she has
    [F], so a hit above what is left of her life is not offered. One hit she could take: a
    yes/no (``dice_molly``); several (a Gatling, the Indians, two Bull's Eyes): one question
    for all (``dice_molly_pick``: a hurt seat, or SKIP), asked again after each one she
    takes, never once per victim."""
    players = game.players
    costs = []  # (index, seat, life it costs): the hits she could take
    for index, (target, amount) in enumerate(hits):
        if target == molly or not players[target].alive:
            continue
        if why == SHOT and players[target].character == "vera_custer":
            amount -= 1
        if amount > 0:
            costs.append((index, target, amount))
    budget = players[molly].life
    taken: set[int] = set()
    if len(costs) == 1:
        index, target, amount = costs[0]
        if amount <= budget and (yield from game._yes(molly, MOLLY_TAKE, target)):
            taken.add(index)
        return molly, taken
    while True:
        offered = [(i, t, a) for i, t, a in costs if i not in taken and a <= budget]
        seats = tuple(dict.fromkeys(t for _, t, _ in offered))  # two hits, one seat
        if not seats:
            return molly, taken
        pick = (yield from game._decide(molly, MOLLY_PICK, (*seats, SKIP), source)).value
        if pick == SKIP:
            return molly, taken
        index, _, amount = next(c for c in offered if c[1] == pick)
        taken.add(index)
        budget -= amount


EXPANSION = DiceExpansion(
    name=OLD_SALOON,
    characters=SALOON_CHARACTERS,
    tokens=1,  # the Chief's Arrow takes the place of one of the nine (the rulebook's example)
    choose_dice=choose_dice,
    after_roll=after_roll,
    take_token=take_chief,
    hit_taker=molly_takes,
)
