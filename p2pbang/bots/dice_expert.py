"""A stronger Dice Game policy: the strong level's own moves in the Dice Game (its default
answer and its own seat's rollouts), while the other seats stay modelled by ``DiceBot``.

Why a second policy and not a better ``DiceBot``: ``DiceBot`` is the sensible level and the
baseline every benchmark compares with, so it stays as it is. This one reads the same things
(its own role, the roles face up, life, arrows, the dice and the public tally of who took
life from whom; never another seat's hidden role) and answers the dice, the shots and the
Beers by what they are worth to its role, where the sensible bot follows fixed rules. Measured
against it (docs/benchmarks.md, "The Dice Game's expert policy"), the gain is small (1.07x
over 3,000 deals, won as an Outlaw):

- Roles: a hidden role is weighed by the evidence, every deal of the hidden roles that fits
  the public facts scored by the life each seat's shots took from the Sheriff (a Gatling,
  which hits everyone, is not evidence), so a seat is a foe or a friend by its chances.
- Dice: a reroll is chosen by its expected worth, every way of keeping the dice against the
  exact distribution of what the rerolled ones show: the shots and whom they reach, the
  Beers and who needs them, a Gatling's hits on foes and friends and the arrows it drops,
  the arrows a rerolled die may bring (and the Indians), the third Dynamite, Old Saloon's
  Bullets, Broken Arrows and double faces.
- Targets: a shot's worth is its target's side, his role's weight for this seat's goal (the
  Sheriff for an Outlaw; the Outlaws first for a Renegade while the Sheriff is in danger),
  how close he is to death and whether it kills; a second shot at a target the first one
  kills already is wasted. A Beer heals whom it helps most, the Sheriff's own life counting
  most for the Sheriff's side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from itertools import permutations
from typing import Any

from p2pbang.bots.dice import DiceBot
from p2pbang.engine.actions import Choose, Decision, Pass
from p2pbang.engine.dice.actions import (
    BEER_TARGET,
    REROLL,
    SALOON_DIE,
    SHOOT,
    SID_HEAL,
    Reroll,
)
from p2pbang.engine.dice.faces import (
    ARROW,
    BASE_DIE,
    BEER,
    BROKEN_ARROW,
    BULLET,
    BULLS_EYE_1,
    BULLS_EYE_2,
    DEPUTY,
    DICE,
    DIE_FACES,
    DOUBLE,
    DYNAMITE,
    EXTRA_DIE,
    GATLING,
    OUTLAW,
    RENEGADE,
    ROLE_CARDS,
    SHERIFF,
    THREE_PLAYER_TARGET,
)
from p2pbang.engine.dice.game import reach_steps  # the rule's reach, not a copy of it

SYMBOLS = 8  # ARROW .. BULLET: a roll's outcome is a count per symbol
# Per life a seat's shots took from the Sheriff, how likely each hidden role is to have done
# it (the sensible bot's habits: an Outlaw shoots the Sheriff whenever he can, a Deputy or a
# Renegade only when nobody else is in reach).
SHOT_FACTOR = {OUTLAW: 1.0, RENEGADE: 0.12, DEPUTY: 0.06}
# What the table's events say beyond that tally (only when the bot is fed them), per event,
# the same habits: a seat that aimed at somebody else with the Sheriff in reach is seldom an
# Outlaw (``PASS_FACTOR``); one that gave the Sheriff a life in its own turn (a Beer, Sid
# Ketchum's heal) is seldom an Outlaw, less often a Renegade than a Deputy (``HEAL_FACTOR``).
# (Shots at the Sheriff with somebody else in reach, on top of the life they took, changed
# nothing measurable.)
PASS_FACTOR = {OUTLAW: 0.1}
HEAL_FACTOR = {OUTLAW: 0.05, RENEGADE: 0.5}
WEIGHT_FLOOR = 1e-6  # the search's samples never rule a role out: a person may play against type
# What one life of a seat of each role is worth to each role (above 0: a foe's life lost is
# a gain; below 0: a friend's). The Sheriff's own life is the game for both sides; to a
# Renegade it is worth ``RENEGADE_SHERIFF``.
WORTH = {
    OUTLAW: {SHERIFF: 3.0, DEPUTY: 1.0, RENEGADE: 0.9, OUTLAW: -1.0},
    SHERIFF: {DEPUTY: -1.2, RENEGADE: 1.0, OUTLAW: 1.2},
    DEPUTY: {SHERIFF: -3.0, DEPUTY: -1.0, RENEGADE: 1.0, OUTLAW: 1.2},
    RENEGADE: {DEPUTY: 0.8, RENEGADE: 1.0, OUTLAW: 1.2},
}
# What a seat's own life is worth to it (the Sheriff's is his side's game; a Renegade must
# outlive everybody).
OWN_LIFE = {SHERIFF: 3.0, DEPUTY: 1.0, OUTLAW: 1.0, RENEGADE: 1.6}
# A Renegade's worth of the Sheriff's life: his friend while four or more are alive, more so
# while the Sheriff is in danger (at SHERIFF_LOW life or less), a foe once they are the last
# two. With three alive (``RENEGADE_SHERIFF_THREE``) the Sheriff is the foe of the duel to come:
# a little of one while he is safe, nothing while he is in danger (the other seat, if an
# Outlaw, would win by his death): the Renegade drinks its own Beers rather than heal him
# and fires its Gatlings and brings the Indians without sparing him. The strong bot's search
# left the expert's answer in such spots (shots at the Sheriff, a Beer for itself), right in
# the true deal; read as this worth, the policy alone won more as a Renegade
# (docs/benchmarks.md, "The Dice Game's expert, fourth pass").
RENEGADE_SHERIFF = (-0.6, -2.0, 3.0)
RENEGADE_SHERIFF_THREE = (0.5, 0.0)
SHERIFF_LOW = 4
URGENCY = 1.5  # a life point is worth 1 + URGENCY / life: more the nearer to death
KILL = 2.5  # a kill, on top of the life, per unit of worth
ARROW_COST = 1.1  # an arrow held costs about this share of a life (the Indians come)


# A symbol count vector packed into one integer, RADIX bits a symbol: adding two packed
# vectors adds their counts (no count reaches 2**RADIX: at most six dice, two symbols a face),
# so a kept vector plus an outcome is one addition and one dictionary key, not a tuple.
RADIX = 5


def _pack(counts: tuple[int, ...] | list[int]) -> int:
    return sum(c << (RADIX * i) for i, c in enumerate(counts))


def _unpack(packed: int) -> tuple[int, ...]:
    mask = (1 << RADIX) - 1
    return tuple((packed >> (RADIX * i)) & mask for i in range(SYMBOLS))


_SHIFT = tuple(RADIX * symbol for symbol in range(SYMBOLS))


def _outcomes(kinds: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The distribution of the symbol counts (packed) that dice of these kinds show when
    rolled."""
    return _outcomes_sorted(tuple(sorted(kinds)))


