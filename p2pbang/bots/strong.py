"""The strong bot: it looks ahead with the game's own rules, on what its seat may know.

How: determinized (perfect-information) Monte Carlo over the root actions. Each round
samples a world that agrees with the seat's knowledge (``determinize.sample_world``: the
seat's masked log replayed into a fresh engine, hidden cards sampled, hidden roles weighed
by what their seats were seen to do, ``roles.py``, or by the own policy's reading of it
when it has one, ``_role_weight``), plays each root action in its own copy of that world
(``determinize.World``: drawn once, each copy its checked log replayed without the checks
and its dealer's state copied: generators cannot be copied), then plays on with the seat's
own policy at its seat (its game's ``SEARCH.policy``, else the sensible bot) and the
sensible bots at the others as the rollout policy, fed the table's public events, for
its game's ``SEARCH.horizon`` steps (about two turns; ``search_facts.py``), and scores the
position by the fitted winning chances of the seat's side (``evaluate.py``; a finished game
scores 1 or 0). The root actions are the own policy's choice and up to ``MAX_ARMS - 1``
challengers (``challengers``, with the game's own ``SEARCH.neighbours``); the sensible
choice stands unless another one beats it over the same worlds by ``MARGIN`` a
round and by ``CONFIDENCE`` standard errors of its lead, over at least ``MIN_ROUNDS``
worlds. Why flat and not a tree: every playout pays a replay, so a tree's statistics would
stay thin; flat rounds spend the budget on the choice at hand.

Budget: ``iterations`` (playouts) and ``seconds`` (whichever ends first; ``THINK`` by
default); a decision with one legal action is answered at once, and a search stops early
once it is settled (``settled``: no challenger can still pass the bar within the budget),
counted in ``early_stops``; a timed search whose last pace cannot reach ``MIN_ROUNDS``
worlds of every root action tries fewer (``_arms``), or none (``_out_of_time``). When no
world can be sampled (a game started from a laid-out position, which no log replays), the
bot answers as its own policy would.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from p2pbang.bots.determinize import (
    RoleWeight,
    SampleFailed,
    SeatKnowledge,
    World,
    choice_of,
)
from p2pbang.bots.roles import role_weight
from p2pbang.bots.search_facts import SearchFacts
from p2pbang.engine.actions import Decision, End

MAX_ARMS = 4  # root actions searched: the sensible bot's choice and a sample of the others
# The sensible bot's choice stands unless another action's mean beats it by this much in
# the same worlds: with a few dozen playouts, a smaller lead is mostly noise.
MARGIN = 0.01
CONFIDENCE = 2.0  # ... and by this many standard errors of that lead
MIN_ROUNDS = 6  # ... over at least this many worlds: fewer make the spread itself noise
# With a clock, a search the last search's pace says cannot reach MIN_ROUNDS worlds is not
# started; every this many such decisions one is started anyway, to measure the pace again.
PROBE_EVERY = 8
# With a clock, a search the last search's pace says cannot reach MIN_ROUNDS worlds of all
# its root actions tries fewer (the policy's choice and its first challengers), as many as
# reach that many worlds, and not fewer than this: better two actions compared than none.
MIN_ARMS = 2
# The default time budget a decision (``bench bots --think``): with one draw per world and
# the compiled engine, 0.8 s buys about 12 worlds of four root actions at 7 seats, and the
# bench's decisions stay under 0.9 s at the 95th percentile (docs/benchmarks.md, "Cheaper
# worlds for the search").
THINK = 0.8


def settled(leads: list[float], squares: list[float], rounds: int, final_rounds: int,
            min_rounds: int = MIN_ROUNDS, confidence: float = CONFIDENCE) -> bool:
    """Whether no challenger can still be shown better than the default within the budget.

    ``leads`` and ``squares``: per root action (the default first), the sums of its lead over
    the default in each of ``rounds`` worlds and of its square; ``final_rounds``: how many
    worlds the budget allows in all. The search departs only for a challenger whose mean
    lead beats ``MARGIN`` and ``CONFIDENCE`` standard errors, over at least ``MIN_ROUNDS``
    worlds. So it is settled when the budget cannot reach ``MIN_ROUNDS`` worlds (late in a
    Duel, where a world's replay grows long, a busy core often cannot), or, from
    ``MIN_ROUNDS`` worlds on, when every challenger is out of the race: even the optimistic
    end of its lead now (its mean plus ``CONFIDENCE`` standard errors of the worlds seen)
    stays below the bar it would have to pass at the end, ``MARGIN`` or ``CONFIDENCE``
    standard errors of ``final_rounds`` worlds, whichever is higher. More worlds would only
    narrow its estimate around a mean that cannot pass. Most searched decisions of a Duel
    end where they started: this is where their time was going, confirming the default.
    ``min_rounds`` and ``confidence``: a game's own bar (``SearchFacts``), else these.
    """
    if final_rounds < min_rounds:
        return True
    if rounds < min_rounds:
        return False
    for lead, square in zip(leads[1:], squares[1:], strict=True):
        mean = lead / rounds
        sd = math.sqrt(max(square / rounds - mean * mean, 0.0))
        bar = max(MARGIN, confidence * sd / math.sqrt(max(final_rounds, rounds)))
        if mean + confidence * sd / math.sqrt(rounds) > bar:
            return False
    return True


def challengers(default: Any, legal: list[Any], rng: random.Random,
                ranked: list[Any] | None = None,
                neighbours: Callable[[Any, list[Any]], list[Any]] | None = None) -> list[Any]:
    """Up to ``MAX_ARMS - 1`` legal actions to try against the sensible ``default``.

    ``ranked``: the legal actions as the sensible bot ranks them, best first, when it can
    say (the Duel's play phase, the Dice Game expert's rerolls): its runners-up are the
    challengers. ``neighbours``: the
    game's own idea of where better moves lie (its bot's ``SEARCH.neighbours``: a dice
    reroll's neighbours, one die kept or rolled otherwise, out of up to 31 choices mostly
    far from sensible). Otherwise: a sample of the other legal actions."""
    if ranked:
        return [a for a in ranked if a != default][:MAX_ARMS - 1]
    others = [a for a in legal if a != default]
    near = neighbours(default, legal) if neighbours is not None else []
    others = near or others
    if len(others) >= MAX_ARMS:
        others = rng.sample(others, MAX_ARMS - 1)
    return others


class StrongBot:
    """A search bot for one seat; ``seed`` fixes its samples: same seed, same view, same
    decision when ``seconds`` is None (the iteration budget alone)."""

    def __init__(self, seed: int | str = 0, game: str = "bang", iterations: int = 400,
                 seconds: float | None = THINK) -> None:
        from p2pbang.bots import make_bot, sensible_class  # the registry imports this module

        self._seed = seed
        self._game = game
        self._facts: SearchFacts = sensible_class(game).SEARCH
        self._min_rounds = self._facts.min_rounds or MIN_ROUNDS
        self._confidence = self._facts.confidence or CONFIDENCE
        self.iterations = iterations
        self.seconds = seconds
        # The seat's own policy: the game's ``SEARCH.policy`` if it names one (the Duel's
        # expert), else the sensible bot. It gives the default answer and plays this seat in
        # the playouts; the other seats stay the sensible bot, the model of the opponents.
        self._own = self._facts.policy_class()
        self._fallback = self._own(seed) if self._own is not None else make_bot(
            "sensible", seed, game)
        self._knowledge: SeatKnowledge | None = None
        self.fallbacks = 0  # decisions answered by the sensible bot (no world to sample)
        self.searched = 0  # decisions that ran a search
        self.departures = 0  # searched decisions where another action beat the sensible one
        self.early_stops = 0  # searched decisions stopped before the budget: settled
        self._pace: float | None = None  # seconds per playout in the last timed search
        self._unprobed = 0  # searches not started since the pace was last measured
        self.rounds = 0  # sampled worlds played out, over all searched decisions
        self.last_search: tuple[list[Any], int, list[float], float] | None = None

    def observe(self, events: Any) -> None:
        observe = getattr(self._fallback, "observe", None)
        if observe is not None:
            observe(events)

    def decide(self, game: Any, decision: Decision) -> Any:
        try:
            knowledge = self._sync(game, decision.seat)
            legal = knowledge.view.legal_actions()
        except Exception:  # no log to replay (a laid-out position): no search
            self.fallbacks += 1
            return self._fallback.decide(game, decision)
        if len(legal) == 1:
            return legal[0]
        return self._search(knowledge, decision.seat, legal, game, decision)

    def _sync(self, game: Any, seat: int) -> SeatKnowledge:
        knowledge = self._knowledge
        if knowledge is None or knowledge.seat != seat or len(game.history) < len(
                knowledge.history):
            knowledge = self._knowledge = SeatKnowledge(choice_of(game), seat)
        knowledge.sync(game)
        return knowledge

    def _search(self, knowledge: SeatKnowledge, seat: int, legal: list[Any], game: Any,
                decision: Decision) -> Any:
        rng = random.Random(f"strong/{self._seed}/{seat}/{len(knowledge.history)}")
        # The sensible bot answers on the seat's own engine: the same answer as on ``game``
        # (tests/bots/test_fairness.py), and nothing hidden is within reach.
        default = self._fallback.decide(knowledge.view, knowledge.view.pending)
        rank = getattr(self._fallback, "rank", None)
        ranked = rank(knowledge.view, knowledge.view.pending, legal) if rank else None
        legal = [default, *challengers(default, legal, rng, ranked, self._facts.neighbours)]
        legal = legal[:self._arms(len(legal))]
        count = len(legal)
        self.searched += 1
        if self._out_of_time(count):
            # Settled before it starts: at the last search's pace (a world's replay only
            # grows with the log) the clock cannot reach MIN_ROUNDS worlds (``settled``).
            self.early_stops += 1
            return default
        # Per root action, the sums of its lead over the sensible choice in each round, and
        # of its square: a lead is trusted only when it stands out of its own noise.
        leads = [0.0] * count
        squares = [0.0] * count
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        base = f"strong/{self._seed}/{seat}/{len(knowledge.history)}"
        rounds = failures = spent = world_index = 0
        weight = self._role_weight(knowledge, seat)
        budget = max(self.iterations, count)
        started = time.perf_counter()
        while spent + count <= budget and failures < 10:
            # The first round is always played out: without it there is nothing to compare.
            scores = self._round(knowledge, seat, legal, f"{base}/{world_index}",
                                 deadline if rounds else None, weight)
            world_index += 1
            if scores is None:
                failures += 1
                if deadline is not None and time.perf_counter() > deadline:
                    break
                continue
            spent += count
            rounds += 1
            for i, score in enumerate(scores):
                lead = score - scores[0]
                leads[i] += lead
                squares[i] += lead * lead
            now = time.perf_counter()
            if deadline is not None and now > deadline:
                break
            if settled(leads, squares, rounds, self._final_rounds(
                    rounds, budget // count, world_index, now - started, deadline, now),
                    self._min_rounds, self._confidence):
                self.early_stops += spent + count <= budget  # not when the budget ends anyway
                break
        if deadline is not None and world_index:
            self._pace = (time.perf_counter() - started) / (world_index * count)
        self.rounds += rounds
        if rounds == 0:
            self.fallbacks += 1
            return default
        best = max(range(count), key=lambda i: leads[i])
        mean = leads[best] / rounds
        spread = math.sqrt(max(squares[best] / rounds - mean * mean, 0.0) / rounds)
        # What the last search saw (read by tests and when studying a decision).
        self.last_search = (legal, rounds, [lead / rounds for lead in leads], spread)
        if (best == 0 or rounds < self._min_rounds or mean <= MARGIN
                or mean <= self._confidence * spread):
            return default
        self.departures += 1
        return legal[best]

    def _role_weight(self, knowledge: SeatKnowledge, seat: int) -> RoleWeight | None:
        """How the worlds deal the hidden roles: by the own policy's reading of the seat's
        public record when it has one (``role_weight``: the Dice Game's expert, which also
        weighs the table's events), else by the game's evidence (``roles.py``)."""
        weigh = getattr(self._fallback, "role_weight", None)
        if weigh is None:
            return role_weight(knowledge, self._facts)
        return weigh(knowledge.view, seat)

    def _arms(self, count: int) -> int:
        """How many of ``count`` root actions a timed search tries: all when the last timed
        search's pace says the clock reaches ``MIN_ROUNDS`` worlds of them (and always
        without a clock), else as many as it reaches that many worlds of, not fewer than
        ``MIN_ARMS`` (``_out_of_time`` then judges those)."""
        if self.seconds is None or self._pace is None:
            return count
        fits = int(self.seconds / (self._pace * self._min_rounds))
        return min(count, max(MIN_ARMS, fits))

    def _out_of_time(self, count: int) -> bool:
        """Whether a timed search of ``count`` root actions is settled before it starts."""
        if self.seconds is None or self._pace is None:
            return False
        if (self.seconds / (self._pace * count) >= self._min_rounds
                or self._unprobed >= PROBE_EVERY):
            self._unprobed = 0
            return False
        self._unprobed += 1
        return True

    @staticmethod
    def _final_rounds(rounds: int, budget_rounds: int, tried: int, elapsed: float,
                      deadline: float | None, now: float) -> int:
        """How many worlds the search would have played at its end: the iteration budget's,
        or fewer when the clock, at the pace of the worlds tried so far, ends it first."""
        if deadline is None or tried == 0 or elapsed <= 0.0:
            return budget_rounds
        more = int((deadline - now) / (elapsed / tried))
        return max(rounds, min(budget_rounds, rounds + more))

    def _round(self, knowledge: SeatKnowledge, seat: int, legal: list[Any], label: str,
               deadline: float | None, weight: RoleWeight | None = None
               ) -> list[float] | None:
        """Every root action in the same sampled world, played on with the same chance and
        the same rollout bots (common random numbers: the comparison, not each score, is
        what needs to be sharp). None when the world cannot be sampled or time ran out."""
        scores = []
        if deadline is not None and time.perf_counter() > deadline:
            return None
        try:
            drawn = World(knowledge, random.Random(label), weight)  # once for every action
            for action in legal:
                if deadline is not None and time.perf_counter() > deadline:
                    return None
                world, dealer = drawn.start()
                world.apply(action)
                scores.append(self._playout(world, dealer, seat, label, knowledge.choice.seats,
                                            knowledge.attacks))
        except SampleFailed:
            return None
        return scores

    def _playout(self, world: Any, dealer: Any, seat: int, label: str, seats: int,
                 attacks: list[Any] = ()) -> float:
        """Play the world on with the sensible bot at every other seat and the seat's own
        policy at its own (``SEARCH.policy``, the sensible bot if none), each fed the public events
        as a table feeds its bots: first the attacks seen so far (so a rollout Deputy knows
        who shot the Sheriff), then the events of every step."""
        from p2pbang.bots import make_bot

        bots = [make_bot("sensible", f"{self._seed}/{label}/{other}", self._game)
                for other in range(seats)]
        if self._own is not None:
            bots[seat] = self._own(f"{self._seed}/{label}/{seat}")
            carry = getattr(bots[seat], "carry_memory", None)
            if carry is not None:  # what the table's bot heard before the playout
                carry(self._fallback)
        observers = [bot.observe for bot in bots if hasattr(bot, "observe")]
        for observe in observers:
            observe(attacks)
        for _ in range(self._facts.horizon):
            pending = world.pending
            if isinstance(pending, End):
                return 1.0 if seat in pending.winners else 0.0
            if isinstance(pending, Decision):
                events = world.apply(bots[pending.seat].decide(world, pending))
            else:
                events = world.apply(dealer.resolve(pending))
            if events and observers:
                for observe in observers:
                    observe(events)
        return self._facts.value(world, seat)
