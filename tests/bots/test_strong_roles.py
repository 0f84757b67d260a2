"""The strong bot's role inference: hidden roles are sampled in proportion to what their seat
was seen to do (an attack on the Sheriff makes a Deputy unlikely), from public facts only."""

from __future__ import annotations

import random
from collections import Counter

from p2pbang.bots import make_bot, sensible_class
from p2pbang.bots.determinize import SeatKnowledge, sample_world
from p2pbang.bots.roles import CARD_GAME, role_weight
from p2pbang.dealer.local import LocalDealer
from p2pbang.engine.actions import Decision, End
from p2pbang.engine.bang.cards.base import DEPUTY, OUTLAW, ROLE_CARDS
from p2pbang.engine.choice import GameChoice
from p2pbang.engine.family import new_game
from p2pbang.engine.lockstep import Lockstep


def _search(game: str):  # the game's bot's SEARCH: its evidence and factors
    return sensible_class(game).SEARCH


def sheriff_attacks(knowledge: SeatKnowledge, game: str) -> Counter[int]:
    """The evidence the game's bot reads (the card game: attacks; the Dice Game: damage)."""
    return _search(game).role_evidence(knowledge)


def _until_the_sheriff_is_attacked(choice: GameChoice, seed: str, me: int) -> tuple[
        object, SeatKnowledge, int]:
    """Play sensible bots until a seat other than ``me`` and the Sheriff has attacked the
    Sheriff; return the truth, ``me``'s knowledge and that seat."""
    truth = new_game(choice, None)
    dealer = LocalDealer(seed)
    bots = [make_bot("sensible", f"{seed}/{s}", choice.game) for s in range(choice.seats)]
    knowledge = SeatKnowledge(choice, me)
    for _ in range(5000):
        pending = truth.pending
        assert not isinstance(pending, End), "nobody attacked the Sheriff"
        if isinstance(pending, Decision):
            truth.apply(bots[pending.seat].decide(truth, pending))
        else:
            truth.apply(dealer.resolve(pending))
        knowledge.sync(truth)
        counts = sheriff_attacks(knowledge, choice.game)
        hidden = [s for s in counts if s != me and not truth.players[s].role_public]
        if hidden and isinstance(truth.pending, Decision) and truth.pending.seat == me:
            return truth, knowledge, hidden[0]
    raise AssertionError("no attack on the Sheriff within 5000 steps")


def test_no_evidence_no_weights() -> None:
    choice = GameChoice.make("bang", 5)
    knowledge = SeatKnowledge(choice, 1)
    knowledge.sync(new_game(choice, None))
    assert role_weight(knowledge, _search("bang")) is None
    assert role_weight(knowledge, _search("duel")) is None


def test_an_attack_on_the_sheriff_makes_a_deputy_unlikely_in_the_samples() -> None:
    """Seat ``me`` saw seat ``x`` attack the Sheriff: with the weights, far fewer sampled
    worlds make ``x`` a Deputy than uniform sampling does; every world still replays."""
    choice = GameChoice.make("bang", 7)
    me = 2
    _truth, knowledge, attacker = _until_the_sheriff_is_attacked(choice, "roles-a", me)
    weight = role_weight(knowledge, _search("bang"))
    assert weight is not None
    deputy = ROLE_CARDS.index(DEPUTY)
    outlaw = ROLE_CARDS.index(OUTLAW)
    assert weight(attacker, deputy) < weight(attacker, outlaw) == 1.0
    assert weight(attacker, deputy) <= CARD_GAME[DEPUTY]
    rng = random.Random(3)
    uniform: Counter[str] = Counter()
    weighed: Counter[str] = Counter()
    for _ in range(60):
        world, _ = sample_world(knowledge, rng)
        uniform[world.players[attacker].role] += 1
        world, _ = sample_world(knowledge, rng, weight)
        assert world.pending == knowledge.view.pending
        weighed[world.players[attacker].role] += 1
    assert uniform[DEPUTY] >= 6  # one or two Deputies among the hidden roles: 10-20 of 60
    assert weighed[DEPUTY] * 3 <= uniform[DEPUTY]
    assert weighed[OUTLAW] > uniform[OUTLAW]


def test_the_weights_read_only_the_seat_view() -> None:
    """The evidence is the same whether the knowledge is fed the all-seeing log or the
    seat's own (masked) log: it comes from public events."""
    choice = GameChoice.make("bang", 6)
    engines = Lockstep(new_game(choice, None), [new_game(choice, 0)])
    truth, own = engines.truth, engines.views[0]
    dealer = LocalDealer("roles-b")
    bots = [make_bot("sensible", s, "bang") for s in range(6)]
    for _ in range(400):
        pending = truth.pending
        if isinstance(pending, End):
            break
        if isinstance(pending, Decision):  # every bot decides from the truth here
            engines.apply(bots[pending.seat].decide(truth, pending))
        else:
            engines.apply(dealer.resolve(pending))
    seeing, blind = SeatKnowledge(choice, 0), SeatKnowledge(choice, 0)
    seeing.sync(truth)
    blind.sync(own)
    assert sheriff_attacks(seeing, "bang") == sheriff_attacks(blind, "bang")
    assert [(e.seat, e.target) for e in seeing.attacks] == [
        (e.seat, e.target) for e in blind.attacks]
    assert seeing.attacks  # 400 steps of a 6-player game see attacks


def test_dice_damage_to_the_sheriff_is_evidence() -> None:
    choice = GameChoice.make("dice", 6)
    truth = new_game(choice, None)
    dealer = LocalDealer("roles-c")
    bots = [make_bot("sensible", s, "dice") for s in range(6)]
    knowledge = SeatKnowledge(choice, 0)
    while not isinstance(truth.pending, End):
        pending = truth.pending
        if isinstance(pending, Decision):
            truth.apply(bots[pending.seat].decide(truth, pending))
        else:
            truth.apply(dealer.resolve(pending))
        knowledge.sync(truth)
        counts = sheriff_attacks(knowledge, "dice")
        if counts:
            weight = role_weight(knowledge, _search("dice"))
            assert weight is not None
            seat = next(iter(counts))
            assert weight(seat, ROLE_CARDS.index(DEPUTY)) < weight(seat, ROLE_CARDS.index(OUTLAW))
            return
    raise AssertionError("the Sheriff took no damage in a whole game")