@lru_cache(maxsize=64)
def _outcomes_sorted(kinds: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    dist: dict[int, float] = {0: 1.0}
    for kind in kinds:
        step: dict[int, float] = {}
        for packed, p in dist.items():
            for code in DIE_FACES[kind]:
                key = packed + ((1 + code // DOUBLE) << (RADIX * (code % DOUBLE)))
                step[key] = step.get(key, 0.0) + p / 6
        dist = step
    return tuple(dist.items())


@lru_cache(maxsize=256)
def _deals(roles: tuple[str, ...], seats: int) -> tuple[tuple[str, ...], ...]:
    """The distinct ways to deal these role cards to ``seats`` seats, sorted (the same sums
    in every process, whatever the string hashes)."""
    return tuple(sorted(set(permutations(roles, seats))))


class DiceExpert(DiceBot):
    """The strong level's Dice Game policy; ``seed`` only breaks ties (as ``DiceBot``'s)."""

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        # The shots this seat aimed in the turn being resolved: (turn, decision index) ->
        # target. Shots land together after the last aim, so a later aim must know them.
        self._aimed: dict[tuple[int, int], int] = {}
        # The public events kept for the roles' evidence (``observe``): the aims, each with
        # how many seats were out then, the heals with the seat whose turn it was, and the
        # seats out in their order; ``_read`` of them have been weighed into ``_factors``.
        self._aims_seen: list[tuple[int, int, int, int]] = []
        self._heals_seen: list[tuple[int, int]] = []
        self._out: list[int] = []
        self._turn_seat = -1
        self._read = (0, 0)
        self._factors: dict[int, Counter[str]] = {}
        self._last_reroll: Any = None  # the reroll chosen last (``rank`` stands by it)
        self._odds: tuple[tuple[int, ...], dict[int, dict[str, float]]] | None = None

    def observe(self, events: Any) -> None:
        """The table's events (as a table feeds its bots): who aimed at whom, who was
        healed in whose turn, who is out. Only public events are read."""
        for event in events:
            kind = event.kind
            if kind == "aim":
                self._aims_seen.append((event.seat, event.target, event.value, len(self._out)))
            elif kind in ("turn", "roll"):  # whose turn it is
                self._turn_seat = event.seat
            elif kind == "heal":
                if event.value > 0:
                    self._heals_seen.append((self._turn_seat, event.seat))
            elif kind == "eliminated":
                self._out.append(event.seat)

    def decide(self, game: Any, decision: Decision) -> Any:
        kind = decision.kind
        if kind == REROLL:
            return self._expert_reroll(game, decision)
        if kind == SHOOT:
            return Choose(self._shoot(game, decision))
        if kind in (BEER_TARGET, SID_HEAL):
            return Choose(self._beer(game, decision))
        if kind == SALOON_DIE:
            return Choose(self._pick_die(game, decision))
        return super().decide(game, decision)

    # ------------------------------------------------------------------ sides

    def role_odds(self, game: Any, me: int) -> dict[int, dict[str, float]]:
        """For every other living seat, the chance of each role, from the public facts: roles
        face up are certain; the hidden ones are every deal of the roles left that fits,
        weighed by the life each seat's shots took from the Sheriff (``SHOT_FACTOR``) and the
        events fed (``_event_factors``). The last answer is kept while nothing it reads has
        changed (the tally of life taken only grows, the living only shrink, the events
        only add up; a bot plays one game): a turn asks it at every reroll, shot and Beer,
        and the strong bot's playouts (``carry_memory``) at every world of a search."""
        key = (me, game.damage.total(), len(game.alive_seats()), len(self._aims_seen),
               len(self._heals_seen))
        if self._odds is not None and self._odds[0] == key:
            return self._odds[1]
        odds = self._role_odds(game, me)
        self._odds = (key, odds)
        return odds

    def _role_odds(self, game: Any, me: int) -> dict[int, dict[str, float]]:
        players = game.players
        mine = players[me].role
        odds: dict[int, dict[str, float]] = {}
        hidden = []
        pool = Counter(ROLE_CARDS[:game.n]) if game.n > 3 else Counter()
        if pool:
            pool[mine] -= 1
        for seat, player in enumerate(players):
            if seat == me:
                continue
            if player.role_public:
                if pool:
                    pool[player.role] -= 1
                if player.alive:
                    odds[seat] = {player.role: 1.0}
            elif player.alive:
                hidden.append(seat)
        if not hidden:
            return odds
        left = sorted(pool.elements())
        likelihood = self._likelihoods(game, hidden)
        totals: dict[int, Counter[str]] = {seat: Counter() for seat in hidden}
        mass = 0.0
        for deal in _deals(tuple(left), len(hidden)):
            weight = 1.0
            for seat, role in zip(hidden, deal, strict=True):
                weight *= likelihood[seat].get(role, 1.0)
            mass += weight
            for seat, role in zip(hidden, deal, strict=True):
                totals[seat][role] += weight
        for seat in hidden:
            odds[seat] = {role: w / mass for role, w in totals[seat].items()}
        return odds

    def _likelihoods(self, game: Any, seats: list[int]) -> dict[int, dict[str, float]]:
        """Per seat, per hidden role, the likelihood of the seat's public record under that
        role: the life its shots took from the Sheriff (``SHOT_FACTOR``) and the events fed
        (``_event_factors``); a role not named: 1."""
        factors = self._event_factors(game)
        likelihood: dict[int, dict[str, float]] = {}
        for seat in seats:
            shots = self._shots_at_sheriff(game, seat)
            events = factors.get(seat, {})
            likelihood[seat] = {role: SHOT_FACTOR.get(role, 1.0) ** shots * events.get(role, 1.0)
                                for role in (OUTLAW, RENEGADE, DEPUTY)}
        return likelihood

    def role_weight(self, game: Any, me: int) -> Callable[[int, int], float]:
        """For the strong bot's sampler (``determinize.sample_world``): the weight of role
        card ``card`` (an index of the role cards) for ``seat``, the likelihood ``role_odds``
        gives that role by the seat's public record, so the search's worlds deal the hidden
        roles as this policy reads them. Read on ``me``'s own engine; 1 for a seat whose role
        is known."""
        seats = [s for s in game.alive_seats() if s != me and not game.players[s].role_public]
        likelihood = self._likelihoods(game, seats)

        def weight(seat: int, card: int) -> float:
            if seat not in likelihood or not 0 <= card < len(ROLE_CARDS):
                return 1.0
            return max(likelihood[seat].get(ROLE_CARDS[card], 1.0), WEIGHT_FLOOR)
        return weight

    def carry_memory(self, other: DiceExpert) -> None:
        """Start from what ``other`` (the same seat's bot at the table) heard: the strong
        bot's playouts begin mid-game, and its own seat's policy weighs roles by the events
        before the playout as the table's bot does."""
        self._aims_seen = list(other._aims_seen)
        self._heals_seen = list(other._heals_seen)
        self._out = list(other._out)
        self._turn_seat = other._turn_seat
        self._odds = other._odds

    def _event_factors(self, game: Any) -> dict[int, Counter[str]]:
        """Per seat, the product per role of the factors of the events fed so far
        (``PASS_FACTOR``, ``HEAL_FACTOR``); a role not named: 1. The
        events not weighed yet are read against the public seating and characters."""
        aims, heals = self._read
        if aims == len(self._aims_seen) and heals == len(self._heals_seen):
            return self._factors
        sheriff = game.sheriff
        if sheriff < 0:
            return self._factors
        factors = self._factors
        for shooter, target, face, out in self._aims_seen[aims:]:
            if shooter == sheriff:
                continue
            gone = self._out[:out]
            if sheriff in gone:
                continue
            ring = [s for s in game.order if s not in gone]
            here = ring.index(shooter)
            steps = reach_steps(len(ring), face, game.players[shooter].character)
            reach = {ring[(here + step) % len(ring)] for step in steps} - {shooter}
            if target == sheriff or sheriff not in reach:
                continue
            weights = factors.setdefault(shooter, Counter())
            for role, factor in PASS_FACTOR.items():
                weights[role] = weights.get(role, 1.0) * factor
        for healer, healed in self._heals_seen[heals:]:
            if healed == sheriff and healer not in (sheriff, -1):
                weights = factors.setdefault(healer, Counter())
                for role, factor in HEAL_FACTOR.items():
                    weights[role] = weights.get(role, 1.0) * factor
        self._read = (len(self._aims_seen), len(self._heals_seen))
        return factors

    @staticmethod
    def _shots_at_sheriff(game: Any, seat: int) -> float:
        """The life ``seat`` took from the Sheriff less what its Gatlings took (a Gatling hits
        everyone: the least it took from any other living player)."""
        sheriff = game.sheriff
        if sheriff < 0 or sheriff == seat:
            return 0.0
        others = [game.damage[seat, s] for s in game.alive_seats()
                  if s not in (seat, sheriff) and game.players[s].character != "paul_regret"]
        gatlings = min(others) if others else 0
        return float(max(0, game.damage[seat, sheriff] - gatlings))

    def worth(self, game: Any, me: int) -> dict[int, float]:
        """What one life of each living seat is worth to ``me``: above 0 a foe's, below 0 a
        friend's; ``me`` itself is below 0 by its own life's worth."""
        mine = game.players[me].role
        alive = game.alive_seats()
        worth: dict[int, float] = {me: -OWN_LIFE.get(mine, 1.0)}
        if game.n == 3:
            for seat in alive:
                if seat != me:
                    theirs = game.players[seat].role
                    worth[seat] = 2.0 if THREE_PLAYER_TARGET[mine] == theirs else 1.0
            return worth
        table = WORTH.get(mine, {})
        sheriff_low = (game.sheriff >= 0 and game.players[game.sheriff].alive
                       and game.players[game.sheriff].life <= SHERIFF_LOW)
        for seat, roles in self.role_odds(game, me).items():
            value = 0.0
            for role, p in roles.items():
                w = table.get(role, 1.0)
                if mine == RENEGADE and role == SHERIFF:
                    calm, low, last = RENEGADE_SHERIFF
                    if len(alive) == 3:
                        calm, low = RENEGADE_SHERIFF_THREE
                    w = last if len(alive) == 2 else (low if sheriff_low else calm)
                value += p * w
            worth[seat] = value
        return worth

    @staticmethod
    def _hit_value(worth: float, life: int, damage: int = 1) -> float:
        """The worth of taking ``damage`` life from a seat at ``life``: more the closer he is
        to death, and a kill on top (a friend's: all of it a loss)."""
        if life <= 0:
            return 0.0
        lost = min(damage, life)
        value = 0.0
        for step in range(lost):
            value += worth * (1 + URGENCY / (life - step))
        if lost == life:
            value += worth * KILL
        return value

    # ------------------------------------------------------------------ shots and beers

    def _shoot(self, game: Any, decision: Decision) -> int:
        me = decision.seat
        key = (game.turn, len(game.history))
        aimed = Counter(t for (turn, at), t in self._aimed.items()
                        if turn == game.turn and at < key[1])
        self._aimed = {k: t for k, t in self._aimed.items() if k[0] == game.turn}
        worth = self.worth(game, me)

        def score(seat: int) -> float:
            life = game.players[seat].life - aimed[seat]
            return self._hit_value(worth.get(seat, 0.0), life) + 0.01 * self._rng.random()
        target = max(decision.options, key=score)
        self._aimed[key] = target
        return target

    def _beer(self, game: Any, decision: Decision) -> int:
        me = decision.seat
        worth = self.worth(game, me)

        def score(seat: int) -> float:
            player = game.players[seat]
            if player.life >= player.max_life:
                return 0.0
            return -self._hit_value(worth.get(seat, 0.0), player.life + 1)
        return max(decision.options, key=lambda s: (score(s), self._rng.random()))

    # ------------------------------------------------------------------ the dice

    def _expert_reroll(self, game: Any, decision: Decision) -> Any:
        best: tuple[float, float] | None = None
        choice: Any = Pass()
        for value, _signature, action in self._rerolls(game, decision):
            rank = (value, self._rng.random())
            if best is None or rank > best:
                best, choice = rank, action
        self._last_reroll = choice
        return choice

    def rank(self, game: Any, decision: Decision, legal: list[Any]) -> list[Any] | None:
        """The rerolls best first by expected worth, one per way of keeping (rolling other
        dice with the same faces is the same choice): the strong bot tries the runners-up,
        the close calls of this one-roll look, rather than rerolls one die away. The way of
        keeping this bot just chose is stood for by its own choice. None for other
        decisions (no ranking to offer)."""
        if decision.kind != REROLL:
            return None
        groups: dict[tuple[Any, ...], tuple[float, Any]] = {}
        chosen = self._last_reroll
        for value, signature, action in self._rerolls(game, decision):
            if signature not in groups or action == chosen:
                groups[signature] = (value, action)
        ranked = sorted(groups.values(), key=lambda item: -item[0])
        return [action for _value, action in ranked if action in legal]

    def _rerolls(self, game: Any, decision: Decision) -> list[tuple[float, tuple[Any, ...], Any]]:
        """Every legal reroll with its expected worth and its way of keeping (the kept
        faces counted per symbol and the kinds of the dice rolled), which it is worth."""
        me = decision.seat
        faces = decision.options
        kinds = list(game.kinds) if len(game.kinds) == len(faces) else [BASE_DIE] * len(faces)
        context = _Context(self, game, me)
        kept_base = [0] * SYMBOLS
        for code in faces:
            if code % DOUBLE in (DYNAMITE, BULLS_EYE_1, BULLS_EYE_2, BEER, GATLING):
                kept_base[code % DOUBLE] += 1 + code // DOUBLE
        seen: dict[tuple[Any, ...], float] = {}
        options = []
        for action in game.legal_actions():
            rolled = action.dice if isinstance(action, Reroll) else ()
            kept = list(kept_base)
            for index in rolled:
                code = faces[index]
                if code % DOUBLE in (DYNAMITE, BULLS_EYE_1, BULLS_EYE_2, BEER, GATLING):
                    kept[code % DOUBLE] -= 1 + code // DOUBLE
            signature = (tuple(kept), tuple(sorted(kinds[i] for i in rolled)))
            value = seen.get(signature)
            if value is None:
                value = seen[signature] = context.expected(tuple(kept),
                                                           tuple(kinds[i] for i in rolled))
            options.append((value, signature, action))
        return options

    def _pick_die(self, game: Any, decision: Decision) -> int:
        """The die to roll with the base ones (Old Saloon): the one whose first roll is worth
        most this turn (Jose Delgado's Loudmouth and Tequila Joe's Coward come as a sixth)."""
        me = decision.seat
        context = _Context(self, game, me)
        extra = EXTRA_DIE.get(game.players[me].character)
        best, pick = None, BASE_DIE
        for option in decision.options:
            if option == BASE_DIE:
                kinds = (BASE_DIE,) * DICE
            elif option == extra:
                kinds = (BASE_DIE,) * DICE + (option,)
            else:
                kinds = (BASE_DIE,) * (DICE - 1) + (option,)
            rank = (context.expected((0,) * SYMBOLS, kinds), option == BASE_DIE)
            if best is None or rank > best:
                best, pick = rank, option
        return pick


class _Context:
    """What a seat's dice are worth this turn: worked out once per decision, then looked up
    for every way of keeping them."""

    def __init__(self, bot: DiceExpert, game: Any, me: int) -> None:
        self.game = game
        self.me = me
        player = game.players[me]
        self.player = player
        self.worth = bot.worth(game, me)
        self.own = -self.worth[me]
        self.alive = game.alive_seats()
        self.gatling_need = 2 if player.character == "willy_the_kid" else 3
        self.targets = {face: game.shoot_options(me, face) for face in (BULLS_EYE_1,
                                                                        BULLS_EYE_2)}
        self.held = player.arrows + 2 * (game.chief == me)
        self.life_cost = self._hit_value_self(1)
        self.arrow_cost = ARROW_COST * self.life_cost
        self.values: dict[int, float] = {}  # packed counts -> value
        self._shots: dict[tuple[int, int], float] = {}
        self._beers: dict[int, float] = {}
        self._arrows: dict[int, float] = {}
        self._gatling = self._gatling_value()

    def _hit_value_self(self, damage: int) -> float:
        """What losing ``damage`` life costs this seat (above 0)."""
        hits = 1 if self.player.character == "jourdonnais" and damage else damage
        return -DiceExpert._hit_value(self.worth[self.me], self.player.life, hits)

    def expected(self, kept: tuple[int, ...], kinds: tuple[int, ...]) -> float:
        """The expected worth of the turn's dice: ``kept`` counted per symbol, ``kinds``
        the dice rolled again."""
        total = 0.0
        values = self.values
        base = _pack(kept)
        for outcome, p in _outcomes(kinds):
            packed = base + outcome
            value = values.get(packed)
            if value is None:
                value = values[packed] = self.value(packed)
            total += p * value
        return total

    def value(self, packed: int) -> float:
        """What the dice with these counts (packed, ``_pack``) are worth, the arrows, Bullets
        and Broken Arrows being those just rolled (those kept took effect already)."""
        mask = (1 << RADIX) - 1
        value = self.shots((packed >> _SHIFT[BULLS_EYE_1]) & mask,
                           (packed >> _SHIFT[BULLS_EYE_2]) & mask)
        value += self.beers((packed >> _SHIFT[BEER]) & mask)
        if (packed >> _SHIFT[GATLING]) & mask >= self.gatling_need:
            value += self._gatling
        if (packed >> _SHIFT[DYNAMITE]) & mask >= 3:
            value -= self.life_cost
        value += self.arrows((packed >> _SHIFT[ARROW]) & mask)
        value -= ((packed >> _SHIFT[BULLET]) & mask) * self.life_cost
        if (packed >> _SHIFT[BROKEN_ARROW]) & mask:
            value += 0.5 * self.arrow_cost
        return value

    def arrows(self, arrows: int) -> float:
        """What taking ``arrows`` arrows costs (below 0), the Indians included when they
        empty the pile: this seat's arrows held and taken cost life at once."""
        known = self._arrows.get(arrows)
        if known is not None:
            return known
        value = 0.0
        taken = arrows
        if taken:
            pile = self.game.pile()
            if taken >= pile:
                value += self._indians() - self._hit_value_self(self.held + pile)
                taken -= pile
            value -= taken * self.arrow_cost
        self._arrows[arrows] = value
        return value

    def shots(self, ones: int, twos: int) -> float:
        key = (ones, twos)
        known = self._shots.get(key)
        if known is not None:
            return known
        lost: Counter[int] = Counter()
        value = 0.0
        for face in [BULLS_EYE_1] * ones + [BULLS_EYE_2] * twos:
            best, at = None, None
            for seat in self.targets[face]:
                life = self.game.players[seat].life - lost[seat]
                gain = DiceExpert._hit_value(self.worth.get(seat, 0.0), life)
                if best is None or gain > best:
                    best, at = gain, seat
            if at is not None:
                value += best
                lost[at] += 1
        self._shots[key] = value
        return value

    def beers(self, beers: int) -> float:
        known = self._beers.get(beers)
        if known is not None:
            return known
        healed: Counter[int] = Counter()
        value = 0.0
        for _ in range(beers):
            best, at = 0.0, None
            for seat in self.alive:
                p = self.game.players[seat]
                life = p.life + healed[seat]
                if life >= p.max_life:
                    continue
                gain = -DiceExpert._hit_value(self.worth.get(seat, 0.0), life + 1)
                if gain > best:
                    best, at = gain, seat
            if at is None:
                break
            value += best
            healed[at] += 1
        self._beers[beers] = value
        return value

    def _gatling_value(self) -> float:
        value = self.player.arrows * self.arrow_cost
        if self.game.chief == self.me:
            value += 2 * self.arrow_cost
        for seat in self.alive:
            if seat == self.me or self.game.players[seat].character == "paul_regret":
                continue
            value += DiceExpert._hit_value(self.worth.get(seat, 0.0),
                                           self.game.players[seat].life)
        return value

    def _indians(self) -> float:
        """The Indians' attack the turn's arrows would bring, on everyone else (this seat's
        own arrows are counted as they are taken)."""
        value = 0.0
        for seat in self.alive:
            if seat == self.me:
                continue
            player = self.game.players[seat]
            held = player.arrows + 2 * (self.game.chief == seat)
            if held:
                hits = 1 if player.character == "jourdonnais" else held
                value += DiceExpert._hit_value(self.worth.get(seat, 0.0), player.life, hits)
        return value

